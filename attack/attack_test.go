package attack

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
)

func identity(n int) []int32 {
	t := make([]int32, n)
	for i := range t {
		t[i] = int32(i)
	}
	return t
}

func fromPairs(t *testing.T, n int, pairs [][2]int32) *graph.Graph {
	t.Helper()
	var es []graph.Edge
	for _, p := range pairs {
		es = append(es, graph.MakeEdge(p[0], p[1]))
	}
	g, _, err := graph.FromEdges(n, es, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// uniqueSignatures counts, by brute force over all pairs, the nodes whose
// degree and sorted neighbour degrees no other node shares.
func uniqueSignatures(g *graph.Graph) int {
	sig := func(v int32) string {
		var d []int
		for _, w := range g.Neighbors(v) {
			d = append(d, g.Degree(w))
		}
		slices.Sort(d)
		return fmt.Sprint(d)
	}
	count := 0
	for v := range int32(g.NumNodes()) {
		alone := true
		for w := range int32(g.NumNodes()) {
			if w != v && sig(w) == sig(v) {
				alone = false
			}
		}
		if alone {
			count++
		}
	}
	return count
}

// TestSignatureMatching: on the network itself, with s = 0, exactly the
// nodes of unique signature are matched by signature, all correctly.
func TestSignatureMatching(t *testing.T) {
	for _, name := range []string{"karate", "lesmis", "dolphins"} {
		g, _, err := examples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(g, g, identity(g.NumNodes()), Config{})
		if err != nil {
			t.Fatal(err)
		}
		if want := uniqueSignatures(g); res.Signature != want {
			t.Errorf("%s: %d signature matches, want %d", name, res.Signature, want)
		}
		if res.Correct < res.Signature || res.Targets != g.NumNodes() || res.Fraction != float64(res.Correct)/float64(g.NumNodes()) {
			t.Errorf("%s: %+v", name, res)
		}
	}
}

// TestPropagation: on a path 0-1-…-9 with a pendant 10 at node 2, the ends
// and the pendant are not unique, but seeding node 5 lets the whole graph
// be matched by propagation along the path.
func TestPropagation(t *testing.T) {
	var pairs [][2]int32
	for i := range int32(9) {
		pairs = append(pairs, [2]int32{i, i + 1})
	}
	pairs = append(pairs, [2]int32{2, 10})
	g := fromPairs(t, 11, pairs)
	res, err := Run(g, g, identity(11), Config{})
	if err != nil {
		t.Fatal(err)
	}
	// Signatures: 0 (1;[2]), 1 (2;[1,3]), 2 (3;[1,2,2]), 3 (2;[2,3]),
	// 4..7 (2;[2,2]), 8 (2;[1,2]), 9 (1;[2]), 10 (1;[3]): unique are 1, 2,
	// 3, 8 and 10; propagation then reaches 0, 9 and 4..7.
	if res.Signature != 5 || res.Correct != 11 || res.Matched != 11 || res.Fraction != 1 {
		t.Errorf("%+v", res)
	}
}

// TestNothingToFind: a release without edges gives the attacker nothing:
// no node is re-identified, with or without seeds.
func TestNothingToFind(t *testing.T) {
	g, _, _ := examples.Read("karate")
	empty := graph.New(g.NumNodes())
	for _, s := range []int{0, 10} {
		res, err := Run(g, empty, identity(g.NumNodes()), Config{Seeds: s})
		if err != nil {
			t.Fatal(err)
		}
		if res.Correct != 0 || res.Matched != 0 || res.Targets != g.NumNodes()-s {
			t.Errorf("s = %d: %+v", s, res)
		}
	}
}

// TestIdsDoNotLeak: the attack's result does not depend on the release's
// node ids: a randomly renumbered release with the correspondence renumbered
// accordingly gives the same counts as the release itself.
func TestIdsDoNotLeak(t *testing.T) {
	g, _, _ := examples.Read("lesmis")
	perm := rand.New(rand.NewPCG(9, 9)).Perm(g.NumNodes())
	var es []graph.Edge
	for _, e := range g.Edges() {
		es = append(es, graph.MakeEdge(int32(perm[e.U]), int32(perm[e.V])))
	}
	h, _, _ := graph.FromEdges(g.NumNodes(), es, nil)
	truth := make([]int32, g.NumNodes())
	for i, p := range perm {
		truth[i] = int32(p)
	}
	for _, s := range []int{0, 10} {
		a, err := Run(g, g, identity(g.NumNodes()), Config{Seeds: s, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Run(g, h, truth, Config{Seeds: s, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		// Seeds are drawn among the original nodes, the renumbering is
		// composed with the hidden one: the matchings differ only in
		// names, so the counts are equal.
		if a.Signature != b.Signature || a.Targets != b.Targets || a.Correct != b.Correct || a.Matched != b.Matched {
			t.Errorf("s = %d: %+v vs %+v", s, a, b)
		}
		again, _ := Run(g, h, truth, Config{Seeds: s, Seed: 3})
		if *again != *b {
			t.Errorf("s = %d: not deterministic: %+v vs %+v", s, again, b)
		}
	}
}

func TestBadConfig(t *testing.T) {
	g, _, _ := examples.Read("karate")
	n := g.NumNodes()
	for _, tc := range []struct {
		truth []int32
		cfg   Config
	}{
		{identity(n - 1), Config{}},
		{identity(n), Config{Seeds: -1}},
		{identity(n), Config{Seeds: n + 1}},
		{identity(n), Config{Theta: -1}},
	} {
		if _, err := Run(g, g, tc.truth, tc.cfg); err == nil {
			t.Errorf("%+v: no error", tc.cfg)
		}
	}
}

// TestAttackColors: on a cycle every node has the same structure, so the
// structural attacker re-identifies nobody without seeds; an attacker who
// also knows an attribute that is unique per node re-identifies everyone,
// and one whose attribute takes two values alternating around the cycle
// still nobody.
func TestAttackColors(t *testing.T) {
	const n = 10
	g := graph.New(n)
	for v := range int32(n) {
		g.AddEdge(v, (v+1)%n)
	}
	truth := make([]int32, n)
	unique, alternating := make([]int32, n), make([]int32, n)
	for v := range truth {
		truth[v], unique[v], alternating[v] = int32(v), int32(v), int32(v%2)
	}
	for _, tc := range []struct {
		name   string
		colors [2][]int32
		want   float64
	}{
		{"structure", [2][]int32{}, 0},
		{"unique attribute", [2][]int32{unique, unique}, 1},
		{"alternating attribute", [2][]int32{alternating, alternating}, 0},
	} {
		r, err := Run(g, g, truth, Config{Colors: tc.colors, Seed: 3})
		if err != nil || r.Fraction != tc.want || r.Precision != tc.want {
			t.Errorf("%s: %+v, %v; want fraction and precision %v", tc.name, r, err, tc.want)
		}
	}
	if _, err := Run(g, g, truth, Config{Colors: [2][]int32{unique, unique[:3]}}); err == nil {
		t.Error("codes of the wrong length were accepted")
	}
}
