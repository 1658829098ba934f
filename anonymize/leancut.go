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
}

// NumNodes returns the number of nodes, the input's.
func (r *LeanRelease) NumNodes() int { return r.adj.NumNodes() }

// NumEdges returns the number of edges the release keeps.
func (r *LeanRelease) NumEdges() int { return r.adj.NumEdges() }

// Deleted returns the number of input edges the release deletes.
func (r *LeanRelease) Deleted() int { return r.input - r.NumEdges() }

// Higher appends to buf the neighbours of v in the release that are
// greater than v, in ascending order, and returns it.
func (r *LeanRelease) Higher(v int32, buf []int32) []int32 {
	nb := r.adj.Neighbors(v)
	i, _ := slices.BinarySearch(nb, v+1)
	return append(buf, nb[i:]...)
}

// Edges yields the release's edges in ascending order of (U, V), U < V,
// without copying its lists.
func (r *LeanRelease) Edges() iter.Seq[graph.Edge] {
	return func(yield func(graph.Edge) bool) {
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
// degdist, dk). A release of LeanUnchanged, the input,
// has no cut: Check refuses it (its caller measured the input instead).
func (r *LeanRelease) Check(k int) error {
	if r.unchanged {
		return errors.New("anonymize: the release is the input, unchanged: it has no cut to check; measure it")
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
// It does not measure the input: where the input already meets the
// target, RunContext releases it unchanged, and so should the caller
// (LeanUnchanged).
// Config.TimeLimit bounds it as it bounds a run. It returns an error
// wrapping ErrLeanUnmet where it makes no release that meets the target,
// an error of edges or one of reading them that do not match deg (the
// stream is not read further), and an error where cfg is not a
// configuration of Strategy Cut without refinement.
func LeanCut(ctx context.Context, deg []int32, edges graph.EdgeStream, cfg Config) (*LeanRelease, error) {
	t := time.Now()
	if cfg.Strategy != Cut {
		return nil, fmt.Errorf("anonymize: LeanCut makes the release of strategy %s, not %s", Cut, cfg.Strategy)
	}
	n, m, cfg, err := leanConfig(deg, cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Refine != NoRefinement {
		return nil, fmt.Errorf("anonymize: LeanCut makes the cut's release unrefined, not with refinement %s", cfg.Refine)
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
	return &LeanRelease{adj: a, side: side, input: m, cfg: cfg, took: time.Since(t)}, nil
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
// k-anonymous): the input's row, then the cut's (PhaseCut), the best. Its
// list of alterations is empty (Deleted counts them; at 10^9 edges the
// list would take gigabytes). The result of a release of LeanUnchanged
// has the input's row alone, as RunContext's where the input meets the
// target.
func (r *LeanRelease) Result(notAnonymous, unique int) *Result {
	n, m := r.NumNodes(), r.input
	res := &Result{Config: r.cfg, Nodes: n, EdgesBefore: m, EdgesAfter: r.NumEdges(), Target: Target(r.cfg.Alpha, n), Best: 1}
	res.Trace = []Iteration{{Phase: PhaseStrategy, Unique: unique, NotKAnonymous: notAnonymous}}
	if r.unchanged {
		res.Best = 0
	} else {
		deg, count := r.degreeClasses()
		after := Iteration{Iteration: 1, Phase: PhaseCut, EdgesAltered: r.Deleted(), SecondsSelect: r.took.Seconds()}
		for _, d := range deg {
			switch c := count[d]; {
			case c == 1:
				after.Unique++
				fallthrough
			case c < r.cfg.K:
				after.NotKAnonymous++
			}
		}
		res.Trace = append(res.Trace, after)
	}
	for i := range res.Trace {
		row := &res.Trace[i]
		row.UniqueFraction = float64(row.Unique) / float64(max(n, 1))
		row.FractionAltered = float64(row.EdgesAltered) / float64(max(m, 1))
	}
	res.TargetReached = res.meets(res.After().NotKAnonymous)
	return res
}
