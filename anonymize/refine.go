package anonymize

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// refinement is one run of the refinement pipeline that follows a
// strategy: the solution it improves, the context its phases stop at, and
// the recorder of their trace rows.
type refinement struct {
	ctx context.Context // the deadline's (and, under Whole measures, the work budget's)
	// base is ctx as the refinement began: the k-automorphic start's
	// work budget, where it set one (symmetric), bounds the refinement of
	// its own release, not a cut's release tried after it (cut).
	base     context.Context
	sol      *solution
	rng      *rand.Rand
	rec      *recorder
	deadline time.Time // zero: none
	start    time.Time
	// search is the symmetric start's search (in the background on two
	// or more threads), or nil where refine makes none.
	search *symmetricSearch
	// restoredKept is the number of edges the release kept after
	// restoration (the k-automorphic start competes with it); -1 before.
	restoredKept int
	// preempt: the strategy's restoration may end after its first round
	// for a symmetric start that promises more (restore); preempted: it
	// did, and the local search is left to that start's release.
	preempt, preempted bool
}

// A refinePhase is one step of the pipeline. Every phase leaves the
// solution at a state that meets what the target asks for. A live phase is
// skipped once the pipeline's context has ended; the others run anyway and
// stop at once if they watch the context.
type refinePhase struct {
	live bool
	run  func(r *refinement) // records its own trace rows (Phase*)
}

// refinePipeline returns the phases that refine a solution under cfg, in
// order: under a Whole measure a k-automorphic start first (the exact
// checks cost a recomputation of the whole graph, and it meets the target
// by construction); restoration; then the other starts from the input.
// Under an arithmetic measure with Anneal, where no full variant's release
// is tried (annealsFirst), a bipartite cut's release where it applies (on
// networks of more than cutBothMaxEdges edges; cut), the local search, the
// cut's release on smaller networks (cutAfterAnneal), and the
// k-automorphic start, which keeps its release only if that is better
// after its own local search (symmetricAfterAnneal): the local search need
// not wait for the start's search, which runs in the background; only on
// networks of at least twinPreemptMinEdges edges does the restoration ask
// it, after its first round, whether it promises enough to preempt the
// strategy's release (restore). Under any other measure that is not Whole
// the k-automorphic start, which replaces the restored release only when
// it keeps more (symmetric), then the cut's release where it applies
// (cut). A cut's release is not tried where fromCut says the strategy's
// release is already the cut's (cutFirstStart). Then the full variant's
// release for a small partial or budgeted run; with Anneal the local and
// large-neighbourhood searches; and for a budgeted run the gainful
// deletions that spend what is left.
func refinePipeline(cfg *Config, sol *solution, fromCut bool) []refinePhase {
	var ps []refinePhase
	_, _, whole := measure.WholeOf(cfg.Measure)
	symmetric := symmetricStartApplies(cfg)
	if symmetric && whole {
		ps = append(ps, refinePhase{false, (*refinement).symmetric})
	}
	ps = append(ps, refinePhase{false, (*refinement).restore})
	full := (fullStart{sol}).applies()
	annealFirst := annealsFirst(cfg, sol)
	cut := (cutStart{sol}).applies() && !fromCut
	cutAfter := cut && annealFirst && sol.in.len() <= cutBothMaxEdges
	switch {
	case annealFirst:
		if cut && !cutAfter {
			ps = append(ps, refinePhase{false, (*refinement).cut}) // live on its own context (cut)
		}
		ps = append(ps, refinePhase{false, (*refinement).annealUnlessPreempted})
		if cutAfter {
			ps = append(ps, refinePhase{true, (*refinement).cutAfterAnneal})
		}
		ps = append(ps, refinePhase{true, (*refinement).symmetricAfterAnneal})
	case symmetric && !whole:
		// The k-automorphic start before the cut's: under a measure
		// whose refinement it bounds it must keep symmetricMargin times
		// the current release, and the cut's release, taken first, would
		// raise that bar (radoslaw_email under dk, k = 2: the twinning's
		// 2,357 edges lost to the cut's 1,942), while the cut's needs only
		// cutMargin times the k-automorphic one's.
		ps = append(ps, refinePhase{true, (*refinement).symmetric})
		if cut {
			ps = append(ps, refinePhase{false, (*refinement).cut}) // live on its own context (cut)
		}
	}
	if full {
		ps = append(ps, refinePhase{true, (*refinement).full})
	}
	if cfg.Refine == Anneal {
		if !annealFirst {
			ps = append(ps, refinePhase{false, (*refinement).anneal})
		}
		ps = append(ps, refinePhase{false, (*refinement).lns})
	}
	if cfg.Variant == Budgeted {
		ps = append(ps, refinePhase{true, (*refinement).spendBudget})
	}
	return ps
}

// annealsFirst reports whether the refinement of sol under cfg searches
// locally before it tries the k-automorphic start (refinePipeline): under
// an arithmetic measure with Anneal, where no full variant's release is
// tried.
func annealsFirst(cfg *Config, sol *solution) bool {
	_, _, whole := measure.WholeOf(cfg.Measure)
	return symmetricStartApplies(cfg) && !whole && cfg.Refine == Anneal && !(fullStart{sol}).applies() && sol.p.Arithmetic()
}

// refine runs the refinement pipeline on sol, then lists the deleted edges
// of the final state as the alterations and records the refinement in the
// trace and in Result.Refinement. A zero deadline means Config.TimeLimit
// from now (if positive).
func refine(ctx context.Context, sol *solution, rng *rand.Rand, rec *recorder, deadline time.Time) {
	res, cfg := rec.res, sol.cfg
	start := time.Now()
	// Config.TimeLimit bounds the whole refinement: every phase stops at
	// the deadline with the state it has, which still meets the target.
	// Only the caller's context ending makes the run interrupted.
	if deadline.IsZero() && cfg.TimeLimit > 0 {
		deadline = start.Add(cfg.TimeLimit)
	}
	rctx := ctx
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		rctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	_, _, whole := measure.WholeOf(cfg.Measure)
	var search *symmetricSearch
	if !whole && symmetricStartApplies(cfg) && sol.ties == nil {
		search = newSymmetricSearch(&sol.in, cfg)
		if graph.Threads(cfg.Threads) > 1 {
			// The symmetric start's search needs only the input: on
			// two threads it runs beside the restoration.
			search.background(rctx)
			defer search.stop()
		}
	}
	if whole {
		// Every exact check recomputes the classes of the whole graph: the
		// refinement makes a bounded number of them.
		rctx = newWorkBudget(rctx, sol)
	}
	// The rows count the solution's deletions; they are listed once, at
	// the end (a list beside the solution would cost 8 bytes per deletion
	// at the peak).
	rec.sol = sol
	moves0 := sol.moves
	before := sol.ids.numDeleted()
	res.Refinement.Start = StartStrategy
	fromCut := res.Trace[res.Best].Phase == PhaseCut // the strategy's release is the cut's (cutFirstStart)
	if fromCut {
		res.Refinement.Start = StartCut
	}
	r := &refinement{ctx: rctx, base: rctx, sol: sol, rng: rng, rec: rec, deadline: deadline, start: start, search: search, restoredKept: -1,
		preempt: search != nil && annealsFirst(cfg, sol) && sol.in.len() >= twinPreemptMinEdges}
	for _, ph := range refinePipeline(cfg, sol, fromCut) {
		if ph.live && r.ctx.Err() != nil {
			continue
		}
		ph.run(r)
	}
	res.Refinement.Kept = before - sol.ids.numDeleted()
	res.Refinement.Evaluations = sol.moves - moves0
	res.Alterations = sol.finish()
	rec.sol = nil
	res.Refinement.Seconds = time.Since(start).Seconds()
}

// symmetricMargin is how many times the edges of the current release a
// symmetric start must keep, restored, to replace it under a measure whose
// refinement it bounds (see symmetric): the bounded search after it keeps
// less than the unbounded one after the current release would (football
// under dk, k = 2: 425 edges instead of 436 with a margin of 1).
const symmetricMargin = 1.25

// symmetric tries a k-automorphic release of the input (automorphicStart),
// which replaces the current one when it keeps more. Under a measure that
// is neither arithmetic nor Whole (dk, vrq, anything at d = 2) every
// exact check recomputes balls or canonical forms, which the denser
// symmetric release makes costly (radoslaw_email under dk, unbounded: 302 s
// against 10 s from the strategy's release): its restoration, and the phases after it if it
// wins, then get the work budget of a Whole measure.
func (r *refinement) symmetric() {
	sol := r.sol
	ctx, margin := r.ctx, 1.0
	if _, _, whole := measure.WholeOf(sol.cfg.Measure); !whole && !sol.p.Arithmetic() {
		ctx = newWorkBudget(r.ctx, sol)
		margin = symmetricMargin
	}
	t := time.Now()
	if restored, ok := (automorphicStart{sol}).run(ctx, r.search, margin, r.restoredKept); ok {
		r.ctx = ctx
		r.restoredKept = sol.ids.numKept() // what a cut's release tried next competes with
		ref := &r.rec.res.Refinement
		ref.Start = StartTwins
		ref.Restored = restored
		r.rec.record(PhaseTwins, sol.na, 0, time.Since(t))
	}
}

// symmetricAfterAnneal is symmetric for an arithmetic measure whose local
// search has already run from the restored release (refinePipeline). The
// k-automorphic release competes, as in symmetric, with the restored
// release: its search is checked against that release's edges, and it is
// taken, restored and searched locally in turn when it keeps more than
// them. The better of the two searched releases stays (the strategy's
// when they tie), so a start that would have been taken still gets its
// local search, and the release is never worse than the strategy's
// searched one. On two threads the start's search runs in the background
// meanwhile, so the local search no longer waits for it (on dblp-2010 it
// waited 22 to 32 s for a start that was then given up; the restoration
// now waits about 5 s there for the search's fifth, restore); where the
// start is taken, both local searches run.
//
// After a restoration that the start preempted (restore), the start is
// taken as symmetric takes it, then searched locally.
func (r *refinement) symmetricAfterAnneal() {
	if r.preempted {
		r.symmetric()
		r.anneal()
		return
	}
	r.searchAlternative(StartTwins, PhaseTwins, func() (int, bool) {
		return (automorphicStart{r.sol}).run(r.ctx, r.search, 1, r.restoredKept)
	})
}

// searchAlternative tries another start after the local search: try
// returns, as a start's run does, the edges restored from the start's
// release and whether it took it (else it has returned to the searched
// release). A release taken is recorded as start and phase, searched
// locally in turn, and kept if it is then better than the searched
// release; else the solution returns exactly to that release
// (solution.returnTo). It reports whether the start's release stayed.
func (r *refinement) searchAlternative(start, phase string, try func() (int, bool)) bool {
	sol := r.sol
	searched := sol.mark()
	a0, d0 := sol.anonymous(), sol.ids.numDeleted()
	t := time.Now()
	restored, ok := try()
	if !ok {
		return false
	}
	ref := &r.rec.res.Refinement
	start0, restored0 := ref.Start, ref.Restored
	ref.Start, ref.Restored = start, restored
	r.rec.record(phase, sol.na, 0, time.Since(t))
	r.anneal()
	if !sol.better(sol.anonymous(), sol.ids.numDeleted(), a0, d0) {
		sol.returnTo(searched)
		ref.Start, ref.Restored = start0, restored0
		r.rec.record(PhaseAnneal, sol.na, 0, 0)
		return false
	}
	return true
}

// cutAfterAnneal is cut on a network of at most cutBothMaxEdges edges
// under an arithmetic measure, whose local search has already run from the
// restored release (refinePipeline): the cut's release, restored, is
// searched locally in turn when it keeps more than that release did
// restored, and the better of the two searched releases stays
// (searchAlternative). On karate the cut's release kept more than ua's
// restored but fewer after both searches (seed 1: 66 edges against 68). If
// the restoration was preempted (restore), it is cut.
func (r *refinement) cutAfterAnneal() {
	if r.preempted {
		r.cut()
		return
	}
	kept := r.restoredKept
	if r.searchAlternative(StartCut, PhaseCut, func() (int, bool) {
		restored, ok := (cutStart{r.sol}).run(r.ctx, 1, r.restoredKept)
		kept = r.sol.ids.numKept() // more than r.restoredKept where ok
		return restored, ok
	}) {
		r.restoredKept = kept
		r.search.compete(r.restoredKept)
	}
}

// annealUnlessPreempted is anneal, unless the restoration was preempted
// (restore): the start that preempted it is searched locally instead.
func (r *refinement) annealUnlessPreempted() {
	if !r.preempted {
		r.anneal()
	}
}

// annealing returns the local search on the refinement's solution, within
// its context and deadline, drawing from its random stream (the large-
// neighbourhood search restarts from that search's releases).
func (r *refinement) annealing() *annealing {
	return &annealing{s: r.sol, ctx: r.ctx, r: r.rng, deadline: r.deadline}
}

// restore re-adds deleted edges while the target stays met. Its row's time
// counts from the refinement's start. Where the symmetric start comes
// after the local search, on networks of at least twinPreemptMinEdges
// edges (preempt), the restoration ends after its first
// round if the start's search promises at least twinPreempt times the
// edges kept then (symmetricSearch.promises): the start is then taken at
// once (symmetricAfterAnneal), and the later rounds and the local search
// of a release that it would replace are skipped.
func (r *refinement) restore() {
	o := restoration{s: r.sol}
	if r.preempt {
		o.enough = func(kept int) bool {
			r.preempted = r.search.promises(r.ctx, kept, r.sol.cfg.StageProgress)
			return r.preempted
		}
	}
	r.rec.res.Refinement.Restored += o.run(r.ctx)
	r.restoredKept = r.sol.ids.numKept()
	r.search.compete(r.restoredKept)
	r.rec.record(PhaseRestore, r.sol.na, 0, time.Since(r.start))
}

// cut tries a bipartite cut's release (cutStart), which replaces the
// restored release, or the k-automorphic start's where that came first
// (refinePipeline), when it keeps cutMargin times its edges, restored.
// The cut's release is made, restored and refined under the refinement's
// own context, not under the work budget of a k-automorphic start's
// release that it replaces (symmetric); once that context has ended it is
// not tried.
func (r *refinement) cut() {
	if r.base.Err() != nil {
		return
	}
	t := time.Now()
	if restored, ok := (cutStart{r.sol}).run(r.base, cutMargin, r.restoredKept); ok {
		r.ctx = r.base
		ref := &r.rec.res.Refinement
		ref.Start = StartCut
		ref.Restored = restored
		r.restoredKept = r.sol.ids.numKept()
		r.search.compete(r.restoredKept)
		r.rec.record(PhaseCut, r.sol.na, 0, time.Since(t))
	}
}

// full tries the full variant's release under the same configuration
// (fullStart), which replaces the current one when it keeps more.
func (r *refinement) full() {
	t := time.Now()
	if restored, ok := (fullStart{r.sol}).run(r.ctx); ok {
		ref := &r.rec.res.Refinement
		ref.Start = StartFull
		ref.Restored = restored
		r.rec.record(PhaseFull, r.sol.na, 0, time.Since(t))
	}
}

// anneal searches the set of deleted edges locally: Config.Effort moves
// per edge it may reach (searchMoves), with a row every m moves and one at
// the end.
func (r *refinement) anneal() {
	sol, cfg := r.sol, r.sol.cfg
	t := time.Now()
	moves := searchMoves(cfg, sol.in.len(), sol.ids.numDeleted())
	report := max(1, sol.in.len())
	st := r.annealing().run(moves, report, func() {
		r.rec.record(PhaseAnneal, sol.na, 0, time.Since(t))
		t = time.Now()
	})
	ref := &r.rec.res.Refinement
	ref.Tried += st.tried
	ref.Accepted += st.accepted
	r.rec.record(PhaseAnneal, sol.na, 0, time.Since(t))
}

// searchReach is how many edges per deleted edge the local search counts
// when it sizes its effort (searchMoves). Three fourths of its moves
// restore a deleted edge, so at the default effort each deleted edge is
// tried about 45 times, as on Enron, where the deleted edges are a third
// of the network. Where they are a few percent, as on dblp-2010 (54,437
// of 807,700 after restoration), a move per edge of the network spent
// most of its time far from them: with deepRepairTries, 16.2 M moves kept
// 776,080 edges in 177.7 s, the bounded search's 3.27 M kept 773,525 in
// 56.6 s (default, count, k = 2, seed 1, 2026-11-29; before the deep
// tries, 16.2 M moves kept 771,170 in 111 s).
const searchReach = 3

// searchReachMin is the fewest edges the local search counts when it sizes
// its effort (searchMoves): a network of up to 32,768 edges is searched
// with a move per edge, as before searchReach, whose moves cost a few
// seconds at most. On CA-GrQc (14,484 edges, k = 3) the bound by deleted
// edges alone kept 188 edges fewer than the moves per edge.
const searchReachMin = 1 << 15

// searchMoves returns the moves of the local search under cfg on a network
// of m edges with deleted of them deleted: Config.Effort per edge it may
// reach, that is per edge the run may delete (every edge, or the budget),
// but at most per searchReach edges for each deleted edge (or
// searchReachMin edges, if more), and at least one.
func searchMoves(cfg *Config, m, deleted int) int {
	return cfg.Effort * max(1, min(m, cfg.Budget, max(searchReach*deleted, searchReachMin)))
}

// lns runs the large-neighbourhood search of small releases, and records
// a row when it did anything.
func (r *refinement) lns() {
	t := time.Now()
	ls := (&lnsSearch{r.annealing()}).run()
	if ls.steps == 0 && !ls.optimal {
		return
	}
	ref := &r.rec.res.Refinement
	ref.Tried += ls.steps + ls.restarts.tried
	ref.Accepted += ls.improved + ls.moved + ls.restarts.accepted
	ref.Optimal = ls.optimal
	r.rec.record(PhaseLNS, r.sol.na, 0, time.Since(t))
}

// spendBudget ends a budgeted run that has not met its target with
// deletions that each make more nodes k-anonymous, as long as there are
// any and budget is left: a budgeted run never ends where a single
// deletion would still help, unless its time limit has passed.
func (r *refinement) spendBudget() {
	sol, cfg := r.sol, r.sol.cfg
	if sol.anonymous() >= sol.target || sol.ids.numDeleted() >= cfg.Budget {
		return
	}
	n := 0
	// The greedy's queue (8½ bytes per edge) takes the place of the split
	// of the ids, which it does not need (the graph says which edges are
	// kept), and not that of the earlier phases' garbage; the split is
	// listed again after it, for the list of deletions, which does not
	// depend on the split's order.
	left := cfg.Budget - sol.ids.numDeleted()
	sol.ids = idSplit{}
	releaseMemory(cfg, sol.in.len())
	newGainGreedy(sol).run(r.ctx, left, true, func(int32, time.Duration) { n++ })
	releaseMemory(cfg, sol.in.len())
	sol.listIDs()
	if n > 0 {
		r.rec.record(PhaseGreedy, sol.na, 0, 0)
	}
}

// wholeMovesPerEffort bounds, per unit of Config.Effort, the moves of a
// refinement under a Whole measure (automorphism), each of which
// recomputes the classes of the whole graph: 400 at the default effort
// (on the 17 reference networks, 1,000 moves cost about twice the time for
// 2-3% more edges kept).
const wholeMovesPerEffort = 20

// errWorkBudget ends a refinement that has made the moves it may make.
var errWorkBudget = errors.New("anonymize: the refinement's moves are spent")

// workBudget is a context that also ends once the solution s has made
// limit moves, so that a refinement whose every exact check is costly is
// bounded by its work, the same on every machine, and not by time. The
// refinement's phases poll Err.
type workBudget struct {
	context.Context
	s     *solution
	limit int
}

// newWorkBudget bounds ctx by the moves a refinement under a Whole measure
// may make from the solution's current count: wholeMovesPerEffort per unit
// of Config.Effort.
func newWorkBudget(ctx context.Context, s *solution) workBudget {
	return workBudget{Context: ctx, s: s, limit: s.moves + wholeMovesPerEffort*s.cfg.Effort}
}

// Err returns the context's error, or errWorkBudget once the moves are
// spent.
func (b workBudget) Err() error {
	if err := b.Context.Err(); err != nil {
		return err
	}
	if b.s.moves >= b.limit {
		return errWorkBudget
	}
	return nil
}
