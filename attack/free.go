package attack

import (
	"fmt"
	"math"

	"github.com/anonet-project/anonet/graph"
)

// freeLists holds the neighbours of every node of one graph with the
// unmatched ones first, so that scoring visits only candidates: once most
// of a graph is matched, most neighbours are not (on enron-email, 79% to
// 86% of the neighbours that scoring would visit).
type freeLists struct {
	start []int32 // node v's neighbours fill the slots start[v] .. start[v+1]−1
	free  []int32 // of which the first free[v] hold the unmatched ones
	nbr   []int32 // the neighbour in each slot
	twin  []int32 // twin[i]: the slot of the same edge in the list of nbr[i]
}

// newFreeLists returns the lists of g with every node unmatched.
func newFreeLists(g *graph.Graph) (freeLists, error) {
	n, m := g.NumNodes(), g.NumEdges()
	if 2*int64(m) > math.MaxInt32 {
		return freeLists{}, fmt.Errorf("attack: %d edges are more than the attack handles (%d)", m, math.MaxInt32/2)
	}
	l := freeLists{start: make([]int32, n+1), free: make([]int32, n), nbr: make([]int32, 2*m), twin: make([]int32, 2*m)}
	first := make([]int32, m) // per edge: its first slot, plus one
	slot := int32(0)
	for v := range int32(n) {
		l.start[v] = slot
		l.free[v] = int32(g.Degree(v))
		edges := g.IncidentEdges(v)
		for i, w := range g.Neighbors(v) {
			l.nbr[slot] = w
			if e := edges[i]; first[e] == 0 {
				first[e] = slot + 1
			} else {
				l.twin[slot], l.twin[first[e]-1] = first[e]-1, slot
			}
			slot++
		}
	}
	l.start[n] = slot
	return l, nil
}

// unmatched returns the unmatched neighbours of v, in no particular order.
// The slice is valid until the next change.
func (l *freeLists) unmatched(v int32) []int32 {
	return l.nbr[l.start[v] : l.start[v]+l.free[v]]
}

// setMatched moves v out of the unmatched part of its neighbours' lists
// (matched) or back into it (not matched); v must be in the other part.
func (l *freeLists) setMatched(v int32, matched bool) {
	for i := l.start[v]; i < l.start[v+1]; i++ {
		w, at := l.nbr[i], l.twin[i]
		to := l.start[w] + l.free[w] // the first matched slot of w
		if matched {
			to--
			l.free[w]--
		} else {
			l.free[w]++
		}
		l.swap(at, to)
	}
}

// swap exchanges the neighbours in slots i and j of one list.
func (l *freeLists) swap(i, j int32) {
	if i == j {
		return
	}
	l.nbr[i], l.nbr[j] = l.nbr[j], l.nbr[i]
	l.twin[i], l.twin[j] = l.twin[j], l.twin[i]
	l.twin[l.twin[i]], l.twin[l.twin[j]] = i, j
}
