package anonymize

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

func randomGraph(r *rand.Rand, n, m int) *graph.Graph {
	g := graph.New(n)
	for g.NumEdges() < m {
		u, v := int32(r.IntN(n)), int32(r.IntN(n))
		g.AddEdge(u, v)
		// Close some triangles so that common neighbours matter.
		if nb := g.Neighbors(v); len(nb) > 1 && r.IntN(2) == 0 {
			g.AddEdge(u, nb[r.IntN(len(nb))])
		}
	}
	return g
}

// selectorOf returns the selector of a paper strategy, from its start.
func selectorOf(s Strategy) selector {
	return strategyOf(s).start(&Config{}).(paperStart).sel
}

// naOf returns the not-k-anonymous flags of p's nodes.
func naOf(p *partition.Partition) []bool {
	na := make([]bool, p.Graph().NumNodes())
	for v := range na {
		na[v] = !p.Anonymous(int32(v))
	}
	return na
}

// TestIncrementalWeights deletes random edges through a scorer and checks
// after every update that the maintained weights equal weights computed from
// scratch, for every strategy and for measures with every kind of scope.
func TestIncrementalWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, m := range []measure.Measure{measure.Count{}, measure.Degree{}, measure.DK{}, measure.VRQ{}, measure.Count{}} {
		for _, s := range PaperStrategies() {
			for _, d := range []int{1, 2} {
				t.Run(fmt.Sprintf("%s/%s/d=%d", m.Name(), s, d), func(t *testing.T) {
					g := randomGraph(r, 40, 120)
					p, err := partition.New(g, m, d, partition.Options{Threads: 1})
					if err != nil {
						t.Fatal(err)
					}
					sc := newScorer(p, selectorOf(s), naOf(p), 1)
					for round := range 10 {
						sc.beginIteration()
						sc.selectEdges(r, 1+r.IntN(3)) // must leave the weights as they were
						for range 1 + r.IntN(4) {
							if g.NumEdges() == 0 {
								break
							}
							e := g.RandomEdge(r)
							sc.deleteEdge(p, e.U, e.V)
						}
						p.Update()
						for _, v := range p.Flipped() {
							sc.flip(v, !p.Anonymous(v))
						}
						if !sc.incremental {
							sc.beginIteration()
						}
						q, _ := partition.New(g.Clone(), m, d, partition.Options{Threads: 1})
						fresh := newScorer(q, selectorOf(s), naOf(q), 1)
						if !slices.Equal(sc.na, fresh.na) {
							t.Fatalf("round %d: na flags differ", round)
						}
						counts := func(sc *scorer) []int32 { // c(e), wherever the scorer keeps it
							if !sc.needC() {
								return nil
							}
							c := make([]int32, g.NumEdges())
							for i := range c {
								c[i] = sc.count(i)
							}
							return c
						}
						if c, want := counts(sc), counts(fresh); !slices.Equal(c, want) || !slices.Equal(sc.aff, fresh.aff) || sc.eu != fresh.eu {
							t.Fatalf("round %d: c %v\nwant %v\naff %v\nwant %v\neu %d want %d", round, c, want, sc.aff, fresh.aff, sc.eu, fresh.eu)
						}
						fill := func(sc *scorer, i int) int64 { // edge i's fill weight
							if sc.uniformFill() {
								return 1
							}
							return sc.fill.get(i)
						}
						if sc.uniformFill() {
							// A selection leaves every edge undrawn, and
							// every word of marks counted whole.
							for w, x := range sc.drawn.bits {
								if x != 0 || sc.drawn.free.get(w) != 64 {
									t.Fatalf("round %d: word %d of the drawn marks is %x, counted %d undrawn", round, w, x, sc.drawn.free.get(w))
								}
							}
							if sc.drawn.len() != 0 || len(sc.drawn.bits)*64 < g.NumEdges() {
								t.Fatalf("round %d: %d drawn, %d words of marks for %d edges", round, sc.drawn.len(), len(sc.drawn.bits), g.NumEdges())
							}
						}
						for i := range g.NumEdges() {
							if sc.main.get(i) != fresh.main.get(i) || fill(sc, i) != fill(fresh, i) {
								t.Fatalf("round %d: edge %d weights %d/%d, want %d/%d", round, i, sc.main.get(i), fill(sc, i), fresh.main.get(i), fill(fresh, i))
							}
						}
						if sc.main.total() != fresh.main.total() || (!sc.uniformFill() && sc.fill.total() != fresh.fill.total()) {
							t.Fatalf("round %d: totals %d/%d, want %d/%d", round, sc.main.total(), sc.fill.total(), fresh.main.total(), fresh.fill.total())
						}
					}
				})
			}
		}
	}
}

// TestSelectionFrequencies draws one edge many times from a fixed state and
// compares the frequencies with each strategy's formula (SPEC §5.4) by a
// chi-square test at a level a wrong formula fails.
func TestSelectionFrequencies(t *testing.T) {
	// example8, count, d = 1: NA = {1, 2}; edges and their affected sets
	// (SPEC §8.2): A(0,1) = {0,1}, A(0,2) = {0,2}, A(2,3) = {2,3},
	// A(2,4) = {2,4}, and the six edges between {3,4} and {5,6,7} have
	// their ends only, none in NA.
	g := examples.MustRead("example8")
	p, err := partition.New(g, measure.Count{}, 1, partition.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := float64(g.NumEdges())
	want := map[Strategy]func(e graph.Edge) float64{
		ES: func(graph.Edge) float64 { return 1 },
		Degree: func(e graph.Edge) float64 {
			return float64(min(g.Degree(e.U), g.Degree(e.V)))
		},
		Aff: func(graph.Edge) float64 { return 2 },
		UA: func(e graph.Edge) float64 {
			c := 0.0
			if e.U == 1 || e.U == 2 || e.V == 1 || e.V == 2 {
				c = 1
			}
			return c + 1/m
		},
		// b' = 1 < |E_u| = 4: uniform over E_u.
		Unique: func(e graph.Edge) float64 {
			if e.U <= 2 && e.V <= 4 {
				return 1
			}
			return 0
		},
		UAO: func(e graph.Edge) float64 {
			if e.U <= 2 && e.V <= 4 {
				return 1 // |A ∩ NA| = 1 on each unique edge
			}
			return 0
		},
	}
	const draws = 40000
	for _, s := range PaperStrategies() {
		sc := newScorer(p, selectorOf(s), naOf(p), 1)
		r := rand.New(rand.NewPCG(21, uint64(len(s))))
		counts := make([]int, g.NumEdges())
		for range draws {
			sel := sc.selectEdges(r, 1)
			counts[sel[0]]++
		}
		total := 0.0
		for _, e := range g.Edges() {
			total += want[s](e)
		}
		chi, dof := 0.0, -1
		for i, e := range g.Edges() {
			exp := draws * want[s](e) / total
			if exp == 0 {
				if counts[i] != 0 {
					t.Errorf("%s: edge %v has probability 0 but was drawn %d times", s, e, counts[i])
				}
				continue
			}
			chi += (float64(counts[i]) - exp) * (float64(counts[i]) - exp) / exp
			dof++
		}
		// 99.9% quantile of chi-square with ≤ 9 degrees of freedom is < 28.
		if dof > 0 && chi > 28 {
			t.Errorf("%s: chi-square %.1f with %d degrees of freedom; counts %v", s, chi, dof, counts)
		}
	}
	// A wrong formula fails: degree frequencies under ES weights.
	sc := newScorer(p, selectorOf(Degree), naOf(p), 1)
	r := rand.New(rand.NewPCG(1, 1))
	counts := make([]int, g.NumEdges())
	for range draws {
		counts[sc.selectEdges(r, 1)[0]]++
	}
	chi := 0.0
	for i := range counts {
		exp := draws / m
		chi += (float64(counts[i]) - exp) * (float64(counts[i]) - exp) / exp
	}
	if chi < 28 {
		t.Errorf("degree strategy is indistinguishable from uniform (chi-square %.1f)", chi)
	}
}

// TestSelectWithoutReplacement checks that a batch never repeats an edge and
// that b ≥ m selects everything.
func TestSelectWithoutReplacement(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	g := randomGraph(r, 30, 60)
	p, _ := partition.New(g, measure.Count{}, 1, partition.Options{})
	for _, s := range PaperStrategies() {
		sc := newScorer(p, selectorOf(s), naOf(p), 1)
		for _, b := range []int{1, 7, 59, 60, 100} {
			sel := sc.selectEdges(r, b)
			if len(sel) != min(b, 60) {
				t.Errorf("%s: %d edges for b=%d", s, len(sel), b)
			}
			seen := map[int32]bool{}
			for _, i := range sel {
				if seen[i] {
					t.Fatalf("%s: edge %d drawn twice in one batch", s, i)
				}
				seen[i] = true
			}
		}
	}
}

// TestUndrawnAfterDeletions: after most edges are deleted, the words of
// marks reach far past the last edge; draws must still land on live edges,
// and batches of es and ua must not repeat one.
func TestUndrawnAfterDeletions(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	for _, s := range []Strategy{ES, UA} {
		g := randomGraph(r, 60, 700)
		p, _ := partition.New(g, measure.Count{}, 1, partition.Options{})
		sc := newScorer(p, selectorOf(s), naOf(p), 1)
		for g.NumEdges() > 40 {
			e := g.Edge(r.IntN(g.NumEdges()))
			sc.deleteEdge(p, e.U, e.V)
			p.Update()
		}
		m := g.NumEdges()
		if len(sc.drawn.bits)*64 < 640 {
			t.Fatalf("%s: %d words of marks; the test needs words past the last edge", s, len(sc.drawn.bits))
		}
		for k := range m {
			if got := sc.drawn.undrawn(int64(k)); got != k {
				t.Fatalf("%s: undrawn(%d) = %d with nothing drawn", s, k, got)
			}
		}
		for _, b := range []int{1, m / 2, m - 1} {
			seen := make([]bool, m)
			for _, i := range sc.selectEdges(r, b) {
				if int(i) >= m || seen[i] {
					t.Fatalf("%s, b=%d: drew edge %d of %d (twice: %v)", s, b, i, m, int(i) < m && seen[i])
				}
				seen[i] = true
			}
		}
	}
}

// TestConcurrentScorerUpdates builds ua's weights and runs them through
// selections, their deletions and the flips that follow twice, on one
// goroutine and shared with others (rebuild's triangles, deleteAll's
// deletions at once and flipAll's shared flips, with every threshold
// lowered to nothing), and checks after every round that both graphs are
// the same edge for edge and both scorers' weights equal those of a scorer
// built from scratch. Hubs make the flips big.
func TestConcurrentScorerUpdates(t *testing.T) {
	for seed := range uint64(6) {
		typed := seed >= 4 // directed and layered ties: the partition marks at once
		t.Run(fmt.Sprintf("%d/typed=%v", seed, typed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 9))
			var g1 *graph.Graph
			if typed {
				var err error
				if g1, err = testgraphs.RandomTyped(r, 150, 0.15, true, []string{"home", "work"}); err != nil {
					t.Fatal(err)
				}
			} else {
				g1 = randomGraph(r, 300, 2500)
				for range 3 { // hubs
					h := int32(r.IntN(300))
					for range 120 {
						g1.AddEdge(h, int32(r.IntN(300)))
					}
				}
			}
			g2 := g1.Clone()
			var ps [2]*partition.Partition
			var scs [2]*scorer
			var rngs [2]*rand.Rand
			for i, g := range []*graph.Graph{g1, g2} {
				p, err := partition.New(g, measure.Count{}, 1, partition.Options{Threads: 1})
				if err != nil {
					t.Fatal(err)
				}
				ps[i], scs[i], rngs[i] = p, newScorer(p, selectorOf(UA), naOf(p), 1+2*i), rand.New(rand.NewPCG(seed, 1))
			}
			scs[1].shareMin = 0
			scs[1].rebuild() // its triangles listed by 3 goroutines
			for round := 0; g1.NumEdges() > 0; round++ {
				b := 1 + rngs[0].IntN(1+g1.NumEdges()/8)
				rngs[1].IntN(1 + g2.NumEdges()/8)
				for i := range 2 {
					var alts Alterations
					sel := scs[i].selectEdges(rngs[i], b)
					for _, e := range sel {
						alts.Append(Alteration{U: scs[i].g.Edge(int(e)).U, V: scs[i].g.Edge(int(e)).V})
					}
					scs[i].deleteAll(ps[i], alts, 0, sel)
					var sum int64 // the tree caught up before any flip
					for e := range scs[i].g.NumEdges() {
						sum += scs[i].main.get(e)
					}
					if sum != scs[i].main.total() {
						t.Fatalf("round %d, scorer %d: total %d after the deletions, weights sum to %d", round, i, scs[i].main.total(), sum)
					}
					ps[i].Update()
					scs[i].flipAll(ps[i].Flipped(), naOf(ps[i]))
				}
				if !slices.Equal(g1.Edges(), g2.Edges()) {
					t.Fatalf("round %d: the graphs differ", round)
				}
				for v := range int32(g1.NumNodes()) { // the positions, put right after the deletions
					if !slices.Equal(g1.IncidentEdges(v), g2.IncidentEdges(v)) {
						t.Fatalf("round %d: node %d's edges at %v, want %v", round, v, g2.IncidentEdges(v), g1.IncidentEdges(v))
					}
				}
				q, _ := partition.New(g1.Clone(), measure.Count{}, 1, partition.Options{Threads: 1})
				fresh := newScorer(q, selectorOf(UA), naOf(q), 1)
				for i, sc := range scs {
					if !slices.Equal(sc.na, fresh.na) || sc.main.total() != fresh.main.total() {
						t.Fatalf("round %d, scorer %d: flags or total %d differ from scratch (%d)", round, i, sc.main.total(), fresh.main.total())
					}
					for e := range g1.NumEdges() {
						if sc.main.get(e) != fresh.main.get(e) {
							t.Fatalf("round %d, scorer %d: edge %d weighs %d, want %d", round, i, e, sc.main.get(e), fresh.main.get(e))
						}
					}
					// The tree finds what the weights say.
					for k := int64(0); k < sc.main.total(); k += 1 + sc.main.total()/50 {
						if got, want := sc.main.find(k), fresh.main.find(k); got != want {
							t.Fatalf("round %d, scorer %d: unit %d found at %d, want %d", round, i, k, got, want)
						}
					}
				}
			}
		})
	}
}
