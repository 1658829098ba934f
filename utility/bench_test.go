package utility

import (
	"math/rand/v2"
	"testing"

	"github.com/anonet-project/anonet/generate"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
)

// deleteRandomEdges returns a copy of g without a fraction of its edges
// chosen uniformly at random: a stand-in for an anonymized version.
func deleteRandomEdges(g *graph.Graph, frac float64, seed uint64) *graph.Graph {
	h := g.Clone()
	rng := rand.New(rand.NewPCG(seed, 0))
	for range int(frac * float64(g.NumEdges())) {
		e := h.RandomEdge(rng)
		h.DeleteEdge(e.U, e.V)
	}
	return h
}

// benchCompare times the full utility table of g against g with 5% of its
// edges deleted, on two threads.
func benchCompare(b *testing.B, g *graph.Graph, opt Options) {
	h := deleteRandomEdges(g, 0.05, 1)
	opt.Correspondence = allNodes(g.NumNodes())
	opt.Threads = 2
	opt.Seed = 1
	b.ReportMetric(float64(g.NumEdges()), "edges")
	for b.Loop() {
		c, err := Compare(g, h, opt)
		if err != nil {
			b.Fatal(err)
		}
		if (opt.Paths == Exact) == c.PathsSampled {
			b.Fatalf("paths sampled: %v", c.PathsSampled)
		}
	}
}

// BenchmarkUtilityPowergrid: the US power grid (4,941 nodes, 6,594 edges),
// every metric exact.
func BenchmarkUtilityPowergrid(b *testing.B) {
	benchCompare(b, readNetwork(b, "out.opsahl-powergrid.nauty"), Options{Paths: Exact})
}

// BenchmarkUtilityGrQc: the arXiv GR-QC collaboration network (5,241
// nodes, 14,484 edges), every metric exact.
func BenchmarkUtilityGrQc(b *testing.B) {
	benchCompare(b, readNetwork(b, "CA-GrQc.nauty"), Options{Paths: Exact})
}

// BenchmarkUtilityDBLP: the DBLP 2010 co-authorship network (326,186 ids,
// 300,647 with edges; 807,700 edges), a real network of about 10^6 edges,
// with sampled distances and betweenness.
func BenchmarkUtilityDBLP(b *testing.B) {
	g, _, err := graphio.ReadFile(shareddata.Path(b, "dblp-2010.edges.gz"), graphio.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	benchCompare(b, g, Options{Paths: Auto})
}

// BenchmarkUtilitySampled1M: generated networks of about 10^6 edges, with
// sampled distances and betweenness (the default for this size).
func BenchmarkUtilitySampled1M(b *testing.B) {
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(1, 0)) }
	for _, m := range []struct {
		name string
		gen  func() (*graph.Graph, error)
	}{
		{"ba", func() (*graph.Graph, error) { return generate.BarabasiAlbert(250_000, 4, rng()) }},
		{"er", func() (*graph.Graph, error) { return generate.ErdosRenyi(200_000, 10, rng()) }},
		{"ws", func() (*graph.Graph, error) { return generate.WattsStrogatz(100_000, 20, 0.05, rng()) }},
	} {
		b.Run(m.name, func(b *testing.B) {
			g, err := m.gen()
			if err != nil {
				b.Fatal(err)
			}
			if !(PathOptions{}).Sampling(g) {
				b.Fatal("Auto would compute exactly")
			}
			benchCompare(b, g, Options{Paths: Auto})
		})
	}
}

// BenchmarkLeidenBA1M: one Leiden run (two iterations) on a generated
// Barabási–Albert network of 250,000 nodes and about 10^6 edges, a graph
// without community structure, where local moving works hardest.
func BenchmarkLeidenBA1M(b *testing.B) {
	g, err := generate.BarabasiAlbert(250_000, 4, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		b.Fatal(err)
	}
	var seed uint64
	for b.Loop() {
		seed++
		p, err := Leiden(g, rand.New(rand.NewPCG(seed, 0)), LeidenOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(p.Modularity, "modularity")
	}
}
