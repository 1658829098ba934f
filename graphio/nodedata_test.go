package graphio

import (
	"strings"
	"testing"
)

// TestNodeAttributes: GraphML node keys (named by attr.name, with a
// default) and GML scalar node keys become the attribute table, by node
// label; edge and graph data, nested lists and id/label are not
// attributes; without ReadOptions.NodeAttributes nothing is collected.
func TestNodeAttributes(t *testing.T) {
	tests := []struct {
		name, data string
		f          Format
		columns    []string
		want       map[string][]string // label → values
	}{
		{"graphml", `<graphml><key id="d0" for="node" attr.name="sex"/><key id="d1" for="node" attr.name="age"><default>unknown</default></key>
<key id="w" for="edge" attr.name="weight"/><key id="g" for="graph" attr.name="title"/>
<graph><data key="g">x</data><node id="a"><data key="d0">F</data><data key="d1"> 30 </data></node><node id="b"><data key="d0">M</data></node>
<node id="c"/><edge source="a" target="b"><data key="w">2</data></edge></graph></graphml>`, GraphML,
			[]string{"sex", "age"}, map[string][]string{"a": {"F", "30"}, "b": {"M", "unknown"}, "c": {"", "unknown"}}},
		{"gml", `graph [ node [ id 1 label "ann" sex "F" age 30 graphics [ x 1.5 ] ] node [ id 2 label "bob" age 41 ]
node [ id 3 ] edge [ source 1 target 2 weight 3 ] ]`, GML,
			[]string{"sex", "age"}, map[string][]string{"ann": {"F", "30"}, "bob": {"", "41"}, "3": {"", ""}}},
	}
	for _, tc := range tests {
		g, rep, err := Read(strings.NewReader(tc.data), tc.name, ReadOptions{Format: tc.f, NodeAttributes: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		tab := rep.Attributes
		if tab == nil || strings.Join(tab.Columns, ",") != strings.Join(tc.columns, ",") {
			t.Fatalf("%s: table %+v, want columns %v", tc.name, tab, tc.columns)
		}
		for v := range int32(g.NumNodes()) {
			want := tc.want[g.Label(v)]
			for c := range tc.columns {
				if got := tab.Value(c, v); got != want[c] {
					t.Errorf("%s: node %s, %s = %q, want %q", tc.name, g.Label(v), tc.columns[c], got, want[c])
				}
			}
		}
		if _, rep, _ := Read(strings.NewReader(tc.data), tc.name, ReadOptions{Format: tc.f}); rep.Attributes != nil {
			t.Errorf("%s: attributes collected without NodeAttributes", tc.name)
		}
	}
}
