package anonymize

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync/atomic"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/marks"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// scorer keeps the selection weights of a strategy over the edges of the
// current graph, indexed like the graph's edge array, and draws edges.
//
// In incremental mode (distance 1 and a measure whose affected set of {u, w}
// is {u, w} plus, for Intersection scope, their common neighbours) the
// weights are kept up to date by deleted and flipped, touching only the
// edges around a change. Otherwise refresh recomputes them all.
type scorer struct {
	g           *graph.Graph
	strat       selector    // the strategy (selectors.go, strategies.go)
	needs       weightNeeds // strat.needs()
	scope       measure.Scope
	d           int
	incremental bool
	finder      measure.AffectedFinder
	buf         []int32

	na    []bool    // na[v]: v is not k-anonymous, as the weights assume
	marks marks.Set // flip: marks on the neighbours of a node
	c     []int32   // edge → |A(e) ∩ NA|            (uao; ua until fused, see fused)
	aff   []int32   // edge → |A(e)|                 (aff)
	saved []int32   // selectEdges: the counts of the drawn edges (fused)
	sel   []int32   // selectEdges: the edges drawn, reused by every call

	// threads is the number of goroutines rebuild, deleteAll and flipAll
	// may use (below 2: one).
	threads int
	// shareMin is the least work that rebuild, deleteAll and flipAll
	// share (see the constant shareMin; tests lower it).
	shareMin    int
	flipOffs    []int        // flipAll: positions of the flipped nodes' neighbours
	flipWorkers []flipWorker // flipAll: per goroutine

	main sumTree // the strategy's weights (see weight)
	fill sumTree // unique, uao: 1 per edge without an end in NA (es, ua: see uniformFill)
	// drawn marks, during selectEdges, the edges drawn so far, where the
	// fill weight is uniform (es, ua).
	drawn drawnSet
	eu    int // unique, uao: number of edges with an end in NA
}

// newScorer returns the weights of the selector sel (a paper strategy's,
// paperStart) for the partition p's graph, measure and distance; na[v]
// tells whether v counts as not k-anonymous (it is copied). threads is the
// number of goroutines it may use (below 2: one).
func newScorer(p *partition.Partition, sel selector, na []bool, threads int) *scorer {
	sc := &scorer{
		g: p.Graph(), strat: sel, needs: sel.needs(), scope: p.Measure().Scope(), d: p.D(),
		na: slices.Clone(na), threads: threads, shareMin: shareMin,
	}
	// Weights that do not involve affected sets (es, degree, unique) and
	// affected sets of ends only are exact at any distance; the common
	// neighbour rule holds for Intersection scope at d = 1.
	needA := sc.needC() || sc.needAff()
	sc.incremental = !needA || sc.scope == measure.Endpoints || (sc.d == 1 && sc.scope == measure.Intersection)
	sc.rebuild()
	return sc
}

func (sc *scorer) needC() bool   { return sc.needs.counts }
func (sc *scorer) needAff() bool { return sc.needs.aff }
func (sc *scorer) needEu() bool  { return sc.needs.atNA }

// uniformFill reports that the fill weight is 1 for every edge not drawn
// yet (es, ua). Then no tree holds a weight per edge: a selection marks
// the edges it draws in drawn, whose k-th undrawn edge is the one a tree
// of unit weights would find for unit k, so the draws are the same, and
// deletions update nothing.
func (sc *scorer) uniformFill() bool { return sc.needs.uniformFill }

// drawFill draws an edge by fill weight among the edges not drawn yet in
// this selection; at least one must be left.
func (sc *scorer) drawFill(r *rand.Rand) int {
	if sc.uniformFill() {
		return sc.drawn.undrawn(r.Int64N(int64(sc.g.NumEdges() - sc.drawn.len())))
	}
	return sc.fill.find(r.Int64N(sc.fill.total()))
}

// unique reports whether edge i has an end that is not k-anonymous.
func (sc *scorer) unique(i int) bool {
	e := sc.g.Edge(i)
	return sc.na[e.U] || sc.na[e.V]
}

// fused reports that the counts c(e) live in the main tree's weights: under
// ua in incremental mode an edge's main weight is its count itself, so
// rebuild lets the tree adopt c and drops it (4 bytes per edge less).
func (sc *scorer) fused() bool { return sc.needs.fuseCounts && sc.c == nil }

// count returns c(e), the number of nodes of A(e) that are not k-anonymous,
// of edge i (ua, uao).
func (sc *scorer) count(i int) int32 {
	if sc.fused() {
		return int32(sc.main.get(i))
	}
	return sc.c[i]
}

// addCount adds d to c(e) of edge i and updates its main weight (ua, uao;
// the fill weight does not depend on c).
func (sc *scorer) addCount(i int, d int32) {
	if sc.fused() {
		sc.main.add(i, int64(d))
		return
	}
	sc.c[i] += d
	sc.refreshMain(i)
}

// weight returns the main and fill weights of edge i from the arrays.
func (sc *scorer) weight(i int) (main, fill int64) { return sc.strat.weight(sc, i) }

// rebuild recomputes every weight from scratch.
func (sc *scorer) rebuild() {
	m := sc.g.NumEdges()
	if sc.needC() {
		sc.c = append(sc.c[:0], make([]int32, m)...)
	}
	if sc.needAff() {
		sc.aff = append(sc.aff[:0], make([]int32, m)...)
	}
	if sc.needC() || sc.needAff() {
		sc.computeAffected()
	}
	sc.eu = 0
	if sc.needEu() {
		for i := range m {
			if sc.unique(i) {
				sc.eu++
			}
		}
	}
	if sc.uniformFill() {
		sc.drawn.reset(m)
	} else {
		sc.fill.build(m, func(i int) int64 { _, f := sc.weight(i); return f })
	}
	if sc.needs.fuseCounts && sc.incremental { // the tree takes over the counts
		sc.main.adopt(sc.c)
		sc.c = nil
		return
	}
	sc.main.build(m, func(i int) int64 { w, _ := sc.weight(i); return w })
}

// computeAffected fills c and aff for every edge.
func (sc *scorer) computeAffected() {
	g := sc.g
	na := func(v int32) int32 {
		if sc.na[v] {
			return 1
		}
		return 0
	}
	if sc.scope == measure.Everything {
		// Every edge affects every node (a Whole measure): the same
		// counts for all, found once instead of once per edge.
		var total int32
		for v := range int32(g.NumNodes()) {
			total += na(v)
		}
		for i := range g.NumEdges() {
			if sc.needAff() {
				sc.aff[i] = int32(g.NumNodes())
			}
			if sc.needC() {
				sc.c[i] = total
			}
		}
		return
	}
	if !sc.incremental {
		for i, e := range g.Edges() {
			sc.buf = sc.finder.Affected(sc.buf[:0], g, sc.scope, e.U, e.V, sc.d)
			if sc.needAff() {
				sc.aff[i] = int32(len(sc.buf))
			}
			if sc.needC() {
				for _, x := range sc.buf {
					sc.c[i] += na(x)
				}
			}
		}
		return
	}
	for i, e := range g.Edges() {
		if sc.needC() {
			sc.c[i] = na(e.U) + na(e.V)
		}
		if sc.needAff() {
			sc.aff[i] = 2
		}
	}
	if sc.scope != measure.Intersection {
		return
	}
	// One pass over the triangles adds the common neighbours, with
	// several goroutines on large graphs (atomic adds: the counts are the
	// same in any order).
	threads := 1
	if g.NumEdges() >= sc.shareMin {
		threads = sc.threads
	}
	add := func(x *int32, d int32) { *x += d }
	if threads > 1 {
		add = func(x *int32, d int32) { atomic.AddInt32(x, d) }
	}
	g.ForEachTriangleThreads(threads, func(_ int, a, b, c int32, ab, ac, bc int32) {
		if sc.needC() {
			for _, e := range [3][2]int32{{ab, c}, {ac, b}, {bc, a}} {
				if sc.na[e[1]] {
					add(&sc.c[e[0]], 1)
				}
			}
		}
		if sc.needAff() {
			add(&sc.aff[ab], 1)
			add(&sc.aff[ac], 1)
			add(&sc.aff[bc], 1)
		}
	})
}

// refreshEdge recomputes the tree weights of edge i from the arrays.
func (sc *scorer) refreshEdge(i int) {
	w, f := sc.weight(i)
	sc.main.set(i, w)
	if !sc.uniformFill() {
		sc.fill.set(i, f)
	}
}

// refreshMain recomputes the main weight of edge i after a change of its
// affected counts (c, aff) alone: the fill weight depends only on whether
// an end is not k-anonymous, which such a change leaves as it was.
func (sc *scorer) refreshMain(i int) {
	w, _ := sc.weight(i)
	sc.main.set(i, w)
}

// beginIteration prepares the weights for a selection.
func (sc *scorer) beginIteration() {
	if !sc.incremental {
		sc.rebuild()
	}
}

// selectEdges draws up to b edges without replacement and returns their
// indices in the order drawn. If b is at least the number of edges, it
// returns every edge. The slice returned is overwritten by the next call.
func (sc *scorer) selectEdges(r *rand.Rand, b int) []int32 {
	m := sc.g.NumEdges()
	out := slices.Grow(sc.sel[:0], min(b, m))
	defer func() { sc.sel = out }()
	if b >= m {
		for i := range m {
			out = append(out, int32(i))
		}
		return out
	}
	sc.saved = sc.saved[:0]
	take := func(i int) {
		out = append(out, int32(i))
		if sc.fused() {
			sc.saved = append(sc.saved, sc.count(i))
		}
		sc.main.set(i, 0)
		if sc.uniformFill() {
			sc.drawn.set(i, true)
		} else {
			sc.fill.set(i, 0)
		}
	}
	sc.strat.draw(sc, r, m, b, take)
	// Restore the weights of the drawn edges: they are removed properly
	// when deleted.
	for j, i := range out {
		if sc.uniformFill() {
			sc.drawn.set(int(i), false)
		}
		if sc.fused() {
			sc.main.set(int(i), int64(sc.saved[j]))
		}
		sc.refreshEdge(int(i))
	}
	return out
}

// deleteEdge deletes the edge {u, w} through the partition and updates the
// weights: the common neighbours' edges lose an affected node, the arrays
// and trees mirror the graph's swap-remove, and for the degree strategy the
// edges at u and w get their new minimum degree. {u, w} must be an edge.
func (sc *scorer) deleteEdge(p *partition.Partition, u, w int32) {
	g := sc.g
	var common []int32 // the common neighbours, when listed here
	if sc.incremental && sc.scope == measure.Intersection && (sc.needC() || sc.needAff()) {
		// Each common neighbour x loses w from A(u,x) and u from A(w,x).
		sc.buf = sc.buf[:0]
		// Only the counts that change need their weight refreshed: under
		// ua and uao, c(u,x) falls when w is not k-anonymous, c(w,x) when u
		// is not.
		aff := sc.needAff()
		cu, cw := sc.needC() && sc.na[w], sc.needC() && sc.na[u]
		g.CommonNeighborEdges(u, w, func(x, eu, ew int32) {
			sc.buf = append(sc.buf, x)
			iu, iw := int(eu), int(ew)
			if aff {
				sc.aff[iu]--
				sc.aff[iw]--
				sc.refreshMain(iu)
				sc.refreshMain(iw)
			}
			if cu {
				sc.addCount(iu, -1)
			}
			if cw {
				sc.addCount(iw, -1)
			}
		})
		common = sc.buf
		if common == nil {
			common = []int32{} // listed, and empty
		}
	}
	if sc.needEu() && (sc.na[u] || sc.na[w]) { // unique, before the deletion
		sc.eu--
	}
	last := g.NumEdges() - 1
	pos, _ := p.DeleteEdgeCommon(u, w, common) // the graph moves its last edge to pos
	if sc.needC() && !sc.fused() {
		sc.c[pos] = sc.c[last]
		sc.c = sc.c[:last]
	}
	if sc.needAff() {
		sc.aff[pos] = sc.aff[last]
		sc.aff = sc.aff[:last]
	}
	moved := sc.main.get(last) // fused: the count of the edge moving to pos
	sc.main.set(last, 0)
	if !sc.uniformFill() {
		sc.fill.set(last, 0)
	}
	if pos < last {
		if sc.fused() {
			sc.main.set(pos, moved)
		}
		sc.refreshEdge(pos)
	}
	if sc.needs.degrees {
		for _, x := range [2]int32{u, w} {
			for _, i := range g.IncidentEdges(x) {
				sc.refreshEdge(int(i))
			}
		}
	}
}

// shareMin is the default of scorer.shareMin, the least work shared with
// other goroutines, in three units: the edges of the graph whose triangles
// rebuild lists, the weight changes of a refresh, counted as the sum of the
// flipped nodes' degrees, for flipAll, and 64 times the edges deleted at
// once, for deleteAll. Below them, starting the goroutines costs more than
// they save.
const shareMin = 1 << 14

// shares reports whether the scorer may share its updates of the counts
// with other goroutines (deleteAll, flipAll): it has more than one thread,
// and the counts are ua's, kept in the tree (fused) and updated
// incrementally with Intersection scope.
func (sc *scorer) shares() bool {
	return sc.threads > 1 && sc.fused() && sc.incremental && sc.scope == measure.Intersection
}

// deleteAll deletes the edges that alts lists from index from on, which
// pos gives the positions of (a selection's, in the order drawn), exactly
// as deleteEdge would one after another. Under ua in incremental mode with
// Intersection scope and more than one thread, the partition deletes them
// at once (partition.Partition.DeleteEdgesAt): the triangles they destroy
// are listed on every thread, each remaining edge's count falls by one for
// every node not k-anonymous that stops being a common neighbour of its
// ends (by atomic adds), the positions move as one deletion after another
// would move them, and the adjacency lists are rewritten once each. The
// counts are those deleteEdge leaves: each is the number of nodes of A(e)
// not k-anonymous, which does not depend on the order of the deletions.
func (sc *scorer) deleteAll(p *partition.Partition, alts Alterations, from int, pos []int32) {
	if !sc.shares() || len(pos)*64 < sc.shareMin {
		for i := from; i < alts.Len(); i++ {
			a := alts.At(i)
			sc.deleteEdge(p, a.U, a.V)
		}
		return
	}
	na := sc.na
	p.DeleteEdgesAt(pos, sc.threads, func(e, x int32) {
		if na[x] {
			sc.main.addShared(int(e), -1)
		}
	}, sc.main.moveShared)
	sc.main.resync()
}

// flip records that node x became (na = true) or stopped being not
// k-anonymous, and updates the weights of the edges whose affected set
// holds x: the edges at x and, for Intersection scope, the edges between
// two neighbours of x.
func (sc *scorer) flip(x int32, na bool) {
	if sc.na[x] == na {
		return
	}
	g := sc.g
	inc := g.IncidentEdges(x)
	if sc.needEu() {
		for _, i := range inc {
			if sc.unique(int(i)) {
				sc.eu--
			}
		}
	}
	sc.na[x] = na
	if sc.needEu() {
		for _, i := range inc {
			if sc.unique(int(i)) {
				sc.eu++
			}
		}
	}
	if !sc.incremental {
		return // weights are rebuilt before the next selection
	}
	delta := int32(-1)
	if na {
		delta = 1
	}
	for _, i := range inc {
		if sc.fused() { // ua's fill weight does not depend on the ends
			sc.main.add(int(i), int64(delta))
			continue
		}
		if sc.needC() {
			sc.c[i] += delta
		}
		sc.refreshEdge(int(i))
	}
	if !sc.needC() || sc.scope != measure.Intersection {
		return
	}
	nx := g.Neighbors(x)
	sc.marks.Reset(g.NumNodes(), 1)
	for _, b := range nx {
		sc.marks.Mark(b)
	}
	edgesAmong(g, &sc.marks, x, 0, len(nx), func(e int32) {
		sc.addCount(int(e), delta) // its ends kept their status: x is not one
	})
}

// edgesAmong calls visit(e) for every edge e = {a, b} between two neighbours
// of x with a one of Neighbors(x)[lo:hi] and a < b, so that the ranges of a
// split of 0..Degree(x) visit every edge between two neighbours of x once.
// marked must hold marks on the neighbours of x. Per neighbour a it takes
// whichever costs less: a's list scanned against the marks, or x's list
// looked up by binary search in a's.
func edgesAmong(g *graph.Graph, marked *marks.Set, x int32, lo, hi int, visit func(e int32)) {
	nx := g.Neighbors(x)
	for _, a := range nx[lo:hi] {
		nb, ea := g.Neighbors(a), g.IncidentEdges(a)
		if len(nb) <= len(nx)*bits.Len(uint(len(nb))) {
			j, _ := slices.BinarySearch(nb, a+1)
			for ; j < len(nb); j++ {
				if marked.Marked(nb[j]) {
					visit(ea[j])
				}
			}
			continue
		}
		i, _ := slices.BinarySearch(nx, a+1)
		off, _ := slices.BinarySearch(nb, a+1)
		graph.Intersect(nx[i:], nb[off:], func(_, j int) { visit(ea[off+j]) })
	}
}

// flipAll records that the nodes vs, listed once each, flipped to na[v]
// (see flip). Under ua in incremental mode with Intersection scope, where a
// flip changes the count of every edge at the node and between two of its
// neighbours (on web networks, hubs with millions of such edges), several
// goroutines share the flips of an update when there are enough: each
// takes consecutive neighbours of the flipped nodes and adds to the counts
// atomically. The counts are sums of the same ±1 in any order, so the
// weights, and the run, do not depend on the number of goroutines.
func (sc *scorer) flipAll(vs []int32, na []bool) {
	if sc.shares() {
		offs, total := sc.flipOffs[:0], 0
		for _, v := range vs {
			offs = append(offs, total)
			if sc.na[v] != na[v] {
				total += sc.g.Degree(v)
			}
		}
		sc.flipOffs = append(offs, total)
		if total >= sc.shareMin {
			for _, v := range vs {
				sc.na[v] = na[v]
			}
			sc.flipShared(vs, sc.flipOffs, total, sc.threads)
			return
		}
	}
	for _, v := range vs {
		sc.flip(v, na[v])
	}
}

// flipWorker is one goroutine's state in flipShared: marks on the
// neighbours of the node it last worked on.
type flipWorker struct {
	marks  marks.Set
	marked int32 // the node whose neighbours are marked, or −1
}

// flipShared applies the flips of the nodes vs, whose flags sc.na already
// hold, with workers goroutines: position offs[i]+j of 0..total−1 stands
// for the j-th neighbour a of x = vs[i], up to offs[i+1] (nodes that did
// not flip take none), and changes the counts of the edge {x, a} and of the
// edges {a, b} to the neighbours b > a of x (edgesAmong), each by atomic
// adds, the tree resummed at the end.
func (sc *scorer) flipShared(vs []int32, offs []int, total, workers int) {
	g := sc.g
	if len(sc.flipWorkers) < workers {
		sc.flipWorkers = make([]flipWorker, workers)
	}
	for w := range sc.flipWorkers {
		sc.flipWorkers[w].marked = -1
	}
	graph.ForChunks(total, max(1024, total/(16*workers)), workers, func(w, lo, hi int) {
		fw := &sc.flipWorkers[w]
		// The node whose positions hold lo: the last to start at or
		// before it (nodes that did not flip have none).
		i, _ := slices.BinarySearch(offs, lo+1)
		i--
		for ; lo < hi; i++ {
			x, end := vs[i], offs[i+1]
			if end <= lo {
				continue
			}
			delta := int32(-1)
			if sc.na[x] {
				delta = 1
			}
			from, to := lo-offs[i], min(hi, end)-offs[i]
			for _, e := range g.IncidentEdges(x)[from:to] {
				sc.main.addShared(int(e), delta)
			}
			if fw.marked != x {
				fw.marks.Reset(g.NumNodes(), 1)
				for _, b := range g.Neighbors(x) {
					fw.marks.Mark(b)
				}
				fw.marked = x
			}
			edgesAmong(g, &fw.marks, x, from, to, func(e int32) { sc.main.addShared(int(e), delta) })
			lo = min(hi, end)
		}
	})
	sc.main.resync()
}
