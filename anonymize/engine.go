package anonymize

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// Iteration records the state after one iteration of Algorithm 1
// (iteration 0 is the input).
type Iteration struct {
	Iteration       int     // 0 for the initial state
	Phase           string  // PhaseStrategy, PhaseRestore or PhaseAnneal
	EdgesAltered    int     // alterations so far
	FractionAltered float64 // EdgesAltered / edges of the input
	Unique          int     // nodes alone in their class
	UniqueFraction  float64
	NotKAnonymous   int     // nodes in classes of fewer than k
	SecondsSelect   float64 // time the strategy took to select this iteration's edges
	SecondsUpdate   float64 // time to alter them and update the partition

	// TwinUnique is the number of twin-unique nodes (whose class is made
	// only of mutual twins) with twins of the current graph; it is
	// computed only with Config.Twins, else 0.
	TwinUnique int
}

// Alteration is one edge change.
type Alteration struct {
	U, V  int32
	Added bool // the edge was added (false: deleted)
	// Ties, on a typed graph, are the ties altered, read from U (see
	// graph.Kind): one tie for the optimizers beyond the paper, all ties
	// of the pair for the paper's strategies. Zero on an untyped graph,
	// where the alteration is the edge.
	Ties graph.Kind
}

// Result is the outcome of Run.
type Result struct {
	Config Config // the configuration with defaults filled in

	Nodes       int
	EdgesBefore int
	EdgesAfter  int // in the returned (best) state

	// Trace has one entry per iteration, starting with the input.
	Trace []Iteration
	// Best is the index in Trace of the returned state.
	Best int
	// Alterations lists, in order, the changes that turn the input into
	// the returned state.
	Alterations Alterations
	// Target is the number of nodes that had to become k-anonymous.
	Target int
	// TargetReached reports whether the returned state meets the target.
	TargetReached bool
	// Interrupted reports that the context ended the run early.
	Interrupted bool
	// TimedOut reports that Config.TimeLimit ended the run (or a phase of
	// it) early.
	TimedOut bool
	// Refinement describes what the refinement did (zero without one).
	Refinement RefinementStats
}

// RefinementStats describes the work of a refinement.
type RefinementStats struct {
	Start       string  // the state refined: StartStrategy (the strategy's release), StartTwins, StartFull or StartCut
	Restored    int     // edges the restoration pass re-added
	Tried       int     // local-search moves proposed
	Accepted    int     // local-search moves accepted
	Kept        int     // deleted edges the whole refinement gave back (net)
	Evaluations int     // exact partition updates made
	Seconds     float64 // time spent refining
	// Optimal reports that an exhaustive search proved that no release
	// made by deleting edges meets the target with fewer deletions (small
	// releases under count or degree at d = 1, full variant; see
	// docs/anonymize.md). False says nothing either way.
	Optimal bool
}

// The states a refinement may start from (RefinementStats.Start).
const (
	StartStrategy = "strategy" // the strategy's release
	StartTwins    = "twins"    // Best: a k-automorphic release of the input: a twinning's (k = 2) or a cycling's (see automorphicStart)
	StartFull     = "full"     // partial, small networks: the full variant's release (see fullStart)
	StartCut      = "cut"      // Best, count, edgecount, degdist or dk at d = 1: a bipartite cut's release, degree-anonymized (see cutStart)
)

// Before returns the initial state; After the returned (best) one.
func (r *Result) Before() Iteration { return r.Trace[0] }

// After returns the returned (best) state.
func (r *Result) After() Iteration { return r.Trace[r.Best] }

// Run anonymizes g in place according to cfg and returns what it did. On
// return g holds the best state seen. An error is returned only for an
// invalid configuration, before g is changed.
func Run(g *graph.Graph, cfg Config) (*Result, error) {
	return RunContext(context.Background(), g, cfg)
}

// RunContext is Run with a context: when ctx is done, the run stops at the
// end of the current iteration (or refinement move) and returns the best
// state reached so far, with Result.Interrupted set. The target is never
// given up for it: the state returned is the best one seen, as always.
func RunContext(ctx context.Context, g *graph.Graph, cfg Config) (*Result, error) {
	return runFrom(ctx, g, cfg, nil)
}

// meets reports whether a state in which notAnonymous nodes are not
// k-anonymous meets the result's target (at least Target of its Nodes
// k-anonymous).
func (r *Result) meets(notAnonymous int) bool { return r.Nodes-notAnonymous >= r.Target }

// runFrom is RunContext with the start that startOf returns for the
// configuration, whose defaults are filled in; nil is the strategy's.
func runFrom(ctx context.Context, g *graph.Graph, cfg Config, startOf func(*Config) start) (*Result, error) {
	n, m0 := g.NumNodes(), g.NumEdges()
	cfg, err := cfg.WithDefaults(n, m0)
	if err != nil {
		return nil, err
	}
	if err := checkTyped(g, cfg); err != nil {
		return nil, err
	}
	cfg.Measure = measure.Refine(cfg.Measure, g, nil)
	if n == 0 {
		return nil, errors.New("anonymize: the graph has no nodes")
	}
	rs, err := newRunState(g, &cfg)
	if err != nil {
		return nil, err
	}
	st, rng, rec, res, p := rs.st, rs.rng, rs.rec, rs.rec.res, rs.st.p
	if res.meets(st.notAnonymous) {
		// The input meets the target: it is the release, unchanged.
		res.EdgesAfter, res.TargetReached = m0, true
		return res, nil
	}
	// The time limit counts from the strategy's start and bounds the whole
	// run.
	var deadline time.Time
	sctx := ctx
	if cfg.TimeLimit > 0 {
		deadline = time.Now().Add(cfg.TimeLimit)
		var cancel context.CancelFunc
		sctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	// The strategy's start: a paper strategy's state stays in the
	// partition; a start that works on the solution returns it.
	if startOf == nil {
		startOf = strategyOf(cfg.Strategy).start
	}
	sol, err := startOf(&cfg).run(sctx, rs)
	if err != nil {
		return nil, err
	}
	returnToBest(p, res)
	if cfg.Refine != NoRefinement && sctx.Err() == nil {
		// The strategy and the undo above went through the partition.
		if sol == nil {
			// The strategy's list of deletions goes: the solution holds
			// them, and lists them again when refinement ends.
			if sol, err = newSolutionAfter(p, &cfg, &res.Alterations, res.Trace[0].NotKAnonymous); err != nil {
				return nil, err
			}
		} else if err := sol.sync(); err != nil {
			return nil, err
		}
		refine(ctx, sol, rng, rec, deadline)
		// The solution is garbage: the caller's next allocations (writing
		// the release) should not come on top of it.
		releaseMemory(&cfg, m0)
	}
	if ctx.Err() != nil {
		res.Interrupted = true
	}
	res.TimedOut = !deadline.IsZero() && !time.Now().Before(deadline)
	res.EdgesAfter = g.NumEdges()
	res.TargetReached = res.meets(res.After().NotKAnonymous)
	return res, nil
}

// newRunState returns what a run of g under cfg (whose defaults are
// filled in and whose measure is refined) starts with: the partition of the
// input and its nodes' state, the run's random stream, and a recorder
// whose result has the input's row.
func newRunState(g *graph.Graph, cfg *Config) (*runState, error) {
	n := g.NumNodes()
	p, err := partition.New(g, cfg.Measure, cfg.D, partition.Options{K: cfg.K, Threads: cfg.Threads})
	if err != nil {
		return nil, fmt.Errorf("anonymize: %w", err)
	}
	st := &state{p: p, cfg: cfg, na: make([]bool, n)}
	for v := range st.na {
		st.na[v] = !p.Anonymous(int32(v))
	}
	if err := st.refresh(nil); err != nil { // the fuzzy flags, or the count
		return nil, err
	}
	res := &Result{Config: *cfg, Nodes: n, EdgesBefore: g.NumEdges(), Target: Target(cfg.Alpha, n)}
	rec := &recorder{res: res, p: p, progress: cfg.Progress}
	if cfg.Twins {
		rec.twins = partition.NewTwins(g)
	}
	rec.record(PhaseStrategy, st.notAnonymous, 0, 0)
	// One PCG stream for the algorithm's choices; the CLI uses other
	// streams of the same seed for anything else.
	return &runState{st: st, rng: runRNG(cfg.Seed), rec: rec}, nil
}

// returnToBest undoes, through the partition p, the alterations of the
// strategy made after its best row, and drops them from the result.
func returnToBest(p *partition.Partition, res *Result) {
	undoAlterations(p, res, alterationsUpTo(res.Trace[res.Best].EdgesAltered, res.Config.Operation))
}

// undoAlterations undoes, through the partition p, the alterations of
// res.Alterations from the keep-th on, last first, brings the partition up
// to date and drops them from the list.
func undoAlterations(p *partition.Partition, res *Result, keep int) {
	g := p.Graph()
	for i := res.Alterations.Len() - 1; i >= keep; i-- {
		a := res.Alterations.At(i)
		switch {
		case a.Added:
			p.DeleteEdge(a.U, a.V)
		case a.Ties != 0:
			// A tie of a typed graph: its pair may keep other ties, so
			// the tie is given back, not the pair (a tie of the input:
			// cannot fail).
			p.SetKind(a.U, a.V, g.Kind(a.U, a.V)|a.Ties)
		default:
			p.AddEdge(a.U, a.V)
		}
	}
	p.Update()
	res.Alterations.Truncate(keep)
}

// checkTyped returns an error if cfg cannot run on g for its direction or
// layers: a typed graph is only ever thinned (adding a tie would need its
// direction and layer), and the protected layers are respected only by the
// strategies that delete one tie at a time.
func checkTyped(g *graph.Graph, cfg Config) error {
	if cfg.Protected != 0 {
		if g.NumLayers() < 2 {
			return errors.New("anonymize: protected layers need a graph with several layers")
		}
		if !strategyOf(cfg.Strategy).perTie {
			return fmt.Errorf("anonymize: strategy %s deletes whole node pairs and cannot keep the ties of protected layers; use best or greedy", cfg.Strategy)
		}
		var all graph.Kind
		for l := range g.NumLayers() {
			all |= graph.LayersKind(l)
		}
		if cfg.Protected&all == all {
			return errors.New("anonymize: every layer is protected: nothing may be altered")
		}
	}
	if g.Typed() && (cfg.Operation != Delete || strategyOf(cfg.Strategy).degreesOnly) {
		return fmt.Errorf("anonymize: a directed or layered graph is only anonymized by deleting ties, with a strategy of Algorithm 1 (not %s with %s)", cfg.Operation, cfg.Strategy)
	}
	return nil
}

// returnMemoryEdges is the number of edges from which a run offers the
// memory of a finished phase back to the system (Config.ReleaseMemory).
const returnMemoryEdges = 1 << 20

// releaseMemory calls cfg.ReleaseMemory, if set, on a graph of at least
// returnMemoryEdges edges: the state of a phase has just become garbage,
// and the collector would find it soon, but its pages would stay in the
// resident set beside those of the next phase (on 10^7 edges, 100 MB at
// the peak). The library itself changes nothing process-wide.
func releaseMemory(cfg *Config, edges int) {
	if edges >= returnMemoryEdges && cfg.ReleaseMemory != nil {
		cfg.ReleaseMemory()
	}
}

// twinRNG returns the PCG stream of the twinning's improvement for seed,
// apart from runRNG's so that trying the twinning changes nothing else.
func twinRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x7713)) }

// cutRNG returns the PCG stream of a bipartite cut's release (cutStart)
// for seed, apart from runRNG's so that trying it changes nothing else.
func cutRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x637574)) } // "cut"

// runRNG returns the one PCG stream of a run's choices for seed; the CLI
// uses other streams of the same seed for anything else.
func runRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x616e6f6e6574)) // "anonet"
}

// Phases of a run, as the trace names them.
const (
	PhaseStrategy = "strategy" // the strategy's iterations (and the input)
	PhaseRestore  = "restore"  // after restoration
	PhaseAnneal   = "anneal"   // during and after the local search
	PhaseGreedy   = "greedy"   // budgeted: the gainful deletions that end a refinement
	PhaseTwins    = "twins"    // Best: the twinning's release, restored, replaced the strategy's
	PhaseFull     = "full"     // partial: the full variant's release, restored, replaced the strategy's
	PhaseCut      = "cut"      // Best: a bipartite cut's release, restored, replaced the strategy's
	PhaseLNS      = "lns"      // after the large-neighbourhood search of small releases
	PhaseResume   = "resume"   // ResumeContext: the earlier release the run resumed from
)

// StageScoring names the stage that Config.StageProgress reports while the
// greedy deletion (Greedy, and Best in the budgeted variant) evaluates
// every edge's deletion before its first one: the work counted is edges.
const StageScoring = "scoring every deletion"

// StageRestore names the stage that Config.StageProgress reports while
// the refinement tries to restore deleted edges, once per pass over them
// (alone, until a pass restores nothing, then in pairs): the work counted
// is the deleted edges tried in the pass.
const StageRestore = "restoring deleted edges"

// StageSymmetric names the stage that Config.StageProgress reports while
// Best's k-automorphic start improves its twinning or cycling of the
// input: the work counted is proposals, moves that swap two nodes' places.
const StageSymmetric = "k-automorphic start"

// StageSearch names the stage that Config.StageProgress reports while the
// refinement searches locally (Refine = Anneal), from its moves made and
// the moves it may make; a search that a deadline ends stops short of
// them.
const StageSearch = "local search"

// StageCut names the stage that Config.StageProgress reports while a
// bipartite cut's sides are chosen (Cut, and Best under count,
// edgecount, degdist and dk at d = 1): once per pass over the nodes, the first placing
// them and each later one moving those with more neighbours on their
// side than across; the work counted is nodes.
const StageCut = "choosing the cut's sides"

// StageUnit returns what the work of a stage that Config.StageProgress
// reports counts: "proposals" for StageSymmetric, "moves" for
// StageSearch, "nodes" for StageCut, "edges" for the others.
func StageUnit(stage string) string {
	switch stage {
	case StageSymmetric:
		return "proposals"
	case StageSearch:
		return "moves"
	case StageCut:
		return "nodes"
	}
	return "edges"
}

// hundredths returns the function that work of n steps in stage calls
// before its i-th step: it reports every hundredth of them to
// c.StageProgress, if set.
func (c *Config) hundredths(stage string, n int) func(i int) {
	report := c.StageProgress
	every := max(1, n/100)
	return func(i int) {
		if report != nil && i%every == 0 {
			report(stage, i, n)
		}
	}
}

// recorder appends the trace rows of a run and tracks its best state.
type recorder struct {
	res      *Result
	p        *partition.Partition
	progress func(Iteration)

	// With Config.Twins: the twin classes, kept current with the graph
	// (see syncTwins), and how many of res.Alterations they reflect.
	twins    *partition.Twins
	appended int

	// sol, during a refinement, holds the deletions instead of
	// res.Alterations.
	sol *solution
}

// syncTwins brings the twin classes up to date with the current state.
// The strategies only append alterations, and only the ends of a changed
// edge can change twins (SPEC §3.4), so only they are filed again. A
// refinement replaces the list of alterations; its rows are few (after
// restoration, every m local-search moves, at the end), so the classes are
// then rebuilt, in O(m) as a comparison of the lists would be.
func (rc *recorder) syncTwins(phase string) {
	alts := &rc.res.Alterations
	if phase != PhaseStrategy {
		rc.twins = partition.NewTwins(rc.p.Graph())
		rc.appended = alts.Len()
		return
	}
	for i := rc.appended; i < alts.Len(); i++ {
		a := alts.At(i)
		rc.twins.Update(a.U)
		rc.twins.Update(a.V)
	}
	rc.appended = alts.Len()
}

// record appends a row for the current state, reached with the alterations
// in res.Alterations, with notAnonymous nodes that are not k-anonymous. A
// strategy row becomes the best state when it has fewer such nodes than
// the best so far; a refinement row always does, since refinement starts
// from the best state and never loses what the target asks for.
func (rc *recorder) record(phase string, notAnonymous int, tSel, tUpd time.Duration) {
	res := rc.res
	n := res.Nodes
	changes := res.Alterations.Len()
	if rc.sol != nil {
		changes = rc.sol.ids.numDeleted()
	}
	row := Iteration{
		Iteration: len(res.Trace), Phase: phase,
		EdgesAltered: countAltered(changes, res.Config.Operation),
		Unique:       rc.p.Unique(), NotKAnonymous: notAnonymous,
		UniqueFraction: float64(rc.p.Unique()) / float64(n),
		SecondsSelect:  tSel.Seconds(), SecondsUpdate: tUpd.Seconds(),
	}
	if res.EdgesBefore > 0 {
		row.FractionAltered = float64(row.EdgesAltered) / float64(res.EdgesBefore)
	}
	if rc.twins != nil {
		rc.syncTwins(phase)
		row.TwinUnique = rc.p.TwinUnique(rc.twins)
	}
	res.Trace = append(res.Trace, row)
	if releasedAfter(row, res.Trace[res.Best]) {
		res.Best = len(res.Trace) - 1
	}
	if rc.progress != nil {
		rc.progress(row)
	}
}

// runPaper is Algorithm 1 with one of the paper's strategies: select R
// edges, alter them, update the partition, record, until the target is met
// or the budget spent (or the graph has fewer edges than st.floor).
func runPaper(ctx context.Context, st *state, sel selector, rng *rand.Rand, rec *recorder) error {
	p, cfg, res := st.p, st.cfg, rec.res
	g := p.Graph()
	var sc *scorer
	if cfg.Operation == Delete {
		sc = newScorer(p, sel, st.na, graph.Threads(cfg.Threads))
		// Room for every deletion the budget allows, at once: growing
		// the list copied it again and again (at 10^8 deletions,
		// gigabytes).
		res.Alterations.Grow(min(cfg.Budget, g.NumEdges()))
	}
	altered := 0
	for altered < cfg.Budget && !res.meets(st.notAnonymous) && g.NumEdges() >= st.floor {
		if ctx.Err() != nil {
			return nil
		}
		b := min(cfg.Recompute, cfg.Budget-altered)
		start := time.Now()
		// This iteration's alterations go straight to the end of the list:
		// a batch of its own was a copy of each, made again every iteration.
		first := res.Alterations.Len()
		var sel []int32 // the positions of the edges drawn
		switch cfg.Operation {
		case Delete:
			if g.NumEdges() == 0 {
				break
			}
			sc.beginIteration()
			sel = sc.selectEdges(rng, b)
			for _, i := range sel {
				e := g.Edge(int(i))
				a := Alteration{U: e.U, V: e.V}
				if g.Typed() {
					a.Ties = g.Kind(e.U, e.V) // the paper's strategies delete whole pairs
				}
				res.Alterations.Append(a)
			}
		case Add:
			res.Alterations.Append(addRandom(g, rng, b)...)
		case Rewire:
			// A rewiring costs two; with R = 1 do one per iteration.
			if left := cfg.Budget - altered; left >= 2 {
				res.Alterations.Append(rewireRandom(g, rng, min(max(1, b/2), left/2))...)
			}
		}
		tSel := time.Since(start)
		if res.Alterations.Len() == first {
			return nil // nothing left to alter
		}
		if sc != nil {
			sc.deleteAll(p, res.Alterations, first, sel) // the selection listed above
		} else {
			for i := first; i < res.Alterations.Len(); i++ {
				if a := res.Alterations.At(i); a.Added {
					p.AddEdge(a.U, a.V)
				} else {
					p.DeleteEdge(a.U, a.V)
				}
			}
		}
		altered = countAltered(res.Alterations.Len(), cfg.Operation)
		p.Update()
		if err := st.refresh(sc); err != nil {
			return err
		}
		rec.record(PhaseStrategy, st.notAnonymous, tSel, time.Since(start)-tSel)
	}
	return nil
}

// runGreedy runs the exact-gain greedy strategy, recording every deletion.
func runGreedy(ctx context.Context, sol *solution, rec *recorder) {
	res := rec.res
	last := time.Now()
	newGainGreedy(sol).run(ctx, sol.cfg.Budget, false, func(id int32, tUpd time.Duration) {
		res.Alterations.Append(sol.alteration(id, sol.in.edge(id)))
		tAll := time.Since(last)
		rec.record(PhaseStrategy, sol.na, tAll-tUpd, tUpd)
		last = time.Now()
	})
}

// state tracks which nodes count as not k-anonymous: those in classes of
// fewer than k nodes or, with Config.Fuzzy, those whose fuzzy set has fewer
// than k nodes.
type state struct {
	p            *partition.Partition
	cfg          *Config
	na           []bool
	notAnonymous int
	flipped      []int32 // refresh under fuzzy anonymity: the nodes that flipped
	// floor, if positive, ends a paper strategy's run (runPaper) once the
	// graph has fewer edges than it (cutFirstStart).
	floor int
}

// refresh recomputes the flags after an Update of the partition and passes
// the changes on to sc (if not nil).
func (st *state) refresh(sc *scorer) error {
	p := st.p
	if !st.cfg.Fuzzy {
		// Only the nodes that flipped in the last Update can differ.
		st.notAnonymous = p.NotAnonymous()
		for _, v := range p.Flipped() {
			st.na[v] = !p.Anonymous(v)
		}
		if sc != nil {
			sc.flipAll(p.Flipped(), st.na)
		}
		return nil
	}
	fz, err := p.FuzzyAt(st.cfg.Phi, st.cfg.fuzzyLevels())
	if err != nil {
		return fmt.Errorf("anonymize: %w", err)
	}
	st.notAnonymous = fz.NotAnonymous
	st.flipped = st.flipped[:0]
	for v := range int32(len(st.na)) {
		if now := fz.NotAnonymousNode(v); now != st.na[v] {
			st.na[v] = now
			st.flipped = append(st.flipped, v)
		}
	}
	if sc != nil {
		sc.flipAll(st.flipped, st.na)
	}
	return nil
}

// countAltered returns the number of alterations in the unit of op made by
// changes entries of an alteration list: one per deleted or added edge, two
// per rewiring (which deletes two edges and adds two).
func countAltered(changes int, op Operation) int {
	if op == Rewire {
		return changes / 2
	}
	return changes
}

// alterationsUpTo returns how many entries of an alteration list make up the
// first altered alterations in the unit of op.
func alterationsUpTo(altered int, op Operation) int {
	if op == Rewire {
		return 2 * altered
	}
	return altered
}
