package anonymize

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

// TestTypedRuns anonymizes random directed and layered graphs and checks
// every release from scratch: the target is met, the release holds only
// ties of the input, the protected layers are untouched, and the
// alterations are exactly the ties that went.
func TestTypedRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	type config struct {
		directed  bool
		layers    []string
		strategy  Strategy
		protected graph.Kind
		measure   measure.Measure
		budget    int // budgeted without refinement: the run goes back to its best state
	}
	var configs []config
	for _, s := range []Strategy{Best, Greedy, UA} {
		configs = append(configs,
			config{true, nil, s, 0, measure.Count{}, 0},
			config{false, []string{"a", "b"}, s, 0, measure.Degree{}, 0},
			config{true, []string{"a", "b"}, s, 0, measure.DK{}, 0},
		)
	}
	configs = append(configs,
		config{true, []string{"family", "work"}, Best, graph.LayersKind(0), measure.Count{}, 0},
		config{false, []string{"family", "work", "school"}, Greedy, graph.LayersKind(0), measure.VRQ{}, 0},
		// Going back to the best state gives single ties back, not pairs.
		config{true, []string{"a", "b"}, Greedy, 0, measure.Degree{}, 12},
		config{true, []string{"a", "b"}, Best, 0, measure.Count{}, 12},
	)
	for i, c := range configs {
		g, err := testgraphs.RandomTyped(r, 14, 0.3, c.directed, c.layers)
		if err != nil {
			t.Fatal(err)
		}
		in := g.Clone()
		cfg := Config{Measure: c.measure, D: 1, Strategy: c.strategy, Variant: Full, Protected: c.protected, Seed: uint64(i)}
		if c.budget > 0 {
			cfg.Variant, cfg.Budget, cfg.Refine = Budgeted, c.budget, NoRefinement
		}
		res, err := Run(g, cfg)
		if err != nil {
			t.Fatalf("config %d: %v", i, err)
		}
		p, err := partition.New(g, c.measure, 1, partition.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.NumNodes() - p.NotAnonymous(); res.TargetReached != (got >= res.Target) {
			t.Errorf("config %d: TargetReached %v, but %d of %d nodes are anonymous from scratch", i, res.TargetReached, got, res.Target)
		}
		if !res.TargetReached && c.protected == 0 && c.budget == 0 {
			t.Errorf("config %d: full anonymity by deletion not reached", i)
		}
		// Ties of the release ⊆ ties of the input; protected ones all kept.
		gone := map[graph.Edge]graph.Kind{}
		for _, e := range in.SortedEdges() {
			k0, k1 := in.Kind(e.U, e.V), g.Kind(e.U, e.V)
			if k1&^k0 != 0 {
				t.Errorf("config %d: the release has ties %#x at %v that the input lacks", i, uint64(k1&^k0), e)
			}
			if (k0^k1)&c.protected != 0 {
				t.Errorf("config %d: protected ties of %v altered", i, e)
			}
			if k0 != k1 {
				gone[e] = k0 &^ k1
			}
		}
		if g.NumEdges() > in.NumEdges() {
			t.Errorf("config %d: %d edges after, %d before", i, g.NumEdges(), in.NumEdges())
		}
		listed := map[graph.Edge]graph.Kind{}
		for _, a := range res.Alterations.All() {
			e, k := graph.MakeEdge(a.U, a.V), a.Ties
			if a.U > a.V {
				k = k.Reverse()
			}
			if listed[e]&k != 0 {
				t.Errorf("config %d: tie %#x of %v listed twice", i, uint64(k), e)
			}
			listed[e] |= k
		}
		if len(listed) != len(gone) {
			t.Errorf("config %d: %d pairs altered, %d listed", i, len(gone), len(listed))
		}
		for e, k := range gone {
			if listed[e] != k {
				t.Errorf("config %d: %v lost ties %#x, alterations list %#x", i, e, uint64(k), uint64(listed[e]))
			}
		}
	}
}

func TestTypedRefusals(t *testing.T) {
	layered := graph.New(3)
	if err := layered.SetTypes(false, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	layered.AddEdge(0, 1)
	tests := []struct {
		name string
		g    *graph.Graph
		cfg  Config
		want string
	}{
		{"add on a layered graph", layered, Config{Strategy: ES, Operation: Add}, "only anonymized by deleting"},
		{"ua with protection", layered, Config{Strategy: UA, Protected: graph.LayersKind(0)}, "cannot keep the ties of protected layers"},
		{"all protected", layered, Config{Protected: graph.LayersKind(0, 1)}, "every layer is protected"},
		{"protection without layers", graph.New(3), Config{Protected: graph.LayersKind(0)}, "several layers"},
	}
	for _, tt := range tests {
		tt.cfg.Measure, tt.cfg.D = measure.Degree{}, 1
		_, err := Run(tt.g.Clone(), tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}
