package measure_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

func TestParse(t *testing.T) {
	for _, name := range append(measure.Names(), "dk-unrooted", "hybrid-unrooted", " Count ") {
		m, err := measure.Parse(name)
		if err != nil {
			t.Errorf("Parse(%q): %v", name, err)
			continue
		}
		if want := bytes.TrimSpace(bytes.ToLower([]byte(name))); m.Name() != string(want) {
			t.Errorf("Parse(%q).Name() = %q", name, m.Name())
		}
	}
	for _, bad := range []string{"", "nothing", "degrees", "dk2"} {
		if _, err := measure.Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

// TestAffected checks affected sets against SPEC §2.3 and §8.2.
func TestAffected(t *testing.T) {
	var f measure.AffectedFinder
	sorted := func(s []int32) []int32 { slices.Sort(s); return s }
	g8 := examples.MustRead("example8")
	g6 := examples.MustRead("example6")
	tests := []struct {
		g     *graph.Graph
		scope measure.Scope
		u, w  int32
		d     int
		want  []int32
	}{
		{g8, measure.Endpoints, 0, 1, 2, []int32{0, 1}},
		{g8, measure.Intersection, 0, 1, 1, []int32{0, 1}},
		{g8, measure.Union, 0, 1, 1, []int32{0, 1, 2}}, // VRQ: B_1(0) ∪ B_1(1)
		{g8, measure.Intersection, 3, 5, 1, []int32{3, 5}},
		{g8, measure.Intersection, 3, 5, 2, []int32{2, 3, 4, 5, 6, 7}}, // B_2(3) ∩ B_2(5)
		{g6, measure.Intersection, 0, 1, 1, []int32{0, 1, 2}},
		{g6, measure.Intersection, 1, 3, 1, []int32{1, 3}},
		{g6, measure.Union, 1, 3, 2, []int32{0, 1, 2, 3, 4, 5}},
		{g8, measure.Everything, 0, 1, 1, []int32{0, 1, 2, 3, 4, 5, 6, 7}},
	}
	for _, tc := range tests {
		got := sorted(f.Affected(nil, tc.g, tc.scope, tc.u, tc.w, tc.d))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v {%d,%d} d=%d: %v, want %v", tc.scope, tc.u, tc.w, tc.d, got, tc.want)
		}
	}
	// At d = 1 under Intersection the order is promised: u, w, then the
	// common neighbours ascending (the exact-gain greedy takes them as
	// that list).
	kar := examples.MustRead("karate")
	for _, e := range kar.SortedEdges() {
		got := f.Affected(nil, kar, measure.Intersection, e.V, e.U, 1)
		want := append([]int32{e.V, e.U}, kar.CommonNeighbors(nil, e.U, e.V)...)
		if !slices.Equal(got, want) || !slices.IsSorted(got[2:]) {
			t.Fatalf("karate {%d,%d}: %v, want %v", e.V, e.U, got, want)
		}
	}
	// SPEC §8.2: on example6 the AFF weights |A(e)| of the edges in order
	// (0,1) (0,2) (1,2) (1,3) (3,4) (3,5) (4,5) are 3,3,3,2,3,3,3.
	var sizes []int
	for _, e := range g6.SortedEdges() {
		sizes = append(sizes, len(f.Affected(nil, g6, measure.Intersection, e.U, e.V, 1)))
	}
	if !slices.Equal(sizes, []int{3, 3, 3, 2, 3, 3, 3}) {
		t.Errorf("example6 affected-set sizes %v", sizes)
	}
}

// TestLocalMatchesEvaluator checks that the arithmetic signatures of the
// local measures equal what their evaluators compute from balls.
func TestLocalMatchesEvaluator(t *testing.T) {
	g := examples.MustRead("karate")
	tri := g.TriangleCounts(1)
	for _, m := range []measure.Local{measure.Degree{}, measure.Count{}, measure.EdgeCount{}} {
		ev := m.NewEvaluator(g, 1)
		for v := range int32(g.NumNodes()) {
			a := m.AppendLocal(nil, int32(g.Degree(v)), tri[v])
			b := ev.AppendSignature(nil, v)
			if !bytes.Equal(a, b) {
				t.Fatalf("%s node %d: local %x, evaluator %x", m.Name(), v, a, b)
			}
		}
	}
}

func TestVRQNeighborDegreesMatchesEvaluator(t *testing.T) {
	for _, name := range []string{"karate", "example8", "startri"} {
		g := examples.MustRead(name)
		ev := measure.VRQ{}.NewEvaluator(g, 1)
		for v := range int32(g.NumNodes()) {
			var degs []int32
			for _, w := range g.Neighbors(v) {
				degs = append(degs, int32(g.Degree(w)))
			}
			a := measure.VRQ{}.AppendNeighborDegrees(nil, degs)
			b := ev.AppendSignature(nil, v)
			if !bytes.Equal(a, b) {
				t.Fatalf("%s node %d: from degrees %x, evaluator %x", name, v, a, b)
			}
		}
	}
}

func Example() {
	g := examples.MustRead("example8")
	ev := measure.Count{}.NewEvaluator(g, 1)
	groups := map[string][]int32{}
	for v := range int32(g.NumNodes()) {
		sig := string(ev.AppendSignature(nil, v))
		groups[sig] = append(groups[sig], v)
	}
	for v := range int32(g.NumNodes()) {
		sig := string(ev.AppendSignature(nil, v))
		if groups[sig][0] == v {
			fmt.Println(groups[sig])
		}
	}
	// Output:
	// [0 5 6 7]
	// [1]
	// [2]
	// [3 4]
}

// notStructural is a measure that sees more than the structure.
type notStructural struct{ measure.Degree }

func TestStructural(t *testing.T) {
	for _, name := range append(measure.Names(), "dk-unrooted", "hybrid-unrooted") {
		m, err := measure.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		if !measure.Structural(m) {
			t.Errorf("%s is not structural", name)
		}
	}
	if measure.Structural(notStructural{}) {
		t.Error("a measure of another type is structural")
	}
}

// TestKnows: every measure says what its attacker knows, in words that
// differ from every other measure's at d = 1 and that change with d where
// the measure does; known attributes are named.
func TestKnows(t *testing.T) {
	seen := map[string]string{}
	for _, name := range append(measure.Names(), "dk-unrooted", "hybrid-unrooted") {
		m, err := measure.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		k1 := m.Knows(1)
		if k1 == "" || strings.HasSuffix(k1, ".") {
			t.Errorf("%s: Knows(1) = %q", name, k1)
		}
		if other, ok := seen[k1]; ok {
			t.Errorf("%s and %s both know %q", name, other, k1)
		}
		seen[k1] = name
		switch name {
		case "count", "edgecount", "degdist", "dk", "vrq", "hybrid":
			if m.Knows(2) == k1 || !strings.Contains(m.Knows(2), "2") {
				t.Errorf("%s: Knows(2) = %q does not name the distance", name, m.Knows(2))
			}
		}
	}
	r := measure.Refined{Measure: measure.Count{}, Colors: []int32{0}}
	if got := r.Knows(1); !strings.HasPrefix(got, measure.Count{}.Knows(1)) || !strings.Contains(got, "attributes") {
		t.Errorf("refined count: %q", got)
	}
}

// TestStarLocal: in graphs without triangles (the bipartite part of random
// graphs of several models: the edges between even and odd ids), the
// signature at d = 1 of every star-local measure equals for two nodes
// exactly when their degrees do; the measures that see further (vrq and
// hybrid see the neighbours' degrees) tell some nodes of equal degree
// apart, and none is star-local at d = 2.
func TestStarLocal(t *testing.T) {
	graphs, err := testgraphs.Random(rand.New(rand.NewPCG(5, 8)))
	if err != nil {
		t.Fatal(err)
	}
	var star []string
	for _, name := range append(measure.Names(), "dk-unrooted", "hybrid-unrooted") {
		m, err := measure.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		sl, ok := m.(measure.StarLocal)
		if ok && sl.StarLocalAt(2) {
			t.Errorf("%s is star-local at d = 2", name)
		}
		local := ok && sl.StarLocalAt(1)
		if local {
			star = append(star, name)
		}
		apart := 0 // pairs of equal degree told apart
		for _, tg := range graphs {
			g := graph.New(tg.G.NumNodes())
			for _, e := range tg.G.SortedEdges() {
				if (e.U+e.V)%2 == 1 {
					g.AddEdge(e.U, e.V)
				}
			}
			ev := m.NewEvaluator(g, 1)
			sig := make([]string, g.NumNodes())
			for v := range sig {
				sig[v] = string(ev.AppendSignature(nil, int32(v)))
			}
			for u := range int32(g.NumNodes()) {
				for v := range u {
					sameDeg, same := g.Degree(u) == g.Degree(v), sig[u] == sig[v]
					if local && same != sameDeg {
						t.Fatalf("%s on %s: nodes %d and %d of degrees %d and %d, signatures equal %t", name, tg.Name, u, v, g.Degree(u), g.Degree(v), same)
					}
					if sameDeg && !same {
						apart++
					}
				}
			}
		}
		if !local && (name == "vrq" || strings.HasPrefix(name, "hybrid")) && apart == 0 {
			t.Errorf("%s tells no nodes of equal degree apart in graphs without triangles", name)
		}
	}
	if want := []string{"count", "degdist", "dk", "edgecount", "dk-unrooted"}; !slices.Equal(star, want) {
		t.Errorf("star-local at d = 1: %v, want %v", star, want)
	}
}
