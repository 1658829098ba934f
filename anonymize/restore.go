package anonymize

import (
	"context"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// maxPairPartners bounds the partners tried for each edge that cannot be
// restored alone.
const maxPairPartners = 32

// restoration re-adds deleted edges of a solution while the target stays
// met (run).
type restoration struct{ s *solution }

// run re-adds deleted edges while the target stays met (for a budgeted
// run: while no k-anonymous node is lost), first one at a time, then in
// pairs for the edges that cannot come back alone: an edge e that breaks
// the anonymity of some nodes is tried together with each deleted edge at
// those nodes or at e's ends. Every candidate is checked exactly and
// incrementally through the solution's moves. Single restorations are
// repeated while a pass restores anything, since a restored edge can make
// another restorable. It returns the number of edges restored.
//
// Candidates are tried in order of the degrees of their ends in the input,
// lowest first: an edge between low-degree nodes changes the signatures of
// fewer and more common nodes, so it is the likeliest to fit.
func (o restoration) run(ctx context.Context) int {
	s := o.s
	restored := 0
	// The order is fixed (input degrees, then ids), and no edge outside
	// the deleted set at the start is ever deleted here (a pair that fails
	// deletes its edge again), so the deleted edges are sorted once and
	// every pass skips the edges no longer deleted.
	order := o.order()
	progress := o.progress(len(order))
	// Singles, until a pass restores nothing.
	for {
		before := restored
		for i, id := range order {
			if ctx.Err() != nil {
				return restored
			}
			progress(i)
			if !s.ids.isDeleted(id) {
				continue // restored in an earlier pass
			}
			a0 := s.anonymous()
			if s.try(id, s.okMaxNA(a0), func(na, _ int) bool { return s.okAt(na, a0) }) {
				s.commit()
				restored++
			}
		}
		if restored == before {
			break
		}
	}
	// Pairs.
	var broken, partners []int32
	for i, id := range order {
		if ctx.Err() != nil {
			return restored
		}
		progress(i)
		if !s.ids.isDeleted(id) {
			continue // restored alone or as a partner
		}
		a0 := s.anonymous()
		s.apply(id)
		if s.ok(a0) { // possible after earlier pairs
			s.commit()
			restored++
			continue
		}
		s.commit()
		broken = s.broken(broken[:0], id)
		partners = partners[:0]
	collect:
		for _, x := range broken {
			for f := range s.in.incident(x) {
				if len(partners) == maxPairPartners {
					break collect // a hub has thousands
				}
				if f != id && s.ids.isDeleted(f) && !slices.Contains(partners, f) {
					partners = append(partners, f)
				}
			}
		}
		if _, found := s.tryEach(partners, s.okMaxNA(a0), func(na int) bool { return s.okAt(na, a0) }); found {
			restored += 2
		} else {
			s.reapply(id) // delete e again
		}
	}
	return restored
}

// progress returns the function that a pass of run calls before the i-th
// of the n deleted edges it tries: it reports every hundredth of them to
// Config.StageProgress (StageRestore), if set.
func (o restoration) progress(n int) func(i int) {
	report := o.s.cfg.StageProgress
	every := max(1, n/100)
	return func(i int) {
		if report != nil && i%every == 0 {
			report(StageRestore, i, n)
		}
	}
}

// order returns the deleted edges by the sum of their ends' degrees
// in the input, ties by id. It is a counting sort over one pass through
// the ids in increasing order, so that no edge's ends are searched for and
// nothing but the result is stored per edge.
func (o restoration) order() []int32 {
	s := o.s
	key := func(e graph.Edge) int { return s.in.degree(e.U) + s.in.degree(e.V) }
	var start []int32 // start[k]: where the edges of key k begin
	for _, e := range s.deletions() {
		k := key(e)
		if k+1 >= len(start) {
			start = append(start, make([]int32, k+2-len(start))...)
		}
		start[k+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	order := make([]int32, s.ids.numDeleted())
	for id, e := range s.deletions() {
		k := key(e)
		order[start[k]] = id
		start[k]++
	}
	return order
}
