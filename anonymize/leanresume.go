package anonymize

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/anonet-project/anonet/graph"
)

// LeanResume is ResumeContext for the lean path: it goes on from an
// earlier release of the graph that deg and edges give (as for LeanCut),
// whose edges kept lists by the input's node ids, and restores it as
// LeanCut restores the cut's release (Config.Refine Restore, full
// variant, Strategy Cut), without a graph.Graph or a partition. The
// release is the one ResumeContext makes from the same release under the
// same configuration, edge for edge; it keeps at least kept's edges.
//
// kept is sorted in place. Every edge of it must be an edge of the input,
// given once, its deletions within the budget (else an error wrapping
// ErrNotResumable), and the release must meet the target (else an error
// wrapping ErrResumeUnmet); edges is read once.
// Config.TimeLimit and the end of ctx end the restoration with what it
// restored by then, as for LeanCut. Beside the input's adjacency it takes
// what LeanCut's restoration takes, and, while the release's triangles are
// counted, its forward orientation (4 bytes per kept edge).
func LeanResume(ctx context.Context, deg []int32, edges graph.EdgeStream, kept []graph.Edge, cfg Config) (*LeanRelease, error) {
	t := time.Now()
	n, m, cfg, err := leanConfig(deg, cfg)
	switch {
	case err != nil:
		return nil, err
	case cfg.Strategy != Cut || cfg.Refine != Restore || cfg.Variant != Full:
		return nil, fmt.Errorf("anonymize: LeanResume restores in the full variant of strategy %s, not %s, refinement %s, variant %s", Cut, cfg.Strategy, cfg.Refine, cfg.Variant)
	case m-len(kept) > cfg.Budget:
		return nil, fmt.Errorf("anonymize: %w: the release to resume from deletes %d edges, more than the budget of %d", ErrNotResumable, m-len(kept), cfg.Budget)
	}
	if cfg.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.TimeLimit)
		defer cancel()
	}
	for i, e := range kept {
		kept[i] = graph.MakeEdge(e.U, e.V)
	}
	slices.SortFunc(kept, compareEdges)
	a, err := newAdjacencyOf(deg, edges)
	if err != nil {
		return nil, fmt.Errorf("anonymize: reading the edges: %w", err)
	}
	// The input's edges by id are those of a in ascending order of
	// (U, V), as kept is: one merge marks the ids kept.
	bits := newBitSet(m)
	j, id := 0, 0
	for u := range int32(n) {
		nb := a.Neighbors(u)
		i, _ := slices.BinarySearch(nb, u+1)
		for _, v := range nb[i:] {
			for ; j < len(kept) && compareEdges(kept[j], graph.Edge{U: u, V: v}) < 0; j++ {
				if err := notInput(kept, j); err != nil {
					return nil, err
				}
			}
			if j < len(kept) && kept[j] == (graph.Edge{U: u, V: v}) {
				bits.set(id)
				j++
			}
			id++
		}
	}
	if j < len(kept) {
		return nil, notInput(kept, j)
	}
	deleted := m - len(kept)
	kept = nil // the caller's copy is the caller's to drop
	st, err := newLeanState(a, bits, &cfg, true)
	if err != nil {
		return nil, err
	}
	bits = nil
	if st.anonymous() < st.target {
		return nil, fmt.Errorf("anonymize: %w: %d nodes are not %d-anonymous, %d may be (a run stopped before it met the target is best run again)", ErrResumeUnmet, st.na, cfg.K, n-st.target)
	}
	r := &LeanRelease{adj: a, input: m, cfg: cfg, took: time.Since(t), resumed: true}
	r.cut.deleted, r.cut.notAnonymous, r.cut.unique = deleted, st.na, st.unique()
	r.restoreFrom(ctx, st, time.Now())
	return r, nil
}

// notInput returns the error of a release to resume from whose edge
// kept[j] is not an edge of the input, or repeats kept[j−1].
func notInput(kept []graph.Edge, j int) error {
	e := kept[j]
	if j > 0 && kept[j-1] == e {
		return fmt.Errorf("anonymize: %w: the release to resume from has the edge {%d, %d} (by the input's ids) twice", ErrNotResumable, e.U, e.V)
	}
	return fmt.Errorf("anonymize: %w: the release to resume from has the edge {%d, %d} (by the input's ids), which is not an edge of the input", ErrNotResumable, e.U, e.V)
}
