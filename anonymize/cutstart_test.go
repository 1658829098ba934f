package anonymize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// cutTestGraphs returns the graphs the cut's tests run on: the bundled
// karate and lesmis, the dense groups where ua deletes nearly everything,
// and random graphs with triangles and with hubs.
func cutTestGraphs() map[string]*graph.Graph {
	r := rand.New(rand.NewPCG(11, 3))
	gs := map[string]*graph.Graph{
		"karate":      examples.MustRead("karate"),
		"lesmis":      examples.MustRead("lesmis"),
		"denseGroups": denseGroups(),
	}
	for i := range 4 {
		gs[fmt.Sprintf("random%d", i)] = randomGraph(r, 30+20*i, 90+120*i)
		gs[fmt.Sprintf("skewed%d", i)] = skewedGraph(r, 40+20*i, 150+100*i, i%2 == 0)
	}
	return gs
}

// TestCutSides: no node has more neighbours on its own side than across,
// so the cut holds at least half the edges (counted from the edge list),
// and the same stream gives the same sides.
func TestCutSides(t *testing.T) {
	for name, g := range cutTestGraphs() {
		side := cutSides(context.Background(), g, rand.New(rand.NewPCG(1, 2)), func(int) {})
		for v := range int32(g.NumNodes()) {
			if same := onOwnSide(g, side, v); 2*same > g.Degree(v) {
				t.Errorf("%s: node %d has %d of its %d neighbours on its side", name, v, same, g.Degree(v))
			}
		}
		across := 0
		for _, e := range g.Edges() {
			if side[e.U] != side[e.V] {
				across++
			}
		}
		if 2*across < g.NumEdges() {
			t.Errorf("%s: %d of %d edges across the cut", name, across, g.NumEdges())
		}
		if again := cutSides(context.Background(), g, rand.New(rand.NewPCG(1, 2)), func(int) {}); !slices.Equal(again, side) {
			t.Errorf("%s: the same stream gave other sides", name)
		}
	}
}

// onOwnSide returns the number of v's neighbours in g on v's side.
func onOwnSide(g *graph.Graph, side []int8, v int32) int {
	same := 0
	for _, w := range g.Neighbors(v) {
		if side[w] == side[v] {
			same++
		}
	}
	return same
}

// cutSidesEverySweep is cutSides as it was before it looked again only at
// the nodes whose neighbours moved: after the same placement
// (placeSides), every sweep looks at every node. The oracle of
// TestCutSidesSkips.
func cutSidesEverySweep(g *graph.Graph, rng *rand.Rand) []int8 {
	side, _ := placeSides(g, rng, func(int) {})
	for moved := true; moved; {
		moved = false
		for v := range int32(g.NumNodes()) {
			if 2*onOwnSide(g, side, v) > g.Degree(v) {
				side[v] ^= 1
				moved = true
			}
		}
	}
	return side
}

// TestCutSidesSkips: cutSides, which looks again only at the nodes whose
// neighbours moved, gives the sides of sweeps over every node, on the
// cut's test graphs and on random graphs of several densities, with 5
// streams each.
func TestCutSidesSkips(t *testing.T) {
	gs := cutTestGraphs()
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 6 {
		gs[fmt.Sprintf("er%d", i)] = randomGraph(r, 200+100*i, 400+900*i)
	}
	for name, g := range gs {
		for seed := range uint64(5) {
			got := cutSides(context.Background(), g, rand.New(rand.NewPCG(seed, 9)), func(int) {})
			want := cutSidesEverySweep(g, rand.New(rand.NewPCG(seed, 9)))
			if !slices.Equal(got, want) {
				t.Errorf("%s, stream %d: the sides differ from those of sweeps over every node", name, seed)
			}
		}
	}
}

// triangles returns the number of triangles at every node of g, counted
// from scratch over pairs of neighbours.
func triangles(g *graph.Graph) []int {
	tri := make([]int, g.NumNodes())
	for v := range int32(g.NumNodes()) {
		nb := g.Neighbors(v)
		for i, a := range nb {
			for _, b := range nb[i+1:] {
				if g.HasEdge(a, b) {
					tri[v]++
				}
			}
		}
	}
	return tri
}

// TestCutRelease: the cut's release of the input has no triangle, its
// degrees are k-anonymous, and every node is k-anonymous under count,
// edgecount, degdist and dk, all checked from scratch on the graph it
// leaves; at k = 2, 3 and 5. Asked to keep more edges than it does, it gives no release.
func TestCutRelease(t *testing.T) {
	for name, g := range cutTestGraphs() {
		for _, k := range []int{2, 3, 5} {
			s := newTestSolution(t, g.Clone(), Config{Measure: measure.Count{}, D: 1, K: k, Variant: Full, Seed: 3})
			o := cutStart{s}
			if !o.applies() {
				t.Fatalf("%s, k = %d: the cut does not apply under count", name, k)
			}
			dels, ok := o.release(context.Background(), 0)
			if !ok {
				t.Errorf("%s, k = %d: no release", name, k)
				continue
			}
			kept := g.NumEdges() - len(dels)
			if again, ok := o.release(context.Background(), kept); !ok || !slices.Equal(again, dels) {
				t.Errorf("%s, k = %d: asked to keep the %d edges it keeps, the release gave %t", name, k, kept, ok)
			}
			if _, ok := o.release(context.Background(), kept+1); ok {
				t.Errorf("%s, k = %d: asked to keep %d edges, a release that keeps %d was made", name, k, kept+1, kept)
			}
			h, edges := g.Clone(), g.SortedEdges() // the ids are those of the sorted edges
			for _, id := range dels {
				h.DeleteEdge(edges[id].U, edges[id].V)
			}
			for v, c := range triangles(h) {
				if c != 0 {
					t.Fatalf("%s, k = %d: node %d has %d triangles in the release", name, k, v, c)
				}
			}
			for _, m := range []measure.Measure{measure.Degree{}, measure.Count{}, measure.EdgeCount{}, measure.DegDist{}, measure.DK{}} {
				if na := notAnonymous(t, h, m, 1, k); na != 0 {
					t.Errorf("%s, k = %d: %d nodes not %d-anonymous under %s", name, k, na, k, m.Name())
				}
			}
		}
	}
}

// TestCutStartRuns: under count at k = 5 on the dense groups, where ua's
// deletions cascade, Best takes the cut's release and keeps at least what
// it keeps, in the full variant (the same release on one thread and on
// two), in the partial one and under dk; every release is verified from
// scratch (run). Under vrq and hybrid, at d = 2, within a budget and for
// ua the cut does not apply.
func TestCutStartRuns(t *testing.T) {
	g := denseGroups()
	cfg := Config{Measure: measure.Count{}, D: 1, K: 5, Variant: Full, Seed: 2}
	s := newTestSolution(t, g.Clone(), cfg)
	dels, ok := (cutStart{s}).release(context.Background(), 0)
	if !ok {
		t.Fatal("no cut release")
	}
	cutKept := g.NumEdges() - len(dels)
	var rels [][]graph.Edge
	for _, threads := range []int{1, 2} {
		c := cfg
		c.Threads = threads
		h := g.Clone()
		res := run(t, h, c)
		if !slices.ContainsFunc(res.Trace, func(it Iteration) bool { return it.Phase == PhaseCut }) || res.EdgesAfter < cutKept {
			t.Errorf("threads %d: start %q, %d edges kept; the cut's release keeps %d", threads, res.Refinement.Start, res.EdgesAfter, cutKept)
		}
		rels = append(rels, h.SortedEdges())
	}
	if !slices.Equal(rels[0], rels[1]) {
		t.Error("one thread and two released different graphs")
	}
	// The partial variant tries the cut too, and its release, verified by
	// run, keeps at least the cut's edges.
	pc := cfg
	pc.Variant, pc.Alpha = Partial, 0.9
	if res := run(t, g.Clone(), pc); !slices.ContainsFunc(res.Trace, func(it Iteration) bool { return it.Phase == PhaseCut }) || res.EdgesAfter < cutKept {
		t.Errorf("partial: start %q, %d edges kept; the cut's release keeps %d", res.Refinement.Start, res.EdgesAfter, cutKept)
	}
	// Under dk at d = 1 the same release is k-anonymous (measure.StarLocal),
	// and Best takes it too.
	dc := cfg
	dc.Measure = measure.DK{}
	if res := run(t, g.Clone(), dc); !slices.ContainsFunc(res.Trace, func(it Iteration) bool { return it.Phase == PhaseCut }) || res.EdgesAfter < cutKept {
		t.Errorf("dk: start %q, %d edges kept; the cut's release keeps %d", res.Refinement.Start, res.EdgesAfter, cutKept)
	}
	for _, c := range []Config{
		{Measure: measure.VRQ{}, D: 1, K: 2, Variant: Full},
		{Measure: measure.Hybrid{}, D: 1, K: 2, Variant: Full},
		{Measure: measure.DK{}, D: 2, K: 2, Variant: Full},
		{Measure: measure.Count{}, D: 2, K: 2, Variant: Full},
		{Measure: measure.Count{}, D: 1, K: 2, Variant: Budgeted, Budget: 10},
		{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Strategy: UA, Refine: Anneal},
	} {
		if (cutStart{newTestSolution(t, g.Clone(), c)}).applies() {
			t.Errorf("the cut applies under %s, d = %d, %s variant, strategy %q", c.Measure.Name(), c.D, c.Variant, c.Strategy)
		}
	}
}

// startRun runs start on g under cfg from the input, as RunContext runs a
// strategy's start, and returns the run's state.
func startRun(t *testing.T, g *graph.Graph, cfg Config, s start) *runState {
	t.Helper()
	cfg, err := cfg.WithDefaults(g.NumNodes(), g.NumEdges())
	if err != nil {
		t.Fatal(err)
	}
	rs, err := newRunState(g, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := s.run(context.Background(), rs); err != nil || sol != nil {
		t.Fatalf("the start returned %v, %v", sol, err)
	}
	return rs
}

// TestCutFirstStart: on the dense groups at k = 5, where ua's release
// falls below the cut's, Best's start on large networks (cutFirstStart,
// here with no lower bound on the edges) gives ua up and releases the
// cut's release, the same as cutStart.release's from the input, meeting
// the target, in a last row of its own that is the best; on a sparse
// random graph at k = 2, where ua meets the target keeping more, and on a
// network of at most its bound of edges, it is ua's start, row for row;
// under a time limit too short for ua the cut's release is taken; under dk
// the bound is the one for measures that are not arithmetic.
func TestCutFirstStart(t *testing.T) {
	cfg := Config{Measure: measure.Count{}, D: 1, K: 5, Variant: Full, Strategy: Best, Seed: 2}
	g := denseGroups()
	dels, ok := (cutStart{newTestSolution(t, g.Clone(), cfg)}).release(context.Background(), 0)
	if !ok {
		t.Fatal("no cut release")
	}
	want := g.Clone()
	edges := g.SortedEdges()
	for _, id := range dels {
		want.DeleteEdge(edges[id].U, edges[id].V)
	}
	h := g.Clone()
	rs := startRun(t, h, cfg, cutFirstStart{})
	res := rs.rec.res
	last := res.Trace[len(res.Trace)-1]
	if last.Phase != PhaseCut || res.Best != len(res.Trace)-1 || last.NotKAnonymous != 0 {
		t.Errorf("last row %+v, best %d of %d rows", last, res.Best, len(res.Trace))
	}
	if len(res.Trace) < 3 {
		t.Errorf("%d rows: ua made no iteration before it was given up", len(res.Trace))
	}
	if !slices.Equal(h.SortedEdges(), want.SortedEdges()) {
		t.Errorf("the release keeps %d edges, the cut's %d, or others", h.NumEdges(), want.NumEdges())
	}
	if res.Alterations.Len() != len(dels) || last.EdgesAltered != len(dels) {
		t.Errorf("%d alterations listed, %d in the row; the cut deletes %d", res.Alterations.Len(), last.EdgesAltered, len(dels))
	}
	for _, a := range res.Alterations.All() {
		if a.Added || !g.HasEdge(a.U, a.V) || h.HasEdge(a.U, a.V) {
			t.Fatalf("alteration %+v is not a deletion of the input's edge", a)
		}
	}
	if na := notAnonymous(t, h, measure.Count{}, 1, 5); na != 0 {
		t.Errorf("%d nodes not 5-anonymous, counted from scratch", na)
	}

	// Under a time limit ua has a quarter of it: with next to none, the
	// cut's release is taken even where ua would have met the target.
	sparse := randomGraph(rand.New(rand.NewPCG(1, 1)), 200, 260)
	tl := cfg
	tl.K, tl.TimeLimit = 2, time.Nanosecond
	h = sparse.Clone()
	if rs := startRun(t, h, tl, cutFirstStart{}); rs.rec.res.Trace[len(rs.rec.res.Trace)-1].Phase != PhaseCut || rs.st.notAnonymous != 0 {
		t.Errorf("sparse, no time for ua: last row %+v", rs.rec.res.Trace[len(rs.rec.res.Trace)-1])
	}

	for _, c := range []struct {
		name  string
		g     *graph.Graph
		k     int
		start cutFirstStart
	}{
		{"sparse, ua meets the target first", sparse, 2, cutFirstStart{}},
		{"dense groups, above the bound", denseGroups(), 5, cutFirstStart{minEdges: g.NumEdges()}},
	} {
		cc := cfg
		cc.K = c.k
		a, b := c.g.Clone(), c.g.Clone()
		ra := startRun(t, a, cc, c.start).rec.res
		rb := startRun(t, b, cc, paperStart{uaSelector{}}).rec.res
		rows := func(tr []Iteration) (out [][2]int) {
			for _, it := range tr {
				out = append(out, [2]int{it.EdgesAltered, it.NotKAnonymous})
			}
			return out
		}
		if !slices.Equal(a.SortedEdges(), b.SortedEdges()) || !slices.Equal(rows(ra.Trace), rows(rb.Trace)) || ra.Trace[len(ra.Trace)-1].Phase != PhaseStrategy {
			t.Errorf("%s: %d edges kept in %d rows, ua's start %d in %d", c.name, a.NumEdges(), len(ra.Trace), b.NumEdges(), len(rb.Trace))
		}
	}

	// Under dk, whose partition is not arithmetic, the bound is
	// boundedMinEdges: above minEdges, the dense groups get the cut's
	// release first all the same, 5-anonymous under dk from scratch.
	dk := cfg
	dk.Measure = measure.DK{}
	h = g.Clone()
	rs = startRun(t, h, dk, cutFirstStart{minEdges: g.NumEdges()})
	if last := rs.rec.res.Trace[len(rs.rec.res.Trace)-1]; last.Phase != PhaseCut || rs.st.notAnonymous != 0 || h.NumEdges() != want.NumEdges() {
		t.Errorf("dk, above minEdges: last row %+v, %d edges kept, the cut's %d", last, h.NumEdges(), want.NumEdges())
	}
	if na := notAnonymous(t, h, measure.DK{}, 1, 5); na != 0 {
		t.Errorf("dk: %d nodes not 5-anonymous, counted from scratch", na)
	}
}

// TestCutFirstRun: a whole run of Best from cutFirstStart (with no lower
// bound on the edges) on the dense groups at k = 5 refines the cut's
// release (RefinementStats.Start is StartCut), does not try the cut again
// after restoration (its row is the strategy's, before the refinement's
// rows, and its pipeline has no cut phase), keeps at least the cut's
// edges, and is verified from scratch (checkResult), on one thread and on
// two with the same release.
func TestCutFirstRun(t *testing.T) {
	g := denseGroups()
	s := newTestSolution(t, g.Clone(), Config{Measure: measure.Count{}, D: 1, K: 5, Variant: Full, Seed: 2})
	if with, without := len(refinePipeline(s.cfg, s, false)), len(refinePipeline(s.cfg, s, true)); without != with-1 {
		t.Errorf("the pipeline has %d phases from the cut's release, %d from ua's; want one fewer", without, with)
	}
	var rels [][]graph.Edge
	for _, threads := range []int{1, 2} {
		cfg := Config{Measure: measure.Count{}, D: 1, K: 5, Variant: Full, Seed: 2, Threads: threads}
		h := g.Clone()
		res, err := runFrom(context.Background(), h, cfg, always(cutFirstStart{}))
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, g, h, res)
		cuts := 0
		for _, it := range res.Trace {
			if it.Phase == PhaseCut {
				cuts++
			}
		}
		i := slices.IndexFunc(res.Trace, func(it Iteration) bool { return it.Phase == PhaseCut })
		if res.Refinement.Start != StartCut || cuts != 1 || i < 1 || res.Trace[i-1].Phase != PhaseStrategy || !res.TargetReached {
			t.Errorf("threads %d: start %q, %d cut rows, the first at %d, target reached %t", threads, res.Refinement.Start, cuts, i, res.TargetReached)
		}
		if cut := res.Trace[i].EdgesAltered; res.EdgesAfter < g.NumEdges()-cut {
			t.Errorf("threads %d: %d edges kept, the cut's release %d", threads, res.EdgesAfter, g.NumEdges()-cut)
		}
		rels = append(rels, h.SortedEdges())
	}
	if !slices.Equal(rels[0], rels[1]) {
		t.Error("one thread and two released different graphs")
	}
}

// TestCutAfterBoundedStart: under dk the pipeline tries the k-automorphic
// start before the cut's release (whose phase runs on the refinement's own
// context), then the local and large-neighbourhood searches; under count,
// on a network of at most cutBothMaxEdges edges, the local search, then
// the cut's release and the k-automorphic start, each searched in turn,
// then the large-neighbourhood search (every phase named, so that one
// added or moved fails the order); and a cut's release tried once a k-automorphic start's work
// budget is spent (the refinement's context ended, its base not) is still
// made, taken where it keeps more, verified from scratch, and refined on
// the base context.
func TestCutAfterBoundedStart(t *testing.T) {
	g := denseGroups()
	phaseNames := map[uintptr]string{
		reflect.ValueOf((*refinement).restore).Pointer():               "restore",
		reflect.ValueOf((*refinement).symmetric).Pointer():             "symmetric",
		reflect.ValueOf((*refinement).cut).Pointer():                   "cut",
		reflect.ValueOf((*refinement).anneal).Pointer():                "anneal",
		reflect.ValueOf((*refinement).annealUnlessPreempted).Pointer(): "anneal",
		reflect.ValueOf((*refinement).cutAfterAnneal).Pointer():        "cutAfterAnneal",
		reflect.ValueOf((*refinement).symmetricAfterAnneal).Pointer():  "symmetricAfterAnneal",
		reflect.ValueOf((*refinement).full).Pointer():                  "full",
		reflect.ValueOf((*refinement).lns).Pointer():                   "lns",
		reflect.ValueOf((*refinement).spendBudget).Pointer():           "spendBudget",
	}
	order := func(cfg Config) []string {
		s := newTestSolution(t, g.Clone(), cfg)
		var names []string
		for _, ph := range refinePipeline(s.cfg, s, false) {
			name, ok := phaseNames[reflect.ValueOf(ph.run).Pointer()]
			if !ok {
				name = "unnamed" // a phase the test does not know: it fails the order
			}
			if name == "cut" && ph.live {
				t.Errorf("%s: the cut's phase is live on a context it does not run on", cfg.Measure.Name())
			}
			names = append(names, name)
		}
		return names
	}
	if got, want := order(Config{Measure: measure.DK{}, D: 1, K: 5, Variant: Full}), []string{"restore", "symmetric", "cut", "anneal", "lns"}; !slices.Equal(got, want) {
		t.Errorf("dk: phases %v, want %v", got, want)
	}
	// On the dense groups (at most cutBothMaxEdges edges) under count the
	// cut's release is tried after the search (cutAfterAnneal), and the
	// k-automorphic start after that (symmetricAfterAnneal).
	if got, want := order(Config{Measure: measure.Count{}, D: 1, K: 5, Variant: Full}), []string{"restore", "anneal", "cutAfterAnneal", "symmetricAfterAnneal", "lns"}; !slices.Equal(got, want) {
		t.Errorf("count: phases %v, want %v", got, want)
	}

	s := newTestSolution(t, g.Clone(), Config{Measure: measure.DK{}, D: 1, K: 5, Variant: Full, Seed: 2})
	dels, ok := (cutStart{s}).release(context.Background(), 0)
	if !ok {
		t.Fatal("no cut release")
	}
	cutKept := g.NumEdges() - len(dels)
	spent, cancel := context.WithCancel(context.Background())
	cancel()
	res := &Result{Config: *s.cfg, Nodes: g.NumNodes(), EdgesBefore: g.NumEdges(), Trace: []Iteration{{Phase: PhaseStrategy}}}
	r := &refinement{ctx: spent, base: context.Background(), sol: s, rec: &recorder{res: res, p: s.p, sol: s}}
	r.cut()
	if res.Refinement.Start != StartCut || s.ids.numKept() < cutKept || !s.feasible() {
		t.Errorf("start %q, %d edges kept, target met %t; the cut's release keeps %d", res.Refinement.Start, s.ids.numKept(), s.feasible(), cutKept)
	}
	if r.ctx.Err() != nil || r.restoredKept != s.ids.numKept() {
		t.Errorf("after the cut: context %v, restoredKept %d of %d kept", r.ctx.Err(), r.restoredKept, s.ids.numKept())
	}
	checkSolution(t, s)
}
