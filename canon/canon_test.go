package canon

import (
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// allGraphs calls f with every labelled graph on n vertices (the Graph is
// reused between calls).
func allGraphs(n int, col []int32, f func(Graph)) {
	var pairs []edge
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			pairs = append(pairs, edge{int32(a), int32(b)})
		}
	}
	es := make([]edge, 0, len(pairs))
	for mask := 0; mask < 1<<len(pairs); mask++ {
		es = es[:0]
		for i, p := range pairs {
			if mask>>i&1 == 1 {
				es = append(es, p)
			}
		}
		f(fromEdges(n, es, col))
	}
}

// extendAll calls f with every graph obtained from one of gs by adding a
// vertex n joined to any subset of the n old vertices. Every graph on n+1
// vertices is isomorphic to one of them when gs has a graph of every class
// on n vertices.
func extendAll(gs []Graph, f func(Graph)) {
	for _, g := range gs {
		base := edgesOf(g)
		n := g.N
		es := make([]edge, 0, len(base)+n)
		for mask := 0; mask < 1<<n; mask++ {
			es = append(es[:0], base...)
			for v := 0; v < n; v++ {
				if mask>>v&1 == 1 {
					es = append(es, edge{int32(v), int32(n)})
				}
			}
			f(fromEdges(n+1, es, nil))
		}
	}
}

// classes canonicalizes graphs and keeps one representative per certificate.
type classes struct {
	c    *Canonizer
	buf  []byte
	seen map[string]bool
	reps []Graph
}

func newClasses() *classes { return &classes{c: NewCanonizer(), seen: map[string]bool{}} }

func (s *classes) add(g Graph) {
	s.buf = s.c.AppendCertificate(s.buf[:0], g)
	if !s.seen[string(s.buf)] {
		s.seen[string(s.buf)] = true
		s.reps = append(s.reps, g)
	}
}

// TestCountGraphs checks the number of isomorphism classes of graphs on n
// vertices (OEIS A000088) found among all labelled graphs, or, for n ≥ 7 in
// short mode and for n = 8, among all one-vertex extensions of the classes
// on n-1 vertices.
func TestCountGraphs(t *testing.T) {
	want := []int{1, 1, 2, 4, 11, 34, 156, 1044, 12346}
	var prev []Graph
	for n, w := range want {
		if n == 8 && testing.Short() {
			t.Log("n=8 skipped in short mode")
			break
		}
		s := newClasses()
		if n <= 6 || n == 7 && !testing.Short() {
			allGraphs(n, nil, s.add)
		} else {
			extendAll(prev, s.add)
		}
		if len(s.seen) != w {
			t.Errorf("n=%d: %d certificates, want %d", n, len(s.seen), w)
		}
		prev = s.reps
	}
}

// TestCountRooted checks the number of rooted graphs (vertex 0 coloured
// apart; OEIS A000666) and of graphs with a colour value assigned to one
// vertex out of two possible values.
func TestCountRooted(t *testing.T) {
	want := []int{1, 2, 6, 20, 90, 544} // n = 1..6
	for i, w := range want {
		n := i + 1
		col := make([]int32, n)
		col[0] = 7
		s := newClasses()
		allGraphs(n, col, s.add)
		if len(s.seen) != w {
			t.Errorf("n=%d: %d rooted classes, want %d", n, len(s.seen), w)
		}
	}
}

// permutations calls f with every permutation of 0..n-1 (Heap's algorithm).
func permutations(n int, f func([]int32)) {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	c := make([]int, n)
	f(p)
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				p[0], p[i] = p[i], p[0]
			} else {
				p[c[i]], p[i] = p[i], p[c[i]]
			}
			f(p)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

// bruteForce returns the smallest string of (colours, adjacency matrix) over
// all relabelings of g, and the number of automorphisms.
func bruteForce(g Graph) (string, int64) {
	n := g.N
	adj := make([]bool, n*n)
	for v := 0; v < n; v++ {
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			adj[v*n+int(u)] = true
		}
	}
	colour := func(v int32) int32 {
		if g.Color == nil {
			return 0
		}
		return g.Color[v]
	}
	cur := make([]byte, 0, n*4+n*n)
	form := func(p []int32) []byte {
		b := cur[:0]
		for _, v := range p {
			x := colour(v)
			b = append(b, byte(x>>24), byte(x>>16), byte(x>>8), byte(x))
		}
		for _, v := range p {
			for _, u := range p {
				if adj[int(v)*n+int(u)] {
					b = append(b, 1)
				} else {
					b = append(b, 0)
				}
			}
		}
		return b
	}
	var best []byte
	aut := int64(0)
	permutations(n, func(p []int32) {
		if f := form(p); best == nil || bytes.Compare(f, best) < 0 {
			best = append(best[:0], f...)
		}
		// p is an automorphism when it preserves colours and adjacency.
		for v := 0; v < n; v++ {
			if colour(p[v]) != colour(int32(v)) {
				return
			}
			for u := 0; u < n; u++ {
				if adj[v*n+u] != adj[int(p[v])*n+int(p[u])] {
					return
				}
			}
		}
		aut++
	})
	return string(best), aut
}

// checkAgainstOracle checks that certificates and the brute-force canonical
// forms induce the same partition of gs, and that the group orders agree.
func checkAgainstOracle(t *testing.T, c *Canonizer, gs []Graph) {
	t.Helper()
	certToBF := map[string]string{}
	bfToCert := map[string]string{}
	for _, g := range gs {
		cert := string(c.AppendCertificate(nil, g))
		aut := c.GroupSize()
		bf, bfAut := bruteForce(g)
		if aut.Cmp(big.NewInt(bfAut)) != 0 {
			t.Fatalf("graph %v colours %v: group size %v, brute force %d", edgesOf(g), g.Color, aut, bfAut)
		}
		if b, ok := certToBF[cert]; ok && b != bf {
			t.Fatalf("graph %v colours %v: certificate shared by non-isomorphic graphs", edgesOf(g), g.Color)
		}
		if x, ok := bfToCert[bf]; ok && x != cert {
			t.Fatalf("graph %v colours %v: isomorphic graphs with different certificates", edgesOf(g), g.Color)
		}
		certToBF[cert], bfToCert[bf] = bf, cert
	}
}

// TestColouredOracle compares certificates and group orders with a
// brute-force oracle (all n! relabelings) on 2-coloured graphs of every
// class up to 5 vertices and on random 3-coloured graphs with 6 and 7
// vertices and random relabelings of them, with and without the fast paths.
func TestColouredOracle(t *testing.T) {
	allOpts := []options{0, plainSearch}
	if testing.Short() {
		allOpts = allOpts[:1]
	}
	for _, opts := range allOpts {
		c := NewCanonizer()
		c.opts = opts
		// Every 2-coloured graph is isomorphic to one whose vertices of
		// colour 3 come first, so these colourings reach every class.
		for n := 1; n <= 5; n++ {
			var gs []Graph
			for k := 0; k <= n; k++ {
				col := make([]int32, n)
				for v := 0; v < k; v++ {
					col[v] = 3
				}
				allGraphs(n, col, func(g Graph) { gs = append(gs, g) })
			}
			checkAgainstOracle(t, c, gs)
		}
		rng := newRand(7)
		samples := 150
		if testing.Short() {
			samples = 30
		}
		for _, n := range []int{6, 7} {
			var gs []Graph
			for i := 0; i < samples; i++ {
				g := randomGraph(n, rng.Float64(), rng)
				g.Color = make([]int32, n)
				k := 1 + rng.IntN(3)
				for v := range g.Color {
					g.Color[v] = int32(rng.IntN(k)) - 1
				}
				gs = append(gs, g, randomRelabel(g, rng))
			}
			checkAgainstOracle(t, c, gs)
		}
	}
}

// TestNilColourEqualsZero checks that a nil colouring is the same as all
// colours zero, and that colour values (not just classes) matter.
func TestNilColourEqualsZero(t *testing.T) {
	c := NewCanonizer()
	g := petersen()
	a := c.AppendCertificate(nil, g)
	g.Color = make([]int32, g.N)
	b := c.AppendCertificate(nil, g)
	if !bytes.Equal(a, b) {
		t.Error("nil and all-zero colourings give different certificates")
	}
	for v := range g.Color {
		g.Color[v] = 5
	}
	if d := c.AppendCertificate(nil, g); bytes.Equal(a, d) {
		t.Error("all-zero and all-five colourings give equal certificates")
	}
}

type family struct {
	name string
	g    Graph
	aut  string // group order, "" if not checked
}

func hardFamilies(rng *rand.Rand) []family {
	k4 := complete(4)
	r3 := randomRegular(10, 3, rng)
	binTree := func(depth int) Graph {
		var es []edge
		for v := 1; v < 1<<depth-1; v++ {
			es = append(es, edge{int32((v - 1) / 2), int32(v)})
		}
		return fromEdges(1<<depth-1, es, nil)
	}
	pow2 := func(k int) string { return new(big.Int).Lsh(big.NewInt(1), uint(k)).String() }
	fs := []family{
		{"Petersen", petersen(), "120"},
		{"Paley13", paley(13), "78"},
		{"Paley29", paley(29), "406"},
		{"Paley101", paley(101), "5050"},
		{"Shrikhande", shrikhande(), "192"},
		{"Rook4x4", rook4(), "1152"},
		{"Q4", hypercube(4), "384"},
		{"Q5", hypercube(5), "3840"},
		{"Q6", hypercube(6), "46080"},
		{"Q7", hypercube(7), "645120"},
		{"Q8", hypercube(8), "10321920"},
		{"Random3Regular100", randomRegular(100, 3, rng), ""},
		{"Random3Regular1000", randomRegular(1000, 3, rng), ""},
		{"Random4Regular200", randomRegular(200, 4, rng), ""},
		{"Random4Regular1000", randomRegular(1000, 4, rng), ""},
		{"CFI(K4)", cfi(k4, nil), ""},
		{"CFI(Petersen)", cfi(petersen(), nil), ""},
		{"CFI(random3regular20)", cfi(randomRegular(20, 3, rng), nil), ""},
		{"40xPetersen", disjointUnion(petersen(), 40), ""},
		{"100xK4", disjointUnion(k4, 100), ""},
		{"10xPaley13", disjointUnion(paley(13), 10), ""},
		{"30xRandom3Regular10", disjointUnion(r3, 30), ""},
		{"500xK2", disjointUnion(complete(2), 500), ""},
		{"BinaryTree255", binTree(8), pow2(127)},
		{"K30", complete(30), "265252859812191058636308480000000"},
		{"Crown5", crown(5), "240"},
		{"Crown60", crown(60), new(big.Int).Mul(big.NewInt(2), new(big.Int).MulRange(1, 60)).String()},
		{"ComplementQ6", complementGraph(hypercube(6)), "46080"},
		{"ComplementPaley29", complementGraph(paley(29)), "406"},
		{"Empty20", fromEdges(20, nil, nil), "2432902008176640000"},
	}
	// Coloured: Q6 with one vertex and its antipode coloured apart.
	q := hypercube(6)
	q.Color = make([]int32, q.N)
	q.Color[0], q.Color[63] = 1, 1
	fs = append(fs, family{"Q6-antipodes", q, "1440"})
	return fs
}

// TestInvariance checks that certificates, group orders and canonical forms
// of hard graphs do not change under random relabelings.
func TestInvariance(t *testing.T) {
	rng := newRand(3)
	c := NewCanonizer()
	for _, f := range hardFamilies(rng) {
		t.Run(f.name, func(t *testing.T) {
			if err := f.g.Validate(); err != nil {
				t.Fatal(err)
			}
			cert := string(c.AppendCertificate(nil, f.g))
			aut := c.GroupSize().String()
			if f.aut != "" && aut != f.aut {
				t.Errorf("group size %s, want %s", aut, f.aut)
			}
			canonical := canonicalForm(c, f.g)
			reps := 100
			if testing.Short() {
				reps = 10
			}
			for i := 0; i < reps; i++ {
				h := randomRelabel(f.g, rng)
				if got := string(c.AppendCertificate(nil, h)); got != cert {
					t.Fatalf("relabeling %d changes the certificate", i)
				}
				if got := c.GroupSize().String(); got != aut {
					t.Fatalf("relabeling %d changes the group size: %s, want %s", i, got, aut)
				}
				if i < 5 && !slices.Equal(canonicalForm(c, h), canonical) {
					t.Fatalf("relabeling %d changes the canonical form", i)
				}
			}
		})
	}
}

// canonicalForm returns the sorted edge list of g relabeled by its canonical
// labeling, checking that the labeling is a permutation.
func canonicalForm(c *Canonizer, g Graph) []edge {
	lab := c.Labeling(g)
	inv := make([]int32, g.N)
	for i := range inv {
		inv[i] = -1
	}
	for i, v := range lab {
		if v < 0 || int(v) >= g.N || inv[v] >= 0 {
			panic(fmt.Sprintf("labeling %v is not a permutation", lab))
		}
		inv[v] = int32(i)
	}
	var es []edge
	for _, e := range edgesOf(g) {
		a, b := inv[e.u], inv[e.v]
		es = append(es, edge{min(a, b), max(a, b)})
	}
	slices.SortFunc(es, func(x, y edge) int {
		if x.u != y.u {
			return int(x.u - y.u)
		}
		return int(x.v - y.v)
	})
	return es
}

// TestNonIsomorphicPairs checks pairs of non-isomorphic graphs with equal
// invariants that colour refinement alone cannot tell apart.
func TestNonIsomorphicPairs(t *testing.T) {
	rng := newRand(5)
	base20 := randomRegular(20, 3, rng)
	prism := fromEdges(6, []edge{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {0, 3}, {1, 4}, {2, 5}}, nil)
	k33 := fromEdges(6, []edge{{0, 3}, {0, 4}, {0, 5}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}}, nil)
	c6 := fromEdges(6, []edge{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}}, nil)
	twoC3 := fromEdges(6, []edge{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, nil)
	tests := []struct {
		name string
		a, b Graph
		iso  bool
	}{
		{"Shrikhande/Rook4x4", shrikhande(), rook4(), false},
		{"C6/2C3", c6, twoC3, false},
		{"prism/K33", prism, k33, false},
		{"CFI(K4) twist 0/1", cfi(complete(4), nil), cfi(complete(4), map[int]bool{0: true}), false},
		{"CFI(K4) twist 0/2", cfi(complete(4), nil), cfi(complete(4), map[int]bool{0: true, 3: true}), true},
		{"CFI(Petersen) twist 0/1", cfi(petersen(), nil), cfi(petersen(), map[int]bool{4: true}), false},
		{"CFI(Petersen) twist 1/3", cfi(petersen(), map[int]bool{1: true}), cfi(petersen(), map[int]bool{2: true, 7: true, 11: true}), true},
		{"CFI(R20) twist 0/1", cfi(base20, nil), cfi(base20, map[int]bool{9: true}), false},
		{"CFI(R20) twist 2/0", cfi(base20, map[int]bool{3: true, 20: true}), cfi(base20, nil), true},
		{"Paley29/relabeled", paley(29), randomRelabel(paley(29), rng), true},
		{"10xC6/5xC12", disjointUnion(c6, 10), disjointUnion(fromEdges(12, cycleEdges(12), nil), 5), false},
	}
	c := NewCanonizer()
	for _, tc := range tests {
		if got := c.Isomorphic(tc.a, tc.b); got != tc.iso {
			t.Errorf("%s: Isomorphic = %v, want %v", tc.name, got, tc.iso)
		}
		h := randomRelabel(tc.b, rng)
		if got := Isomorphic(tc.a, h); got != tc.iso {
			t.Errorf("%s (relabeled): Isomorphic = %v, want %v", tc.name, got, tc.iso)
		}
	}
}

func cycleEdges(n int) []edge {
	var es []edge
	for i := 0; i < n; i++ {
		es = append(es, edge{int32(i), int32((i + 1) % n)})
	}
	return es
}

// TestFastPathsAgree checks that every fast path (forests, component
// recursion, twins, reduction) makes the same isomorphism decisions and finds
// the same group orders as the plain search, on random graphs of several
// kinds and random relabelings of them.
func TestFastPathsAgree(t *testing.T) {
	rng := newRand(11)
	fast := NewCanonizer()
	slow := NewCanonizer()
	slow.opts = plainSearch
	var gs []Graph
	for i := 0; i < 400; i++ {
		n := 2 + rng.IntN(14)
		if i%16 < 8 {
			n = 2 + rng.IntN(40)
		}
		var g Graph
		switch i % 8 {
		case 0:
			g = randomGraph(n, rng.Float64(), rng)
		case 1:
			g = randomTree(n, rng)
		case 2: // forest
			g = randomGraph(n, 0.8/float64(n), rng)
		case 3: // disjoint union of copies plus extra vertices
			g = disjointUnion(randomGraph(3+rng.IntN(3), 0.5, rng), 2+rng.IntN(3))
		case 4: // ego-like: a centre joined to a random graph
			g = randomGraph(n, 0.2, rng)
			es := edgesOf(g)
			for v := 1; v < n; v++ {
				es = append(es, edge{0, int32(v)})
			}
			es = slices.DeleteFunc(es, func(e edge) bool { return e.u == 0 && e.v < 1 })
			g = fromEdges(n, dedup(es), make([]int32, n))
			g.Color[0] = 1
		case 5: // twins: blow up vertices of a small graph
			g = blowUp(randomGraph(2+rng.IntN(4), 0.5, rng), rng)
		case 6: // copies of a graph hanging from a hub: components appear in the search
			h := randomGraph(2+rng.IntN(4), 0.6, rng)
			u := disjointUnion(h, 2+rng.IntN(4))
			es := edgesOf(u)
			for j := 0; j < u.N; j += h.N {
				es = append(es, edge{int32(j), int32(u.N)})
				if rng.IntN(2) == 0 {
					es = append(es, edge{int32(j + h.N - 1), int32(u.N)})
				}
			}
			g = fromEdges(u.N+1, dedup(es), nil)
		case 7: // dense pairs: crown graphs and complements
			if rng.IntN(2) == 0 {
				g = crown(2 + rng.IntN(6))
			} else {
				g = complementGraph(randomGraph(n, 0.3, rng))
			}
		}
		if rng.IntN(3) == 0 && g.Color == nil {
			g.Color = make([]int32, g.N)
			for v := range g.Color {
				g.Color[v] = int32(rng.IntN(2))
			}
		}
		gs = append(gs, g, randomRelabel(g, rng))
	}
	certFast := map[string]int{}
	certSlow := map[string]int{}
	used := map[method]int{}
	recursions := 0
	for i, g := range gs {
		a := string(fast.AppendCertificate(nil, g))
		used[fast.stats.method]++
		recursions += fast.stats.recursions
		ga := fast.GroupSize()
		b := string(slow.AppendCertificate(nil, g))
		gb := slow.GroupSize()
		if ga.Cmp(gb) != 0 {
			t.Fatalf("graph %d %v: group size %v with fast paths, %v without", i, edgesOf(g), ga, gb)
		}
		if j, ok := certFast[a]; ok {
			if certSlow[b] != j {
				t.Fatalf("graphs %d and %d: fast paths say isomorphic, search says not", j, i)
			}
		} else if _, ok := certSlow[b]; ok {
			t.Fatalf("graph %d: search says isomorphic to an earlier graph, fast paths not", i)
		} else {
			certFast[a], certSlow[b] = i, i
		}
	}
	if len(certFast) == len(gs) {
		t.Fatal("no isomorphic pairs: the test is vacuous")
	}
	t.Logf("methods %v, %d component recursions in the search", used, recursions)
	for m := methodComplete; m <= methodSearch; m++ {
		if used[m] == 0 {
			t.Errorf("method %v never used: the test does not cover it", m)
		}
	}
	if recursions == 0 {
		t.Error("component recursion in the search never used")
	}
}

// randomTree returns a uniformly random labelled tree (Prüfer code).
func randomTree(n int, rng *rand.Rand) Graph {
	if n < 2 {
		return fromEdges(n, nil, nil)
	}
	var es []edge
	for v := 1; v < n; v++ {
		es = append(es, edge{int32(rng.IntN(v)), int32(v)})
	}
	return fromEdges(n, es, nil)
}

// blowUp replaces every vertex of g by a random number of true or false
// twins.
func blowUp(g Graph, rng *rand.Rand) Graph {
	var members [][]int32
	n := int32(0)
	var es []edge
	for v := 0; v < g.N; v++ {
		k := 1 + rng.IntN(4)
		var m []int32
		for i := 0; i < k; i++ {
			m = append(m, n)
			n++
		}
		if rng.IntN(2) == 0 {
			for i := range m {
				for j := i + 1; j < len(m); j++ {
					es = append(es, edge{m[i], m[j]})
				}
			}
		}
		members = append(members, m)
	}
	for _, e := range edgesOf(g) {
		for _, a := range members[e.u] {
			for _, b := range members[e.v] {
				es = append(es, edge{a, b})
			}
		}
	}
	return fromEdges(int(n), es, nil)
}

func dedup(es []edge) []edge {
	for i := range es {
		if es[i].u > es[i].v {
			es[i].u, es[i].v = es[i].v, es[i].u
		}
	}
	slices.SortFunc(es, func(x, y edge) int {
		if x.u != y.u {
			return int(x.u - y.u)
		}
		return int(x.v - y.v)
	})
	return slices.Compact(es)
}

// TestLargeTreesAndForests checks relabeling invariance and group orders of
// the forest fast path on large random and symmetric trees and forests.
func TestLargeTreesAndForests(t *testing.T) {
	rng := newRand(13)
	c := NewCanonizer()
	slow := NewCanonizer()
	slow.opts = plainSearch
	for i := 0; i < 20; i++ {
		var g Graph
		switch i % 4 {
		case 0:
			g = randomTree(2000, rng)
		case 1:
			g = disjointUnion(randomTree(5+rng.IntN(10), rng), 50)
		case 2:
			g = randomGraph(300, 1.0/300, rng)
		case 3:
			g = randomTree(200, rng)
			g.Color = make([]int32, g.N)
			for v := range g.Color {
				g.Color[v] = int32(rng.IntN(3))
			}
		}
		cert := string(c.AppendCertificate(nil, g))
		if c.stats.method != methodForest {
			t.Fatalf("tree %d: method %v, want forest", i, c.stats.method)
		}
		aut := c.GroupSize()
		if g.N <= 300 {
			slow.AppendCertificate(nil, g)
			if slow.GroupSize().Cmp(aut) != 0 {
				t.Fatalf("tree %d: group size %v, search finds %v", i, aut, slow.GroupSize())
			}
		}
		for j := 0; j < 10; j++ {
			h := randomRelabel(g, rng)
			if string(c.AppendCertificate(nil, h)) != cert || c.GroupSize().Cmp(aut) != 0 {
				t.Fatalf("tree %d: relabeling %d changes the result", i, j)
			}
		}
	}
}

// TestLabeling checks on small graphs that the labeling is a permutation and
// that isomorphic graphs have identical canonical forms.
func TestLabeling(t *testing.T) {
	rng := newRand(17)
	c := NewCanonizer()
	for i := 0; i < 200; i++ {
		g := randomGraph(1+rng.IntN(30), rng.Float64()*0.5, rng)
		h := randomRelabel(g, rng)
		if !slices.Equal(canonicalForm(c, g), canonicalForm(c, h)) {
			t.Fatalf("graph %d: canonical forms differ", i)
		}
	}
}

// TestOffsetsNotFromZero checks that Off need not start at 0.
func TestOffsetsNotFromZero(t *testing.T) {
	g := petersen()
	shifted := Graph{N: g.N, Off: make([]int32, g.N+1), Adj: append([]int32{9, 9, 9}, g.Adj...)}
	for i, o := range g.Off {
		shifted.Off[i] = o + 3
	}
	if err := shifted.Validate(); err != nil {
		t.Fatal(err)
	}
	if !Isomorphic(g, shifted) {
		t.Error("shifted offsets change the result")
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		g    Graph
		ok   bool
	}{
		{"empty", Graph{N: 0, Off: []int32{0}}, true},
		{"edge", Graph{N: 2, Off: []int32{0, 1, 2}, Adj: []int32{1, 0}}, true},
		{"coloured", Graph{N: 2, Off: []int32{0, 1, 2}, Adj: []int32{1, 0}, Color: []int32{1, -4}}, true},
		{"negative N", Graph{N: -1}, false},
		{"short Off", Graph{N: 2, Off: []int32{0, 1}, Adj: []int32{1, 0}}, false},
		{"decreasing Off", Graph{N: 2, Off: []int32{0, 2, 1}, Adj: []int32{1, 0}}, false},
		{"Off past Adj", Graph{N: 2, Off: []int32{0, 1, 3}, Adj: []int32{1, 0}}, false},
		{"negative Off", Graph{N: 1, Off: []int32{-1, 0}}, false},
		{"out of range", Graph{N: 2, Off: []int32{0, 1, 2}, Adj: []int32{2, 0}}, false},
		{"negative id", Graph{N: 2, Off: []int32{0, 1, 2}, Adj: []int32{-1, 0}}, false},
		{"self-loop", Graph{N: 2, Off: []int32{0, 1, 1}, Adj: []int32{0}}, false},
		{"duplicate", Graph{N: 2, Off: []int32{0, 2, 4}, Adj: []int32{1, 1, 0, 0}}, false},
		{"isolated vertex", Graph{N: 3, Off: []int32{0, 1, 2, 2}, Adj: []int32{1, 0}}, true},
		{"one-sided", Graph{N: 3, Off: []int32{0, 1, 1, 1}, Adj: []int32{1}}, false},
		{"bad colour length", Graph{N: 2, Off: []int32{0, 1, 2}, Adj: []int32{1, 0}, Color: []int32{1}}, false},
	}
	for _, tc := range tests {
		err := tc.g.Validate()
		if (err == nil) != tc.ok {
			t.Errorf("%s: Validate() = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}

// TestNoAllocations checks that steady-state calls do not allocate, on a
// graph that needs a search, one that needs component recursion and an ego
// network.
func TestNoAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	rng := newRand(19)
	ego := randomGraph(40, 0.2, rng)
	es := edgesOf(ego)
	for v := 1; v < 40; v++ {
		es = append(es, edge{0, int32(v)})
	}
	egoG := fromEdges(40, dedup(es), make([]int32, 40))
	egoG.Color[0] = 1
	for _, g := range []Graph{paley(29), disjointUnion(petersen(), 4), egoG, randomTree(100, rng), complete(9), crown(20), cfi(complete(4), nil)} {
		c := NewCanonizer()
		buf := make([]byte, 0, 1<<16)
		c.AppendCertificate(buf, g)
		c.AppendCertificate(buf, g)
		if a := testing.AllocsPerRun(20, func() { c.AppendCertificate(buf, g) }); a != 0 {
			t.Errorf("%v: %v allocations per call", edgesOf(g)[:3], a)
		}
	}
}

func TestGroupSizeTrivial(t *testing.T) {
	c := NewCanonizer()
	c.AppendCertificate(nil, Graph{N: 0, Off: []int32{0}})
	if c.GroupSize().Int64() != 1 {
		t.Error("empty graph: group size not 1")
	}
	path := fromEdges(4, []edge{{0, 1}, {1, 2}, {2, 3}}, []int32{0, 0, 0, 1})
	c.AppendCertificate(nil, path)
	if c.GroupSize().Int64() != 1 {
		t.Errorf("coloured path: group size %v, want 1", c.GroupSize())
	}
}

// plainSearch disables every fast path: what remains is refinement and the
// search with automorphism pruning.
const plainSearch = noForest | noComponents | noTwins | noReduce | noNodeRecursion

// TestConcurrentUse runs one Canonizer per goroutine on shared inputs (run
// it with -race) and checks that the inputs are not modified.
func TestConcurrentUse(t *testing.T) {
	rng := newRand(31)
	gs := []Graph{paley(29), crown(12), cfi(petersen(), nil), randomTree(300, rng), disjointUnion(petersen(), 6)}
	want := make([]string, len(gs))
	saved := make([][]int32, len(gs))
	c := NewCanonizer()
	for i, g := range gs {
		want[i] = string(c.AppendCertificate(nil, g))
		saved[i] = slices.Clone(g.Adj)
	}
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func() {
			c := NewCanonizer()
			var buf []byte
			for r := 0; r < 5; r++ {
				for i, g := range gs {
					if buf = c.AppendCertificate(buf[:0], g); string(buf) != want[i] {
						errs <- fmt.Errorf("graph %d: certificate differs between goroutines", i)
						return
					}
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	for i, g := range gs {
		if !slices.Equal(g.Adj, saved[i]) {
			t.Errorf("graph %d: input adjacency modified", i)
		}
	}
}
