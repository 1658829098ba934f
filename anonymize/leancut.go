package anonymize

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"time"

	"github.com/anonet-project/anonet/graph"
)

// LeanBytesPerEdge and LeanBytesPerNode are a lower estimate of the memory
// LeanCut takes: the input's sorted adjacency (8 bytes per edge and 8 per
// node), the sides, and the per-node arrays of Liu and Terzi's plans.
const (
	LeanBytesPerEdge = 8
	LeanBytesPerNode = 48
)

// LeanRestoreBytesPerEdge and LeanRestoreBytesPerNode are a lower
// estimate of what LeanCut's restoration (Config.Refine Restore) takes
// beside LeanBytesPerEdge and LeanBytesPerNode: a kept bit per list entry
// and per edge, the deleted edges' ids in the order they are tried (4
// bytes each), and, for Check, the forward orientation that counts the
// restored release's triangles from scratch; per node the release's
// degrees and triangle counts, the input's first edge ids, where each
// list's higher neighbours start, the classes' lists and map, and the
// marks, with 4 bytes more for the marks of each probing goroutine beyond
// the first (two goroutines counted; Config.Threads).
const (
	LeanRestoreBytesPerEdge = 6
	LeanRestoreBytesPerNode = 100
)

// A LeanRelease is the release of the Cut strategy as LeanCut makes it:
// the input's adjacency cut down in place to the edges across the cut,
// less those of Liu and Terzi's plan.
type LeanRelease struct {
	adj   *adjacency
	side  []int8
	input int    // the input's edges
	cfg   Config // with its defaults
	took  time.Duration
	// unchanged: the release is the input (LeanUnchanged); side is nil.
	unchanged bool
	// resumed: the release went on from an earlier one (LeanResume);
	// side is nil, and cut holds the earlier release's counts.
	resumed bool
	// st, once restored (Refine Restore): the input's adjacency, which
	// adj then holds again, with the release's edges marked.
	st          *leanState
	restoreTook time.Duration
	stopped     error // the context's error, if it ended the restoration
	// cut: the cut's release, before any restoration.
	cut struct{ deleted, notAnonymous, unique int }
}

// NumNodes returns the number of nodes, the input's.
func (r *LeanRelease) NumNodes() int { return r.adj.NumNodes() }

// NumEdges returns the number of edges the release keeps.
func (r *LeanRelease) NumEdges() int {
	if r.st != nil {
		return r.st.numKept()
	}
	return r.adj.NumEdges()
}

// Deleted returns the number of input edges the release deletes.
func (r *LeanRelease) Deleted() int { return r.input - r.NumEdges() }

// Higher appends to buf the neighbours of v in the release that are
// greater than v, in ascending order, and returns it.
func (r *LeanRelease) Higher(v int32, buf []int32) []int32 {
	if r.st != nil {
		return r.st.appendHigher(buf, v)
	}
	nb := r.adj.Neighbors(v)
	i, _ := slices.BinarySearch(nb, v+1)
	return append(buf, nb[i:]...)
}

// Edges yields the release's edges in ascending order of (U, V), U < V,
// without copying its lists.
func (r *LeanRelease) Edges() iter.Seq[graph.Edge] {
	return func(yield func(graph.Edge) bool) {
		if r.st != nil {
			var buf []int32
			for u := range int32(r.NumNodes()) {
				buf = r.st.appendHigher(buf[:0], u)
				for _, v := range buf {
					if !yield(graph.Edge{U: u, V: v}) {
						return
					}
				}
			}
			return
		}
		for _, e := range r.adj.edges() {
			if !yield(e) {
				return
			}
		}
	}
}

// degreeClasses returns the release's degrees and how many nodes have
// each degree (count[d]).
func (r *LeanRelease) degreeClasses() (deg []int32, count []int) {
	deg = make([]int32, r.NumNodes())
	top := int32(0)
	for v := range deg {
		deg[v] = int32(r.adj.Degree(int32(v)))
		top = max(top, deg[v])
	}
	count = make([]int, top+1)
	for _, d := range deg {
		count[d]++
	}
	return deg, count
}

// Check verifies the release from its own edges: every edge joins the two
// sides of the cut, so the release has no triangle, and every degree is
// shared by at least k nodes. The two make every node k-anonymous under
// every star-local measure at d = 1 (measure.StarLocal: count, edgecount,
// degdist, dk). A restored or resumed release is checked instead from
// its degrees and triangle counts, counted anew (checkRestored). A
// release of LeanUnchanged, the input, has no cut: Check refuses it (its
// caller measured the input instead).
func (r *LeanRelease) Check(k int) error {
	if r.unchanged {
		return errors.New("anonymize: the release is the input, unchanged: it has no cut to check; measure it")
	}
	if r.st != nil {
		return r.checkRestored()
	}
	for u := range int32(r.NumNodes()) {
		for _, v := range r.adj.Neighbors(u) {
			if r.side[u] == r.side[v] {
				return fmt.Errorf("anonymize: the release's edge {%d, %d} does not cross the cut", u, v)
			}
		}
	}
	deg, count := r.degreeClasses()
	for v, d := range deg {
		if count[d] < k {
			return fmt.Errorf("anonymize: node %d's degree %d is shared by %d nodes, fewer than k = %d", v, d, count[d], k)
		}
	}
	return nil
}

// ErrLeanUnmet is the error of LeanCut where it makes no release that
// meets the target: the cut's release deletes more edges than the budget
// allows, Liu and Terzi's plan finds no realizable degree sequence, or the
// context or the time limit ends first. RunContext then leaves the input
// as it is, unmet.
var ErrLeanUnmet = errors.New("no release of the cut meets the target")

// LeanCut makes the release of the Cut strategy under cfg of the simple
// graph whose degrees deg holds, one per node, and whose edges edges gives,
// in one reading, in ascending order of (U, V) with U < V: the release
// RunContext makes with Strategy Cut on the same graph, edge for edge,
// without a graph.Graph or a partition. It holds the input's sorted
// adjacency, 8 bytes per edge (LeanBytesPerEdge), which becomes the
// release's in place.
//
// With Config.Refine Restore (full variant only) it then restores the
// release as RunContext does after Strategy Cut, edge for edge and with
// the same count of evaluations (restoration on a leanState): edges
// reads the input twice more, and the adjacency becomes the input's again,
// with a kept bit per entry (LeanRestoreBytesPerEdge more). RunContext
// then also tries the k-automorphic start, which LeanCut does not; where
// that start is taken the releases differ.
//
// It does not measure the input: where the input already meets the
// target, RunContext releases it unchanged, and so should the caller
// (LeanUnchanged).
// Config.TimeLimit bounds it as it bounds a run; once the cut's release
// is made, the end of ctx or of the limit ends the restoration with what
// it restored by then (Result's Interrupted or TimedOut). It returns an
// error wrapping ErrLeanUnmet where it makes no release that meets the
// target, an error of edges or one of reading them that do not match deg
// (the stream is not read further), and an error where cfg is not a
// configuration of Strategy Cut, unrefined or restored.
func LeanCut(ctx context.Context, deg []int32, edges graph.EdgeStream, cfg Config) (*LeanRelease, error) {
	t := time.Now()
	if cfg.Strategy != Cut {
		return nil, fmt.Errorf("anonymize: LeanCut makes the release of strategy %s, not %s", Cut, cfg.Strategy)
	}
	n, m, cfg, err := leanConfig(deg, cfg)
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.Refine == Restore && cfg.Variant != Full:
		return nil, fmt.Errorf("anonymize: LeanCut restores the cut's release in the full variant only, not the %s one", cfg.Variant)
	case cfg.Refine != NoRefinement && cfg.Refine != Restore:
		return nil, fmt.Errorf("anonymize: LeanCut makes the cut's release unrefined or restored, not with refinement %s", cfg.Refine)
	}
	if cfg.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.TimeLimit)
		defer cancel()
	}
	a, err := newAdjacencyOf(deg, edges)
	if err != nil {
		return nil, fmt.Errorf("anonymize: reading the edges: %w", err)
	}
	rng := cutRNG(cfg.Seed)
	side := cutSides(ctx, a, rng, cfg.hundredths(StageCut, n))
	var c cutPlan
	ok := side != nil
	if ok {
		a.keep(func(u, v int32) bool { return side[u] != side[v] })
		// Liu and Terzi's plans one at a time: each holds about 100 bytes
		// per node, and two at once beside the adjacency of 1.42 G edges
		// (17.2 M nodes) took more than the 23 GB of the machine
		// (2026-11-30). Their result does not depend on it.
		one := cfg
		one.Threads = 1
		c, ok = planAcross(ctx, a, side, &one, rng)
	}
	switch {
	case ctx.Err() != nil:
		return nil, fmt.Errorf("anonymize: the cut's plan: %w: %w", ErrLeanUnmet, ctx.Err())
	case !ok:
		return nil, fmt.Errorf("anonymize: no realizable %d-anonymous degree sequence for the cut's release: %w", cfg.K, ErrLeanUnmet)
	case m-c.kept > cfg.Budget:
		return nil, fmt.Errorf("anonymize: %d deletions, budget %d: %w", m-c.kept, cfg.Budget, ErrLeanUnmet)
	}
	plan := make([]graph.Edge, len(c.plan))
	for i, d := range c.plan {
		plan[i] = graph.MakeEdge(d.U, d.V)
	}
	slices.SortFunc(plan, compareEdges)
	a.keep(func(u, v int32) bool {
		_, found := slices.BinarySearchFunc(plan, graph.Edge{U: u, V: v}, compareEdges)
		return !found
	})
	r := &LeanRelease{adj: a, side: side, input: m, cfg: cfg, took: time.Since(t)}
	r.cut.deleted = r.Deleted()
	cutDeg, count := r.degreeClasses()
	for _, d := range cutDeg {
		switch c := count[d]; {
		case c == 1:
			r.cut.unique++
			fallthrough
		case c < cfg.K:
			r.cut.notAnonymous++
		}
	}
	if cfg.Refine == Restore {
		if err := r.restore(ctx, deg, edges); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// restore re-adds deleted edges of the cut's release while the target
// stays met: the restoration RunContext makes after Strategy Cut with
// Refine Restore, edge for edge (restoration, on a leanState). It reads
// the input's edges again, once to find the release's edges by the
// input's ids, once to fill the adjacency, in place, with the input's
// lists. Where ctx ends first, the release is what was restored by then.
func (r *LeanRelease) restore(ctx context.Context, deg []int32, edges graph.EdgeStream) error {
	t := time.Now()
	m := r.input
	kept := newBitSet(m)
	id, last := 0, graph.Edge{U: -1}
	var list []int32 // the release's neighbours of last.U above it
	err := edges(func(u, v int32) error {
		if id == m || u < last.U || u == last.U && v <= last.V || u >= v {
			return fmt.Errorf("edge {%d, %d} after {%d, %d}: %w", u, v, last.U, last.V, errAdjacencyStream)
		}
		if u != last.U {
			nb := r.adj.Neighbors(u)
			i, _ := slices.BinarySearch(nb, u+1)
			list = nb[i:]
		}
		last = graph.Edge{U: u, V: v}
		for len(list) > 0 && list[0] < v {
			list = list[1:]
		}
		if len(list) > 0 && list[0] == v {
			kept.set(id)
		}
		id++
		return nil
	})
	if err == nil && id != m {
		err = fmt.Errorf("%d edges of %d: %w", id, m, errAdjacencyStream)
	}
	if err == nil {
		err = r.adj.fill(deg, edges)
	}
	if err != nil {
		return fmt.Errorf("anonymize: reading the edges again to restore: %w", err)
	}
	st, err := newLeanState(r.adj, kept, &r.cfg, false)
	if err != nil {
		return err
	}
	kept = nil
	r.restoreFrom(ctx, st, t)
	return nil
}

// restoreFrom restores the release from st, its state, and records the
// restoration in r, which began at t (Result).
func (r *LeanRelease) restoreFrom(ctx context.Context, st *leanState, t time.Time) {
	r.st = st
	restoration{s: st, workers: graph.Threads(r.cfg.Threads)}.run(ctx)
	r.restoreTook = time.Since(t)
	r.stopped = ctx.Err()
}

// LeanUnchanged returns the input as its own release, without a graph:
// what RunContext returns under cfg where the input already meets the
// target, which the caller measures (LeanCut does not). deg and edges are
// as for LeanCut; cfg may be of any strategy, and its Result records it
// with its defaults filled in, as RunContext does.
func LeanUnchanged(deg []int32, edges graph.EdgeStream, cfg Config) (*LeanRelease, error) {
	t := time.Now()
	_, m, cfg, err := leanConfig(deg, cfg)
	if err != nil {
		return nil, err
	}
	a, err := newAdjacencyOf(deg, edges)
	if err != nil {
		return nil, fmt.Errorf("anonymize: reading the edges: %w", err)
	}
	return &LeanRelease{adj: a, input: m, cfg: cfg, took: time.Since(t), unchanged: true}, nil
}

// leanConfig returns the nodes and edges of the graph whose degrees deg
// holds and cfg with its defaults for that graph.
func leanConfig(deg []int32, cfg Config) (n, m int, _ Config, _ error) {
	n = len(deg)
	for _, d := range deg {
		m += int(d)
	}
	m /= 2
	cfg, err := cfg.WithDefaults(n, m)
	return n, m, cfg, err
}

// compareEdges orders edges by (U, V).
func compareEdges(a, b graph.Edge) int {
	return cmp.Or(cmp.Compare(a.U, b.U), cmp.Compare(a.V, b.V))
}

// Result returns the result of the run that made the release, as
// RunContext returns it under Strategy Cut, from the input's nodes that
// are not k-anonymous and unique (measured by the caller) and the
// release's degrees (Check verifies that they make every node
// k-anonymous): the input's row, then the cut's (PhaseCut), then, once
// restored, the restoration's (PhaseRestore), the best. A release of
// LeanResume has the earlier release's row (PhaseResume) instead of the
// cut's, as ResumeContext's result. Its list of alterations is empty
// (Deleted counts them; at 10^9 edges the list would take gigabytes). The
// result of a release of LeanUnchanged has the input's row alone, as
// RunContext's where the input meets the target.
func (r *LeanRelease) Result(notAnonymous, unique int) *Result {
	n, m := r.NumNodes(), r.input
	res := &Result{Config: r.cfg, Nodes: n, EdgesBefore: m, EdgesAfter: r.NumEdges(), Target: Target(r.cfg.Alpha, n), Best: 1}
	res.Trace = []Iteration{{Phase: PhaseStrategy, Unique: unique, NotKAnonymous: notAnonymous}}
	phase, start := PhaseCut, StartCut
	if r.resumed {
		phase, start = PhaseResume, StartStrategy // as ResumeContext's
	}
	if r.unchanged {
		res.Best = 0
	} else {
		res.Trace = append(res.Trace, Iteration{Iteration: 1, Phase: phase, EdgesAltered: r.cut.deleted, SecondsSelect: r.took.Seconds(),
			Unique: r.cut.unique, NotKAnonymous: r.cut.notAnonymous})
	}
	if st := r.st; st != nil {
		res.Trace = append(res.Trace, Iteration{Iteration: 2, Phase: PhaseRestore, EdgesAltered: r.Deleted(), SecondsUpdate: r.restoreTook.Seconds(),
			Unique: st.unique(), NotKAnonymous: st.na})
		res.Best = 2
		// The restoration deletes no edge the cut kept: what it gave back
		// is what the release keeps more.
		restored := r.cut.deleted - r.Deleted()
		res.Refinement = RefinementStats{Start: start, Restored: restored, Kept: restored, Evaluations: st.moves, Seconds: r.restoreTook.Seconds()}
		res.Interrupted = r.stopped != nil && !errors.Is(r.stopped, context.DeadlineExceeded)
		res.TimedOut = errors.Is(r.stopped, context.DeadlineExceeded)
	}
	for i := range res.Trace {
		row := &res.Trace[i]
		row.UniqueFraction = float64(row.Unique) / float64(max(n, 1))
		row.FractionAltered = float64(row.EdgesAltered) / float64(max(m, 1))
	}
	res.TargetReached = res.meets(res.After().NotKAnonymous)
	return res
}

// checkRestored verifies a restored release from its own edges: their
// degrees and triangle counts, counted anew, give at least the target's
// number of nodes a signature that k nodes or more share. Its edges are
// the input's, marked in the input's lists, in both ends' lists alike.
func (r *LeanRelease) checkRestored() error {
	st := r.st
	if 2*st.numKept() != st.popcount() {
		return fmt.Errorf("anonymize: the restored release marks %d list entries for %d edges", st.popcount(), st.numKept())
	}
	n := r.NumNodes()
	deg := make([]int32, n)
	for e := range r.Edges() {
		deg[e.U]++
		deg[e.V]++
	}
	tri, err := st.keptTriangles(deg)
	if err != nil {
		return err
	}
	count := make(map[uint64]int)
	for v := range n {
		count[signatureOf(st.edgeCount, deg[v], tri[v])]++
	}
	anonymous := 0
	for v := range n {
		if count[signatureOf(st.edgeCount, deg[v], tri[v])] >= r.cfg.K {
			anonymous++
		}
	}
	if target := Target(r.cfg.Alpha, n); anonymous < target {
		return fmt.Errorf("anonymize: the restored release has %d nodes %d-anonymous, fewer than the target of %d", anonymous, r.cfg.K, target)
	}
	return nil
}
