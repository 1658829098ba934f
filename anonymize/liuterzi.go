package anonymize

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// maxProbes bounds the probing rounds of Liu–Terzi: re-anonymizations of a
// degree sequence with noise added after the previous target sequence could
// not be realized.
const maxProbes = 1000

// checkLiuTerzi validates a configuration of the Liu–Terzi strategies:
// k-degree anonymity (measure degree), by additions or deletions, exact.
func checkLiuTerzi(c *Config) error {
	if _, ok := c.Measure.(measure.Degree); !ok {
		return fmt.Errorf("anonymize: strategy %s anonymizes degrees: it needs measure degree, not %s", c.Strategy, c.Measure.Name())
	}
	if c.Operation == Rewire {
		return fmt.Errorf("anonymize: strategy %s adds or deletes edges; it cannot rewire", c.Strategy)
	}
	if c.Fuzzy {
		return fmt.Errorf("anonymize: strategy %s targets exact k-degree anonymity, not fuzzy anonymity", c.Strategy)
	}
	if c.Refine != "" && c.Refine != NoRefinement {
		return fmt.Errorf("anonymize: strategy %s plans its alterations at once; it has no refinement %s", c.Strategy, c.Refine)
	}
	return nil
}

// degreeCost is the L1 cost of giving a run of a degree sequence sorted in
// descending order one common value: the run's largest degree when degrees
// may only grow (raise), its smallest when they may only shrink.
type degreeCost struct {
	d     []int // degrees, descending
	sum   []int // sum[i] = d[0] + … + d[i−1]
	raise bool
}

func newDegreeCost(d []int, raise bool) *degreeCost {
	c := &degreeCost{d: d, sum: make([]int, len(d)+1), raise: raise}
	for i, x := range d {
		c.sum[i+1] = c.sum[i] + x
	}
	return c
}

// of returns the cost of the run d[i..j] (inclusive), and value its
// common value.
func (c *degreeCost) of(i, j int) int {
	s := c.sum[j+1] - c.sum[i]
	if c.raise {
		return (j-i+1)*c.d[i] - s
	}
	return s - (j-i+1)*c.d[j]
}

func (c *degreeCost) value(i, j int) int {
	if c.raise {
		return c.d[i]
	}
	return c.d[j]
}

// degreeTargets returns a k-anonymous degree sequence close to deg in L1
// distance (every value taken by at least k nodes), and that distance: each
// target is at least the node's degree if raise is set (edges will be
// added), else at most (edges will be deleted). With greedy unset it is the
// optimum, found by Liu and Terzi's dynamic programme over the sequence
// sorted in descending order: in an optimal solution the groups of equal
// targets are runs of that order, and no run needs 2k or more nodes (it
// could be split into two runs of at least k at no extra cost), so
//
//	DA(j) = min over runs t+1..j of k to 2k−1 nodes of DA(t) + cost(t+1, j)
//
// takes O(nk) time after an O(n log n) sort. With greedy set it is their
// linear-time greedy grouping, which is not optimal.
func degreeTargets(deg []int, k int, raise, greedy bool) ([]int, int, error) {
	return anonymizeDegrees(deg, k, targetOptions{raise: raise, greedy: greedy})
}

// targetOptions are the options of anonymizeDegrees.
type targetOptions struct {
	raise, greedy bool
	// even asks for an even total change, which every realization needs
	// (an edge changes two degrees): the optimum among such sequences
	// (ignored with greedy).
	even bool
}

// anonymizeDegrees is degreeTargets with options.
func anonymizeDegrees(deg []int, k int, o targetOptions) ([]int, int, error) {
	n := len(deg)
	if k < 1 || n < k {
		return nil, 0, fmt.Errorf("anonymize: cannot make %d nodes %d-degree anonymous", n, k)
	}
	order := byDegree(deg)
	d := make([]int, n)
	for i, v := range order {
		d[i] = deg[v]
	}
	c := newDegreeCost(d, o.raise)
	var starts []int // the first index of every run, ascending
	switch {
	case o.greedy:
		starts = greedyRuns(c, k)
	case o.even:
		starts = evenRuns(c, k)
	default:
		starts = optimalRuns(c, k)
	}
	target := make([]int, n)
	total := 0
	for r, s := range starts {
		e := n - 1
		if r+1 < len(starts) {
			e = starts[r+1] - 1
		}
		total += c.of(s, e)
		for i := s; i <= e; i++ {
			target[order[i]] = c.value(s, e)
		}
	}
	return target, total, nil
}

// byDegree returns the nodes in descending order of deg, ties by id: a
// counting sort, as degrees are small.
func byDegree(deg []int) []int32 {
	top := 0
	for _, x := range deg {
		top = max(top, x)
	}
	first := make([]int, top+2) // first[top−x]: where degree x starts
	for _, x := range deg {
		first[top-x+1]++
	}
	for i := 1; i < len(first); i++ {
		first[i] += first[i-1]
	}
	order := make([]int32, len(deg))
	for v, x := range deg {
		order[first[top-x]] = int32(v)
		first[top-x]++
	}
	return order
}

// optimalRuns returns the starts of the runs of an optimal grouping (the
// dynamic programme of degreeTargets; ties go to the earliest split).
func optimalRuns(c *degreeCost, k int) []int {
	n := len(c.d)
	da := make([]int, n)    // da[j]: least cost of d[0..j]
	start := make([]int, n) // start[j]: the first index of the last run
	for j := range n {
		da[j] = math.MaxInt
		if j+1 < k {
			continue
		}
		if j+1 < 2*k {
			da[j], start[j] = c.of(0, j), 0
		}
		for t := max(k-1, j-2*k+1); t <= j-k; t++ {
			if x := da[t] + c.of(t+1, j); x < da[j] {
				da[j], start[j] = x, t+1
			}
		}
	}
	var starts []int
	for j := n - 1; j >= 0; j = start[j] - 1 {
		starts = append(starts, start[j])
	}
	slices.Reverse(starts)
	return starts
}

// evenRuns returns the starts of the runs of a grouping of least cost
// among those of even cost: the dynamic programme of optimalRuns with the
// cost's parity as a second index. Runs of k to 2k nodes suffice: a run of
// L ≥ 2k+1 nodes split after its first s nodes (k ≤ s ≤ L−k) saves
// s·(its s-th degree − its last) when degrees are lowered, (L−s)·(its first
// − its (s+1)-th) when raised, and one of the two factors s or L−s is even
// for some s in that range, so the split keeps the parity at no extra cost.
// If no grouping has an even cost, the optimal one is returned.
func evenRuns(c *degreeCost, k int) []int {
	n := len(c.d)
	const inf = math.MaxInt
	var da [2][]int // da[p][j]: least cost of parity p of d[0..j]
	var start [2][]int
	for p := range 2 {
		da[p], start[p] = make([]int, n), make([]int, n)
	}
	for j := range n {
		da[0][j], da[1][j] = inf, inf
		if j+1 < k {
			continue
		}
		if j+1 <= 2*k {
			x := c.of(0, j)
			da[x%2][j], start[x%2][j] = x, 0
		}
		for t := max(k-1, j-2*k); t <= j-k; t++ {
			x := c.of(t+1, j)
			for p := range 2 {
				if da[p][t] == inf {
					continue
				}
				q := (p + x) % 2
				if y := da[p][t] + x; y < da[q][j] {
					da[q][j], start[q][j] = y, t+1
				}
			}
		}
	}
	if da[0][n-1] == inf {
		return optimalRuns(c, k)
	}
	var starts []int
	for j, p := n-1, 0; j >= 0; {
		s := start[p][j]
		starts = append(starts, s)
		p = (p + c.of(s, j)) % 2
		j = s - 1
	}
	slices.Reverse(starts)
	return starts
}

// greedyRuns returns the starts of Liu and Terzi's greedy grouping: the
// first k nodes form a run; then the next node j either joins the current
// run or starts a new one of k nodes, whichever is cheaper looking k nodes
// ahead: merging costs j's own change plus a run of the k nodes after j,
// starting anew costs a run of j and the k−1 after it. Fewer than k nodes
// left always join the current run.
func greedyRuns(c *degreeCost, k int) []int {
	n := len(c.d)
	starts := []int{0}
	for j := k; j < n; {
		s := starts[len(starts)-1]
		if n-j < k {
			break // the rest joins the current run
		}
		merge := c.of(s, j) - c.of(s, j-1) + c.of(min(j+1, n-1), min(j+k, n-1))
		if j+1 > n-1 {
			merge = c.of(s, j) - c.of(s, j-1)
		}
		fresh := c.of(j, j+k-1)
		if merge > fresh {
			starts = append(starts, j)
			j += k
		} else {
			j++
		}
	}
	return starts
}

// realizeDegrees returns the edges whose addition (raise) or deletion turns
// g's degrees into target: a subgraph H, of the non-edges (raise) or of the
// edges of g, joining only nodes whose degree must change, in which every
// node v has exactly |target(v) − deg(v)| edges. It is built greedily, as
// in Liu and Terzi's construction (the node with the largest remaining
// change pairs with the candidates of largest remaining change; ties go to
// the smaller id), and what the greedy pass leaves is completed by
// augmenting paths: from a node v still short of edges, a path that
// alternates between candidate pairs outside H and edges of H and ends at
// another node short of edges is flipped, which gives both ends one more
// edge of H and leaves the inner nodes as they were. If a node is still
// short, it returns the pairs found (a part of the change) and the nodes
// still short with how many pairs each misses; for additions whose changes
// sum to an odd number, which no set of edges can realize, it returns no
// pairs at once and the first node that must change, missing one.
func realizeDegrees(g degreeGraph, target []int, raise bool) (alts []Alteration, short []shortfall) {
	n := int32(len(target))
	rest := make([]int, n) // remaining change of every node
	var active []int32     // the nodes whose degree must change
	sum := 0
	for v := range n {
		rest[v] = target[v] - g.Degree(v)
		if !raise {
			rest[v] = -rest[v]
		}
		if rest[v] < 0 {
			return nil, []shortfall{{v, -rest[v]}}
		}
		if rest[v] > 0 {
			active = append(active, v)
			sum += rest[v]
		}
	}
	// No set of edges realizes an odd sum. Additions stop here; deletions
	// go on, since a partial deletion is of use to planLiuTerzi.
	if sum%2 != 0 && raise {
		return nil, []shortfall{{active[0], 1}}
	}
	h := &pairing{inH: make(map[graph.Edge]bool), adj: make([][]int32, n), must: make([]bool, n)}
	for _, v := range active {
		h.must[v] = true
	}
	// candidates calls fn for every u that v may pair with.
	candidates := func(v int32, fn func(u int32) bool) {
		if raise {
			for _, u := range active {
				if u != v && !g.HasEdge(v, u) && !fn(u) {
					return
				}
			}
			return
		}
		for _, u := range g.Neighbors(v) {
			if h.must[u] && !fn(u) {
				return
			}
		}
	}
	byRest := func(a, b int32) int {
		if c := cmp.Compare(rest[b], rest[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	// The greedy pass.
	open := slices.Clone(active) // nodes with rest > 0
	var cand []int32
	for len(open) > 0 {
		slices.SortFunc(open, byRest)
		v := open[0]
		cand = cand[:0]
		candidates(v, func(u int32) bool {
			if rest[u] > 0 && !h.has(v, u) {
				cand = append(cand, u)
			}
			return true
		})
		slices.SortFunc(cand, byRest)
		for _, u := range cand[:min(len(cand), rest[v])] {
			h.add(v, u)
			rest[u]--
		}
		rest[v] = 0 // what is still missing is left to the repair
		open = slices.DeleteFunc(open, func(x int32) bool { return rest[x] == 0 })
	}
	// Recount what is missing after the greedy pass, then repair.
	for _, v := range active {
		rest[v] = abs(target[v]-g.Degree(v)) - len(h.adj[v])
	}
	for _, v := range active {
		for rest[v] > 0 {
			y, ok := h.alternate(v, false, candidates, func(y int32) bool {
				return rest[y] > 0 && (y != v || rest[v] >= 2)
			}, 0)
			if !ok {
				break
			}
			rest[v]--
			rest[y]--
		}
		if rest[v] > 0 {
			short = append(short, shortfall{v, rest[v]})
		}
	}
	return h.alterations(raise), short
}

// alterations returns H's pairs as additions (raise) or deletions, sorted.
func (h *pairing) alterations(raise bool) []Alteration {
	alts := make([]Alteration, 0, len(h.inH))
	for v, adj := range h.adj {
		for _, u := range adj {
			if int32(v) < u {
				alts = append(alts, Alteration{U: int32(v), V: u, Added: raise})
			}
		}
	}
	slices.SortFunc(alts, func(a, b Alteration) int {
		return cmp.Or(cmp.Compare(a.U, b.U), cmp.Compare(a.V, b.V))
	})
	return alts
}

// degreeGraph is what Liu and Terzi's plans read of a simple graph: its
// nodes, their degrees, their neighbours in ascending order and its
// edges. A graph.Graph, an adjacency and a withoutEdges view are.
type degreeGraph interface {
	NumNodes() int
	Degree(v int32) int
	Neighbors(v int32) []int32
	HasEdge(u, v int32) bool
}

// withoutEdges is a graph less some of its edges, read as a degreeGraph
// without a copy of the graph: only the nodes that lost edges have lists
// of their own.
type withoutEdges struct {
	g     degreeGraph
	lists map[int32][]int32 // the neighbours left to a node that lost some
}

// newWithoutEdges returns g less no edge.
func newWithoutEdges(g degreeGraph) *withoutEdges {
	return &withoutEdges{g: g, lists: map[int32][]int32{}}
}

// delete deletes the edge {u, v} if the view has it.
func (w *withoutEdges) delete(u, v int32) {
	if !w.HasEdge(u, v) {
		return
	}
	for _, x := range [2][2]int32{{u, v}, {v, u}} {
		nb, own := w.lists[x[0]]
		if !own {
			nb = slices.Clone(w.g.Neighbors(x[0]))
		}
		i, _ := slices.BinarySearch(nb, x[1])
		w.lists[x[0]] = slices.Delete(nb, i, i+1)
	}
}

func (w *withoutEdges) NumNodes() int { return w.g.NumNodes() }

func (w *withoutEdges) Degree(v int32) int { return len(w.Neighbors(v)) }

func (w *withoutEdges) Neighbors(v int32) []int32 {
	if nb, ok := w.lists[v]; ok {
		return nb
	}
	return w.g.Neighbors(v)
}

// HasEdge reports whether {u, v} is an edge of the view, by a binary
// search of u's list.
func (w *withoutEdges) HasEdge(u, v int32) bool {
	_, ok := slices.BinarySearch(w.Neighbors(u), v)
	return ok
}

// shortfall is a node that realizeDegrees could not give all its pairs.
type shortfall struct {
	node    int32
	missing int
}

func abs(x int) int { return max(x, -x) }

// pairing is the subgraph H of realizeDegrees.
type pairing struct {
	inH  map[graph.Edge]bool
	adj  [][]int32 // H's adjacency
	must []bool    // the node's degree must change
}

func (h *pairing) has(u, v int32) bool { return h.inH[graph.MakeEdge(u, v)] }

func (h *pairing) add(u, v int32) {
	h.inH[graph.MakeEdge(u, v)] = true
	h.adj[u] = append(h.adj[u], v)
	h.adj[v] = append(h.adj[v], u)
}

func (h *pairing) remove(u, v int32) {
	delete(h.inH, graph.MakeEdge(u, v))
	h.adj[u] = slices.DeleteFunc(h.adj[u], func(x int32) bool { return x == v })
	h.adj[v] = slices.DeleteFunc(h.adj[v], func(x int32) bool { return x == u })
}

// alternate looks, by breadth-first search, for a path from v whose pairs
// alternate between two kinds, the first pair of the first kind: candidate
// pairs outside H and pairs of H (fromH unset), or the other way round. It
// ends at a node y reached by a pair of the first kind with end(y), flips
// the path (pairs of H leave it, candidate pairs join it), so that v and y
// each gain one pair of H (fromH unset) or lose one (set) and inner nodes
// keep theirs, and returns y. The search marks nodes per parity and so
// ignores odd cycles (it is not a full b-matching algorithm); a path that
// would use a pair twice is not taken. With limit > 0 it gives up after
// reaching that many states.
func (h *pairing) alternate(v int32, fromH bool, candidates func(int32, func(int32) bool), end func(int32) bool, limit int) (int32, bool) {
	type state struct {
		node int32
		odd  bool // reached through a pair of the first kind
	}
	parent := map[state]state{{v, false}: {-1, false}}
	seen := func(s state) bool { _, ok := parent[s]; return ok }
	queue := []state{{v, false}}
	var last state
	found := false
	// reach records a step from x to y and reports whether the search stops.
	reach := func(x state, y int32) bool {
		s := state{y, !x.odd}
		if seen(s) {
			return false
		}
		parent[s] = x
		if s.odd && end(y) {
			last, found = s, true
			return true
		}
		queue = append(queue, s)
		return limit > 0 && len(parent) >= limit
	}
	for len(queue) > 0 && !found && (limit <= 0 || len(parent) < limit) {
		x := queue[0]
		queue = queue[1:]
		if x.odd == fromH { // candidate pairs outside H
			stop := false
			candidates(x.node, func(y int32) bool {
				if h.has(x.node, y) {
					return true
				}
				stop = reach(x, y)
				return !stop
			})
			continue
		}
		for _, z := range h.adj[x.node] {
			if reach(x, z) {
				break
			}
		}
	}
	if !found {
		return 0, false
	}
	// Collect the path's pairs and check that none repeats.
	type step struct {
		u, w int32
		add  bool
	}
	var path []step
	used := map[graph.Edge]bool{}
	for s := last; s.node != v || s.odd; s = parent[s] {
		p := parent[s]
		e := graph.MakeEdge(p.node, s.node)
		if used[e] {
			return 0, false
		}
		used[e] = true
		path = append(path, step{p.node, s.node, s.odd != fromH})
	}
	for _, st := range path {
		if st.add {
			h.add(st.u, st.w)
		} else {
			h.remove(st.u, st.w)
		}
	}
	return last.node, true
}

// planLiuTerzi returns the alterations that make g k-degree anonymous: the
// anonymized degree sequence realized by realizeDegrees. Additions probe
// when the construction gets stuck (probeLiuTerzi); deletions compare
// several plans (bestDeletions).
func planLiuTerzi(ctx context.Context, g degreeGraph, k int, raise, greedy bool, rng *rand.Rand, threads int) ([]Alteration, error) {
	if !raise {
		return bestDeletions(ctx, g, k, greedy, rng, threads)
	}
	return probeLiuTerzi(ctx, g, k, raise, greedy, rng)
}

// bestDeletions plans the deletion variant four ways, by probing and by
// planDeletions with its rules 0, 2 and 3 for choosing the neighbours whose
// demand grows (rule 1 took the most rounds, and without it the 17
// networks' total at k = 2, 5, 10 is no larger), up to threads at once (below 1:
// GOMAXPROCS); it takes the plan with the fewest deletions (the first of
// the four on ties) and restores what it can spare. The result does not
// depend on threads.
func bestDeletions(ctx context.Context, g degreeGraph, k int, greedy bool, rng *rand.Rand, threads int) ([]Alteration, error) {
	threads = graph.Threads(threads)
	deletionRules := []int{-1, 0, 2, 3} // −1: probing
	plans := make([][]Alteration, len(deletionRules))
	errs := make([]error, len(deletionRules))
	graph.ForChunks(len(deletionRules), 1, threads, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			if rule := deletionRules[i]; rule < 0 {
				plans[i], errs[i] = probeLiuTerzi(ctx, g, k, false, greedy, rng)
			} else {
				plans[i], errs[i] = planDeletions(ctx, g, k, greedy, rule)
			}
		}
	})
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	best := -1
	for i, p := range plans {
		if errs[i] == nil && (best < 0 || len(p) < len(plans[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil, fmt.Errorf("no realizable %d-anonymous degree sequence found in %d rounds", k, maxProbes)
	}
	return restoreDeletions(g, plans[best], k), nil
}

// restoreLimit bounds the states of every search of restoreDeletions.
const restoreLimit = 64

// restoreDeletions returns a plan of deletions with fewer deletions, when
// it finds some, that still makes g k-degree anonymous. It looks from every
// node a with deleted edges for an alternating path that starts with a
// deleted edge, goes on with a kept one and so on, and ends with a deleted
// edge at a node z: restoring the path's deleted edges and deleting its
// kept ones deletes one edge less, raises the degrees of a and z by one and
// leaves the inner nodes' as they were; it is taken when every degree is
// then still taken by k nodes or more (a single deleted edge is the
// shortest such path). It goes round until a pass finds nothing.
func restoreDeletions(g degreeGraph, alts []Alteration, k int) []Alteration {
	n := g.NumNodes()
	deg := make([]int, n)
	for v := range int32(n) {
		deg[v] = g.Degree(v)
	}
	h := &pairing{inH: make(map[graph.Edge]bool, len(alts)), adj: make([][]int32, n)}
	for _, a := range alts {
		h.add(a.U, a.V)
		deg[a.U]--
		deg[a.V]--
	}
	count := map[int]int{}
	for _, d := range deg {
		count[d]++
	}
	ok := func(d int) bool { return count[d] == 0 || count[d] >= k }
	move := func(v int32, by int) {
		count[deg[v]]--
		deg[v] += by
		count[deg[v]]++
	}
	// raisable reports whether raising a and z by one keeps the degrees
	// k-anonymous.
	raisable := func(a, z int32) bool {
		da, dz := deg[a], deg[z]
		move(a, 1)
		move(z, 1)
		good := ok(da) && ok(dz) && ok(da+1) && ok(dz+1)
		move(a, -1)
		move(z, -1)
		return good
	}
	neighbours := func(v int32, fn func(int32) bool) {
		for _, u := range g.Neighbors(v) {
			if !fn(u) {
				return
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for a := range int32(n) {
			for len(h.adj[a]) > 0 {
				z, found := h.alternate(a, true, neighbours, func(z int32) bool { return z != a && raisable(a, z) }, restoreLimit)
				if !found {
					break
				}
				move(a, 1)
				move(z, 1)
				changed = true
			}
		}
	}
	return h.alterations(false)
}

// probeLiuTerzi realizes the anonymized degree sequence and, when the
// construction gets stuck, probes as Liu and Terzi do: additions perturb
// the degree sequence (for every node left short, one more at as many
// random nodes it could be joined to as it misses edges), anonymize it
// again and retry. Deletions instead keep the part of the change that was
// realized, which only deletes edges between nodes that must lose degree,
// and anonymize the degrees of the result again; only when nothing could be
// realized do they add noise (one less at random neighbours of the nodes
// left short). Both give up after maxProbes rounds.
func probeLiuTerzi(ctx context.Context, g degreeGraph, k int, raise, greedy bool, rng *rand.Rand) ([]Alteration, error) {
	n := g.NumNodes()
	var cur degreeGraph = g // the graph with the deletions so far (a view once there are some)
	var less *withoutEdges
	var done []Alteration
	noise := make([]int, n)
	deg := make([]int, n)
	for range maxProbes + 1 {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for v := range int32(n) {
			deg[v] = cur.Degree(v) + noise[v]
		}
		target, _, err := degreeTargets(deg, k, raise, greedy)
		if err != nil {
			return nil, err
		}
		alts, short := realizeDegrees(cur, target, raise)
		if len(short) == 0 {
			return append(done, alts...), nil
		}
		if !raise && len(alts) > 0 {
			if less == nil {
				less = newWithoutEdges(g)
				cur = less
			}
			for _, a := range alts {
				less.delete(a.U, a.V)
			}
			done = append(done, alts...)
			clear(noise)
			continue
		}
		// Noise where it can help: at random nodes that a node left short
		// may pair with (non-neighbours to add to, neighbours to delete
		// from), so that it may get partners.
		var near []int32
		for _, sh := range short {
			near = near[:0]
			for u := range int32(n) {
				if u != sh.node && cur.HasEdge(sh.node, u) != raise {
					near = append(near, u)
				}
			}
			if len(near) == 0 {
				near = append(near, int32(rng.IntN(n)))
			}
			for i := range min(sh.missing, len(near)) {
				j := i + rng.IntN(len(near)-i)
				near[i], near[j] = near[j], near[i]
				switch v := near[i]; {
				case raise && deg[v] < n-1:
					noise[v]++
				case !raise && deg[v] > 0:
					noise[v]--
				}
			}
		}
	}
	return nil, fmt.Errorf("no realizable %d-anonymous degree sequence found in %d rounds", k, maxProbes)
}

// runLiuTerzi is the start of the Liu–Terzi strategies: it plans every
// alteration of the partition's graph at once (planLiuTerzi) and, when the
// plan fits the budget, applies it through the partition and records it
// as the released state, one row after the input's. With no plan (also
// when ctx ends first: the run then says whether it was interrupted or
// timed out), or one over the budget, the input stays the release. greedy
// plans with the paper's greedy grouping. It reports whether it applied a
// plan.
func runLiuTerzi(ctx context.Context, st *state, greedy bool, rng *rand.Rand, rec *recorder) bool {
	p, cfg, res := st.p, st.cfg, rec.res
	start := time.Now()
	alts, err := planLiuTerzi(ctx, p.Graph(), cfg.K, cfg.Operation == Add, greedy, rng, cfg.Threads)
	tSel := time.Since(start)
	if err != nil || len(alts) > cfg.Budget {
		return false
	}
	for _, a := range alts {
		if a.Added {
			p.AddEdge(a.U, a.V)
		} else {
			p.DeleteEdge(a.U, a.V)
		}
	}
	p.Update()
	res.Alterations = MakeAlterations(alts...)
	rec.record(PhaseStrategy, p.NotAnonymous(), tSel, time.Since(start)-tSel)
	// The plan is the release: it makes every degree k-anonymous.
	res.Best = len(res.Trace) - 1
	return true
}

// planDeletions plans the deletion variant with demands: every node v has a
// demand lb(v), a number of edges it must lose, and the degree sequence
// anonymized is deg − lb (targets at most it, of even total change, which
// deletions need). When the realization leaves a node v short of s
// partners, s of its neighbours not yet paired with it have their demand
// raised to one more than their planned decrease, so that they can pair
// with v; the sequence is anonymized again. Demands only grow, so this
// ends; it gives up after maxProbes rounds. The rule chooses the
// neighbours: by ascending target (rule 0) or descending (1); rules 2 and
// 3 first prefer, in that order, the neighbours whose target can drop by
// one without leaving a class of k or fewer or landing outside a class.
func planDeletions(ctx context.Context, g degreeGraph, k int, greedy bool, rule int) ([]Alteration, error) {
	high, mind := rule&1 != 0, rule&2 != 0
	n := g.NumNodes()
	lb := make([]int, n)
	up := make([]int, n)
	for range maxProbes {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for v := range int32(n) {
			up[v] = g.Degree(v) - lb[v]
		}
		target, _, err := anonymizeDegrees(up, k, targetOptions{greedy: greedy, even: true})
		if err != nil {
			return nil, err
		}
		alts, short := realizeDegrees(g, target, false)
		if len(short) == 0 {
			return alts, nil
		}
		paired := make(map[graph.Edge]bool, len(alts))
		for _, a := range alts {
			paired[graph.MakeEdge(a.U, a.V)] = true
		}
		cnt := map[int]int{}
		for _, x := range target {
			cnt[x]++
		}
		// breaks is 1 if lowering w's target by one leaves a class of k
		// or fewer or lands outside a class, else 0.
		breaks := func(w int32) int {
			if cnt[target[w]] > k && cnt[target[w]-1] >= k {
				return 0
			}
			return 1
		}
		for _, sh := range short {
			var nb []int32
			for _, w := range g.Neighbors(sh.node) {
				if !paired[graph.MakeEdge(sh.node, w)] && target[w] > 0 {
					nb = append(nb, w)
				}
			}
			slices.SortFunc(nb, func(a, b int32) int {
				by := cmp.Compare(target[a], target[b])
				if high {
					by = -by
				}
				if !mind {
					return cmp.Or(by, cmp.Compare(a, b))
				}
				return cmp.Or(cmp.Compare(breaks(a), breaks(b)), by, cmp.Compare(a, b))
			})
			for _, w := range nb[:min(sh.missing, len(nb))] {
				lb[w] = max(lb[w], g.Degree(w)-target[w]+1)
			}
		}
	}
	return nil, fmt.Errorf("no realizable %d-anonymous degree sequence found in %d rounds", k, maxProbes)
}
