package anonymize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// TestSymmetricSearchThreads: the symmetric start's search gives the same
// answer in the caller's goroutine (one thread) as in the background, both
// when the competing release's kept edges are handed to it at once and
// when it has already made every proposal, for competing releases just
// below and just above the size that makes it give up at each checkpoint.
// On the default's runs, one and two threads give the same release, where
// the symmetric start wins (dolphins at k = 2, football at k = 3) and where
// it loses (the other two).
func TestSymmetricSearchThreads(t *testing.T) {
	starts := map[string]int{}
	for _, name := range []string{"dolphins", "football"} {
		g := examples.MustRead(name)
		for _, k := range []int{2, 3} {
			cfg := &Config{Measure: measure.Count{}, D: 1, K: k, Seed: 5}
			t.Run(fmt.Sprintf("%s/k=%d", name, k), func(t *testing.T) {
				// The edges kept at the checkpoints, from a search that
				// never gives up.
				all := newSymmetricSearch(inputOf(g), cfg)
				if _, ok := all.result(context.Background(), 0, nil); !ok || len(all.kept) != 3 {
					t.Fatalf("a search against an empty release: %t after %d checkpoints", ok, len(all.kept))
				}
				var tries []int
				for i, cp := range symmetricCheckpoints() {
					edge := int(float64(all.kept[i]) / cp.keep) // the largest release it still passes, or about
					tries = append(tries, edge, edge+1)
				}
				outcomes := map[bool]int{}
				for _, keptFrom := range tries {
					inline := newSymmetricSearch(inputOf(g), cfg)
					want, wantOK := inline.result(context.Background(), keptFrom, nil)
					outcomes[wantOK]++
					early := newSymmetricSearch(inputOf(g), cfg)
					early.background(context.Background())
					got, ok := early.result(context.Background(), keptFrom, nil)
					if ok != wantOK || !slices.Equal(got, want) {
						t.Fatalf("keptFrom %d, handed at once: %t with %d deletions; in the caller %t with %d", keptFrom, ok, len(got), wantOK, len(want))
					}
					late := newSymmetricSearch(inputOf(g), cfg)
					late.background(context.Background())
					<-late.done
					got, ok = late.result(context.Background(), keptFrom, nil)
					if ok != wantOK || !slices.Equal(got, want) {
						t.Fatalf("keptFrom %d, handed at the end: %t with %d deletions; in the caller %t with %d", keptFrom, ok, len(got), wantOK, len(want))
					}
				}
				if outcomes[true] == 0 || outcomes[false] == 0 {
					t.Fatalf("outcomes %v: the releases tried do not both pass and fail", outcomes)
				}
			})
			t.Run(fmt.Sprintf("%s/k=%d/default", name, k), func(t *testing.T) {
				var kept, rows, tried, evals [2]int
				var dels [2][]Alteration
				var start [2]string
				for i, threads := range []int{1, 2} {
					c := Config{Measure: measure.Count{}, D: 1, K: k, Variant: Full, Seed: 5, Threads: threads, Effort: 1}
					res := run(t, g.Clone(), c)
					kept[i], start[i] = res.EdgesAfter, string(res.Refinement.Start)
					rows[i], tried[i], evals[i] = len(res.Trace), res.Refinement.Tried, res.Refinement.Evaluations
					for _, a := range res.Alterations.All() {
						dels[i] = append(dels[i], a)
					}
				}
				if kept[0] != kept[1] || start[0] != start[1] || !slices.Equal(dels[0], dels[1]) {
					t.Fatalf("one thread keeps %d edges from %q, two keep %d from %q, or delete other ones", kept[0], start[0], kept[1], start[1])
				}
				// The same work in the same order: the local search does
				// not depend on when the background search ends.
				if rows[0] != rows[1] || tried[0] != tried[1] || evals[0] != evals[1] {
					t.Fatalf("one thread: %d rows, %d moves tried, %d evaluations; two: %d, %d, %d", rows[0], tried[0], evals[0], rows[1], tried[1], evals[1])
				}
				starts[start[0]]++
			})
		}
	}
	if starts[string(StartTwins)] == 0 || starts[string(StartStrategy)] == 0 {
		t.Errorf("the runs start from %v: not both cases this test is about", starts)
	}
}

// TestSymmetricSearchCompete: a background search told the size of the
// release it competes with (compete) is given up at the first checkpoint it
// fails without waiting for result, so that it does not share the cores
// with the local search for nothing; result then answers as a search in
// the caller's goroutine does.
func TestSymmetricSearchCompete(t *testing.T) {
	g := examples.MustRead("football")
	cfg := &Config{Measure: measure.Count{}, D: 1, K: 2, Seed: 5}
	all := newSymmetricSearch(inputOf(g), cfg)
	if _, ok := all.result(context.Background(), 0, nil); !ok {
		t.Fatal("a search against an empty release gave up")
	}
	keptFrom := int(float64(all.kept[0])/symmetricCheckpoints()[0].keep) + 1 // fails the first checkpoint
	c := newSymmetricSearch(inputOf(g), cfg)
	c.compete(keptFrom) // before it starts, so that the test does not race it
	c.background(context.Background())
	<-c.done
	c.mu.Lock()
	proposals, checkpoints, held := c.proposals, len(c.kept), c.start != nil
	c.mu.Unlock()
	if want := c.moves / symmetricCheckpoints()[0].part; proposals != want || checkpoints != 1 {
		t.Errorf("given up after %d proposals and %d checkpoints; want %d and 1", proposals, checkpoints, want)
	}
	if held {
		t.Error("a search given up still holds its permutation and graph")
	}
	inline := newSymmetricSearch(inputOf(g), cfg)
	_, wantOK := inline.result(context.Background(), keptFrom, nil)
	if _, ok := c.result(context.Background(), keptFrom, nil); ok || wantOK {
		t.Errorf("after compete: %t; in the caller: %t; want false", ok, wantOK)
	}
}

// TestSymmetricSearchStopped: a background search whose context ends, or
// that is stopped before its result is asked for, answers false and leaves
// no goroutine running (stop waits for it).
func TestSymmetricSearchStopped(t *testing.T) {
	g := denseGroups()
	cfg := &Config{Measure: measure.Count{}, D: 1, K: 2, Seed: 5}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := newSymmetricSearch(inputOf(g), cfg)
	c.background(ctx)
	if _, ok := c.result(context.Background(), 0, nil); ok {
		t.Error("a search whose context had ended answered")
	}
	c = newSymmetricSearch(inputOf(g), cfg)
	c.background(context.Background())
	c.stop()
	c.stop() // twice is allowed
	select {
	case <-c.done:
	default:
		t.Fatal("stop returned before the search ended")
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	c = newSymmetricSearch(inputOf(g), cfg)
	c.background(context.Background())
	if _, ok := c.result(ctx, 0, nil); ok {
		t.Error("a search answered after its caller's context had ended")
	}
}

// TestSymmetricSearchPromises: promises answers from the checkpoints alone,
// the same in the caller's goroutine as in the background: yes against a
// first round that the search's release, unrestored, outgrows by more than
// twinPreempt (it keeps 1.25 times as many edges), no where it does not
// (1.15 times), and no where the first checkpoint already falls short of
// what the bar asks there. The search then answers result as a search that
// was never asked does. And on a dense network of groups, where the
// twinning wins, the default's restoration of ua's release ends after its
// first round: no local search runs before the twinning is taken, on one
// thread or two, and both give the same release. A promises whose context
// has ended answers no.
func TestSymmetricSearchPromises(t *testing.T) {
	g := nearCopies(20, 0.7, 0.05)
	large := nearCopies(60, 0.7, 0.05)
	if large.NumEdges() < twinPreemptMinEdges {
		t.Fatalf("%d edges: too few for a start to preempt", large.NumEdges())
	}
	cfg := &Config{Measure: measure.Count{}, D: 1, K: 2, Seed: 4}
	all := newSymmetricSearch(inputOf(g), cfg)
	if _, ok := all.result(context.Background(), 0, nil); !ok || len(all.kept) != 3 {
		t.Fatalf("a search against an empty release: %t after %d checkpoints", ok, len(all.kept))
	}
	end, first := float64(all.kept[2]), float64(all.kept[0])
	tests := []struct {
		keptFrom int
		want     bool
	}{
		{int(end / 1.25), true},
		{int(end / 1.15), false},
		// The first checkpoint asks for 0.3 of twinPreempt/twinCutoff
		// times keptFrom.
		{int(first/(0.3*twinPreempt/twinCutoff)) + 1, false},
	}
	for _, tc := range tests {
		for _, background := range []bool{false, true} {
			c := newSymmetricSearch(inputOf(g), cfg)
			if background {
				c.background(context.Background())
			}
			if got := c.promises(context.Background(), tc.keptFrom, nil); got != tc.want {
				t.Errorf("keptFrom %d (background %t): promises %t, want %t", tc.keptFrom, background, got, tc.want)
			}
			final := tc.keptFrom + 3 // restoration goes on when promises says no
			got, ok := c.result(context.Background(), final, nil)
			want, wantOK := newSymmetricSearch(inputOf(g), cfg).result(context.Background(), final, nil)
			if ok != wantOK || !slices.Equal(got, want) {
				t.Errorf("keptFrom %d (background %t): result %t with %d deletions; a search never asked: %t with %d", tc.keptFrom, background, ok, len(got), wantOK, len(want))
			}
			c.stop()
		}
	}

	// A caller whose context has ended gets no promise, even from a
	// search that would keep everything it asks for.
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	c := newSymmetricSearch(inputOf(g), cfg)
	c.background(context.Background())
	if c.promises(ended, 1, nil) {
		t.Error("promises answered yes after its context ended")
	}
	c.stop()

	// preempted reports whether the default's run on h took the twinning
	// with no local search before it, and gives its deletions.
	preempted := func(h *graph.Graph, threads int) (bool, []Alteration) {
		res := run(t, h.Clone(), Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Seed: 4, Threads: threads})
		twins := slices.IndexFunc(res.Trace, func(it Iteration) bool { return it.Phase == PhaseTwins })
		if twins < 0 {
			t.Fatalf("%d threads, %d edges: the twinning was not taken", threads, h.NumEdges())
		}
		var dels []Alteration
		for _, a := range res.Alterations.All() {
			dels = append(dels, a)
		}
		return !slices.ContainsFunc(res.Trace[:twins], func(it Iteration) bool { return it.Phase == PhaseAnneal }), dels
	}
	twinning := newSymmetricSearch(inputOf(large), cfg)
	twinning.result(context.Background(), 0, nil)
	ua := run(t, large.Clone(), Config{Measure: measure.Count{}, D: 1, K: 2, Variant: Full, Seed: 4, Strategy: UA, Refine: Restore})
	if float64(ua.EdgesAfter)*twinPreempt > float64(twinning.kept[2]) {
		t.Fatalf("ua's restored release keeps %d edges, the twinning %d: not the case this test is about", ua.EdgesAfter, twinning.kept[2])
	}
	var dels [2][]Alteration
	for i, threads := range []int{1, 2} {
		var ok bool
		if ok, dels[i] = preempted(large, threads); !ok {
			t.Errorf("%d threads: the local search ran on ua's release before the twinning was taken", threads)
		}
	}
	if !slices.Equal(dels[0], dels[1]) {
		t.Errorf("one thread deletes %d edges, two delete %d, or other ones", len(dels[0]), len(dels[1]))
	}
	if ok, _ := preempted(g, 2); ok {
		t.Errorf("on %d edges the twinning preempted ua's restoration", g.NumEdges())
	}
}

// nearCopies returns two copies of a random graph on n nodes with edge
// probability p, the second missing each edge with probability miss: most
// nodes have a near twin in the other copy, which the twinning finds and
// ua's deletions do not (20, 0.7, 0.05: the twinning keeps 235 of 270
// edges, ua's restored release 126).
func nearCopies(n int, p, miss float64) *graph.Graph {
	r := rand.New(rand.NewPCG(1, 9))
	g := graph.New(2 * n)
	for u := range int32(n) {
		for v := u + 1; v < int32(n); v++ {
			if r.Float64() < p {
				g.AddEdge(u, v)
				if r.Float64() >= miss {
					g.AddEdge(u+int32(n), v+int32(n))
				}
			}
		}
	}
	return g
}
