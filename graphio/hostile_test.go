package graphio

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestHostileSizes: tiny files that declare huge node counts are refused
// without taking the memory (issue 14, finding 5), unless MaxNodes says to
// trust the count; a count the file could describe is accepted.
func TestHostileSizes(t *testing.T) {
	type hostileCase struct {
		name   string
		format Format
		data   string
		opt    ReadOptions
		msg    string // "" for success
		nodes  int
	}
	tests := []hostileCase{
		{"nauty 2e9", Nauty, "!n=2000000000\n", ReadOptions{}, "1:4: the header declares 2000000000 nodes, more than a file of 14 bytes can describe", 0},
		{"pajek 2e9", Pajek, "*Vertices 2000000000\n", ReadOptions{}, "1:1: the header declares 2000000000 nodes", 0},
		{"pajek 2e9 with a far vertex", Pajek, "*Vertices 2000000000\n1999999999 x\n*Edges\n1 1999999999\n", ReadOptions{}, "declares 2000000000 nodes", 0},
		{"mtx 2e9", MatrixMarket, "%%MatrixMarket matrix coordinate pattern symmetric\n2000000000 2000000000 0\n", ReadOptions{}, "2:1: the header declares 2000000000 nodes", 0},
		{"nauty over MaxNodes", Nauty, "!n=5000\n", ReadOptions{MaxNodes: 4096}, "exceed the limit of 4096", 0},
		{"nauty within the floor", Nauty, "!n=65536\n", ReadOptions{}, "", 65536},
		{"nauty trusted by MaxNodes", Nauty, "!n=100000\n", ReadOptions{MaxNodes: 100000}, "", 100000},
		{"nauty untrusted", Nauty, "!n=100000\n", ReadOptions{}, "declares 100000 nodes", 0},
	}
	// Gzip bombs: a small compressed file whose decompressed content
	// (comment lines of spaces) would justify the count if decompressed
	// bytes were what is trusted (issue 37).
	for _, b := range bombs {
		data := string(bombData(t, b, 1_000_000))
		tests = append(tests,
			hostileCase{"gzip bomb " + string(b.format), b.format, data, ReadOptions{},
				fmt.Sprintf("the header declares 1000000 nodes, more than a file of %d bytes can describe", len(data)), 0},
			hostileCase{"gzip bomb trusted " + string(b.format), b.format, data, ReadOptions{MaxNodes: 1_000_000}, "", 1_000_000})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Format = tc.format
			g, _, allocated, err := readMeasured([]byte(tc.data), opt)
			if allocated > 100<<20 {
				t.Errorf("allocated %d MB", allocated>>20)
			}
			if tc.msg == "" {
				if err != nil || g.NumNodes() != tc.nodes {
					t.Fatalf("err %v, want %d nodes", err, tc.nodes)
				}
				return
			}
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err %v, want a ParseError with %q", err, tc.msg)
			}
		})
	}
}

// A bomb is a file of one format declaring many nodes, padded with blank
// comment lines to a large size that compresses to a tiny one.
type bomb struct {
	format Format
	head   string // the content before the padding, with %d for the node count
	pad    string // a comment line's first byte
	tail   string // the content after the padding, with %d for the node count
}

var bombs = []bomb{
	{Nauty, "!n=%d\n", "!", ""},
	{MatrixMarket, "%%MatrixMarket matrix coordinate pattern symmetric\n", "%", "%d %d 0\n"},
	{Pajek, "", "%", "*Vertices %d\n"},
}

// bombData returns the gzip-compressed bomb b declaring n nodes, padded to
// about 8 bytes of content per node, which is more than DeclaredPerByte
// needs but compresses a thousand times.
func bombData(t testing.TB, b bomb, n int) []byte {
	fill := func(s string) string {
		if strings.Contains(s, "%d %d") {
			return fmt.Sprintf(s, n, n)
		}
		if strings.Contains(s, "%d") {
			return fmt.Sprintf(s, n)
		}
		return s
	}
	var text strings.Builder
	text.WriteString(fill(b.head))
	line := b.pad + strings.Repeat(" ", 1<<16) + "\n"
	for text.Len() < DeclaredPerByte*n {
		text.WriteString(line)
	}
	text.WriteString(fill(b.tail))
	return gz(t, []byte(text.String()))
}

// endless yields the byte c forever, counting what was read.
type endless struct {
	c    byte
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.c
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestEndlessInput: an endless run of NUL bytes (/dev/zero) is refused
// within the first 64 KiB by every reader, an endless line of letters
// within the first MiB and a bit (PlainLineBytes and one read buffer), and
// an endless line of digits there too unless the format has adjacency
// lists (nauty, Pajek), whose lines may be DefaultMaxLineBytes long.
func TestEndlessInput(t *testing.T) {
	for _, f := range Formats() {
		for _, c := range []byte{0, 'a', '1'} {
			src := &endless{c: c}
			_, _, err := Read(src, "endless", ReadOptions{Format: f})
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("%s, endless %q: err %v", f, c, err)
			}
			limit := int64(PlainLineBytes + 1<<16)
			switch {
			case c == 0:
				limit = 1 << 16
			case c == '1' && (f == Nauty || f == Pajek):
				limit = DefaultMaxLineBytes + 1<<16
			}
			if src.read > limit {
				t.Errorf("%s, endless %q: read %d bytes before refusing", f, c, src.read)
			}
		}
	}
}

// TestLineEndings: CR-only, LF and CRLF line endings read alike (issue 14,
// finding 7).
func TestLineEndings(t *testing.T) {
	for _, data := range []string{"1 2\r2 3\r3 1\r", "1 2\n2 3\n3 1\n", "1 2\r\n2 3\r\n3 1\r\n", "1 2\r2 3\n3 1\r\n", "1 2\r2 3\r3 1"} {
		g, _, err := Read(strings.NewReader(data), "x", ReadOptions{Format: EdgeList})
		if err != nil || g.NumNodes() != 3 || g.NumEdges() != 3 {
			t.Errorf("%q: err %v, graph %v", data, err, g)
		}
	}
	// Split into one-byte reads, a CRLF falls across two reads.
	g, _, err := Read(iotest.OneByteReader(strings.NewReader("1 2\r\n2 3\r\n\r\n3 1\r4 5")), "x", ReadOptions{Format: EdgeList})
	if err != nil || g.NumNodes() != 5 || g.NumEdges() != 4 {
		t.Errorf("one-byte reads: err %v, graph %v", err, g)
	}
}

// TestEdgeListOptions: headers over phone numbers, RFC 4180 quoted fields,
// an explicit delimiter and comment characters (issue 14, finding 7).
func TestEdgeListOptions(t *testing.T) {
	tests := []struct {
		name   string
		data   string
		opt    ReadOptions
		labels string // the sorted labels, space-separated
		edges  int
		header bool
		msg    string // an expected error
	}{
		{"phone header", "caller,callee,duration\n+31612345678,+31687654321,60\n+31687654321,+31600000000,5\n", ReadOptions{}, "+31600000000 +31612345678 +31687654321", 2, true, ""},
		{"numeric header", "a,b\n1,2\n", ReadOptions{}, "1 2", 1, true, ""},
		{"no header", "a b\nb c\n", ReadOptions{}, "a b c", 2, false, ""},
		{"forced header", "x y\n1 2\n2 3\n", ReadOptions{Header: HeaderYes}, "1 2 3", 2, true, ""},
		{"forced no header", "caller,callee\n+1,+2\n", ReadOptions{Header: HeaderNo}, "+1 +2 callee caller", 2, false, ""},
		{"quoted", "\"Smith, John\",\"Doe, Jane\"\n\"Doe, Jane\",\"O\"\"Neil\"\n", ReadOptions{}, "Doe, Jane O\"Neil Smith, John", 2, false, ""},
		{"quoted not closed", "\"Smith, John,Doe\n", ReadOptions{}, "", 0, false, "1:1: quoted field not closed"},
		{"text after quote", "\"a\"b c\n", ReadOptions{}, "", 0, false, "1:4: text after the closing quote"},
		{"delimiter", "Ann Lee;Bob Ray\nBob Ray; Cy\n", ReadOptions{Delimiter: ';', Header: HeaderNo}, "Ann Lee Bob Ray Cy", 2, false, ""},
		{"empty field", "a;;b\n", ReadOptions{Delimiter: ';'}, "", 0, false, "empty node id"},
		{"comments", "// c\n1 2\n#3 4\n", ReadOptions{Comments: "/"}, "#3 1 2 4", 2, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Format = EdgeList
			g, rep, err := Read(strings.NewReader(tc.data), "x", opt)
			if tc.msg != "" {
				if err == nil || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("err %v, want %q", err, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var labels []string
			for v := range int32(g.NumNodes()) {
				labels = append(labels, g.Label(v))
			}
			slices.Sort(labels)
			if got := strings.Join(labels, " "); got != tc.labels || g.NumEdges() != tc.edges || rep.HeaderSkipped != tc.header {
				t.Errorf("labels %q, %d edges, header %v", got, g.NumEdges(), rep.HeaderSkipped)
			}
		})
	}
}

// TestNotEnoughMemory: a trusted declared count that does not fit in the
// memory limit is ErrNotEnoughMemory, not a parse problem of the input.
func TestNotEnoughMemory(t *testing.T) {
	old := debug.SetMemoryLimit(1 << 20)
	defer debug.SetMemoryLimit(old)
	_, _, err := Read(strings.NewReader("!n=100000\n"), "x", ReadOptions{Format: Nauty, MaxNodes: 100000})
	if !errors.Is(err, ErrNotEnoughMemory) {
		t.Errorf("err %v", err)
	}
}

// TestLongListLines: a nauty adjacency line longer than PlainLineBytes
// reads when it lists numbers only, and is refused at the first other byte;
// an edge-list line that long is refused.
func TestLongListLines(t *testing.T) {
	const n = 300000 // "1 2 … 299999;" is about 2 MB
	var hub strings.Builder
	hub.WriteString("!n=300000\n0 :")
	for v := 1; v < n; v++ {
		fmt.Fprintf(&hub, " %d", v)
	}
	g, _, err := Read(strings.NewReader(hub.String()+";\n"), "hub", ReadOptions{Format: Nauty})
	if err != nil || g.NumEdges() != n-1 {
		t.Fatalf("hub line of %d bytes: %v", hub.Len(), err)
	}
	bad := hub.String()[:PlainLineBytes+100] + "x" + hub.String()[PlainLineBytes+101:] + ";\n"
	_, _, err = Read(strings.NewReader(bad), "bad", ReadOptions{Format: Nauty})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column != PlainLineBytes+100-len("!n=300000\n")+1 {
		t.Errorf("letter in a long nauty line: %v", err)
	}
	long := "1 2 " + strings.Repeat(" ", PlainLineBytes) + "\n"
	if _, _, err = Read(strings.NewReader(long), "long", ReadOptions{Format: EdgeList}); !errors.As(err, &pe) || !strings.Contains(pe.Error(), "line longer than 1048576 bytes") {
		t.Errorf("long edge-list line: %v", err)
	}
}
