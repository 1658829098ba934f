package canon

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// An Arc is an edge of a [LabelledGraph]: a directed arc From→To when
// Directed, else the undirected edge {From, To}. Label is compared for
// equality only: an isomorphism maps an arc to an arc of the same label and
// the same directedness.
type Arc struct {
	From, To int32
	Label    int32
	Directed bool
}

// A LabelledGraph is a graph on vertices 0..N-1 whose edges carry a label
// and may be directed: a directed, layered (multiplex) or mixed network.
//
// Color, if non-nil, has length N; isomorphisms must map each vertex to a
// vertex of equal colour value. A nil Color is the same as all colours zero.
//
// Arcs lists the arcs in any order. There are no self-loops and no duplicate
// arcs: the same (From, To, Label, Directed) twice, or an undirected edge
// given both as (u, v) and as (v, u), is a duplicate. Reciprocal arcs u→v and
// v→u, an undirected edge and an arc between the same pair, and several arcs
// with different labels between one pair are all allowed and distinct.
//
// As for [Graph], the functions of this package do not check a
// LabelledGraph on their hot paths; use [LabelledGraph.Validate] on graphs
// that were not built by trusted code.
type LabelledGraph struct {
	N     int
	Color []int32
	Arcs  []Arc
}

// Validate reports whether g is a well-formed labelled graph: N in range,
// len(Color) == N when Color is non-nil, arc endpoints in [0, N), no
// self-loops and no duplicate arcs. It never panics, runs in
// O(N + M log M) time and allocates a copy of the arcs.
func (g LabelledGraph) Validate() error {
	if err := validateSize(g.N, g.Color); err != nil {
		return err
	}
	// The gadget graph (labelledGadget) has at most N + 2M vertices and 3M
	// edges, 6M adjacency entries, indexed by int32.
	if int64(len(g.Arcs)) > (math.MaxInt32-int64(g.N))/6 {
		return fmt.Errorf("canon: %d arcs are too many for %d vertices", len(g.Arcs), g.N)
	}
	norm := make([]Arc, len(g.Arcs))
	for i, a := range g.Arcs {
		if a.From < 0 || int(a.From) >= g.N || a.To < 0 || int(a.To) >= g.N {
			return fmt.Errorf("canon: arc %d %s has an endpoint out of range [0,%d)", i, a, g.N)
		}
		if a.From == a.To {
			return fmt.Errorf("canon: arc %d %s is a self-loop", i, a)
		}
		if !a.Directed && a.From > a.To {
			a.From, a.To = a.To, a.From
		}
		norm[i] = a
	}
	slices.SortFunc(norm, compareArcs)
	for i := 1; i < len(norm); i++ {
		if norm[i] == norm[i-1] {
			return fmt.Errorf("canon: duplicate arc %s", norm[i])
		}
	}
	return nil
}

// String formats a as "u->v/label" or "u-v/label".
func (a Arc) String() string {
	if a.Directed {
		return fmt.Sprintf("%d->%d/%d", a.From, a.To, a.Label)
	}
	return fmt.Sprintf("%d-%d/%d", a.From, a.To, a.Label)
}

func compareArcs(a, b Arc) int {
	switch {
	case a.Directed != b.Directed:
		if a.Directed {
			return 1
		}
		return -1
	case a.Label != b.Label:
		return cmp.Compare(a.Label, b.Label)
	case a.From != b.From:
		return cmp.Compare(a.From, b.From)
	}
	return cmp.Compare(a.To, b.To)
}

// labelledCertTag is the first byte of every certificate of a labelled
// graph. It differs from certVersion, the first byte of the certificate of a
// plain Graph, so the two kinds never compare equal.
const labelledCertTag = 0x80 | certVersion

// AppendLabelledCertificate appends a certificate of g to dst and returns the
// extended slice. Two labelled graphs get equal certificates if and only if
// some bijection of their vertices preserves vertex colours and maps the arc
// set exactly onto the arc set, direction and label preserved. Colour and
// label values matter, not just their classes; a nil Color equals all colours
// zero. A labelled certificate never equals the certificate of a plain
// [Graph], not even for a graph without arcs.
//
// The certificate is exact, never a hash, and depends neither on the order
// of g.Arcs nor on the numbering of the vertices. It is computed by reducing
// g to a vertex-coloured undirected graph with the same automorphisms (see
// the package documentation, "Labelled and directed graphs"); afterwards
// [Canonizer.GroupSize] returns the order of the automorphism group of g.
// In steady state the call does not allocate, except to grow dst.
func (c *Canonizer) AppendLabelledCertificate(dst []byte, g LabelledGraph) []byte {
	n, off, adj, col := c.labelledGadget(g)
	dst = append(dst, labelledCertTag)
	dst = binary.AppendUvarint(dst, uint64(g.N))
	dst = binary.AppendUvarint(dst, uint64(len(c.lvals)))
	for _, x := range c.lvals {
		dst = binary.AppendVarint(dst, int64(x))
	}
	dst = binary.AppendUvarint(dst, uint64(len(c.lkeys)))
	for _, k := range c.lkeys {
		dst = append(dst, byte(k>>32))
		dst = binary.AppendVarint(dst, int64(keyLabel(k)))
	}
	c.canon(n, off, adj, col, 0)
	return c.appendCert(dst, n, off, adj, col, c.lab)
}

// LabelledIsomorphic reports whether a and b are isomorphic as labelled
// graphs (see [Canonizer.AppendLabelledCertificate]), using c's scratch
// buffers.
func (c *Canonizer) LabelledIsomorphic(a, b LabelledGraph) bool {
	if a.N != b.N || len(a.Arcs) != len(b.Arcs) {
		return false
	}
	return equalCertificates(c, a, b, (*Canonizer).AppendLabelledCertificate)
}

// LabelledIsomorphic reports whether a and b are isomorphic as labelled
// graphs. It allocates a fresh Canonizer; to test many pairs, use
// [Canonizer.LabelledIsomorphic] or compare certificates.
func LabelledIsomorphic(a, b LabelledGraph) bool {
	return NewCanonizer().LabelledIsomorphic(a, b)
}

// layerKey orders the kinds of arcs: undirected before directed, then by
// label value (the sign bit is flipped so that unsigned order is signed
// order of labels).
func layerKey(a Arc) uint64 {
	k := uint64(uint32(a.Label) ^ 1<<31)
	if a.Directed {
		k |= 1 << 32
	}
	return k
}

func keyLabel(k uint64) int32 { return int32(uint32(k) ^ 1<<31) }

// labelledGadget builds in c's scratch buffers the vertex-coloured undirected
// gadget graph of g (see the package documentation) and returns it. It also
// leaves in c.lvals the sorted distinct vertex colours of g and in c.lkeys
// the sorted distinct layer keys of its arcs; the gadget's colours are ranks
// in these tables.
//
// Vertices 0..N-1 are those of g, coloured by the rank of their colour. The
// undirected arcs with the smallest undirected label (if any) are edges
// between them. Every other undirected label and every directed label gets
// sublayers, numbered in key order: one for an undirected label, two (out,
// in) for a directed one. A gadget vertex (s, v) exists for every sublayer s
// and vertex v that is an end of an arc of s (the tail for "out", the head
// for "in"); it is coloured len(lvals)+s and joined to its owner v. An arc
// of a sublayered label joins the gadget vertices of its two ends.
func (c *Canonizer) labelledGadget(g LabelledGraph) (int, []int32, []int32, []int32) {
	n := g.N
	vals := c.lvals[:0]
	if g.Color == nil {
		if n > 0 {
			vals = append(vals, 0)
		}
	} else {
		vals = append(vals, g.Color...)
		slices.Sort(vals)
		vals = slices.Compact(vals)
	}
	// Distinct layer keys: insertion into a sorted set while it is small
	// (the usual case: a few labels), sorting beyond.
	keys := c.lkeys[:0]
	for i, a := range g.Arcs {
		k := layerKey(a)
		if i > 0 && k == layerKey(g.Arcs[i-1]) {
			continue
		}
		if len(keys) > 64 {
			keys = append(keys, k)
			continue
		}
		if j, found := slices.BinarySearch(keys, k); !found {
			keys = slices.Insert(keys, j, k)
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	direct := len(keys) > 0 && keys[0]>>32 == 0
	// base[i]: first sublayer of key i; -1 for the direct label.
	base := grow32(c.lbase, len(keys))
	s := int32(0)
	for i, k := range keys {
		switch {
		case i == 0 && direct:
			base[i] = -1
		case k>>32 == 0:
			base[i] = s
			s++
		default:
			base[i] = s
			s += 2
		}
	}
	// ends[2i], ends[2i+1]: the sublayers of the two ends of arc i, -1 for
	// the direct label.
	m := len(g.Arcs)
	ends := grow32(c.lends, 2*m)
	ki := 0
	for i, a := range g.Arcs {
		if k := layerKey(a); keys[ki] != k {
			ki, _ = slices.BinarySearch(keys, k)
		}
		b := base[ki]
		ends[2*i], ends[2*i+1] = b, b
		if a.Directed {
			ends[2*i+1]++
		}
	}
	// Gadget vertices: the distinct (sublayer, owner) pairs, numbered from n
	// in increasing order, found by a table of s·n slots when that is not
	// much bigger than the graph, else by sorting.
	gads := c.lgads[:0]
	var gadget func(sub, v int32) int32
	if int64(s)*int64(n) <= 4*int64(n+m)+64 {
		slot := grow32(c.lslot, int(s)*n)
		clear(slot)
		for i, a := range g.Arcs {
			if ends[2*i] >= 0 {
				slot[int(ends[2*i])*n+int(a.From)] = 1
				slot[int(ends[2*i+1])*n+int(a.To)] = 1
			}
		}
		for j, x := range slot {
			if x != 0 {
				slot[j] = int32(n + len(gads))
				gads = append(gads, uint64(j/n)<<32|uint64(j%n))
			}
		}
		c.lslot = slot
		gadget = func(sub, v int32) int32 { return slot[int(sub)*n+int(v)] }
	} else {
		for i, a := range g.Arcs {
			if ends[2*i] >= 0 {
				gads = append(gads, uint64(ends[2*i])<<32|uint64(a.From), uint64(ends[2*i+1])<<32|uint64(a.To))
			}
		}
		slices.Sort(gads)
		gads = slices.Compact(gads)
		gadget = func(sub, v int32) int32 {
			j, _ := slices.BinarySearch(gads, uint64(sub)<<32|uint64(v))
			return int32(n + j)
		}
	}
	nn := n + len(gads)
	// Replace the sublayers in ends by the gadget vertex ids; the direct
	// label keeps its original ends.
	for i, a := range g.Arcs {
		if ends[2*i] < 0 {
			ends[2*i], ends[2*i+1] = a.From, a.To
			continue
		}
		ends[2*i] = gadget(ends[2*i], a.From)
		ends[2*i+1] = gadget(ends[2*i+1], a.To)
	}
	// CSR by counting.
	off := grow32(c.loff, nn+1)
	clear(off)
	for j, k := range gads {
		off[uint32(k)+1]++
		off[n+j+1]++
	}
	for _, e := range ends {
		off[e+1]++
	}
	for v := 0; v < nn; v++ {
		off[v+1] += off[v]
	}
	adj := grow32(c.ladj, int(off[nn]))
	fill := grow32(c.fill, nn)
	copy(fill, off[:nn])
	link := func(u, v int32) {
		adj[fill[u]] = v
		fill[u]++
		adj[fill[v]] = u
		fill[v]++
	}
	for j, k := range gads {
		link(int32(uint32(k)), int32(n+j))
	}
	for i := 0; i < m; i++ {
		link(ends[2*i], ends[2*i+1])
	}
	col := grow32(c.lcol, nn)
	for v := 0; v < n; v++ {
		if g.Color != nil {
			r, _ := slices.BinarySearch(vals, g.Color[v])
			col[v] = int32(r)
		} else {
			col[v] = 0
		}
	}
	for j, k := range gads {
		col[n+j] = int32(len(vals)) + int32(k>>32)
	}
	c.lvals, c.lkeys, c.lbase, c.lends, c.lgads = vals, keys, base, ends, gads
	c.loff, c.ladj, c.fill, c.lcol = off, adj, fill, col
	return nn, off, adj, col
}
