package anonymize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

// less reports whether a ranks below b (b is the better deletion), the
// order gainKey's comment states: the oracle that packed keys must follow.
func (a gainKey) less(b gainKey) bool {
	switch {
	case a.gain != b.gain:
		return a.gain < b.gain
	case a.touches != b.touches:
		return a.touches < b.touches
	case a.tri != b.tri:
		return a.tri > b.tri
	}
	return a.deg > b.deg
}

// randomGainKey draws a key within the bounds newGainPacking assumes for n
// nodes of degree at most maxDeg at d = 1, with small values often, so
// that ties between fields occur.
func randomGainKey(r *rand.Rand, n, maxDeg int) gainKey {
	draw := func(hi int) int32 {
		if r.IntN(2) == 0 {
			return int32(r.IntN(min(hi, 3) + 1))
		}
		return int32(r.IntN(hi + 1))
	}
	g := draw(n)
	if r.IntN(2) == 0 {
		g = -g
	}
	return gainKey{gain: g, touches: draw(min(n, 2*maxDeg+2)), tri: draw(maxDeg), deg: draw(2 * maxDeg)}
}

// TestGainPacking checks that packed keys order exactly as gainKey.less
// where the fields fit in 64 bits, that they never order against it where
// the last fields saturate, and that the gain is read back.
func TestGainPacking(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for _, tc := range []struct {
		n, maxDeg int
		exact     bool
	}{
		{n: 1, maxDeg: 0, exact: true},
		{n: 34, maxDeg: 17, exact: true},
		{n: 121212, maxDeg: 2000, exact: true},
		{n: 1 << 20, maxDeg: 1 << 9, exact: true},   // 22+11+10+11 bits
		{n: 325557, maxDeg: 18236, exact: true},     // cnr-2000: 20+16+15+16 bits, the degree sum apart
		{n: 1 << 24, maxDeg: 1 << 15, exact: true},  // 26+17+16+17 bits, the degree sum apart
		{n: 1 << 30, maxDeg: 1 << 29, exact: false}, // the triangles saturate
		{n: 1<<31 - 1, maxDeg: 1<<31 - 2, exact: false},
	} {
		gp := newGainPacking(tc.n, tc.maxDeg, 1)
		for range 20000 {
			a, b := randomGainKey(r, tc.n, tc.maxDeg), randomGainKey(r, tc.n, tc.maxDeg)
			pa, pb := gp.pack(a), gp.pack(b)
			if gp.gain(pa) != int64(a.gain) {
				t.Fatalf("n=%d: gain of %+v read back as %d", tc.n, a, gp.gain(pa))
			}
			switch {
			case a.less(b) && pa.ranksAbove(pb), b.less(a) && pb.ranksAbove(pa):
				t.Fatalf("n=%d maxDeg=%d: %+v and %+v pack against their order (%+v, %+v)", tc.n, tc.maxDeg, a, b, pa, pb)
			case tc.exact && (a.less(b) != pb.ranksAbove(pa) || (a == b) != (pa == pb)):
				t.Fatalf("n=%d maxDeg=%d: %+v and %+v pack to %+v and %+v, not in their exact order", tc.n, tc.maxDeg, a, b, pa, pb)
			}
		}
	}
}

// TestGainQueue checks the queue against a brute-force maximum over
// random insertions, key changes, removals and fresh marks, on several
// sizes (a tournament over a number of blocks that is not a power of two
// has leaves on two levels), with the degree sum in the word and apart.
func TestGainQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	for _, apart := range []bool{false, true} {
		for _, m := range []int{1, 2, 3, 7, 16, 17, 33, 200, 1000} {
			q := newGainQueue(m, gainPacking{degApart: apart})
			key := map[int32]packedKey{} // the ids in the queue and their keys
			fresh := map[int32]bool{}
			var marked []int32
			for step := range 5000 {
				id := int32(r.IntN(m))
				switch op := r.IntN(10); {
				case op < 5:
					k := packedKey{hi: uint64(r.IntN(50))} // repeated keys: ties go to the smaller id
					if r.IntN(8) == 0 {
						k.hi = 1<<maxPackedBits - 1 // the largest key
					}
					if apart {
						k.deg = uint32(r.IntN(3))
					}
					q.set(id, k)
					key[id] = k
					delete(fresh, id)
				case op < 7:
					if _, ok := key[id]; ok {
						q.remove(id)
						delete(key, id)
						delete(fresh, id)
					}
				case op < 9:
					if _, ok := key[id]; ok {
						q.markFresh(id)
						fresh[id] = true
						marked = append(marked, id)
					}
				default:
					q.clearFresh(marked)
					marked = marked[:0]
					clear(fresh)
				}
				if q.len() != len(key) {
					t.Fatalf("apart %v m=%d step %d: %d ids in the queue, want %d", apart, m, step, q.len(), len(key))
				}
				for id := range int32(m) {
					if q.fresh(id) != fresh[id] {
						t.Fatalf("apart %v m=%d step %d: id %d fresh %v, want %v", apart, m, step, id, q.fresh(id), fresh[id])
					}
				}
				// Every block and node holds its winner, not only the top.
				for b := range q.block {
					w := int32(b * queueBlock)
					for id := w; id < int32(min((b+1)*queueBlock, m)); id++ {
						if q.beats(id, w) {
							w = id
						}
					}
					if q.block[b] != w {
						t.Fatalf("apart %v m=%d step %d: block %d won by %d, want %d", apart, m, step, b, q.block[b], w)
					}
				}
				for x := 1; x < len(q.block); x++ {
					a, b := q.node(2*x), q.node(2*x+1)
					if q.beats(b, a) {
						a = b
					}
					if q.win[x] != a {
						t.Fatalf("apart %v m=%d step %d: node %d won by %d, want %d", apart, m, step, x, q.win[x], a)
					}
				}
				if len(key) == 0 {
					continue
				}
				best := int32(-1)
				for id, k := range key {
					if best < 0 || k.ranksAbove(key[best]) || k == key[best] && id < best {
						best = id
					}
				}
				if top := q.top(); top != best || q.key(top) != key[best] {
					t.Fatalf("apart %v m=%d step %d: top %d (key %+v), want %d (key %+v)", apart, m, step, top, q.key(top), best, key[best])
				}
			}
		}
	}
}

// TestFillQueue checks that the greedy's first pass puts every kept edge
// into the queue with the key evaluated alone, under measures whose keys
// come from arithmetic (count) and from applying the deletion (dk, vrq,
// and count on a typed graph).
func TestFillQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		m       measure.Measure
		typed   bool
		fuzzy   bool
		n, e    int
		threads int
	}{
		{measure.Count{}, false, false, 30, 70, 1},
		{measure.Count{}, false, false, 30, 70, 2},
		{measure.Count{}, false, false, 300, 3000, 2},
		{measure.Degree{}, false, false, 300, 3000, 2},
		{paddedCount{}, false, false, 100, 600, 2}, // arithmetic, but too long for DeletionGain
		{measure.DK{}, false, false, 30, 70, 2},
		{measure.VRQ{}, false, false, 30, 70, 2},
		{measure.Count{}, true, false, 30, 0, 2},
		{measure.Count{}, false, true, 60, 200, 2},
	} {
		name := fmt.Sprintf("%s typed %v fuzzy %v n=%d threads %d", tc.m.Name(), tc.typed, tc.fuzzy, tc.n, tc.threads)
		g := randomGraph(r, tc.n, tc.e)
		if tc.typed {
			var err error
			if g, err = testgraphs.RandomTyped(r, tc.n, 0.15, true, []string{"family", "work"}); err != nil {
				t.Fatal(err)
			}
		}
		var reports []int
		var s *solution
		cfg := Config{Measure: tc.m, D: 1, K: 2, Fuzzy: tc.fuzzy, Threads: tc.threads,
			StageProgress: func(stage string, done, total int) {
				if stage != StageScoring || total != s.in.len() {
					t.Errorf("%s: progress of %q, %d of %d", name, stage, done, total)
				}
				reports = append(reports, done) // never two calls at once: -race checks
			}}
		if tc.fuzzy {
			cfg.Phi = 10
		}
		s = newTestSolution(t, g, cfg)
		// A few deletions first, so that not every id is kept.
		for range 5 {
			s.apply(s.ids.randomKept(r))
			s.commit()
		}
		gp := newGainPacking(s.n, g.NumNodes(), 1)
		q := newGainQueue(s.in.len(), gp)
		in := func(id int32) bool { // whether id belongs in the queue
			e := s.in.edge(id)
			return s.ids.isKept(id) && (!tc.fuzzy || !s.p.Anonymous(e.U) || !s.p.Anonymous(e.V))
		}
		want := 0
		for id := range int32(s.in.len()) {
			if in(id) {
				want++
			}
		}
		gr := newGainGreedy(s)
		if evals := gr.fillQueue(context.Background(), q, gp, tc.fuzzy); evals != want || q.len() != want {
			t.Fatalf("%s: %d evaluations, %d ids in the queue, want %d", name, evals, q.len(), want)
		}
		if len(reports) == 0 || !slices.IsSorted(reports) || reports[len(reports)-1] > s.in.len() {
			t.Errorf("%s: progress reports %v", name, reports)
		}
		for id := range int32(s.in.len()) {
			switch {
			case !in(id) && q.word[id] != 0:
				t.Fatalf("%s: id %d in the queue", name, id)
			case in(id) && (q.word[id] == 0 || q.key(id) != gp.pack(gr.key(id, s.in.edge(id)))):
				t.Fatalf("%s: kept id %d in the queue %v, key %+v, evaluated alone %+v",
					name, id, q.word[id] != 0, q.key(id), gp.pack(gr.key(id, s.in.edge(id))))
			}
		}
		if !tc.typed { // checkSolution compares pairs, not ties
			checkSolution(t, s)
		}
	}
}

// paddedCount is count with 16 bytes before every signature: a
// measure.Local whose signatures are too long for
// partition.Partition.DeletionGain, so that the greedy's arithmetic keys
// fall back to applying and undoing deletions (keysInParallel's rest).
type paddedCount struct{ measure.Count }

var countPad = make([]byte, 16)

func (paddedCount) Name() string { return "padded count" }

func (paddedCount) AppendLocal(dst []byte, deg, tri int32) []byte {
	return measure.Count{}.AppendLocal(append(dst, countPad...), deg, tri)
}

func (p paddedCount) NewEvaluator(g *graph.Graph, d int) measure.Evaluator {
	return paddedEvaluator{p.Count.NewEvaluator(g, d)}
}

type paddedEvaluator struct{ measure.Evaluator }

func (e paddedEvaluator) AppendSignature(dst []byte, v int32) []byte {
	return e.Evaluator.AppendSignature(append(dst, countPad...), v)
}

// TestGreedyThreads checks that the greedy makes the same deletions, with
// the same number of evaluations, whatever the number of goroutines that
// evaluate its keys: on graphs dense enough that a deletion's
// re-evaluations span several chunks (refreshChunk), for measures with
// and without arithmetic keys.
func TestGreedyThreads(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, tc := range []struct {
		m    measure.Measure
		n, e int
	}{{measure.Count{}, 300, 6000}, {measure.Degree{}, 300, 6000}, {paddedCount{}, 150, 2000}, {measure.DK{}, 40, 300}} {
		g := randomGraph(r, tc.n, tc.e)
		var runs [2][]int32
		var evals [2]int
		for i, threads := range []int{1, 2} {
			s := newTestSolutionWith(t, g.Clone(), Config{Measure: tc.m, D: 1, K: 2, Threads: threads}, newStrategySolution)
			evals[i] = newGainGreedy(s).run(context.Background(), 40, false, func(id int32, _ time.Duration) { runs[i] = append(runs[i], id) })
		}
		if len(runs[0]) == 0 || !slices.Equal(runs[0], runs[1]) || evals[0] != evals[1] {
			t.Errorf("%s: deletions %v with one goroutine (%d evaluations), %v with two (%d)", tc.m.Name(), runs[0], evals[0], runs[1], evals[1])
		}
	}
}

// TestStrategySolutionGreedy checks that the greedy makes the same
// deletions on a solution without the split of the ids into kept and
// deleted ones (newStrategySolution, which asks the graph) as on one with
// it, and that its first sync lists them.
func TestStrategySolutionGreedy(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 2))
	for _, tc := range []struct {
		m     measure.Measure
		typed bool
	}{{measure.Count{}, false}, {measure.DK{}, false}, {measure.Count{}, true}} {
		g := randomGraph(r, 30, 80)
		if tc.typed {
			var err error
			if g, err = testgraphs.RandomTyped(r, 30, 0.15, true, []string{"family", "work"}); err != nil {
				t.Fatal(err)
			}
		}
		cfg := Config{Measure: tc.m, D: 1, K: 2}
		var runs [2][]int32
		for i, newSol := range []func(*partition.Partition, *Config) (*solution, error){newSolution, newStrategySolution} {
			s := newTestSolutionWith(t, g.Clone(), cfg, newSol)
			newGainGreedy(s).run(context.Background(), 15, false, func(id int32, _ time.Duration) { runs[i] = append(runs[i], id) })
			if err := s.sync(); err != nil {
				t.Fatal(err)
			}
			if s.ids.numDeleted() != len(runs[i]) {
				t.Fatalf("%s typed %v: %d ids deleted after sync, the greedy made %d deletions", tc.m.Name(), tc.typed, s.ids.numDeleted(), len(runs[i]))
			}
			for _, id := range runs[i] {
				if !s.ids.isDeleted(id) {
					t.Fatalf("%s typed %v: id %d deleted by the greedy, kept after sync", tc.m.Name(), tc.typed, id)
				}
			}
			if !tc.typed {
				checkSolution(t, s)
			}
		}
		if len(runs[0]) == 0 || !slices.Equal(runs[0], runs[1]) {
			t.Fatalf("%s typed %v: deletions %v with the split, %v without", tc.m.Name(), tc.typed, runs[0], runs[1])
		}
	}
}
