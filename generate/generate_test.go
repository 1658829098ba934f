package generate

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

func avgDegree(g *graph.Graph) float64 {
	return 2 * float64(g.NumEdges()) / float64(g.NumNodes())
}

// checkSimple checks that g is a simple graph with sorted adjacency (the
// graph type guarantees it; this guards the generators' use of it).
func checkSimple(t *testing.T, g *graph.Graph) {
	t.Helper()
	m := 0
	for v := range g.NumNodes() {
		nb := g.Neighbors(int32(v))
		if !slices.IsSorted(nb) || slices.Contains(nb, int32(v)) {
			t.Fatalf("node %d: neighbours %v", v, nb)
		}
		m += len(nb)
	}
	if m != 2*g.NumEdges() {
		t.Fatalf("%d adjacency entries for %d edges", m, g.NumEdges())
	}
}

func TestErdosRenyiDegree(t *testing.T) {
	for _, tc := range []struct {
		n int
		d float64
	}{{500, 2}, {500, 4}, {500, 16}, {500, 64}, {20000, 3.5}, {100, 99}, {2, 1}, {1000, 0.01}} {
		for seed := range uint64(3) {
			g, err := ErdosRenyi(tc.n, tc.d, rng(seed))
			if err != nil {
				t.Fatal(err)
			}
			checkSimple(t, g)
			// The edge count is binomial(N, p), N = n(n−1)/2.
			N := float64(tc.n) * float64(tc.n-1) / 2
			p := tc.d / float64(tc.n-1)
			mean, sd := N*p, math.Sqrt(N*p*(1-p))
			if z := math.Abs(float64(g.NumEdges())-mean) / max(sd, 1e-9); z > 4 && !(sd == 0 && float64(g.NumEdges()) == mean) {
				t.Errorf("n=%d d=%v seed %d: %d edges, expected %.1f ± %.1f", tc.n, tc.d, seed, g.NumEdges(), mean, sd)
			}
		}
	}
}

// TestErdosRenyiUniform checks that edges fall on all pairs alike: over many
// small graphs every pair is an edge about p of the time, and degrees are
// binomial.
func TestErdosRenyiUniform(t *testing.T) {
	const n, d, runs = 8, 3.0, 4000
	p := d / (n - 1)
	count := make([]int, n*n)
	r := rng(7)
	for range runs {
		g, _ := ErdosRenyi(n, d, r)
		for _, e := range g.Edges() {
			count[int(e.U)*n+int(e.V)]++
		}
	}
	sd := math.Sqrt(runs * p * (1 - p))
	for u := range n {
		for v := u + 1; v < n; v++ {
			if z := math.Abs(float64(count[u*n+v])-runs*p) / sd; z > 4.5 {
				t.Errorf("pair {%d, %d} is an edge %d times in %d, expected %.0f", u, v, count[u*n+v], runs, runs*p)
			}
		}
	}
}

func TestBarabasiAlbert(t *testing.T) {
	for _, tc := range []struct{ n, m int }{{500, 1}, {500, 2}, {500, 8}, {500, 32}, {10000, 3}, {2, 1}} {
		g, err := BarabasiAlbert(tc.n, tc.m, rng(1))
		if err != nil {
			t.Fatal(err)
		}
		checkSimple(t, g)
		if g.NumEdges() != tc.m*(tc.n-tc.m) {
			t.Errorf("n=%d m=%d: %d edges, want m(n−m) = %d", tc.n, tc.m, g.NumEdges(), tc.m*(tc.n-tc.m))
		}
		// Every node added after the initial star brings m edges.
		for v := tc.m + 1; v < g.NumNodes(); v++ {
			if g.Degree(int32(v)) < tc.m {
				t.Fatalf("n=%d m=%d: node %d has degree %d < m", tc.n, tc.m, v, g.Degree(int32(v)))
			}
		}
		if want := 2 * float64(tc.m) * float64(tc.n-tc.m) / float64(tc.n); math.Abs(avgDegree(g)-want) > 1e-12 {
			t.Errorf("average degree %v, want %v", avgDegree(g), want)
		}
	}
}

// heavyTailed reports whether the degree distribution of g, whose average
// degree is about 2m, has the tail of preferential attachment: a maximum
// degree of at least 15 times the average, and at least 0.5% of the nodes
// with degree 8m or more. For BA, P(k >= 8m) is about 1/64 and the maximum
// grows as √n; when targets are chosen uniformly (random recursive trees
// and their m-edge variants) the tail is geometric, so P(k >= 8m) is about
// 2^-(7m) and the maximum grows as log n.
func heavyTailed(g *graph.Graph, m int) bool {
	maxd, big := 0, 0
	for v := range g.NumNodes() {
		d := g.Degree(int32(v))
		maxd = max(maxd, d)
		if d >= 8*m {
			big++
		}
	}
	return float64(maxd) >= 15*avgDegree(g) && float64(big) >= 0.005*float64(g.NumNodes())
}

// uniformAttachment is BarabasiAlbert with targets chosen uniformly among
// the earlier nodes: the negative control of the heavy-tail test.
func uniformAttachment(n, m int, r *rand.Rand) *graph.Graph {
	var es []graph.Edge
	for t := 1; t <= m; t++ {
		es = append(es, graph.Edge{U: 0, V: int32(t)})
	}
	for v := m + 1; v < n; v++ {
		seen := map[int]bool{}
		for len(seen) < m {
			x := r.IntN(v)
			if !seen[x] {
				seen[x] = true
				es = append(es, graph.Edge{U: int32(x), V: int32(v)})
			}
		}
	}
	g, _, _ := graph.FromEdges(n, es, nil)
	return g
}

func TestBarabasiAlbertHeavyTail(t *testing.T) {
	for _, m := range []int{1, 2, 4} {
		for seed := range uint64(3) {
			g, _ := BarabasiAlbert(20000, m, rng(seed))
			if !heavyTailed(g, m) {
				t.Errorf("m=%d seed %d: BA degree distribution is not heavy-tailed", m, seed)
			}
			if u := uniformAttachment(20000, m, rng(seed)); heavyTailed(u, m) {
				t.Errorf("m=%d seed %d: the test passes uniform attachment too", m, seed)
			}
		}
	}
	// A G(n, p) graph of the same size and degree fails it as well.
	if er, _ := ErdosRenyi(20000, 4, rng(1)); heavyTailed(er, 2) {
		t.Error("the heavy-tail test passes an Erdős–Rényi graph")
	}
}

func TestWattsStrogatz(t *testing.T) {
	// Without rewiring: the ring lattice, whose clustering is
	// 3(k−2)/(4(k−1)) at every node.
	g, err := WattsStrogatz(20, 4, 0, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	for v := range int32(20) {
		want := []int32{(v + 18) % 20, (v + 19) % 20, (v + 1) % 20, (v + 2) % 20}
		slices.Sort(want)
		if !slices.Equal(g.Neighbors(v), want) {
			t.Fatalf("ring node %d: neighbours %v, want %v", v, g.Neighbors(v), want)
		}
	}
	for _, tc := range []struct {
		n, k int
		p    float64
	}{{500, 2, 0.05}, {500, 4, 0.05}, {500, 16, 0.05}, {500, 64, 0.05}, {500, 16, 1}, {100, 98, 0.5}, {5, 0, 0.5}} {
		g, err := WattsStrogatz(tc.n, tc.k, tc.p, rng(2))
		if err != nil {
			t.Fatal(err)
		}
		checkSimple(t, g)
		if avgDegree(g) != float64(tc.k) {
			t.Errorf("n=%d k=%d p=%v: average degree %v, want exactly %d", tc.n, tc.k, tc.p, avgDegree(g), tc.k)
		}
	}
	// The fraction of ring edges rewired is about p: for k=16, p=0.05 on
	// 2000 nodes, 16000 edges, expect 800 ± 28 edges that span more than
	// k/2 positions of the ring (a rewired edge lands within k/2 with
	// probability about k/n, negligible here).
	g, _ = WattsStrogatz(2000, 16, 0.05, rng(3))
	long := 0
	for _, e := range g.Edges() {
		d := int(e.V - e.U)
		if d > 1000 {
			d = 2000 - d
		}
		if d > 8 {
			long++
		}
	}
	if math.Abs(float64(long)-800) > 4*28 {
		t.Errorf("%d rewired edges, expected about 800", long)
	}
}

func TestDeterministic(t *testing.T) {
	gens := map[string]func(r *rand.Rand) *graph.Graph{
		"er": func(r *rand.Rand) *graph.Graph { g, _ := ErdosRenyi(300, 6, r); return g },
		"ba": func(r *rand.Rand) *graph.Graph { g, _ := BarabasiAlbert(300, 3, r); return g },
		"ws": func(r *rand.Rand) *graph.Graph { g, _ := WattsStrogatz(300, 6, 0.2, r); return g },
	}
	for name, gen := range gens {
		a, b, c := gen(rng(5)), gen(rng(5)), gen(rng(6))
		if !slices.Equal(a.SortedEdges(), b.SortedEdges()) {
			t.Errorf("%s: the same seed gave different graphs", name)
		}
		if slices.Equal(a.SortedEdges(), c.SortedEdges()) {
			t.Errorf("%s: different seeds gave the same graph", name)
		}
	}
	// A nil generator is a fixed seed, not global state.
	a, _ := ErdosRenyi(100, 4, nil)
	b, _ := ErdosRenyi(100, 4, nil)
	if !slices.Equal(a.SortedEdges(), b.SortedEdges()) {
		t.Error("nil generator is not deterministic")
	}
}

func TestEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		name  string
		g     func() (*graph.Graph, error)
		n, m  int
		error string
	}{
		{"er empty", func() (*graph.Graph, error) { return ErdosRenyi(0, 0, nil) }, 0, 0, ""},
		{"er one node", func() (*graph.Graph, error) { return ErdosRenyi(1, 0, nil) }, 1, 0, ""},
		{"er degree 0", func() (*graph.Graph, error) { return ErdosRenyi(50, 0, nil) }, 50, 0, ""},
		{"er complete", func() (*graph.Graph, error) { return ErdosRenyi(30, 29, nil) }, 30, 435, ""},
		{"er degree too high", func() (*graph.Graph, error) { return ErdosRenyi(30, 29.5, nil) }, 0, 0, "out of range"},
		{"er negative degree", func() (*graph.Graph, error) { return ErdosRenyi(30, -1, nil) }, 0, 0, "out of range"},
		{"er NaN degree", func() (*graph.Graph, error) { return ErdosRenyi(30, math.NaN(), nil) }, 0, 0, "out of range"},
		{"er negative n", func() (*graph.Graph, error) { return ErdosRenyi(-1, 0, nil) }, 0, 0, "out of range"},
		{"er too many edges", func() (*graph.Graph, error) { return ErdosRenyi(1<<30, 100, nil) }, 0, 0, "exceed"},
		{"ba m = 0", func() (*graph.Graph, error) { return BarabasiAlbert(10, 0, nil) }, 0, 0, "1 <= m < n"},
		{"ba m = n", func() (*graph.Graph, error) { return BarabasiAlbert(10, 10, nil) }, 0, 0, "1 <= m < n"},
		{"ba star", func() (*graph.Graph, error) { return BarabasiAlbert(4, 3, nil) }, 4, 3, ""},
		{"ba too many edges", func() (*graph.Graph, error) { return BarabasiAlbert(1<<30, 4, nil) }, 0, 0, "exceed"},
		{"ws odd k", func() (*graph.Graph, error) { return WattsStrogatz(10, 3, 0.1, nil) }, 0, 0, "even"},
		{"ws k = n", func() (*graph.Graph, error) { return WattsStrogatz(10, 10, 0.1, nil) }, 0, 0, "k < n"},
		{"ws bad p", func() (*graph.Graph, error) { return WattsStrogatz(10, 4, 1.5, nil) }, 0, 0, "probability"},
		{"ws empty", func() (*graph.Graph, error) { return WattsStrogatz(0, 0, 0.1, nil) }, 0, 0, ""},
	} {
		g, err := tc.g()
		if tc.error != "" {
			if err == nil || !strings.Contains(err.Error(), tc.error) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.error)
			}
			continue
		}
		if err != nil || g.NumNodes() != tc.n || g.NumEdges() != tc.m {
			t.Errorf("%s: %v; want %d nodes, %d edges", tc.name, err, tc.n, tc.m)
		}
	}
}
