package graphio

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTableOutput: .csv and .tsv are written with a header, quoted fields
// and a row with an empty target for a node alone, and read back (issue
// 36).
func TestTableOutput(t *testing.T) {
	g := mustGraph(t, 5, [][2]int32{{0, 1}, {1, 2}}, []string{"Smith, John", `say "hi"`, " pad", "#x", "alone\there"})
	for _, tc := range []struct {
		f    Format
		want string
	}{
		{CSV, "source,target\n\"Smith, John\",\"say \"\"hi\"\"\"\n\"say \"\"hi\"\"\",\" pad\"\n\"#x\",\nalone\there,\n"},
		{TSV, "source\ttarget\nSmith, John\t\"say \"\"hi\"\"\"\n\"say \"\"hi\"\"\"\t\" pad\"\n\"#x\"\t\n\"alone\there\"\t\n"},
	} {
		var buf bytes.Buffer
		if err := Write(&buf, g, tc.f); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tc.want {
			t.Errorf("%s:\n%q\nwant\n%q", tc.f, buf.String(), tc.want)
		}
		if err := roundTrip(g, tc.f); err != nil {
			t.Error(err)
		}
		// Read as a plain edge list (a .txt file) it is the same graph.
		h, _, err := Read(bytes.NewReader(buf.Bytes()), "x.txt", ReadOptions{Format: EdgeList})
		if err != nil || sameGraph(g, h, true) != nil {
			t.Errorf("%s read as an edge list: %v, %v", tc.f, err, sameGraph(g, h, true))
		}
	}
	// A typed network: a layer column, rows of arcs.
	typed, _, err := Read(strings.NewReader("u v layer\na b work\nb a work\nb c family\nd d family\n"), "t", ReadOptions{Format: EdgeList, Directed: true, LayerColumn: "layer"})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, typed, CSV); err != nil {
		t.Fatal(err)
	}
	if want := "source,target,layer\na,b,work\nb,a,work\nb,c,family\nd,,\n"; buf.String() != want {
		t.Errorf("typed CSV:\n%q\nwant\n%q", buf.String(), want)
	}
	back, _, err := Read(&buf, "t.csv", ReadOptions{Format: CSV, Directed: true, LayerColumn: "layer"})
	if err != nil || kindsOf(back) != kindsOf(typed) {
		t.Errorf("typed CSV read back: %v", err)
	}
}

// TestNodeColumns: the columns of the node ids come from a usual pair of
// names in the header, or from SourceColumn and TargetColumn (issue 36).
func TestNodeColumns(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		opt   ReadOptions
		edges string // sorted, "a-b c-d"; "" with msg
		msg   string
	}{
		{"pair after an id column", "edge_id,source,target\n1,a,b\n2,b,c\n", ReadOptions{}, "a-b b-c", ""},
		{"pair in any case", "Time;From;To\n9;ann;bob\n", ReadOptions{}, "ann-bob", ""},
		{"by name", "id,p,q\n1,a,b\n", ReadOptions{SourceColumn: "p", TargetColumn: "q"}, "a-b", ""},
		{"by number", "1 a b\n2 b c\n", ReadOptions{SourceColumn: "2", TargetColumn: "3"}, "a-b b-c", ""},
		{"numbers over a pair", "source,target,x\na,b,c\n", ReadOptions{SourceColumn: "2", TargetColumn: "3"}, "b-c", ""},
		{"two pairs", "source,target,from,to\na,b,c,d\n", ReadOptions{}, "", "two pairs of node columns"},
		{"missing name", "a,b\n1,2\n", ReadOptions{SourceColumn: "x"}, "", `no column named "x"`},
		{"same column", "1 2\n", ReadOptions{SourceColumn: "2"}, "", "both in column 2"},
		{"node alone under a header", "source,target\na,b\nc\nd,\n", ReadOptions{}, "a-b", ""},
		{"no source column", "p q r\n1\n", ReadOptions{SourceColumn: "2", TargetColumn: "3", Header: HeaderYes}, "", "no column 2 of source node ids"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Format = EdgeList
			g, _, err := Read(strings.NewReader(tc.in), "x", opt)
			if tc.msg != "" {
				var pe *ParseError
				if !errors.As(err, &pe) && err == nil || err == nil || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("err %v, want %q", err, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var edges []string
			for _, e := range labelledEdges(g) {
				edges = append(edges, strings.Replace(e, "\x00", "-", 1))
			}
			slices.Sort(edges)
			if got := strings.Join(edges, " "); got != tc.edges {
				t.Errorf("edges %q, want %q", got, tc.edges)
			}
		})
	}
	// The node alone is a node.
	g, _, _ := Read(strings.NewReader("source,target\na,b\nc\nd,\n"), "x", ReadOptions{Format: EdgeList})
	if g.NumNodes() != 4 {
		t.Errorf("%d nodes, want 4 (c and d alone)", g.NumNodes())
	}
}

// TestSniffing: content clearly of a format is read as such whatever the
// file is called, and refused with its name under another explicit
// format; a delimiter is detected; prose is refused (issue 36).
func TestSniffing(t *testing.T) {
	dir := t.TempDir()
	contents := map[Format]string{
		GraphML:      `<?xml version="1.0"?><graphml><graph><edge source="a" target="b"/></graph></graphml>`,
		GML:          "Creator \"x\"\ngraph [\n node [ id 1 ] node [ id 2 ] edge [ source 1 target 2 ]\n]\n",
		Pajek:        "% made by hand\n*Vertices 2\n*Edges\n1 2\n",
		MatrixMarket: "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n",
		Nauty:        "!n=2\n0: 1;\n",
	}
	for f, content := range contents {
		for _, name := range []string{"g.txt", "g.edges.gz"} {
			path := filepath.Join(dir, name)
			data := []byte(content)
			if strings.HasSuffix(name, ".gz") {
				data = gz(t, data)
			}
			os.WriteFile(path, data, 0o644)
			g, rep, err := ReadFile(path, ReadOptions{})
			if err != nil || rep.Format != f || rep.FormatGuessed != EdgeList || g.NumEdges() != 1 {
				t.Errorf("%s as %s: %v, report %+v", f, name, err, rep)
				continue
			}
			if !slices.ContainsFunc(rep.Notes(), func(n string) bool { return strings.Contains(n, "the content is "+string(f)) }) {
				t.Errorf("%s as %s: notes %q", f, name, rep.Notes())
			}
		}
		_, _, err := Read(strings.NewReader(content), "g", ReadOptions{Format: EdgeList})
		if err == nil || !strings.Contains(err.Error(), "the content is "+string(f)) {
			t.Errorf("%s read as an explicit edge list: %v", f, err)
		}
		// Without a format, Read tells too.
		if _, rep, err := Read(strings.NewReader(content), "g", ReadOptions{}); err != nil || rep.Format != f {
			t.Errorf("%s without a format: %v", f, err)
		}
	}
	for _, tc := range []struct {
		name, in string
		nodes    int
		delim    byte
		msg      string
	}{
		{"semicolons", "Ann Lee;Bob Ray\nBob Ray;Cy\n", 3, ';', ""},
		{"tabs around spaces", "Ann Lee\tBob Ray\nBob Ray\tCy\n", 3, '\t', ""},
		{"plain tabs", "1\t2\n2\t3\n", 3, 0, ""},
		{"pipes", "a|b\nb|c\n", 3, '|', ""},
		{"prose", "It was the best of times, it was the worst of times,\nit was the age of wisdom, it was the age of foolishness,\nit was the epoch of belief, it was the epoch of incredulity.\n", 0, 0, "does not look like an edge list"},
		{"weights are not prose", "a b 1.5\nb c 2\nc d 0.25 x\n", 4, 0, ""},
		{"networkx data", "a b {'weight': 3}\nb c {'weight': 1, 'color': 'red'}\n", 3, 0, ""},
	} {
		g, rep, err := Read(strings.NewReader(tc.in), "x", ReadOptions{Format: EdgeList})
		if tc.msg != "" {
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("%s: %v, want %q", tc.name, err, tc.msg)
			}
			continue
		}
		if err != nil || g.NumNodes() != tc.nodes || rep.Delimiter != tc.delim {
			t.Errorf("%s: %v, %d nodes, delimiter %q; want %d, %q", tc.name, err, g.NumNodes(), rep.Delimiter, tc.nodes, tc.delim)
		}
	}
}

// TestPythonOracle: files anonet writes load in networkx and pandas with
// the calls docs/formats.md gives, isolated nodes and awkward labels
// included, and anonet reads what they write (issue 36). It needs
// Debian's python3-networkx and python3-pandas.
func TestPythonOracle(t *testing.T) {
	python := "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import networkx, pandas").Run(); err != nil {
		t.Skip("needs Debian's python3-networkx and python3-pandas")
	}
	dir := t.TempDir()
	g := mustGraph(t, 6, [][2]int32{{0, 1}, {1, 2}, {2, 3}}, []string{"Smith, John", `say "hi"`, "NA", "007", "alone", "#x"})
	for _, f := range []Format{CSV, TSV} {
		path := filepath.Join(dir, "g."+string(f))
		if err := WriteFile(path, g, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		sep := map[Format]string{CSV: ",", TSV: `\t`}[f]
		// The documented calls; then the graph is written back by
		// networkx as an edge list of its own and by pandas as CSV.
		script := `
import sys, networkx as nx, pandas as pd
df = pd.read_csv(sys.argv[1], sep="` + sep + `", dtype=str, keep_default_na=False)
G = nx.from_pandas_edgelist(df[df.target != ""], "source", "target")
G.add_nodes_from(df.source)
print(G.number_of_nodes(), G.number_of_edges())
for n in sorted(G.nodes):
    print(repr(n), sorted(G[n]))
nx.to_pandas_edgelist(G).to_csv(sys.argv[2], index=False)
`
		back := filepath.Join(dir, "back"+string(f)+".csv")
		out, err := exec.Command(python, "-c", script, path, back).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", f, err, out)
		}
		want := "6 3\n'#x' []\n'007' ['NA']\n'NA' ['007', 'say \"hi\"']\n'Smith, John' ['say \"hi\"']\n'alone' []\n'say \"hi\"' ['NA', 'Smith, John']\n"
		if string(out) != want {
			t.Errorf("%s: networkx read\n%s\nwant\n%s", f, out, want)
		}
		// pandas' CSV of the edges (isolated nodes are not edges).
		h, _, err := ReadFile(back, ReadOptions{})
		if err != nil || h.NumEdges() != 3 || h.NumNodes() != 4 {
			t.Errorf("%s: reading pandas' CSV: %v", f, err)
		}
	}
}
