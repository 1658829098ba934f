package attribute

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// labelled returns a graph of the given labelled nodes and no edges.
func labelled(t *testing.T, labels ...string) *graph.Graph {
	t.Helper()
	g := graph.New(0)
	for _, l := range labels {
		g.AddNode(l)
	}
	return g
}

func TestReadCSV(t *testing.T) {
	g := labelled(t, "ann", "bob", "cy", "dee")
	tests := []struct {
		name, data, id string
		columns        []string
		values         [][]string // per node, per column
		missing        int
		ignored        int
	}{
		{"plain", "id,sex,age\nann,F,30\nbob,M,30\ncy,F,40\ndee,M,40\n", "", []string{"sex", "age"},
			[][]string{{"F", "30"}, {"M", "30"}, {"F", "40"}, {"M", "40"}}, 0, 0},
		{"quoted, id column in the middle", "town,who,age\n\"Smith, NY\",ann,30\n\"x\"\"y\",cy,3\n", "who", []string{"town", "age"},
			[][]string{{"Smith, NY", "30"}, {"", ""}, {"x\"y", "3"}, {"", ""}}, 2, 0},
		{"unknown ids ignored", "id,a\nann,1\nzed,2\n", "", []string{"a"},
			[][]string{{"1"}, {""}, {""}, {""}}, 3, 1},
	}
	for _, tc := range tests {
		tab, err := ReadCSV(strings.NewReader(tc.data), "a.csv", g, tc.id)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !slices.Equal(tab.Columns, tc.columns) || tab.Missing != tc.missing || tab.Ignored != tc.ignored {
			t.Errorf("%s: columns %v missing %d ignored %d", tc.name, tab.Columns, tab.Missing, tab.Ignored)
		}
		for v, want := range tc.values {
			for c, w := range want {
				if got := tab.Value(c, int32(v)); got != w {
					t.Errorf("%s: node %d column %d: %q, want %q", tc.name, v, c, got, w)
				}
			}
		}
	}
}

func TestReadCSVErrors(t *testing.T) {
	g := labelled(t, "ann", "bob")
	tests := []struct {
		name, data, id string
		line           int
		msg            string
	}{
		{"empty", "", "", 1, "empty file"},
		{"no such id column", "id,a\n", "who", 1, `no column "who"`},
		{"duplicate attribute", "id,a,a\n", "", 1, "distinct"},
		{"second row", "id,a\nann,1\nbob,2\nann,3\n", "", 4, `node "ann" has a second row`},
		{"ragged", "id,a\nann,1,2\n", "", 2, "wrong number of fields"},
		{"bad quote", "id,a\nann,\"1\n", "", 2, "quote"},
		{"only the id column", "id\nann\n", "", 1, "at least one attribute column"},
	}
	for _, tc := range tests {
		_, err := ReadCSV(strings.NewReader(tc.data), "a.csv", g, tc.id)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "a.csv:") {
			t.Errorf("%s: %v; want line %d with %q", tc.name, err, tc.line, tc.msg)
		}
	}
}

func TestColors(t *testing.T) {
	g := labelled(t, "1", "2", "3", "4")
	tab, err := ReadCSV(strings.NewReader("id,sex,age\n1,F,30\n2,M,30\n3,F,30\n4,M,40\n"), "a.csv", g, "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		known []string
		want  []int32
		n     int
	}{
		{nil, []int32{0, 1, 0, 2}, 3},
		{[]string{"sex"}, []int32{0, 1, 0, 1}, 2},
		{[]string{"age"}, []int32{0, 0, 0, 1}, 2},
		{[]string{"age", "sex", "age"}, []int32{0, 1, 0, 2}, 3},
	}
	for _, tc := range tests {
		got, n, err := tab.Colors(tc.known)
		if err != nil || !slices.Equal(got, tc.want) || n != tc.n {
			t.Errorf("Colors(%v) = %v, %d, %v; want %v, %d", tc.known, got, n, err, tc.want, tc.n)
		}
	}
	if _, _, err := tab.Colors([]string{"town"}); err == nil || !strings.Contains(err.Error(), "sex, age") {
		t.Errorf("unknown attribute: %v", err)
	}
}

// TestWriteCSV writes a release's table, whose node i is input node
// order[i], and reads it back against the release's labels.
func TestWriteCSV(t *testing.T) {
	g := labelled(t, "ann", "bob", "cy")
	tab, err := ReadCSV(strings.NewReader("id,town\nann,\"Smith, NY\"\nbob,Oslo\n"), "a.csv", g, "")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	order := []int32{2, 0, 1}
	if err := tab.WriteCSV(&buf, order, func(i int) string { return []string{"r0", "r1", "r2"}[i] }); err != nil {
		t.Fatal(err)
	}
	want := "id,town\nr0,\nr1,\"Smith, NY\"\nr2,Oslo\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
	back, err := ReadCSV(&buf, "r.csv", labelled(t, "r0", "r1", "r2"), "")
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range order {
		if back.Value(0, int32(i)) != tab.Value(0, v) {
			t.Errorf("release node %d: %q, want %q", i, back.Value(0, int32(i)), tab.Value(0, v))
		}
	}
}

// TestJointColors: nodes of two tables with equal values get equal codes,
// whatever order the values first appear in each table.
func TestJointColors(t *testing.T) {
	a, err := ReadCSV(strings.NewReader("id,sex,age\n1,F,30\n2,M,30\n"), "a.csv", labelled(t, "1", "2"), "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadCSV(strings.NewReader("id,age,sex\n7,30,M\n8,40,M\n9,30,F\n"), "b.csv", labelled(t, "7", "8", "9"), "")
	if err != nil {
		t.Fatal(err)
	}
	got, n, err := JointColors([]string{"sex", "age"}, a, b)
	if err != nil || n != 3 || !slices.Equal(got[0], []int32{0, 1}) || !slices.Equal(got[1], []int32{1, 2, 0}) {
		t.Errorf("JointColors = %v, %d, %v; want [[0 1] [1 2 0]], 3", got, n, err)
	}
	if _, _, err := JointColors([]string{"town"}, a, b); err == nil {
		t.Error("an unknown attribute was accepted")
	}
	// A table without attribute columns (a GraphML file's node data with
	// none, say) codes every node alike: one code per node, not none.
	empty := FromRows("id", nil, labelled(t, "1", "2", "3"), nil)
	got, n, err = JointColors(nil, empty)
	if err != nil || n != 1 || !slices.Equal(got[0], []int32{0, 0, 0}) {
		t.Errorf("JointColors of a table without columns = %v, %d, %v; want [[0 0 0]], 1", got, n, err)
	}
}
