package anonymize

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// bruteDegreeCost returns the least L1 cost of a k-anonymous degree
// sequence for deg by trying every partition of the nodes into groups of at
// least k (each group takes its largest degree when raise is set, else its
// smallest): it assumes nothing about which groups can be optimal. With
// even set only partitions of even cost count (-1 if there is none).
func bruteDegreeCost(deg []int, k int, raise, even bool) int {
	n := len(deg)
	best := -1
	block := make([]int, n) // restricted growth string: block[i] ≤ 1 + max(block[:i])
	var rec func(i, blocks int)
	rec = func(i, blocks int) {
		if i == n {
			size := make([]int, blocks)
			ext := make([]int, blocks) // the group's max (raise) or min
			for b := range ext {
				ext[b] = -1
			}
			for v, b := range block {
				size[b]++
				if ext[b] < 0 || (raise && deg[v] > ext[b]) || (!raise && deg[v] < ext[b]) {
					ext[b] = deg[v]
				}
			}
			cost := 0
			for _, s := range size {
				if s < k {
					return
				}
			}
			for v, b := range block {
				cost += max(ext[b]-deg[v], deg[v]-ext[b])
			}
			if (best < 0 || cost < best) && (!even || cost%2 == 0) {
				best = cost
			}
			return
		}
		for b := 0; b <= blocks && b < n; b++ {
			block[i] = b
			rec(i+1, max(blocks, b+1))
		}
	}
	rec(0, 0)
	return best
}

// checkTargets verifies that target is k-anonymous, moves every degree in
// the allowed direction, and costs what degreeTargets says.
func checkTargets(t *testing.T, deg, target []int, k int, raise bool, cost int) {
	t.Helper()
	count := map[int]int{}
	sum := 0
	for v, x := range target {
		count[x]++
		if (raise && x < deg[v]) || (!raise && x > deg[v]) {
			t.Fatalf("deg %v → %v: node %d moves the wrong way", deg, target, v)
		}
		sum += max(x-deg[v], deg[v]-x)
	}
	for x, c := range count {
		if c < k {
			t.Fatalf("deg %v → %v: value %d taken by %d < %d nodes", deg, target, x, c, k)
		}
	}
	if sum != cost {
		t.Fatalf("deg %v → %v: cost %d, reported %d", deg, target, sum, cost)
	}
}

// TestDegreeTargetsOptimal compares the dynamic programme with a brute-force
// optimum over all partitions on random degree sequences (half of them of
// random graphs) of up to 10 nodes, both directions, k = 1..4, and so the
// programme restricted to even costs; the greedy grouping must be valid and
// no better than the optimum.
func TestDegreeTargetsOptimal(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 7))
	for trial := range 150 {
		n := 1 + trial%10
		deg := make([]int, n)
		for i := range deg {
			deg[i] = r.IntN(12)
		}
		if trial%2 == 1 { // the degrees of a random graph
			g := randomGraph(r, n, r.IntN(n*(n-1)/2+1))
			for v := range deg {
				deg[v] = g.Degree(int32(v))
			}
		}
		for k := 1; k <= min(4, n); k++ {
			for _, raise := range []bool{true, false} {
				target, cost, err := degreeTargets(deg, k, raise, false)
				if err != nil {
					t.Fatal(err)
				}
				checkTargets(t, deg, target, k, raise, cost)
				if want := bruteDegreeCost(deg, k, raise, false); cost != want {
					t.Fatalf("deg %v k=%d raise=%v: DP cost %d, brute force %d", deg, k, raise, cost, want)
				}
				// The even programme: the least even cost of a split into
				// runs of the sorted order (of any length), or the optimum
				// when no split has one. It can miss an even grouping that
				// is not made of runs (6 2 5 10 1 lowered, k = 2: the runs
				// cost 7 or 9, {10 1} {6 5 2} costs 16), never beat one.
				et, ecost, err := anonymizeDegrees(deg, k, targetOptions{raise: raise, even: true})
				if err != nil {
					t.Fatal(err)
				}
				checkTargets(t, deg, et, k, raise, ecost)
				want := bruteRunsCost(deg, k, raise, true)
				if want < 0 {
					want = cost
				}
				if ecost != want {
					t.Fatalf("deg %v k=%d raise=%v: even DP cost %d, every split into runs %d", deg, k, raise, ecost, want)
				}
				if anyEven := bruteDegreeCost(deg, k, raise, true); ecost%2 == 0 && ecost < anyEven {
					t.Fatalf("deg %v k=%d raise=%v: even DP cost %d beats every partition's %d", deg, k, raise, ecost, anyEven)
				}
				gt, gcost, err := degreeTargets(deg, k, raise, true)
				if err != nil {
					t.Fatal(err)
				}
				checkTargets(t, deg, gt, k, raise, gcost)
				if gcost < cost {
					t.Fatalf("deg %v k=%d: greedy %d beats the optimum %d", deg, k, gcost, cost)
				}
			}
		}
	}
}

func TestDegreeTargetsHand(t *testing.T) {
	tests := []struct {
		deg   []int
		k     int
		raise bool
		want  []int
		cost  int
	}{
		// Sorted 5 3 3 2 1 1 (nodes 2 1 5 3 0 4, ties by id): runs
		// {5,3} {3,2} {1,1} raised, cost 2+1+0.
		{[]int{1, 3, 5, 2, 1, 3}, 2, true, []int{1, 5, 5, 3, 1, 3}, 3},
		// Lowered: {5,3,3} → 3 (2) and {2,1,1} → 1 (1); ties go to the
		// earliest split, which the programme finds first.
		{[]int{1, 3, 5, 2, 1, 3}, 2, false, []int{1, 3, 3, 1, 1, 3}, 3},
		{[]int{4, 4, 4}, 3, true, []int{4, 4, 4}, 0},
		{[]int{0, 9}, 2, true, []int{9, 9}, 9},
	}
	for _, tc := range tests {
		got, cost, err := degreeTargets(tc.deg, tc.k, tc.raise, false)
		if err != nil || cost != tc.cost || fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%v k=%d raise=%v: %v cost %d (%v), want %v cost %d", tc.deg, tc.k, tc.raise, got, cost, err, tc.want, tc.cost)
		}
	}
	if _, _, err := degreeTargets([]int{1, 1}, 3, true, false); err == nil {
		t.Error("k above n accepted")
	}
}

// checkDegreeAnonymous verifies a release from scratch, as anonet verify
// does: every node k-anonymous under degree.
func checkDegreeAnonymous(t *testing.T, g *graph.Graph, k int) {
	t.Helper()
	p, err := partition.New(g, measure.Degree{}, 1, partition.Options{K: k})
	if err != nil {
		t.Fatal(err)
	}
	if p.NotAnonymous() != 0 {
		t.Fatalf("%d nodes not %d-degree anonymous", p.NotAnonymous(), k)
	}
}

// TestLiuTerziReleases runs both Liu–Terzi strategies with both operations
// on karate, les misérables and random graphs for k = 2, 5, 10, and
// verifies every release from scratch; the DP's additions or deletions are
// exactly its optimal degree-sequence cost over two.
func TestLiuTerziReleases(t *testing.T) {
	r := rand.New(rand.NewPCG(2008, 93))
	graphs := map[string]*graph.Graph{
		"karate": examples.MustRead("karate"), "lesmis": examples.MustRead("lesmis"),
		"er": randomGraph(r, 150, 450), "er-dense": randomGraph(r, 60, 700),
	}
	for name, g0 := range graphs {
		for _, s := range []Strategy{LiuTerzi, LiuTerziGreedy} {
			for _, op := range []Operation{Add, Delete} {
				for _, k := range []int{2, 5, 10} {
					g := g0.Clone()
					res := run(t, g, Config{Measure: measure.Degree{}, D: 1, K: k, Strategy: s, Operation: op, Seed: 4})
					if !res.TargetReached {
						t.Errorf("%s %s %s k=%d: target not reached", name, s, op, k)
						continue
					}
					checkDegreeAnonymous(t, g, k)
					for _, a := range res.Alterations.All() {
						if a.Added != (op == Add) {
							t.Fatalf("%s %s: alteration %+v", name, op, a)
						}
					}
					if len(res.Trace) != 2 || res.Best != 1 || res.After().EdgesAltered != res.Alterations.Len() {
						t.Errorf("%s %s %s k=%d: trace %+v", name, s, op, k, res.Trace)
					}
				}
			}
		}
	}
}

// TestLiuTerziKarate checks the releases on karate against the optimal
// degree-sequence cost: an edge changes two degrees, so at least half of it
// must be altered (more when probing or a second round was needed).
func TestLiuTerziKarate(t *testing.T) {
	g0 := examples.MustRead("karate")
	deg := make([]int, g0.NumNodes())
	for v := range deg {
		deg[v] = g0.Degree(int32(v))
	}
	for _, op := range []Operation{Add, Delete} {
		for _, k := range []int{2, 5, 10} {
			_, cost, _ := degreeTargets(deg, k, op == Add, false)
			g := g0.Clone()
			res := run(t, g, Config{Measure: measure.Degree{}, K: k, D: 1, Strategy: LiuTerzi, Operation: op, Seed: 1})
			checkDegreeAnonymous(t, g, k)
			if !res.TargetReached || 2*res.Alterations.Len() < cost {
				t.Errorf("%s k=%d: %d alterations cannot cover a degree change of %d", op, k, res.Alterations.Len(), cost)
			}
			t.Logf("karate %s k=%d: DP cost %d, %d alterations", op, k, cost, res.Alterations.Len())
		}
	}
}

func TestLiuTerziConfig(t *testing.T) {
	g := examples.MustRead("karate")
	for _, cfg := range []Config{
		{Measure: measure.Count{}, D: 1, Strategy: LiuTerzi},
		{Measure: measure.Degree{}, D: 1, Strategy: LiuTerzi, Operation: Rewire},
		{Measure: measure.Degree{}, D: 1, Strategy: LiuTerziGreedy, Fuzzy: true, Phi: 5},
	} {
		if _, err := Run(g.Clone(), cfg); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
	// A budget below the plan leaves the graph as it was.
	h := g.Clone()
	res := run(t, h, Config{Measure: measure.Degree{}, D: 1, K: 5, Strategy: LiuTerzi, Variant: Budgeted, Budget: 1})
	if res.TargetReached || res.Alterations.Len() != 0 || h.NumEdges() != g.NumEdges() || len(res.Trace) != 1 {
		t.Errorf("over budget: %+v", res)
	}
	// Parse accepts the names.
	if s, err := ParseStrategy("Liu-Terzi"); err != nil || s != LiuTerzi {
		t.Errorf("ParseStrategy: %v %v", s, err)
	}
}

// TestDegreeTargetsKarate compares the dynamic programme on karate's degree
// sequence with an exhaustive search over every split of the sorted
// sequence into runs of at least k nodes (of any length, so the programme's
// bound of 2k−1 is tested too; runs of the sorted order are optimal for
// L1, as the brute force over all partitions checks for n ≤ 10).
func TestDegreeTargetsKarate(t *testing.T) {
	g := examples.MustRead("karate")
	deg := make([]int, g.NumNodes())
	for v := range deg {
		deg[v] = g.Degree(int32(v))
	}
	for _, raise := range []bool{true, false} {
		for _, k := range []int{2, 3, 5, 10} {
			best := bruteRunsCost(deg, k, raise, false)
			if _, cost, _ := degreeTargets(deg, k, raise, false); cost != best {
				t.Errorf("karate k=%d raise=%v: DP cost %d, exhaustive %d", k, raise, cost, best)
			}
			even := bruteRunsCost(deg, k, raise, true)
			if _, cost, _ := anonymizeDegrees(deg, k, targetOptions{raise: raise, even: true}); cost != even {
				t.Errorf("karate k=%d raise=%v: even DP cost %d, exhaustive %d", k, raise, cost, even)
			}
		}
	}
}

// bruteRunsCost returns the least cost of splitting deg, sorted in
// descending order, into runs of at least k nodes (of any length), with an
// even cost if even is set (-1 if there is none), by trying every split.
func bruteRunsCost(deg []int, k int, raise, even bool) int {
	sorted := slices.Clone(deg)
	slices.SortFunc(sorted, func(a, b int) int { return b - a })
	c := newDegreeCost(sorted, raise)
	best := -1
	var split func(i, cost int)
	split = func(i, cost int) { // runs cover sorted[:i]
		if best >= 0 && cost >= best && !even {
			return
		}
		if i == len(sorted) {
			if (best < 0 || cost < best) && (!even || cost%2 == 0) {
				best = cost
			}
			return
		}
		for j := i + k - 1; j < len(sorted); j++ {
			if len(sorted)-(j+1) < k && j != len(sorted)-1 {
				continue // the rest could not form a run
			}
			split(j+1, cost+c.of(i, j))
		}
	}
	split(0, 0)
	return best
}

// TestLiuTerziDeletionsBruteForce compares the deletion variant with the
// least number of deletions that makes a graph k-degree anonymous, found by
// trying every subset of its edges (bruteOptimum), on random graphs of 4 to
// 10 nodes and up to 14 edges, k = 2 and 3. No release may beat the
// optimum (its release would not be k-degree anonymous); the number of
// optimal releases and the largest gap are held to what the method achieves
// (109 of 120 optimal, at most 3 deletions too many; the probing alone
// that it replaced found 98, with gaps up to 6).
func TestLiuTerziDeletionsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 2008))
	const trials = 120
	optimal, worst := 0, 0
	hist := map[int]int{}
	for trial := range trials {
		n := 4 + trial%7
		m := min(n*(n-1)/2, 2+r.IntN(13))
		g0 := randomGraph(r, n, m)
		k := 2 + trial%2
		want := g0.NumEdges() - bruteOptimum(t, g0, measure.Degree{}, k)
		g := g0.Clone()
		res := run(t, g, Config{Measure: measure.Degree{}, D: 1, K: k, Strategy: LiuTerzi, Operation: Delete, Seed: 1})
		if !res.TargetReached {
			t.Fatalf("trial %d (n=%d m=%d k=%d): target not reached", trial, n, m, k)
		}
		checkDegreeAnonymous(t, g, k)
		got := res.Alterations.Len()
		if got < want {
			t.Fatalf("trial %d: %d deletions beat the optimum %d", trial, got, want)
		}
		hist[got-want]++
		if got == want {
			optimal++
		}
		worst = max(worst, got-want)
	}
	t.Logf("deletion variant: optimal in %d of %d graphs, worst gap %d, gaps %v", optimal, trials, worst, hist)
	if optimal < 108 || worst > 3 {
		t.Errorf("optimal in %d of %d graphs (want 108 or more), worst gap %d (want at most 3)", optimal, trials, worst)
	}
}

// TestRestoreDeletions checks the restoration of a deletion plan on hand
// examples: a deletion the release can spare, an alternating path, and a
// plan from which nothing can be restored.
func TestRestoreDeletions(t *testing.T) {
	del := func(u, v int32) Alteration { return Alteration{U: u, V: v} }
	tests := []struct {
		name  string
		n     int
		edges [][2]int32
		plan  []Alteration
		k     int
		want  []Alteration
	}{
		// A 4-cycle is 2-anonymous already: the deletion goes back.
		{"spare", 4, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {0, 3}}, []Alteration{del(0, 1)}, 2, []Alteration{}},
		// Path 0-1-2-3 with {0,1} and {2,3} deleted (degrees 0 1 1 0):
		// neither comes back alone (a single 2), but the path 0-1-2-3
		// flips to deleting {1,2} only (1 1 1 1), which then comes back
		// too (1 2 2 1).
		{"path", 4, [][2]int32{{0, 1}, {1, 2}, {2, 3}}, []Alteration{del(0, 1), del(2, 3)}, 2, []Alteration{}},
		// Path 0-1-2 emptied for k = 3: restoring either edge leaves two
		// nodes of degree 1.
		{"none", 3, [][2]int32{{0, 1}, {1, 2}}, []Alteration{del(0, 1), del(1, 2)}, 3, []Alteration{del(0, 1), del(1, 2)}},
	}
	for _, tc := range tests {
		g := graph.New(tc.n)
		for _, e := range tc.edges {
			g.AddEdge(e[0], e[1])
		}
		if got := restoreDeletions(g, tc.plan, tc.k); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: restored plan %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLiuTerziDeletionThreads checks that the deletion plans, computed in
// parallel, give the same release whatever the number of threads.
func TestLiuTerziDeletionThreads(t *testing.T) {
	g0 := examples.MustRead("lesmis")
	var want []Alteration
	for _, threads := range []int{1, 2, 4} {
		res := run(t, g0.Clone(), Config{Measure: measure.Degree{}, D: 1, K: 5, Strategy: LiuTerzi, Operation: Delete, Seed: 3, Threads: threads})
		if threads == 1 {
			want = res.Alterations.Slice()
		} else if !slices.Equal(res.Alterations.Slice(), want) {
			t.Errorf("threads %d: %v, threads 1: %v", threads, res.Alterations.Slice(), want)
		}
	}
}

// TestLiuTerziTimeLimit checks that the time limit bounds Liu and Terzi's
// plan, as it bounds every run: a limit that has passed before the plan
// leaves the input as the release, timed out and not interrupted.
func TestLiuTerziTimeLimit(t *testing.T) {
	g := examples.MustRead("karate")
	m := g.NumEdges()
	res := run(t, g, Config{Measure: measure.Degree{}, K: 5, D: 1, Strategy: LiuTerzi, Seed: 1, TimeLimit: time.Nanosecond})
	if !res.TimedOut || res.Interrupted || res.Alterations.Len() != 0 || g.NumEdges() != m || res.TargetReached {
		t.Errorf("timed out %v, interrupted %v, %d alterations, %d of %d edges, target reached %v; want the input, timed out",
			res.TimedOut, res.Interrupted, res.Alterations.Len(), g.NumEdges(), m, res.TargetReached)
	}
}
