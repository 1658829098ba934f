package anonymize

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// OptimumResult is the outcome of Optimum.
type OptimumResult struct {
	// Kept is the largest number of edges a release that meets the target
	// keeps: proven if Proven, else the best found.
	Kept int
	// Deleted lists the edges a best release deletes.
	Deleted []graph.Edge
	// Proven reports that no release keeps more edges.
	Proven bool
	// Nodes is the number of search nodes visited (0 when the default
	// method proved its own release optimal).
	Nodes int
	// Heuristic is the number of edges the default method keeps, the bound
	// the search started from.
	Heuristic int
}

// OptimumLimit is the default limit on search nodes of Optimum.
const OptimumLimit = 50_000_000

// Optimum finds the largest number of edges that a release of g made by
// deleting edges can keep while meeting the target of cfg (Full or
// Partial; exact anonymity), by exhaustive search: the default method
// (Best) gives a release that deletes h edges, then every set of 0, 1, …,
// h−1 deleted edges is tried in turn, each checked exactly through the
// partition, until one meets the target (it is optimal) or none does (the
// heuristic release is); where the default has already proved its release
// optimal (Result.Refinement.Optimal), that is the answer. For count and
// degree at distance 1 with the full
// variant the sets are searched by the default's own exact repair search,
// which branches on a node that is not k-anonymous; otherwise edge by edge,
// and for count and degree at distance 1 pruned: deleting edges never
// raises a node's degree or triangle count, so a node whose neighbourhood
// is decided and that can no longer find k−1 nodes able to reach its
// signature ends the branch.
//
// It gives up after limit search nodes (0: OptimumLimit) and returns the
// best release found with Proven false. g is not changed. Meant for test
// oracles and optimality gaps on graphs of up to about 30 edges.
func Optimum(ctx context.Context, g *graph.Graph, cfg Config, limit int) (*OptimumResult, error) {
	if g.Typed() {
		return nil, errors.New("anonymize: the exact optimum is for undirected graphs without layers")
	}
	g = g.Clone()
	if cfg.Variant == Budgeted || cfg.Fuzzy {
		return nil, errors.New("anonymize: the exact optimum is for the full and partial variants with exact anonymity")
	}
	if cfg.Strategy == "" {
		cfg.Strategy = Best
	}
	h := g.Clone()
	res, err := RunContext(ctx, h, cfg)
	if err != nil {
		return nil, err
	}
	cfg = res.Config
	if limit <= 0 {
		limit = OptimumLimit
	}
	out := &OptimumResult{Kept: h.NumEdges(), Heuristic: h.NumEdges()}
	for _, a := range res.Alterations.All() {
		out.Deleted = append(out.Deleted, graph.MakeEdge(a.U, a.V))
	}
	if !res.TargetReached {
		return nil, fmt.Errorf("anonymize: the target of %d k-anonymous nodes cannot be met by deleting edges", res.Target)
	}
	if res.Refinement.Optimal { // the default proved it with the same search
		out.Proven = true
		return out, nil
	}
	p, err := partition.New(g, cfg.Measure, cfg.D, partition.Options{K: cfg.K, Threads: 1})
	if err != nil {
		return nil, fmt.Errorf("anonymize: %w", err)
	}
	s, err := newSolution(p, &cfg)
	if err != nil {
		return nil, err
	}
	m := s.in.len()
	best := m - out.Kept // deletions of the best release known
	if rs := newRepairSearch(ctx, s, time.Time{}, limit); rs != nil {
		// Count or degree at distance 1, full: the repair search, deepened
		// one deletion at a time.
		if rs.deepen(best) {
			out.Kept = m - s.ids.numDeleted()
			out.Deleted = out.Deleted[:0]
			for _, a := range s.deletedEdges().All() {
				out.Deleted = append(out.Deleted, graph.MakeEdge(a.U, a.V))
			}
		}
		out.Proven, out.Nodes = !rs.abort, rs.nodes
		return out, nil
	}
	o := &optSearch{s: s, limit: limit, ctx: ctx}
	o.prepare()
	for depth := 0; depth < best; depth++ {
		if o.dfs(0, depth) {
			out.Kept = m - depth
			out.Deleted = out.Deleted[:0]
			for _, id := range o.found {
				out.Deleted = append(out.Deleted, s.in.edge(id))
			}
			out.Proven, out.Nodes = true, o.nodes
			return out, nil
		}
		if o.aborted {
			out.Nodes = o.nodes
			return out, nil
		}
	}
	out.Proven, out.Nodes = true, o.nodes
	return out, nil
}

// optSearch is the state of Optimum's depth-first search.
type optSearch struct {
	s       *solution
	ctx     context.Context
	limit   int
	nodes   int
	aborted bool
	found   []int32

	prune bool    // count or degree at distance 1 (partial: the full variant goes to the repair search)
	tri   bool    // signatures include triangle counts (count)
	order []int32 // edge ids in the order they are decided
	last  []int32 // last[v]: the last position in order of an edge v's signature depends on
	path  []int32 // the deleted edges of the current branch
}

// prepare orders the edges (by the later of their ends in a breadth-first
// order from the highest-degree node, so that neighbourhoods are decided
// early) and computes when every node's signature is decided.
func (o *optSearch) prepare() {
	s := o.s
	g := s.g
	switch s.cfg.Measure.(type) {
	case measure.Count:
		o.prune, o.tri = s.cfg.D == 1, true
	case measure.Degree:
		o.prune = s.cfg.D == 1
	}
	n := s.n
	rank := make([]int32, n)
	for i := range rank {
		rank[i] = -1
	}
	next := int32(0)
	var queue []int32
	for {
		start := int32(-1)
		for v := range int32(n) {
			if rank[v] < 0 && (start < 0 || g.Degree(v) > g.Degree(start)) {
				start = v
			}
		}
		if start < 0 {
			break
		}
		rank[start] = next
		next++
		queue = append(queue[:0], start)
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, w := range g.Neighbors(v) {
				if rank[w] < 0 {
					rank[w] = next
					next++
					queue = append(queue, w)
				}
			}
		}
	}
	key := func(id int32) int64 {
		e := s.in.edge(id)
		a, b := rank[e.U], rank[e.V]
		return int64(max(a, b))<<32 | int64(min(a, b))
	}
	o.order = make([]int32, s.in.len())
	for i := range o.order {
		o.order[i] = int32(i)
	}
	slices.SortStableFunc(o.order, func(a, b int32) int { return cmp.Compare(key(a), key(b)) })
	pos := make([]int32, s.in.len())
	for i, id := range o.order {
		pos[id] = int32(i)
	}
	o.last = make([]int32, n)
	for v := range int32(n) {
		o.last[v] = -1
		for id := range s.in.incident(v) {
			o.last[v] = max(o.last[v], pos[id])
		}
		if o.tri {
			nb := g.Neighbors(v)
			for i, a := range nb {
				for _, b := range nb[i+1:] {
					if id := s.in.id(a, b); id >= 0 {
						o.last[v] = max(o.last[v], pos[id])
					}
				}
			}
		}
	}
}

// hopeless reports whether a node decided before position next (edges at
// positions below next that are not deleted stay) can no longer become
// k-anonymous with left more deletions, or too many such nodes exist for a
// partial target.
func (o *optSearch) hopeless(next int32, left int) bool {
	if !o.prune {
		return false
	}
	s := o.s
	g := s.g
	doomed := 0
	for _, v := range s.naNodes.list {
		if o.last[v] >= next {
			continue
		}
		dv, tv := g.Degree(v), 0
		if o.tri {
			tv = g.NodeTriangles(v)
		}
		partners := 0
		for w := range int32(s.n) {
			if w == v {
				continue
			}
			dw := g.Degree(w)
			if o.last[w] < next {
				if dw == dv && (!o.tri || g.NodeTriangles(w) == tv) {
					partners++
				}
			} else if dw >= dv && dw-dv <= left && (!o.tri || g.NodeTriangles(w) >= tv) {
				partners++
			}
			if partners >= s.cfg.K-1 {
				break
			}
		}
		if partners < s.cfg.K-1 {
			doomed++
			if doomed > s.n-s.target {
				return true
			}
		}
	}
	return false
}

// dfs tries every set of left more deletions among the edges at positions
// from on, reporting whether one meets the target (o.found is then set).
func (o *optSearch) dfs(from int, left int) bool {
	s := o.s
	o.nodes++
	if o.nodes > o.limit || (o.nodes%4096 == 0 && o.ctx.Err() != nil) {
		o.aborted = true
		return false
	}
	if left == 0 {
		if s.feasible() {
			o.found = append([]int32(nil), o.path...)
			return true
		}
		return false
	}
	for j := from; j <= len(o.order)-left; j++ {
		id := o.order[j]
		s.apply(id)
		s.commit()
		o.path = append(o.path, id)
		ok := !o.hopeless(int32(j+1), left-1) && o.dfs(j+1, left-1)
		o.path = o.path[:len(o.path)-1]
		s.apply(id) // restore it
		s.commit()
		if ok || o.aborted {
			return ok
		}
	}
	return false
}
