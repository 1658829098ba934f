package anonymize

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// TestLeanResume: LeanResume's release is ResumeContext's from the same
// earlier release under Strategy Cut restored, edge for edge, with the
// same rows and refinement down to the number of evaluations, on the
// cut's test graphs and dense blocks, under count and edgecount at k = 2
// and 3: from the cut's release (no triangles), which it restores as
// LeanCut restores it, and from the restored release (with triangles,
// counted when the state is made). Where ResumeContext takes the
// k-automorphic start instead (LeanResume does not) the case is skipped.
func TestLeanResume(t *testing.T) {
	graphs := cutTestGraphs()
	r := rand.New(rand.NewPCG(7, 3))
	for i := range 4 {
		graphs[fmt.Sprintf("blocks%d", i)] = blocksGraph(r, 6+2*i, 8+i, 0.6, 0.05)
	}
	compared, withTriangles, skipped := 0, 0, 0
	for name, g := range graphs {
		for _, k := range []int{2, 3} {
			for _, m := range []measure.Measure{measure.Count{}, measure.EdgeCount{}} {
				cut := Config{Strategy: Cut, Measure: m, K: k, Variant: Full, Seed: 1}
				restore := cut
				restore.Refine = Restore
				h := g.Clone()
				res, err := RunContext(context.Background(), h, cut)
				if err != nil {
					t.Fatal(err)
				}
				if res.Trace[0].NotKAnonymous == 0 {
					continue
				}
				direct := g.Clone()
				dres, err := RunContext(context.Background(), direct, restore)
				if err != nil {
					t.Fatal(err)
				}
				for _, from := range []*graph.Graph{h, direct} {
					var deleted []graph.Edge
					for _, e := range g.SortedEdges() {
						if !from.HasEdge(e.U, e.V) {
							deleted = append(deleted, e)
						}
					}
					usual := g.Clone()
					ures, err := ResumeContext(context.Background(), usual, restore, deleted)
					if err != nil {
						t.Fatalf("%s, k = %d, %s: ResumeContext: %v", name, k, m.Name(), err)
					}
					if ures.Refinement.Start != StartStrategy {
						skipped++
						continue
					}
					deg, edges := leanInput(g)
					lean, err := LeanResume(context.Background(), deg, edges, from.SortedEdges(), restore)
					if err != nil {
						t.Fatalf("%s, k = %d, %s: LeanResume: %v", name, k, m.Name(), err)
					}
					got := slices.Collect(lean.Edges())
					if want := usual.SortedEdges(); !slices.Equal(got, want) {
						t.Errorf("%s, k = %d, %s: LeanResume keeps %d edges, ResumeContext %d", name, k, m.Name(), len(got), len(want))
						continue
					}
					compared++
					if from == direct {
						withTriangles++
					} else if dres.Refinement.Start == StartCut && !slices.Equal(got, direct.SortedEdges()) {
						// Resumed from the cut's release, the restoration
						// is LeanCut's, move for move.
						t.Errorf("%s, k = %d, %s: resumed from the cut's release, %d edges; restored at once, %d", name, k, m.Name(), len(got), direct.NumEdges())
					}
					lres := lean.Result(ures.Trace[0].NotKAnonymous, ures.Trace[0].Unique)
					if !lres.TargetReached {
						t.Errorf("%s, k = %d, %s: the lean result misses the target", name, k, m.Name())
					}
					sameLeanResult(t, fmt.Sprintf("%s, k = %d, %s, resumed", name, k, m.Name()), lres, ures)
					if err := lean.Check(k); err != nil {
						t.Errorf("%s, k = %d, %s: %v", name, k, m.Name(), err)
					}
				}
			}
		}
	}
	t.Logf("%d resumed releases compared (%d from releases with triangles), %d skipped", compared, withTriangles, skipped)
	if compared < 20 || withTriangles < 10 || compared < 4*skipped {
		t.Errorf("%d resumed releases compared (%d with triangles), %d skipped", compared, withTriangles, skipped)
	}
}

// TestLeanResumeRefuses: LeanResume refuses a release that is not the
// input's less some edges, one that misses the target, and a
// configuration other than the cut restored in the full variant.
func TestLeanResumeRefuses(t *testing.T) {
	g := cutTestGraphs()["karate"]
	cfg := Config{Strategy: Cut, Refine: Restore, Measure: measure.Count{}, K: 2, Variant: Full, Seed: 1}
	h := g.Clone()
	if _, err := RunContext(context.Background(), h, Config{Strategy: Cut, Measure: measure.Count{}, K: 2, Variant: Full, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	rel := h.SortedEdges()
	var other graph.Edge // not an edge of the input
	for u := int32(1); other == (graph.Edge{}); u++ {
		if !g.HasEdge(0, u) {
			other = graph.Edge{U: 0, V: u}
		}
	}
	partial := cfg
	partial.Variant, partial.Alpha = Partial, 0.5
	for _, c := range []struct {
		name         string
		kept         []graph.Edge
		cfg          Config
		unmet, notIn bool // the error wraps ErrResumeUnmet, ErrNotResumable
	}{
		{"an edge not the input's", append(slices.Clone(rel), other), cfg, false, true},
		{"an edge twice", append(slices.Clone(rel), rel[3]), cfg, false, true},
		{"the input itself, unmet", g.SortedEdges(), cfg, true, false},
		{"unrefined", slices.Clone(rel), Config{Strategy: Cut, Measure: measure.Count{}, K: 2, Variant: Full}, false, false},
		{"partial", slices.Clone(rel), partial, false, false},
	} {
		deg, edges := leanInput(g)
		_, err := LeanResume(context.Background(), deg, edges, c.kept, c.cfg)
		if err == nil || errors.Is(err, ErrResumeUnmet) != c.unmet || errors.Is(err, ErrNotResumable) != c.notIn {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
