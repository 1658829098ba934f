package graph

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Edge is an undirected edge {U, V} with U < V.
type Edge struct {
	U, V int32
}

// MakeEdge returns the edge {u, v} with its ends in ascending order.
func MakeEdge(u, v int32) Edge {
	if u > v {
		u, v = v, u
	}
	return Edge{u, v}
}

// other returns the end of e that is not v, an end of e.
func (e Edge) other(v int32) int32 { return e.U ^ e.V ^ v }

// Graph is a mutable undirected simple graph (no self-loops, no multiple
// edges) on the nodes 0..n-1. The zero value is an empty graph with no nodes.
//
// A Graph is not safe for concurrent mutation; concurrent reads are safe.
type Graph struct {
	// adj[v] holds v's sorted neighbours in its first half and, in its
	// second half, the position in edges of the edge to each neighbour:
	// adj[v][i] is the i-th neighbour and adj[v][deg+i] the position of
	// the edge {v, adj[v][i]}. Keeping both halves in one slice saves a
	// slice header per node.
	adj   [][]int32
	edges []Edge

	// labels holds all labels concatenated; label v is
	// labels[labelEnd[v-1]:labelEnd[v]]. A nil labelEnd means that every
	// node is labelled with its decimal id.
	labels   string
	labelEnd []uint32

	// t holds the direction and layers of a typed graph, or nil.
	t *typed

	// version counts the changes of nodes, edges and kinds of ties, so
	// that state derived from the graph (TwoHopCounter) knows when it is
	// stale.
	version uint64
}

// Version returns a number that changes whenever g's nodes, edges or kinds
// of ties change, so that state derived from g (a whole-graph measure's
// classes, say) can tell when it is stale. Compare versions of one graph
// only.
func (g *Graph) Version() uint64 { return g.version }

// New returns a graph with n isolated nodes labelled "0".."n-1".
func New(n int) *Graph {
	return &Graph{adj: make([][]int32, n)}
}

// NumNodes returns the number of nodes n.
func (g *Graph) NumNodes() int { return len(g.adj) }

// NumEdges returns the number of edges m.
func (g *Graph) NumEdges() int { return len(g.edges) }

// Degree returns the number of neighbours of v.
func (g *Graph) Degree(v int32) int { return len(g.adj[v]) / 2 }

// DegreeHistogram returns h with h[d] the number of nodes of degree d, up
// to the largest degree.
func (g *Graph) DegreeHistogram() []int64 {
	maxd := 0
	for v := range int32(g.NumNodes()) {
		maxd = max(maxd, g.Degree(v))
	}
	h := make([]int64, maxd+1)
	for v := range int32(g.NumNodes()) {
		h[g.Degree(v)]++
	}
	return h
}

// Neighbors returns the neighbours of v in ascending order. The slice belongs
// to the graph: it must not be modified, and it is valid only until the next
// change to the edges at v.
func (g *Graph) Neighbors(v int32) []int32 {
	a := g.adj[v]
	return a[: len(a)/2 : len(a)/2]
}

// IncidentEdges returns the indices of the edges at v, parallel to
// Neighbors(v): IncidentEdges(v)[i] is the index of the edge {v,
// Neighbors(v)[i]}. The slice belongs to the graph and is valid only until
// the next change of the graph's edges.
func (g *Graph) IncidentEdges(v int32) []int32 {
	a := g.adj[v]
	return a[len(a)/2 : len(a) : len(a)]
}

// Label returns the label of node v: the id the node had in its input file,
// or its decimal id if the graph was built without labels.
func (g *Graph) Label(v int32) string {
	if g.labelEnd == nil {
		return strconv.Itoa(int(v))
	}
	var start uint32
	if v > 0 {
		start = g.labelEnd[v-1]
	}
	return g.labels[start:g.labelEnd[v]]
}

// HasLabels reports whether the nodes carry labels of their own rather than
// their decimal ids.
func (g *Graph) HasLabels() bool { return g.labelEnd != nil }

// SetLabels sets the label of every node; len(labels) must equal NumNodes.
// A nil slice removes the labels, so that every node is labelled by its id.
func (g *Graph) SetLabels(labels []string) error {
	if labels == nil {
		g.labels, g.labelEnd = "", nil
		return nil
	}
	if len(labels) != len(g.adj) {
		return fmt.Errorf("graph: %d labels for %d nodes", len(labels), len(g.adj))
	}
	total := 0
	for _, l := range labels {
		total += len(l)
	}
	if uint64(total) > 1<<32-1 {
		return fmt.Errorf("graph: labels take %d bytes, more than 4 GiB", total)
	}
	var sb strings.Builder
	sb.Grow(total)
	ends := make([]uint32, len(labels))
	for i, l := range labels {
		sb.WriteString(l)
		ends[i] = uint32(sb.Len())
	}
	g.labels, g.labelEnd = sb.String(), ends
	return nil
}

// Labels returns a fresh slice with the label of every node.
func (g *Graph) Labels() []string {
	out := make([]string, len(g.adj))
	for v := range out {
		out[v] = g.Label(int32(v))
	}
	return out
}

// LabelIndex returns a map from every label to its node, for lookups by
// label (a side table's ids, a mapping file's). If two nodes share a
// label, the later one is kept.
func (g *Graph) LabelIndex() map[string]int32 {
	idx := make(map[string]int32, len(g.adj))
	for v := range int32(len(g.adj)) {
		idx[g.Label(v)] = v
	}
	return idx
}

// AddNode appends an isolated node with the given label and returns its id.
// It costs O(total label length) when the graph has labels of its own;
// builders should create all nodes at once with New and SetLabels.
func (g *Graph) AddNode(label string) int32 {
	v := int32(len(g.adj))
	if g.labelEnd == nil && label != strconv.Itoa(int(v)) {
		ls := g.Labels()
		_ = g.SetLabels(ls) // cannot fail: one label per node
	}
	g.adj = append(g.adj, nil)
	g.version++
	if g.labelEnd != nil {
		g.labels += label
		g.labelEnd = append(g.labelEnd, uint32(len(g.labels)))
	}
	return v
}

// find returns the index of w in v's neighbour list and whether it is there.
func (g *Graph) find(v, w int32) (int, bool) {
	a := g.adj[v]
	return slices.BinarySearch(a[:len(a)/2], w)
}

// HasEdge reports whether {u, v} is an edge. It takes O(log deg) time.
func (g *Graph) HasEdge(u, v int32) bool {
	if len(g.adj[u]) > len(g.adj[v]) {
		u, v = v, u
	}
	_, ok := g.find(u, v)
	return ok
}

// AddEdge adds the edge {u, v} and reports whether the graph changed: it
// returns false if the edge is already present or u == v. It takes O(deg)
// time. The new edge gets index NumEdges()-1.
func (g *Graph) AddEdge(u, v int32) bool {
	if u == v {
		return false
	}
	i, ok := g.find(u, v)
	if ok {
		return false
	}
	j, _ := g.find(v, u)
	e := int32(len(g.edges))
	g.edges = append(g.edges, MakeEdge(u, v))
	if g.t != nil && g.t.kind != nil {
		g.t.restore(MakeEdge(u, v))
	}
	g.adj[u] = insertAt(g.adj[u], i, v, e)
	g.adj[v] = insertAt(g.adj[v], j, u, e)
	g.version++
	return true
}

// DeleteEdge removes the edge {u, v} and reports whether the graph changed.
// It takes O(deg) time. The edge that had the last index takes the index of
// the removed edge (swap-remove), so edge indices other than those two stay
// valid.
func (g *Graph) DeleteEdge(u, v int32) bool {
	_, ok := g.DeleteEdgeIndex(u, v)
	return ok
}

// DeleteEdgeIndex deletes the edge {u, v}, as DeleteEdge does, and returns
// the index it had, which the last edge now has.
func (g *Graph) DeleteEdgeIndex(u, v int32) (int, bool) {
	if u == v {
		return 0, false
	}
	i, ok := g.find(u, v)
	if !ok {
		return 0, false
	}
	j, _ := g.find(v, u)
	du := len(g.adj[u]) / 2
	e := g.adj[u][du+i]
	g.adj[u] = removeAt(g.adj[u], i)
	g.adj[v] = removeAt(g.adj[v], j)
	g.version++
	last := int32(len(g.edges) - 1)
	if g.t != nil && g.t.kind != nil {
		g.t.remove(g.edges[e], int(e), int(last))
	}
	if e != last {
		moved := g.edges[last]
		g.edges[e] = moved
		g.setPos(moved.U, moved.V, e)
		g.setPos(moved.V, moved.U, e)
	}
	g.edges = g.edges[:last]
	return int(e), true
}

// setPos records that the edge {v, w} is at position e of the edge array.
func (g *Graph) setPos(v, w, e int32) {
	i, _ := g.find(v, w)
	a := g.adj[v]
	a[len(a)/2+i] = e
}

// insertAt inserts neighbour w with edge position e at index i of the
// two-half list a (see Graph.adj).
func insertAt(a []int32, i int, w, e int32) []int32 {
	deg := len(a) / 2
	a = append(a, 0, 0)
	copy(a[deg+2+i:], a[deg+i:2*deg])
	a[deg+1+i] = e
	copy(a[deg+1:deg+1+i], a[deg:deg+i])
	copy(a[i+1:deg+1], a[i:deg])
	a[i] = w
	return a
}

// removeAt removes the neighbour at index i (and its edge position) from the
// two-half list a.
func removeAt(a []int32, i int) []int32 {
	deg := len(a) / 2
	if 2*i < deg-1 {
		// Nearer the front: the list moves up by two entries, which moves
		// deg−1+i of them (the back way moves 2·deg−2−i): the
		// neighbours before i by two, those after by one, the positions
		// before i by one; those after stay. Hubs lose neighbours at
		// every place, and move a quarter less this way on average.
		copy(a[deg+1:deg+1+i], a[deg:deg+i])
		copy(a[i+2:deg+1], a[i+1:deg])
		copy(a[2:i+2], a[:i])
		return a[2 : 2*deg]
	}
	copy(a[i:deg-1], a[i+1:deg])
	copy(a[deg-1:deg-1+i], a[deg:deg+i])
	copy(a[deg-1+i:2*deg-2], a[deg+i+1:2*deg])
	return a[:2*deg-2]
}

// Edges returns the live edge array: edge i is Edges()[i]. The slice belongs
// to the graph and must not be modified; it is valid until the next change.
// Its order is an implementation detail (insertion order, disturbed by
// swap-removal), not a sorted order.
func (g *Graph) Edges() []Edge { return g.edges[:len(g.edges):len(g.edges)] }

// Edge returns the edge with index i, 0 <= i < NumEdges().
func (g *Graph) Edge(i int) Edge { return g.edges[i] }

// EdgeIndex returns the index of the edge {u, v} and whether it exists.
func (g *Graph) EdgeIndex(u, v int32) (int, bool) {
	if u == v {
		return 0, false
	}
	i, ok := g.find(u, v)
	if !ok {
		return 0, false
	}
	a := g.adj[u]
	return int(a[len(a)/2+i]), true
}

// RandomEdge returns an edge drawn uniformly at random from r. The graph must
// have at least one edge.
func (g *Graph) RandomEdge(r *rand.Rand) Edge {
	return g.edges[r.IntN(len(g.edges))]
}

// SortedEdges returns a fresh slice of all edges in ascending order of (U, V).
func (g *Graph) SortedEdges() []Edge {
	out := make([]Edge, 0, len(g.edges))
	for u := range g.adj {
		for _, v := range g.Neighbors(int32(u)) {
			if int32(u) < v {
				out = append(out, Edge{int32(u), v})
			}
		}
	}
	return out
}

// Clone returns a deep copy of g. The copy has the same edge indices.
func (g *Graph) Clone() *Graph {
	c := &Graph{
		adj:      make([][]int32, len(g.adj)),
		edges:    slices.Clone(g.edges),
		labels:   g.labels,
		labelEnd: slices.Clone(g.labelEnd),
		t:        g.t.clone(),
	}
	total := 0
	for _, a := range g.adj {
		total += len(a)
	}
	backing := make([]int32, total)
	for v, a := range g.adj {
		n := copy(backing, a)
		c.adj[v] = backing[:n:n]
		backing = backing[n:]
	}
	return c
}

// CommonNeighbors appends the common neighbours of u and v, in ascending
// order, to dst and returns the extended slice.
func (g *Graph) CommonNeighbors(dst []int32, u, v int32) []int32 {
	a := g.Neighbors(u)
	Intersect(a, g.Neighbors(v), func(i, _ int) { dst = append(dst, a[i]) })
	return dst
}

// CountCommonNeighbors returns the number of common neighbours of u and v.
func (g *Graph) CountCommonNeighbors(u, v int32) int {
	n := 0
	Intersect(g.Neighbors(u), g.Neighbors(v), func(int, int) { n++ })
	return n
}

// CommonNeighborEdges calls visit(x, eu, ev) for every common neighbour x
// of u and v, in ascending order, with the indices eu of the edge {u, x}
// and ev of {v, x}: the edges whose triangles with {u, v} change when it
// does, found without searching for them.
func (g *Graph) CommonNeighborEdges(u, v int32, visit func(x, eu, ev int32)) {
	a, b := g.adj[u], g.adj[v]
	du, dv := len(a)/2, len(b)/2
	Intersect(a[:du], b[:dv], func(i, j int) { visit(a[i], a[du+i], b[dv+j]) })
}

// Intersect calls visit(i, j) for every common element a[i] == b[j] of two
// ascending lists, in ascending order: by a merge, or, when one list is
// much shorter (a leaf's against a hub's), by galloping searches of its
// elements in the rest of the other, in O(short · log(long / short)).
func Intersect(a, b []int32, visit func(i, j int)) {
	switch {
	case len(a)*gallopRatio < len(b):
		off := 0
		for i, x := range a {
			// Gallop from off to a window that holds x, then search it.
			step, hi := 1, off
			for hi < len(b) && b[hi] < x {
				off = hi + 1
				hi += step
				step *= 2
			}
			k, ok := slices.BinarySearch(b[off:min(hi+1, len(b))], x)
			off += k
			if ok {
				visit(i, off)
				off++
			}
		}
	case len(b)*gallopRatio < len(a):
		Intersect(b, a, func(j, i int) { visit(i, j) })
	default:
		i, j := 0, 0
		for i < len(a) && j < len(b) {
			switch {
			case a[i] < b[j]:
				i++
			case a[i] > b[j]:
				j++
			default:
				visit(i, j)
				i++
				j++
			}
		}
	}
}

// gallopRatio is how many times longer than the other a list must be for
// Intersect to search the short one's elements in it instead of merging.
const gallopRatio = 16

// IntersectCost is about the number of steps Intersect takes on lists of
// lengths a and b.
func IntersectCost(a, b int) int {
	short, long := min(a, b), max(a, b)
	if short == 0 {
		return 0
	}
	if short*gallopRatio < long {
		return short * bits.Len(uint(long/short))
	}
	return a + b
}

// NodeTriangles returns the number of triangles through v.
func (g *Graph) NodeTriangles(v int32) int {
	t := 0
	for _, w := range g.Neighbors(v) {
		t += g.CountCommonNeighbors(v, w)
	}
	return t / 2
}
