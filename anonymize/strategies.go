package anonymize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/anonet-project/anonet/measure"
)

// Strategy chooses the edges to alter.
type Strategy string

// The strategies (see the package documentation).
const (
	ES     Strategy = "es"
	Degree Strategy = "degree"
	Aff    Strategy = "aff"
	Unique Strategy = "unique"
	UA     Strategy = "ua"
	UAO    Strategy = "uao"
	// Greedy deletes, one at a time, the edge whose deletion makes the
	// most nodes k-anonymous, evaluated exactly; restoration follows by
	// default.
	Greedy Strategy = "greedy"
	// Best, the default, deletes as ua does (as Greedy does in the
	// Budgeted variant, unless the target is fuzzy) and then refines with
	// Anneal by default: restoration and local search.
	Best Strategy = "best"
	// LiuTerzi is k-degree anonymity by Liu and Terzi (SIGMOD 2008): the
	// optimal degree-sequence anonymization, realized by adding edges (the
	// paper's setting) or by deleting them (liuterzi.go).
	LiuTerzi Strategy = "liu-terzi"
	// LiuTerziGreedy is LiuTerzi with the paper's greedy grouping of the
	// degree sequence instead of the dynamic programme.
	LiuTerziGreedy Strategy = "liu-terzi-greedy"
	// Cut keeps the edges across a large bipartite cut of the network and
	// deletes a few more by Liu and Terzi's plan, so that the release has
	// no triangles and k-anonymous degrees: k-anonymous under count,
	// edgecount, degdist and dk at d = 1 (measure.StarLocal, cutstart.go). It is Best's start on networks of
	// more than 2^22 edges when ua falls below it, and the strategy whose
	// release LeanCut makes without a graph.
	Cut Strategy = "cut"
)

// A strategyDef is a strategy as a run composes it: the start that makes
// the first release from the input, the refinement that follows it by
// default, and what the strategy can work with. Every run goes the same
// way (RunContext): the start, a return to its best state, then the
// refinement's phases (refinePipeline). Adding a strategy is a line in
// strategyDefs and, for a new kind of start, a type that implements start.
type strategyDef struct {
	name  Strategy
	group strategyGroup
	// start returns the start of a run under c, whose defaults are filled
	// in.
	start func(c *Config) start
	// refine is the refinement when Config.Refine is empty.
	refine Refinement
	// inputStarts: the refinement also tries releases made afresh from
	// the input, which replace the strategy's when they keep more: a
	// k-automorphic one (symmetricStartApplies) and, under the measures
	// of degrees and triangles, a bipartite cut's (cutStart.applies).
	inputStarts bool
	// perTie: the strategy alters one tie at a time, and so can keep the
	// ties of protected layers; the others alter whole node pairs.
	perTie bool
	// degreesOnly: the strategy plans alterations of the degree sequence
	// and so cannot run on a directed or layered graph.
	degreesOnly bool
	// anyOperation: the strategy can add and rewire as well as delete;
	// the others only delete (unless check says otherwise).
	anyOperation bool
	// check, if not nil, validates a configuration of the strategy before
	// the refinement's default is filled in.
	check func(c *Config) error
}

// strategyGroup says in which list of strategies a strategy is offered.
type strategyGroup int

const (
	paperGroup    strategyGroup = iota // the reference paper's (PaperStrategies)
	ownGroup                           // anonet's own, for every measure
	degreeGroup                        // for the degree measure only (DegreeStrategies)
	triangleGroup                      // for the star-local measures at d = 1 only (measure.StarLocal: count, edgecount, degdist, dk)
)

// strategyDefs are the strategies in the order they are listed: the
// paper's, in its order, then anonet's, then those for degrees only.
var strategyDefs = []strategyDef{
	{name: ES, group: paperGroup, start: always(paperStart{esSelector{}}), refine: NoRefinement, anyOperation: true},
	{name: Degree, group: paperGroup, start: always(paperStart{degreeSelector{}}), refine: NoRefinement},
	{name: Aff, group: paperGroup, start: always(paperStart{affSelector{}}), refine: NoRefinement},
	{name: Unique, group: paperGroup, start: always(paperStart{uniqueSelector{}}), refine: NoRefinement},
	{name: UA, group: paperGroup, start: always(paperStart{uaSelector{}}), refine: NoRefinement},
	{name: UAO, group: paperGroup, start: always(paperStart{uaoSelector{}}), refine: NoRefinement},
	{name: Greedy, group: ownGroup, start: always(gainStart{}), refine: Restore, perTie: true},
	{name: Best, group: ownGroup, start: bestStart, refine: Anneal, inputStarts: true, perTie: true},
	{name: Cut, group: triangleGroup, start: always(cutOnlyStart{}), refine: NoRefinement, degreesOnly: true, check: checkCut},
	{name: LiuTerzi, group: degreeGroup, start: always(liuTerziStart{}), refine: NoRefinement,
		degreesOnly: true, anyOperation: true, check: checkLiuTerzi},
	{name: LiuTerziGreedy, group: degreeGroup, start: always(liuTerziStart{greedy: true}), refine: NoRefinement,
		degreesOnly: true, anyOperation: true, check: checkLiuTerzi},
}

// always returns a start function that returns s whatever the
// configuration.
func always(s start) func(*Config) start { return func(*Config) start { return s } }

// bestStart is Best's start: ua's deletions; within a budget (unless the
// target is fuzzy) the exact-gain greedy's, since there the exact gain of
// each deletion matters most (measured: the greedy anonymizes 17% more
// nodes than ua within 5% on the shared networks), while under a fuzzy
// target every exact evaluation costs a pass over the classes and the
// greedy evaluates every edge; and the greedy's too with protected layers,
// since ua deletes whole pairs, protected ties included.
//
// Under the degree measure alone (no attributes, directions or layers),
// deleting, in the full or partial variant, it starts from Liu and Terzi's
// plan by deletions (bestDegreeStart), which keeps far more than ua's
// deletions, restored and refined: on the 17 shared networks at k = 5
// primaryschool 8,230 edges against 3,732, radoslaw_email 3,166 against
// 1,510, socfb-Reed98 18,580 against 14,377; on Enron at k = 2 all but 203
// edges against all but 22,046 (seed 1, 2026-11-28).
//
// Where a cut's release applies (cutMeasure, cutApplies), ua's start gives way to that
// release on networks of more than cutFirstMinEdges edges (under degdist
// and dk, whose partitions are not arithmetic, cutFirstBoundedMinEdges)
// once ua's release keeps fewer edges (cutFirstStart).
func bestStart(c *Config) start {
	if c.Variant == Budgeted && !c.Fuzzy || c.Protected != 0 {
		return gainStart{}
	}
	// Best only deletes (Config.WithDefaults), and a budgeted run with an
	// exact target has returned above.
	if _, ok := c.Measure.(measure.Degree); ok && !c.Fuzzy {
		return bestDegreeStart{}
	}
	if cutMeasure(c) {
		return cutFirstStart{cutFirstMinEdges, cutFirstBoundedMinEdges} // ua's where the cut does not apply
	}
	return paperStart{uaSelector{}}
}

// bestDegreeStart is Best's start under the degree measure: Liu and
// Terzi's optimal degree sequence, realized by deletions, which makes every
// node k-anonymous at once; where the plan cannot be realized, ua's
// deletions.
type bestDegreeStart struct{}

func (bestDegreeStart) run(ctx context.Context, r *runState) (*solution, error) {
	if runLiuTerzi(ctx, r.st, false, r.rng, r.rec) {
		return nil, nil
	}
	return paperStart{uaSelector{}}.run(ctx, r)
}

// strategyOf returns the definition of strategy s, or nil.
func strategyOf(s Strategy) *strategyDef {
	for i := range strategyDefs {
		if strategyDefs[i].name == s {
			return &strategyDefs[i]
		}
	}
	return nil
}

// strategiesIn returns the names of the strategies of the given groups, in
// the order of strategyDefs.
func strategiesIn(groups ...strategyGroup) []Strategy {
	var out []Strategy
	for _, d := range strategyDefs {
		if slices.Contains(groups, d.group) {
			out = append(out, d.name)
		}
	}
	return out
}

// PaperStrategies returns the strategies of the reference paper, which run
// unchanged (without refinement unless asked) to reproduce it.
func PaperStrategies() []Strategy { return strategiesIn(paperGroup) }

// Strategies returns every strategy that works with every measure.
func Strategies() []Strategy { return strategiesIn(paperGroup, ownGroup) }

// DegreeStrategies returns the strategies for the degree measure only:
// Liu and Terzi's k-degree anonymization.
func DegreeStrategies() []Strategy { return strategiesIn(degreeGroup) }

// ParseStrategy returns the strategy with the given name.
func ParseStrategy(s string) (Strategy, error) {
	if d := strategyOf(Strategy(strings.ToLower(s))); d != nil {
		return d.name, nil
	}
	names := make([]string, len(strategyDefs))
	for i, d := range strategyDefs {
		names[i] = string(d.name)
	}
	return "", fmt.Errorf("unknown strategy %q (known: %s)", s, strings.Join(names, ", "))
}

// A start makes a strategy's first release from the input: it alters the
// graph through the run's partition, lists its alterations in the result
// and records a trace row for each of its steps. The run then returns to
// the best row's state and refines it.
type start interface {
	// run starts from the input, within ctx. A start that works on the
	// solution returns it, for the refinement to go on with; the others
	// return nil, and the refinement builds the solution from the
	// alterations.
	run(ctx context.Context, r *runState) (*solution, error)
}

// runState is what a start works with: the partition's state, the run's
// random stream and the recorder of its trace.
type runState struct {
	st  *state
	rng *rand.Rand
	rec *recorder
}

// Compile-time checks of the starts.
var (
	_ start = paperStart{}
	_ start = gainStart{}
	_ start = liuTerziStart{}
	_ start = bestDegreeStart{}
	_ start = cutFirstStart{}
	_ start = resumeStart{}
)

// paperStart is Algorithm 1 with one of the paper's selectors (runPaper).
type paperStart struct{ sel selector }

func (s paperStart) run(ctx context.Context, r *runState) (*solution, error) {
	return nil, runPaper(ctx, r.st, s.sel, r.rng, r.rec)
}

// gainStart is the exact-gain greedy: it deletes, one at a time, the edge
// whose deletion makes the most nodes k-anonymous (runGreedy).
type gainStart struct{}

func (gainStart) run(ctx context.Context, r *runState) (*solution, error) {
	cfg := r.st.cfg
	sol, err := newStrategySolution(r.st.p, cfg)
	if err != nil {
		return nil, err
	}
	runGreedy(ctx, sol, r.rec)
	releaseMemory(cfg, r.rec.res.EdgesBefore) // the greedy's queue, before the solution lists its ids
	return sol, nil
}

// liuTerziStart plans every alteration of the degree sequence at once
// (runLiuTerzi), with the dynamic programme or, with greedy, the paper's
// greedy grouping.
type liuTerziStart struct{ greedy bool }

func (s liuTerziStart) run(ctx context.Context, r *runState) (*solution, error) {
	runLiuTerzi(ctx, r.st, s.greedy, r.rng, r.rec)
	return nil, nil
}
