package anonymize

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
)

// Iteration records the state after one iteration of Algorithm 1
// (iteration 0 is the input).
type Iteration struct {
	Iteration       int     // 0 for the initial state
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
	Alterations []Alteration
	// Target is the number of nodes that had to become k-anonymous.
	Target int
	// TargetReached reports whether the returned state meets the target.
	TargetReached bool
	// Interrupted reports that the context ended the run early.
	Interrupted bool
}

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
	n, m0 := g.NumNodes(), g.NumEdges()
	cfg, err := cfg.WithDefaults(n, m0)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("anonymize: the graph has no nodes")
	}
	if cfg.Strategy.liuTerzi() {
		return runLiuTerzi(ctx, g, cfg)
	}
	p, err := anonymity.New(g, cfg.Measure, cfg.D, anonymity.Options{K: cfg.K, Threads: cfg.Threads})
	if err != nil {
		return nil, fmt.Errorf("anonymize: %w", err)
	}
	st := &state{p: p, cfg: &cfg, na: make([]bool, n)}
	for v := range st.na {
		st.na[v] = !p.Anonymous(int32(v))
	}
	if err := st.refresh(nil); err != nil { // the fuzzy flags, or the count
		return nil, err
	}
	// One PCG stream for the algorithm's choices; the CLI uses other
	// streams of the same seed for anything else.
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x616e6f6e6574)) // "anonet"
	res := &Result{Config: cfg, Nodes: n, EdgesBefore: m0, Target: Target(cfg.Alpha, n)}
	var twins *anonymity.Twins // kept current after every alteration
	if cfg.Twins {
		twins = anonymity.NewTwins(g)
	}
	record := func(it int, tSel, tUpd time.Duration) {
		row := Iteration{
			Iteration: it, EdgesAltered: countAltered(res.Alterations, cfg.Operation),
			Unique: p.Unique(), NotKAnonymous: st.notAnonymous,
			UniqueFraction: float64(p.Unique()) / float64(n),
			SecondsSelect:  tSel.Seconds(), SecondsUpdate: tUpd.Seconds(),
		}
		if twins != nil {
			row.TwinUnique = p.TwinUnique(twins)
		}
		if m0 > 0 {
			row.FractionAltered = float64(row.EdgesAltered) / float64(m0)
		}
		res.Trace = append(res.Trace, row)
		if row.NotKAnonymous < res.Trace[res.Best].NotKAnonymous {
			res.Best = len(res.Trace) - 1
		}
		if cfg.Progress != nil {
			cfg.Progress(row)
		}
	}
	record(0, 0, 0)
	var sc *scorer
	if cfg.Operation == Delete {
		sc = newScorer(p, cfg.Strategy, st.na)
	}
	altered := 0
	for it := 1; altered < cfg.Budget && n-st.notAnonymous < res.Target; it++ {
		if ctx.Err() != nil {
			res.Interrupted = true
			break
		}
		b := min(cfg.Recompute, cfg.Budget-altered)
		start := time.Now()
		var alts []Alteration
		switch cfg.Operation {
		case Delete:
			if g.NumEdges() == 0 {
				break
			}
			sc.beginIteration()
			for _, i := range sc.selectEdges(rng, b) {
				e := g.Edge(int(i))
				alts = append(alts, Alteration{U: e.U, V: e.V})
			}
		case Add:
			alts = addRandom(g, rng, b)
		case Rewire:
			// A rewiring costs two; with R = 1 do one per iteration.
			if left := cfg.Budget - altered; left >= 2 {
				alts = rewireRandom(g, rng, min(max(1, b/2), left/2))
			}
		}
		tSel := time.Since(start)
		if len(alts) == 0 {
			break // nothing left to alter
		}
		for _, a := range alts {
			switch {
			case sc != nil:
				sc.deleteEdge(p, a.U, a.V)
			case a.Added:
				p.AddEdge(a.U, a.V)
			default:
				p.DeleteEdge(a.U, a.V)
			}
		}
		res.Alterations = append(res.Alterations, alts...)
		altered = countAltered(res.Alterations, cfg.Operation)
		p.Update()
		if twins != nil { // only the ends of a changed edge can change twins
			for _, a := range alts {
				twins.Update(a.U)
				twins.Update(a.V)
			}
		}
		if err := st.refresh(sc); err != nil {
			return nil, err
		}
		record(it, tSel, time.Since(start)-tSel)
	}
	// Return the best state: undo the alterations made after it.
	keep := alterationsUpTo(res.Trace[res.Best].EdgesAltered, cfg.Operation)
	for i := len(res.Alterations) - 1; i >= keep; i-- {
		a := res.Alterations[i]
		if a.Added {
			g.DeleteEdge(a.U, a.V)
		} else {
			g.AddEdge(a.U, a.V)
		}
	}
	res.Alterations = res.Alterations[:keep]
	res.EdgesAfter = g.NumEdges()
	res.TargetReached = n-res.After().NotKAnonymous >= res.Target
	return res, nil
}

// state tracks which nodes count as not k-anonymous: those in classes of
// fewer than k nodes or, with Config.Fuzzy, those whose fuzzy set has fewer
// than k nodes.
type state struct {
	p            *anonymity.Partition
	cfg          *Config
	na           []bool
	notAnonymous int
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
			if sc != nil {
				sc.flip(v, st.na[v])
			}
		}
		return nil
	}
	fz, err := p.FuzzyAt(st.cfg.Phi, st.cfg.fuzzyLevels())
	if err != nil {
		return fmt.Errorf("anonymize: %w", err)
	}
	st.notAnonymous = fz.NotAnonymous
	for v := range int32(len(st.na)) {
		if now := fz.NotAnonymousNode(v); now != st.na[v] {
			st.na[v] = now
			if sc != nil {
				sc.flip(v, now)
			}
		}
	}
	return nil
}

// countAltered returns the number of alterations in the unit of op: one per
// deleted or added edge, two per rewiring (which deletes two edges and adds
// two).
func countAltered(alts []Alteration, op Operation) int {
	if op == Rewire {
		return len(alts) / 2
	}
	return len(alts)
}

// alterationsUpTo returns how many entries of an alteration list make up the
// first altered alterations in the unit of op.
func alterationsUpTo(altered int, op Operation) int {
	if op == Rewire {
		return 2 * altered
	}
	return altered
}
