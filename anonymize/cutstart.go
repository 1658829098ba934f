package anonymize

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// cutMargin is how many times the edges of the strategy's restored release
// a cut's restored release must keep to replace it before the local
// search (refinement.cut), on networks of more than cutBothMaxEdges edges.
// The local search adds less to some cuts' releases than to ua's: on
// CA-GrQc at k = 5 (seed 1) the cut's kept 9,516 edges restored against
// ua's 9,482 (0.4% more), and 9,747 against 10,006 after the search. On
// the 17 shared networks and Enron at k = 2 and 5, seeds 1 to 3, the cut's
// releases that kept 3.5% (Enron, k = 2) to 4.6% more restored kept more
// after the search too, and of those that kept 6% more or more only one
// kept fewer, by one edge (gene_fusion, k = 2, seed 2: 268 against 269;
// 2026-11-30).
const cutMargin = 1.02

// cutTryMin is the share of the edges of the release it competes with
// (ua's, restored) that a cut's release must keep before restoration to
// be restored and compared (cutStart.run). On the 17 shared networks,
// Enron and dblp-2010 at k = 2 and 5 (seed 1, 2026-11-30) every cut's
// release that kept more after restoration kept at least 0.91 of ua's
// restored edges before it (maayan-faa, k = 5), where dblp-2010's kept
// 0.69 and lost; restoring it cost dblp-2010 about 6 s, and with
// --time-limit 30s the whole local search (751,649 edges kept instead of
// 767,183).
const cutTryMin = 0.85

// cutBothMaxEdges is the most edges of a network on which a cut's release
// that keeps more than ua's, both restored, is searched locally too, and
// the better searched release stays (refinement.cutAfterAnneal): there a
// local search costs seconds at most (searchReachMin). On larger networks
// the cut's release replaces ua's before the local search when it keeps
// cutMargin times its edges, and only one release is searched.
const cutBothMaxEdges = searchReachMin

// cutStart makes a bipartite cut's release of the input the refinement's
// start where it keeps more than the strategy's (refinement.cut and
// cutAfterAnneal).
//
// Under the star-local measures at distance 1 (measure.StarLocal: count,
// edgecount, degdist, dk) a node's signature in a graph without triangles
// is its degree alone. The release keeps the edges across a large cut of the
// input (cutSides), at least half of them, and so no triangle, and
// deletes a few more by Liu and Terzi's plan (planLiuTerzi), which makes
// the degrees, and with them the signatures, k-anonymous. Where ua's
// deletions cascade through the triangles of a dense network (at k = 5 on
// socfb-Reed98 ua keeps 395 of 18,812 edges) this keeps about half the
// network before any restoration; where the network is sparse or already
// nearly anonymous, ua's release, restored, keeps more, and stays.
type cutStart struct{ s *solution }

// applies reports whether a refinement under the solution's
// configuration tries a cut's release: for a strategy that tries starts
// from the input (symmetricStartApplies: Best, deleting, exact, full or
// partial) under a star-local measure at d = 1 (cutMeasure: count,
// edgecount, degdist, dk), without attributes, on an untyped network.
func (o cutStart) applies() bool { return cutApplies(o.s.cfg, o.s.ties != nil) }

// cutApplies reports whether a run under c on a graph, typed or not,
// tries a cut's release (cutStart.applies).
func cutApplies(c *Config, typed bool) bool {
	return cutMeasure(c) && !typed && symmetricStartApplies(c)
}

// cutMeasure reports whether c's measure is one under which a release
// without triangles whose degrees are k-anonymous is k-anonymous
// (measure.StarLocal): count, edgecount, degdist or dk at d = 1, without
// attributes.
func cutMeasure(c *Config) bool {
	m, ok := c.Measure.(measure.StarLocal)
	return ok && m.StarLocalAt(c.D)
}

// run tries the cut's release (solution.tryRestored): it keeps it,
// restored, and reports true with the number of edges restored, if it
// meets the target and keeps more than margin times keptFrom edges. A
// release that keeps fewer than cutTryMin times keptFrom edges before
// restoration is not made whole nor restored. The
// cut and the plan draw from their own stream of the run's seed
// (cutRNG), so that trying them changes nothing else.
func (o cutStart) run(ctx context.Context, margin float64, keptFrom int) (int, bool) {
	s := o.s
	dels, ok := o.release(ctx, int(math.Ceil(cutTryMin*float64(keptFrom))))
	if !ok {
		return 0, false
	}
	return s.tryRestored(ctx, dels, margin, keptFrom)
}

// release returns the ids of the input edges that the cut's release
// deletes, ascending, and false where it would keep fewer than minKept
// edges (the cut is counted first, before the plan's deletions, which are
// then counted too), Liu and Terzi's plan finds no realizable sequence,
// ctx ends first, or it exceeds the budget.
func (o cutStart) release(ctx context.Context, minKept int) ([]int32, bool) {
	s := o.s
	c, ok := planCut(ctx, inputAdjacency(&s.in), s.cfg, cutRNG(s.cfg.Seed), minKept)
	if !ok {
		return nil, false
	}
	deleted := make([]bool, s.in.len())
	walk := s.in.walk()
	for id := range int32(s.in.len()) {
		if e := walk(id); c.side[e.U] == c.side[e.V] {
			deleted[id] = true
		}
	}
	for _, a := range c.plan {
		deleted[s.in.id(a.U, a.V)] = true
	}
	var dels []int32
	for id, d := range deleted {
		if d {
			dels = append(dels, int32(id))
		}
	}
	if len(dels) > s.cfg.Budget || s.in.len()-len(dels) < minKept {
		return nil, false
	}
	return dels, true
}

// A cutPlan is a cut's release of a graph: the edges across the cut
// (between nodes of different sides) except those of the plan.
type cutPlan struct {
	side []int8       // every node's side, 0 or 1 (cutSides)
	plan []Alteration // the deletions across the cut that make the degrees k-anonymous
	kept int          // the edges the release keeps
}

// planCut makes the cut's release of the graph g under cfg (cutSides,
// then Liu and Terzi's plan by deletions on the edges across), drawing
// from rng, and reports false where the cut keeps fewer than minKept
// edges (counted before the plan, which is then not made), the plan finds
// no realizable sequence or ctx ends first. The edges across are held as
// an adjacency, 8 bytes per edge.
func planCut(ctx context.Context, g neighbourLists, cfg *Config, rng *rand.Rand, minKept int) (cutPlan, bool) {
	side := cutSides(ctx, g, rng, cfg.hundredths(StageCut, g.NumNodes()))
	if side == nil {
		return cutPlan{}, false
	}
	acrossEdges := func(yield func(graph.Edge) bool) {
		for u := range int32(g.NumNodes()) {
			nb := g.Neighbors(u)
			i, _ := slices.BinarySearch(nb, u+1)
			for _, v := range nb[i:] {
				if side[u] != side[v] && !yield(graph.Edge{U: u, V: v}) {
					return
				}
			}
		}
	}
	m := 0
	for range acrossEdges {
		m++
	}
	if m < minKept {
		return cutPlan{}, false
	}
	return planAcross(ctx, newAdjacency(g.NumNodes(), acrossEdges), side, cfg, rng)
}

// planAcross plans the deletions of Liu and Terzi on the edges across a
// cut, held in across, whose sides are side (planCut).
func planAcross(ctx context.Context, across *adjacency, side []int8, cfg *Config, rng *rand.Rand) (cutPlan, bool) {
	plan, err := planLiuTerzi(ctx, across, cfg.K, false, false, rng, cfg.Threads)
	if err != nil {
		return cutPlan{}, false
	}
	return cutPlan{side: side, plan: plan, kept: across.NumEdges() - len(plan)}, true
}

// neighbourLists is a simple graph read through its sorted neighbour
// lists: a graph.Graph or an adjacency.
type neighbourLists interface {
	NumNodes() int
	Neighbors(v int32) []int32
}

// cutSides returns a side, 0 or 1, for every node of g such that no node
// has more neighbours on its own side than across: the nodes are placed
// in a random order, each opposite the majority of its neighbours placed
// before it (a fair coin on a tie), and then, in sweeps over the nodes,
// any node with more neighbours on its side than across moves over, until
// none has. Each move adds edges to the cut, so the sweeps end, and the
// cut holds at least half the edges. It returns nil if ctx ends first
// (checked before every sweep).
func cutSides(ctx context.Context, g neighbourLists, rng *rand.Rand, progress func(i int)) []int8 {
	n := g.NumNodes()
	side, placed := placeSides(g, rng, progress)
	// A node is looked at again only once a neighbour has moved since it
	// was last looked at (check; after the placement, every node): its
	// count of neighbours on its side is otherwise the same, and so is the
	// answer (a node that just moved has fewer than half on its new side).
	// The sweeps thus make the same moves in the same order as sweeps over
	// every node, and end after the same sweep.
	check := placed // every node, after the placement
	for moved := true; moved; {
		if ctx.Err() != nil {
			return nil
		}
		moved = false
		for v := range int32(n) {
			progress(int(v))
			if !check[v] {
				continue
			}
			check[v] = false
			nb := g.Neighbors(v)
			same := 0
			for _, w := range nb {
				if side[w] == side[v] {
					same++
				}
			}
			if 2*same > len(nb) {
				side[v] ^= 1
				moved = true
				for _, w := range nb {
					check[w] = true
				}
			}
		}
	}
	return side
}

// placeSides is cutSides's first pass: it places the nodes of g in a
// random order drawn from rng, each opposite the majority of its
// neighbours placed before it (a fair coin on a tie), and returns the
// sides and a slice of n marks, all set.
func placeSides(g neighbourLists, rng *rand.Rand, progress func(i int)) (side []int8, placed []bool) {
	n := g.NumNodes()
	side, placed = make([]int8, n), make([]bool, n)
	for j, i := range rng.Perm(n) {
		progress(j)
		v := int32(i)
		var on [2]int
		for _, w := range g.Neighbors(v) {
			if placed[w] {
				on[side[w]]++
			}
		}
		switch {
		case on[0] > on[1]:
			side[v] = 1
		case on[0] == on[1]:
			side[v] = int8(rng.IntN(2))
		}
		placed[v] = true
	}
	return side, placed
}

// cutFirstMinEdges is the fewest edges above which Best makes the cut's
// release before ua's deletions, where the cut applies, and gives ua up
// for it once ua's release keeps fewer edges (cutFirstStart). There ua
// and the restoration of its release cost tens of minutes: on a
// population network of 10^7 ties (generate population -n 121212
// --edges 10000000) ua deletes 1% of the ties per iteration, about 3 s
// each (2026-11-30), until it keeps 8 of them, and the restoration of
// that release took 24 to 42 minutes to keep 5,055,570 (2026-11-29),
// where the cut's release keeps 5,379,957 in 2.6 s (2026-11-30). Below it, on every network of
// .ci/compare-releases, ua's release is restored and the cut competes
// with it after the restoration (refinement.cut), as before.
const cutFirstMinEdges = 1 << 22

// cutFirstBoundedMinEdges is cutFirstMinEdges under a measure whose
// partition is not arithmetic (degdist, dk), where every exact check
// extracts balls and computes their signatures from them, so that the
// restoration of ua's release costs minutes from about 10^5 edges: on
// Enron (183,831 edges) under dk at k = 2 (seed 1, 2026-11-30) ua kept
// 11,059 edges in 41 s, and its restoration had kept 83,088 when
// --time-limit 10m ended it (at nice 19 beside a frontier run on both
// cores), where the cut's release keeps about 60% before any
// restoration. The bound is above every network of the frontier
// (socfb-Simmons81, 32,988 edges, is the largest), whose releases it
// leaves as they were.
const cutFirstBoundedMinEdges = 1 << 16

// cutFirstUAShare: under a time limit, ua's deletions in cutFirstStart
// end after this share of it, and the cut's release is then the
// strategy's, so that its restoration and local search get the rest. At
// 10^8 ties a ua iteration of the default took about a minute (population
// network, 2026-11-30), and ua would need about 47 of them to fall below
// the cut's release.
const cutFirstUAShare = 4

// cutFirstStart is Best's start where a cut applies (bestStart): on a
// network of more than minEdges (cutFirstMinEdges) edges where a cut's release
// applies (cutApplies) it first plans that release (planCut), then runs
// ua's deletions with the release's edges as a floor (state.floor). If ua
// meets the target first, its release is the strategy's, as elsewhere;
// if it ends short of the target (its release fell below the floor, a
// quarter of the time limit passed (cutFirstUAShare), or ctx ended), its
// deletions are undone and the cut's release, which meets
// the target, is the strategy's release instead, in a row of its own
// (PhaseCut), and the refinement starts from it (RefinementStats.Start
// is StartCut). Elsewhere it is ua's start.
//
// Under a measure whose partition is not arithmetic (degdist, dk) the
// bound is boundedMinEdges (cutFirstBoundedMinEdges) instead.
type cutFirstStart struct{ minEdges, boundedMinEdges int }

func (o cutFirstStart) run(ctx context.Context, r *runState) (*solution, error) {
	st, cfg, res := r.st, r.st.cfg, r.rec.res
	g := st.p.Graph()
	ua := paperStart{uaSelector{}}
	minEdges := o.minEdges
	if !st.p.Arithmetic() {
		minEdges = o.boundedMinEdges
	}
	if g.NumEdges() <= minEdges || !cutApplies(cfg, g.Typed()) {
		return ua.run(ctx, r)
	}
	t := time.Now()
	c, ok := planCut(ctx, g, cfg, cutRNG(cfg.Seed), 0)
	if !ok || g.NumEdges()-c.kept > cfg.Budget {
		return ua.run(ctx, r)
	}
	tPlan := time.Since(t)
	st.floor = c.kept
	uctx := ctx
	if cfg.TimeLimit > 0 {
		var cancel context.CancelFunc
		uctx, cancel = context.WithTimeout(ctx, cfg.TimeLimit/cutFirstUAShare)
		defer cancel()
	}
	_, err := ua.run(uctx, r)
	st.floor = 0
	if err != nil || res.meets(st.notAnonymous) {
		return nil, err
	}
	t = time.Now()
	undoAlterations(st.p, res, 0)
	if err := st.refresh(nil); err != nil {
		return nil, err
	}
	return nil, applyCut(r, c, tPlan, t)
}

// applyCut makes the cut's release c of the partition's graph, which must
// be the input, the run's release: it deletes the edges within a side and
// those of the plan through the partition, lists them as the run's
// alterations and records the release in a row of its own (PhaseCut),
// planned in tPlan and applied from t on.
func applyCut(r *runState, c cutPlan, tPlan time.Duration, t time.Time) error {
	st, res := r.st, r.rec.res
	for _, e := range st.p.Graph().Edges() {
		if c.side[e.U] == c.side[e.V] {
			res.Alterations.Append(Alteration{U: e.U, V: e.V})
		}
	}
	res.Alterations.Append(c.plan...)
	for i := range res.Alterations.Len() {
		a := res.Alterations.At(i)
		st.p.DeleteEdge(a.U, a.V)
	}
	st.p.Update()
	if err := st.refresh(nil); err != nil {
		return err
	}
	r.rec.record(PhaseCut, st.notAnonymous, tPlan, time.Since(t))
	return nil
}

// cutOnlyStart is the start of the Cut strategy: the cut's release of the
// input (planCut), in a row of its own (PhaseCut). Where no plan is found,
// ctx ends first or the release exceeds the budget, the input stays.
type cutOnlyStart struct{}

func (cutOnlyStart) run(ctx context.Context, r *runState) (*solution, error) {
	st := r.st
	t := time.Now()
	c, ok := planCut(ctx, st.p.Graph(), st.cfg, cutRNG(st.cfg.Seed), 0)
	if !ok || st.p.Graph().NumEdges()-c.kept > st.cfg.Budget {
		return nil, nil
	}
	return nil, applyCut(r, c, time.Since(t), time.Now())
}

// checkCut validates a configuration of the Cut strategy: its release is
// k-anonymous only under the measures of degrees and triangles at
// distance 1, exactly, and it only deletes.
func checkCut(c *Config) error {
	if !cutMeasure(c) {
		return fmt.Errorf("anonymize: strategy %s makes a release without triangles, which is k-anonymous under count, edgecount, degdist or dk at d = 1, not under %s at d = %d", c.Strategy, c.Measure.Name(), c.D)
	}
	if c.Fuzzy {
		return fmt.Errorf("anonymize: strategy %s targets exact k-anonymity, not fuzzy anonymity", c.Strategy)
	}
	return nil
}
