package anonymize

import (
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// TestStrategyDefs checks the registry of strategies: the lists it offers,
// in order, the default refinements and the starts it composes.
func TestStrategyDefs(t *testing.T) {
	paper := []Strategy{ES, Degree, Aff, Unique, UA, UAO}
	if got := PaperStrategies(); !slices.Equal(got, paper) {
		t.Errorf("PaperStrategies() = %v, want %v", got, paper)
	}
	if got, want := Strategies(), append(slices.Clone(paper), Greedy, Best); !slices.Equal(got, want) {
		t.Errorf("Strategies() = %v, want %v", got, want)
	}
	if got, want := DegreeStrategies(), []Strategy{LiuTerzi, LiuTerziGreedy}; !slices.Equal(got, want) {
		t.Errorf("DegreeStrategies() = %v, want %v", got, want)
	}
	refine := map[Strategy]Refinement{Best: Anneal, Greedy: Restore}
	for _, d := range strategyDefs {
		if s, err := ParseStrategy(string(d.name)); err != nil || s != d.name {
			t.Errorf("ParseStrategy(%q) = %q, %v", d.name, s, err)
		}
		cfg := Config{Strategy: d.name}
		if d.group == degreeGroup {
			cfg.Measure = measure.Degree{}
		}
		cfg, err := cfg.WithDefaults(10, 20)
		if err != nil {
			t.Fatalf("%s: %v", d.name, err)
		}
		want, ok := refine[d.name]
		if !ok {
			want = NoRefinement
		}
		if cfg.Refine != want {
			t.Errorf("%s: default refinement %s, want %s", d.name, cfg.Refine, want)
		}
		_, paperStarts := d.start(&cfg).(paperStart)
		if _, cutFirst := d.start(&cfg).(cutFirstStart); cutFirst && d.name == Best {
			paperStarts = true // ua's, or on a large network the cut's
		}
		if paperStarts != (d.group == paperGroup || d.name == Best) {
			t.Errorf("%s: start %T", d.name, d.start(&cfg))
		}
	}
	// Best deletes as ua does, and by exact gain within a budget (unless
	// the target is fuzzy) or with protected layers.
	for _, tc := range []struct {
		cfg  Config
		gain bool
	}{
		{Config{Variant: Full}, false},
		{Config{Variant: Partial}, false},
		{Config{Variant: Budgeted}, true},
		{Config{Variant: Budgeted, Fuzzy: true}, false},
		{Config{Variant: Full, Protected: 1}, true},
	} {
		switch s := bestStart(&tc.cfg).(type) {
		case gainStart:
			if !tc.gain {
				t.Errorf("%+v: Best starts with the greedy, want ua", tc.cfg)
			}
		case paperStart:
			if _, ua := s.sel.(uaSelector); tc.gain || !ua {
				t.Errorf("%+v: Best starts with %T", tc.cfg, s.sel)
			}
		default:
			t.Errorf("%+v: Best starts with %T", tc.cfg, s)
		}
	}
	if _, err := ParseStrategy("nope"); err == nil {
		t.Error("ParseStrategy(nope) did not fail")
	}
}

// TestBestDegreeStart: under the degree measure the default starts from
// Liu and Terzi's plan by deletions and keeps at least what that plan
// keeps alone, a release verified from scratch (run); under count it
// starts from ua, or on networks of more than cutFirstMinEdges edges from
// the cut where ua's release falls below it (cutFirstStart).
func TestBestDegreeStart(t *testing.T) {
	for _, name := range []string{"karate", "lesmis", "dolphins", "football"} {
		for k := 2; k <= 5; k++ {
			g := examples.MustRead(name)
			lt := run(t, g.Clone(), Config{Measure: measure.Degree{}, K: k, Variant: Full, Seed: 1, Strategy: LiuTerzi, Operation: Delete})
			best := run(t, g.Clone(), Config{Measure: measure.Degree{}, K: k, Variant: Full, Seed: 1})
			if best.EdgesAfter < lt.EdgesAfter {
				t.Errorf("%s, k = %d: the default keeps %d edges, Liu–Terzi alone %d", name, k, best.EdgesAfter, lt.EdgesAfter)
			}
			if len(best.Trace) < 2 || best.Trace[1].EdgesAltered != lt.After().EdgesAltered {
				t.Errorf("%s, k = %d: the default's start is not Liu–Terzi's plan", name, k)
			}
		}
	}
	cfg := Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full}
	if s, ok := bestStart(&cfg).(cutFirstStart); !ok || s.minEdges != cutFirstMinEdges {
		t.Errorf("under count Best starts with %#v, want ua's or the cut's (cutFirstStart above %d edges)", bestStart(&cfg), cutFirstMinEdges)
	}
}
