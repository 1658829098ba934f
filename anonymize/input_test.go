package anonymize

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// inputOf returns the input edges of g.
func inputOf(g *graph.Graph) *inputEdges {
	in := newInputEdges(g.NumNodes(), slices.Values(g.SortedEdges()))
	return &in
}

// TestInputEdges checks the compact edge list against the plain sorted
// list it indexes: every id's ends, the id of every pair (the first of a
// pair listed several times, as for the ties of a typed graph), and the
// ids at every node against a scan of the list.
func TestInputEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, tc := range []struct {
		n, m  int
		twice bool // list some pairs twice
	}{{1, 0, false}, {2, 1, false}, {6, 9, false}, {30, 120, false}, {30, 120, true}, {50, 40, true}, {40, 400, false}, {200, 60, false}} {
		var edges []graph.Edge
		for range tc.m {
			u, v := int32(r.IntN(tc.n)), int32(r.IntN(tc.n))
			if u == v || slices.Contains(edges, graph.MakeEdge(u, v)) {
				continue
			}
			edges = append(edges, graph.MakeEdge(u, v))
			if tc.twice && r.IntN(3) == 0 {
				edges = append(edges, graph.MakeEdge(u, v))
			}
		}
		slices.SortFunc(edges, func(a, b graph.Edge) int {
			if a.U != b.U {
				return int(a.U - b.U)
			}
			return int(a.V - b.V)
		})
		in := newInputEdges(tc.n, slices.Values(edges))
		if in.len() != len(edges) || !slices.Equal(in.edges(), edges) {
			t.Fatalf("%+v: edges() = %v, want %v", tc, in.edges(), edges)
		}
		for id, e := range edges {
			if got := in.edge(int32(id)); got != e {
				t.Fatalf("%+v: edge(%d) = %v, want %v", tc, id, got, e)
			}
			if got, want := in.id(e.V, e.U), int32(slices.Index(edges, e)); got != want {
				t.Fatalf("%+v: id(%d, %d) = %d, want %d", tc, e.V, e.U, got, want)
			}
		}
		for v := range int32(tc.n) {
			var want []int32
			for id, e := range edges {
				if e.U == v || e.V == v {
					want = append(want, int32(id))
				}
			}
			got := slices.Collect(in.incident(v))
			if !slices.Equal(got, want) || in.degree(v) != len(want) {
				t.Fatalf("%+v: incident(%d) = %v (degree %d), want %v", tc, v, got, in.degree(v), want)
			}
			for i, id := range want {
				if in.incidentAt(v, i) != id {
					t.Fatalf("%+v: incidentAt(%d, %d) = %d, want %d", tc, v, i, in.incidentAt(v, i), id)
				}
			}
			if w := (v + 1) % int32(tc.n); w != v && !slices.Contains(edges, graph.MakeEdge(v, w)) && in.id(v, w) != -1 {
				t.Fatalf("%+v: id(%d, %d) = %d for no edge", tc, v, w, in.id(v, w))
			}
		}
	}
}
