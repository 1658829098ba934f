package graphio

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// readMeasured reads data and returns what Read returns and the bytes it
// allocated.
func readMeasured(data []byte, opt ReadOptions) (*graph.Graph, *Report, uint64, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	g, rep, err := Read(bytes.NewReader(data), "fuzz", opt)
	runtime.ReadMemStats(&after)
	return g, rep, after.TotalAlloc - before.TotalAlloc, err
}

// checkRead reads data in the given format and checks the reader's
// contract: an error is a *ParseError without a graph; a graph is simple and
// symmetric, the report agrees with it, and writing the graph and reading it
// back gives the same graph (in GML, which holds every label, when the
// format cannot hold the labels read).
//
// The options are the command line's defaults (no MaxNodes): the reader's
// own bounds must keep a declared "!n=2000000000" from taking gigabytes,
// even in a small gzip file that decompresses to a large one (the corpus in
// testdata/fuzz holds such bombs): a read may allocate no more than
// allocBudget of its input as stored.
func checkRead(t *testing.T, data []byte, opt ReadOptions) {
	t.Helper()
	g, rep, allocated, err := readMeasured(data, opt)
	if budget := allocBudget(len(data)); allocated > budget {
		t.Fatalf("%d bytes of input allocated %d MB, more than %d MB", len(data), allocated>>20, budget>>20)
	}
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("error %v is a %T, not a *ParseError", err, err)
		}
		if pe.File != "fuzz" || pe.Line < 0 || pe.Column < 0 || pe.Err == nil {
			t.Fatalf("malformed ParseError %+v", *pe)
		}
		if g != nil || rep != nil {
			t.Fatal("a graph or report came back with an error")
		}
		return
	}
	if rep.File != "fuzz" || rep.Format != opt.Format {
		t.Fatalf("report names %q, %q", rep.File, rep.Format)
	}
	if err := validate(g, rep); err != nil {
		t.Fatal(err)
	}
	err = roundTrip(g, opt.Format)
	var le *labelError
	if errors.As(err, &le) {
		// Edge lists read ids such as "#x" in the second column and Pajek
		// reads unquoted labels with quotes, which they cannot write.
		if opt.Format != EdgeList && opt.Format != Pajek {
			t.Fatalf("%s cannot write the labels it read: %v", opt.Format, err)
		}
		err = roundTrip(g, GML)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// allocBudget is the most that reading n bytes (as stored) may allocate:
// 100 MB for an input under 1 KB, and beyond that 16 KiB more per byte.
// Declared nodes are trusted at DeclaredPerByte per byte, a few hundred
// bytes of memory, and gzip expands a byte to at most about a thousand,
// each of which may become a few bytes of edge records.
func allocBudget(n int) uint64 {
	if n < 1024 {
		return 100 << 20
	}
	return 100<<20 + 16<<10*uint64(n)
}

// addSeeds adds the seeds and, as further seeds, every test graph written
// in format f, plain and compressed.
func addSeeds(f *testing.F, format Format, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	for _, g := range testGraphs(f) {
		var buf bytes.Buffer
		if err := Write(&buf, g, format); err != nil {
			continue
		}
		if buf.Len() < 4096 {
			f.Add(buf.Bytes())
			f.Add(gz(f, buf.Bytes()))
		}
	}
}

func FuzzReadEdgeList(f *testing.F) {
	addSeeds(f, EdgeList,
		"", "1 2\n2 3\n", "a b\nb a\na b\nc c\n", "Source,Target,Weight\n1,2,0.5\n",
		"Person1\tPerson2\n1\t2\n", "% c\n1 2 1 1600000000\n,,\n", EdgeListMagic+"\nsource target\n9\nx\n",
		"1 2\n  3\n", "1 #x\n", "007 7\n7 0\n", "99999999999999999999 1\n", "\xff\xfe \x80\n",
		"\x89PNG\r\n\x1a\n\x00", "1\r\n2 3\r\n", "u v\nann bob\n", "4294967296 1\n18446744073709551615 2\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, h := range []Header{HeaderAuto, HeaderYes, HeaderNo} {
			checkRead(t, data, ReadOptions{Format: EdgeList, Header: h})
		}
	})
}

func FuzzReadNauty(f *testing.F) {
	addSeeds(f, Nauty,
		"", "!n=3\n0: 1 2;\n1: 0;\n2: 0;\n", "!n=5\n!m=7\n0: 1 2 1;\n1: 0;\n2: ;\n3: 3;\n4: 4 4;\n",
		"!n=3 !m=4\n1;0 2;1.\n", "!n=0\n", "!n=3\n0: a b;\n", "!n=3\n0: -1;\n", "!n=2\n1;0;1;\n",
		"!n=3\n0: 1.5;\n", "\n\n!n=2\n! comment\n0: 1; ! more\n", "!n=4096\n4095: 0;\n", "!n=99999999999\n", "!n=2000000000\n", "!n=65536\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, ReadOptions{Format: Nauty})
	})
}

func FuzzReadGraphML(f *testing.F) {
	addSeeds(f, GraphML,
		"", `<graphml><graph edgedefault="directed"><node id="a"/><node id="b"/><edge source="a" target="b"/><edge source="b" target="c"/></graph></graphml>`,
		`<graphml><graph><node id="1"/><node id="0"/></graph></graphml>`,
		`<graphml><graph><edge source="x" target="y" directed="true"/><edge source="y" target="x" directed="false"/></graph></graphml>`,
		`<graphml><key id="d"/><graph><node id="a"><data key="d"><node id="z"/></data></node><desc>x</desc></graph></graphml>`,
		`<graphml><graph><hyperedge/></graph></graphml>`,
		`<graphml><key id="d" for="node" attr.name="sex"><default>M</default></key><graph><node id="a"><data key="d">F</data></node><node id="b"/></graph></graphml>`, `<graphml><graph><node id="a"><graph/></node></graph></graphml>`,
		`<?xml version="1.0" encoding="ISO-8859-1"?><graphml><graph><node id="Jos`+"\xe9"+`"/></graph></graphml>`,
		`<graphml xmlns:y="http://www.yworks.com/xml/graphml"><graph><node id="&#x9;&amp;"><y:ShapeNode/></node></graph></graphml>`,
		"<svg/>", "\x00\x01")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, ReadOptions{Format: GraphML})
		checkRead(t, data, ReadOptions{Format: GraphML, NodeAttributes: true})
	})
}

func FuzzReadGML(f *testing.F) {
	addSeeds(f, GML,
		"", "graph [ node [ id 1 label \"a\" ] node [ id 2 label \"b\" ] edge [ source 1 target 2 ] ]",
		"Creator \"x\" # c\ngraph [ directed 1 attrs [ a 1 b [ c 2.5 ] ] node [ id \"s\" ] edge [ source \"s\" target 3 weight -1e3 ] edge [ source 3 target \"s\" ] ]",
		"graph [ node [ id 5 label \"x\" ] node [ id 6 label \"x\" ] ]", "graph [ node [ id 1 label \"&#233;&amp;&#0;&#x1F600;&bogus;\" ] ]",
		"graph [ node [ id 1.5 ] ]", "graph [ x INF y -inf z NaN ]", "graph [ node [ id 1 ]", "graph [ node [ label \"abc ] ]",
		"graph [ ] graph [ ]", "graph [ node [ id 99999999999999999999 ] ]")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, ReadOptions{Format: GML})
		checkRead(t, data, ReadOptions{Format: GML, NodeAttributes: true})
	})
}

func FuzzReadPajek(f *testing.F) {
	addSeeds(f, Pajek,
		"", "*Network test\n*Vertices 4\n1 \"Ann Lee\" 0.1 0.2\n2 Bob\n3\n*Arcs\n1 2 1.0\n2 1 2.0\n2 3\n*Edges\n1 3\n3 1\n",
		"% c\n*vertices 3\n1 \"x\"\n2 \"x\"\n*edgeslist\n1 2 3\n*arcslist\n3 1 2\n", "*Vertices 2\n1 ab\"c\n*Edges\n1 2\n",
		"*Vertices 2\n*Matrix\n0 1\n", "*Vertices 2\n1 \"Ann\n", "*Edges\n1 2\n", "*Vertices 2 1\n*Edges :1 \"rel\"\n1 2\n", "*Vertices 0\n",
		"*Vertices 2000000000\n1999999999 x\n*Edges\n1 1999999999\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, ReadOptions{Format: Pajek})
	})
}

func FuzzReadMatrixMarket(f *testing.F) {
	addSeeds(f, MatrixMarket,
		"", "%%MatrixMarket matrix coordinate real general\n% test\n5 5 5\n1 2 0.5\n2 1 1\n3 3 2\n4 1 1e3\n1 4 7\n",
		"%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n2 3\n",
		"%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n2 1 1 -1\n", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
		"%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n", "%%matrixmarket MATRIX Coordinate Integer Skew-Symmetric\n0 0 0\n",
		"%%MatrixMarket matrix coordinate pattern symmetric\n2000000000 2000000000 0\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, ReadOptions{Format: MatrixMarket})
	})
}

func FuzzReadBinary(f *testing.F) {
	addSeeds(f, Binary, "", "\x89ANONET\n", "\x89ANONET\n\x01\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\x00\x00\x00\x00")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRead(t, data, ReadOptions{Format: Binary})
	})
}

// FuzzReadTyped reads directed, layered input in the three formats that
// hold layers: an error is a *ParseError, and a network read is written as
// an edge list and read back with every tie, direction and layer.
func FuzzReadTyped(f *testing.F) {
	f.Add(byte(0), []byte("u v layer\na b family\nb a family\na b work\nb c work\n"))
	f.Add(byte(1), []byte(`<graphml><key id="L" for="edge" attr.name="layer"><default>x</default></key><graph edgedefault="directed"><edge source="a" target="b"><data key="L">y</data></edge><edge source="b" target="a"/></graph></graphml>`))
	f.Add(byte(2), []byte(`graph [ directed 1 edge [ source 1 target 2 layer "w" ] edge [ source 2 target 1 layer 3 ] ]`))
	formats := []Format{EdgeList, GraphML, GML}
	f.Fuzz(func(t *testing.T, which byte, data []byte) {
		opt := ReadOptions{Format: formats[int(which)%len(formats)], Directed: which&4 == 0, LayerColumn: "layer"}
		g, _, _, err := readMeasured(data, opt)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is a %T, not a *ParseError", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, g, EdgeList); err != nil {
			var le *labelError
			if errors.As(err, &le) || strings.Contains(err.Error(), "line break") {
				return // labels or layer names an edge list cannot hold
			}
			t.Fatal(err)
		}
		back, _, err := Read(&buf, "back", ReadOptions{Format: EdgeList, Directed: opt.Directed, LayerColumn: "3"})
		if g.NumTies() == 0 {
			return // no layer column to read back
		}
		if err != nil {
			t.Fatalf("reading back: %v\n%s", err, buf.String())
		}
		if kindsOf(back) != kindsOf(g) {
			t.Fatalf("read back %s, want %s", kindsOf(back), kindsOf(g))
		}
	})
}
