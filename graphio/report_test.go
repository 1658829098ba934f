package graphio

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestNormalisationReport is a golden test of what reading crafted inputs
// reports: the whole Report, the Notes text, and the graph read (labels in
// node order, which checks the numbering rule, and labelled edges).
func TestNormalisationReport(t *testing.T) {
	tests := []struct {
		name   string
		format Format
		opt    ReadOptions
		in     string
		want   Report // File and Format are filled in
		notes  []string
		labels string // labels of nodes 0, 1, … joined by spaces
		edges  string // edges "a-b" (a < b as labels), sorted, joined by spaces
	}{
		{
			name: "clean edge list", format: EdgeList,
			in:     "1 2\n2 3\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 2},
			labels: "1 2 3", edges: "1-2 2-3",
		},
		{
			name: "numeric ids sorted numerically", format: EdgeList,
			in:     "10 2\n2 0\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 2},
			labels: "0 2 10", edges: "0-2 10-2",
		},
		{
			name: "string ids in order of first appearance", format: EdgeList,
			in:     "bob ann\n7 bob\n007 ann\n",
			want:   Report{Nodes: 4, Edges: 3, Records: 3},
			labels: "bob ann 7 007", edges: "007-ann 7-bob ann-bob",
		},
		{
			name: "self-loops, duplicates and reverse duplicates", format: EdgeList,
			in:     "a b\nb a\na b\nc c\na c\nc c\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 6, SelfLoops: 2, Duplicates: 2},
			notes:  []string{"2 self-loops dropped", "2 duplicate or reverse-duplicate edges merged"},
			labels: "a b c", edges: "a-b a-c",
		},
		{
			name: "first edge a b is not a header", format: EdgeList,
			in:     "a b\nb c\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 2},
			labels: "a b c", edges: "a-b b-c",
		},
		{
			name: "header u v", format: EdgeList,
			in:     "u v\nann bob\n",
			want:   Report{Nodes: 2, Edges: 1, Records: 1, HeaderSkipped: true},
			notes:  []string{"first line read as a column header and skipped"},
			labels: "ann bob", edges: "ann-bob",
		},
		{
			name: "header of column names, weights", format: EdgeList,
			in:     "Source,Target,Weight\n1,2,0.5\n2,3,1.5\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 2, HeaderSkipped: true, ExtraColumns: 2},
			notes:  []string{"first line read as a column header and skipped", "2 records had extra columns (weights, timestamps, values), ignored"},
			labels: "1 2 3", edges: "1-2 2-3",
		},
		{
			name: "header told by numeric second line", format: EdgeList,
			in:     "# comment\n\nPerson1\tPerson2\n1\t2\n",
			want:   Report{Nodes: 2, Edges: 1, Records: 1, HeaderSkipped: true},
			notes:  []string{"first line read as a column header and skipped"},
			labels: "1 2", edges: "1-2",
		},
		{
			name: "string first line before string lines is an edge", format: EdgeList,
			in:     "alice bob\ncarol dave\n",
			want:   Report{Nodes: 4, Edges: 2, Records: 2},
			labels: "alice bob carol dave", edges: "alice-bob carol-dave",
		},
		{
			name: "HeaderNo keeps column names", format: EdgeList, opt: ReadOptions{Header: HeaderNo},
			in:     "source target\n1 2\n",
			want:   Report{Nodes: 4, Edges: 2, Records: 2},
			labels: "source target 1 2", edges: "1-2 source-target",
		},
		{
			name: "HeaderYes skips a numeric first line", format: EdgeList, opt: ReadOptions{Header: HeaderYes},
			in:     "1 2\n3 4\n",
			want:   Report{Nodes: 2, Edges: 1, Records: 1, HeaderSkipped: true},
			notes:  []string{"first line read as a column header and skipped"},
			labels: "3 4", edges: "3-4",
		},
		{
			name: "timestamps and comments", format: EdgeList,
			in:     "% konect\n1 2 1 1600000000\n  # indented comment\n2 3 1 1600000001\n,,\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 2, ExtraColumns: 2},
			notes:  []string{"2 records had extra columns (weights, timestamps, values), ignored"},
			labels: "1 2 3", edges: "1-2 2-3",
		},
		{
			name: "anonet edge list with isolated nodes", format: EdgeList,
			in:     EdgeListMagic + ": 4 nodes\nsource target\n9\nx\n",
			want:   Report{Nodes: 4, Edges: 1, Records: 1, Isolated: 2},
			notes:  []string{"2 isolated nodes kept"},
			labels: "source target 9 x", edges: "source-target",
		},
		{
			name: "nauty with asymmetric arcs, loops, duplicates", format: Nauty,
			in:     "!n=5\n!m=7\n0: 1 2 1;\n1: 0;\n2: ;\n3: 3;\n4: 4 4;\n",
			want:   Report{Nodes: 5, Edges: 2, Records: 7, SelfLoops: 3, Duplicates: 1, Asymmetric: 1, Isolated: 2},
			notes:  []string{"1 arc was listed in one direction only and symmetrised", "3 self-loops dropped", "1 duplicate or reverse-duplicate edge merged", "2 isolated nodes kept"},
			labels: "0 1 2 3 4", edges: "0-1 0-2",
		},
		{
			name: "nauty without vertex prefixes", format: Nauty,
			in:     "!n=3 !m=4\n1;0 2;1.\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 4},
			labels: "0 1 2", edges: "0-1 1-2",
		},
		{
			name: "directed GraphML", format: GraphML,
			in: `<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="w" for="edge" attr.name="weight" attr.type="double"/>
<graph edgedefault="directed"><node id="a"/><node id="b"/><node id="c"/><node id="d"/>
<edge source="a" target="b"><data key="w">1.5</data></edge><edge source="b" target="a"/><edge source="b" target="c"/>
<edge source="c" target="c"/></graph></graphml>`,
			want:   Report{Nodes: 4, Edges: 2, Records: 4, Directed: true, Asymmetric: 1, SelfLoops: 1, Isolated: 1},
			notes:  []string{"input is directed: arcs were made undirected edges", "1 arc was listed in one direction only and symmetrised", "1 self-loop dropped", "1 isolated node kept"},
			labels: "a b c d", edges: "a-b b-c",
		},
		{
			name: "GraphML with one directed edge", format: GraphML,
			in: `<graphml><graph edgedefault="undirected"><node id="n1"/><node id="n0"/>
<edge source="n0" target="n1"/><edge source="n1" target="n0" directed="true"/><edge source="n0" target="n2" directed="true"/></graph></graphml>`,
			want:   Report{Nodes: 3, Edges: 2, Records: 3, Directed: true, Duplicates: 1, Asymmetric: 1},
			notes:  []string{"input is directed: arcs were made undirected edges", "1 arc was listed in one direction only and symmetrised", "1 duplicate or reverse-duplicate edge merged"},
			labels: "n1 n0 n2", edges: "n0-n1 n0-n2",
		},
		{
			name: "GraphML without edges", format: GraphML,
			in:     `<graphml><graph edgedefault="undirected"><node id="1"/><node id="0"/><node id="2"/></graph></graphml>`,
			want:   Report{Nodes: 3, Isolated: 3},
			notes:  []string{"3 isolated nodes kept"},
			labels: "0 1 2", edges: "",
		},
		{
			name: "GML with other keys, nested lists, string ids", format: GML,
			in: `Creator "test" # a comment
graph [ comment "x [ ] y" directed 0 attrs [ a 1 b [ c 2.5 ] ]
  node [ id 1 label "one" graphics [ x 1.0 y -2 ] ] node [ id "b" label "two" ]
  node [ id 3 ]
  edge [ source 1 target "b" weight 3 ] edge [ source "b" target 1 ] edge [ source 3 target 3 ]
  edge [ source 1 target 4 ]
]`,
			want:   Report{Nodes: 4, Edges: 2, Records: 4, SelfLoops: 1, Duplicates: 1, Isolated: 1},
			notes:  []string{"1 self-loop dropped", "1 duplicate or reverse-duplicate edge merged", "1 isolated node kept"},
			labels: "one two 3 4", edges: "4-one one-two",
		},
		{
			name: "directed GML", format: GML,
			in:     "graph [ directed 1 node [ id 0 label \"a\" ] node [ id 1 label \"b\" ] edge [ source 0 target 1 ] edge [ source 1 target 0 ] edge [ source 0 target 1 ] ]",
			want:   Report{Nodes: 2, Edges: 1, Records: 3, Directed: true, Duplicates: 1},
			notes:  []string{"input is directed: arcs were made undirected edges", "1 duplicate or reverse-duplicate edge merged"},
			labels: "a b", edges: "a-b",
		},
		{
			name: "GML labels not distinct", format: GML,
			in:     "graph [ node [ id 5 label \"x\" ] node [ id 6 label \"x\" ] edge [ source 5 target 6 ] ]",
			want:   Report{Nodes: 2, Edges: 1, Records: 1, LabelsIgnored: true},
			notes:  []string{"node labels in the file are not distinct: nodes are labelled by their ids instead"},
			labels: "5 6", edges: "5-6",
		},
		{
			name: "Pajek arcs, edges and weights", format: Pajek,
			in:     "*Network test\n*Vertices 4\n1 \"Ann Lee\" 0.1 0.2\n2 Bob\n3\n*Arcs\n1 2 1.0\n2 1 2.0\n2 3\n*Edges\n1 3\n3 1\n",
			want:   Report{Nodes: 4, Edges: 3, Records: 5, Directed: true, Asymmetric: 1, Duplicates: 1, Isolated: 1, ExtraColumns: 2},
			notes:  []string{"2 records had extra columns (weights, timestamps, values), ignored", "input is directed: arcs were made undirected edges", "1 arc was listed in one direction only and symmetrised", "1 duplicate or reverse-duplicate edge merged", "1 isolated node kept"},
			labels: "Ann Lee|Bob|3|4", edges: "3-Ann Lee 3-Bob Ann Lee-Bob",
		},
		{
			name: "Pajek edge lists, labels not distinct", format: Pajek,
			in:     "% comment\n*vertices 3\n1 \"x\"\n2 \"x\"\n*edgeslist\n1 2 3\n",
			want:   Report{Nodes: 3, Edges: 2, Records: 2, LabelsIgnored: true},
			notes:  []string{"node labels in the file are not distinct: nodes are labelled by their ids instead"},
			labels: "1 2 3", edges: "1-2 1-3",
		},
		{
			name: "GML empty label", format: GML,
			in:     "graph [ node [ id 1 label \"\" ] node [ id 2 label \"b\" ] edge [ source 1 target 2 ] ]",
			want:   Report{Nodes: 2, Edges: 1, Records: 1},
			labels: "1 b", edges: "1-b",
		},
		{
			name: "Pajek empty label", format: Pajek,
			in:     "*Vertices 3\n1 \"\"\n2 \"1\"\n*Edges\n1 2\n",
			want:   Report{Nodes: 3, Edges: 1, Records: 1, Isolated: 1, LabelsIgnored: true},
			notes:  []string{"node labels in the file are not distinct: nodes are labelled by their ids instead", "1 isolated node kept"},
			labels: "1 2 3", edges: "1-2",
		},
		{
			name: "Pajek label naming another vertex", format: Pajek,
			in:     "*Vertices 3\n2 \"3\"\n3 \"2\"\n*Edges\n1 2\n",
			want:   Report{Nodes: 3, Edges: 1, Records: 1, Isolated: 1},
			notes:  []string{"1 isolated node kept"},
			labels: "1 3 2", edges: "1-3",
		},
		{
			name: "Matrix Market general with values", format: MatrixMarket,
			in:     "%%MatrixMarket matrix coordinate real general\n% test\n5 5 5\n1 2 0.5\n2 1 1\n3 3 2\n4 1 1e3\n1 4 7\n",
			want:   Report{Nodes: 5, Edges: 2, Records: 5, Directed: true, SelfLoops: 1, Isolated: 2, ExtraColumns: 5},
			notes:  []string{"5 records had extra columns (weights, timestamps, values), ignored", "input is directed: arcs were made undirected edges", "1 self-loop dropped", "2 isolated nodes kept"},
			labels: "1 2 3 4 5", edges: "1-2 1-4",
		},
		{
			name: "Matrix Market symmetric pattern", format: MatrixMarket,
			in:     "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n2 3\n",
			want:   Report{Nodes: 4, Edges: 2, Records: 3, Duplicates: 1, Isolated: 1},
			notes:  []string{"1 duplicate or reverse-duplicate edge merged", "1 isolated node kept"},
			labels: "1 2 3 4", edges: "1-2 2-3",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Format = tc.format
			g, rep, err := Read(strings.NewReader(tc.in), "test", opt)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.want
			want.File, want.Format = "test", tc.format
			if !reflect.DeepEqual(*rep, want) {
				t.Errorf("report\n got %+v\nwant %+v", *rep, want)
			}
			if notes := rep.Notes(); !slices.Equal(notes, tc.notes) {
				t.Errorf("notes\n got %q\nwant %q", notes, tc.notes)
			}
			sep := " "
			if strings.Contains(tc.labels, "|") {
				sep = "|"
			}
			if got := strings.Join(g.Labels(), sep); got != tc.labels {
				t.Errorf("labels %q, want %q", got, tc.labels)
			}
			var edges []string
			for _, e := range labelledEdges(g) {
				edges = append(edges, strings.Replace(e, "\x00", "-", 1))
			}
			if got := strings.Join(edges, " "); got != tc.edges {
				t.Errorf("edges %q, want %q", got, tc.edges)
			}
			if err := validate(g, rep); err != nil {
				t.Error(err)
			}
		})
	}
}
