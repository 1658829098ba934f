package signatures_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/distributed/signatures"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/measure"
)

// The tests run on prism, Beam's local runner for Go (ptest's default), in
// this process.
func TestMain(m *testing.M) {
	signatures.Register()
	ptest.MainWithDefault(m, "prism")
}

// network is an edge list given to the pipeline and the graph anonet reads
// from it.
type network struct {
	name string
	file string // edge list
	g    *graph.Graph
}

// edgeListOf writes g as an anonet edge list in dir, and reads it back as
// anonet reads it by default: a directed or layered graph (the bundled
// village) becomes the simple undirected graph the pipeline measures too.
func edgeListOf(t *testing.T, dir, name string, g *graph.Graph) network {
	t.Helper()
	file := filepath.Join(dir, name+".edges")
	if err := graphio.WriteFile(file, g, graphio.WriteOptions{Format: graphio.EdgeList}); err != nil {
		t.Fatal(err)
	}
	back, _, err := graphio.ReadFile(file, graphio.ReadOptions{Format: graphio.EdgeList})
	if err != nil {
		t.Fatal(err)
	}
	return network{name: name, file: file, g: back}
}

// textNetwork writes text as an edge list in dir and reads it with graphio.
func textNetwork(t *testing.T, dir, name, text string) network {
	t.Helper()
	file := filepath.Join(dir, name+".edges")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	g, _, err := graphio.ReadFile(file, graphio.ReadOptions{Format: graphio.EdgeList})
	if err != nil {
		t.Fatal(err)
	}
	return network{name: name, file: file, g: g}
}

// sharedNetworks returns the shared networks (shared/datasets/anonet/*.nauty
// beside the repository). internal/shareddata would look beside the nearest
// go.mod, which here is distributed/'s, and skips the whole test when the
// data are absent, where this goes on with the other networks.
func sharedNetworks(t *testing.T, dir string) []network {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// distributed/signatures → the repository's root → its parent.
	files, _ := filepath.Glob(filepath.Join(wd, "..", "..", "..", "shared", "datasets", "anonet", "*.nauty"))
	if len(files) == 0 {
		t.Logf("shared data sets not found beside the repository: only the bundled examples are checked")
	}
	var nets []network
	for _, f := range files {
		g, _, err := graphio.ReadFile(f, graphio.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, edgeListOf(t, dir, "shared-"+strings.TrimSuffix(filepath.Base(f), ".nauty"), g))
	}
	return nets
}

// result is what the pipeline computes for one network and one measure.
type result struct {
	sum    signatures.Summary
	belowK []string // the lines of the nodes that are not k-anonymous, sorted
}

// oracle returns what package anonymity computes on g for every supported
// measure at d = 1.
func oracle(t *testing.T, g *graph.Graph, k int, measures []string) map[string]result {
	t.Helper()
	want := map[string]result{}
	for _, name := range measures {
		m, err := measure.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := anonymity.New(g, m, 1, anonymity.Options{K: k})
		if err != nil {
			t.Fatal(err)
		}
		s := signatures.Summary{Measure: name, D: 1, K: k, Nodes: g.NumNodes(), Edges: g.NumEdges(),
			Classes: p.NumClasses(), Unique: p.Unique(), NotKAnonymous: p.NotAnonymous(), ClassSizes: map[string]int{}}
		for _, e := range p.Histogram() {
			s.ClassSizes[strconv.Itoa(e.Size)] = e.Classes
		}
		var below []string
		for _, v := range p.NotAnonymousNodes() {
			below = append(below, name+"\t"+g.Label(v)+"\t"+strconv.Itoa(p.ClassSize(v)))
		}
		slices.Sort(below)
		want[name] = result{s, below}
	}
	return want
}

// runAll runs one pipeline that measures every network, and returns the
// results for each, by measure.
func runAll(t *testing.T, dir string, nets []network, measures []string, k int) []map[string]result {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	for i, n := range nets {
		parser, err := signatures.InspectFile(context.Background(), n.file, graphio.HeaderAuto)
		if err != nil {
			t.Fatalf("%s: %v", n.name, err)
		}
		sub := s.Scope(n.name)
		out, err := signatures.Build(sub, signatures.ReadLines(sub, n.file),
			signatures.Options{Measures: measures, K: k, Parser: parser, ListNodes: true})
		if err != nil {
			t.Fatal(err)
		}
		textio.Write(sub, filepath.Join(dir, "out"+strconv.Itoa(i)+".json"), out.Summaries)
		textio.Write(sub, filepath.Join(dir, "below"+strconv.Itoa(i)+".txt"), out.NotKAnonymous)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	got := make([]map[string]result, len(nets))
	for i := range nets {
		got[i] = map[string]result{}
		for _, line := range readLines(t, filepath.Join(dir, "out"+strconv.Itoa(i)+".json")) {
			var sum signatures.Summary
			if err := json.Unmarshal([]byte(line), &sum); err != nil {
				t.Fatalf("%s: output line %q: %v", nets[i].name, line, err)
			}
			r := got[i][sum.Measure]
			r.sum = sum
			got[i][sum.Measure] = r
		}
		for _, line := range readLines(t, filepath.Join(dir, "below"+strconv.Itoa(i)+".txt")) {
			name, _, _ := strings.Cut(line, "\t")
			r := got[i][name]
			r.belowK = append(r.belowK, line)
			got[i][name] = r
		}
		for name, r := range got[i] {
			slices.Sort(r.belowK)
			got[i][name] = r
		}
	}
	return got
}

// readLines returns the lines of a file the pipeline wrote; a file of an
// empty PCollection may be missing.
func readLines(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// TestAgreesWithAnonet checks that the pipeline computes exactly the class
// sizes, unique and non-k-anonymous nodes that package anonymity computes,
// for every supported measure, on the bundled examples, the shared networks
// and edge lists that exercise the reader's rules.
func TestAgreesWithAnonet(t *testing.T) {
	dir := t.TempDir()
	var nets []network
	for _, name := range examples.Names() {
		nets = append(nets, edgeListOf(t, dir, name, examples.MustRead(name)))
	}
	nets = append(nets, sharedNetworks(t, dir)...)
	for _, c := range readerCases {
		nets = append(nets, textNetwork(t, dir, c.name, c.text))
	}
	// The bundled village as a file: a header and a third column (its layer),
	// read undirected, as anonet reads it without --directed.
	village, err := os.ReadFile(filepath.Join("..", "..", "examples", "data", "village.edges"))
	if err != nil {
		t.Fatal(err)
	}
	nets = append(nets, textNetwork(t, dir, "village-file", string(village)))
	// A compressed file (graphio reads gzip by its magic bytes).
	nets = append(nets, edgeListOf(t, dir, "lesmis-gz", examples.MustRead("lesmis")))
	last := &nets[len(nets)-1]
	gz := last.file + ".gz"
	if err := graphio.WriteFile(gz, last.g, graphio.WriteOptions{Format: graphio.EdgeList}); err != nil {
		t.Fatal(err)
	}
	last.file = gz
	// All five measures take the path through ego networks; count, vrq and
	// degree alone take the path through triangle counts.
	for _, ms := range [][]string{signatures.Supported(), {"count", "vrq", "degree"}} {
		check(t, nets, ms, runAll(t, dir, nets, ms, 3), 3)
	}
}

// TestSomeMeasures checks pipelines that compute some measures only, in
// another order: without dk and degdist no ego networks are built, without
// count and them no neighbour lists are sent.
func TestSomeMeasures(t *testing.T) {
	dir := t.TempDir()
	var nets []network
	for _, name := range examples.Names() {
		nets = append(nets, edgeListOf(t, dir, name, examples.MustRead(name)))
	}
	for _, ms := range [][]string{{"vrq", "degree"}, {"dk", "degdist"}, {"count"}} {
		check(t, nets, ms, runAll(t, dir, nets, ms, 2), 2)
	}
}

// check compares the pipeline's results with the oracle's.
func check(t *testing.T, nets []network, measures []string, got []map[string]result, k int) {
	t.Helper()
	for i, n := range nets {
		want := oracle(t, n.g, k, measures)
		if len(got[i]) != len(measures) {
			t.Errorf("%s: results for %d measures, want %d", n.name, len(got[i]), len(measures))
		}
		for _, name := range measures {
			g, ok := got[i][name]
			if !ok {
				t.Errorf("%s %s: no output", n.name, name)
				continue
			}
			w := want[name]
			if !reflect.DeepEqual(g.sum, w.sum) {
				t.Errorf("%s %s:\n got  %+v\n want %+v", n.name, name, g.sum, w.sum)
			}
			if !slices.Equal(g.belowK, w.belowK) {
				t.Errorf("%s %s: %d nodes listed as not k-anonymous, want %d (first lines: %q, want %q)",
					n.name, name, len(g.belowK), len(w.belowK), g.belowK[:min(3, len(g.belowK))], w.belowK[:min(3, len(w.belowK))])
			}
		}
	}
}

// readerCases are edge lists whose reading the pipeline must get right as
// graphio does.
var readerCases = []struct{ name, text string }{
	{"header-words", "source,target\n1,2\n2,3\n3,1\n3,4\n"},
	{"header-inferred", "alice bob\n1 2\n2 3\n1 3\n3 4\n4 5\n"},
	{"no-header", "alice bob\nbob carol\ncarol alice\ncarol dave\n"},
	{"comments-loops-duplicates", "% a comment\n# another\n1 2\n2 1\n1 2 extra columns\n3 3\n\n  \n2\t3\n4,5\n5 6\n6 4\n7 7\n"},
	{"anonet-isolated", "# anonet edge list: 6 nodes, 3 edges; a line with a single id is an isolated node\na b\nb c\nc a\nd\ne\nf\n"},
	{"labels", "01 1\n1 +1\n+1 01\n01 x\ny 1\n"},
}
