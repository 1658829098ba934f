package attack

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/anonymize"
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
		{identity(n), Config{Seeds: 2, SeedNodes: []int32{1}}},
		{identity(n), Config{SeedNodes: []int32{1, 1}}},
		{identity(n), Config{SeedNodes: []int32{int32(n)}}},
		{append(identity(n-1), -1), Config{SeedNodes: []int32{int32(n - 1)}}},
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

// TestAutomorphicNodesAtChance: without seeds, the attacker cannot tell
// apart nodes that an automorphism exchanges, so it re-identifies them no
// better than chance. Les Misérables gets two pendant paths of length 2 at
// each of eight nodes; σ swaps the two paths of every pair. The release
// renumbered by π and by π∘σ is the same labelled graph, so the attack
// gives one answer for both, and that answer is right in at most one of
// the two for every node σ moves. Our attacker does better than the bound:
// it refuses the ties and claims none of them at all, while it does
// re-identify most of the rest.
func TestAutomorphicNodesAtChance(t *testing.T) {
	g := examples.MustRead("lesmis")
	n0 := int32(g.NumNodes())
	sigma := identity(int(n0))
	for i := range int32(8) {
		x := i * 9 // a spread of degrees
		a1, a2, b1, b2 := g.AddNode(""), g.AddNode(""), g.AddNode(""), g.AddNode("")
		g.AddEdge(x, a1)
		g.AddEdge(a1, a2)
		g.AddEdge(x, b1)
		g.AddEdge(b1, b2)
		sigma = append(sigma, b1, b2, a1, a2)
	}
	n := g.NumNodes()
	for _, e := range g.Edges() { // σ is an automorphism
		if !g.HasEdge(sigma[e.U], sigma[e.V]) {
			t.Fatalf("σ maps edge %v to a non-edge", e)
		}
	}
	rng := rand.New(rand.NewPCG(35, 4))
	rest := 0
	for trial := range 20 {
		pi := rng.Perm(n)
		var res [2]*Result
		var matches [2][]int32
		for i, perm := range [2]func(v int32) int32{
			func(v int32) int32 { return int32(pi[v]) },
			func(v int32) int32 { return int32(pi[sigma[v]]) },
		} {
			p := make([]int, n)
			truth := make([]int32, n)
			for v := range int32(n) {
				p[v], truth[v] = int(perm(v)), perm(v)
			}
			rel := g.Renumbered(p)
			var err error
			res[i], matches[i], err = runMapping(g, rel, truth, Config{Seed: uint64(trial)})
			if err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(matches[0], matches[1]) {
			t.Fatalf("trial %d: the same labelled release gives two answers", trial)
		}
		for v := n0; v < int32(n); v++ {
			if m := matches[0][v]; m >= 0 {
				t.Errorf("trial %d: node %d, exchanged with %d by an automorphism, is claimed (release node %d)", trial, v, sigma[v], m)
			}
		}
		rest += res[0].Correct
	}
	if rest < 20*int(n0)/2 {
		t.Errorf("%d nodes re-identified in 20 trials: the attack found too little elsewhere to mean anything", rest)
	}
}

// TestEccentricity checks the score and its eccentricity by hand. Node 0
// is matched to itself; node 1's candidates are the neighbours of 0.
//
// With node 1 (degree 1, score 1) and node 2 (degree 2, score 1/√2) the
// other 18 of the 20 nodes score 0, so σ = 0.260220 and the eccentricity is
// (1 − 1/√2)/σ = 1.125560: a match at θ = 1.125, none at θ = 1.126. With
// node 2 of degree 1 as well, the two tie and there is no match at all.
//
// With node 1 the only candidate, the eccentricity over all nodes is
// 20/√19 = 4.588315 and over node 1 and one zero 2.
//
// With four candidates of degree 2 beside node 1, the eccentricity over
// all 20 nodes is 0.869928, and over the five candidates and one zero
// 0.961132: at θ = 0.9 only the wide test takes node 1.
func TestEccentricity(t *testing.T) {
	star := [][2]int32{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {2, 3}, {4, 5}}
	for _, tc := range []struct {
		pairs [][2]int32
		theta float64
		wide  bool
		want  int32
	}{
		{[][2]int32{{0, 1}, {0, 2}, {2, 3}}, 1.125, false, 1},
		{[][2]int32{{0, 1}, {0, 2}, {2, 3}}, 1.126, false, -1},
		{[][2]int32{{0, 1}, {0, 2}}, 0.001, true, -1},
		{[][2]int32{{0, 1}}, 4.588, true, 1},
		{[][2]int32{{0, 1}}, 4.589, true, -1},
		{star, 0.869, false, 1},
		{star, 0.9, false, -1},
		{star, 0.9, true, 1},
		{star, 0.962, true, -1},
	} {
		g := fromPairs(t, 20, tc.pairs)
		a, err := newState(g, g, tc.theta)
		if err != nil {
			t.Fatal(err)
		}
		a.wide = tc.wide
		a.match(0, 0)
		got, ok := a.best(0, 1)
		if !ok {
			got = -1
		}
		if got != tc.want {
			t.Errorf("%v, θ = %v, wide %v: best %d, want %d", tc.pairs, tc.theta, tc.wide, got, tc.want)
		}
	}
}

// TestSkippingIsExact: propagation skips the nodes whose inputs did not
// change since their last evaluation; it makes exactly the matches, in as
// many passes, as propagation that evaluates every node every time.
func TestSkippingIsExact(t *testing.T) {
	for _, name := range []string{"karate", "lesmis", "dolphins", "football", "village"} {
		g := examples.MustRead(name)
		for _, c := range releases(t, name, g, releaseConfigs(), anonymize.UA) {
			truth := identity(g.NumNodes())
			for _, s := range []int{0, 2, 5, 10, 20} {
				var res [2]*Result
				var maps [2][]int32
				for i, all := range []bool{false, true} {
					var err error
					res[i], maps[i], err = runMapping(c.orig, c.rel, truth, Config{Seeds: s, Seed: 7, evaluateAll: all})
					if err != nil {
						t.Fatal(err)
					}
				}
				if *res[0] != *res[1] || !slices.Equal(maps[0], maps[1]) {
					t.Errorf("%s, s = %d: skipping gives %+v, evaluating all %+v", c.name, s, res[0], res[1])
				}
			}
		}
	}
}

// TestSeedNodes: chosen seeds are matched to their counterparts and not
// scored; on a path, seeding one end lets propagation walk to the other.
func TestSeedNodes(t *testing.T) {
	var pairs [][2]int32
	for i := range int32(11) {
		pairs = append(pairs, [2]int32{i, i + 1})
	}
	g := fromPairs(t, 12, pairs)
	res, mapping, err := runMapping(g, g, identity(12), Config{SeedNodes: []int32{0}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	// Without the seed the path's two halves are mirror images: nothing
	// could be told apart.
	if res.Seeds != 1 || res.Targets != 11 || res.Correct != 11 || !slices.Equal(mapping, identity(12)) {
		t.Errorf("%+v, mapping %v", res, mapping)
	}
	if res, _ := Run(g, g, identity(12), Config{Seed: 5}); res.Matched != 0 {
		t.Errorf("no seed on a path: %+v", res)
	}
}

// TestEveryNodeTwinned: in karate with every member doubled (node v and
// v+34 have the same neighbours: each pair is exchanged by an automorphism)
// the attack without seeds claims nobody, whatever the renumbering.
func TestEveryNodeTwinned(t *testing.T) {
	g := examples.MustRead("karate")
	n := int32(g.NumNodes())
	var pairs [][2]int32
	for _, e := range g.Edges() {
		for _, du := range []int32{0, n} {
			for _, dv := range []int32{0, n} {
				pairs = append(pairs, [2]int32{e.U + du, e.V + dv})
			}
		}
	}
	h := fromPairs(t, int(2*n), pairs)
	for seed := range uint64(10) {
		res, err := Run(h, h, identity(int(2*n)), Config{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if res.Matched != 0 {
			t.Errorf("seed %d: %+v", seed, res)
		}
	}
}
