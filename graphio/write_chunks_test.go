package graphio

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// typedTestGraphs returns a directed graph with layers and an undirected
// one with layers, read from random edge lists.
func typedTestGraphs(t *testing.T) map[string]*graph.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(4, 4))
	var b strings.Builder
	for range 3000 {
		fmt.Fprintf(&b, "n%d n%d layer%d\n", r.IntN(400), r.IntN(400), r.IntN(3))
	}
	out := map[string]*graph.Graph{}
	for _, directed := range []bool{false, true} {
		g, _, err := Read(strings.NewReader(b.String()), "typed.txt", ReadOptions{Format: EdgeList, Directed: directed, LayerColumn: "3"})
		if err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("layers, directed %v", directed)] = g
	}
	return out
}

// plainEdgeList formats an untyped graph's edge list independently of the
// writer: the header, its sorted edges, then its isolated nodes.
func plainEdgeList(g *graph.Graph) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d nodes, %d edges; a line with a single id is an isolated node\n", EdgeListMagic, g.NumNodes(), g.NumEdges())
	name := func(v int32) string {
		if g.HasLabels() {
			return g.Label(v)
		}
		return fmt.Sprint(v)
	}
	for _, e := range g.SortedEdges() {
		fmt.Fprintf(&b, "%s %s\n", name(e.U), name(e.V))
	}
	for v := range int32(g.NumNodes()) {
		if g.Degree(v) == 0 {
			fmt.Fprintf(&b, "%s\n", name(v))
		}
	}
	return b.String()
}

// TestWriteEdgeListChunks: an edge list is the same bytes for every number
// of threads and chunk size, and for untyped graphs the bytes of an
// independent formatting.
func TestWriteEdgeListChunks(t *testing.T) {
	graphs := testGraphs(t)
	for name, g := range typedTestGraphs(t) {
		graphs[name] = g
	}
	for name, g := range graphs {
		var want bytes.Buffer
		if err := writeEdgeListChunks(&want, g, 1, 1<<30, nil); err != nil {
			t.Fatal(err)
		}
		if !g.Directed() && g.Layers() == nil {
			if want.String() != plainEdgeList(g) {
				t.Fatalf("%s: the edge list differs from the plain formatting:\n%s\nwant\n%s", name, want.String(), plainEdgeList(g))
			}
		}
		for _, threads := range []int{1, 2, 3, 8} {
			for _, chunk := range []int{1, 7, 100} {
				var got bytes.Buffer
				if err := writeEdgeListChunks(&got, g, threads, chunk, nil); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("%s, %d threads, chunks of %d edges: the bytes differ", name, threads, chunk)
				}
			}
		}
	}
}

// gzipMembers returns the number of gzip members of the file, and fails
// the test if one of them is empty.
func gzipMembers(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	br := bufio.NewReader(f) // one reader for every member, so none is lost to read-ahead
	zr, err := gzip.NewReader(br)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		zr.Multistream(false)
		if k, err := io.Copy(io.Discard, zr); err != nil {
			t.Fatal(err)
		} else if k == 0 {
			t.Fatalf("member %d is empty", n+1)
		}
		n++
		if err := zr.Reset(br); err == io.EOF {
			return n
		} else if err != nil {
			t.Fatal(err)
		}
	}
}

// TestWriteFileGzipChunks: a .gz edge list is compressed in chunks, one
// gzip member each, the same file for every number of threads; it
// decompresses to the plain edge list and reads back as the graph.
func TestWriteFileGzipChunks(t *testing.T) {
	g := randomGraph(5_000, 3*writeChunkEdges, 8) // no isolated nodes: their pass writes nothing
	var plain bytes.Buffer
	if err := Write(&plain, g, EdgeList); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var first []byte
	for _, threads := range []int{1, 2, 4} {
		path := filepath.Join(dir, fmt.Sprintf("t%d.edges.gz", threads))
		if err := WriteFile(path, g, WriteOptions{Threads: threads}); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = data
			if m := gzipMembers(t, path); m < 3 {
				t.Fatalf("%d gzip members, want one per chunk (at least 3)", m)
			}
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			text, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(text, plain.Bytes()) {
				t.Fatal("the decompressed file is not the plain edge list")
			}
			back, _, err := ReadFile(path, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := sameGraph(g, back, false); err != nil {
				t.Fatal(err)
			}
		} else if !bytes.Equal(data, first) {
			t.Fatalf("%d threads: the file differs from one thread's", threads)
		}
	}
	// After other content went through the file's own compressor, the
	// edge list follows it in the same gzip member.
	p, err := CreatePending(filepath.Join(dir, "mixed.edges.gz"))
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(p, "# first\n")
	if err := WriteWith(p, g, WriteOptions{Format: EdgeList, Threads: 4}); err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	if m := gzipMembers(t, filepath.Join(dir, "mixed.edges.gz")); m != 1 {
		t.Fatalf("%d gzip members, want 1", m)
	}
}

// failAfter accepts n bytes, then fails.
type failAfter struct{ n int }

var errFull = errors.New("disk full")

func (f *failAfter) Write(b []byte) (int, error) {
	if len(b) > f.n {
		k := f.n
		f.n = 0
		return k, errFull
	}
	f.n -= len(b)
	return len(b), nil
}

// TestWriteEdgeListChunksError: a failing destination stops the writer
// with its error, whatever the number of threads.
func TestWriteEdgeListChunksError(t *testing.T) {
	g := randomGraph(2000, 20_000, 3)
	for _, threads := range []int{1, 4} {
		for _, n := range []int{0, 10, 50_000} {
			err := writeEdgeListChunks(&failAfter{n: n}, g, threads, 100, nil)
			if !errors.Is(err, errFull) {
				t.Fatalf("%d threads, failing after %d bytes: got %v, want %v", threads, n, err, errFull)
			}
		}
	}
}
