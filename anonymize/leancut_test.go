package anonymize

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// TestLeanCut: LeanCut's release is RunContext's under Strategy Cut, edge
// for edge, on every graph of the cut's tests, at k = 2, 3 and 5, under
// count and edgecount, with several seeds, unrefined and restored (for
// dk, the unrefined release only: its cut is count's); its own check
// passes, and a check made from scratch on the graph it leaves finds
// every node k-anonymous. Restored, its result has RunContext's rows and
// refinement, down to the number of evaluations. Where the input already
// meets the target RunContext keeps it (LeanCut's caller does too, so
// those cases are skipped), and where RunContext's restoration takes the
// k-automorphic start after it (Restore tries it; LeanCut does not) the
// two differ and the case is skipped.
func TestLeanCut(t *testing.T) {
	restored, skipped := 0, 0
	graphs := cutTestGraphs()
	r := rand.New(rand.NewPCG(5, 9))
	for i := range 6 {
		// Dense blocks, as in a population network: the restoration has
		// triangles to give back, in pairs too.
		graphs[fmt.Sprintf("blocks%d", i)] = blocksGraph(r, 6+2*i, 8+i, 0.6, 0.05)
	}
	for name, g := range graphs {
		for _, k := range []int{2, 3, 5} {
			for _, seed := range []uint64{1, 2} {
				for _, c := range []struct {
					m      measure.Measure
					refine Refinement
				}{{measure.Count{}, NoRefinement}, {measure.EdgeCount{}, NoRefinement}, {measure.DK{}, NoRefinement}, {measure.Count{}, Restore}, {measure.EdgeCount{}, Restore}} {
					m := c.m
					cfg := Config{Strategy: Cut, Measure: m, K: k, Variant: Full, Seed: seed, Refine: c.refine}
					h := g.Clone()
					res, err := RunContext(context.Background(), h, cfg)
					if err != nil {
						t.Fatalf("%s, k = %d: %v", name, k, err)
					}
					if res.Trace[0].NotKAnonymous == 0 {
						continue
					}
					phase := PhaseCut
					if c.refine == Restore {
						phase = PhaseRestore
						if res.Refinement.Start != StartCut {
							skipped++
							continue
						}
						restored++
					}
					if !res.TargetReached || res.Trace[res.Best].Phase != phase {
						t.Fatalf("%s, k = %d, seed %d: RunContext reached %t, best row %s", name, k, seed, res.TargetReached, res.Trace[res.Best].Phase)
					}
					deg, edges := leanInput(g)
					lean, err := LeanCut(context.Background(), deg, edges, cfg)
					if err != nil {
						t.Fatalf("%s, k = %d, seed %d: %v", name, k, seed, err)
					}
					var got, higher []graph.Edge
					var buf []int32
					for u := range int32(lean.NumNodes()) {
						buf = lean.Higher(u, buf[:0])
						for _, v := range buf {
							higher = append(higher, graph.Edge{U: u, V: v})
						}
					}
					for e := range lean.Edges() {
						got = append(got, e)
					}
					if !slices.Equal(higher, got) {
						t.Errorf("%s, k = %d, seed %d: Higher gives %d edges, Edges %d", name, k, seed, len(higher), len(got))
					}
					if want := h.SortedEdges(); !slices.Equal(got, want) {
						t.Errorf("%s, k = %d, seed %d, %s: lean release of %d edges, RunContext's %d", name, k, seed, m.Name(), len(got), len(want))
						continue
					}
					if lean.NumEdges() != len(got) || lean.Deleted() != g.NumEdges()-len(got) {
						t.Errorf("%s, k = %d: NumEdges %d, Deleted %d, for %d of %d edges", name, k, lean.NumEdges(), lean.Deleted(), len(got), g.NumEdges())
					}
					sameLeanResult(t, fmt.Sprintf("%s, k = %d, seed %d, %s, %s", name, k, seed, m.Name(), c.refine),
						lean.Result(res.Trace[0].NotKAnonymous, res.Trace[0].Unique), res)
					if err := lean.Check(k); err != nil {
						t.Errorf("%s, k = %d: %v", name, k, err)
					}
					if st := lean.st; st != nil {
						// An edge that the restoration left deleted breaks
						// the target once restored: Check, from scratch,
						// must see it.
						for id := range st.deletions() {
							if st.apply(id) > 0 {
								if err := lean.Check(k); err == nil {
									t.Errorf("%s, k = %d, %s: Check passed a release with %d nodes not %d-anonymous", name, k, m.Name(), st.na, k)
								}
								st.reapply(id)
								break
							}
							st.reapply(id)
						}
					}
					if na := notAnonymous(t, h, m, 1, k); na != 0 {
						t.Errorf("%s, k = %d: %d nodes not %d-anonymous from scratch", name, k, na, k)
					}
				}
			}
		}
	}
	t.Logf("%d restored releases compared, %d skipped", restored, skipped)
	if restored < 4*skipped || restored < 40 {
		t.Errorf("%d restored releases compared, %d skipped (RunContext took the k-automorphic start)", restored, skipped)
	}
}

// TestLeanUnchanged: where the input meets the target, LeanUnchanged's
// release is the input and its result RunContext's, row for row, under
// the configuration asked for.
func TestLeanUnchanged(t *testing.T) {
	for name, g := range cutTestGraphs() {
		for _, cfg := range []Config{
			{Strategy: Best, Measure: measure.Count{}, K: 2, Variant: Partial, Alpha: 0.05, Seed: 3},
			{Strategy: Cut, Measure: measure.EdgeCount{}, K: 3, Variant: Partial, Alpha: 0.05},
		} {
			res, err := RunContext(context.Background(), g.Clone(), cfg)
			if err != nil {
				t.Fatalf("%s, %s: %v", name, cfg.Strategy, err)
			}
			if len(res.Trace) != 1 {
				t.Fatalf("%s, %s: the input does not meet the target of the test (%d of %d nodes not anonymous)", name, cfg.Strategy, res.Trace[0].NotKAnonymous, res.Nodes)
			}
			deg, edges := leanInput(g)
			lean, err := LeanUnchanged(deg, edges, cfg)
			if err != nil {
				t.Fatalf("%s, %s: %v", name, cfg.Strategy, err)
			}
			if got := slices.Collect(lean.Edges()); !slices.Equal(got, g.SortedEdges()) || lean.Deleted() != 0 {
				t.Errorf("%s, %s: %d edges released, %d deleted, of the input's %d", name, cfg.Strategy, len(got), lean.Deleted(), g.NumEdges())
			}
			lres := lean.Result(res.Trace[0].NotKAnonymous, res.Trace[0].Unique)
			row, want := lres.Trace[0], res.Trace[0]
			row.SecondsSelect, row.SecondsUpdate, want.SecondsSelect, want.SecondsUpdate = 0, 0, 0, 0
			if len(lres.Trace) != 1 || row != want || lres.Best != 0 || lres.EdgesAfter != res.EdgesAfter || !lres.TargetReached ||
				lres.Target != res.Target || lres.Config.Strategy != cfg.Strategy || lres.Config.Refine != res.Config.Refine {
				t.Errorf("%s, %s: lean result %+v, RunContext's %+v", name, cfg.Strategy, lres, res)
			}
			if err := lean.Check(cfg.K); err == nil {
				t.Errorf("%s, %s: Check passed the input, which has no cut", name, cfg.Strategy)
			}
		}
	}
}

// sameLeanResult checks that the result of a lean release, lean, is the
// usual path's, usual, but for the seconds: its rows, best row, edges,
// target, seed and refinement, down to the number of evaluations.
func sameLeanResult(t *testing.T, what string, lean, usual *Result) {
	t.Helper()
	lr, ur := lean.Refinement, usual.Refinement
	lr.Seconds, ur.Seconds = 0, 0
	if len(lean.Trace) != len(usual.Trace) || lean.Best != usual.Best || lean.EdgesAfter != usual.EdgesAfter ||
		lean.Target != usual.Target || lean.TargetReached != usual.TargetReached || lean.Config.Seed != usual.Config.Seed || lr != ur {
		t.Errorf("%s: lean result of %d rows, best %d, %d edges, reached %t, %+v; the usual path's of %d rows, best %d, %d edges, reached %t, %+v",
			what, len(lean.Trace), lean.Best, lean.EdgesAfter, lean.TargetReached, lean.Refinement,
			len(usual.Trace), usual.Best, usual.EdgesAfter, usual.TargetReached, usual.Refinement)
		return
	}
	for i, row := range lean.Trace {
		want := usual.Trace[i]
		row.SecondsSelect, row.SecondsUpdate, want.SecondsSelect, want.SecondsUpdate = 0, 0, 0, 0
		if row != want {
			t.Errorf("%s: lean row %+v, the usual path's %+v", what, row, want)
		}
	}
}

// leanInput returns g's degrees and a stream of its edges in ascending
// order, LeanCut's input.
func leanInput(g *graph.Graph) ([]int32, graph.EdgeStream) {
	deg := make([]int32, g.NumNodes())
	for v := range deg {
		deg[v] = int32(g.Degree(int32(v)))
	}
	return deg, streamOf(g.SortedEdges())
}

// streamOf returns a stream of the edges es, in their order.
func streamOf(es []graph.Edge) graph.EdgeStream {
	return func(yield func(u, v int32) error) error {
		for _, e := range es {
			if err := yield(e.U, e.V); err != nil {
				return err
			}
		}
		return nil
	}
}

// TestLeanCutRefuses: LeanCut makes only the Cut strategy's release,
// unrefined, under the measures where it is k-anonymous; it says where no
// release meets the target (over the budget, out of time) and refuses,
// without reading on, a stream that does not match the degrees; Check
// finds a release whose degrees are not k-anonymous.
func TestLeanCutRefuses(t *testing.T) {
	g := denseGroups()
	deg, edges := leanInput(g)
	for _, cfg := range []Config{
		{Strategy: Best},
		{Strategy: Cut, Measure: measure.VRQ{}},
		{Strategy: Cut, D: 2},
		{Strategy: Cut, Fuzzy: true},
		{Strategy: Cut, Refine: Anneal},
		{Strategy: Cut, Refine: Restore, Variant: Partial, Alpha: 0.5},
	} {
		if _, err := LeanCut(context.Background(), deg, edges, cfg); err == nil || errors.Is(err, ErrLeanUnmet) {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
	for name, cfg := range map[string]Config{
		"budget 1":     {Strategy: Cut, K: 5, Variant: Budgeted, Budget: 1},
		"a nanosecond": {Strategy: Cut, K: 5, Variant: Full, TimeLimit: 1},
		"k above n":    {Strategy: Cut, K: g.NumNodes() + 1, Variant: Full},
	} {
		_, err := LeanCut(context.Background(), deg, edges, cfg)
		if !errors.Is(err, ErrLeanUnmet) {
			t.Errorf("%s: %v, want ErrLeanUnmet", name, err)
		}
	}
	es := g.SortedEdges()
	extra := append(slices.Clone(es), graph.Edge{U: 0, V: int32(g.NumNodes() - 1)})
	swapped := slices.Clone(es)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	for name, stream := range map[string]graph.EdgeStream{
		"an edge short": streamOf(es[:len(es)-1]),
		"an edge more":  streamOf(extra),
		"out of order":  streamOf(swapped),
		"out of range":  streamOf(append(slices.Clone(es[:3]), graph.Edge{U: 0, V: int32(g.NumNodes())})),
		"a failing read": func(yield func(u, v int32) error) error {
			return errors.New("disk on fire")
		},
	} {
		_, err := LeanCut(context.Background(), deg, stream, Config{Strategy: Cut, K: 5, Variant: Full})
		if err == nil || errors.Is(err, ErrLeanUnmet) {
			t.Errorf("%s: %v", name, err)
		}
	}
	r, err := LeanCut(context.Background(), deg, edges, Config{Strategy: Cut, K: 5, Variant: Full})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(5); err != nil {
		t.Fatal(err)
	}
	// One edge fewer leaves its ends' degrees to fewer nodes than all.
	var e graph.Edge
	for u := range int32(r.NumNodes()) {
		if nb := r.Higher(u, nil); len(nb) > 0 {
			e = graph.Edge{U: u, V: nb[0]}
			break
		}
	}
	r.adj.keep(func(u, v int32) bool { return graph.Edge{U: u, V: v} != e })
	if err := r.Check(r.NumNodes()); err == nil {
		t.Error("Check at k = n passed a release whose degrees differ")
	}
}

// TestLeanRestoreWorkers: the lean restoration restores the same edges,
// in the same number of evaluations, on any number of workers, since a
// batch's checks are made on a state that does not change and the first
// candidate that fits is the one made (run it under -race too).
func TestLeanRestoreWorkers(t *testing.T) {
	graphs := cutTestGraphs()
	r := rand.New(rand.NewPCG(7, 2))
	for i := range 4 {
		graphs[fmt.Sprintf("blocks%d", i)] = blocksGraph(r, 8+2*i, 8+i, 0.6, 0.05)
	}
	restored := 0
	for name, g := range graphs {
		deg, edges := leanInput(g)
		for _, k := range []int{2, 3, 5} {
			for _, m := range []measure.Measure{measure.Count{}, measure.EdgeCount{}} {
				cut, err := LeanCut(context.Background(), deg, edges, Config{Strategy: Cut, Measure: m, K: k, Variant: Full, Seed: 1})
				if errors.Is(err, ErrLeanUnmet) {
					continue
				}
				if err != nil {
					t.Fatalf("%s, k = %d, %s: %v", name, k, m.Name(), err)
				}
				released := make(map[graph.Edge]bool)
				for e := range cut.Edges() {
					released[e] = true
				}
				ids := g.SortedEdges()
				var want []int32
				wantMoves := 0
				for _, workers := range []int{1, 2, 3, 5} {
					a, err := newAdjacencyOf(deg, edges)
					if err != nil {
						t.Fatal(err)
					}
					kept := newBitSet(len(ids))
					for id, e := range ids {
						if released[e] {
							kept.set(id)
						}
					}
					st, err := newLeanState(a, kept, &cut.cfg, false)
					if err != nil {
						t.Fatal(err)
					}
					n := restoration{s: st, workers: workers, parallelFrom: 2}.run(context.Background())
					var got []int32
					for id := range st.deletions() {
						got = append(got, id)
					}
					if workers == 1 {
						want, wantMoves = got, st.moves
						restored += n
						continue
					}
					if !slices.Equal(got, want) || st.moves != wantMoves {
						t.Errorf("%s, k = %d, %s, %d workers: %d deleted in %d evaluations, one worker: %d in %d",
							name, k, m.Name(), workers, len(got), st.moves, len(want), wantMoves)
					}
				}
			}
		}
	}
	if restored == 0 {
		t.Error("no edge restored: the test tests nothing")
	}
	t.Logf("%d edges restored", restored)
}
