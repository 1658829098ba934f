package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/measure"
)

// TestTypedNetwork runs measure, anonymize and verify on a directed
// two-layer network given as a file with a layer column: the JSON says
// what the ties are, the release keeps the protected layer, the deleted
// ties are listed one per line, and the release reads back typed.
func TestTypedNetwork(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "ties.txt")
	// A directed triangle of family ties and a work star; 0 and 3 are
	// distinguished by their ties only.
	const ties = "u v layer\n0 1 family\n1 2 family\n2 0 family\n3 4 work\n3 5 work\n3 6 work\n4 5 family\n1 0 work\n"
	if err := os.WriteFile(in, []byte(ties), 0o644); err != nil {
		t.Fatal(err)
	}
	read := []string{"--directed", "--layer-column", "layer"}
	stdout, stderr, code := runCLI(t, append([]string{"measure", in, "--json", "--measure", "degree"}, read...)...)
	if code != 0 {
		t.Fatalf("measure: exit %d: %s", code, stderr)
	}
	type tiesJSON struct {
		Directed bool     `json:"directed"`
		Layers   []string `json:"layers"`
		Ties     int      `json:"ties"`
		Unique   int      `json:"unique"`
	}
	var m tiesJSON
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatal(err)
	}
	// (in, out) per layer, family then work: 0 (1,1,1,0), 1 (1,1,0,1),
	// 2 (1,1,0,0), 3 (0,0,0,3), 4 (0,1,1,0), 5 (1,0,1,0), 6 (0,0,1,0):
	// all unique.
	if !m.Directed || strings.Join(m.Layers, ",") != "family,work" || m.Ties != 8 || m.Unique != 7 {
		t.Errorf("measure: %+v, want directed, family,work, 8 ties, 7 unique", m)
	}
	// The same file read undirected and layer-blind: 0, 1 and 2 alike.
	stdout, _, _ = runCLI(t, "measure", in, "--json", "--measure", "degree", "--layers", "ignore")
	m = tiesJSON{}
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatal(err)
	}
	if m.Directed || m.Layers != nil || m.Ties != 0 {
		t.Errorf("layer-blind measure: %+v", m)
	}

	out, deleted, mapping := filepath.Join(dir, "out.txt"), filepath.Join(dir, "deleted.tsv"), filepath.Join(dir, "map.tsv")
	_, stderr, code = runCLI(t, append([]string{"anonymize", in, "-o", out, "--variant", "full", "--measure", "degree",
		"--alter-layers", "work", "--deleted", deleted, "--mapping", mapping, "--allow-unmet"}, read...)...)
	if code != 0 && code != exitNotAnonymous {
		t.Fatalf("anonymize: exit %d: %s", code, stderr)
	}
	rel, _, err := graphio.ReadFile(out, graphio.ReadOptions{Directed: true, LayerColumn: "3"})
	if err != nil {
		t.Fatal(err)
	}
	// Every family tie is kept.
	family := 0
	for i := range rel.NumEdges() {
		k := rel.EdgeKind(i)
		if k.Out(0) {
			family++
		}
		if k.In(0) {
			family++
		}
	}
	if family != 4 {
		t.Errorf("release has %d family arcs, want all 4", family)
	}
	b, err := os.ReadFile(deleted)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if lines[0] != "u\tv\tlayer\toperation" {
		t.Errorf("deleted header %q", lines[0])
	}
	for _, l := range lines[1:] {
		if !strings.HasSuffix(l, "\twork\tdelete") {
			t.Errorf("deleted line %q is not a work tie", l)
		}
	}
	if got, want := len(lines)-1, 8-rel.NumTies(); got != want {
		t.Errorf("%d ties listed as deleted, %d went", got, want)
	}

	// utility follows the arcs for paths and says so.
	stdout, stderr, code = runCLI(t, "utility", in, out, "--json", "--directed", "--layer-column", "3", "--mapping", mapping)
	if code != 0 {
		t.Fatalf("utility: exit %d: %s", code, stderr)
	}
	var u struct {
		DirectedPaths  bool `json:"directed_paths"`
		UndirectedView bool `json:"undirected_view"`
	}
	if err := json.Unmarshal([]byte(stdout), &u); err != nil {
		t.Fatal(err)
	}
	if !u.DirectedPaths || !u.UndirectedView {
		t.Errorf("utility of a directed layered pair: %+v", u)
	}

	// The report of a typed release (a refined measure without attribute
	// codes once crashed it).
	html := filepath.Join(dir, "report.html")
	if _, stderr, code := runCLI(t, append([]string{"anonymize", in, "-o", filepath.Join(dir, "out2.txt"), "--variant", "full",
		"--report", html}, read...)...); code != 0 {
		t.Fatalf("anonymize --report: exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<html") {
		t.Errorf("report: %v, %d bytes", err, len(b))
	}

	bad := [][]string{
		append([]string{"anonymize", in, "-o", filepath.Join(dir, "x.txt"), "--alter-layers", "school"}, read...),
		{"anonymize", in, "-o", filepath.Join(dir, "y.txt"), "--alter-layers", "work"},
		{"measure", in, "--layers", "sometimes"},
	}
	for _, args := range bad {
		if _, stderr, code := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", args, code, stderr)
		}
	}
}

// TestVillageExample checks the README's example of the bundled village:
// the number of unique nodes it prints is the library's, and more than
// the structure alone gives.
func TestVillageExample(t *testing.T) {
	g := examples.MustRead("village")
	table := filepath.Join("..", "..", "examples", "data", "attributes", "village.csv")
	f, err := os.Open(table)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tab, err := attribute.ReadCSV(f, table, g, "")
	if err != nil {
		t.Fatal(err)
	}
	colors, _, err := tab.Colors([]string{"age", "sex"})
	if err != nil {
		t.Fatal(err)
	}
	pa, err := anonymity.New(g, measure.Refine(measure.Count{}, g, colors), 1, anonymity.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCLI(t, "measure", "village", "--attributes", table, "--known", "age,sex", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Unique          int      `json:"unique"`
		KnownAttributes []string `json:"known_attributes"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	p, err := anonymity.New(g, measure.Count{}, 1, anonymity.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unique != pa.Unique() || r.Unique <= p.Unique() || strings.Join(r.KnownAttributes, ",") != "age,sex" {
		t.Errorf("with age and sex known %d unique (%v), library %d; structure alone %d", r.Unique, r.KnownAttributes, pa.Unique(), p.Unique())
	}
}

// TestBundledReadingFlags: the reading flags apply to a bundled network
// over its own options (village is directed with a layer column); the
// unique counts under degree are docs/attributes.md's: 10 with directions
// and layers, 5 layer-blind, 2 from the undirected structure alone.
func TestBundledReadingFlags(t *testing.T) {
	for _, c := range []struct {
		flags  []string
		unique int
		layers int
	}{
		{nil, 10, 2},
		{[]string{"--layers", "ignore"}, 5, 0},
		{[]string{"--layers", "ignore", "--directed=false"}, 2, 0},
	} {
		stdout, stderr, code := runCLI(t, append([]string{"measure", "village", "--json", "--measure", "degree"}, c.flags...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.flags, code, stderr)
		}
		var got struct {
			Unique int      `json:"unique"`
			Layers []string `json:"layers"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatal(err)
		}
		if got.Unique != c.unique || len(got.Layers) != c.layers {
			t.Errorf("%v: %d unique, layers %q; want %d unique, %d layers", c.flags, got.Unique, got.Layers, c.unique, c.layers)
		}
	}
}
