package utility

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
)

// checkPartition checks what Leiden guarantees of a partition: one
// community per node, numbered 0..k-1 in order of their smallest node, every
// community connected, found so by the algorithm itself (no repair needed),
// and the modularity reported is the partition's.
func checkPartition(t *testing.T, g *graph.Graph, p Partition) {
	t.Helper()
	n := g.NumNodes()
	if len(p.Membership) != n {
		t.Fatalf("membership of length %d for %d nodes", len(p.Membership), n)
	}
	next := int32(0)
	for v, c := range p.Membership {
		if c > next || c < 0 {
			t.Fatalf("node %d in community %d before community %d appeared", v, c, next)
		}
		if c == next {
			next++
		}
	}
	if int(next) != p.Communities {
		t.Fatalf("%d communities used, %d reported", next, p.Communities)
	}
	if p.split != 0 {
		t.Errorf("Leiden left %d disconnected communities that had to be split", p.split)
	}
	// Every community is connected: a search within the community from its
	// first node reaches all its nodes.
	size := make([]int, p.Communities)
	for _, c := range p.Membership {
		size[c]++
	}
	seen := make([]bool, n)
	for s := range n {
		c := p.Membership[s]
		if seen[s] || size[c] == 0 {
			continue
		}
		queue := []int32{int32(s)}
		seen[s] = true
		for h := 0; h < len(queue); h++ {
			for _, u := range g.Neighbors(queue[h]) {
				if !seen[u] && p.Membership[u] == c {
					seen[u] = true
					queue = append(queue, u)
				}
			}
		}
		if len(queue) != size[c] {
			t.Fatalf("community %d is not connected: %d of its %d nodes reachable from node %d", c, len(queue), size[c], s)
		}
		size[c] = 0
	}
	q, err := Modularity(g, p.Membership, 1)
	if err != nil || (q != p.Modularity && !(math.IsNaN(q) && math.IsNaN(p.Modularity))) {
		t.Errorf("reported modularity %v, recomputed %v (%v)", p.Modularity, q, err)
	}
}

func TestLeidenKarate(t *testing.T) {
	g := examples.MustRead("karate")
	for seed := range uint64(20) {
		p, err := Leiden(g, rand.New(rand.NewPCG(seed, 0)), LeidenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkPartition(t, g, p)
		if p.Modularity < 0.41 {
			t.Errorf("seed %d: modularity %.4f < 0.41", seed, p.Modularity)
		}
	}
}

func TestLeidenValidOnManyGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, name := range []string{"lesmis", "dolphins", "football", "example7", "rooted9", "startri"} {
		g := examples.MustRead(name)
		for seed := range uint64(5) {
			p, err := Leiden(g, rand.New(rand.NewPCG(seed, 1)), LeidenOptions{Iterations: -1})
			if err != nil {
				t.Fatal(err)
			}
			checkPartition(t, g, p)
		}
	}
	// Random sparse graphs with many components and some isolated nodes,
	// at several resolutions.
	for i := range 30 {
		n := 20 + rng.IntN(200)
		var es []graph.Edge
		for range n + rng.IntN(2*n) {
			es = append(es, graph.MakeEdge(int32(rng.IntN(n)), int32(rng.IntN(n))))
		}
		g, _, err := graph.FromEdges(n, es, nil)
		if err != nil {
			t.Fatal(err)
		}
		res := []float64{0.5, 1, 2}[i%3]
		p, err := Leiden(g, rand.New(rand.NewPCG(uint64(i), 2)), LeidenOptions{Resolution: res})
		if err != nil {
			t.Fatal(err)
		}
		pq := p
		if res != 1 {
			// checkPartition recomputes modularity at resolution 1.
			pq.Modularity, _ = Modularity(g, p.Membership, 1)
			if q, _ := Modularity(g, p.Membership, res); q != p.Modularity {
				t.Errorf("resolution %v: reported %v, recomputed %v", res, p.Modularity, q)
			}
		}
		checkPartition(t, g, pq)
	}
}

func TestLeidenDeterministic(t *testing.T) {
	g := examples.MustRead("football")
	run := func(seed uint64) Partition {
		p, err := Leiden(g, rand.New(rand.NewPCG(seed, 0)), LeidenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := run(5), run(5)
	if !slices.Equal(a.Membership, b.Membership) || a.Modularity != b.Modularity {
		t.Error("the same seed gave different partitions")
	}
	// Different seeds explore different orders; on dolphins they do not
	// all find the same partition.
	g = examples.MustRead("dolphins")
	distinct := map[float64]bool{}
	for seed := range uint64(10) {
		p, _ := Leiden(g, rand.New(rand.NewPCG(seed, 0)), LeidenOptions{})
		distinct[p.Modularity] = true
	}
	if len(distinct) < 2 {
		t.Error("10 seeds gave the same partition of dolphins: is the generator used?")
	}
}

func TestLeidenEdgeCases(t *testing.T) {
	p, err := Leiden(graph.New(0), nil, LeidenOptions{})
	if err != nil || len(p.Membership) != 0 || p.Communities != 0 || !math.IsNaN(p.Modularity) {
		t.Errorf("empty graph: %+v, %v", p, err)
	}
	p, err = Leiden(graph.New(4), nil, LeidenOptions{})
	if err != nil || !slices.Equal(p.Membership, []int32{0, 1, 2, 3}) || !math.IsNaN(p.Modularity) {
		t.Errorf("graph without edges: %+v, %v", p, err)
	}
	// Two disjoint triangles: two communities, Q = 2·(3/6 − (6/12)²) = 0.5.
	g := build(t, 6, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{0, 2}, [2]int32{3, 4}, [2]int32{4, 5}, [2]int32{3, 5})
	p, err = Leiden(g, nil, LeidenOptions{})
	if err != nil || !slices.Equal(p.Membership, []int32{0, 0, 0, 1, 1, 1}) || math.Abs(p.Modularity-0.5) > 1e-15 {
		t.Errorf("two triangles: %+v, %v", p, err)
	}
	for _, opt := range []LeidenOptions{{Resolution: -1}, {Resolution: math.NaN()}, {Randomness: -0.1}, {Randomness: math.Inf(1)}} {
		if _, err := Leiden(g, nil, opt); err == nil {
			t.Errorf("options %+v accepted", opt)
		}
	}
}

func TestModularity(t *testing.T) {
	// A path 0-1-2-3 split in halves: L = (1, 1), K = (3, 3), m = 3:
	// Q = 2·(1/3 − (3/6)²) = 1/6.
	g := build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3})
	q, err := Modularity(g, []int32{7, 7, 9, 9}, 1)
	if err != nil || math.Abs(q-1.0/6) > 1e-15 {
		t.Errorf("Q = %v, %v; want 1/6", q, err)
	}
	// One community: Q = 1 − 1 = 0.
	if q, _ := Modularity(g, []int32{0, 0, 0, 0}, 1); q != 0 {
		t.Errorf("one community: Q = %v", q)
	}
	if _, err := Modularity(g, []int32{0, 1}, 1); err == nil {
		t.Error("short membership accepted")
	}
	if _, err := Modularity(g, []int32{0, -1, 0, 0}, 1); err == nil {
		t.Error("negative community accepted")
	}
	if q, err := Modularity(graph.New(3), []int32{0, 1, 2}, 1); err != nil || !math.IsNaN(q) {
		t.Errorf("no edges: %v, %v", q, err)
	}
}

func TestNMIHandExamples(t *testing.T) {
	ln := math.Log
	// H of sizes (3, 1) out of 4.
	h31 := -(0.75*ln(0.75) + 0.25*ln(0.25))
	tests := []struct {
		name string
		a, b []int32
		want float64
	}{
		{"identical", []int32{0, 0, 1, 1, 2}, []int32{0, 0, 1, 1, 2}, 1},
		{"renamed", []int32{0, 0, 1, 1, 2}, []int32{5, 5, 9, 9, 0}, 1},
		{"both one part", []int32{3, 3, 3}, []int32{1, 1, 1}, 1},
		{"both singletons", []int32{0, 1, 2}, []int32{2, 0, 1}, 1},
		{"one part against two", []int32{0, 0, 0, 0}, []int32{0, 0, 1, 1}, 0},
		// Crossed halves: every cell has n/4 elements, so I = 0 exactly.
		{"independent", []int32{0, 0, 1, 1}, []int32{0, 1, 0, 1}, 0},
		{"independent 3x2", []int32{0, 0, 1, 1, 2, 2}, []int32{0, 1, 0, 1, 0, 1}, 0},
		// a = {0,1},{2,3}; b = {0,1,2},{3}. Cells: (a0,b0)=2, (a1,b0)=1,
		// (a1,b1)=1. I = 2/4 ln(4·2/(2·3)) + 1/4 ln(4·1/(2·3)) + 1/4 ln(4·1/(2·1)).
		{"hand", []int32{0, 0, 1, 1}, []int32{0, 0, 0, 1},
			2 * (0.5*ln(4.0/3) + 0.25*ln(2.0/3) + 0.25*ln(2)) / (ln(2) + h31)},
		// Sparse labels take the sorting path.
		{"sparse labels", []int32{1 << 30, 1 << 30, 7, 7}, []int32{0, 0, 0, 1},
			2 * (0.5*ln(4.0/3) + 0.25*ln(2.0/3) + 0.25*ln(2)) / (ln(2) + h31)},
	}
	for _, tc := range tests {
		got, err := NMI(tc.a, tc.b)
		if err != nil || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: NMI = %v, %v; want %v", tc.name, got, err, tc.want)
		}
		if rev, _ := NMI(tc.b, tc.a); rev != got {
			t.Errorf("%s: NMI not symmetric: %v and %v", tc.name, got, rev)
		}
	}
	// Large independent random partitions: NMI near 0.
	rng := rand.New(rand.NewPCG(1, 2))
	a, b := make([]int32, 100000), make([]int32, 100000)
	for i := range a {
		a[i], b[i] = int32(rng.IntN(5)), int32(rng.IntN(7))
	}
	if got, _ := NMI(a, b); got > 0.001 {
		t.Errorf("independent random partitions: NMI = %v, want about 0", got)
	}
	for _, bad := range [][2][]int32{{{0, 1}, {0}}, {{}, {}}, {{0, -1}, {0, 0}}, {{0, 0}, {-2, 0}}} {
		if _, err := NMI(bad[0], bad[1]); err == nil {
			t.Errorf("NMI(%v, %v) accepted", bad[0], bad[1])
		}
	}
}

// TestLeidenPrefetchSameResult forces the prefetching that only large
// levels get and checks that it changes nothing: it must only read ahead.
func TestLeidenPrefetchSameResult(t *testing.T) {
	for _, name := range examples.Names() {
		g := examples.MustRead(name)
		if g.NumEdges() == 0 {
			continue
		}
		c := newCSR(g)
		var memb [2][]int32
		for i, min := range []int{prefetchMinNodes, 0} {
			ld := newLeidenState(g.NumNodes(), rand.New(rand.NewPCG(7, 7)), 1/float64(len(c.adj)), 0.01)
			ld.prefetchMin = min
			memb[i] = allNodes(g.NumNodes())
			for range 2 {
				ld.iterate(&level{off: c.off, adj: c.adj}, memb[i])
			}
		}
		if !slices.Equal(memb[0], memb[1]) {
			t.Errorf("%s: partitions differ with prefetching", name)
		}
	}
}

// TestSplitDisconnected: the repair run after a fallback aggregation gives
// each connected part of a community its own community.
func TestSplitDisconnected(t *testing.T) {
	// Path 0-1-2-3-4 and the edge 5-6. Community 0 = {0, 1, 3, 4} is in
	// two parts ({0, 1} and {3, 4}); community 1 = {2} is whole;
	// community 2 = {5, 6} is whole.
	g := build(t, 7, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}, [2]int32{3, 4}, [2]int32{5, 6})
	memb := []int32{0, 0, 1, 0, 0, 2, 2}
	if k := splitDisconnected(newCSR(g), memb); k != 4 {
		t.Errorf("%d communities after splitting, want 4", k)
	}
	if want := []int32{0, 0, 1, 2, 2, 3, 3}; !slices.Equal(memb, want) {
		t.Errorf("membership %v, want %v", memb, want)
	}
}
