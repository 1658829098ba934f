package graphio

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBadInput reads malformed input in every format and checks that the
// error is a *ParseError naming the file, the line (and column, where
// given) and the problem.
func TestBadInput(t *testing.T) {
	const hyper = `<graphml><graph edgedefault="undirected"><node id="a"/>
<hyperedge><endpoint node="a"/></hyperedge></graph></graphml>`
	tests := []struct {
		name   string
		format Format
		opt    ReadOptions
		in     string
		line   int // want this line (0: no line)
		col    int // want this column if > 0
		msg    string
	}{
		// Edge lists.
		{"empty file", EdgeList, ReadOptions{}, "", 0, 0, "no edges or nodes found (empty file?)"},
		{"comments only", EdgeList, ReadOptions{}, "# nothing\n\n% here\n", 0, 0, "no edges or nodes found"},
		{"binary garbage", EdgeList, ReadOptions{}, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, 1, `"\x89PNG" is not valid UTF-8 (is this a binary file?)`},
		{"NUL byte", EdgeList, ReadOptions{}, "1 2\n3 \x004\n", 2, 3, "NUL byte in text (is this a binary file?)"},
		{"invalid UTF-8", EdgeList, ReadOptions{}, "1 2\n\xff\xfe \x80\n", 2, 1, "not valid UTF-8"},
		{"one column", EdgeList, ReadOptions{}, "1 2\n  3\n", 2, 3, "line has one column; an edge needs two node ids"},
		{"one column first", EdgeList, ReadOptions{}, "alice\nbob carol\n", 1, 1, "line has one column"},
		{"one column with a delimiter", EdgeList, ReadOptions{}, "1 2\n3;4\n", 2, 1, "the line holds ';': if it separates the fields, give --delimiter ';'"},
		{"too many nodes", EdgeList, ReadOptions{MaxNodes: 3}, "1 2\n3 4\n", 2, 0, "4 nodes exceed the limit of 3 set by ReadOptions.MaxNodes"},

		// Nauty.
		{"nauty empty", Nauty, ReadOptions{}, "", 0, 0, "empty file"},
		{"nauty no header", Nauty, ReadOptions{}, "0: 1;\n", 1, 0, "missing !n= header line"},
		{"nauty non-numeric ids", Nauty, ReadOptions{}, "!n=3\n0: a b;\n", 2, 4, "unexpected character 'a'"},
		{"nauty id >= n", Nauty, ReadOptions{}, "!n=3\n0: 1 3;\n", 2, 6, "vertex 3 out of range: the header says n=3, so vertices are 0..2"},
		{"nauty negative id", Nauty, ReadOptions{}, "!n=3\n0: -1;\n", 2, 4, "negative vertex number"},
		{"nauty n smaller than ids used", Nauty, ReadOptions{}, "!n=2\n!m=4\n0: 1;\n1: 0;\n2: 0;\n", 5, 1, "vertex 2 out of range"},
		{"nauty too many ;", Nauty, ReadOptions{}, "!n=2\n1;0;1;\n", 2, 5, "arc from vertex 2, but the header says n=2"},
		{"nauty n twice", Nauty, ReadOptions{}, "!n=2 !n=3\n", 1, 7, "header gives n= twice"},
		{"nauty n not a number", Nauty, ReadOptions{}, "!n=x\n", 1, 4, "header n= is not followed by a number"},
		{"nauty decimal", Nauty, ReadOptions{}, "!n=3\n0: 1.5;\n", 2, 5, "unexpected '.' in a number"},
		{"nauty binary", Nauty, ReadOptions{}, "!n=3\n\x00\x01", 2, 1, "NUL byte"},
		{"nauty id beyond n=0", Nauty, ReadOptions{}, "!n=0\n0;\n", 2, 1, "there are no vertices"},
		{"nauty n over limit", Nauty, ReadOptions{MaxNodes: 100}, "!n=101\n", 1, 4, "header n=101: 101 nodes exceed the limit of 100"},
		{"nauty n over 2^31", Nauty, ReadOptions{}, "!n=99999999999\n", 1, 4, "exceed the limit of 2^31-1"},

		// GraphML.
		{"graphml empty", GraphML, ReadOptions{}, "", 0, 0, "empty document: no <graphml> element"},
		{"graphml garbage", GraphML, ReadOptions{}, "\x00\x01\x02", 1, 0, "NUL byte in text"},
		{"graphml not graphml", GraphML, ReadOptions{}, "<?xml version=\"1.0\"?>\n<svg/>", 2, 0, "not a GraphML document: the root element is <svg>"},
		{"graphml no graph", GraphML, ReadOptions{}, "<graphml>\n</graphml>", 0, 0, "the document holds no <graph> element"},
		{"graphml hyperedge", GraphML, ReadOptions{}, hyper, 2, 0, "hyperedges are not supported"},
		{"graphml nested graph", GraphML, ReadOptions{}, "<graphml><graph><node id=\"a\">\n<graph/></node></graph></graphml>", 2, 0, "nested graphs (a <graph> inside <node>) are not supported"},
		{"graphml two graphs", GraphML, ReadOptions{}, "<graphml><graph/>\n<graph/></graphml>", 2, 0, "more than one <graph>"},
		{"graphml node without id", GraphML, ReadOptions{}, "<graphml><graph>\n\n<node/></graph></graphml>", 3, 0, "<node> without an id"},
		{"graphml node twice", GraphML, ReadOptions{}, "<graphml><graph><node id=\"a\"/>\n<node id=\"a\"/></graph></graphml>", 2, 0, `node "a" is declared twice`},
		{"graphml edge without target", GraphML, ReadOptions{}, "<graphml><graph><edge source=\"a\"/></graph></graphml>", 1, 0, "<edge> needs a source and a target"},
		{"graphml bad edgedefault", GraphML, ReadOptions{}, "<graphml><graph edgedefault=\"sideways\"/></graphml>", 1, 0, `edgedefault="sideways"`},
		{"graphml bad directed", GraphML, ReadOptions{}, "<graphml><graph><edge source=\"a\" target=\"b\" directed=\"yes\"/></graph></graphml>", 1, 0, `directed="yes"`},
		{"graphml truncated", GraphML, ReadOptions{}, "<graphml><graph>\n<node id=\"a\"/>", 2, 0, "XML: unexpected EOF"},
		{"graphml encoding", GraphML, ReadOptions{}, "<?xml version=\"1.0\" encoding=\"EBCDIC\"?><graphml/>", 1, 0, `unsupported encoding "EBCDIC"`},
		{"graphml too many nodes", GraphML, ReadOptions{MaxNodes: 1}, "<graphml><graph><node id=\"a\"/><node id=\"b\"/></graph></graphml>", 1, 0, "exceed the limit of 1"},

		// GML.
		{"gml empty", GML, ReadOptions{}, "", 0, 0, "empty file"},
		{"gml no graph", GML, ReadOptions{}, "Creator \"x\"\n", 0, 0, `no "graph [ … ]" list found`},
		{"gml unclosed graph", GML, ReadOptions{}, "graph [\n node [ id 1 ]\n", 1, 7, "graph list opened here is not closed"},
		{"gml unclosed string", GML, ReadOptions{}, "graph [\n node [ id 1 label \"abc ]\n]\n", 2, 20, "string not closed before the end of the file"},
		{"gml node without id", GML, ReadOptions{}, "graph [\n node [ label \"x\" ]\n]", 2, 2, "node without an id"},
		{"gml edge without target", GML, ReadOptions{}, "graph [ node [ id 1 ]\n edge [ source 1 ] ]", 2, 2, "edge needs a source and a target"},
		{"gml id twice", GML, ReadOptions{}, "graph [ node [ id 1 ]\n node [ id 1 ] ]", 2, 2, "node id 1 is declared twice"},
		{"gml two ids", GML, ReadOptions{}, "graph [ node [ id 1 id 2 ] ]", 1, 21, "node has two ids"},
		{"gml directed 2", GML, ReadOptions{}, "graph [ directed 2 ]", 1, 18, "directed must be 0 or 1, not 2"},
		{"gml real id", GML, ReadOptions{}, "graph [ node [ id 1.5 ] ]", 1, 19, "node id 1.5 is a real number; ids are integers or strings"},
		{"gml list label", GML, ReadOptions{}, "graph [ node [ id 1 label [ x 1 ] ] ]", 1, 27, "node label must be a number or a string, not a list"},
		{"gml garbage", GML, ReadOptions{}, "\x00\x01", 1, 1, "NUL byte in text"},
		{"gml NUL in a string", GML, ReadOptions{}, "graph [ node [ id 1 label \"a\x00b\" ] ]", 1, 29, "NUL byte in text"},
		{"gml NUL reference in a label", GML, ReadOptions{}, "graph [ node [ id 1 label \"a&#0;b\" ] ]", 1, 27, `label "a\x00b" cannot be a node label: it contains a NUL byte`},
		{"gml empty id", GML, ReadOptions{}, "graph [ node [ id \"\" ] ]", 1, 19, `node id "" cannot name a node: it is empty`},
		{"gml no value", GML, ReadOptions{}, "graph [ weight ]", 1, 16, "key weight has no value (found ']')"},
		{"gml node not a list", GML, ReadOptions{}, "graph [ node 1 ]", 1, 14, "node must be followed by '[', found integer"},
		{"gml bad number", GML, ReadOptions{}, "graph [ x 1.2.3 ]", 1, 11, `malformed number "1.2.3"`},
		{"gml huge integer", GML, ReadOptions{}, "graph [ node [ id 99999999999999999999 ] ]", 1, 19, "integer node id 99999999999999999999 out of range"},
		{"gml huge number elsewhere", GML, ReadOptions{}, "graph [ x 1e999 y 123456789012345678901234567890 node [ id 1 ] ] ]", 1, 66, "expected a key, found ']'"},
		{"gml two graphs", GML, ReadOptions{}, "graph [ ]\ngraph [ ]", 2, 1, "more than one graph"},
		{"gml value not key", GML, ReadOptions{}, "graph [ node [ id 1 ] 5 ]", 1, 23, "expected a key in the graph list, found integer"},

		// Pajek.
		{"pajek empty", Pajek, ReadOptions{}, "", 0, 0, "empty file"},
		{"pajek no vertices", Pajek, ReadOptions{}, "1 2\n", 1, 1, "missing *Vertices line"},
		{"pajek edges first", Pajek, ReadOptions{}, "*Edges\n1 2\n", 1, 1, "*Edges before *Vertices"},
		{"pajek id >= n", Pajek, ReadOptions{}, "*Vertices 2\n*Edges\n1 3\n", 3, 3, "vertex 3 out of range: *Vertices says 2, so vertices are 1..2"},
		{"pajek id 0", Pajek, ReadOptions{}, "*Vertices 2\n*Arcs\n0 1\n", 3, 1, "vertex 0 out of range"},
		{"pajek negative id", Pajek, ReadOptions{}, "*Vertices 2\n*Edges\n-1 2\n", 3, 1, "negative vertex number -1"},
		{"pajek non-numeric", Pajek, ReadOptions{}, "*Vertices 2\n*Edges\nann bob\n", 3, 1, `vertex number "ann" is not a positive integer`},
		{"pajek one column", Pajek, ReadOptions{}, "*Vertices 2\n*Edges\n 1\n", 3, 2, "line has one column"},
		{"pajek open quote", Pajek, ReadOptions{}, "*Vertices 2\n1 \"Ann\n", 2, 3, "label quote not closed"},
		{"pajek vertex twice", Pajek, ReadOptions{}, "*Vertices 2\n1 a\n1 b\n", 3, 1, "vertex 1 is listed twice"},
		{"pajek vertex twice unlabelled", Pajek, ReadOptions{}, "*Vertices 2\n1\n1 b\n", 3, 1, "vertex 1 is listed twice"},
		{"pajek matrix", Pajek, ReadOptions{}, "*Vertices 2\n*Matrix\n0 1\n1 0\n", 2, 1, "*Matrix sections are not supported"},
		{"pajek partition", Pajek, ReadOptions{}, "*Vertices 2\n*Partition x\n", 2, 1, "unsupported section *Partition"},
		{"pajek bad count", Pajek, ReadOptions{}, "*Vertices many\n", 1, 11, `*Vertices count "many" is not a non-negative integer`},
		{"pajek vertices twice", Pajek, ReadOptions{}, "*Vertices 1\n*Vertices 1\n", 2, 1, "a second *Vertices line"},
		{"pajek binary", Pajek, ReadOptions{}, "*Vertices 1\n\x00", 2, 1, "NUL byte"},
		{"pajek latin-1 label", Pajek, ReadOptions{}, "*Vertices 1\n1 \"Jos\xe9\"\n", 2, 3, "not valid UTF-8"},
		{"pajek too many nodes", Pajek, ReadOptions{MaxNodes: 10}, "*Vertices 2000000000\n", 1, 11, "2000000000 nodes exceed the limit of 10"},

		// Matrix Market.
		{"mtx empty", MatrixMarket, ReadOptions{}, "", 0, 0, "empty file"},
		{"mtx no banner", MatrixMarket, ReadOptions{}, "3 3 1\n1 2\n", 1, 1, "not a Matrix Market file"},
		{"mtx array", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix array real general\n", 1, 23, "dense (array) Matrix Market files are not supported"},
		{"mtx vector", MatrixMarket, ReadOptions{}, "%%MatrixMarket vector coordinate real general\n", 1, 16, `object "vector" is not supported`},
		{"mtx symmetry", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate real upper\n", 1, 39, `symmetry "upper" is not supported`},
		{"mtx not square", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 4 0\n", 2, 1, "the matrix is 3×4; an adjacency matrix is square"},
		{"mtx index out of range", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 4\n", 3, 3, "index 4 out of range: the matrix is 3×3"},
		{"mtx negative index", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n-1 2\n", 3, 1, "negative index -1"},
		{"mtx truncated", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n", 3, 0, "file ends after 1 of the 3 entries the size line declares (truncated?)"},
		{"mtx too many entries", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n", 4, 1, "more entries than the 1 the size line declares"},
		{"mtx no size line", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n% only a comment\n", 2, 0, "missing size line"},
		{"mtx one column", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n2\n", 3, 1, "entry has one column"},
		{"mtx bad size", MatrixMarket, ReadOptions{}, "%%MatrixMarket matrix coordinate pattern general\n3 3 x\n", 2, 5, `size "x" is not a non-negative integer`},
		{"mtx too many nodes", MatrixMarket, ReadOptions{MaxNodes: 5}, "%%MatrixMarket matrix coordinate pattern general\n6 6 0\n", 2, 1, "6 rows: 6 nodes exceed the limit of 5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Format = tc.format
			g, rep, err := Read(strings.NewReader(tc.in), "bad", opt)
			checkParseError(t, g != nil || rep != nil, err, tc.line, tc.col, tc.msg)
		})
	}
}

// checkParseError checks that err is a *ParseError for the file "bad" at
// line (and column col, if positive) whose message holds msg.
func checkParseError(t *testing.T, gotResult bool, err error, line, col int, msg string) {
	t.Helper()
	if gotResult {
		t.Error("a graph or report came back with the error")
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *ParseError", err, err)
	}
	if pe.File != "bad" || pe.Line != line || (col > 0 && pe.Column != col) {
		t.Errorf("error at %s:%d:%d, want bad:%d:%d: %v", pe.File, pe.Line, pe.Column, line, col, err)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("error %q does not say %q", err, msg)
	}
	if !strings.HasPrefix(err.Error(), "read bad") {
		t.Errorf("error %q does not start with the file name", err)
	}
}

// gz compresses b.
func gz(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestBadGzip reads truncated and corrupt gzip data.
func TestBadGzip(t *testing.T) {
	plain := randomEdgeList(1000, 20000, false, 3)
	full := gz(t, plain)
	corrupt := bytes.Clone(full)
	for i := len(corrupt) / 2; i < len(corrupt)/2+16; i++ {
		corrupt[i] ^= 0x5a
	}
	badCRC := bytes.Clone(full)
	badCRC[len(badCRC)-6] ^= 1
	tests := []struct {
		name   string
		format Format
		in     []byte
		msg    string
	}{
		{"truncated", EdgeList, full[:len(full)/2], "gzip: compressed data ends early (truncated file?)"},
		{"truncated trailer", EdgeList, full[:len(full)-4], "gzip: compressed data ends early (truncated file?)"},
		{"magic only", EdgeList, full[:2], "gzip: compressed data ends early"},
		{"corrupt", EdgeList, corrupt, "gzip: corrupt compressed data"},
		{"bad checksum", EdgeList, badCRC, "gzip: corrupt compressed data: gzip: invalid checksum"},
		{"truncated graphml", GraphML, gz(t, []byte(`<graphml><graph><node id="a"/><node id="b"/></graph></graphml>`))[:30], "gzip: compressed data ends early"},
		{"truncated gml", GML, gz(t, []byte("graph [ node [ id 1 ] node [ id 2 ] edge [ source 1 target 2 ] ]"))[:30], "gzip: compressed data ends early"},
		{"truncated nauty", Nauty, gz(t, []byte("!n=3\n0: 1 2;\n1: 0;\n2: 0;\n"))[:25], "gzip: compressed data ends early"},
		// A whole gzip file followed by something else is not truncated
		// (issue 37): it says where the compressed data ends.
		{"junk appended", EdgeList, append(bytes.Clone(full), "junk\n"...), fmt.Sprintf("gzip: the compressed data ends at byte %d, but the file goes on with bytes that are not gzip data", len(full))},
		{"two bytes appended", EdgeList, append(bytes.Clone(full), "xy"...), "not gzip data"},
		{"zeros appended", Nauty, append(gz(t, []byte("!n=2\n0: 1;\n")), make([]byte, 100)...), "not gzip data"},
		{"truncated second member", EdgeList, append(bytes.Clone(full), full[:10]...), "gzip: compressed data ends early (truncated file?)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, rep, err := Read(bytes.NewReader(tc.in), "bad", ReadOptions{Format: tc.format})
			if g != nil || rep != nil {
				t.Error("a graph or report came back with the error")
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.File != "bad" {
				t.Fatalf("error %v (%T) is not a *ParseError for bad", err, err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
		})
	}
	// The whole file reads, and so do two members one after the other.
	g, _, err := Read(bytes.NewReader(full), "good", ReadOptions{Format: EdgeList})
	if err != nil || g.NumEdges() == 0 {
		t.Fatalf("reading the intact file: %v", err)
	}
	two := append(gz(t, []byte("1 2\n2 3\n")), gz(t, []byte("3 4\n"))...)
	if g, _, err := Read(bytes.NewReader(two), "two", ReadOptions{Format: EdgeList}); err != nil || g.NumEdges() != 3 {
		t.Fatalf("two members: %v", err)
	}
}

// TestReadFileErrors checks errors for files that cannot be read.
func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.edges")
	_, _, err := ReadFile(missing, ReadOptions{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing file: %v", err)
	}
	sub := filepath.Join(dir, "sub.edges")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadFile(sub, ReadOptions{}); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory: %v", err)
	}
	if _, _, err := ReadFile(filepath.Join(dir, "g.docx"), ReadOptions{}); err == nil || !strings.Contains(err.Error(), "name the format with --from") {
		t.Errorf("unknown extension: %v", err)
	}
	if g, rep, err := Read(strings.NewReader("1 2"), "x", ReadOptions{}); err != nil || g.NumEdges() != 1 || rep.Format != EdgeList {
		t.Errorf("no format: an edge list, unless the content says otherwise: %v", err)
	}
	if _, _, err := Read(strings.NewReader("1 2"), "x", ReadOptions{Format: "dot"}); err == nil || !strings.Contains(err.Error(), `unknown format "dot"`) {
		t.Errorf("unknown format: %v", err)
	}
	secret := filepath.Join(dir, "secret.edges")
	if err := os.WriteFile(secret, []byte("1 2\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	if f, err := os.Open(secret); err == nil {
		f.Close()
		t.Log("running with permission to read a mode-000 file (root?): unreadable-file case skipped")
	} else if _, _, err := ReadFile(secret, ReadOptions{}); !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), secret) {
		t.Errorf("unreadable file: %v", err)
	}
}

// strayFiles returns the names in dir other than keep.
func strayFiles(t *testing.T, dir string, keep ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if !contains(keep, e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestWriteFileErrors checks that WriteFile fails clearly when the output
// cannot be written, and leaves neither a partial nor a temporary file.
func TestWriteFileErrors(t *testing.T) {
	g := mustGraph(t, 3, [][2]int32{{0, 1}}, nil)
	dir := t.TempDir()

	// Missing output directory.
	path := filepath.Join(dir, "no", "such", "dir", "out.edges")
	err := WriteFile(path, g, WriteOptions{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "write "+path+": cannot create a file in") {
		t.Errorf("missing directory: %v", err)
	}

	// A parent that is a file, not a directory.
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(file, "out.edges"), g, WriteOptions{}); err == nil || !strings.Contains(err.Error(), "cannot create a file in") {
		t.Errorf("parent is a file: %v", err)
	}

	// The output is a directory.
	if err := WriteFile(dir, g, WriteOptions{Format: EdgeList}); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("output is a directory: %v", err)
	}

	// An unwritable directory.
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	probe, err := os.CreateTemp(ro, "probe")
	if err == nil {
		probe.Close()
		os.Remove(probe.Name())
		t.Log("running with permission to write a mode-555 directory (root?): unwritable-directory case skipped")
	} else {
		err := WriteFile(filepath.Join(ro, "out.edges"), g, WriteOptions{})
		if !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), "cannot create a file in "+ro) {
			t.Errorf("unwritable directory: %v", err)
		}
		if s := strayFiles(t, ro); len(s) > 0 {
			t.Errorf("files left in the unwritable directory: %v", s)
		}
	}

	// Unknown format.
	if err := WriteFile(filepath.Join(dir, "out.edges"), g, WriteOptions{Format: "dot"}); err == nil || !strings.Contains(err.Error(), `unknown format "dot"`) {
		t.Errorf("unknown format: %v", err)
	}

	// A write that fails (a label the format cannot hold) leaves no file
	// behind, nor a temporary one, and keeps an existing file as it was.
	out := t.TempDir()
	bad := mustGraph(t, 2, [][2]int32{{0, 1}}, []string{"a b", "c"})
	target := filepath.Join(out, "g.edges.gz")
	if err := WriteFile(target, bad, WriteOptions{}); err == nil || !strings.Contains(err.Error(), "write "+target+": node 0 has label") {
		t.Errorf("bad label: %v", err)
	}
	if s := strayFiles(t, out); len(s) > 0 {
		t.Errorf("files left after a failed write: %v", s)
	}
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err = AtomicWrite(target, func(w io.Writer) error {
		w.Write(bytes.Repeat([]byte("partial\n"), 100000))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("AtomicWrite = %v, want boom", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "old" {
		t.Errorf("failed write changed the existing file to %d bytes", len(b))
	}
	if s := strayFiles(t, out, "g.edges.gz"); len(s) > 0 {
		t.Errorf("files left after a failed write: %v", s)
	}
	// A successful write replaces the file and keeps its mode.
	if err := WriteFile(target, g, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(target); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file: %v, mode %v; want mode 0600", err, st.Mode())
	}
	if s := strayFiles(t, out, "g.edges.gz"); len(s) > 0 {
		t.Errorf("files left after a write: %v", s)
	}
	fresh := filepath.Join(out, "new.gml")
	if err := WriteFile(fresh, g, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(fresh); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("new file: %v, mode %v; want mode 0644", err, st.Mode())
	}
}

// fullDisk accepts limit bytes, then fails as a full disk does.
type fullDisk struct{ limit int }

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) > d.limit {
		n := d.limit
		d.limit = 0
		return n, &fs.PathError{Op: "write", Path: "/tmp/.x.tmp1", Err: syscall.ENOSPC}
	}
	d.limit -= len(p)
	return len(p), nil
}

// TestWriteErrorFullDisk: a full disk while writing is a *WriteError
// wrapping ENOSPC, told apart from bad input and from a label the format
// cannot hold, and no file is left behind (issue 37).
func TestWriteErrorFullDisk(t *testing.T) {
	dir := t.TempDir()
	g := mustGraph(t, 3, [][2]int32{{0, 1}, {1, 2}}, []string{"a", "b", "c d"})
	for _, tc := range []struct {
		name  string
		limit int // bytes the disk takes
		gzip  bool
		big   bool // enough edges to fill the writer's buffer
	}{
		{"at flush", 10, false, false},
		{"while writing", 1000, false, true},
		{"gzip", 100, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "out.gml")
			if tc.gzip {
				path += ".gz"
			}
			h := g
			if tc.big {
				h = mustGraph(t, 200000, [][2]int32{{0, 1}}, nil)
				for v := int32(2); v < 200000; v++ {
					h.AddEdge(v-1, v)
				}
			}
			p, err := CreatePending(path)
			if err != nil {
				t.Fatal(err)
			}
			p.sink.w = &fullDisk{limit: tc.limit}
			err = WriteWith(p, h, WriteOptions{Format: GML})
			if err == nil {
				err = p.Commit()
			} else {
				p.Abort()
			}
			var we *WriteError
			if !errors.As(err, &we) || !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("err %v (%T), want a *WriteError wrapping ENOSPC", err, err)
			}
			var pe *ParseError
			if errors.As(err, &pe) || strings.Contains(err.Error(), "/tmp/.x.tmp1") || !strings.Contains(err.Error(), "no space left on device") {
				t.Errorf("err %q", err)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("files left behind: %v", left)
			}
		})
	}
	// A label the format cannot hold is not a write error.
	err := WriteFile(filepath.Join(dir, "out.edges"), g, WriteOptions{})
	var we *WriteError
	if err == nil || errors.As(err, &we) {
		t.Errorf("label error %v is a *WriteError", err)
	}
}
