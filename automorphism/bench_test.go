package automorphism

import (
	"context"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/cputime"
)

// benchCompute benchmarks Compute on g and reports the search's counts.
func benchCompute(b *testing.B, g *graph.Graph) {
	b.Helper()
	var o *Orbits
	cpu0, ok := cputime.Process()
	b.ResetTimer()
	for b.Loop() {
		var err error
		o, err = Compute(context.Background(), g, nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, _ := cputime.Process(); ok {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
	orbits, nonTrivial := o.Count()
	b.ReportMetric(float64(o.Generators), "generators")
	b.ReportMetric(float64(o.SearchNodes), "searchnodes")
	b.ReportMetric(float64(orbits), "orbits")
	b.ReportMetric(float64(nonTrivial), "nontrivial")
}

func BenchmarkEnron(b *testing.B) { benchCompute(b, readShared(b, "enron-email.edges.gz")) }
func BenchmarkDBLP(b *testing.B)  { benchCompute(b, readShared(b, "dblp-2010.edges.gz")) }
func BenchmarkCNR(b *testing.B)   { benchCompute(b, readShared(b, "cnr-2000.edges.gz")) }
func BenchmarkUK(b *testing.B)    { benchCompute(b, readShared(b, "uk-2007-05-100000.edges.gz")) }

// BenchmarkANONET computes the orbits of all 17 ANONET networks, one after
// the other.
func BenchmarkANONET(b *testing.B) {
	var gs []*graph.Graph
	for _, name := range sharedNames(b) {
		if name[0] == "anonet" {
			gs = append(gs, readShared(b, name...))
		}
	}
	cpu0, ok := cputime.Process()
	b.ResetTimer()
	gens, nodes := 0, 0
	for b.Loop() {
		gens, nodes = 0, 0
		for _, g := range gs {
			o, err := Compute(context.Background(), g, nil)
			if err != nil {
				b.Fatal(err)
			}
			gens += o.Generators
			nodes += o.SearchNodes
		}
	}
	if cpu1, _ := cputime.Process(); ok {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(gens), "generators")
	b.ReportMetric(float64(nodes), "searchnodes")
}
