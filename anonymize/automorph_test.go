package anonymize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/measure"
)

// keptCount counts, over all edges, those whose orbit stays in the graph.
func keptCount(p *twinning) int {
	k := 0
	for _, e := range p.g.edges() {
		if p.kept(e.U, e.V) {
			k++
		}
	}
	return k
}

// TestTwinningAutomorphism: a twinning pairs every node (one 3-cycle when
// n is odd), and deleting its deletions leaves a graph on which every node
// is 2-anonymous under every measure, at distance 1 and 2 (checked from
// scratch); improving never loses kept edges.
func TestTwinningAutomorphism(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	graphs := map[string]*graph.Graph{"karate": examples.MustRead("karate"), "lesmis": examples.MustRead("lesmis")}
	for i := range 6 {
		graphs[fmt.Sprintf("random%d", i)] = randomGraph(r, 20+i*7, 40+i*30)
	}
	for name, g := range graphs {
		p := newTwinning(adjacencyOf(g), nil)
		n := g.NumNodes()
		cycles3 := 0
		for v := range int32(n) {
			switch w := p.to[v]; {
			case w == v:
				t.Fatalf("%s: node %d is its own twin", name, v)
			case p.to[w] == v:
			case p.to[p.to[w]] == v:
				cycles3++
			default:
				t.Fatalf("%s: node %d is in a cycle longer than 3", name, v)
			}
		}
		if want := 3 * (n % 2); cycles3 != want {
			t.Errorf("%s: %d nodes in 3-cycles, want %d", name, cycles3, want)
		}
		before := keptCount(p)
		p.improve(context.Background(), rand.New(rand.NewPCG(1, 1)), 50*n)
		after := keptCount(p)
		if after < before {
			t.Errorf("%s: improving lost kept edges: %d → %d", name, before, after)
		}
		h, edges := g.Clone(), g.SortedEdges() // the ids are those of the sorted edges
		dels := p.deletions()
		for _, id := range dels {
			e := edges[id]
			h.DeleteEdge(e.U, e.V)
		}
		if h.NumEdges() != after || len(dels) != g.NumEdges()-after {
			t.Errorf("%s: %d edges left, %d deletions; want %d kept", name, h.NumEdges(), len(dels), after)
		}
		for _, m := range []measure.Measure{measure.Count{}, measure.DK{}, measure.VRQ{}, measure.DegDist{}} {
			for d := 1; d <= 2; d++ {
				part, err := partition.New(h, m, d, partition.Options{K: 2})
				if err != nil {
					t.Fatal(err)
				}
				if na := len(part.NotAnonymousNodes()); na != 0 {
					t.Errorf("%s, %s d=%d: %d nodes not 2-anonymous after the twinning's deletions", name, m.Name(), d, na)
				}
			}
		}
	}
}

// TestTwinningGainAt: gainAt counts the edges at its nodes that keep their
// orbit as a recount with kept does, and before and after a swap of
// partners it changes the total exactly as a recount of all edges does,
// and never exceeds the bound by which improve skips counting; on
// uniform graphs (where it marks), on graphs with hubs (where it counts
// from the smaller side) and with colours of odd sizes (3-cycles).
func TestTwinningGainAt(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	colors := func(n, c int) []int32 {
		out := make([]int32, n)
		for v := range out {
			out[v] = int32(v % c)
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		g      *graph.Graph
		colors []int32
	}{
		{"uniform", randomGraph(r, 40, 160), nil},
		{"hubs", skewedGraph(r, 41, 300, true), nil},
		{"hubs, colours", skewedGraph(r, 61, 500, true), colors(61, 4)},
		{"hubs and leaves, a 3-cycle", hubsAndLeaves(r, 5, 201), nil},
		// Three of the hubs have a colour of their own: a 3-cycle of hubs,
		// whose edges to the other hubs keep their orbit.
		{"hubs and leaves, hubs in a 3-cycle", hubsAndLeaves(r, 5, 202), slices.Concat([]int32{1, 1, 1}, make([]int32, 199))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g
			n := int32(g.NumNodes())
			p := newTwinning(adjacencyOf(g), tc.colors)
			if (tc.colors != nil || n%2 == 1) && len(p.triples) == 0 {
				t.Fatal("no 3-cycles to check")
			}
			recount := func(s []int32) int {
				k := 0
				for _, e := range g.Edges() {
					if (slices.Contains(s, e.U) || slices.Contains(s, e.V)) && p.kept(e.U, e.V) {
						k++
					}
				}
				return k
			}
			checked := 0
			for range 400 {
				a, b := int32(r.IntN(int(n))), int32(r.IntN(int(n)))
				a2, b2 := p.to[a], p.to[b]
				if p.to[a2] != a || p.to[b2] != b || a2 == a || b2 == b || b == a || b == a2 || p.class[a] != p.class[b] {
					continue
				}
				s := []int32{a, a2, b, b2}
				total, local := keptCount(p), p.gainAt(s, make([]int, len(s)))
				if want := recount(s); local != want {
					t.Fatalf("gainAt %d, recount %d", local, want)
				}
				p.to[a], p.to[b], p.to[a2], p.to[b2] = b, a, b2, a2
				after := p.gainAt(s, make([]int, len(s)))
				if want := recount(s); after != want {
					t.Fatalf("after the swap gainAt %d, recount %d", after, want)
				}
				// improve undoes a swap without counting when its bound
				// falls below the count before it.
				if bound := p.swapBound([4]int32{a, a2, b, b2}); after > bound {
					t.Fatalf("after the swap gainAt %d, above swapBound %d", after, bound)
				}
				if got, want := keptCount(p)-total, after-local; got != want {
					t.Fatalf("swap changed the kept edges by %d, gainAt says %d", got, want)
				}
				checked++
			}
			if checked < 50 {
				t.Errorf("only %d swaps checked", checked)
			}
		})
	}
}

// hubsAndLeaves returns a graph of n nodes: hubs nodes linked to every
// other node, and every other node linked to one more random non-hub, so
// that swaps pair hubs with nodes of degree 2 or 3.
func hubsAndLeaves(r *rand.Rand, hubs, n int) *graph.Graph {
	var pairs []graph.Edge
	for u := range int32(hubs) {
		for v := u + 1; v < int32(n); v++ {
			pairs = append(pairs, graph.Edge{U: u, V: v})
		}
	}
	for v := int32(hubs); v < int32(n); v++ {
		pairs = append(pairs, graph.Edge{U: v, V: int32(hubs + r.IntN(n-hubs))})
	}
	g, _, _ := graph.FromEdges(n, pairs, nil)
	return g
}

// denseGroups returns a network of 60 nodes in six groups of ten, dense
// inside (p = 0.7) and sparse between (p = 0.05), where ua deletes nearly
// everything.
func denseGroups() *graph.Graph {
	return blocksGraph(rand.New(rand.NewPCG(3, 9)), 6, 10, 0.7, 0.05)
}

// blocksGraph returns a graph of groups groups of size nodes each: every
// pair within a group tied with probability in, across groups with
// probability out.
func blocksGraph(r *rand.Rand, groups, size int, in, out float64) *graph.Graph {
	n := groups * size
	g := graph.New(n)
	for u := range int32(n) {
		for v := u + 1; v < int32(n); v++ {
			p := out
			if int(u)/size == int(v)/size {
				p = in
			}
			if r.Float64() < p {
				g.AddEdge(u, v)
			}
		}
	}
	return g
}

// twinsTaken reports whether a run took a k-automorphic release as a start
// (its trace has a PhaseTwins row), whether or not the release it wrote
// comes from it: where the local search has run first
// (refinement.symmetricAfterAnneal) the better searched release stays.
func twinsTaken(res *Result) bool {
	return slices.ContainsFunc(res.Trace, func(it Iteration) bool { return it.Phase == PhaseTwins })
}

// TestTwinStartDense: on a dense network of groups, where ua deletes
// nearly everything, Best starts its refinement from the twinning and keeps
// at least what the twinning alone keeps; the release is verified from
// scratch (run).
func TestTwinStartDense(t *testing.T) {
	g := denseGroups()
	orig := g.Clone()
	tw := newTwinning(adjacencyOf(orig), nil)
	tw.improve(context.Background(), twinRNG(4), twinMoves*60)
	twinKept := keptCount(tw)
	res := run(t, g, Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Seed: 4})
	if !twinsTaken(res) || res.EdgesAfter < twinKept {
		t.Errorf("start %q (twinning taken: %t), %d edges kept; the twinning alone keeps %d", res.Refinement.Start, twinsTaken(res), res.EdgesAfter, twinKept)
	}
	ua := run(t, orig.Clone(), Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Seed: 4, Strategy: UA})
	if ua.EdgesAfter >= twinKept {
		t.Errorf("ua keeps %d, the twinning %d: not the dense case this test is about", ua.EdgesAfter, twinKept)
	}
}

// TestTwinningColours: with known attributes every node's twin has its
// colour (a node alone in its colour stays in place), and after the
// twinning's deletions every node with a twin is 2-anonymous under the
// refined measures, at distance 1 and 2 (checked from scratch).
func TestTwinningColours(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 2))
	for i := range 4 {
		g := randomGraph(r, 30+i*5, 80+i*40)
		n := g.NumNodes()
		colors := make([]int32, n)
		for v := range colors {
			colors[v] = 10 * int32(r.IntN(3)) // codes need not be dense
		}
		colors[n-1] = 99 // alone in its colour
		p := newTwinning(adjacencyOf(g), colors)
		for v := range int32(n) {
			if w := p.to[v]; colors[w] != colors[v] {
				t.Fatalf("graph %d: node %d (colour %d) has twin %d (colour %d)", i, v, colors[v], w, colors[w])
			}
		}
		if p.to[n-1] != int32(n-1) {
			t.Fatalf("graph %d: the node alone in its colour has twin %d", i, p.to[n-1])
		}
		p.improve(context.Background(), rand.New(rand.NewPCG(1, 1)), 50*n)
		h, edges := g.Clone(), g.SortedEdges() // the ids are those of the sorted edges
		for _, id := range p.deletions() {
			e := edges[id]
			h.DeleteEdge(e.U, e.V)
		}
		for _, m := range []measure.Measure{measure.Count{}, measure.DK{}, measure.VRQ{}, measure.DegDist{}} {
			for d := 1; d <= 2; d++ {
				part, err := partition.New(h, measure.Refined{Measure: m, Colors: colors}, d, partition.Options{K: 2})
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range part.NotAnonymousNodes() {
					if v != int32(n-1) {
						t.Errorf("graph %d, %s d=%d: node %d (colour %d) not 2-anonymous after the twinning's deletions", i, m.Name(), d, v, colors[v])
					}
				}
			}
		}
	}
}

// TestTwinStartAttributes: with a known attribute (two values, each half
// of every group) on the dense network of TestTwinStartDense, Best starts
// from the twinning within colours and keeps at least what it keeps alone;
// ua keeps less (run verifies every release).
func TestTwinStartAttributes(t *testing.T) {
	g := denseGroups()
	colors := make([]int32, 60)
	for v := range colors {
		colors[v] = int32(v % 2)
	}
	m := measure.Refined{Measure: measure.Count{}, Colors: colors}
	orig := g.Clone()
	tw := newTwinning(adjacencyOf(orig), colors)
	tw.improve(context.Background(), twinRNG(4), twinMoves*60)
	twinKept := keptCount(tw)
	res := run(t, g, Config{Measure: m, D: 1, K: 2, Variant: Full, Seed: 4})
	ua := run(t, orig.Clone(), Config{Measure: m, D: 1, K: 2, Variant: Full, Seed: 4, Strategy: UA})
	t.Logf("of %d edges the default keeps %d, the twinning alone %d, ua %d", orig.NumEdges(), res.EdgesAfter, twinKept, ua.EdgesAfter)
	if !twinsTaken(res) || res.EdgesAfter < twinKept || ua.EdgesAfter >= twinKept {
		t.Errorf("start %q (twinning taken: %t): not the case this test is about", res.Refinement.Start, twinsTaken(res))
	}
}

// TestSymmetricStartEveryK: the default tries the k-automorphic start at
// every k and under every measure, not only at k = 2 (issue 35 item 2). On
// lesmis at k = 3 the cycling's release, restored, keeps 154 edges under
// count and 144 under hybrid, where ua's release, restored and refined,
// kept 105 and 64: the run must start from it, and its release must be
// k-anonymous, checked from scratch. (Under dk the cut's release, which
// applies there since measure.StarLocal, keeps as much, 150 edges, and
// stays: TestCutStartRuns.)
func TestSymmetricStartEveryK(t *testing.T) {
	g0 := examples.MustRead("lesmis")
	for _, tc := range []struct {
		m    measure.Measure
		want int // at least, the start's (hand-run: 154 and 144)
	}{{measure.Count{}, 150}, {measure.Hybrid{}, 140}} {
		g := g0.Clone()
		res, err := Run(g, Config{Measure: tc.m, D: 1, K: 3, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Refinement.Start != StartTwins || res.EdgesAfter < tc.want {
			t.Errorf("%s: start %q, %d edges kept; want the symmetric start and at least %d", tc.m.Name(), res.Refinement.Start, res.EdgesAfter, tc.want)
		}
		p, err := partition.New(g, tc.m, 1, partition.Options{K: 3})
		if err != nil {
			t.Fatal(err)
		}
		if na := p.NotAnonymous(); na != 0 {
			t.Errorf("%s: %d nodes not 3-anonymous in the release", tc.m.Name(), na)
		}
	}
}

// TestTwinningCache checks improve's cache of keptAt: after every
// proposal each cached count equals a fresh one, and the pairs improve
// makes are those it makes with the cache dropped before every proposal
// (every count then fresh), on the graphs of TestTwinningGainAt's kinds.
func TestTwinningCache(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 2))
	for _, tc := range []struct {
		name string
		g    *graph.Graph
	}{
		{"uniform", randomGraph(r, 40, 160)},
		{"hubs", skewedGraph(r, 41, 300, true)},
		{"hubs and leaves, a 3-cycle", hubsAndLeaves(r, 5, 201)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cached, fresh := newTwinning(adjacencyOf(tc.g), nil), newTwinning(adjacencyOf(tc.g), nil)
			rc, rf := rand.New(rand.NewPCG(3, 3)), rand.New(rand.NewPCG(3, 3))
			swaps := 0
			for i := range 3000 {
				before := slices.Clone(cached.to)
				cached.improve(context.Background(), rc, 1)
				fresh.dropCache()
				fresh.improve(context.Background(), rf, 1)
				if !slices.Equal(cached.to, fresh.to) {
					t.Fatalf("proposal %d: the cached twinning differs from the fresh one", i)
				}
				if !slices.Equal(before, cached.to) {
					swaps++
				}
				for v, k := range cached.keptCache {
					if k >= 0 && int(k) != cached.keptAt(int32(v)) {
						t.Fatalf("proposal %d: cached keptAt(%d) = %d, fresh %d", i, v, k, cached.keptAt(int32(v)))
					}
				}
			}
			if swaps < 20 {
				t.Errorf("only %d swaps made", swaps)
			}
		})
	}
}

// TestStageProgress: on one thread the k-automorphic start reports its
// proposals to Config.StageProgress in hundredths, up to all of them where
// it runs to the end (a dense network of groups, where it wins); on two,
// where it runs beside the restoration, it reports from when the run waits
// for it (where it is then, even if done), in increasing numbers up to
// all; every pass of a restoration reports
// every hundredth of the deleted edges it tries, from the first, every
// pass of the cut's sides every hundredth of the nodes, and every
// local search every hundredth of its moves, from the first; and
// making a start's proposals in parts leaves the twinning and the cycling
// exactly where making them at once does.
func TestStageProgress(t *testing.T) {
	g := denseGroups()
	var sym []int
	total := 0
	restore, search, cut := hundredthsSeen{prev: -1}, hundredthsSeen{prev: -1}, hundredthsSeen{prev: -1}
	cfg := Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Seed: 4, Threads: 1,
		StageProgress: func(stage string, done, all int) {
			switch stage {
			case StageSymmetric:
				sym, total = append(sym, done), all
			case StageRestore:
				restore.report(t, stage, done, all)
			case StageSearch:
				search.report(t, stage, done, all)
			case StageCut:
				cut.report(t, stage, done, all)
			default:
				t.Errorf("progress of stage %q", stage)
			}
		}}
	res := run(t, g.Clone(), cfg)
	// The cut's sides: a pass placing the nodes and at least one moving
	// them, each reported in hundredths of the nodes.
	if cut.passes < 2 || cut.total != g.NumNodes() {
		t.Errorf("%d passes of the cut reported, of %d nodes", cut.passes, cut.total)
	}
	if !twinsTaken(res) {
		t.Fatalf("start %q, twinning not taken: not the case this test is about", res.Refinement.Start)
	}
	if want := twinMoves * g.NumNodes(); total != want || len(sym) != 100 || sym[99] != want {
		t.Fatalf("%d reports of %d proposals, the last %v; want 100 of %d, the last all", len(sym), total, sym[len(sym)-1:], want)
	}
	prev := 0
	for i, d := range sym {
		if step := d - prev; step <= 0 || step > (total+99)/100 {
			t.Errorf("report %d: %d proposals after %d", i, d, prev)
		}
		prev = d
	}
	// Restorations after ua and after the twinning, each with a pass of
	// singles that restores something, one that does not, and one of pairs.
	if restore.passes < 4 {
		t.Errorf("%d passes of restoration reported", restore.passes)
	}
	if search.passes == 0 || search.prev < search.total-search.total/100 {
		t.Errorf("%d local searches reported, the last at %d of %d moves", search.passes, search.prev, search.total)
	}
	var background []int
	cfg.Threads = 2
	cfg.StageProgress = func(stage string, done, _ int) {
		if stage == StageSymmetric {
			background = append(background, done)
		}
	}
	run(t, g.Clone(), cfg)
	if len(background) == 0 || !slices.IsSorted(background) || background[len(background)-1] != total {
		t.Errorf("in the background, reports of %v proposals; want increasing numbers up to %d", background, total)
	}
	for _, k := range []int{2, 3} {
		moves := twinMoves * g.NumNodes()
		var once, parts symmetricStart
		if k == 2 {
			once, parts = newTwinning(adjacencyOf(g), nil), newTwinning(adjacencyOf(g), nil)
		} else {
			once, parts = newCycling(adjacencyOf(g), nil, k), newCycling(adjacencyOf(g), nil, k)
		}
		once.improve(context.Background(), twinRNG(4), moves)
		r := twinRNG(4)
		for done := 0; done < moves; done += moves / 7 {
			parts.improve(context.Background(), r, min(moves/7, moves-done))
		}
		if a, b := once.deletions(), parts.deletions(); !slices.Equal(a, b) {
			t.Errorf("k = %d: %d deletions at once, %d in parts, or other ones", k, len(a), len(b))
		}
	}
}

// hundredthsSeen follows the reports of a stage that reports every
// hundredth of its work (Config.hundredths) over passes that start from
// zero: the passes, and the last report's work done and total.
type hundredthsSeen struct{ passes, prev, total int }

// report checks a report of done of all: a pass starts at zero, then
// goes up in hundredths of the same total, short of it.
func (h *hundredthsSeen) report(t *testing.T, stage string, done, all int) {
	t.Helper()
	if done == 0 {
		h.passes++
	} else if done <= h.prev || all != h.total {
		t.Errorf("%s: %d of %d %s after %d of %d", stage, done, all, StageUnit(stage), h.prev, h.total)
	}
	if done >= all || done%max(1, all/100) != 0 {
		t.Errorf("%s: %d of %d %s", stage, done, all, StageUnit(stage))
	}
	h.prev, h.total = done, all
}

// TestSymmetricStartGivenUp: on CA-GrQc at k = 3 the cycling keeps 0.60
// of the strategy's restored release after a fifth of its proposals and
// gains 2.2% from the twentieth to the fifth, so that even twinGrowth
// times that leaves it below twinCutoff: the start is given up after a
// fifth (it used to run to the end and keep 0.62), and the run keeps the
// strategy's release, verified from scratch (run). On one thread, so that
// the search runs after the restoration and reports every hundredth.
func TestSymmetricStartGivenUp(t *testing.T) {
	g, _, err := graphio.ReadFile(shareddata.Path(t, "anonet", "CA-GrQc.nauty"), graphio.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	last := 0
	cfg := Config{Measure: measure.Count{}, D: 1, K: 3, Variant: Full, Seed: 1, Refine: Restore, Threads: 1,
		StageProgress: func(stage string, done, _ int) {
			if stage == StageSymmetric {
				last = done
			}
		}}
	res := run(t, g, cfg)
	if want := twinMoves * g.NumNodes() / 5; last != want || res.Refinement.Start != StartStrategy {
		t.Errorf("the symmetric start made %d proposals and the run started from %q; want %d and %q", last, res.Refinement.Start, want, StartStrategy)
	}
}

// TestStageUnit: each stage's work is counted in its own unit.
func TestStageUnit(t *testing.T) {
	for stage, want := range map[string]string{StageScoring: "edges", StageRestore: "edges", StageSymmetric: "proposals", StageSearch: "moves"} {
		if got := StageUnit(stage); got != want {
			t.Errorf("StageUnit(%q) = %q, want %q", stage, got, want)
		}
	}
}
