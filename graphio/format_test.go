package graphio

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestFormatOf(t *testing.T) {
	tests := []struct {
		path string
		want Format
		err  string
	}{
		{"g.edges", EdgeList, ""}, {"dir.d/G.CSV", CSV, ""}, {"g.tsv.gz", TSV, ""}, {"g.txt", EdgeList, ""},
		{"noext", EdgeList, ""}, {"noext.gz", EdgeList, ""},
		{"g.nauty", Nauty, ""}, {"g.graphml.gz", GraphML, ""}, {"g.GML", GML, ""}, {"g.net", Pajek, ""},
		{"g.pajek.gz", Pajek, ""}, {"g.mtx", MatrixMarket, ""}, {"g.mm.gz", MatrixMarket, ""},
		{"g.docx", "", `cannot tell the format of g.docx from its extension ".docx"`},
	}
	for _, tc := range tests {
		got, err := FormatOf(tc.path)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("FormatOf(%q) = %q, %v; want %q, %q", tc.path, got, err, tc.want, tc.err)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, f := range Formats() {
		if got, err := ParseFormat(strings.ToUpper(string(f))); got != f || err != nil {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
	for name, want := range map[string]Format{"net": Pajek, "csv": CSV, "tsv": TSV, "mm": MatrixMarket, "edges": EdgeList} {
		if got, err := ParseFormat(name); got != want || err != nil {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	if _, err := ParseFormat("dot"); err == nil || !strings.Contains(err.Error(), "known: edgelist, csv, tsv, nauty, graphml, gml, pajek, mtx") {
		t.Errorf("ParseFormat(dot) error = %v", err)
	}
}

func TestFormatsAndLabels(t *testing.T) {
	fs := Formats()
	fs[0] = "changed"
	if Formats()[0] != EdgeList {
		t.Error("Formats returns the package's own slice")
	}
	var keep []Format
	for _, f := range Formats() {
		if KeepsLabels(f) {
			keep = append(keep, f)
		}
	}
	if !slices.Equal(keep, []Format{EdgeList, CSV, TSV, GraphML, GML, Pajek, Binary}) || KeepsLabels("dot") {
		t.Errorf("KeepsLabels holds for %v", keep)
	}
	if !IsGzipName("a/b.EDGES.GZ") || IsGzipName("a.gz/b") {
		t.Error("IsGzipName")
	}
}

// TestByteOrderMark checks that a UTF-8 byte order mark is skipped.
func TestByteOrderMark(t *testing.T) {
	for _, tc := range []struct {
		f  Format
		in string
	}{
		{EdgeList, "\ufeff1 2\n"}, {Nauty, "\ufeff!n=2\n0: 1;\n"}, {GraphML, "\ufeff<graphml><graph><edge source=\"1\" target=\"2\"/></graph></graphml>"},
		{GML, "\ufeffgraph [ edge [ source 1 target 2 ] ]"}, {Pajek, "\ufeff*Vertices 2\n*Edges\n1 2\n"},
		{MatrixMarket, "\ufeff%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n"},
	} {
		g, _, err := readString(tc.in, tc.f)
		if err != nil || g.NumEdges() != 1 || strings.ContainsRune(strings.Join(g.Labels(), ""), '\ufeff') {
			t.Errorf("%s with a byte order mark: %v", tc.f, err)
		}
	}
}

// TestLongLines reads lines longer than the read buffer.
func TestLongLines(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("!n=200000\n0:")
	for v := 1; v < 200000; v++ {
		sb.WriteString(" ")
		sb.WriteString(strconv.Itoa(v))
	}
	sb.WriteString(";\n")
	g, rep, err := readString(sb.String(), Nauty)
	if err != nil || g.Degree(0) != 199999 || rep.Asymmetric != 199999 {
		t.Fatalf("long nauty line: %v", err)
	}
	long := strings.Repeat("x", 300000)
	g, _, err = readString("a "+long+"\n"+long+" b\n", EdgeList)
	if err != nil || g.NumNodes() != 3 || g.Label(1) != long {
		t.Fatalf("long edge-list ids: %v", err)
	}
}
