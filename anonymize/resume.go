package anonymize

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/anonet-project/anonet/graph"
)

// ResumeContext is RunContext from an earlier release of g under the same
// target: the run starts from g less the edges deleted, in a row of its
// own (PhaseResume), and goes on with the strategy's refinement (or
// cfg.Refine), not with its start. It is how a run that was stopped, and
// wrote its best state so far, goes on later: the release keeps at least
// the earlier release's edges, since a run returns to its best state.
// Where g itself meets the target it is the release, as for RunContext.
//
// deleted must be edges of g, each once, within the budget, and g less
// them must meet the target; otherwise ResumeContext returns an error
// and leaves g unchanged. Only deleting runs on undirected graphs without
// layers resume: the earlier release must have been made by deletions.
func ResumeContext(ctx context.Context, g *graph.Graph, cfg Config, deleted []graph.Edge) (*Result, error) {
	return runFrom(ctx, g, cfg, func(*Config) start { return resumeStart{deleted} })
}

// resumeStart is the start of ResumeContext: the deletions of an earlier
// release, applied at once in a row of their own (PhaseResume). It checks
// them before altering anything.
type resumeStart struct {
	deleted []graph.Edge
}

func (s resumeStart) run(_ context.Context, r *runState) (*solution, error) {
	st, res := r.st, r.rec.res
	g := st.p.Graph()
	switch {
	case g.Typed():
		return nil, errors.New("anonymize: resuming a run on a directed or layered graph is not supported")
	case st.cfg.Operation != Delete:
		return nil, fmt.Errorf("anonymize: only a run that deletes can resume, not one that %ss", st.cfg.Operation)
	case len(s.deleted) > st.cfg.Budget:
		return nil, fmt.Errorf("anonymize: %w: the release to resume from deletes %d edges, more than the budget of %d", ErrNotResumable, len(s.deleted), st.cfg.Budget)
	}
	sorted := make([]graph.Edge, len(s.deleted))
	for i, e := range s.deleted {
		sorted[i] = graph.MakeEdge(e.U, e.V)
	}
	slices.SortFunc(sorted, compareEdges)
	for i, e := range sorted {
		if e.U < 0 || int(e.V) >= g.NumNodes() || !g.HasEdge(e.U, e.V) || i > 0 && sorted[i-1] == e {
			return nil, fmt.Errorf("anonymize: %w: the release to resume from deletes {%d, %d}, which is not an edge of the input or is deleted twice", ErrNotResumable, e.U, e.V)
		}
	}
	t := time.Now()
	for _, e := range s.deleted {
		res.Alterations.Append(Alteration{U: e.U, V: e.V})
		st.p.DeleteEdge(e.U, e.V)
	}
	st.p.Update()
	if err := st.refresh(nil); err != nil {
		return nil, err
	}
	if !res.meets(st.notAnonymous) {
		// Back to the input, as the caller found it.
		undoAlterations(st.p, res, 0)
		return nil, fmt.Errorf("anonymize: %w: %d nodes are not %d-anonymous, %d may be (a run stopped before it met the target is best run again)", ErrResumeUnmet, st.notAnonymous, st.cfg.K, g.NumNodes()-res.Target)
	}
	r.rec.record(PhaseResume, st.notAnonymous, 0, time.Since(t))
	return nil, nil
}

// ErrResumeUnmet is wrapped by the error of ResumeContext where the release
// to resume from does not meet the target.
var ErrResumeUnmet = errors.New("the release to resume from does not meet the target")

// ErrNotResumable is wrapped by the error of ResumeContext and LeanResume
// where the release to resume from is not the input less some of its
// edges, within the budget: one of its edges is not the input's or is
// given twice, or it deletes more than the budget allows.
var ErrNotResumable = errors.New("not a release of the input made by deleting edges within the budget")
