package graph

// A batch of deletions: many edges deleted at once, with the result of
// deleting them one after another. Only the edges' positions depend on the
// order (each deletion moves the last edge into the deleted one's place);
// the neighbours left, the triangles lost and the nodes touched depend
// only on the set of edges. So the order is replayed on the edge array
// alone, in O(edges deleted), and the adjacency lists, which hold the
// positions too, are then rewritten per node in parallel.

import (
	"math/bits"
	"slices"
)

// positionSet is a set of edge positions (or node ids), one bit each.
type positionSet []uint64

// newPositionSet returns a set over 0..n−1 holding the positions pos.
func newPositionSet(n int, pos []int32) positionSet {
	s := make(positionSet, (n+63)/64)
	for _, i := range pos {
		s.add(i)
	}
	return s
}

func (s positionSet) add(i int32)           { s[i>>6] |= 1 << (i & 63) }
func (s positionSet) contains(i int32) bool { return s[i>>6]&(1<<(i&63)) != 0 }

// appendMembers appends the members of s to dst in ascending order.
func (s positionSet) appendMembers(dst []int32) []int32 {
	for w, x := range s {
		for x != 0 {
			b := x & -x
			dst = append(dst, int32(w<<6+bits.TrailingZeros64(b)))
			x ^= b
		}
	}
	return dst
}

// CommonEdge is a common neighbour X of the ends u and w of an edge, with
// the positions EU of the edge {u, X} and EW of {w, X} in the edge array
// (see DeleteEdgesAt for −1).
type CommonEdge struct{ X, EU, EW int32 }

// lostTriangles calls visit(u, w, lost) for each edge {u, w} at the
// positions pos, which del holds, with the triangles through it that
// deleting all those edges destroys and that are not reported with another
// of them: each such triangle {u, w, x} is reported once, with its deleted
// edge of the smallest position, as lost's entry for x, with EU or EW −1
// where that edge is deleted too. visit is called from up to threads
// goroutines at once, in no particular order, and lost is valid only
// during the call. The graph is only read.
//
// The edges are taken grouped by their end of higher degree. Where a hub
// loses many edges at once, its neighbours are marked once (4 bytes per
// node of scratch per goroutine) and each other end's list is scanned
// against the marks, instead of intersecting the hub's list again for
// every edge; elsewhere the lists are intersected.
func (g *Graph) lostTriangles(pos []int32, del positionSet, threads int, visit func(u, w int32, lost []CommonEdge)) {
	keys := make([]uint64, len(pos)) // per edge: its end of higher degree, its position
	for i, s := range pos {
		e := g.edges[s]
		a := e.U
		if len(g.adj[e.V]) > len(g.adj[a]) {
			a = e.V
		}
		keys[i] = uint64(a)<<32 | uint64(s)
	}
	slices.Sort(keys)
	workers := Workers(threads, len(pos)/64)
	type scratch struct {
		buf  []CommonEdge
		mark []int32 // mark[x]: 1 + the position of {a, x} for the marked hub a, or 0
	}
	ws := make([]scratch, workers)
	ForChunks(len(keys), max(16, len(keys)/(32*workers)), workers, func(wk, lo, hi int) {
		sc := &ws[wk]
		var s int32 // the position of the edge listed
		keep := func(x, eu, ew int32) {
			du, dw := del.contains(eu), del.contains(ew)
			if du && eu < s || dw && ew < s {
				return // reported with that edge
			}
			if du {
				eu = -1
			}
			if dw {
				ew = -1
			}
			sc.buf = append(sc.buf, CommonEdge{x, eu, ew})
		}
		for i := lo; i < hi; {
			a := int32(keys[i] >> 32)
			j, cost, scan := i, 0, 0 // the group's end, and the steps of either way
			for ; j < hi && int32(keys[j]>>32) == a; j++ {
				d := g.Degree(g.edges[uint32(keys[j])].other(a))
				cost += IntersectCost(g.Degree(a), d)
				scan += d
			}
			marked := 2*g.Degree(a)+scan < cost
			if marked {
				if sc.mark == nil {
					sc.mark = make([]int32, len(g.adj))
				}
				for k, x := range g.Neighbors(a) {
					sc.mark[x] = g.IncidentEdges(a)[k] + 1
				}
			}
			for _, key := range keys[i:j] {
				s = int32(uint32(key))
				e := g.edges[s]
				sc.buf = sc.buf[:0]
				switch w := e.other(a); {
				case !marked:
					g.CommonNeighborEdges(e.U, e.V, keep)
				case a == e.U:
					for k, x := range g.Neighbors(w) {
						if m := sc.mark[x]; m != 0 {
							keep(x, m-1, g.IncidentEdges(w)[k])
						}
					}
				default:
					for k, x := range g.Neighbors(w) {
						if m := sc.mark[x]; m != 0 {
							keep(x, g.IncidentEdges(w)[k], m-1)
						}
					}
				}
				visit(e.U, e.V, sc.buf)
			}
			if marked {
				for _, x := range g.Neighbors(a) {
					sc.mark[x] = 0
				}
			}
			i = j
		}
	})
}

// DeleteEdgesAt deletes the edges at the positions pos (distinct positions
// of edges) and leaves the graph exactly as DeleteEdgeIndex would, called
// for them one after another in the order listed: the same adjacency and
// the same edge array. It uses up to threads goroutines (threads < 1 means
// one).
//
// lost, if not nil, is called first, before any edge goes, for each edge
// {u, w} at the positions pos with the triangles through it that the
// deletions destroy and that are not reported with another of them: each
// such triangle {u, w, x} is reported once, with its deleted edge of the
// smallest position, as lost's entry for x, with the positions EU of
// {u, x} and EW of {w, x}, or −1 where that edge is deleted too. (Deleted
// one after another, the edges would meet the same triangles: each goes
// when its first edge does.) lost is called from any of the goroutines at
// once, in no particular order, and its slice is valid only during the
// call.
//
// moved, if not nil, is called for every deletion in the order listed
// with the position p the edge had then and the last position, whose edge
// DeleteEdgeIndex moves to p (p == last: none moves), on the calling
// goroutine. The adjacency lists of the nodes concerned are then
// rewritten in parallel, each in one pass however many of its edges go.
func (g *Graph) DeleteEdgesAt(pos []int32, threads int, lost func(u, w int32, common []CommonEdge), moved func(p, last int)) {
	m, b := len(g.edges), len(pos)
	if b == 0 {
		return
	}
	del := newPositionSet(m, pos)
	if lost != nil {
		g.lostTriangles(pos, del, threads, lost)
	}
	g.version++
	touched := make(positionSet, (len(g.adj)+63)/64)
	// Only the last b positions' edges can move: where[t] is the position
	// now of the edge that was at tail+t, at[t] the position then of the
	// edge now at tail+t (always one of those: an edge before tail never
	// moves, and edges only move down).
	tail := m - b
	where, at := make([]int32, b), make([]int32, b)
	for t := range b {
		where[t], at[t] = int32(tail+t), int32(tail+t)
	}
	last := int32(m - 1)
	for _, s := range pos {
		p := s
		if s >= int32(tail) {
			p = where[s-int32(tail)]
		}
		if moved != nil {
			moved(int(p), int(last))
		}
		gone := g.edges[p]
		touched.add(gone.U)
		touched.add(gone.V)
		if g.t != nil && g.t.kind != nil {
			g.t.remove(gone, int(p), int(last))
		}
		if p != last {
			q := at[last-int32(tail)]
			g.edges[p] = g.edges[last]
			where[q-int32(tail)] = p
			if p >= int32(tail) {
				at[p-int32(tail)] = q
			}
		}
		last--
	}
	g.edges = g.edges[:tail]
	for t, p := range where {
		if q := int32(tail + t); p != q && !del.contains(q) {
			e := g.edges[p]
			touched.add(e.U)
			touched.add(e.V)
		}
	}
	nodes := touched.appendMembers(nil)
	workers := Workers(threads, len(nodes)/64)
	ForChunks(len(nodes), max(16, len(nodes)/(32*workers)), workers, func(_, lo, hi int) {
		for _, v := range nodes[lo:hi] {
			a := g.adj[v]
			d, k := len(a)/2, 0
			for i := range d {
				q := a[d+i]
				if del.contains(q) {
					continue
				}
				if q >= int32(tail) {
					q = where[q-int32(tail)]
				}
				// k <= i: both entries written were read already.
				a[k], a[d+k] = a[i], q
				k++
			}
			copy(a[k:2*k], a[d:d+k])
			g.adj[v] = a[:2*k]
		}
	})
}
