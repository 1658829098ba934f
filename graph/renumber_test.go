package graph_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// TestRenumber checks that renumbering in place gives the graph Renumbered
// gives: the same neighbour lists, edge numbers, positions, kinds and no
// labels, on random graphs (labelled, and after deletions) and typed ones;
// and that WithoutEdges, taken before, keeps the labels and tie types.
func TestRenumber(t *testing.T) {
	gs, err := testgraphs.Random(rand.New(rand.NewPCG(31, 1)))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(31, 2))
	var cases []*graph.Graph
	for _, tg := range gs {
		g := tg.G.Clone()
		labels := make([]string, g.NumNodes())
		for v := range labels {
			labels[v] = fmt.Sprintf("p%d", v)
		}
		if err := g.SetLabels(labels); err != nil {
			t.Fatal(err)
		}
		for range g.NumEdges() / 3 {
			e := g.RandomEdge(r)
			g.DeleteEdge(e.U, e.V)
		}
		cases = append(cases, g)
	}
	for _, layers := range [][]string{{"home", "work"}, {"home"}} {
		for _, directed := range []bool{false, true} {
			g, err := testgraphs.RandomTyped(r, 30, 0.2, directed, layers)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, g)
		}
	}
	// A typed graph fresh from FromEdges: a copy of the same version
	// number would hide the change from a counter.
	star, _, err := graph.FromEdges(5, []graph.Edge{{U: 0, V: 1}, {U: 0, V: 2}, {U: 0, V: 3}, {U: 3, V: 4}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := star.SetTypes(true, nil); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, star)
	for i, g := range cases {
		var c graph.TwoHopCounter // must notice the renumbering
		c.Count(g, 0)
		perm := r.Perm(g.NumNodes())
		if g == star {
			perm = []int{4, 1, 2, 3, 0}
		}
		want := g.Renumbered(perm)
		names := g.WithoutEdges()
		wantLabels := g.Labels()
		g.Renumber(perm)
		if !slices.Equal(names.Labels(), wantLabels) || names.NumEdges() != 0 || names.Directed() != g.Directed() || !slices.Equal(names.Layers(), g.Layers()) {
			t.Fatalf("case %d: WithoutEdges has labels %v, %d edges, directed %v, layers %v", i, names.Labels(), names.NumEdges(), names.Directed(), names.Layers())
		}
		if g.HasLabels() || g.Label(0) != "0" {
			t.Fatalf("case %d: labels kept", i)
		}
		var fresh graph.TwoHopCounter
		if a1, b1, c1, d1 := c.Count(g, 0); [4]int{a1, b1, c1, d1} != func() [4]int { a, b, c, d := fresh.Count(g, 0); return [4]int{a, b, c, d} }() {
			t.Fatalf("case %d: a counter used before renumbering gives %v after it", i, [4]int{a1, b1, c1, d1})
		}
		if !slices.Equal(g.Edges(), want.Edges()) {
			t.Fatalf("case %d: edges %v, want %v", i, g.Edges(), want.Edges())
		}
		for v := range int32(g.NumNodes()) {
			if !slices.Equal(g.Neighbors(v), want.Neighbors(v)) || !slices.Equal(g.IncidentEdges(v), want.IncidentEdges(v)) {
				t.Fatalf("case %d node %d: %v %v, want %v %v", i, v, g.Neighbors(v), g.IncidentEdges(v), want.Neighbors(v), want.IncidentEdges(v))
			}
		}
		for e := range g.NumEdges() {
			if g.Typed() && g.EdgeKind(e) != want.EdgeKind(e) {
				t.Fatalf("case %d edge %d: kind %v, want %v", i, e, g.EdgeKind(e), want.EdgeKind(e))
			}
		}
	}
}
