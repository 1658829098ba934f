package anonymize

import (
	"context"

	"github.com/anonet-project/anonet/graph"
)

// fullStartMaxEdges is the most edges of a network on which a partial or
// budgeted run also refines the full variant's release (fullStart): there
// the full run's search of small graphs (the searches from the input and
// the exact large-neighbourhood search) can find releases that the other
// variants' own strategy and refinement miss (karate, 95%: 65-67 edges
// kept against the full run's 67-68 before it; within a budget of 14, seed
// 1 missed full anonymity), and a full run costs about a second.
const fullStartMaxEdges = 1000

// fullStart makes the full variant's release the start of a partial or
// budgeted run's refinement where it is better (run).
type fullStart struct{ s *solution }

// applies reports whether a partial or budgeted run refines the
// full variant's release too: on untyped networks of at most
// fullStartMaxEdges edges, deleting.
func (o fullStart) applies() bool {
	s := o.s
	return (s.cfg.Variant == Partial || s.cfg.Variant == Budgeted) && s.ties == nil && s.cfg.Operation == Delete && s.in.len() <= fullStartMaxEdges
}

// run makes the release that the full variant gives under the same
// configuration and seed the refinement's start when it is better than the
// current state: it meets every partial target, and every budgeted one
// whose budget it fits, so the run, which restores from it and never
// loses what it has, does at least as well as the full run (a weaker
// target never gives a worse release). It reports the number of edges
// restored from it and true if it was taken; otherwise the solution
// returns exactly to the state it was in (solution.returnTo).
func (o fullStart) run(ctx context.Context) (int, bool) {
	s := o.s
	g0, _, err := graph.FromEdges(s.n, s.in.edges(), nil) // ids are the input's order
	if err != nil {
		return 0, false
	}
	cfg := *s.cfg
	cfg.Variant, cfg.Alpha, cfg.Budget = Full, 0, 0
	cfg.Progress, cfg.StageProgress, cfg.Twins, cfg.TimeLimit = nil, nil, false, 0 // ctx carries the deadline
	res, err := RunContext(ctx, g0, cfg)
	if err != nil || !res.TargetReached || ctx.Err() != nil || s.in.len()-res.EdgesAfter > s.cfg.Budget {
		return 0, false
	}
	from := s.mark()
	var dels []int32
	for id := range int32(s.in.len()) {
		if e := s.in.edge(id); !g0.HasEdge(e.U, e.V) {
			dels = append(dels, id)
		}
	}
	a0, d0 := s.anonymous(), s.ids.numDeleted()
	s.moveTo(dels)
	restored := restoration{s: s}.run(ctx)
	if s.better(s.anonymous(), s.ids.numDeleted(), a0, d0) {
		return restored, true
	}
	s.returnTo(from)
	return 0, false
}
