package anonymize

import (
	"context"
	"math"
	"math/rand/v2"
	"time"
)

// The local search's parameters, in units of the objective (one edge kept,
// or for budgeted runs one k-anonymous node). Temperatures fall
// geometrically from the first value to the second over a search.
const (
	// feasibleT0 and feasibleT1: the search among states that meet the
	// target, from accepting a one-edge loss with probability e^-2 to e^-50.
	feasibleT0, feasibleT1 = 0.5, 0.02
	// repairTries bounds the partners tried to repair a restoration that
	// broke anonymity: edges at the nodes it broke or at its ends, each
	// deleted (a swap) or, if already deleted, restored as well (a pair).
	repairTries = 4
	// deepRepairTries bounds them instead where the restoration broke at
	// most deepBroken nodes besides its ends' two entries (solution.broken).
	// On Enron (default, count, k = 2, seed 1, 2026-11-29) a partner tried
	// beyond the fourth repaired such a restoration one time in 46 to 103,
	// and one broken more widely one time in 1,800 (five nodes) to fewer
	// than one in 10^5 (eight and more); most repairing partners are at
	// hubs with hundreds of deleted edges, which four tries rarely reach.
	deepRepairTries = 128
	deepBroken      = 4
	// fromInputMovesPerEffort is the least number of moves of the search
	// that starts from the input per unit of Config.Effort: small graphs
	// get this many, so that the search can reach their optimum (40,000 at
	// the default effort; ThoroughEffort gives the 400,000 with which the
	// default reached the optimum of karate and of 100 small random graphs
	// before 2026-11-28).
	fromInputMovesPerEffort = 2_000
	// fromInputMaxMissing: the search from the input runs only when at
	// most this many nodes are missing from the target in the input. With
	// more it has never reached the target within its moves on the shared
	// networks, and its time is better left unspent.
	fromInputMaxMissing = 64
)

// The search through states that miss the target, each missing node
// costing penalty edges (tuned on karate and small random graphs: a
// penalty of 1 to 5 and a start of 1 to 3 give the same results within a
// few edges).
const penaltyT0, penaltyT1, penalty = 3.0, 0.05, 3.0

// annealStats counts the local search's work.
type annealStats struct {
	tried, accepted int
}

func (a *annealStats) add(b annealStats) {
	a.tried += b.tried
	a.accepted += b.accepted
}

// annealing is the local search of Config.Refine = Anneal on a solution
// (run): simulated annealing among the states that meet the target, then
// through any state from the input itself. It stops when ctx is done or
// the deadline (if not zero) passes, and draws from r.
type annealing struct {
	s        *solution
	ctx      context.Context
	r        *rand.Rand
	deadline time.Time
}

// objective is what the local search maximises. For full and partial runs
// it is the edges kept less pen for every node by which the state falls
// short of the target (pen = 0: such states are never entered). For
// budgeted runs it is the k-anonymous nodes up to the target, then the
// edges kept as a fraction below one node; states over the budget are
// never entered.
func (a *annealing) objective(pen float64) float64 {
	return a.objectiveAt(pen, a.s.na, a.s.ids.numKept())
}

// objectiveAt is objective for a state with na nodes that are not
// k-anonymous and kept edges kept, which need not be the current one.
func (a *annealing) objectiveAt(pen float64, na, kept int) float64 {
	s := a.s
	anonymous := s.n - na
	if s.cfg.Variant == Budgeted {
		return float64(min(anonymous, s.target)) + float64(kept)/float64(s.in.len()+1)
	}
	return float64(kept) - pen*float64(max(0, s.target-anonymous))
}

// keepable reports whether the current state may be returned: it meets the
// target (full, partial) or the budget (budgeted).
func (a *annealing) keepable() bool { return a.keepableAt(a.s.na, a.s.ids.numKept()) }

// keepableAt is keepable for a state with na nodes that are not
// k-anonymous and kept edges kept.
func (a *annealing) keepableAt(na, kept int) bool {
	s := a.s
	if s.cfg.Variant == Budgeted {
		return s.in.len()-kept <= s.cfg.Budget
	}
	return s.n-na >= s.target
}

// walk is one simulated-annealing search of an annealing: it tracks the
// best keepable state and returns to it at the end.
type walk struct {
	*annealing
	pen     float64 // 0: states that are not keepable are never entered
	t, cool float64
	// t0 and t1 are the first and last temperatures and began the time
	// the walk began, from which, under a deadline, next keeps the
	// temperature in step with the time left.
	t0, t1  float64
	began   time.Time
	best    float64
	journal []int32 // toggles since the best state
	stats   annealStats
}

// newWalk starts a walk of moves moves whose temperature falls from t0 to
// t1, paying pen per node missing from the target.
func (a *annealing) newWalk(pen, t0, t1 float64, moves int) *walk {
	w := &walk{annealing: a, pen: pen, t: t0, cool: math.Pow(t1/t0, 1/float64(max(1, moves))), t0: t0, t1: t1, began: time.Now()}
	w.best = math.Inf(-1)
	if a.keepable() {
		w.best = a.objective(pen)
	}
	return w
}

// next begins move i: it reports whether the search must end instead
// (checked every 256 moves) and otherwise lowers the temperature by one
// move's share of the schedule. Under a deadline the temperature is also
// kept at or below where the schedule would be if it were spread over the
// time from the walk's start to the deadline, so that a walk the deadline
// will cut still cools fully by then instead of ending hot; without one
// the schedule depends on the moves alone, and so does the release.
func (w *walk) next(i int) bool {
	if i%256 == 0 {
		if ended(w.ctx, w.deadline) {
			return true
		}
		if !w.deadline.IsZero() {
			w.t = min(w.t, scheduledT(w.t0, w.t1, time.Since(w.began), w.deadline.Sub(w.began)))
		}
	}
	w.t *= w.cool
	return false
}

// scheduledT is the temperature of a geometric schedule from t0 to t1
// once the share elapsed/total of it has passed (all of it when total is
// not positive).
func scheduledT(t0, t1 float64, elapsed, total time.Duration) float64 {
	f := 1.0
	if total > 0 {
		f = min(1, max(0, float64(elapsed)/float64(total)))
	}
	return t0 * math.Pow(t1/t0, f)
}

// ended reports whether a search must end: ctx is done or the deadline (if
// not zero) has passed.
func ended(ctx context.Context, deadline time.Time) bool {
	return ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline))
}

// accept decides whether to keep the current state, reached from one of
// objective f0, which must be allowed at all (keepable, unless there is a
// penalty).
func (w *walk) accept(f0 float64) bool { return w.acceptAt(f0, w.s.na, w.s.ids.numKept()) }

// acceptAt is accept for a state with na nodes that are not k-anonymous
// and kept edges kept, which need not be the current one: a move judged
// before it is made (solution.try) draws from the walk's source as it
// would if judged after.
func (w *walk) acceptAt(f0 float64, na, kept int) bool {
	if (w.pen == 0 || w.s.cfg.Variant == Budgeted) && !w.keepableAt(na, kept) {
		return false
	}
	d := w.objectiveAt(w.pen, na, kept) - f0
	return d >= 0 || w.r.Float64() < math.Exp(d/w.t)
}

// tryMove makes the move that toggles edge id if the walk accepts the
// state it reaches from one of objective f0, and reports whether it did.
func (w *walk) tryMove(f0 float64, id int32) bool {
	return w.s.try(id, w.maxNA(), func(na, kept int) bool { return w.acceptAt(f0, na, kept) })
}

// maxNA returns the most nodes that are not k-anonymous that a state the
// walk accepts may have: those of the target where states must meet it,
// else any number.
func (w *walk) maxNA() int {
	if w.pen == 0 && w.s.cfg.Variant != Budgeted {
		return w.s.n - w.s.target
	}
	return w.s.n
}

// taken records an accepted move that toggled ids.
func (w *walk) taken(ids ...int32) {
	s := w.s
	s.commit()
	w.stats.accepted++
	w.journal = append(w.journal, ids...)
	if f := w.objective(w.pen); f > w.best && w.keepable() {
		w.best = f
		w.journal = w.journal[:0]
	}
}

// finish returns to the best state seen; it reports false if no keepable
// state was seen (the solution is then where the walk started).
func (w *walk) finish() bool {
	s := w.s
	if len(w.journal) > 0 {
		for i := len(w.journal) - 1; i >= 0; i-- {
			s.toggle(w.journal[i])
		}
		s.update(false)
	}
	return !math.IsInf(w.best, -1)
}

// feasible searches among keepable states: a move restores a random
// deleted edge or, if that breaks the target, restores it and toggles an
// edge at a node that lost its anonymity or at its ends, deleting it (a
// swap) or restoring it too (a pair); or (one time in four) it deletes a
// random kept edge. It ends in the best state seen, never worse than
// where it started.
func (a *annealing) feasible(moves int, every int, progress func()) annealStats {
	s, r := a.s, a.r
	w := a.newWalk(0, feasibleT0, feasibleT1, moves)
	stage := s.cfg.hundredths(StageSearch, moves)
	var broken []int32
	for i := range moves {
		if w.next(i) {
			break
		}
		stage(i)
		if every > 0 && i%every == every-1 {
			progress()
		}
		f0 := a.objective(0)
		w.stats.tried++
		if s.ids.numDeleted() > 0 && (s.ids.numKept() == 0 || r.IntN(4) != 0) {
			id := s.ids.randomDeleted(r)
			s.apply(id)
			if w.accept(f0) {
				w.taken(id)
				continue
			}
			s.commit()
			broken = s.broken(broken[:0], id)
			done := false
			tries := repairTries
			if len(broken) <= deepBroken {
				tries = deepRepairTries
			}
			for range tries {
				x := broken[r.IntN(len(broken))]
				deg := s.in.degree(x)
				if deg == 0 {
					continue
				}
				f := s.in.incidentAt(x, r.IntN(deg))
				if f == id {
					continue
				}
				if w.tryMove(f0, f) {
					w.taken(id, f)
					done = true
					break
				}
			}
			if !done {
				s.reapply(id) // delete it again
			}
			continue
		}
		if s.ids.numKept() == 0 || (s.cfg.Variant == Budgeted && s.ids.numDeleted() >= s.cfg.Budget) {
			continue
		}
		if id := s.ids.randomKept(r); w.tryMove(f0, id) {
			w.taken(id)
		}
	}
	w.finish()
	return w.stats
}

// penalized searches through any state, paying penalty per node
// missing from the target: a move toggles one edge, with probability 1/2
// an edge at a random node that is not k-anonymous, else a random deleted
// edge is restored (or, one time in eight, a random kept edge deleted). It
// ends in the best keepable state seen and reports whether there was one;
// if not, the solution is back where it started.
func (a *annealing) penalized(moves int) (annealStats, bool) {
	s, r := a.s, a.r
	w := a.newWalk(penalty, penaltyT0, penaltyT1, moves)
	budgeted := s.cfg.Variant == Budgeted
	for i := range moves {
		if w.next(i) {
			break
		}
		var id int32 = -1
		switch x := r.IntN(8); {
		case x < 4 && s.naNodes.len() > 0:
			if x := s.naNodes.random(r); s.in.degree(x) > 0 {
				id = s.in.incidentAt(x, r.IntN(s.in.degree(x)))
			}
		case x < 7 && s.ids.numDeleted() > 0:
			id = s.ids.randomDeleted(r)
		case s.ids.numKept() > 0:
			id = s.ids.randomKept(r)
		}
		if id < 0 || (budgeted && s.ids.isKept(id) && s.ids.numDeleted() >= s.cfg.Budget) {
			continue
		}
		w.stats.tried++
		if w.tryMove(a.objective(penalty), id) {
			w.taken(id)
		}
	}
	return w.stats, w.finish()
}

// moveTo toggles the edges needed to make del the set of deleted edges.
func (s *solution) moveTo(del []int32) {
	s.mustMove("moveTo", true)
	want := make([]bool, s.in.len())
	for _, id := range del {
		want[id] = true
	}
	var ids []int32
	for id := range int32(s.in.len()) {
		if want[id] != s.ids.isDeleted(id) {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		s.toggle(id)
	}
	s.update(false)
}

// run is the local search, from a state that
// restoration has left: first among keepable states from there, then
// through any state from the input itself (for exact anonymity under
// measures with the arithmetic fast path at least fromInputMoves moves,
// since each costs a fuzzy recount otherwise, so that small
// graphs are searched thoroughly), followed by
// restoration; it ends in the better of the two results. The second search
// runs only when the input misses the target by at most
// fromInputMaxMissing nodes.
func (a *annealing) run(moves int, every int, progress func()) annealStats {
	s := a.s
	st := a.feasible(moves, every, progress)
	if ended(a.ctx, a.deadline) {
		return st
	}
	if s.inputMissing > fromInputMaxMissing {
		return st
	}
	first := s.ids.deleted(nil)
	a0, d0 := s.anonymous(), s.ids.numDeleted()
	n := moves
	if s.p.Arithmetic() && !s.cfg.Fuzzy {
		// Moves are cheap with the arithmetic fast path.
		n = max(n, fromInputMoves(s.cfg))
	}
	pst, ok := a.fromInput(n)
	st.add(pst)
	if !ok || !s.better(s.anonymous(), s.ids.numDeleted(), a0, d0) {
		s.moveTo(first)
	}
	return st
}

// fromInput runs the penalized search from the input itself, then
// restoration, and reports whether it ended in a keepable state (if not,
// the solution is in an arbitrary state).
func (a *annealing) fromInput(moves int) (annealStats, bool) {
	a.s.moveTo(nil)
	st, ok := a.penalized(moves)
	if ok {
		restoration{s: a.s}.run(a.ctx)
	}
	return st, ok && a.keepable()
}

// fromInputMoves is the least number of moves of a search from the input
// under cfg's effort.
func fromInputMoves(cfg *Config) int { return fromInputMovesPerEffort * cfg.Effort }
