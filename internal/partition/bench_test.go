package partition

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/anonet-project/anonet/generate"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/cputime"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/measure"
)

// datasetFiles lists the 17 reference networks, or skips.
func datasetFiles(b *testing.B) []string {
	return shareddata.Glob(b, filepath.Join("anonet", "*.nauty"))
}

// BenchmarkMeasures computes every measure at d = 1 on each reference
// network, from scratch, with all cores.
func BenchmarkMeasures(b *testing.B) {
	files := datasetFiles(b)
	for _, m := range allMeasures {
		for _, f := range files {
			g := readDataset(b, filepath.Base(f))
			b.Run(m.Name()+"/"+filepath.Base(f), func(b *testing.B) {
				for b.Loop() {
					if _, err := New(g, m, 1, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkMeasuresAll17 is the time for one measure over all 17 networks.
func BenchmarkMeasuresAll17(b *testing.B) {
	files := datasetFiles(b)
	var gs []*graph.Graph
	for _, f := range files {
		gs = append(gs, readDataset(b, filepath.Base(f)))
	}
	for _, m := range allMeasures {
		b.Run(m.Name(), func(b *testing.B) {
			for b.Loop() {
				for _, g := range gs {
					if _, err := New(g, m, 1, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// largeGraph returns a random graph with n nodes and about m edges, with
// some clustering: half of the edges close triangles.
func largeGraph(n, m int) *graph.Graph {
	r := rand.New(rand.NewPCG(1, 1))
	pairs := make([]graph.Edge, 0, m)
	for len(pairs) < m/2 {
		pairs = append(pairs, graph.Edge{U: int32(r.IntN(n)), V: int32(r.IntN(n))})
	}
	for len(pairs) < m {
		// Close a triangle: a node's neighbour's neighbour, approximated by
		// linking ends of two random earlier pairs that share an end.
		e := pairs[r.IntN(len(pairs))]
		f := pairs[r.IntN(len(pairs))]
		pairs = append(pairs, graph.Edge{U: e.U, V: f.V})
	}
	g, _, _ := graph.FromEdges(n, pairs, nil)
	return g
}

// BenchmarkLarge computes count and degree at d = 1 on a generated graph of
// 10^6 nodes and 10^7 edges.
func BenchmarkLarge(b *testing.B) {
	if testing.Short() {
		b.Skip("large graph")
	}
	g := largeGraph(1_000_000, 10_000_000)
	b.Logf("graph: %d nodes, %d edges", g.NumNodes(), g.NumEdges())
	for _, m := range []measure.Measure{measure.Count{}, measure.Degree{}} {
		b.Run(m.Name(), func(b *testing.B) {
			for b.Loop() {
				if _, err := New(g, m, 1, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIncrementalDelete deletes one random edge and updates a count
// d = 1 partition of a graph with 10^6 edges; the edge is added back (and
// updated) afterwards, so one op is two updates.
func BenchmarkIncrementalDelete(b *testing.B) {
	benchIncrementalDelete(b, largeGraph(100_000, 1_000_000))
}

// BenchmarkIncrementalDeleteHubs is BenchmarkIncrementalDelete on the
// uk-2007 sample (2.8 M edges, hubs of tens of thousands of links): an edge
// chosen uniformly often joins two nodes with thousands of common
// neighbours, each of which changes class, which is what the local search
// of the default strategy does at every move there.
func BenchmarkIncrementalDeleteHubs(b *testing.B) {
	benchIncrementalDelete(b, readShared(b, "uk-2007-05-100000.edges.gz"))
}

// BenchmarkIncrementalDeleteDBLP is BenchmarkIncrementalDelete on
// dblp-2010 (0.8 M edges), whose local search issue 39 asks to speed up.
func BenchmarkIncrementalDeleteDBLP(b *testing.B) {
	benchIncrementalDelete(b, readShared(b, "dblp-2010.edges.gz"))
}

// BenchmarkDeletionGainDBLP evaluates the gain of deleting a random edge
// of dblp-2010 (count, d = 1) without making it, as the local search's
// probes do.
func BenchmarkDeletionGainDBLP(b *testing.B) {
	g := readShared(b, "dblp-2010.edges.gz")
	p, r := benchCountPartition(b, g)
	for b.Loop() {
		e := g.RandomEdge(r)
		if _, ok := p.DeletionGain(e.U, e.V, nil); !ok {
			b.Fatal("no gain")
		}
	}
}

// benchCountPartition returns g's partition under count at d = 1 and the
// seeded source that picks the benchmarks' edges.
func benchCountPartition(b *testing.B, g *graph.Graph) (*Partition, *rand.Rand) {
	p, err := New(g, measure.Count{}, 1, Options{})
	if err != nil {
		b.Fatal(err)
	}
	return p, rand.New(rand.NewPCG(2, 2))
}

// benchIncrementalDelete deletes a random edge of g, updates a count d = 1
// partition, adds the edge back and updates again, once per op.
func benchIncrementalDelete(b *testing.B, g *graph.Graph) {
	p, r := benchCountPartition(b, g)
	for b.Loop() {
		e := g.RandomEdge(r)
		p.DeleteEdge(e.U, e.V)
		p.Update()
		p.AddEdge(e.U, e.V)
		p.Update()
	}
}

// BenchmarkCascadeAndFuzzy17 computes the cascade and fuzzy anonymity
// (φ = 10) under count, d = 1, on all 17 networks (partitions included).
func BenchmarkCascadeAndFuzzy17(b *testing.B) {
	files := datasetFiles(b)
	var gs []*graph.Graph
	for _, f := range files {
		gs = append(gs, readDataset(b, filepath.Base(f)))
	}
	b.Run("cascade", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gs {
				p, _ := New(g, measure.Count{}, 1, Options{})
				if _, err := Cascade(p, p, CascadeOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("fuzzy10", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gs {
				p, _ := New(g, measure.Count{}, 1, Options{})
				if _, err := p.Fuzzy(10); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// namedGraph is a benchmark network.
type namedGraph struct {
	name string
	g    *graph.Graph
}

// largeNets returns the larger shared networks and a Barabási–Albert graph
// of 10^5 nodes and 5·10^5 edges (hubs), or skips.
func largeNets(b *testing.B) []namedGraph {
	if testing.Short() {
		b.Skip("large graphs")
	}
	ba, err := generate.BarabasiAlbert(100_000, 5, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	return []namedGraph{
		{"enron", readShared(b, "enron-email.edges.gz")},
		{"dblp", readShared(b, "dblp-2010.edges.gz")},
		{"ba1e5x5", ba},
	}
}

// benchMeasures computes partitions from scratch, with all cores, for every
// measure on every network at distance d. Besides the wall-clock time it
// reports the processor time per operation (all threads), which says more on
// a machine busy with other work.
func benchMeasures(b *testing.B, nets []namedGraph, ms []measure.Measure, d int) {
	for _, m := range ms {
		for _, net := range nets {
			b.Run(m.Name()+"/"+net.name, func(b *testing.B) {
				cpu0, _ := cputime.Process()
				for b.Loop() {
					if _, err := New(net.g, m, d, Options{}); err != nil {
						b.Fatal(err)
					}
				}
				cpu1, _ := cputime.Process()
				b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}

// BenchmarkD2 computes the ball measures at d = 2 on the larger networks:
// the workload of "d = 2 without balls" (docs/results.md).
func BenchmarkD2(b *testing.B) {
	benchMeasures(b, largeNets(b), []measure.Measure{measure.Count{}, measure.EdgeCount{}, measure.DegDist{}, measure.VRQ{}}, 2)
}

// BenchmarkD1Prefiltered computes at d = 1 the measures whose prefilter is
// count (split by the triangle counts) on the larger networks.
func BenchmarkD1Prefiltered(b *testing.B) {
	benchMeasures(b, largeNets(b), []measure.Measure{measure.DK{}, measure.DegDist{}}, 1)
}
