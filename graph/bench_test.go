package graph

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// randomGraph returns a graph with n nodes and about m random edges.
func benchGraph(n, m int) *Graph {
	r := rand.New(rand.NewPCG(1, 2))
	pairs := make([]Edge, m)
	for i := range pairs {
		pairs[i] = Edge{int32(r.IntN(n)), int32(r.IntN(n))}
	}
	g, _, _ := FromEdges(n, pairs, nil)
	return g
}

// BenchmarkRandomEdge draws uniformly random edges of a 10^6-edge graph.
func BenchmarkRandomEdge(b *testing.B) {
	g := benchGraph(100_000, 1_000_000)
	r := rand.New(rand.NewPCG(3, 4))
	var sink Edge
	for b.Loop() {
		sink = g.RandomEdge(r)
	}
	_ = sink
}

// BenchmarkDeleteAddEdge deletes a random edge of a 10^6-edge graph and
// adds it back: one op is one deletion and one addition.
func BenchmarkDeleteAddEdge(b *testing.B) {
	g := benchGraph(100_000, 1_000_000)
	r := rand.New(rand.NewPCG(3, 4))
	for b.Loop() {
		e := g.RandomEdge(r)
		g.DeleteEdge(e.U, e.V)
		g.AddEdge(e.U, e.V)
	}
}

// BenchmarkHasEdge looks up random pairs in a 10^6-edge graph.
func BenchmarkHasEdge(b *testing.B) {
	g := benchGraph(100_000, 1_000_000)
	r := rand.New(rand.NewPCG(3, 4))
	for b.Loop() {
		g.HasEdge(int32(r.IntN(100_000)), int32(r.IntN(100_000)))
	}
}

// BenchmarkTriangleCounts counts the triangles at every node of a
// 10^6-edge graph with all cores.
func BenchmarkTriangleCounts(b *testing.B) {
	g := benchGraph(100_000, 1_000_000)
	for b.Loop() {
		g.TriangleCounts(runtime.GOMAXPROCS(0))
	}
}

// BenchmarkBall2 extracts 2-balls with their induced subgraphs.
func BenchmarkBall2(b *testing.B) {
	g := benchGraph(100_000, 1_000_000)
	var ball Ball
	v := int32(0)
	for b.Loop() {
		g.Ball(v, 2, &ball)
		v = (v + 7919) % 100_000
	}
}

// BenchmarkMemory builds a graph of 10^6 nodes and 10^7 edges and reports
// the heap it occupies per edge and per node.
func BenchmarkMemory(b *testing.B) {
	if testing.Short() {
		b.Skip("large graph")
	}
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		g := benchGraph(1_000_000, 10_000_000)
		runtime.GC()
		runtime.ReadMemStats(&after)
		used := float64(after.HeapAlloc - before.HeapAlloc)
		b.ReportMetric(used/float64(g.NumEdges()), "bytes/edge")
		b.ReportMetric(used/1e6, "MB")
		runtime.KeepAlive(g)
	}
}

// BenchmarkTriangleCountsScattered counts the triangles of a ring
// lattice of 2^22 nodes, each tied to its next 8 (3.4·10^7 edges, arrays
// of 16 MB per counter), whose ids are shuffled as a release's are: as
// they come (plain) and renumbered breadth-first first (localized, the
// renumbering included), with all cores.
func BenchmarkTriangleCountsScattered(b *testing.B) {
	f := shuffledLattice(1<<22, 8, rand.New(rand.NewPCG(5, 6)))
	threads := runtime.GOMAXPROCS(0)
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			f.TriangleCounts(threads)
		}
	})
	b.Run("localized", func(b *testing.B) {
		for b.Loop() {
			f.TriangleCountsLocalized(threads)
		}
	})
}
