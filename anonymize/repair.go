package anonymize

import (
	"context"
	"fmt"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/marks"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// repairSearch finds, by exact depth-first search, at most a given number
// of further deletions after which every node is k-anonymous (count or
// degree at distance 1, exact anonymity, the full variant).
//
// It branches on a constraint rather than on edges in a fixed order: a
// node v that is not k-anonymous must end in a class of k nodes, so either
// one of the kept edges its signature depends on (its own edges and, for
// count, the edges between its neighbours) is deleted, or none is and
// others must come to v's signature. The branches are disjoint: the i-th
// deletes the i-th of those edges and forbids the ones before it; the last
// forbids them all, which freezes v's signature. A frozen node that is not
// k-anonymous then needs a node that can still reach its signature
// (deletions only lower degrees and triangle counts) to change, and the
// search branches the same way on the edges that can change one. Every
// release within the depth that extends the current one lies in exactly
// one branch, so an exhausted search proves that none exists.
type repairSearch struct {
	s        *solution
	ctx      context.Context
	useTri   bool   // signatures include triangle counts (count)
	forbid   []bool // forbid[id]: edge id may not be deleted in this branch
	limit    int    // search nodes allowed (0: no limit)
	deadline time.Time
	nodes    int
	abort    bool // the limit is reached or the search stopped
	stopped  bool // ctx is done or the deadline passed
	depth    int
	marks    marks.Set    // deps: the neighbours of the node it lists
	buf      [][2][]int32 // per recursion depth: candidates, and the chosen branches
}

// repairApplies reports whether the repair search applies to s: count or
// degree at distance 1, exact anonymity, every node to be k-anonymous (the
// full variant, or partial with alpha 1; not budgeted, whose search keeps a
// budget rather than the target), an untyped graph.
func repairApplies(s *solution) bool {
	switch s.cfg.Measure.(type) {
	case measure.Count, measure.Degree:
		return s.ties == nil && !s.cfg.Fuzzy && s.cfg.Variant != Budgeted && s.target == s.n && s.cfg.D == 1
	}
	return false
}

// newRepairSearch returns a search on s, or nil where it does not apply.
func newRepairSearch(ctx context.Context, s *solution, deadline time.Time, limit int) *repairSearch {
	if !repairApplies(s) {
		return nil
	}
	r := &repairSearch{s: s, ctx: ctx, deadline: deadline, limit: limit, forbid: make([]bool, s.in.len())}
	_, r.useTri = s.cfg.Measure.(measure.Count)
	return r
}

// deps appends to dst the kept, allowed edges whose deletion changes v's
// signature: its own and, for count, those between its neighbours.
func (r *repairSearch) deps(dst []int32, v int32) []int32 {
	s := r.s
	for id := range s.in.incident(v) {
		if s.ids.isKept(id) && !r.forbid[id] {
			dst = append(dst, id)
		}
	}
	if _, t := r.signature(v); t == 0 {
		return dst
	}
	r.marks.Reset(s.n, 1)
	nb := s.g.Neighbors(v)
	for _, a := range nb {
		r.marks.Mark(a)
	}
	for _, a := range nb {
		// Each edge between two neighbours once: from its lower end.
		from, to := s.in.upward(a)
		for id := from; id < to; id++ {
			if r.marks.Marked(s.in.hi[id]) && s.ids.isKept(id) && !r.forbid[id] {
				dst = append(dst, id)
			}
		}
	}
	return dst
}

// toggle deletes or restores edge id, as a committed move.
func (r *repairSearch) toggle(id int32) {
	r.s.apply(id)
	r.s.commit()
}

// deletable returns the number of kept edges at v that may be deleted.
func (r *repairSearch) deletable(v int32) int {
	n := 0
	for id := range r.s.in.incident(v) {
		if r.s.ids.isKept(id) && !r.forbid[id] {
			n++
		}
	}
	return n
}

// signature returns v's degree and, for count, triangle count.
func (r *repairSearch) signature(v int32) (int, int) {
	if !r.useTri {
		return r.s.g.Degree(v), 0
	}
	return r.s.g.Degree(v), r.s.p.NodeTriangles(v)
}

// partners appends to dst the edges whose deletion can bring a node to
// frozen node v's signature within left deletions, and returns whether
// enough nodes can still do so.
func (r *repairSearch) partners(dst []int32, v int32, left int) ([]int32, bool) {
	s := r.s
	dv, tv := r.signature(v)
	need := s.cfg.K - s.p.ClassSize(v)
	found := 0
	for w := range int32(s.n) {
		dw, tw := r.signature(w)
		if w == v || dw < dv || tw < tv || (dw == dv && tw == tv) || dw-dv > left || dw-r.deletable(w) > dv {
			continue
		}
		n := len(dst)
		dst = r.deps(dst, w)
		if len(dst) > n {
			found++
		}
	}
	return dst, found >= need
}

// deepen searches for 0, 1, …, below−1 more deletions in turn and reports
// whether some number of them makes every node k-anonymous; the solution is
// then left in that release, which has the fewest deletions that extend the
// current one. If it reports false and the search was not aborted, there is
// no such release with fewer than below more deletions.
func (r *repairSearch) deepen(below int) bool {
	for depth := 0; depth < below && !r.abort; depth++ {
		if r.search(depth) {
			return true
		}
	}
	return false
}

// search reports whether at most left more deletions make every node
// k-anonymous; when it does, the solution is left in that state.
func (r *repairSearch) search(left int) bool {
	s := r.s
	r.nodes++
	if r.nodes%4096 == 1 && ended(r.ctx, r.deadline) {
		r.stopped = true
	}
	if r.stopped || (r.limit > 0 && r.nodes > r.limit) {
		r.abort = true
		return false
	}
	if s.na == 0 {
		return true
	}
	if left == 0 {
		return false
	}
	if len(r.buf) <= r.depth {
		r.buf = append(r.buf, [2][]int32{})
	}
	bufs := &r.buf[r.depth]
	r.depth++
	defer func() { r.depth-- }()
	// Choose the node with the fewest branches; every frozen node that is
	// not k-anonymous must still be able to find partners.
	best := bufs[1][:0]
	bestBranches, bestFrozen := -1, false
	for _, v := range s.naNodes.list {
		cand := r.deps(bufs[0][:0], v)
		frozen := len(cand) == 0
		if frozen {
			var ok bool
			cand, ok = r.partners(cand, v, left)
			if !ok || len(cand) == 0 {
				bufs[0] = cand
				return false
			}
		}
		bufs[0] = cand
		branches := len(cand)
		if !frozen {
			branches++ // the branch that freezes v
		}
		if bestBranches < 0 || branches < bestBranches {
			best = append(best[:0], cand...)
			bestBranches, bestFrozen = branches, frozen
		}
	}
	bufs[1] = best
	cand := best
	ok := false
	i := 0
	for ; i < len(cand) && !ok && !r.abort; i++ {
		id := cand[i]
		if r.forbid[id] || !s.ids.isKept(id) {
			continue // listed twice
		}
		r.toggle(id)
		ok = r.search(left - 1)
		if ok {
			break
		}
		r.toggle(id)
		r.forbid[id] = true
	}
	if !ok && !bestFrozen && !r.abort {
		ok = r.search(left)
	}
	for _, id := range cand[:i] {
		r.forbid[id] = false
	}
	return ok
}

// The large-neighbourhood search's parameters.
const (
	// lnsMaxDeleted: the search runs only from releases with at most this
	// many deleted edges, where a few of them are a large part of the
	// release (karate's and the small random graphs' releases have 3 to
	// 12).
	lnsMaxDeleted = 64
	// The exact-search nodes per unit of Config.Effort: lnsNodesPerEdge
	// for every edge of the input, at most lnsNodesPerEffort (karate's 78
	// edges get about 10^5 at the default effort, and at ThoroughEffort
	// the 10^6 with which the default reached the optimum of karate and of
	// 100 small random graphs before 2026-11-28), and on graphs of more
	// than lnsSmallNodes nodes proportionally fewer, since a search node's
	// cost grows with the number of nodes.
	lnsNodesPerEdge   = 64
	lnsNodesPerEffort = 5_000
	lnsSmallNodes     = 100
	// lnsMaxRestore: a step restores 2 to lnsMaxRestore deleted edges. On
	// karate's releases, steps of 2 or 3 reached the optimum within 10^6
	// search nodes from 12 of 30 anneal releases, steps of up to 4 from 6,
	// up to 5 from 1.
	lnsMaxRestore = 3
	// lnsRestarts is the number of walks: on karate three walks of a third
	// of the nodes each reached the optimum from 9 of 20 seeds, one walk
	// from 5, six walks from 2.
	lnsRestarts = 3
	// lnsPortfolioEdges, lnsPortfolioMax: on graphs of fewer than
	// lnsPortfolioEdges/2 edges the walks are run lnsPortfolioEdges/m
	// times over (at most lnsPortfolioMax), each from a search of its own
	// from the input and with the nodes of one of the first three. The
	// outcomes of runs with different seeds look independent (on karate 11
	// of 30 seeds reach the optimum), so repeats lift the rate as
	// 1 − (1 − p)^R, where longer walks do not (twice the effort: 13 of
	// 30). Karate (78 edges) gets 5 and reaches 70 with 26 of 30 seeds, in
	// about 3.5 times the time. The first lnsRestarts walks run as before,
	// so no release gets worse; graphs of 200 edges or more run exactly as
	// before.
	lnsPortfolioEdges = 400
	lnsPortfolioMax   = 5
)

// lnsProofShare: before walking, the repair search tries to prove the
// release optimal (or find the optimum) from the input with 1/lnsProofShare
// of the walk's search nodes: enough for graphs of about 30 edges, which
// it settles in milliseconds, and little lost on larger ones.
const lnsProofShare = 8

// lnsStats counts the large-neighbourhood search's work.
type lnsStats struct {
	steps, improved, moved int
	restarts               annealStats // the searches from the input the walks start from
	optimal                bool        // the final release is proven to keep the most edges possible
}

// lnsSearch is the large-neighbourhood search that ends the default
// method's refinement of small releases (where repairApplies). It works
// on the solution of the local search it embeds, with its random stream,
// context and deadline, and restarts from releases of that search's run
// from the input (annealing.fromInput).
type lnsSearch struct {
	*annealing
}

// run searches the neighbourhoods of the release. It first tries to
// prove the release optimal (proveOptimal) and stops there if it can. A
// step of the walk restores 2 to
// lnsMaxRestore random deleted edges of a release that meets the target and
// searches exactly (repairSearch) for fewer deletions that meet it again;
// if there are none, for as many, forbidding one of the restored edges so
// that the release moves. A step never makes the release worse, so the walk
// crosses plateaus that single toggles cannot. The walk runs from the
// current release and, where the local search from the input runs too,
// from lnsRestarts−1 more releases of that search, each with an equal share
// of the search nodes the effort allows, and on graphs of few edges from
// more such releases again (lnsPortfolioEdges); it ends in the best
// release seen.
// It stops early when ctx is done or the deadline (if not zero) passes.
func (o *lnsSearch) run() lnsStats {
	s, ctx, deadline := o.s, o.ctx, o.deadline
	var st lnsStats
	if s.ids.numDeleted() > lnsMaxDeleted || !s.feasible() || !repairApplies(s) || ended(ctx, deadline) {
		return st
	}
	limit := s.cfg.Effort * min(lnsNodesPerEffort, lnsNodesPerEdge*s.in.len()) * lnsSmallNodes / max(lnsSmallNodes, s.n)
	var err error
	if st.optimal, err = o.proveOptimal(limit / lnsProofShare); st.optimal || err != nil || s.ids.numDeleted() < 2 {
		return st
	}
	walks := 1
	if s.inputMissing <= fromInputMaxMissing {
		walks = lnsRestarts
	}
	limit /= walks
	if walks > 1 {
		walks *= min(lnsPortfolioMax, max(1, lnsPortfolioEdges/s.in.len()))
	}
	best := s.ids.deleted(nil)
	for i := range walks {
		if i > 0 {
			as, ok := o.fromInput(fromInputMoves(s.cfg))
			st.restarts.add(as)
			if !ok {
				continue
			}
		}
		done := o.walk(limit, &st)
		if s.feasible() && s.ids.numDeleted() < len(best) {
			best = s.ids.deleted(best[:0])
		}
		if !done {
			break
		}
	}
	s.moveTo(best)
	return st
}

// proveOptimal searches from the input, one deletion deeper at a time, for
// a release with fewer deletions than the current one, within limit search
// nodes, on a solution of its own (so that the current one, and the order
// of its sets that the walk draws from, stay as they are). If the search
// ends, the solution is moved to the best release it found, if better, and
// proveOptimal reports true: the release is optimal.
func (o *lnsSearch) proveOptimal(limit int) (bool, error) {
	s := o.s
	if s.ids.numDeleted() == 0 {
		return true, nil
	}
	in, _, err := graph.FromEdges(s.n, s.in.edges(), nil) // ids are the input's order
	if err != nil {
		return false, fmt.Errorf("anonymize: %w", err)
	}
	p, err := partition.New(in, s.cfg.Measure, s.cfg.D, partition.Options{K: s.cfg.K, Threads: 1})
	if err != nil {
		return false, fmt.Errorf("anonymize: %w", err)
	}
	t, err := newSolution(p, s.cfg)
	if err != nil {
		return false, err
	}
	r := newRepairSearch(o.ctx, t, o.deadline, limit)
	if r.deepen(s.ids.numDeleted()) {
		s.moveTo(t.ids.deleted(nil))
		return true, nil
	}
	return !r.abort, nil
}

// walk is one walk of the search, of at most limit search nodes from the
// current release; it reports false if ctx or the deadline stopped it.
func (o *lnsSearch) walk(limit int, st *lnsStats) bool {
	s, rng := o.s, o.r
	r := newRepairSearch(o.ctx, s, o.deadline, limit)
	var sub []int32
	for !r.abort && s.ids.numDeleted() >= 2 {
		st.steps++
		k := min(2+rng.IntN(lnsMaxRestore-1), s.ids.numDeleted())
		sub = sub[:0]
		for _, i := range rng.Perm(s.ids.numDeleted())[:k] {
			sub = append(sub, s.ids.deletedAt(i))
		}
		for _, id := range sub {
			r.toggle(id)
		}
		if r.search(k - 1) {
			st.improved++
			continue
		}
		ok := false
		if !r.abort {
			ban := sub[rng.IntN(len(sub))]
			r.forbid[ban] = true
			ok = r.search(k)
			r.forbid[ban] = false
		}
		if ok {
			st.moved++
			continue
		}
		for _, id := range sub { // give up the step
			r.toggle(id)
		}
	}
	return !r.stopped
}
