package anonymize

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// deletedFrom returns the edges of g that h, a release of g made by
// deletions, does not have.
func deletedFrom(g, h *graph.Graph) []graph.Edge {
	var del []graph.Edge
	for _, e := range g.Edges() {
		if !h.HasEdge(e.U, e.V) {
			del = append(del, e)
		}
	}
	return del
}

// TestResumeContext: a run resumed from ua's release (the paper's, which
// keeps little) and from a stopped default run meets the target from
// scratch, keeps at least the edges of the release it resumed from, and
// records that release in a row of its own; what cannot be resumed is
// refused with the input left as it was.
func TestResumeContext(t *testing.T) {
	ran := 0
	for name, g := range cutTestGraphs() {
		ms := []measure.Measure{measure.EdgeCount{}}
		if name == "karate" || name == "lesmis" {
			ms = append(ms, measure.Count{}) // the others take about a second each
		}
		for _, m := range ms {
			cfg := Config{Strategy: Best, Measure: m, K: 2, Variant: Full, Seed: 2}
			earlier := g.Clone()
			ua := cfg
			ua.Strategy = UA
			res, err := RunContext(context.Background(), earlier, ua)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Trace) == 1 || !res.TargetReached {
				continue // the input meets the target, or ua does not
			}
			ran++
			h := g.Clone()
			got, err := ResumeContext(context.Background(), h, cfg, deletedFrom(g, earlier))
			if err != nil {
				t.Fatalf("%s, %s: %v", name, m.Name(), err)
			}
			if !got.TargetReached || got.Trace[1].Phase != PhaseResume || got.Trace[1].EdgesAltered != g.NumEdges()-earlier.NumEdges() {
				t.Errorf("%s, %s: reached %t, second row %+v after ua's %d deletions", name, m.Name(), got.TargetReached, got.Trace[1], g.NumEdges()-earlier.NumEdges())
			}
			if h.NumEdges() < earlier.NumEdges() || got.EdgesAfter != h.NumEdges() {
				t.Errorf("%s, %s: resumed from %d edges, kept %d (result says %d)", name, m.Name(), earlier.NumEdges(), h.NumEdges(), got.EdgesAfter)
			}
			if na := notAnonymous(t, h, m, 1, 2); na != 0 {
				t.Errorf("%s, %s: %d nodes not 2-anonymous from scratch", name, m.Name(), na)
			}
			// The alterations are the release's deletions from the input.
			if del := deletedFrom(g, h); got.Alterations.Len() != len(del) {
				t.Errorf("%s, %s: %d alterations for %d deletions", name, m.Name(), got.Alterations.Len(), len(del))
			}
			// Resuming from the default's release keeps it or more.
			again := g.Clone()
			if _, err := ResumeContext(context.Background(), again, cfg, deletedFrom(g, h)); err != nil {
				t.Fatal(err)
			}
			if again.NumEdges() < h.NumEdges() {
				t.Errorf("%s, %s: resumed from the default's %d edges, kept %d", name, m.Name(), h.NumEdges(), again.NumEdges())
			}
		}
	}
	if ran < 10 {
		t.Errorf("%d runs resumed from ua's release, want 10 or more", ran)
	}
	g := cutTestGraphs()["karate"]
	cfg := Config{Strategy: Best, Measure: measure.Count{}, K: 2, Variant: Full}
	first := g.Edges()[0]
	for _, tc := range []struct {
		name    string
		cfg     Config
		deleted []graph.Edge
		unmet   bool
	}{
		{"nothing deleted", cfg, nil, true},
		{"one edge", cfg, []graph.Edge{first}, true},
		{"not an edge", cfg, []graph.Edge{{U: 0, V: 9}}, false},
		{"out of range", cfg, []graph.Edge{{U: 0, V: 34}}, false},
		{"twice", cfg, []graph.Edge{first, {U: first.V, V: first.U}}, false},
		{"over the budget", Config{Strategy: Best, Measure: measure.Count{}, K: 2, Variant: Budgeted, Budget: 1}, []graph.Edge{g.Edges()[1], first}, false},
	} {
		h := g.Clone()
		if h.HasEdge(0, 9) {
			t.Fatal("the test needs {0, 9} not to be an edge of karate")
		}
		_, err := ResumeContext(context.Background(), h, tc.cfg, tc.deleted)
		if err == nil || errors.Is(err, ErrResumeUnmet) != tc.unmet {
			t.Errorf("%s: error %v", tc.name, err)
		}
		if !slices.Equal(h.SortedEdges(), g.SortedEdges()) {
			t.Errorf("%s: the input was altered", tc.name)
		}
	}
}
