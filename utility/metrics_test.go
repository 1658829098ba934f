package utility

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// build returns the graph on n nodes with the given edges.
func build(t testing.TB, n int, edges ...[2]int32) *graph.Graph {
	t.Helper()
	es := make([]graph.Edge, len(edges))
	for i, e := range edges {
		es[i] = graph.Edge{U: e[0], V: e[1]}
	}
	g, _, err := graph.FromEdges(n, es, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func same(a, b float64) bool {
	return a == b || (math.IsNaN(a) && math.IsNaN(b))
}

func TestClusteringHand(t *testing.T) {
	tests := []struct {
		name               string
		g                  *graph.Graph
		avg, deg2, transit float64
	}{
		// Triangle 0-1-2 with pendant 3 at 2: local (1, 1, 1/3, 0).
		{"triangle+pendant", build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{0, 2}, [2]int32{2, 3}),
			(1 + 1 + 1.0/3) / 4, (1 + 1 + 1.0/3) / 3, 3.0 / 5},
		{"path", build(t, 3, [2]int32{0, 1}, [2]int32{1, 2}), 0, 0, 0},
		{"K4", build(t, 4, [2]int32{0, 1}, [2]int32{0, 2}, [2]int32{0, 3}, [2]int32{1, 2}, [2]int32{1, 3}, [2]int32{2, 3}), 1, 1, 1},
		{"edge", build(t, 2, [2]int32{0, 1}), 0, math.NaN(), math.NaN()},
		{"isolated", graph.New(3), 0, math.NaN(), math.NaN()},
		{"empty", graph.New(0), math.NaN(), math.NaN(), math.NaN()},
	}
	for _, tc := range tests {
		tri := tc.g.TriangleCounts(1)
		avg, deg2 := averageClustering(tc.g.Degree, tri)
		if !same(avg, tc.avg) && math.Abs(avg-tc.avg) > 1e-15 || !same(deg2, tc.deg2) && math.Abs(deg2-tc.deg2) > 1e-15 {
			t.Errorf("%s: average clustering %v (degree >= 2: %v), want %v (%v)", tc.name, avg, deg2, tc.avg, tc.deg2)
		}
		if got := AverageClustering(tc.g, 2); !same(got, avg) {
			t.Errorf("%s: AverageClustering %v, want %v", tc.name, got, avg)
		}
		if got := Transitivity(tc.g, 2); !same(got, tc.transit) && math.Abs(got-tc.transit) > 1e-15 {
			t.Errorf("%s: transitivity %v, want %v", tc.name, got, tc.transit)
		}
	}
	lc := LocalClustering(build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{0, 2}, [2]int32{2, 3}), 1)
	if !slices.Equal(lc, []float64{1, 1, 1.0 / 3, 0}) {
		t.Errorf("LocalClustering = %v", lc)
	}
}

func TestComponentsHand(t *testing.T) {
	// P3 + K2 + isolated node: 3 components, largest 3, pairs 6 + 2.
	g := build(t, 6, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{3, 4})
	want := ComponentStats{Components: 3, Largest: 3, LargestFraction: 0.5, Pairs: 8}
	if got := Components(g); got != want {
		t.Errorf("Components = %+v, want %+v", got, want)
	}
	if got := Components(graph.New(0)); got.Components != 0 || !math.IsNaN(got.LargestFraction) {
		t.Errorf("empty graph: %+v", got)
	}
}

func TestPathsHand(t *testing.T) {
	exact := PathOptions{Mode: Exact}
	tests := []struct {
		name string
		g    *graph.Graph
		mean float64
		bc   []float64
	}{
		// P4: ordered distances sum to 2·(1+2+3+1+2+1) = 20 over 12 pairs.
		{"P4", build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}), 20.0 / 12, []float64{0, 2, 2, 0}},
		// Star with centre 0 and 3 leaves: the centre is on all 3 leaf pairs.
		{"star", build(t, 4, [2]int32{0, 1}, [2]int32{0, 2}, [2]int32{0, 3}), (6*1 + 6*2) / 12.0, []float64{3, 0, 0, 0}},
		// C4: each node lies on one of the two shortest paths between its
		// neighbours: 1/2.
		{"C4", build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}, [2]int32{0, 3}), (8*1 + 4*2) / 12.0, []float64{0.5, 0.5, 0.5, 0.5}},
		// P3 + K2: (2·1 + 2·(1+2+1)) / (2 + 6) = 1.25 (igraph's value).
		{"P3+K2", build(t, 5, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{3, 4}), 1.25, []float64{0, 1, 0, 0, 0}},
		{"isolated", graph.New(3), math.NaN(), []float64{0, 0, 0}},
		{"empty", graph.New(0), math.NaN(), []float64{}},
	}
	for _, tc := range tests {
		d, b := Paths(tc.g, exact)
		if !same(d.Mean, tc.mean) && math.Abs(d.Mean-tc.mean) > 1e-15 {
			t.Errorf("%s: mean distance %v, want %v", tc.name, d.Mean, tc.mean)
		}
		if !slices.Equal(b.Values, tc.bc) {
			t.Errorf("%s: betweenness %v, want %v", tc.name, b.Values, tc.bc)
		}
		if d.Sampled || b.Sampled || d.Sources != tc.g.NumNodes() {
			t.Errorf("%s: %+v", tc.name, d)
		}
	}
}

func TestPathsDeterministicAcrossThreads(t *testing.T) {
	g := examples.MustRead("football")
	for _, mode := range []Mode{Exact, Sampled} {
		var first Distances
		var firstBC []float64
		for _, threads := range []int{1, 2, 3, 8} {
			d, b := Paths(g, PathOptions{Mode: mode, Sources: 40, Threads: threads, Rand: rand.New(rand.NewPCG(9, 9))})
			if threads == 1 {
				first, firstBC = d, b.Values
				continue
			}
			if d != first {
				t.Errorf("%v, %d threads: %+v, 1 thread: %+v", mode, threads, d, first)
			}
			for v := range firstBC {
				if math.Float64bits(b.Values[v]) != math.Float64bits(firstBC[v]) {
					t.Fatalf("%v, %d threads: betweenness of %d is %v, with 1 thread %v", mode, threads, v, b.Values[v], firstBC[v])
				}
			}
		}
	}
}

// TestSampledDistances checks that the sampled estimate is within a few
// standard errors of the exact value, and that its standard error is
// sensible, over 20 seeds.
func TestSampledDistances(t *testing.T) {
	g := examples.MustRead("lesmis")
	exact := AverageDistance(g, PathOptions{Mode: Exact})
	far := 0
	for seed := range uint64(20) {
		d := AverageDistance(g, PathOptions{Mode: Sampled, Sources: 25, Rand: rand.New(rand.NewPCG(seed, 0))})
		if !d.Sampled || d.Sources != 25 || d.Pairs != exact.Pairs {
			t.Fatalf("seed %d: %+v", seed, d)
		}
		if !(d.StdErr > 0 && d.StdErr < 0.2*exact.Mean) {
			t.Errorf("seed %d: standard error %v of a mean of %v", seed, d.StdErr, d.Mean)
		}
		z := math.Abs(d.Mean-exact.Mean) / d.StdErr
		if z > 4 {
			t.Errorf("seed %d: estimate %v is %.1f standard errors from %v", seed, d.Mean, z, exact.Mean)
		}
		if z > 2 {
			far++
		}
	}
	if far > 4 {
		t.Errorf("%d of 20 estimates are more than 2 standard errors off", far)
	}
	// With at least as many sources as nodes, sampling is exact.
	opt := PathOptions{Mode: Sampled, Sources: g.NumNodes()}
	if opt.Sampling(g) {
		t.Error("sampling all nodes counts as sampled")
	}
	if d := AverageDistance(g, opt); d != exact {
		t.Errorf("all sources: %+v, exact %+v", d, exact)
	}
	// Sampled betweenness is unbiased: its sum, over many pivots, is near the
	// exact sum.
	var es, ss float64
	for _, x := range BetweennessCentrality(g, PathOptions{Mode: Exact}).Values {
		es += x
	}
	for _, x := range BetweennessCentrality(g, PathOptions{Mode: Sampled, Sources: 60, Rand: rand.New(rand.NewPCG(1, 0))}).Values {
		ss += x
	}
	if math.Abs(ss-es) > 0.1*es {
		t.Errorf("sampled betweenness sums to %v, exact to %v", ss, es)
	}
}

func TestAutoMode(t *testing.T) {
	small := examples.MustRead("karate")
	if (PathOptions{}).Sampling(small) || !(PathOptions{Mode: Sampled, Sources: 10}).Sampling(small) {
		t.Error("Auto samples karate, or Sampled does not")
	}
	// A graph whose work n(n+2m) exceeds the limit: a path of 60,000 nodes.
	n := 60000
	es := make([][2]int32, n-1)
	for i := range es {
		es[i] = [2]int32{int32(i), int32(i + 1)}
	}
	big := build(t, n, es...)
	if Work(big) <= ExactWorkLimit || !(PathOptions{}).Sampling(big) || (PathOptions{Mode: Exact}).Sampling(big) {
		t.Errorf("work %g: Auto does not sample, or Exact does", Work(big))
	}
	for _, s := range []string{"auto", "exact", "sampled"} {
		m, err := ParseMode(s)
		if err != nil || m.String() != s {
			t.Errorf("ParseMode(%q) = %v, %v", s, m, err)
		}
	}
	if _, err := ParseMode("fast"); err == nil {
		t.Error("ParseMode(fast) accepted")
	}
}

func TestAssortativityHand(t *testing.T) {
	tests := []struct {
		name string
		g    *graph.Graph
		want float64
	}{
		{"star", build(t, 5, [2]int32{0, 1}, [2]int32{0, 2}, [2]int32{0, 3}, [2]int32{0, 4}), -1},
		// P4: edge-end degree pairs (1,2), (2,2), (2,1) both ways: mean
		// 5/3, r = −1/2.
		{"P4", build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}), -0.5},
		{"cycle (regular)", build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}, [2]int32{0, 3}), math.NaN()},
		{"two disjoint edges and a node", build(t, 5, [2]int32{0, 1}, [2]int32{2, 3}), math.NaN()},
		{"no edges", graph.New(3), math.NaN()},
		{"empty", graph.New(0), math.NaN()},
	}
	for _, tc := range tests {
		if got := Assortativity(tc.g); !same(got, tc.want) && math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: assortativity %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestDegreeKSHand(t *testing.T) {
	a := build(t, 4, [2]int32{0, 1}, [2]int32{2, 3})                 // degrees 1 1 1 1
	b := build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}) // 1 2 2 1
	c := build(t, 3, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{0, 2}) // 2 2 2
	d := build(t, 5, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}) // 1 2 2 1 0
	tests := []struct {
		name string
		x, y *graph.Graph
		want float64
	}{
		{"same", a, a, 0},
		{"half", a, b, 0.5},
		{"disjoint supports", a, c, 1},
		// F_b = (0, 1/2, 1) and F_d = (1/5, 3/5, 1) at degrees 0, 1, 2.
		{"different sizes", b, d, 0.2},
		{"empty", a, graph.New(0), math.NaN()},
	}
	for _, tc := range tests {
		got := DegreeKS(tc.x, tc.y)
		if !same(got, tc.want) && math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: KS %v, want %v", tc.name, got, tc.want)
		}
		if rev := DegreeKS(tc.y, tc.x); !same(rev, got) {
			t.Errorf("%s: not symmetric: %v, %v", tc.name, got, rev)
		}
	}
}

func TestTopK(t *testing.T) {
	vals := []float64{3, 7, 7, 1, 0, 7}
	if got := TopK(vals, 3); !slices.Equal(got, []int32{1, 2, 5}) {
		t.Errorf("TopK = %v (ties by smaller id)", got)
	}
	if got := TopK(vals, 10); len(got) != 6 || got[5] != 4 {
		t.Errorf("TopK(10) = %v", got)
	}
	if got := TopK(vals, -1); len(got) != 0 {
		t.Errorf("TopK(-1) = %v", got)
	}
	tests := []struct {
		name string
		a, b []float64
		k    int
		corr []int32
		want float64
	}{
		{"identical", vals, vals, 3, nil, 1},
		{"disjoint", []float64{3, 2, 1, 0}, []float64{0, 1, 2, 3}, 2, nil, 0},
		{"half", []float64{3, 2, 1, 0}, []float64{3, 0, 2, 1}, 2, nil, 0.5},
		// The second graph is the first with nodes renamed v -> 3-v.
		{"renamed", []float64{3, 2, 1, 0}, []float64{0, 1, 2, 3}, 2, []int32{3, 2, 1, 0}, 1},
		// Ties in the second graph are broken by the first graph's ids:
		// equal graphs overlap fully even when everything ties.
		{"all tie, renamed", []float64{1, 1, 1, 1}, []float64{1, 1, 1, 1}, 2, []int32{3, 2, 1, 0}, 1},
		{"missing counterpart", []float64{3, 2, 1, 0}, []float64{3, 2, 1, 0}, 2, []int32{-1, 1, 2, 3}, 0.5},
		{"k above n", []float64{1, 2}, []float64{2, 1, 0}, 100, nil, 1},
		{"no nodes", []float64{}, []float64{1}, 100, nil, math.NaN()},
	}
	for _, tc := range tests {
		if got := TopOverlap(tc.a, tc.b, tc.k, tc.corr); !same(got, tc.want) {
			t.Errorf("%s: overlap %v, want %v", tc.name, got, tc.want)
		}
	}
}

// bruteBetweenness computes betweenness from its definition: for every
// pair s < t (every ordered pair s ≠ t of a directed graph), each node v
// strictly between them on shortest paths gets σ_sv·σ_vt/σ_st, with
// distances and path counts from a search per node along out(v) (the
// neighbours, or the arcs out of v).
func bruteBetweenness(g *graph.Graph) []float64 {
	bc, _ := bruteDirected(g, func(v int32) []int32 { return g.Neighbors(v) }, false)
	return bc
}

// bruteDirected returns the betweenness and the average distance over the
// ordered pairs joined by a path, searching along out.
func bruteDirected(g *graph.Graph, out func(v int32) []int32, directed bool) ([]float64, float64) {
	n := g.NumNodes()
	dist := make([][]int, n)
	sigma := make([][]float64, n)
	for s := range n {
		dist[s] = make([]int, n)
		sigma[s] = make([]float64, n)
		for v := range dist[s] {
			dist[s][v] = -1
		}
		dist[s][s], sigma[s][s] = 0, 1
		queue := []int32{int32(s)}
		for h := 0; h < len(queue); h++ {
			v := queue[h]
			for _, u := range out(v) {
				if dist[s][u] < 0 {
					dist[s][u] = dist[s][v] + 1
					queue = append(queue, u)
				}
				if dist[s][u] == dist[s][v]+1 {
					sigma[s][u] += sigma[s][v]
				}
			}
		}
	}
	bc := make([]float64, n)
	var sum, pairs float64
	for s := range n {
		for t := range n {
			if t == s || dist[s][t] < 0 {
				continue
			}
			sum += float64(dist[s][t])
			pairs++
			if !directed && t < s {
				continue // each unordered pair once
			}
			for v := range n {
				if v != s && v != t && dist[s][v] > 0 && dist[v][t] > 0 && dist[s][v]+dist[v][t] == dist[s][t] {
					bc[v] += sigma[s][v] * sigma[v][t] / sigma[s][t]
				}
			}
		}
	}
	return bc, sum / pairs
}

// TestDirectedPaths checks the distances and betweenness of random
// directed graphs, exact and paired with their tie kinds, against the
// definitions along arcs.
func TestDirectedPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 6 {
		g, err := testgraphs.RandomTyped(r, 8+4*trial, 0.25, true, []string{"a", "b"})
		if err != nil {
			t.Fatal(err)
		}
		out := func(v int32) []int32 {
			var o []int32
			for i, w := range g.Neighbors(v) {
				if g.IncidentKind(v, i).Outgoing() {
					o = append(o, w)
				}
			}
			return o
		}
		wantBC, wantMean := bruteDirected(g, out, true)
		d, b := Paths(g, PathOptions{Mode: Exact, Threads: 2})
		if math.Abs(d.Mean-wantMean) > 1e-9 {
			t.Errorf("trial %d: average distance %v, want %v", trial, d.Mean, wantMean)
		}
		for v := range wantBC {
			if math.Abs(b.Values[v]-wantBC[v]) > 1e-9*max(1, wantBC[v]) {
				t.Fatalf("trial %d: betweenness of %d is %v, want %v", trial, v, b.Values[v], wantBC[v])
			}
		}
	}
}

// TestBetweennessBruteForce checks exact betweenness on graphs large enough
// for the sweep to renumber them in search order, against the definition.
func TestBetweennessBruteForce(t *testing.T) {
	for _, name := range []string{"karate", "dolphins", "football", "lesmis"} {
		g := examples.MustRead(name)
		// Split the graph into two components, so that renumbering
		// has more than one search to order.
		h := g.Clone()
		for _, u := range slices.Clone(h.Neighbors(0)) {
			h.DeleteEdge(0, u)
		}
		h.AddEdge(0, int32(h.NumNodes()-1))
		for _, gg := range []*graph.Graph{g, h} {
			want := bruteBetweenness(gg)
			_, b := Paths(gg, PathOptions{Mode: Exact, Threads: 2})
			for v := range want {
				if math.Abs(b.Values[v]-want[v]) > 1e-9*max(1, want[v]) {
					t.Fatalf("%s: betweenness of %d is %v, want %v", name, v, b.Values[v], want[v])
				}
			}
		}
	}
}

func TestBFSOrdered(t *testing.T) {
	g := examples.MustRead("lesmis")
	g.AddNode("") // an isolated node
	c := newCSR(g)
	d, perm := c.bfsOrdered()
	n := g.NumNodes()
	seen := make([]bool, n)
	for _, p := range perm {
		if p < 0 || int(p) >= n || seen[p] {
			t.Fatalf("perm %v is not a permutation", perm)
		}
		seen[p] = true
	}
	if len(d.adj) != len(c.adj) {
		t.Fatalf("%d adjacency entries, want %d", len(d.adj), len(c.adj))
	}
	for v := range n {
		nb := d.neighbors(perm[v])
		if !slices.IsSorted(nb) {
			t.Fatalf("neighbours of %d not sorted: %v", perm[v], nb)
		}
		want := make([]int32, 0, len(nb))
		for _, u := range g.Neighbors(int32(v)) {
			want = append(want, perm[u])
		}
		slices.Sort(want)
		if !slices.Equal(nb, want) {
			t.Fatalf("neighbours of %d (new %d): %v, want %v", v, perm[v], nb, want)
		}
	}
	// Search order: every node after the first of its component has a
	// neighbour numbered before it.
	for i := 1; i < n; i++ {
		nb := d.neighbors(int32(i))
		if len(nb) > 0 && nb[0] > int32(i) {
			t.Errorf("node %d has no earlier neighbour: %v", i, nb)
		}
	}
}

// TestSearchPrefetchSameResult forces the prefetching that only large
// graphs get and checks that searches find the same distances and
// betweenness sums.
func TestSearchPrefetchSameResult(t *testing.T) {
	for _, name := range []string{"karate", "lesmis", "football", "dolphins"} {
		c := newCSR(examples.MustRead(name))
		var s [2]*searcher
		for i := range s {
			s[i] = newSearcher(c, true)
			s[i].prefetch = i == 1
		}
		for src := range int32(c.numNodes()) {
			d0, r0 := s[0].brandes(src)
			d1, r1 := s[1].brandes(src)
			b0, q0 := s[0].bfs(src)
			b1, q1 := s[1].bfs(src)
			if d0 != d1 || r0 != r1 || b0 != b1 || q0 != q1 || d0 != b0 {
				t.Fatalf("%s from %d: (%d %d %d %d) vs (%d %d %d %d)", name, src, d0, r0, b0, q0, d1, r1, b1, q1)
			}
		}
		if !slices.Equal(s[0].acc, s[1].acc) {
			t.Errorf("%s: betweenness sums differ with prefetching", name)
		}
	}
}

// TestClusteringOfCounts checks the summary from degrees and triangle
// counts alone against a hand computation, and against ClusteringSummary,
// bit for bit, on random graphs, on a graph without triples and on one
// without nodes.
func TestClusteringOfCounts(t *testing.T) {
	// A triangle 0-1-2 with a pendant 3 at 0: local clustering 1/3, 1, 1,
	// 0; closed triples 3 (one per corner) of 3+1+1+0.
	tri, avg, trans := ClusteringOfCounts([]int32{3, 2, 2, 1}, []int32{1, 1, 1, 0})
	if tri != 1 || math.Abs(avg-7.0/12) > 1e-15 || math.Abs(trans-3.0/5) > 1e-15 {
		t.Errorf("triangle with a pendant: %d %v %v, want 1 7/12 3/5", tri, avg, trans)
	}
	gs, err := testgraphs.Random(rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	gs = append(gs, testgraphs.Named{Name: "matching", G: build(t, 5, [2]int32{0, 1}, [2]int32{2, 3})}, testgraphs.Named{Name: "empty", G: graph.New(0)})
	for _, ng := range gs {
		g := ng.G
		deg := make([]int32, g.NumNodes())
		for v := range deg {
			deg[v] = int32(g.Degree(int32(v)))
		}
		tri, avg, trans := ClusteringOfCounts(deg, g.TriangleCounts(1))
		wantTri, wantAvg, wantTrans := ClusteringSummary(g, 2)
		if tri != wantTri || math.Float64bits(avg) != math.Float64bits(wantAvg) && !(math.IsNaN(avg) && math.IsNaN(wantAvg)) ||
			math.Float64bits(trans) != math.Float64bits(wantTrans) && !(math.IsNaN(trans) && math.IsNaN(wantTrans)) {
			t.Errorf("%s: %d %v %v, want %d %v %v", ng.Name, tri, avg, trans, wantTri, wantAvg, wantTrans)
		}
	}
}
