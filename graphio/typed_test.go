package graphio

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// kindsOf lists every tie of g as "u>v/layer" (directed) or "u-v/layer"
// with node labels, sorted.
func kindsOf(g *graph.Graph) string {
	var out []string
	for _, e := range g.SortedEdges() {
		k := g.Kind(e.U, e.V)
		for l := range g.NumLayers() {
			name := ""
			if g.Layers() != nil {
				name = "/" + g.Layers()[l]
			}
			u, v := g.Label(e.U), g.Label(e.V)
			switch {
			case !g.Directed() && k.Out(l):
				if u > v {
					u, v = v, u
				}
				out = append(out, u+"-"+v+name)
			case g.Directed():
				if k.Out(l) {
					out = append(out, u+">"+v+name)
				}
				if k.In(l) {
					out = append(out, v+">"+u+name)
				}
			}
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func TestReadTyped(t *testing.T) {
	const input = `source target layer
a b family
b a family
b c work
a b work
c a "family"
c a family
d d work
`
	tests := []struct {
		name       string
		opt        ReadOptions
		want       string
		ties, dups int
	}{
		{"directed, layers by name", ReadOptions{Directed: true, LayerColumn: "layer"},
			"a>b/family a>b/work b>a/family b>c/work c>a/family", 5, 1},
		{"directed, layers by number", ReadOptions{Directed: true, LayerColumn: "3", Header: HeaderYes},
			"a>b/family a>b/work b>a/family b>c/work c>a/family", 5, 1},
		{"undirected layers", ReadOptions{LayerColumn: "layer"},
			"a-b/family a-b/work a-c/family b-c/work", 4, 2},
		// a>b given twice (family and work lines) is one arc.
		{"directed, no layers", ReadOptions{Directed: true},
			"a>b b>a b>c c>a", 4, 2},
	}
	for _, tt := range tests {
		tt.opt.Format = EdgeList
		g, rep, err := Read(strings.NewReader(input), "typed.txt", tt.opt)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := kindsOf(g); got != tt.want {
			t.Errorf("%s: ties %s, want %s", tt.name, got, tt.want)
		}
		if rep.Ties != tt.ties || rep.Duplicates != tt.dups || rep.SelfLoops != 1 {
			t.Errorf("%s: report ties %d duplicates %d self-loops %d, want %d %d 1", tt.name, rep.Ties, rep.Duplicates, rep.SelfLoops, tt.ties, tt.dups)
		}
		// Written and read back with the same options, every tie is kept.
		var buf bytes.Buffer
		if err := Write(&buf, g, EdgeList); err != nil {
			t.Fatal(err)
		}
		opt := ReadOptions{Format: EdgeList, Directed: tt.opt.Directed}
		if g.Layers() != nil {
			opt.LayerColumn = "3"
		}
		back, _, err := Read(&buf, "back.txt", opt)
		if err != nil {
			t.Fatalf("%s: reading back: %v\n%s", tt.name, err, buf.String())
		}
		if got := kindsOf(back); got != tt.want {
			t.Errorf("%s: read back %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestReadTypedErrors(t *testing.T) {
	tests := []struct {
		name, input string
		opt         ReadOptions
		want        string
	}{
		{"missing layer", "a b x\nb c\n", ReadOptions{LayerColumn: "3"}, "no layer in column 3"},
		{"unknown column", "u v kind\na b x\n", ReadOptions{LayerColumn: "layer"}, `no column named "layer"`},
		{"id column", "u v kind\na b x\n", ReadOptions{LayerColumn: "v"}, "holds node ids"},
		{"column 2", "a b x\n", ReadOptions{LayerColumn: "2"}, "columns 1 and 2 hold the node ids"},
		{"not an edge list", "*Vertices 2\n*Edges\n1 2\n", ReadOptions{Format: Pajek, LayerColumn: "3"}, "layers are read from edge lists, GraphML and GML"},
	}
	for _, tt := range tests {
		if tt.opt.Format == "" {
			tt.opt.Format = EdgeList
		}
		_, _, err := Read(strings.NewReader(tt.input), "bad.txt", tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
	var many strings.Builder
	for l := range graph.MaxLayers + 1 {
		many.WriteString("a b L" + string(rune('A'+l)) + "\n")
	}
	if _, _, err := Read(strings.NewReader(many.String()), "many.txt", ReadOptions{Format: EdgeList, LayerColumn: "3"}); err == nil || !strings.Contains(err.Error(), "limit of 32 layers") {
		t.Errorf("33 layers: error %v", err)
	}
	g := graph.New(2)
	g.AddEdge(0, 1)
	if err := g.SetTypes(true, nil); err != nil {
		t.Fatal(err)
	}
	if err := Write(&bytes.Buffer{}, g, GraphML); err == nil {
		t.Error("writing a directed graph as GraphML succeeded")
	}
	broken := graph.New(2)
	broken.AddEdge(0, 1)
	if err := broken.SetTypes(false, []string{"a\nb", "c"}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&bytes.Buffer{}, broken, EdgeList); err == nil || !strings.Contains(err.Error(), "line break") {
		t.Errorf("writing a layer name with a line break: error %v", err)
	}
}

// TestReadTypedFormats reads the same directed two-layer network from
// GraphML and GML, and directed networks from Pajek and Matrix Market.
func TestReadTypedFormats(t *testing.T) {
	const want = "a>b/family a>b/work b>a/family b>c/work"
	tests := []struct {
		name   string
		format Format
		input  string
		opt    ReadOptions
		want   string
	}{
		{"graphml", GraphML, `<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="edge" attr.name="layer" attr.type="string"><default>family</default></key>
  <key id="d1" for="node" attr.name="age"/>
  <graph edgedefault="directed">
    <node id="a"><data key="d1">30</data></node><node id="b"/><node id="c"/>
    <edge source="a" target="b"/>
    <edge source="b" target="a"><data key="d0">family</data></edge>
    <edge source="a" target="b"><data key="d0">work</data></edge>
    <edge source="b" target="c"><data key="d0"> work </data></edge>
  </graph>
</graphml>`, ReadOptions{Directed: true, LayerColumn: "layer"}, want},
		{"gml", GML, `graph [ directed 1
  node [ id 1 label "a" ] node [ id 2 label "b" ] node [ id 3 label "c" ]
  edge [ source 1 target 2 layer "family" ]
  edge [ source 2 target 1 layer "family" ]
  edge [ source 1 target 2 layer "work" weight 2 ]
  edge [ source 2 target 3 layer "work" ]
]`, ReadOptions{Directed: true, LayerColumn: "layer"}, want},
		{"pajek", Pajek, "*Vertices 3\n1 \"a\"\n2 \"b\"\n3 \"c\"\n*Arcs\n1 2\n2 3\n*Edges\n1 3\n",
			ReadOptions{Directed: true}, "a>b a>c b>c c>a"},
		{"matrix market general", MatrixMarket, "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 1\n3 2\n",
			ReadOptions{Directed: true}, "1>2 2>1 3>2"},
	}
	for _, tt := range tests {
		tt.opt.Format = tt.format
		g, _, err := Read(strings.NewReader(tt.input), tt.name, tt.opt)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := kindsOf(g); got != tt.want {
			t.Errorf("%s: ties %s, want %s", tt.name, got, tt.want)
		}
	}
	// A GraphML edge without the layer key's data and no default.
	const noDefault = `<graphml><key id="L" for="edge" attr.name="layer"/><graph><node id="a"/><node id="b"/><edge source="a" target="b"/></graph></graphml>`
	if _, _, err := Read(strings.NewReader(noDefault), "x.graphml", ReadOptions{Format: GraphML, LayerColumn: "layer"}); err == nil || !strings.Contains(err.Error(), "without a layer") {
		t.Errorf("GraphML edge without a layer: error %v", err)
	}
	const noKey = "graph [ node [ id 1 ] node [ id 2 ] edge [ source 1 target 2 ] ]"
	if _, _, err := Read(strings.NewReader(noKey), "x.gml", ReadOptions{Format: GML, LayerColumn: "layer"}); err == nil || !strings.Contains(err.Error(), "without a layer") {
		t.Errorf("GML edge without a layer: error %v", err)
	}
}

// TestWriteQuotesEverySeparator: a layer name holding any byte the reader
// splits at (vertical tab and form feed included) is quoted when written,
// so that it reads back whole.
func TestWriteQuotesEverySeparator(t *testing.T) {
	for _, name := range []string{"x y", "x\ty", "x,y", "x\vy", "x\fy", `x"y`, "#x", "%x"} {
		g := graph.New(2)
		if err := g.SetTypes(false, []string{name}); err != nil {
			t.Fatal(err)
		}
		if _, err := g.SetKind(0, 1, graph.LayerKind(0, false)); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, g, EdgeList); err != nil {
			t.Fatal(err)
		}
		back, _, err := Read(&buf, "back.txt", ReadOptions{Format: EdgeList, LayerColumn: "3"})
		if err != nil {
			t.Fatalf("layer %q: %v", name, err)
		}
		if got := back.Layers(); len(got) != 1 || got[0] != name {
			t.Errorf("layer %q read back as %q", name, got)
		}
	}
}
