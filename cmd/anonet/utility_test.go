package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

// wantMetricNames is the contract of anonet utility --json.
var wantMetricNames = []string{"avg_clustering", "transitivity", "avg_distance", "lcc_fraction",
	"components", "betweenness_top100_overlap", "nmi", "assortativity", "degree_ks"}

func utilityJSON(t *testing.T, args ...string) utilityResult {
	t.Helper()
	out, stderr, code := runCLI(t, append([]string{"utility", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("anonet utility %v: exit %d: %s", args, code, stderr)
	}
	var r utilityResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r
}

// writeRelabelled writes the karate club without its first drop edges and
// with every node renamed ("p" and a random number) to an edge list, and the
// mapping from the original labels to a TSV file, and returns their paths.
func writeRelabelled(t *testing.T, dir string, drop int) (graphPath, mapPath string) {
	t.Helper()
	g := examples.MustRead("karate")
	perm := rand.New(rand.NewPCG(1, 2)).Perm(g.NumNodes())
	labels := make([]string, g.NumNodes())
	var mb strings.Builder
	mb.WriteString("original\tanonymized\n")
	for v := range labels {
		labels[v] = fmt.Sprintf("p%d", perm[v])
		fmt.Fprintf(&mb, "%s\t%s\n", g.Label(int32(v)), labels[v])
	}
	h, _, err := graph.FromEdges(g.NumNodes(), g.SortedEdges()[drop:], labels)
	if err != nil {
		t.Fatal(err)
	}
	graphPath, mapPath = filepath.Join(dir, "anon.edges"), filepath.Join(dir, "map.tsv")
	if err := graphio.WriteFile(graphPath, h, graphio.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mapPath, []byte(mb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return graphPath, mapPath
}

func TestUtilityJSON(t *testing.T) {
	r := utilityJSON(t, "karate", "karate")
	if len(r.Metrics) != len(wantMetricNames) {
		t.Fatalf("%d metrics", len(r.Metrics))
	}
	for i, m := range r.Metrics {
		if m.Name != wantMetricNames[i] {
			t.Errorf("metric %d is %q, want %q", i, m.Name, wantMetricNames[i])
		}
		if m.Original == nil || m.Anonymized == nil || m.Preserved == nil || !*m.Preserved {
			t.Errorf("%s between equal graphs: %+v", m.Name, m)
		}
	}
	if r.Correspondence != "labels" || r.CorrespondingNodes != 34 || r.Paths != "exact" || r.Preserved != 9 || r.LeidenRuns != 10 {
		t.Errorf("result %+v", r)
	}
	// networkx: average clustering 0.5706, transitivity 0.2557.
	if m := r.Metrics[0]; *m.Original < 0.57063 || *m.Original > 0.57064 {
		t.Errorf("avg_clustering %v", *m.Original)
	}
	if d := r.Metrics[6].Details; d["score"] == nil || *d["score"] != 1 {
		t.Errorf("nmi details %v", d)
	}
}

func TestUtilityMapping(t *testing.T) {
	dir := t.TempDir()
	anon, mapping := writeRelabelled(t, dir, 5)
	r := utilityJSON(t, "karate", anon, "--mapping", mapping)
	if r.Correspondence != "mapping" || r.CorrespondingNodes != 34 || r.SharedEdges == nil || *r.SharedEdges != 1 {
		t.Errorf("correspondence %q, %d nodes, shared %v", r.Correspondence, r.CorrespondingNodes, r.SharedEdges)
	}
	for _, m := range r.Metrics {
		if m.Original == nil || m.Anonymized == nil || m.RelativeChange == nil && m.Name != "degree_ks" {
			t.Errorf("%s undefined with a mapping: %+v", m.Name, m)
		}
	}
	// Without the mapping the labels differ: the metrics that compare nodes
	// cannot be computed, and the default set, which has them, is refused
	// (issue 36: never computed on an implausible correspondence); metrics
	// that do not compare nodes are computed as with the mapping.
	if _, stderr, code := runCLI(t, "utility", "karate", anon); code != 2 || !strings.Contains(stderr, "--mapping") {
		t.Errorf("the default metrics without a mapping: exit %d: %s", code, stderr)
	}
	out, stderr, code := runCLI(t, "utility", "--json", "karate", anon, "--metrics", "avg_clustering,degree_ks")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r2 utilityResult
	if err := json.Unmarshal([]byte(out), &r2); err != nil {
		t.Fatal(err)
	}
	if r2.Correspondence != "none" || len(r2.Metrics) != 2 {
		t.Errorf("correspondence %q, %d metrics", r2.Correspondence, len(r2.Metrics))
	}
	for _, m := range r2.Metrics {
		for _, w := range r.Metrics {
			if w.Name == m.Name && *m.Anonymized != *w.Anonymized {
				t.Errorf("%s: %v without mapping, %v with", m.Name, *m.Anonymized, *w.Anonymized)
			}
		}
	}
	// Asking for such a metric explicitly is an error.
	_, stderr, code = runCLI(t, "utility", "karate", anon, "--metrics", "nmi")
	if code != 2 || !strings.Contains(stderr, "nmi need(s) to know which node is which") || !strings.Contains(stderr, "--mapping") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestUtilityAfterAnonymize runs the two commands one after the other, as a
// data owner would.
func TestUtilityAfterAnonymize(t *testing.T) {
	dir := t.TempDir()
	anon, mapping := filepath.Join(dir, "anon.edges"), filepath.Join(dir, "map.tsv")
	if _, stderr, code := runCLI(t, "anonymize", "karate", "-o", anon, "--mapping", mapping, "--allow-unmet"); code != 0 {
		t.Fatalf("anonymize: exit %d: %s", code, stderr)
	}
	r := utilityJSON(t, "karate", anon, "--mapping", mapping)
	if r.Correspondence != "mapping" || r.CorrespondingNodes != 34 || r.SharedEdges == nil || *r.SharedEdges != 1 {
		t.Errorf("correspondence %q, %d nodes, shared edges %v", r.Correspondence, r.CorrespondingNodes, r.SharedEdges)
	}
}

// TestUtilityRefusesImplausibleLabels: two files that number their nodes
// 0..n-1 alike (everything generate writes, most igraph and networkx
// exports) but whose numbers name other nodes share few edges; utility
// refuses to compare nodes by those labels and asks for --mapping (it
// printed a wrong NMI and betweenness with a warning before).
func TestUtilityRefusesImplausibleLabels(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.nauty"), filepath.Join(dir, "b.nauty")
	if _, stderr, code := runCLI(t, "generate", "er", "-n", "200", "--avg-degree", "6", "-o", a); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := runCLI(t, "generate", "er", "-n", "200", "--avg-degree", "6", "-o", b, "--seed", "2"); code != 0 {
		t.Fatal(stderr)
	}
	_, stderr, code := runCLI(t, "utility", a, b)
	if code != 2 || !strings.Contains(stderr, "do not name the same people") || !strings.Contains(stderr, "--mapping") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, stderr, code := runCLI(t, "utility", a, b, "--metrics", "components"); code != 0 {
		t.Errorf("a metric that compares no nodes: exit %d: %s", code, stderr)
	}
}
