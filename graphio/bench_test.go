package graphio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// randomEdgeList returns an edge list of m random edges on about n nodes,
// with numeric ids or, if strs, string ids such as "user12345".
func randomEdgeList(n, m int, strs bool, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 99))
	var buf bytes.Buffer
	buf.Grow(m * 16)
	buf.WriteString("# random test graph\n")
	var line []byte
	for range m {
		line = line[:0]
		for k := range 2 {
			if strs {
				line = append(line, "user"...)
			}
			line = strconv.AppendInt(line, int64(r.IntN(n)), 10)
			if k == 0 {
				line = append(line, '\t')
			}
		}
		line = append(line, '\n')
		buf.Write(line)
	}
	return buf.Bytes()
}

// randomGraph returns a graph with m random edge records on n nodes.
func randomGraph(n, m int, seed uint64) *graph.Graph {
	r := rand.New(rand.NewPCG(seed, 7))
	pairs := make([]graph.Edge, m)
	for i := range pairs {
		pairs[i] = graph.Edge{U: int32(r.IntN(n)), V: int32(r.IntN(n))}
	}
	g, _, err := graph.FromEdges(n, pairs, nil)
	if err != nil {
		panic(err)
	}
	return g
}

func benchRead(b *testing.B, data []byte, f Format) {
	b.Helper()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		g, _, err := Read(bytes.NewReader(data), "bench", ReadOptions{Format: f})
		if err != nil {
			b.Fatal(err)
		}
		if g.NumEdges() == 0 {
			b.Fatal("no edges")
		}
	}
}

// BenchmarkReadEdgeList reads a random edge list of 10^6 edges on 10^5 or
// 10^6 nodes, with numeric or string ids.
func BenchmarkReadEdgeList(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, strs := range []bool{false, true} {
			kind := "numeric"
			if strs {
				kind = "string"
			}
			b.Run(fmt.Sprintf("m=1e6/n=%d/%s", n, kind), func(b *testing.B) {
				benchRead(b, randomEdgeList(n, 1_000_000, strs, 1), EdgeList)
			})
		}
	}
}

// BenchmarkReadNauty reads the nauty form of a random graph with about 10^6
// edges (2·10^6 arcs).
func BenchmarkReadNauty(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("m=1e6/n=%d", n), func(b *testing.B) {
			var buf bytes.Buffer
			if err := Write(&buf, randomGraph(n, 1_000_000, 1), Nauty); err != nil {
				b.Fatal(err)
			}
			benchRead(b, buf.Bytes(), Nauty)
		})
	}
}

// BenchmarkReadFormats reads a random graph with 10^5 edges in every format.
func BenchmarkReadFormats(b *testing.B) {
	g := randomGraph(20_000, 100_000, 2)
	for _, f := range Formats() {
		b.Run(string(f), func(b *testing.B) {
			var buf bytes.Buffer
			if err := Write(&buf, g, f); err != nil {
				b.Skip(err)
			}
			benchRead(b, buf.Bytes(), f)
		})
	}
}

// BenchmarkWriteFormats writes a random graph with 10^5 edges in every
// format.
func BenchmarkWriteFormats(b *testing.B) {
	g := randomGraph(20_000, 100_000, 2)
	for _, f := range Formats() {
		b.Run(string(f), func(b *testing.B) {
			var buf bytes.Buffer
			if err := Write(&buf, g, f); err != nil {
				b.Skip(err)
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := Write(&buf, g, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadFile reads a random graph of 10^6 nodes and 4·10^6 edges
// from a file: as an edge list, and in the binary format (memory-mapped).
func BenchmarkReadFile(b *testing.B) {
	g := randomGraph(1_000_000, 4_000_000, 3)
	dir := b.TempDir()
	for _, f := range []Format{EdgeList, Binary} {
		path := filepath.Join(dir, "g"+map[Format]string{EdgeList: ".edges", Binary: ".anonet"}[f])
		if err := WriteFile(path, g, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
		st, _ := os.Stat(path)
		b.Run(string(f), func(b *testing.B) {
			b.SetBytes(st.Size())
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := ReadFile(path, ReadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWriteEdgeList writes a random graph of 10^6 edges as an edge
// list to a file, plain and gzip-compressed, with one and two threads.
func BenchmarkWriteEdgeList(b *testing.B) {
	g := randomGraph(200_000, 1_000_000, 4)
	dir := b.TempDir()
	for _, name := range []string{"g.edges", "g.edges.gz"} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", name, threads), func(b *testing.B) {
				path := filepath.Join(dir, name)
				b.ReportAllocs()
				for b.Loop() {
					if err := WriteFile(path, g, WriteOptions{Threads: threads}); err != nil {
						b.Fatal(err)
					}
				}
				st, err := os.Stat(path)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(st.Size())/1e6, "MB")
			})
		}
	}
}
