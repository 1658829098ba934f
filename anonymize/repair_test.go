package anonymize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/internal/testenv"
	"github.com/anonet-project/anonet/measure"
)

// TestRepairSearchAgainstBruteForce checks the exact repair search from the
// input against trying every subset of edges: it finds a release with the
// optimum's number of deletions and proves that none has one fewer.
func TestRepairSearchAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 3))
	for i := range 10 {
		n, m := 7+r.IntN(4), 10+r.IntN(6)
		g := randomGraph(r, n, m)
		for _, ms := range []measure.Measure{measure.Count{}, measure.Degree{}} {
			k := 2 + i%2
			t.Run(fmt.Sprintf("%d/%s/k=%d", i, ms.Name(), k), func(t *testing.T) {
				want := g.NumEdges() - bruteOptimum(t, g, ms, k) // fewest deletions
				cfg := Config{Measure: ms, D: 1, K: k, Variant: Full, Alpha: 1}
				s := newTestSolution(t, g.Clone(), cfg)
				if want > 0 {
					rs := newRepairSearch(context.Background(), s, time.Time{}, 0)
					if rs.search(want - 1) {
						t.Fatalf("found %d deletions, brute force needs %d", s.ids.numDeleted(), want)
					}
					if s.ids.numDeleted() != 0 || slices.Contains(rs.forbid, true) {
						t.Fatalf("a failed search left %d deletions or forbidden edges", s.ids.numDeleted())
					}
				}
				rs := newRepairSearch(context.Background(), s, time.Time{}, 0)
				if !rs.search(want) {
					t.Fatalf("no release with %d deletions found", want)
				}
				if s.ids.numDeleted() != want || s.na != 0 {
					t.Fatalf("release with %d deletions has %d nodes not %d-anonymous", s.ids.numDeleted(), s.na, k)
				}
				checkSolution(t, s)
			})
		}
	}
}

// TestLNSKarate: the large-neighbourhood search never makes the release
// worse, ends fully 2-anonymous (checked from scratch) and is
// deterministic for a seed.
func TestLNSKarate(t *testing.T) {
	testenv.Heavy(t)
	for seed := range uint64(3) {
		var first []int32
		for run := range 2 {
			g := examples.MustRead("karate")
			s := newTestSolution(t, g, Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Effort: 4})
			rng := rand.New(rand.NewPCG(seed, 7))
			newGainGreedy(s).run(context.Background(), s.in.len(), false, func(int32, time.Duration) {})
			before := s.ids.numDeleted()
			st := (&lnsSearch{&annealing{s: s, ctx: context.Background(), r: rng}}).run()
			if st.steps == 0 {
				t.Fatal("no steps")
			}
			if s.ids.numDeleted() > before {
				t.Fatalf("seed %d: %d deletions after the search, %d before", seed, s.ids.numDeleted(), before)
			}
			checkSolution(t, s)
			if s.na != 0 {
				t.Fatalf("seed %d: %d nodes not 2-anonymous", seed, s.na)
			}
			got := slices.Sorted(slices.Values(s.ids.deleted(nil)))
			if run == 0 {
				first = got
				t.Logf("seed %d: %d deletions before, %d after (%+v)", seed, before, len(got), st)
			} else if !slices.Equal(first, got) {
				t.Fatalf("seed %d: runs differ: %v and %v", seed, first, got)
			}
		}
	}
}

// TestDefaultProvesOptimal: on graphs small enough for brute force the
// default proves its release optimal, and it is: it keeps as many edges as
// the best subset of edges.
func TestDefaultProvesOptimal(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 5))
	for i := range 8 {
		g := randomGraph(r, 7+r.IntN(4), 10+r.IntN(6))
		for _, ms := range []measure.Measure{measure.Count{}, measure.Degree{}} {
			k := 2 + i%2
			want := bruteOptimum(t, g, ms, k)
			h := g.Clone()
			res := run(t, h, Config{Measure: ms, D: 1, K: k, Variant: Full, Seed: uint64(i)})
			if !res.Refinement.Optimal || h.NumEdges() != want {
				t.Fatalf("graph %d, %s, k = %d: keeps %d edges (optimal: %v), the optimum is %d", i, ms.Name(), k, h.NumEdges(), res.Refinement.Optimal, want)
			}
		}
	}
}

// TestBudgetedKeepsTarget: a budgeted run whose budget allows full
// anonymity of karate reaches it and keeps it (the walk, which trades
// nothing for fewer deletions, must not run there: it once ended these
// runs short of the target). A budget of 14 lets every seed from 1 to 32
// reach it (the optimum takes 8 deletions; 10 lets about a third reach it).
func TestBudgetedKeepsTarget(t *testing.T) {
	for _, c := range []struct {
		budget int
		seed   uint64
	}{{14, 3}, {14, 1}, {16, 2}} {
		g := examples.MustRead("karate")
		res := run(t, g, Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Budgeted, Budget: c.budget, Alpha: 1, Seed: c.seed})
		if !res.TargetReached || res.Refinement.Optimal {
			t.Errorf("budget %d, seed %d: target reached %v (optimal %v)", c.budget, c.seed, res.TargetReached, res.Refinement.Optimal)
		}
	}
}
