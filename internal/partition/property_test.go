package partition

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// Random test graphs of three kinds: Erdős–Rényi, Barabási–Albert
// (preferential attachment, hubs) and clustered (a ring lattice with
// random chords, many triangles).
func randomGraph(r *rand.Rand, kind string, n int) *graph.Graph {
	g := graph.New(n)
	switch kind {
	case "er":
		p := 3.0 / float64(n)
		for u := range n {
			for v := u + 1; v < n; v++ {
				if r.Float64() < p {
					g.AddEdge(int32(u), int32(v))
				}
			}
		}
	case "ba":
		var ends []int32
		g.AddEdge(0, 1)
		ends = append(ends, 0, 1)
		for v := 2; v < n; v++ {
			for range 2 {
				u := ends[r.IntN(len(ends))]
				if g.AddEdge(int32(v), u) {
					ends = append(ends, int32(v), u)
				}
			}
		}
	case "clustered":
		for v := range n {
			g.AddEdge(int32(v), int32((v+1)%n))
			g.AddEdge(int32(v), int32((v+2)%n))
		}
		for range n / 4 {
			g.AddEdge(int32(r.IntN(n)), int32(r.IntN(n)))
		}
	}
	return g
}

var allMeasures = []measure.Measure{
	measure.Degree{}, measure.Count{}, measure.DegDist{}, measure.DK{}, measure.DK{Unrooted: true},
	measure.VRQ{}, measure.Hybrid{}, measure.Hybrid{Unrooted: true}, measure.EdgeCount{}, measure.None{}, measure.Automorphism{},
}

// forEachCase runs f as a subtest, named kind/measure/d=D, for each of the
// three kinds of random graphs, each measure of allMeasures and d = 1 and
// 2, in that order.
func forEachCase(t *testing.T, f func(t *testing.T, kind string, m measure.Measure, d int)) {
	t.Helper()
	for _, kind := range []string{"er", "ba", "clustered"} {
		for _, m := range allMeasures {
			for d := 1; d <= 2; d++ {
				t.Run(fmt.Sprintf("%s/%s/d=%d", kind, m.Name(), d), func(t *testing.T) { f(t, kind, m, d) })
			}
		}
	}
}

// samePartition compares two partitions of the same nodes.
func samePartition(a, b *Partition) bool {
	return slices.Equal(a.Representatives(), b.Representatives())
}

// checkConsistent verifies the derived counts of p against its classes.
func checkConsistent(t *testing.T, p *Partition) {
	t.Helper()
	classes := p.Classes()
	if len(classes) != p.NumClasses() {
		t.Fatalf("NumClasses = %d, but %d classes", p.NumClasses(), len(classes))
	}
	unique, below := 0, 0
	hist := map[int]int{}
	for _, c := range classes {
		hist[len(c)]++
		if len(c) == 1 {
			unique++
		}
		if len(c) < p.K() {
			below += len(c)
		}
		for _, v := range c {
			if p.ClassSize(v) != len(c) || p.Representative(v) != c[0] {
				t.Fatalf("node %d: size %d rep %d, class %v", v, p.ClassSize(v), p.Representative(v), c)
			}
		}
	}
	if unique != p.Unique() || below != p.NotAnonymous() {
		t.Fatalf("unique %d/%d, not anonymous %d/%d", p.Unique(), unique, p.NotAnonymous(), below)
	}
	for _, sc := range p.Histogram() {
		if hist[sc.Size] != sc.Classes {
			t.Fatalf("histogram %v, want %v", p.Histogram(), hist)
		}
	}
}

// updateAndCheck updates p after changes of its graph and compares it with
// a partition of a copy of the graph computed from scratch.
func updateAndCheck(t *testing.T, p *Partition, round int) {
	t.Helper()
	p.Update()
	scratch, err := New(p.g.Clone(), p.m, p.dReq, Options{Threads: 1, K: p.k})
	if err != nil {
		t.Fatal(err)
	}
	if !samePartition(p, scratch) {
		t.Fatalf("round %d: updated %s\nfrom scratch %s", round, formatClasses(p.Classes()), formatClasses(scratch.Classes()))
	}
	checkConsistent(t, p)
}

// TestIncrementalEqualsScratch applies random batches of deletions and
// additions through a partition and compares it after every Update with a
// partition computed from scratch, for every measure, d = 1 and 2, on three
// kinds of random graphs. It also checks Flipped against the change of
// every node's k-anonymity.
func TestIncrementalEqualsScratch(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	forEachCase(t, func(t *testing.T, kind string, m measure.Measure, d int) {
		n := 40
		if testing.Short() {
			n = 25
		}
		g := randomGraph(r, kind, n)
		p, err := New(g, m, d, Options{Threads: 3, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		for round := range 12 {
			before := make([]bool, n)
			for v := range before {
				before[v] = p.Anonymous(int32(v))
			}
			batch := 1 + r.IntN(4)
			for range batch {
				if g.NumEdges() > 0 && r.IntN(3) > 0 {
					e := g.RandomEdge(r)
					if !p.DeleteEdge(e.U, e.V) {
						t.Fatalf("DeleteEdge(%v) = false", e)
					}
				} else {
					p.AddEdge(int32(r.IntN(n)), int32(r.IntN(n)))
				}
			}
			updateAndCheck(t, p, round)
			flipped := map[int32]bool{}
			if !slices.IsSorted(p.Flipped()) {
				t.Fatalf("Flipped not in increasing order: %v", p.Flipped())
			}
			for _, v := range p.Flipped() {
				if flipped[v] {
					t.Fatalf("Flipped repeats %d", v)
				}
				flipped[v] = true
			}
			for v := range int32(n) {
				if (before[v] != p.Anonymous(v)) != flipped[v] {
					t.Fatalf("round %d: node %d anonymous %v→%v but flipped=%v", round, v, before[v], p.Anonymous(v), flipped[v])
				}
			}
		}
	})
}

// relabel returns g with node v renamed perm[v].
func relabel(g *graph.Graph, perm []int32) *graph.Graph {
	h := graph.New(g.NumNodes())
	for _, e := range g.Edges() {
		h.AddEdge(perm[e.U], perm[e.V])
	}
	return h
}

// TestRelabelInvariance checks that renaming the nodes renames the classes
// and changes nothing else.
func TestRelabelInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, kind := range []string{"er", "ba", "clustered"} {
		g := randomGraph(r, kind, 60)
		perm := make([]int32, 60)
		for i := range perm {
			perm[i] = int32(i)
		}
		r.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		h := relabel(g, perm)
		for _, m := range allMeasures {
			for d := 1; d <= 2; d++ {
				p := mustPartition(t, g, m, d)
				q := mustPartition(t, h, m, d)
				for u := range int32(60) {
					for _, v := range []int32{(u + 1) % 60, (u * 7) % 60} {
						if (p.Class(u) == p.Class(v)) != (q.Class(perm[u]) == q.Class(perm[v])) {
							t.Fatalf("%s %s d=%d: %d~%d is %v, relabelled %v", kind, m.Name(), d, u, v, p.Class(u) == p.Class(v), q.Class(perm[u]) == q.Class(perm[v]))
						}
					}
				}
				if p.NumClasses() != q.NumClasses() || p.Unique() != q.Unique() {
					t.Fatalf("%s %s d=%d: %d classes/%d unique vs %d/%d", kind, m.Name(), d, p.NumClasses(), p.Unique(), q.NumClasses(), q.Unique())
				}
			}
		}
	}
}

// finer reports whether partition a refines b: equal under a ⇒ equal under b.
func finer(a, b *Partition) bool {
	n := int32(a.Graph().NumNodes())
	for v := range n {
		if b.Representative(v) != b.Representative(a.Representative(v)) {
			return false
		}
	}
	return true
}

// TestImplications checks that every measure is at least as fine as the
// measures it implies.
func TestImplications(t *testing.T) {
	implies := []struct{ fine, coarse measure.Measure }{
		{measure.Count{}, measure.Degree{}},
		{measure.Count{}, measure.EdgeCount{}},
		{measure.DegDist{}, measure.Count{}},
		{measure.DK{}, measure.DegDist{}},
		{measure.DK{}, measure.DK{Unrooted: true}},
		{measure.VRQ{}, measure.Degree{}},
		{measure.Hybrid{}, measure.DK{}},
		{measure.Hybrid{}, measure.VRQ{}},
		{measure.Hybrid{Unrooted: true}, measure.DK{Unrooted: true}},
		{measure.Degree{}, measure.None{}},
		{measure.EdgeCount{}, measure.None{}},
	}
	r := rand.New(rand.NewPCG(5, 8))
	for _, kind := range []string{"er", "ba", "clustered"} {
		g := randomGraph(r, kind, 80)
		for d := 1; d <= 3; d++ {
			for _, im := range implies {
				a, b := mustPartition(t, g, im.fine, d), mustPartition(t, g, im.coarse, d)
				if !finer(a, b) {
					t.Errorf("%s d=%d: %s is not finer than %s", kind, d, im.fine.Name(), im.coarse.Name())
				}
				// Distance d is at least as fine as d-1.
				if d > 1 && !finer(a, mustPartition(t, g, im.fine, d-1)) {
					t.Errorf("%s: %s at d=%d is not finer than at d=%d", kind, im.fine.Name(), d, d-1)
				}
			}
		}
	}
}

// TestTwinShortcut checks that New, which computes one signature per twin
// class, gives the partition of grouping every node's own signature, on
// random graphs with many open and closed twins (leaves of stars, members
// of cliques, isolated nodes and isolated edges), for every measure at
// d = 1, 2.
func TestTwinShortcut(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 5))
	for trial := range 4 {
		g := randomGraph(r, []string{"er", "ba"}[trial%2], 30)
		n := int32(g.NumNodes())
		grow := func() int32 { g.AddNode(fmt.Sprint(g.NumNodes())); return int32(g.NumNodes() - 1) }
		for range 3 { // stars hung on random nodes: open twins
			c := grow()
			g.AddEdge(c, int32(r.IntN(int(n))))
			for range 2 + r.IntN(3) {
				g.AddEdge(c, grow())
			}
		}
		for range 2 { // cliques hung on random nodes: closed twins
			var k []int32
			for range 3 {
				k = append(k, grow())
			}
			for i, a := range k {
				g.AddEdge(a, int32(r.IntN(int(n))))
				for _, b := range k[i+1:] {
					g.AddEdge(a, b)
				}
			}
		}
		grow()
		grow()
		g.AddEdge(grow(), grow())
		g.AddEdge(grow(), grow())
		if got, want := TwinClasses(g), bruteTwins(g); !slices.Equal(got, want) {
			t.Fatalf("trial %d: twin classes %v, brute force %v", trial, got, want)
		}
		for _, m := range allMeasures {
			for d := 1; d <= 2; d++ {
				p, err := New(g, m, d, Options{K: 2})
				if err != nil {
					t.Fatal(err)
				}
				ev := m.NewEvaluator(g, d)
				first := map[string]int32{}
				for v := range int32(g.NumNodes()) {
					sig := string(ev.AppendSignature(nil, v))
					f, ok := first[sig]
					if !ok {
						first[sig] = v
						f = v
					}
					if p.Representative(v) != f {
						t.Fatalf("trial %d %s d=%d: node %d has representative %d, its signature's first node is %d", trial, m.Name(), d, v, p.Representative(v), f)
					}
				}
			}
		}
	}
}

// byID is a measure that is not structural: every node's signature is its
// id, so twins differ.
type byID struct{}

func (byID) Name() string                                         { return "by-id" }
func (byID) Scope() measure.Scope                                 { return measure.Endpoints }
func (byID) Prefilter() measure.Measure                           { return nil }
func (byID) Knows(int) string                                     { return "each node's id" }
func (byID) NewEvaluator(g *graph.Graph, d int) measure.Evaluator { return byIDEval{} }

type byIDEval struct{}

func (byIDEval) AppendSignature(dst []byte, v int32) []byte { return fmt.Appendf(dst, "%d", v) }

// TestTwinShortcutStructuralOnly checks that twins are not merged under a
// measure that is not structural.
func TestTwinShortcutStructuralOnly(t *testing.T) {
	g := graph.New(6) // a star: the leaves 1..5 are twins
	for x := int32(1); x < 6; x++ {
		g.AddEdge(0, x)
	}
	p, err := New(g, byID{}, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.NumClasses() != 6 {
		t.Errorf("%d classes under a measure that tells every node apart, want 6", p.NumClasses())
	}
	// Attributes the attacker knows split the twin leaves: {1, 2}, {3, 4, 5}.
	colors := []int32{0, 1, 1, 2, 2, 2}
	for _, d := range []int{1, 2} {
		for _, m := range []measure.Measure{measure.Count{}, measure.DK{}, measure.DegDist{}} {
			p, err := New(g, measure.Refined{Measure: m, Colors: colors}, d, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if p.NumClasses() != 3 || p.ClassSize(1) != 2 || p.ClassSize(3) != 3 {
				t.Errorf("attributed %s d=%d: %v, want [[0] [1 2] [3 4 5]]", m.Name(), d, p.Classes())
			}
		}
	}
}

// TestDeleteEdgesAt deletes random batches of edges at once through a
// partition and compares it after every Update with a partition computed
// from scratch (deleteBatchAndCheck), for every measure, d = 1 and 2, on
// three kinds of random graphs with batches of up to 8 edges, and on
// larger graphs under the measures whose deletions ua batches, with
// batches large enough to be shared among goroutines.
func TestDeleteEdgesAt(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 5))
	forEachCase(t, func(t *testing.T, kind string, m measure.Measure, d int) {
		g := randomGraph(r, kind, 40)
		p, err := New(g, m, d, Options{Threads: 3, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 6 && g.NumEdges() > 0; round++ {
			deleteBatchAndCheck(t, r, p, 1+r.IntN(8), round)
		}
	})
	for _, kind := range []string{"ba", "clustered"} {
		for _, m := range []measure.Measure{measure.Count{}, measure.DK{}, measure.DegDist{}} {
			t.Run(fmt.Sprintf("shared/%s/%s", kind, m.Name()), func(t *testing.T) {
				g := randomGraph(r, kind, 1500)
				p, err := New(g, m, 1, Options{Threads: 3, K: 2})
				if err != nil {
					t.Fatal(err)
				}
				for round := 0; round < 3 && g.NumEdges() > 0; round++ {
					deleteBatchAndCheck(t, r, p, g.NumEdges()/5, round)
				}
			})
		}
	}
}

// deleteBatchAndCheck deletes b random edges of p's graph at once with
// three goroutines and checks the partition against one from scratch, the
// triangle counts it keeps against a count from scratch, and the common
// neighbours reported lost against those of each remaining edge's ends
// before and after.
func deleteBatchAndCheck(t *testing.T, r *rand.Rand, p *Partition, b, round int) {
	t.Helper()
	g := p.g
	before := g.Clone()
	pos := make([]int32, 0, b)
	for _, i := range r.Perm(g.NumEdges())[:min(g.NumEdges(), b)] {
		pos = append(pos, int32(i))
	}
	var mu sync.Mutex
	lost := map[[2]int32]bool{} // {position before, node}
	p.DeleteEdgesAt(pos, 3, func(e, x int32) {
		mu.Lock()
		defer mu.Unlock()
		if lost[[2]int32{e, x}] {
			t.Errorf("edge %d lost %d twice", e, x)
		}
		lost[[2]int32{e, x}] = true
	}, nil)
	updateAndCheck(t, p, round)
	if p.tri != nil && !slices.Equal(p.tri, g.TriangleCounts(1)) {
		t.Fatalf("round %d: triangle counts %v, want %v", round, p.tri, g.TriangleCounts(1))
	}
	want := 0
	for i, e := range before.Edges() {
		if !g.HasEdge(e.U, e.V) {
			continue
		}
		for _, x := range before.CommonNeighbors(nil, e.U, e.V) {
			if g.HasEdge(e.U, x) && g.HasEdge(e.V, x) {
				continue
			}
			want++
			if !lost[[2]int32{int32(i), x}] {
				t.Fatalf("round %d: edge %v (at %d) lost %d, not reported", round, e, i, x)
			}
		}
	}
	if len(lost) != want {
		t.Fatalf("round %d: %d losses reported, want %d", round, len(lost), want)
	}
}
