package canon

import (
	"fmt"
	"math"
	"slices"
)

// Graph is an undirected simple graph on vertices 0..N-1 in compressed sparse
// row form: the neighbours of v are Adj[Off[v]:Off[v+1]]. The adjacency must
// be symmetric, without self-loops and without duplicates; the lists need not
// be sorted.
//
// Color, if non-nil, has length N; isomorphisms must map each vertex to a
// vertex of equal colour value. A nil Color is the same as all colours zero.
//
// The functions of this package assume that a Graph is valid and do not
// check it on their hot paths; an invalid graph gives an unspecified result
// and may panic. Use [Graph.Validate] on graphs that were not built by
// trusted code.
type Graph struct {
	N     int
	Off   []int32
	Adj   []int32
	Color []int32
}

// Validate reports whether g is a well-formed graph: len(Off) == N+1,
// non-decreasing offsets inside Adj, vertex ids in range, no self-loops, no
// duplicate neighbours, symmetric adjacency and len(Color) == N when Color is
// non-nil. It runs in O(N + M log Δ) time and allocates a copy of the
// adjacency.
func (g Graph) Validate() error {
	if err := validateSize(g.N, g.Color); err != nil {
		return err
	}
	if len(g.Off) != g.N+1 {
		return fmt.Errorf("canon: len(Off) = %d, want N+1 = %d", len(g.Off), g.N+1)
	}
	if g.Off[0] < 0 {
		return fmt.Errorf("canon: Off[0] = %d is negative", g.Off[0])
	}
	for v := 0; v < g.N; v++ {
		if g.Off[v+1] < g.Off[v] {
			return fmt.Errorf("canon: Off[%d] = %d < Off[%d] = %d", v+1, g.Off[v+1], v, g.Off[v])
		}
	}
	if int(g.Off[g.N]) > len(g.Adj) {
		return fmt.Errorf("canon: Off[N] = %d exceeds len(Adj) = %d", g.Off[g.N], len(g.Adj))
	}
	base := g.Off[0]
	adj := slices.Clone(g.Adj[base:g.Off[g.N]])
	nbrs := func(v int32) []int32 { return adj[g.Off[v]-base : g.Off[v+1]-base] }
	for v := int32(0); v < int32(g.N); v++ {
		s := nbrs(v)
		for _, u := range s {
			if u < 0 || int(u) >= g.N {
				return fmt.Errorf("canon: vertex %d has neighbour %d out of range [0,%d)", v, u, g.N)
			}
			if u == v {
				return fmt.Errorf("canon: self-loop at vertex %d", v)
			}
		}
		slices.Sort(s)
		for i := 1; i < len(s); i++ {
			if s[i] == s[i-1] {
				return fmt.Errorf("canon: duplicate edge %d-%d", v, s[i])
			}
		}
	}
	for v := int32(0); v < int32(g.N); v++ {
		for _, u := range nbrs(v) {
			if _, ok := slices.BinarySearch(nbrs(u), v); !ok {
				return fmt.Errorf("canon: edge %d-%d is listed at %d but not at %d", v, u, v, u)
			}
		}
	}
	return nil
}

// validateSize checks the vertex count n and the length of the colouring
// col (nil or n) of a Graph or LabelledGraph.
func validateSize(n int, col []int32) error {
	if n < 0 {
		return fmt.Errorf("canon: negative vertex count %d", n)
	}
	if n >= math.MaxInt32 {
		return fmt.Errorf("canon: vertex count %d does not fit in int32", n)
	}
	if col != nil && len(col) != n {
		return fmt.Errorf("canon: len(Color) = %d, want N = %d", len(col), n)
	}
	return nil
}
