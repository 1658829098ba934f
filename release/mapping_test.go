package release

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
)

func labelled(t testing.TB, labels ...string) *graph.Graph {
	t.Helper()
	g := graph.New(len(labels))
	if err := g.SetLabels(labels); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReadMapping(t *testing.T) {
	orig := labelled(t, "alice", "bob", "carol")
	anon := labelled(t, "2", "0", "1")
	tests := []struct {
		name, text string
		want       []int32
		err        string
	}{
		{"full", "original\tanonymized\nalice\t0\nbob\t1\ncarol\t2\n", []int32{1, 2, 0}, ""},
		{"CRLF and blank lines", "original\tanonymized\r\nalice\t0\r\n\r\nbob\t1\r\ncarol\t2\r\n", []int32{1, 2, 0}, ""},
		{"partial", "original\tanonymized\ncarol\t2\n", []int32{-1, -1, 0}, ""},
		{"no header", "alice\t0\n", nil, "line 1: want the header"},
		{"empty", "", nil, "empty file"},
		{"three fields", "original\tanonymized\nalice\t0\tx\n", nil, "line 2: want 2 TAB-separated fields"},
		{"spaces", "original\tanonymized\nalice 0\n", nil, "line 2: want 2"},
		{"unknown original", "original\tanonymized\ndave\t0\n", nil, `line 2: original node "dave" is not in the original graph`},
		{"unknown anonymized", "original\tanonymized\nalice\t7\n", nil, `line 2: anonymized node "7" is not in the anonymized graph`},
		{"original twice", "original\tanonymized\nalice\t0\nalice\t1\n", nil, `line 3: original node "alice" is mapped twice`},
		{"anonymized twice", "original\tanonymized\nalice\t0\nbob\t0\n", nil, `line 3: anonymized node "0" is mapped twice`},
	}
	for _, tc := range tests {
		got, err := ReadMapping(strings.NewReader(tc.text), "map.tsv", orig, anon)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "map.tsv") {
				t.Errorf("%s: error %v, want one containing %q and the file name", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
}

func TestCorrespondenceByLabels(t *testing.T) {
	a := labelled(t, "x", "y", "z")
	corr, err := CorrespondenceByLabels(a, labelled(t, "z", "x", "y"))
	if err != nil || !slices.Equal(corr, []int32{1, 2, 0}) {
		t.Errorf("%v, %v", corr, err)
	}
	for _, b := range []*graph.Graph{labelled(t, "x", "y"), labelled(t, "x", "y", "w")} {
		if _, err := CorrespondenceByLabels(a, b); !errors.Is(err, ErrNoCorrespondence) {
			t.Errorf("labels %v: error %v", b.Labels(), err)
		}
	}
	// Unlabelled graphs are labelled by their ids.
	if corr, err := CorrespondenceByLabels(graph.New(3), graph.New(3)); err != nil || !slices.Equal(corr, []int32{0, 1, 2}) {
		t.Errorf("unlabelled: %v, %v", corr, err)
	}
}

func TestIdentity(t *testing.T) {
	got := Identity(4)
	if len(got) != 4 || got[0] != 0 || got[3] != 3 {
		t.Errorf("Identity(4) = %v", got)
	}
}

// TestMappingRoundTrip: labels that GML, GraphML and Pajek allow (TABs,
// line breaks, backslashes) are written escaped, one line per node, and
// read back to the same correspondence (issue 37 item 8).
func TestMappingRoundTrip(t *testing.T) {
	labels := []string{"plain", "tab\there", "two\nlines", `back\slash`, "cr\r", `\t literally`, ""}
	orig := labelled(t, labels...)
	for i := range len(labels) - 1 {
		orig.AddEdge(int32(i), int32(i+1))
	}
	key := keyOf(3)
	g := orig.Clone()
	perm, names := Publish(g, key)
	var b strings.Builder
	if err := WriteMapping(&b, key, names, perm); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), "\n"); n != len(labels)+2 {
		t.Fatalf("%d lines for %d nodes:\n%s", n, len(labels), b.String())
	}
	corr, err := ReadMapping(strings.NewReader(b.String()), "m.tsv", orig, g)
	if err != nil {
		t.Fatal(err)
	}
	for v := range corr {
		if int(corr[v]) != perm[v] {
			t.Errorf("node %q: read %d, wrote %d", labels[v], corr[v], perm[v])
		}
	}
	for _, bad := range []string{"original\tanonymized\nx\\\t0\n", "original\tanonymized\nx\\q\t0\n"} {
		if _, err := ReadMapping(strings.NewReader(bad), "m.tsv", orig, g); err == nil || !strings.Contains(err.Error(), "escape") && !strings.Contains(err.Error(), "backslash") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// TestLabelsWithoutSupport: two graphs that number their nodes 0..n−1
// alike, but whose numbers name other people (a release with fresh ids,
// two exports of igraph or networkx), are not paired by label: the edges
// do not support it (issue 36 item 4).
func TestLabelsWithoutSupport(t *testing.T) {
	karate := examples.MustRead("karate")
	g := karate.Renumbered(identity(karate.NumNodes())) // labels 0..33
	thinned := g.Clone()
	for i := range 20 {
		e := thinned.Edge(i)
		thinned.DeleteEdge(e.U, e.V)
	}
	if corr, err := CorrespondenceByLabels(g, thinned); err != nil || !slices.Equal(corr, Identity(g.NumNodes())) {
		t.Errorf("a thinned copy: %v, %v", corr, err)
	}
	released := New(thinned, keyOf(9)).Graph // labels 0..33 again, other people
	_, err := CorrespondenceByLabels(g, released)
	if !errors.Is(err, ErrNoCorrespondence) || !strings.Contains(err.Error(), "do not name the same people") {
		t.Errorf("a release with fresh ids: %v", err)
	}
}

// TestReadMappingByID reads the mapping of a graph without labels, as the
// lean path writes it (WriteMappingOf with decimal ids), by ids alone, and
// refuses labels that are not ids of the graphs.
func TestReadMappingByID(t *testing.T) {
	const n = 12
	perm := []int{5, 0, 11, 3, 7, 1, 9, 2, 10, 4, 8, 6}
	id := func(v int32) string { return strconv.Itoa(int(v)) }
	var b strings.Builder
	if err := WriteMappingOf(&b, keyOf(4), n, id, perm); err != nil {
		t.Fatal(err)
	}
	corr, err := ReadMappingOf(strings.NewReader(b.String()), "m.tsv", n, n, ByID(n), ByID(n))
	if err != nil {
		t.Fatal(err)
	}
	for v, w := range corr {
		if int(w) != perm[v] {
			t.Errorf("node %d: read %d, wrote %d", v, w, perm[v])
		}
	}
	for _, bad := range []string{"12\t0", "-1\t0", "01\t0", "1\t12", "1\tx", "1\t 2"} {
		m := MappingHeader + "\n" + bad + "\n"
		if _, err := ReadMappingOf(strings.NewReader(m), "m.tsv", n, n, ByID(n), ByID(n)); err == nil || !strings.Contains(err.Error(), "is not in the") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
