package anonymize

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// Refinement is what runs after a strategy to keep more of the network.
type Refinement string

// The refinements.
const (
	// NoRefinement returns the strategy's best state as it is.
	NoRefinement Refinement = "none"
	// Restore re-adds deleted edges, singly and then in pairs, while the
	// target stays met (budgeted: while no k-anonymous node is lost).
	Restore Refinement = "restore"
	// Anneal restores, then searches the set of deleted edges locally
	// (simulated annealing over restore, delete and swap moves) for
	// Config.Effort moves per edge or until Config.TimeLimit.
	Anneal Refinement = "anneal"
)

// ParseRefinement returns the refinement with the given name.
func ParseRefinement(s string) (Refinement, error) {
	switch r := Refinement(strings.ToLower(s)); r {
	case NoRefinement, Restore, Anneal:
		return r, nil
	}
	return "", fmt.Errorf("unknown refinement %q (known: none, restore, anneal)", s)
}

// The defaults of a run, read by the command line and the experiments too:
// k = 2, the partial variant's target of 95% of the nodes, the budgeted
// variant's 5% of the edges, and the paper's recompute gap R of 1% of the
// edges.
const (
	DefaultK                 = anonymity.DefaultK
	DefaultAlpha             = 0.95
	DefaultBudgetFraction    = 0.05
	DefaultRecomputeFraction = 0.01
)

// DefaultEffort is the local search's default number of moves per edge
// that a run may delete (Config.Effort).
const DefaultEffort = 20

// ThoroughEffort is the effort at which the refinement of small graphs
// searches as thoroughly as the default did until 2026-11-28: the searches
// from the input and the exact large-neighbourhood search of releases of
// up to 64 deleted edges scale with the effort, so that the default
// finishes karate in about a second of processor time, and --effort 200
// reaches the proven optimum of karate and of 100 small random graphs
// (docs/results.md).
const ThoroughEffort = 200

// Operation is the kind of alteration.
type Operation string

// The operations.
const (
	Delete Operation = "delete" // delete an edge
	Add    Operation = "add"    // add a uniformly random non-edge
	Rewire Operation = "rewire" // replace {a,b},{c,d} by {a,d},{c,b}
)

// ParseOperation returns the operation with the given name.
func ParseOperation(s string) (Operation, error) {
	switch o := Operation(strings.ToLower(s)); o {
	case Delete, Add, Rewire:
		return o, nil
	}
	return "", fmt.Errorf("unknown operation %q (known: delete, add, rewire)", s)
}

// Variant sets the target and the default budget.
type Variant string

// The variants.
const (
	Full     Variant = "full"     // every node k-anonymous; budget: all edges
	Partial  Variant = "partial"  // a fraction Alpha of the nodes; budget: all edges
	Budgeted Variant = "budgeted" // every node; at most Budget alterations
)

// ParseVariant returns the variant with the given name.
func ParseVariant(s string) (Variant, error) {
	switch v := Variant(strings.ToLower(s)); v {
	case Full, Partial, Budgeted:
		return v, nil
	}
	return "", fmt.Errorf("unknown variant %q (known: full, partial, budgeted)", s)
}

// Config configures a run.
type Config struct {
	Measure measure.Measure // the anonymity measure (nil: count, as the command line's)
	D       int             // distance, at least 1 (0: 1)
	K       int             // anonymity threshold; 0 means 2

	Strategy  Strategy  // default Best
	Operation Operation // default Delete
	Variant   Variant   // default Full

	// Alpha is the fraction of nodes that must be k-anonymous in the
	// Partial variant, in (0, 1].
	Alpha float64
	// Budget is the maximum number of alterations in the Budgeted variant
	// (for the other variants it defaults to the number of edges). A
	// rewiring counts as two alterations, since it moves two edges.
	Budget int
	// Recompute is the recompute gap R: the number of edges altered per
	// iteration before the partition is updated. Zero means 1% of the
	// edges (at least 1), the paper's setting.
	Recompute int

	// Fuzzy makes the target fuzzy anonymity with tolerance Phi percent
	// (anonymity.Partition.Fuzzy): a node counts as k-anonymous when its
	// fuzzy set has at least K nodes. Only count, degree, edgecount and none
	// define fuzzy anonymity.
	Fuzzy bool
	Phi   float64
	// FuzzyAllLevels compares every level 1..d in fuzzy similarity
	// (anonymity.FuzzyAll) instead of the level d only (FuzzyTop, the
	// reference's definition); it matters only for d ≥ 2.
	FuzzyAllLevels bool

	// Twins keeps the twin classes current after every alteration and
	// records Iteration.TwinUnique (O(n) per iteration, so off by default).
	Twins bool

	// Refine is what runs after the strategy; the default is Anneal for
	// Best, Restore for Greedy and NoRefinement for the paper's strategies,
	// which so run unchanged. Refinement needs the delete operation.
	Refine Refinement
	// Effort is the local search's number of moves per edge that the run
	// may delete: per edge of the input, or for a budgeted run per
	// alteration of the budget; on a network of more than 32,768 edges it
	// counts at most 3 edges for each edge deleted when the search starts
	// (0 means DefaultEffort).
	Effort int
	// TimeLimit, if positive, bounds the whole run to that long from its
	// start: the strategy's alterations and the refinement (restoration,
	// the twin start, the local search and, budgeted, the gainful
	// deletions that end it) stop at the deadline with the state they
	// have, and the best state found is returned (Result.TimedOut). A
	// refinement starts from a state that meets the target and never
	// loses it; in the full and partial variants a strategy stopped by the
	// limit may leave the target unmet.
	TimeLimit time.Duration

	// Protected, on a layered graph, holds the layers whose ties are never
	// altered (graph.LayersKind of them): family ties that must stay while
	// work and school ties may go. Only Best and Greedy, which alter one
	// tie at a time, respect it; Best then deletes as Greedy does.
	Protected graph.Kind

	// Seed seeds the random choices.
	Seed uint64
	// Threads is the number of goroutines computing signatures, the
	// greedy deletion's keys (Greedy, and Best in the budgeted variant),
	// the deletion plans of liu-terzi, ua's weights and batches of
	// deletions on large graphs, and the checks of the lean path's
	// restoration (LeanCut with Refine Restore) (below 1: GOMAXPROCS).
	// Results do not depend on it.
	Threads int

	// Progress, if not nil, is called after every iteration.
	Progress func(Iteration)
	// StageProgress, if not nil, is called during a long stage between
	// iterations (StageScoring) with the work done and its total; the
	// calls may come from different goroutines, never two at once.
	StageProgress func(stage string, done, total int)

	// ReleaseMemory, if not nil, is called on graphs of at least 2^20
	// edges when the state of a finished phase has just become garbage,
	// so that the host may return its pages to the system before the next
	// phase allocates (the command line calls debug.FreeOSMemory: at 10^7
	// edges, 100 MB less at the peak). The library itself never does
	// anything process-wide.
	ReleaseMemory func()

	// noProbes makes the optimizers judge every move by making and
	// undoing it, never by a probe (solution.try); the tests compare the
	// two, which must give the same runs.
	noProbes bool
}

// WithDefaults returns c with its defaults filled in (strategy, operation,
// variant, K, Alpha, Budget and Recompute) for a graph of n nodes and m
// edges, or an error if c is invalid. Run calls it; callers may call it
// first to learn the budget and target a run will have.
func (c Config) WithDefaults(n, m int) (Config, error) {
	if c.Measure == nil {
		c.Measure = measure.Count{}
	}
	if c.D == 0 {
		c.D = 1
	}
	if c.D < 1 {
		return c, fmt.Errorf("anonymize: distance must be at least 1, got %d", c.D)
	}
	if c.K == 0 {
		c.K = DefaultK
	}
	if c.K < 1 {
		return c, fmt.Errorf("anonymize: k must be at least 1, got %d", c.K)
	}
	if c.Strategy == "" {
		c.Strategy = Best
	}
	if _, err := ParseStrategy(string(c.Strategy)); err != nil {
		return c, fmt.Errorf("anonymize: %w", err)
	}
	def := strategyOf(c.Strategy)
	if c.Operation == "" {
		c.Operation = Delete
	}
	if _, err := ParseOperation(string(c.Operation)); err != nil {
		return c, fmt.Errorf("anonymize: %w", err)
	}
	if def.check != nil {
		if err := def.check(&c); err != nil {
			return c, err
		}
	}
	if c.Operation != Delete && !def.anyOperation {
		return c, fmt.Errorf("anonymize: strategy %s supports only the delete operation; use es to %s edges", c.Strategy, c.Operation)
	}
	if c.Refine == "" {
		c.Refine = def.refine
	}
	if _, err := ParseRefinement(string(c.Refine)); err != nil {
		return c, fmt.Errorf("anonymize: %w", err)
	}
	if c.Refine != NoRefinement && c.Operation != Delete {
		return c, fmt.Errorf("anonymize: refinement %s needs the delete operation", c.Refine)
	}
	if c.Effort < 0 {
		return c, fmt.Errorf("anonymize: the effort must be at least 0, got %d", c.Effort)
	}
	if c.Effort == 0 {
		c.Effort = DefaultEffort
	}
	if c.TimeLimit < 0 {
		return c, fmt.Errorf("anonymize: the time limit must not be negative, got %v", c.TimeLimit)
	}
	if c.Variant == "" {
		c.Variant = Full
	}
	if _, err := ParseVariant(string(c.Variant)); err != nil {
		return c, fmt.Errorf("anonymize: %w", err)
	}
	// Full and partial may alter everything that can be altered.
	alterable := Alterable(c.Operation, n, m)
	switch c.Variant {
	case Partial:
		if c.Alpha == 0 {
			c.Alpha = DefaultAlpha
		}
		if !(c.Alpha > 0 && c.Alpha <= 1) {
			return c, fmt.Errorf("anonymize: alpha must be in (0, 1], got %v", c.Alpha)
		}
		c.Budget = alterable
	case Budgeted:
		c.Alpha = 1
		if c.Budget <= 0 {
			return c, fmt.Errorf("anonymize: the budget must be at least 1 alteration, got %d", c.Budget)
		}
	default:
		c.Alpha = 1
		c.Budget = alterable
	}
	if c.Fuzzy {
		if _, ok := c.Measure.(measure.Fuzzy); !ok {
			return c, fmt.Errorf("anonymize: fuzzy anonymity is not defined for measure %s (only count, degree, edgecount and none)", c.Measure.Name())
		}
		if !(c.Phi >= 0) {
			return c, fmt.Errorf("anonymize: the fuzzy tolerance must be at least 0, got %v", c.Phi)
		}
	}
	if c.Recompute < 0 {
		return c, fmt.Errorf("anonymize: the recompute gap must be at least 1, got %d", c.Recompute)
	}
	if c.Recompute == 0 {
		c.Recompute = max(1, int(math.Round(DefaultRecomputeFraction*float64(m))))
	}
	return c, nil
}

// Alterable returns how many edges operation op can alter in a graph of n
// nodes and m edges: the m edges, or for additions the pairs that are not
// edges yet.
func Alterable(op Operation, n, m int) int {
	if op == Add {
		return int(min(int64(n)*int64(n-1)/2-int64(m), 1<<62))
	}
	return m
}

// BudgetOf returns the budget of a fraction of m alterations: ⌈fraction·m⌉,
// the reference paper's budget (5% of karate's 78 edges is 4), and at
// least 1. The rounding error of fraction·m is absorbed (10% of 70 is 7).
func BudgetOf(fraction float64, m int) int {
	return max(1, int(math.Ceil(fraction*float64(m)*(1-1e-12))))
}

// Target returns the number of nodes that must be k-anonymous: ⌈alpha·n⌉.
func Target(alpha float64, n int) int {
	t := int(math.Ceil(alpha*float64(n) - 1e-9))
	return min(max(t, 0), n)
}

// fuzzyLevels returns the levels fuzzy similarity compares.
func (c *Config) fuzzyLevels() partition.FuzzyLevels {
	if c.FuzzyAllLevels {
		return partition.FuzzyAll
	}
	return partition.FuzzyTop
}
