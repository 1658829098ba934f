package anonymize

import (
	"cmp"
	"context"
	"slices"
)

// maxPairPartners bounds the partners tried for each edge that cannot be
// restored alone.
const maxPairPartners = 32

// restore re-adds deleted edges while the target stays met (for a budgeted
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
func (s *solution) restore(ctx context.Context) int {
	restored := 0
	deg := func(id int32) int {
		e := s.orig[id]
		return len(s.incident(e.U)) + len(s.incident(e.V))
	}
	order := func() []int32 {
		ids := slices.Clone(s.del.list)
		slices.SortFunc(ids, func(a, b int32) int {
			if c := cmp.Compare(deg(a), deg(b)); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		return ids
	}
	// Singles, until a pass restores nothing.
	for {
		before := restored
		for _, id := range order() {
			if ctx.Err() != nil {
				return restored
			}
			a0 := s.anonymous()
			s.apply(id)
			if s.ok(a0) {
				s.commit()
				restored++
			} else {
				s.undo()
			}
		}
		if restored == before {
			break
		}
	}
	// Pairs.
	var broken, partners []int32
	for _, id := range order() {
		if ctx.Err() != nil {
			return restored
		}
		if !s.del.has(id) {
			continue // restored as a partner
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
		for _, x := range broken {
			for _, f := range s.incident(x) {
				if f != id && s.del.has(f) && !slices.Contains(partners, f) {
					partners = append(partners, f)
				}
			}
			if len(partners) >= maxPairPartners {
				break
			}
		}
		if _, found := s.tryEach(partners[:min(len(partners), maxPairPartners)], func() bool { return s.ok(a0) }); found {
			restored += 2
		} else {
			s.apply(id) // delete e again
			s.commit()
		}
	}
	return restored
}
