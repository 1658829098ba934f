package automorphism

import (
	"math/bits"

	"github.com/anonet-project/anonet/graph"
)

// evenBits selects bit 2ℓ of every layer ℓ of a graph.Kind.
const evenBits = 0x5555555555555555

// gadgetMask returns the sublayers that a tie of kind k (read from its
// owner) needs gadget vertices for, as a bit set over the bits of k: in a
// directed graph, bit 2ℓ for a tie out of the owner in layer ℓ and bit
// 2ℓ+1 for a tie into it, except that ties both ways in layer 0 are plain
// edges; in an undirected graph, bit 2ℓ for a tie in layer ℓ ≥ 1, layer 0
// being plain edges.
func gadgetMask(k graph.Kind, directed bool) uint64 {
	x := uint64(k)
	if directed {
		if x&3 == 3 {
			x &^= 3
		}
		return x
	}
	return x & evenBits &^ 1
}

// buildWork makes w the work graph of the quotient vertices verts
// (ascending; a union of components of the quotient): an undirected
// vertex-coloured graph whose automorphisms are those of the typed
// quotient restricted to verts, as in the gadget construction of package
// canon. Vertex i < len(verts) stands for verts[i], with its colour. On a
// typed graph, every vertex v has a gadget vertex (s, v) for each
// sublayer s its ties need (see gadgetMask), coloured ncol + s and joined
// to v; a directed tie v→u in layer ℓ joins (2ℓ, v) to (2ℓ+1, u), a tie
// in an undirected layer ℓ ≥ 1 joins (2ℓ, v) to (2ℓ, u), and ties both
// ways in layer 0 are edges v–u. An automorphism of w maps vertices to
// vertices and gadgets to gadgets (by colour), each gadget (s, v) to
// (s, φ(v)) (its only neighbour among the vertices is v, and v has one
// gadget of each colour), hence ties to ties of the same kind; and an
// automorphism of the quotient extends to w in exactly one way.
func (s *solver) buildWork(w *workGraph, verts []int32) {
	q := s.q
	k := len(verts)
	for i, v := range verts {
		s.loc[v] = int32(i)
	}
	w.orig = k
	w.q = append(w.q[:0], verts...)
	w.col = w.col[:0]
	for _, v := range verts {
		w.col = append(w.col, q.col[v])
	}
	if q.kind == nil {
		w.n = k
		w.off = grow(w.off, k+1)
		w.off[0] = 0
		w.adj = w.adj[:0]
		for i, v := range verts {
			for _, u := range q.neighbors(v) {
				w.adj = append(w.adj, s.loc[u])
			}
			w.off[i+1] = int32(len(w.adj))
		}
		return
	}
	directed := s.g.Directed()
	s.mask = grow(s.mask, k)
	s.base = grow(s.base, k+1)
	s.base[0] = int32(k)
	for i, v := range verts {
		var m uint64
		for j := range q.degree(v) {
			m |= gadgetMask(q.kindAt(v, j), directed)
		}
		s.mask[i] = m
		s.base[i+1] = s.base[i] + int32(bits.OnesCount64(m))
	}
	gadget := func(i int32, b int) int32 {
		return s.base[i] + int32(bits.OnesCount64(s.mask[i]&(1<<uint(b)-1)))
	}
	w.n = int(s.base[k])
	for i := k; i < w.n; i++ {
		w.col = append(w.col, 0)
	}
	arcs := s.arcs[:0]
	for i, v := range verts {
		i := int32(i)
		for b := range 64 {
			if s.mask[i]>>uint(b)&1 != 0 {
				g := gadget(i, b)
				w.col[g] = int32(q.ncol + b)
				arcs = append(arcs, i, g, g, i)
			}
		}
		for j, u := range q.neighbors(v) {
			kd := q.kindAt(v, int32(j))
			lu := s.loc[u]
			if directed && uint64(kd)&3 == 3 || !directed && kd&1 != 0 {
				arcs = append(arcs, i, lu)
			}
			for m := gadgetMask(kd, directed); m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				pb := b // undirected: the same sublayer at both ends
				if directed {
					pb = b ^ 1 // out at one end, in at the other
				}
				arcs = append(arcs, gadget(i, b), gadget(lu, pb))
			}
		}
	}
	s.arcs = arcs
	w.off = grow(w.off, w.n+1)
	clear(w.off)
	for a := 0; a < len(arcs); a += 2 {
		w.off[arcs[a]+1]++
	}
	for i := range w.n {
		w.off[i+1] += w.off[i]
	}
	w.adj = grow(w.adj, len(arcs)/2)
	s.fill = grow(s.fill, w.n)
	copy(s.fill, w.off[:w.n])
	for a := 0; a < len(arcs); a += 2 {
		x := arcs[a]
		w.adj[s.fill[x]] = arcs[a+1]
		s.fill[x]++
	}
}
