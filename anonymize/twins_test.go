package anonymize

import (
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// TestTraceTwinUnique checks the trace's twin-unique count, kept current
// after every alteration, against a from-scratch count (partition and twins
// of the current graph) at every row, for deletions (R = 1 and R = 3),
// additions, rewirings, the greedy strategy and the refinements.
func TestTraceTwinUnique(t *testing.T) {
	for _, cfg := range []Config{
		{Strategy: UA, Recompute: 1},
		{Strategy: UA, Recompute: 3},
		{Strategy: ES, Operation: Add, Variant: Budgeted, Budget: 30, Recompute: 2},
		{Strategy: ES, Operation: Rewire, Variant: Budgeted, Budget: 30, Recompute: 2},
		{Strategy: Greedy},          // restoration rows replace the alteration list
		{Strategy: Best, Effort: 3}, // and the local search's rows
		{Strategy: UA, Refine: Anneal, Effort: 2, Recompute: 3},
	} {
		for _, name := range []string{"karate", "example8", "lesmis"} {
			g := examples.MustRead(name)
			cfg.Measure, cfg.D, cfg.Seed, cfg.Twins = measure.Count{}, 1, 5, true
			rows := 0
			cfg.Progress = func(it Iteration) {
				rows++
				if want := twinUniqueFromScratch(t, g); it.TwinUnique != want {
					t.Fatalf("%s %s/%s iteration %d: twin-unique %d, from scratch %d", name, cfg.Strategy, cfg.Operation, it.Iteration, it.TwinUnique, want)
				}
			}
			res := run(t, g, cfg)
			if rows < 2 || res.Trace[0].TwinUnique == 0 && name == "example8" {
				t.Errorf("%s: %d rows, trace %+v", name, rows, res.Trace[0])
			}
		}
	}
}

func twinUniqueFromScratch(t *testing.T, g *graph.Graph) int {
	p, err := partition.New(g, measure.Count{}, 1, partition.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range p.TwinReduced(partition.TwinClasses(g)) {
		if a == 1 {
			n++
		}
	}
	return n
}
