package graph

import (
	"fmt"
	"maps"
	"math/bits"
	"slices"
)

// Kind describes the ties between two nodes of a typed graph (a directed
// graph, a layered graph, or both; see Graph.SetTypes): bit 2ℓ is set when
// the first node has a tie to the second in layer ℓ, bit 2ℓ+1 when the
// second has one to the first. In an undirected layer both bits of the layer
// are set together. A Kind is always read from one node's side (see
// Graph.Kind); the zero Kind means no tie.
type Kind uint64

// MaxLayers is the largest number of layers of a typed graph: two bits of a
// Kind per layer.
const MaxLayers = 32

// evenBits selects bit 2ℓ of every layer ℓ.
const evenBits = 0x5555555555555555

// Reverse returns the kind as seen from the other node: the two bits of
// every layer exchanged.
func (k Kind) Reverse() Kind {
	return (k&evenBits)<<1 | (k>>1)&evenBits
}

// Out reports whether the node the kind is read from has a tie to the other
// in layer l.
func (k Kind) Out(l int) bool { return k>>(2*uint(l))&1 != 0 }

// In reports whether the other node has a tie to the node the kind is read
// from in layer l.
func (k Kind) In(l int) bool { return k>>(2*uint(l)+1)&1 != 0 }

// Outgoing reports whether the node the kind is read from has a tie to the
// other in some layer.
func (k Kind) Outgoing() bool { return k&evenBits != 0 }

// Arcs returns the number of ties the kind holds in a directed graph: one
// per set bit.
func (k Kind) Arcs() int { return bits.OnesCount64(uint64(k)) }

// Ties returns the number of ties of kind k: its arcs on a directed graph,
// else half of them (an undirected tie sets both bits of its layer).
func (k Kind) Ties(directed bool) int {
	if directed {
		return k.Arcs()
	}
	return k.Arcs() / 2
}

// LayerKind returns the kind of a tie in layer l: from the first node to
// the second when directed, else both ways.
func LayerKind(l int, directed bool) Kind {
	if directed {
		return 1 << (2 * uint(l))
	}
	return 3 << (2 * uint(l))
}

// typed is the part of a Graph that a typed graph adds (see SetTypes).
type typed struct {
	directed bool
	layers   []string // nil: one unnamed layer
	// kind[e] is the kind of edge e read from its end Edges()[e].U (the
	// smaller id); it moves with the edge on swap-removal.
	kind []Kind
	// gone keeps the kind of every deleted edge, so that adding the edge
	// back restores its ties (anonymization undoes deletions).
	gone map[Edge]Kind
}

// SetTypes makes g a typed graph: directed (every tie has a direction)
// and/or layered (every tie belongs to one of the named layers; nil for one
// unnamed layer). Every existing edge becomes a tie in both directions in
// layer 0; use SetKind to say what each edge holds. A graph that is neither
// directed nor layered stays untyped.
//
// Typed graphs keep the structure of an undirected simple graph, whose edges
// join the node pairs with at least one tie, so that balls, components and
// every algorithm of this package work on them as on any graph; the kinds say
// what the ties are. Deleting an edge deletes all ties of its pair, and
// AddEdge restores the ties the pair had when it was deleted (a new pair
// gets a tie in both directions in layer 0).
func (g *Graph) SetTypes(directed bool, layers []string) error {
	if len(layers) > MaxLayers {
		return fmt.Errorf("graph: %d layers exceed the limit of %d", len(layers), MaxLayers)
	}
	if !directed && len(layers) == 0 {
		g.t = nil
		return nil
	}
	g.t = &typed{directed: directed, layers: append([]string(nil), layers...)}
	if g.Typed() {
		g.t.kind = make([]Kind, len(g.edges))
		for e := range g.t.kind {
			g.t.kind[e] = 3
		}
	}
	return nil
}

// Typed reports whether g is directed or has more than one layer (see
// SetTypes): its measures must then look at the kinds of its ties. A graph
// with one named layer only is not typed: every tie has the same kind.
func (g *Graph) Typed() bool { return g.t != nil && (g.t.directed || len(g.t.layers) > 1) }

// Directed reports whether the ties of g have a direction.
func (g *Graph) Directed() bool { return g.t != nil && g.t.directed }

// Layers returns the names of the layers of g, or nil for a graph with one
// unnamed layer. The slice belongs to the graph.
func (g *Graph) Layers() []string {
	if g.t == nil {
		return nil
	}
	return g.t.layers
}

// NumLayers returns the number of layers: 1 for a graph without named
// layers.
func (g *Graph) NumLayers() int {
	if g.t == nil || len(g.t.layers) == 0 {
		return 1
	}
	return len(g.t.layers)
}

// Kind returns the kind of the ties between u and v read from u, or 0 if
// they are not adjacent. An untyped graph has the kind 3 (both ways, layer
// 0) on every edge.
func (g *Graph) Kind(u, v int32) Kind {
	e, ok := g.EdgeIndex(u, v)
	if !ok {
		return 0
	}
	return g.kindAt(e, u)
}

// EdgeKind returns the kind of edge i, read from its end Edge(i).U.
func (g *Graph) EdgeKind(i int) Kind {
	if g.t == nil || g.t.kind == nil {
		return 3
	}
	return g.t.kind[i]
}

// kindAt returns the kind of edge e read from its end u.
func (g *Graph) kindAt(e int, u int32) Kind {
	if g.t == nil || g.t.kind == nil {
		return 3
	}
	k := g.t.kind[e]
	if u != g.edges[e].U {
		k = k.Reverse()
	}
	return k
}

// IncidentKind returns the kind of the tie between v and its i-th
// neighbour Neighbors(v)[i], read from v.
func (g *Graph) IncidentKind(v int32, i int) Kind {
	if g.t == nil || g.t.kind == nil {
		return 3
	}
	a := g.adj[v]
	return g.kindAt(int(a[len(a)/2+i]), v)
}

// SetKind sets the ties between u and v, read from u, adding the edge {u, v}
// if needed and deleting it if k is 0. It reports whether the graph changed.
// The graph must be typed, and k may only use the bits of its layers (in an
// undirected graph, both bits of a layer or neither).
func (g *Graph) SetKind(u, v int32, k Kind) (bool, error) {
	if err := g.checkKind(k); err != nil {
		return false, err
	}
	if u == v {
		return false, fmt.Errorf("graph: SetKind on the self-loop {%d, %d}", u, v)
	}
	if k == 0 {
		return g.DeleteEdge(u, v), nil
	}
	if u > v {
		u, v, k = v, u, k.Reverse()
	}
	e, ok := g.EdgeIndex(u, v)
	if !ok {
		g.AddEdge(u, v)
		e = len(g.edges) - 1
	}
	if g.t.kind == nil {
		return !ok, nil
	}
	changed := g.t.kind[e] != k
	if changed {
		g.t.kind[e] = k
		g.version++
	}
	return changed, nil
}

// NumTies returns the number of ties of g: arcs in a directed graph, edges
// of every layer in an undirected one (an edge counted once per layer that
// holds it). It is NumEdges for an untyped graph.
func (g *Graph) NumTies() int {
	if g.t == nil || g.t.kind == nil {
		return len(g.edges)
	}
	n := 0
	for _, k := range g.t.kind {
		n += k.Ties(g.t.directed)
	}
	return n
}

// restore appends the kind of the edge e just added at the end of the edge
// array: the kind it had when deleted, or a tie both ways in layer 0.
func (t *typed) restore(e Edge) {
	k, ok := t.gone[e]
	if ok {
		delete(t.gone, e)
	} else {
		k = 3
	}
	t.kind = append(t.kind, k)
}

// remove records the kind of the edge e at position i, about to be deleted,
// and moves the kind of the last edge into its place.
func (t *typed) remove(e Edge, i, last int) {
	if t.gone == nil {
		t.gone = make(map[Edge]Kind)
	}
	t.gone[e] = t.kind[i]
	t.kind[i] = t.kind[last]
	t.kind = t.kind[:last]
}

// clone returns a deep copy of t (nil for nil).
func (t *typed) clone() *typed {
	if t == nil {
		return nil
	}
	c := &typed{directed: t.directed, layers: slices.Clone(t.layers), kind: slices.Clone(t.kind)}
	if t.gone != nil {
		c.gone = maps.Clone(t.gone)
	}
	return c
}

// SetEdgeKind sets the kind of edge i, read from its end Edge(i).U; k must
// not be 0 (see SetKind for the other rules). Readers use it to type the
// edges of a graph built by FromEdges.
func (g *Graph) SetEdgeKind(i int, k Kind) error {
	e := g.edges[i]
	if k == 0 {
		return fmt.Errorf("graph: zero kind for the edge {%d, %d}", e.U, e.V)
	}
	if err := g.checkKind(k); err != nil {
		return err
	}
	if g.t.kind != nil && g.t.kind[i] != k {
		g.t.kind[i] = k // the edge is i: no lookup
		g.version++
	}
	return nil
}

// checkKind returns an error if g is not typed or k does not fit it: a
// layer beyond g's, or a direction in an undirected graph.
func (g *Graph) checkKind(k Kind) error {
	if g.t == nil {
		return fmt.Errorf("graph: a kind set on a graph without SetTypes")
	}
	if l := g.NumLayers(); l < MaxLayers && k>>(2*uint(l)) != 0 {
		return fmt.Errorf("graph: kind %#x names a layer beyond the %d of the graph", uint64(k), l)
	}
	if !g.t.directed && k != k.Reverse() {
		return fmt.Errorf("graph: kind %#x has a direction in an undirected graph", uint64(k))
	}
	return nil
}

// WithoutEdges returns a graph with g's nodes, labels and tie types
// (direction and layers) but no edges: what is needed to name the nodes of
// g once g itself has been renumbered. It shares g's label bytes.
func (g *Graph) WithoutEdges() *Graph {
	h := &Graph{adj: make([][]int32, len(g.adj)), labels: g.labels, labelEnd: slices.Clone(g.labelEnd)}
	if g.t != nil {
		_ = h.SetTypes(g.t.directed, g.t.layers) // cannot fail: g's types
	}
	return h
}

// Renumber makes node v of g node perm[v], labelled by its new id, with the
// same ties: g becomes the graph Renumbered would return, edge numbers
// included. perm must be a permutation of 0..n-1. An untyped graph is
// renumbered in its own memory (a release of 10^8 edges then needs no
// second copy of them); a typed one is copied.
func (g *Graph) Renumber(perm []int) {
	if g.Typed() {
		v := g.version
		*g = *g.Renumbered(perm)
		g.version = v + 1 // the copy starts again at 0
		return
	}
	// Untyped: at most one named layer and no direction, which ids do not
	// touch (g.t, if any, holds no kinds).
	n := len(g.adj)
	adj := make([][]int32, n)
	for v, a := range g.adj {
		adj[perm[v]] = a
	}
	g.adj = adj
	ForChunks(n, sortChunk, listWorkers(n, 0), func(_, lo, hi int) {
		for v := lo; v < hi; v++ {
			nb := g.Neighbors(int32(v))
			for i, w := range nb {
				nb[i] = int32(perm[w])
			}
			slices.Sort(nb)
		}
	})
	g.numberEdges(g.edges, make([]int32, n))
	g.labels, g.labelEnd = "", nil
	g.version++
}

// Renumbered returns a copy of g in which node v is node perm[v], labelled
// by its new id, with the same ties (kinds, direction and layers); perm
// must be a permutation of 0..n-1. Releases are renumbered so that ids say
// nothing of the input's order.
func (g *Graph) Renumbered(perm []int) *Graph {
	pairs := make([]Edge, 0, len(g.edges))
	for _, e := range g.edges {
		pairs = append(pairs, MakeEdge(int32(perm[e.U]), int32(perm[e.V])))
	}
	h, _, _ := FromEdges(len(g.adj), pairs, nil) // cannot fail: ids in range
	if g.t != nil {
		_ = h.SetTypes(g.t.directed, g.t.layers) // cannot fail: g has as many layers
		if h.t.kind != nil {
			for i, e := range g.edges {
				h.SetKind(int32(perm[e.U]), int32(perm[e.V]), g.EdgeKind(i)) // cannot fail: a kind of g
			}
		}
	}
	return h
}

// EachTie calls visit for every single tie that k holds, in ascending
// layer order: in a directed graph once per set bit, out reporting whether
// the tie goes from the node k is read from to the other (the tie out comes
// before the tie in of the same layer); in an undirected graph once per
// layer, with out true.
func (k Kind) EachTie(directed bool, visit func(layer int, out bool)) {
	for x := uint64(k); x != 0; x &= x - 1 {
		bit := bits.TrailingZeros64(x)
		if directed || bit&1 == 0 {
			visit(bit>>1, bit&1 == 0)
		}
	}
}

// AppendTies appends the single ties that make up k to dst and returns the
// extended slice: every set bit in a directed graph, the two bits of every
// layer in an undirected one.
func (k Kind) AppendTies(dst []Kind, directed bool) []Kind {
	k.EachTie(directed, func(l int, out bool) {
		switch {
		case !directed:
			dst = append(dst, LayersKind(l))
		case out:
			dst = append(dst, 1<<(2*uint(l)))
		default:
			dst = append(dst, 2<<(2*uint(l)))
		}
	})
	return dst
}

// LayersKind returns the kind holding every tie of the given layers, both
// ways.
func LayersKind(layers ...int) Kind {
	var k Kind
	for _, l := range layers {
		k |= 3 << (2 * uint(l))
	}
	return k
}
