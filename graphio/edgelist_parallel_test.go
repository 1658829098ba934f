package graphio

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
)

// readBoth reads data sequentially and in parallel (batches of a few lines,
// so that records, errors and the end fall anywhere in a batch) and fails
// unless the graphs, labels, reports and errors are the same. It returns
// the number of lines the parallel reads split in workers, so that a test
// can check that the parallel path ran at all.
func readBoth(t *testing.T, data []byte, opt ReadOptions) int {
	t.Helper()
	seq := opt
	seq.Threads = 1
	g1, r1, err1 := Read(bytes.NewReader(data), "x", seq)
	split := 0
	for _, threads := range []int{2, 4} {
		for _, batch := range []int{1, 3, 64} {
			par := opt
			par.Threads, par.batchLines, par.splitLines = threads, batch, &split
			g2, r2, err2 := Read(bytes.NewReader(data), "x", par)
			what := fmt.Sprintf("threads %d, batches of %d lines", threads, batch)
			if fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("%s: error %v, sequentially %v", what, err2, err1)
			}
			if err1 != nil {
				continue
			}
			if err := sameGraph(g1, g2, false); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if !reflect.DeepEqual(g1.Labels(), g2.Labels()) {
				t.Fatalf("%s: labels %q, sequentially %q", what, g2.Labels(), g1.Labels())
			}
			if !reflect.DeepEqual(r1, r2) {
				t.Fatalf("%s: report %+v, sequentially %+v", what, *r2, *r1)
			}
		}
	}
	return split
}

// randomEdgeListText returns an edge list of the given lines, each drawn
// from what edge lists hold, malformed lines included with probability bad.
func randomEdgeListText(r *rand.Rand, lines int, bad float64) []byte {
	var b strings.Builder
	id := func() string {
		switch r.IntN(6) {
		case 0:
			return fmt.Sprintf("n%d", r.IntN(30))
		case 1:
			return fmt.Sprintf("\"q %d\"", r.IntN(5))
		case 2:
			return fmt.Sprintf("\"a\"\"%d\"", r.IntN(3)) // a quote inside
		default:
			return fmt.Sprint(r.IntN(60))
		}
	}
	ends := []string{"\n", "\n", "\n", "\r\n", "\r"}
	for range lines {
		switch x := r.IntN(20); {
		case x == 0:
			b.WriteString("# a comment")
		case x == 1:
			b.WriteString("")
		case x == 2:
			b.WriteString(" ,, ")
		case x == 3:
			fmt.Fprintf(&b, "%s %s %d extra", id(), id(), r.IntN(9))
		case x == 4:
			fmt.Fprintf(&b, "%s,%s", id(), id())
		case r.Float64() < bad:
			switch r.IntN(4) {
			case 0:
				b.WriteString(id()) // one column
			case 1:
				b.WriteString("1 \xff\xfe")
			case 2:
				b.WriteString("\"open 1")
			default:
				b.WriteString("3 0\x00")
			}
		default:
			fmt.Fprintf(&b, "%s\t%s", id(), id())
		}
		b.WriteString(ends[r.IntN(len(ends))])
	}
	return []byte(b.String())
}

// TestReadEdgeListParallel: reading an edge list in parallel gives what
// reading it sequentially gives (graph, labels, report, error and its
// line), on random files with every kind of line, headers and options.
func TestReadEdgeListParallel(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 7))
	split := 0
	for i := range 60 {
		bad := 0.0
		if i%3 == 2 {
			bad = 0.02
		}
		data := randomEdgeListText(r, 5+r.IntN(200), bad)
		if i%4 == 1 {
			data = append([]byte("source target\n"), data...)
		}
		if i%5 == 4 {
			data = append([]byte(EdgeListMagic+"\n"), data...)
		}
		for _, opt := range []ReadOptions{
			{Format: EdgeList},
			{Format: EdgeList, Directed: true},
			{Format: EdgeList, Header: HeaderYes},
			{Format: EdgeList, Delimiter: ','},
			{Format: EdgeList, MaxNodes: 40},
			{Format: EdgeList, Comments: "%"},
		} {
			split += readBoth(t, data, opt)
			split += readBoth(t, gz(t, data), opt)
		}
	}
	// Most lines are well-formed edges past the header: the workers must
	// have split them, or the comparison above checked nothing.
	if split < 60*2*6*6*20 {
		t.Errorf("the workers split only %d lines: the parallel path hardly ran", split)
	}
}

// FuzzReadEdgeListParallel checks the parallel reader against the
// sequential one on any input.
func FuzzReadEdgeListParallel(f *testing.F) {
	addSeeds(f, EdgeList, "1 2\n2 3\n3 4\n4 5\n", "a b\n#c\n\nb c\nc d\r\nd e\re f\n", "u v\n1 2\n2\n3 4\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		readBoth(t, data, ReadOptions{Format: EdgeList})
	})
}

// stallingReader gives its data, then blocks until release is closed.
type stallingReader struct {
	data    []byte
	release chan struct{}
}

func (s *stallingReader) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		<-s.release
		return 0, io.EOF
	}
	n := copy(p, s.data)
	s.data = s.data[n:]
	return n, nil
}

// TestReadErrorFromStalledPipe: input that may block (here a reader that
// stalls after a malformed line, as a pipe whose writer pauses) is read
// sequentially, so the error comes back at once instead of after the
// parallel reader's batch, which would wait on the pipe.
func TestReadErrorFromStalledPipe(t *testing.T) {
	r := &stallingReader{data: []byte("1 2\n2 3\n3 4\n4 5\n5\n"), release: make(chan struct{})}
	defer close(r.release)
	done := make(chan error, 1)
	go func() {
		_, _, err := Read(r, "pipe", ReadOptions{Format: EdgeList, Threads: 4})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "pipe:5") {
			t.Fatalf("error %v, want the one-column error of line 5", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read waited on the stalled input instead of reporting line 5")
	}
}

// TestSplitEdgeLine: the exported splitter finds what Read finds on a
// one-line edge list: the same two ids, no data on blank and comment
// lines, and an error on a malformed quoted field.
func TestSplitEdgeLine(t *testing.T) {
	for _, tt := range []struct {
		line       string
		f0, f1     string
		n          int
		data, fail bool
	}{
		{line: "a b", f0: "a", f1: "b", n: 2, data: true},
		{line: " \ta,b,c", f0: "a", f1: "b", n: 3, data: true},
		{line: `"x y",z`, f0: "x y", f1: "z", n: 2, data: true},
		{line: `"say ""hi""" b`, f0: `say "hi"`, f1: "b", n: 2, data: true},
		{line: "solo", f0: "solo", n: 1, data: true},
		{line: "", data: false},
		{line: " ,\t", data: false},
		{line: "  # a b", data: false},
		{line: "% a b", data: false},
		{line: `"open b`, data: true, fail: true},
	} {
		f0, f1, n, data, err := SplitEdgeLine([]byte(tt.line))
		if data != tt.data || (err != nil) != tt.fail {
			t.Fatalf("%q: data %v, error %v", tt.line, data, err)
		}
		if tt.fail || !data {
			continue
		}
		if string(f0) != tt.f0 || string(f1) != tt.f1 || n != tt.n {
			t.Fatalf("%q: fields %q %q (%d), want %q %q (%d)", tt.line, f0, f1, n, tt.f0, tt.f1, tt.n)
		}
		if n < 2 {
			continue
		}
		g, _, err := Read(strings.NewReader(tt.line+"\n"), "one", ReadOptions{Format: EdgeList, Header: HeaderNo})
		if err != nil {
			t.Fatal(err)
		}
		got := []string{g.Label(0), g.Label(1)}
		if got[0] != tt.f0 || got[1] != tt.f1 {
			t.Fatalf("%q: Read finds %q, SplitEdgeLine %q %q", tt.line, got, tt.f0, tt.f1)
		}
	}
}

// TestSeparators: isSep accepts exactly the bytes of separators, and the
// anonet mark is found after separators only.
func TestSeparators(t *testing.T) {
	for c := range 256 {
		if isSep(byte(c)) != strings.ContainsRune(separators, rune(c)) {
			t.Fatalf("isSep(%q) = %v, separators disagree", byte(c), isSep(byte(c)))
		}
	}
	for line, want := range map[string]bool{
		EdgeListMagic + ": 3 nodes": true,
		" ,\t" + EdgeListMagic:      true,
		"# a comment":               false,
		"x " + EdgeListMagic:        false,
		"":                          false,
	} {
		if got := HasEdgeListMagic([]byte(line)); got != want {
			t.Errorf("HasEdgeListMagic(%q) = %v, want %v", line, got, want)
		}
	}
}
