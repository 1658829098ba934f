package anonymize

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
)

// adjacencyOf returns the adjacency of g, whose edge ids are the indices
// of g.SortedEdges().
func adjacencyOf(g *graph.Graph) *adjacency {
	return newAdjacency(g.NumNodes(), slices.Values(g.SortedEdges()))
}

// TestAdjacency: the adjacency of a graph, built from its sorted edges or
// from the input's edge index, answers as the graph.Graph does: degrees,
// neighbour lists, every pair's HasEdge, and its edges with ids in
// (U, V) order; on graphs with isolated nodes, hubs, and none.
func TestAdjacency(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 4))
	for _, tc := range []struct {
		name string
		g    *graph.Graph
	}{
		{"empty", graph.New(0)},
		{"isolated nodes", graph.New(5)},
		{"karate", examples.MustRead("karate")},
		{"random", randomGraph(r, 60, 200)},
		{"hubs", skewedGraph(r, 70, 400, true)},
		{"hubs and leaves", hubsAndLeaves(r, 4, 150)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, n := tc.g, tc.g.NumNodes()
			sorted := g.SortedEdges()
			for how, a := range map[string]*adjacency{"edges": adjacencyOf(g), "input": inputAdjacency(inputOf(g))} {
				if a.NumNodes() != n || a.NumEdges() != g.NumEdges() {
					t.Fatalf("%s: %d nodes, %d edges; want %d, %d", how, a.NumNodes(), a.NumEdges(), n, g.NumEdges())
				}
				for v := range int32(n) {
					if a.Degree(v) != g.Degree(v) || !slices.Equal(a.Neighbors(v), g.Neighbors(v)) {
						t.Fatalf("%s: node %d: neighbours %v, want %v", how, v, a.Neighbors(v), g.Neighbors(v))
					}
					for w := range int32(n) {
						if a.HasEdge(v, w) != g.HasEdge(v, w) {
							t.Fatalf("%s: HasEdge(%d, %d) = %t", how, v, w, a.HasEdge(v, w))
						}
					}
				}
				next := int32(0)
				for id, e := range a.edges() {
					if id != next || int(id) >= len(sorted) || e != sorted[id] {
						t.Fatalf("%s: edge %d is %v, the %d-th yielded", how, id, e, next)
					}
					next++
				}
				if int(next) != len(sorted) {
					t.Fatalf("%s: %d edges yielded, want %d", how, next, len(sorted))
				}
			}
		})
	}
}
