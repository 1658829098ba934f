package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/utility"
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
	// Without the mapping the labels differ: the metrics that need a
	// correspondence are null, with a note; the others are unchanged.
	out, stderr, code := runCLI(t, "utility", "--json", "karate", anon)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r2 utilityResult
	if err := json.Unmarshal([]byte(out), &r2); err != nil {
		t.Fatal(err)
	}
	if r2.Correspondence != "none" {
		t.Errorf("correspondence %q", r2.Correspondence)
	}
	for i, m := range r2.Metrics {
		switch m.Name {
		case "betweenness_top100_overlap":
			if m.Anonymized != nil || m.Preserved != nil || !strings.Contains(m.Note, "correspondence") {
				t.Errorf("overlap without mapping: %+v", m)
			}
		case "nmi":
			if m.Original == nil || m.Anonymized != nil || m.Preserved != nil || m.Note == "" {
				t.Errorf("nmi without mapping: %+v", m)
			}
		default:
			if *m.Anonymized != *r.Metrics[i].Anonymized {
				t.Errorf("%s: %v without mapping, %v with", m.Name, *m.Anonymized, *r.Metrics[i].Anonymized)
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

func TestUtilityWrongLabelsWarning(t *testing.T) {
	// Same labels 0..n−1, different nodes: equal label sets, but few edges
	// in common. utility warns.
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.nauty"), filepath.Join(dir, "b.nauty")
	if _, stderr, code := runCLI(t, "generate", "er", "-n", "200", "--avg-degree", "6", "-o", a); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := runCLI(t, "generate", "er", "-n", "200", "--avg-degree", "6", "-o", b, "--seed", "2"); code != 0 {
		t.Fatal(stderr)
	}
	var out, errb strings.Builder
	if code := run([]string{"utility", a, b, "--metrics", "components"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "probably do not correspond") {
		t.Errorf("no warning: %s", errb.String())
	}
}

func TestUtilityText(t *testing.T) {
	dir := t.TempDir()
	anon, mapping := writeRelabelled(t, dir, 20)
	out, stderr, code := runCLI(t, "utility", "karate", anon, "--mapping", mapping)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"metric", "original", "anonymized", "change", "preserved",
		"avg_clustering ", "degree_ks ", "metrics preserved", "nmi: stability"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`(?i)nan`).MatchString(out) {
		t.Errorf("NaN in the output:\n%s", out)
	}
}

func TestUtilityBadInput(t *testing.T) {
	dir := t.TempDir()
	anon, _ := writeRelabelled(t, dir, 0)
	badMap := filepath.Join(dir, "bad.tsv")
	os.WriteFile(badMap, []byte("original\tanonymized\n1\tp0\n2\tnobody\n"), 0o644)
	noHeader := filepath.Join(dir, "nohead.tsv")
	os.WriteFile(noHeader, []byte("1\tp0\n"), 0o644)
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"utility", "karate"}, "needs ORIGINAL and ANONYMIZED"},
		{[]string{"utility", "karate", "karate", "--metrics", "clustering"}, `unknown metric "clustering"`},
		{[]string{"utility", "karate", "karate", "--metrics", "nmi,,components"}, `unknown metric ""`},
		{[]string{"utility", "karate", "lesmis", "--metrics", "betweenness_top100_overlap"}, "the graphs have 34 and 77 nodes"},
		{[]string{"utility", "karate", "karate", "--paths", "fast"}, "--paths"},
		{[]string{"utility", "karate", "karate", "--sources", "0"}, "--sources must be at least 1"},
		{[]string{"utility", "karate", "karate", "--leiden-runs", "1"}, "--leiden-runs must be at least 2"},
		{[]string{"utility", "karate", filepath.Join(dir, "missing.edges")}, "no such file"},
		{[]string{"utility", "karate", anon, "--mapping", filepath.Join(dir, "missing.tsv")}, "missing.tsv"},
		{[]string{"utility", "karate", anon, "--mapping", badMap}, `bad.tsv line 3: anonymized node "nobody" is not in the anonymized graph`},
		{[]string{"utility", "karate", anon, "--mapping", noHeader}, "nohead.tsv line 1: want the header"},
	}
	for _, tc := range tests {
		_, stderr, code := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("anonet %s: exit %d, stderr %q; want exit 2 with %q", strings.Join(tc.args, " "), code, stderr, tc.msg)
		}
	}
}

func TestUtilityEmptyGraphs(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.nauty")
	os.WriteFile(empty, []byte("!n=0\n"), 0o644)
	out, stderr, code := runCLI(t, "utility", "--json", empty, empty)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "NaN") {
		t.Fatalf("NaN in JSON:\n%s", out)
	}
	var r utilityResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Metrics {
		if m.Name == "components" {
			if m.Original == nil || *m.Original != 0 {
				t.Errorf("components: %+v", m)
			}
			continue
		}
		if m.Original != nil && m.Anonymized != nil || m.Preserved != nil || m.Note == "" {
			t.Errorf("%s of an empty graph: %+v", m.Name, m)
		}
	}
	text, _, code := runCLI(t, "utility", empty, empty)
	if code != 0 || !strings.Contains(text, "n/a") || strings.Contains(text, "NaN") {
		t.Errorf("exit %d:\n%s", code, text)
	}
}

func TestUtilityDeterministic(t *testing.T) {
	strip := regexp.MustCompile(`"(seconds|peak_memory_bytes)": [0-9.e+-]+`)
	var first string
	for _, threads := range []string{"1", "2", "3"} {
		for _, paths := range []string{"exact", "sampled"} {
			out, stderr, code := runCLI(t, "utility", "--json", "--threads", threads, "--seed", "7", "--paths", paths, "--sources", "20", "dolphins", "dolphins")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			s := strip.ReplaceAllString(out, "")
			if threads == "1" {
				first += s
			} else if !strings.Contains(first, s) {
				t.Errorf("--threads %s --paths %s: output differs from --threads 1", threads, paths)
			}
		}
	}
	r := utilityJSON(t, "--paths", "sampled", "--sources", "20", "dolphins", "dolphins")
	if r.Paths != "sampled" || r.Sources != 20 || !r.Metrics[2].Estimated {
		t.Errorf("sampled: %+v", r)
	}
	r = utilityJSON(t, "--metrics", "degree_ks,avg_clustering", "dolphins", "dolphins")
	if len(r.Metrics) != 2 || r.Metrics[0].Name != utility.MetricAvgClustering {
		t.Errorf("--metrics: %+v", r.Metrics)
	}
}
