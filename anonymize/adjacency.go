package anonymize

import (
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// adjacency is a simple graph as sorted neighbour lists, in 8 bytes per
// edge and 8 per node: what a symmetric start's search reads of the input
// (twinning, cycling), the edges across a cut that Liu and Terzi's plan
// reads (planCut), and the whole of LeanCut's graph, which a graph.Graph
// would hold in 24 bytes per edge (each incidence's edge index and the
// edge list beside the neighbours). Its edges are numbered in ascending
// order of (U, V), U < V, as the input's ids are (inputEdges), so the ids
// a search returns are the input's, until keep deletes some.
type adjacency struct {
	off []int   // v's neighbours are nb[off[v]:off[v+1]]
	nb  []int32 // every node's neighbours, ascending
}

// newAdjacency builds the adjacency of the graph on n nodes whose edges
// edges yields, twice, in ascending order of (U, V) with U < V and no pair
// twice.
func newAdjacency(n int, edges iter.Seq[graph.Edge]) *adjacency {
	a := &adjacency{off: make([]int, n+1)}
	for e := range edges {
		a.off[e.U+1]++
		a.off[e.V+1]++
	}
	for v := range n {
		a.off[v+1] += a.off[v]
	}
	a.nb = make([]int32, a.off[n])
	fill := slices.Clone(a.off[:n])
	// In (U, V) order every edge's lower end reaches V's list before any
	// higher neighbour of V does (those come with U = V, later), and the
	// higher ends reach U's list in ascending order: every list is sorted
	// as it is filled.
	for e := range edges {
		a.nb[fill[e.U]] = e.V
		fill[e.U]++
		a.nb[fill[e.V]] = e.U
		fill[e.V]++
	}
	return a
}

// errAdjacencyStream is the error of newAdjacencyOf on a stream that
// does not give the edges its degrees promise, in order.
var errAdjacencyStream = errors.New("the edges are not those of the degrees, in ascending order (did the file change while it was read?)")

// newAdjacencyOf builds the adjacency of the graph whose degrees deg holds
// (one per node) from one reading of edges, which must give every edge
// once in ascending order of (U, V) with U < V. It checks as it goes and
// returns an error wrapping errAdjacencyStream, without reading further,
// where an edge is out of range or of order or a node gets more
// neighbours than its degree, and also where a list is left short.
func newAdjacencyOf(deg []int32, edges graph.EdgeStream) (*adjacency, error) {
	a := &adjacency{}
	if err := a.fill(deg, edges); err != nil {
		return nil, err
	}
	return a, nil
}

// fill makes a the adjacency of the graph whose degrees deg holds from one
// reading of edges, as newAdjacencyOf does, in a's own memory where its
// lists have the capacity (as after keep).
func (a *adjacency) fill(deg []int32, edges graph.EdgeStream) error {
	n := len(deg)
	if len(a.off) != n+1 {
		a.off = make([]int, n+1)
	}
	for v, d := range deg {
		a.off[v+1] = a.off[v] + int(d)
	}
	if cap(a.nb) >= a.off[n] {
		a.nb = a.nb[:a.off[n]]
	} else {
		a.nb = make([]int32, a.off[n])
	}
	fill := slices.Clone(a.off[:n])
	prev := graph.Edge{U: -1}
	err := edges(func(u, v int32) error {
		e := graph.Edge{U: u, V: v}
		if u < 0 || u >= v || int(v) >= n || e.U < prev.U || e.U == prev.U && e.V <= prev.V {
			return fmt.Errorf("edge {%d, %d} after {%d, %d}: %w", u, v, prev.U, prev.V, errAdjacencyStream)
		}
		prev = e
		// As in newAdjacency, (U, V) order fills every list in order.
		for _, x := range [2][2]int32{{u, v}, {v, u}} {
			if fill[x[0]] == a.off[x[0]+1] {
				return fmt.Errorf("node %d: more than its %d neighbours: %w", x[0], deg[x[0]], errAdjacencyStream)
			}
			a.nb[fill[x[0]]] = x[1]
			fill[x[0]]++
		}
		return nil
	})
	if err != nil {
		return err
	}
	for v := range n {
		if fill[v] != a.off[v+1] {
			return fmt.Errorf("node %d: %d of its %d neighbours: %w", v, fill[v]-a.off[v], deg[v], errAdjacencyStream)
		}
	}
	return nil
}

// inputAdjacency returns the adjacency of the input in.
func inputAdjacency(in *inputEdges) *adjacency { return newAdjacency(in.numNodes(), in.all()) }

// NumNodes returns the number of nodes.
func (a *adjacency) NumNodes() int { return len(a.off) - 1 }

// NumEdges returns the number of edges.
func (a *adjacency) NumEdges() int { return len(a.nb) / 2 }

// Degree returns the number of neighbours of v.
func (a *adjacency) Degree(v int32) int { return a.off[v+1] - a.off[v] }

// Neighbors returns the neighbours of v in ascending order; the slice
// must not be modified.
func (a *adjacency) Neighbors(v int32) []int32 { return a.nb[a.off[v]:a.off[v+1]:a.off[v+1]] }

// HasEdge reports whether {u, v} is an edge, by a binary search of the
// shorter list.
func (a *adjacency) HasEdge(u, v int32) bool {
	if a.Degree(u) > a.Degree(v) {
		u, v = v, u
	}
	_, ok := slices.BinarySearch(a.Neighbors(u), v)
	return ok
}

// edges yields every edge with its id, in ascending order of (U, V).
func (a *adjacency) edges() iter.Seq2[int32, graph.Edge] {
	return func(yield func(int32, graph.Edge) bool) {
		id := int32(0)
		for u := range int32(a.NumNodes()) {
			nb := a.Neighbors(u)
			i, _ := slices.BinarySearch(nb, u+1)
			for _, v := range nb[i:] {
				if !yield(id, graph.Edge{U: u, V: v}) {
					return
				}
				id++
			}
		}
	}
}

// keep deletes, in place, every edge {u, v} for which keep(u, v) is false
// (it is asked at both ends, always with u < v, and must answer the same);
// the lists stay sorted and the memory is not given back.
func (a *adjacency) keep(keep func(u, v int32) bool) {
	n := a.NumNodes()
	w := 0
	for u := range int32(n) {
		lo, hi := a.off[u], a.off[u+1]
		a.off[u] = w
		for _, v := range a.nb[lo:hi] {
			x, y := min(u, v), max(u, v)
			if keep(x, y) {
				a.nb[w] = v
				w++
			}
		}
	}
	a.off[n] = w
	a.nb = a.nb[:w]
}
