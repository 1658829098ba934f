package graphio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/shareddata"
)

// extensionOf is a file extension for every format.
var extensionOf = map[Format]string{
	EdgeList: ".edges", CSV: ".csv", TSV: ".tsv", Nauty: ".nauty", GraphML: ".graphml", GML: ".gml", Pajek: ".net", MatrixMarket: ".mtx", Binary: ".anonet",
}

// testGraphs are graphs every format must round-trip.
func testGraphs(t testing.TB) map[string]*graph.Graph {
	labels := make([]string, 300)
	for i := range labels {
		labels[i] = "user" + strconv.Itoa(i*7919%1000)
	}
	rg := randomGraph(300, 900, 5)
	rs := rg.Clone()
	if err := rs.SetLabels(labels); err != nil {
		t.Fatal(err)
	}
	return map[string]*graph.Graph{
		"empty":          graph.New(0),
		"one node":       graph.New(1),
		"isolated nodes": mustGraph(t, 6, [][2]int32{{0, 1}, {1, 2}}, nil),
		"string labels":  mustGraph(t, 4, [][2]int32{{0, 1}, {1, 2}, {0, 2}}, []string{"alice", "bob", "carol", "dave"}),
		"numeric labels": mustGraph(t, 4, [][2]int32{{0, 1}, {2, 3}}, []string{"10", "3", "7", "100"}),
		"mixed labels":   mustGraph(t, 5, [][2]int32{{0, 1}, {1, 2}, {3, 4}}, []string{"x", "1", "y", "007", "7"}),
		"header words":   mustGraph(t, 4, [][2]int32{{0, 1}, {2, 3}}, []string{"source", "target", "1", "2"}),
		"random":         rg,
		"random labels":  rs,
	}
}

// TestRoundTrip writes every test graph in every format, plain and
// gzip-compressed, through WriteFile and ReadFile, and checks that the graph
// read is the graph written (with its labels, where the format keeps them).
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for name, g := range testGraphs(t) {
		for _, f := range Formats() {
			for _, gz := range []bool{false, true} {
				path := filepath.Join(dir, "g"+extensionOf[f])
				if gz {
					path += ".gz"
				}
				t.Run(fmt.Sprintf("%s/%s", name, filepath.Base(path)), func(t *testing.T) {
					if err := WriteFile(path, g, WriteOptions{}); err != nil {
						t.Fatal(err)
					}
					raw, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					if isGz := bytes.HasPrefix(raw, []byte{0x1f, 0x8b}); isGz != gz {
						t.Fatalf("file is gzip-compressed: %v, want %v", isGz, gz)
					}
					h, rep, err := ReadFile(path, ReadOptions{})
					if err != nil {
						t.Fatal(err)
					}
					if rep.Format != f || rep.File != path {
						t.Errorf("report names %s, %s; want %s, %s", rep.Format, rep.File, f, path)
					}
					if err := validate(h, rep); err != nil {
						t.Fatal(err)
					}
					if err := sameGraph(g, h, KeepsLabels(f)); err != nil {
						t.Fatal(err)
					}
					if notes := rep.Notes(); rep.Isolated == 0 && len(notes) != 0 {
						t.Errorf("a file anonet wrote was normalised: %v", notes)
					}
				})
			}
		}
	}
}

// TestAwkwardLabels round-trips labels with spaces, quotes, markup, comment
// characters and non-ASCII text through every format that can hold them,
// and checks that the others refuse them with a clear error.
func TestAwkwardLabels(t *testing.T) {
	labels := []string{
		"a b", `quote"d`, "it's", "<tag>&amp;", "&#38;", "#hash", "%pct", "", "  ", "tab\there",
		"line\nbreak", "cr\rx", "→ü中", "nul\x00x", "ctl\x01x", "end]", "[open", "comma,sep", "bad\xffutf8",
	}
	for _, l := range labels {
		for _, f := range Formats() {
			t.Run(fmt.Sprintf("%s/%q", f, l), func(t *testing.T) {
				g := mustGraph(t, 3, [][2]int32{{0, 1}}, []string{l, "other", "iso"})
				want := ""
				switch f {
				case EdgeList:
					want = edgeListLabelProblem(l)
				case GraphML:
					want = graphMLLabelProblem(l)
				case GML:
					want = gmlLabelProblem(l)
				case Pajek:
					want = pajekLabelProblem(l)
				case Binary:
					want = labelProblem(l)
				case CSV, TSV:
					want = tableLabelProblem(l)
				}
				err := roundTrip(g, f)
				if want == "" {
					if err != nil {
						t.Fatal(err)
					}
					return
				}
				var le *labelError
				if !errors.As(err, &le) || le.node != 0 || le.reason != want {
					t.Fatalf("Write = %v; want a label error (%s) for node 0", err, want)
				}
				if !bytes.Contains([]byte(err.Error()), []byte(strconv.Quote(l))) {
					t.Errorf("error %q does not quote the label", err)
				}
			})
		}
	}
}

// TestDuplicateLabels checks that formats that keep labels refuse a graph in
// which two nodes share one, and the others write it.
func TestDuplicateLabels(t *testing.T) {
	g := mustGraph(t, 3, [][2]int32{{0, 1}, {1, 2}}, []string{"x", "y", "x"})
	for _, f := range Formats() {
		err := Write(&bytes.Buffer{}, g, f)
		var le *labelError
		switch {
		case KeepsLabels(f) && (!errors.As(err, &le) || le.other != 0 || le.node != 2):
			t.Errorf("%s: Write = %v; want an error naming nodes 0 and 2", f, err)
		case !KeepsLabels(f) && err != nil:
			t.Errorf("%s: Write = %v", f, err)
		}
	}
}

// TestWriteDeterministic checks that writing is repeatable and that
// reading what anonet wrote and writing it again reaches a fixed point:
// after one read, the nodes are in the order the reader gives them (by
// label), and the bytes written no longer change.
func TestWriteDeterministic(t *testing.T) {
	for name, g := range testGraphs(t) {
		for _, f := range Formats() {
			var a, b bytes.Buffer
			if err := Write(&a, g, f); err != nil {
				t.Fatalf("%s %s: %v", name, f, err)
			}
			if err := Write(&b, g, f); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("%s %s: second write differs (err %v)", name, f, err)
			}
			var out [3][]byte
			out[0] = a.Bytes()
			for i := 1; i < len(out); i++ {
				h, _, err := Read(bytes.NewReader(out[i-1]), name, ReadOptions{Format: f})
				if err != nil {
					t.Fatalf("%s %s: %v", name, f, err)
				}
				var buf bytes.Buffer
				if err := Write(&buf, h, f); err != nil {
					t.Fatalf("%s %s: %v", name, f, err)
				}
				out[i] = buf.Bytes()
			}
			// An edge list does not record node order: non-numeric labels
			// are numbered in order of first appearance, which the edge
			// order of the writer (by node id) need not follow. Its
			// labelled graph is checked by TestRoundTrip instead.
			if isEdgeList(f) && g.HasLabels() && !allNumeric(g) {
				continue
			}
			if !bytes.Equal(out[1], out[2]) {
				t.Errorf("%s %s: write-read-write does not reach a fixed point:\n%s\n---\n%s", name, f, out[1], out[2])
			}
		}
	}
}

// TestSharedDatasetsRoundTrip converts a few shared networks through every
// format.
func TestSharedDatasetsRoundTrip(t *testing.T) {
	dir := shareddata.Dir(t)
	for _, file := range []string{"karate.edges.gz", "lesmis.edges.gz", "anonet/calls.nauty"} {
		g, _, err := ReadFile(filepath.Join(dir, file), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range Formats() {
			if err := roundTrip(g, f); err != nil {
				t.Errorf("%s: %v", file, err)
			}
		}
	}
}

// allNumeric reports whether every label of g is a canonical number.
func allNumeric(g *graph.Graph) bool {
	for _, l := range g.Labels() {
		if !isNumeric([]byte(l)) {
			return false
		}
	}
	return true
}

// TestConcurrent reads and writes every format from many goroutines at once;
// run with -race it checks that the package shares no mutable state.
func TestConcurrent(t *testing.T) {
	g := randomGraph(200, 600, 9)
	files := map[Format][]byte{}
	for _, f := range Formats() {
		var buf bytes.Buffer
		if err := Write(&buf, g, f); err != nil {
			t.Fatal(err)
		}
		files[f] = buf.Bytes()
	}
	done := make(chan error)
	for range 4 {
		for _, f := range Formats() {
			go func() {
				h, _, err := Read(bytes.NewReader(files[f]), string(f), ReadOptions{Format: f})
				if err == nil {
					err = sameGraph(g, h, false)
				}
				if err == nil {
					err = Write(io.Discard, h, f)
				}
				done <- err
			}()
		}
	}
	for range 4 * len(Formats()) {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
