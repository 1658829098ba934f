package measure_test

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// classesOf returns, for every pair of nodes, whether m's evaluator gives
// them equal signatures on g.
func equalPairs(t *testing.T, m measure.Measure, g *graph.Graph) [][]bool {
	t.Helper()
	ev := m.NewEvaluator(g, 1)
	n := g.NumNodes()
	sigs := make([][]byte, n)
	for v := range int32(n) {
		sigs[v] = ev.AppendSignature(nil, v)
	}
	eq := make([][]bool, n)
	for u := range eq {
		eq[u] = make([]bool, n)
		for v := range eq[u] {
			eq[u][v] = bytes.Equal(sigs[u], sigs[v])
		}
	}
	return eq
}

// TestAutomorphism: on a path 0-1-2-3-4 the orbits are {0, 4}, {1, 3} and
// {2}; the evaluator follows the graph's changes; known attributes that
// tell 0 from 4 split their orbit.
func TestAutomorphism(t *testing.T) {
	g, _, _ := graph.FromEdges(5, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}, {U: 3, V: 4}}, nil)
	m := measure.Automorphism{}
	eq := equalPairs(t, m, g)
	if !eq[0][4] || !eq[1][3] || eq[0][1] || eq[2][1] || eq[0][2] {
		t.Errorf("path: pairs %v", eq)
	}
	ev := m.NewEvaluator(g, 1)
	before := ev.AppendSignature(nil, 4)
	g.AddEdge(2, 4) // a triangle 2-3-4 with the path 2-1-0: 4 goes with 3, not 0
	if after := ev.AppendSignature(nil, 4); bytes.Equal(after, before) || !bytes.Equal(after, ev.AppendSignature(nil, 3)) {
		t.Error("the evaluator did not follow the graph's change")
	}
	g.DeleteEdge(2, 4)
	colors := []int32{0, 0, 0, 0, 1}
	eq = equalPairs(t, measure.Refine(m, g, colors), g)
	if eq[0][4] || eq[1][3] {
		t.Errorf("path with 4 coloured apart: pairs %v", eq)
	}
	class, complete := m.Classes(g, nil)
	if !complete || class[4] != 0 || class[3] != 1 || class[2] != 2 {
		t.Errorf("Classes = %v, %v", class, complete)
	}
	if w, c, ok := measure.WholeOf(measure.Refine(m, g, colors)); !ok || w == nil || len(c) != 5 {
		t.Errorf("WholeOf(Refined automorphism) = %v, %v, %v", w, c, ok)
	}
	if _, _, ok := measure.WholeOf(measure.Count{}); ok {
		t.Error("count is a Whole measure")
	}
}

// TestTypedEveryMeasure: every measure of Names has a signature on a
// directed, layered graph (none falls to another measure's), and under
// automorphism nodes with equal signatures have equal signatures under
// every other measure.
func TestTypedEveryMeasure(t *testing.T) {
	g := examples.MustRead("village")
	if !g.Typed() {
		t.Fatal("village is not typed")
	}
	auto := equalPairs(t, measure.Refine(measure.Automorphism{}, g, nil), g)
	for _, name := range append(measure.Names(), "dk-unrooted", "hybrid-unrooted") {
		m, err := measure.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		eq := equalPairs(t, measure.Refine(m, g, nil), g)
		for u := range eq {
			for v := range eq[u] {
				if auto[u][v] && !eq[u][v] {
					t.Fatalf("%s: nodes %d and %d are automorphic but have different signatures", name, u, v)
				}
			}
		}
	}
}

// TestAutomorphismEvaluatorFollowsChanges: the evaluator keeps the classes
// of the state before the current one and takes them back when the graph
// returns to it (a move tried and undone); through random deletions,
// restorations and undos its classes always equal those computed afresh.
func TestAutomorphismEvaluatorFollowsChanges(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	g := examples.MustRead("lesmis")
	m := measure.Automorphism{}
	ev := m.NewEvaluator(g, 1)
	edges := g.SortedEdges()
	for step := range 60 {
		e := edges[r.IntN(len(edges))]
		had := g.HasEdge(e.U, e.V)
		if had {
			g.DeleteEdge(e.U, e.V)
		} else {
			g.AddEdge(e.U, e.V)
		}
		if step%3 == 0 { // undo it: the graph is back to the state before
			if had {
				g.AddEdge(e.U, e.V)
			} else {
				g.DeleteEdge(e.U, e.V)
			}
		}
		want, _ := m.Classes(g, nil)
		for v := range int32(g.NumNodes()) {
			got := ev.AppendSignature(nil, v)
			if w := binary.AppendUvarint(nil, uint64(want[v])); !bytes.Equal(got, w) {
				t.Fatalf("step %d: node %d has class %v, afresh %d", step, v, got, want[v])
			}
		}
	}
}
