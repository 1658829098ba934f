package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// runCLI runs anonet with args and an empty stdin and returns stdout,
// stderr and the exit status.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runCLIStdin(t, "", args...)
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.nauty")
	os.WriteFile(bad, []byte("!n=3\n0: 1 7;\n"), 0o644)
	tests := []struct {
		args []string
		code int
		msg  string // substring of stderr
	}{
		{[]string{"version"}, 0, ""},
		{[]string{"info", "karate"}, 0, ""},
		{[]string{"nosuchcommand"}, 2, "unknown command"},
		{[]string{"info"}, 2, "needs one GRAPH"},
		{[]string{"info", "karate", "--bogus"}, 2, "unknown flag"},
		{[]string{"info", filepath.Join(dir, "missing.edges")}, 2, "no such file"},
		{[]string{"info", bad}, 2, "bad.nauty:2:6: vertex 7 out of range"},
		{[]string{"measure", "karate", "-k", "0"}, 2, "-k must be at least 1"},
		{[]string{"measure", "karate", "-d", "0"}, 2, "-d must be at least 1"},
		{[]string{"measure", "karate", "--measure", "nope"}, 2, "unknown measure"},
		{[]string{"verify", "karate", "--alpha", "0"}, 2, "--alpha must be in (0, 1]"},
		{[]string{"verify", "karate", "--alpha", "1.5"}, 2, "--alpha must be in (0, 1]"},
		{[]string{"verify", "karate", "--measure", "count,dk"}, 2, "takes one measure"},
		{[]string{"verify", "example8"}, 3, "target not met"},
		{[]string{"verify", "example4", "--measure", "dk", "-d", "2"}, 0, ""},
		{[]string{"verify", "example8", "--alpha", "0.75"}, 0, ""},
		{[]string{"verify", "example8", "--alpha", "0.76"}, 3, "target not met"},
		{[]string{"convert", "karate"}, 2, "needs IN and OUT"},
		{[]string{"--threads", "-1", "info", "karate"}, 2, "--threads"},
	}
	for _, tc := range tests {
		_, stderr, code := runCLI(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("anonet %s: exit %d, stderr %q; want exit %d with %q", strings.Join(tc.args, " "), code, stderr, tc.code, tc.msg)
		}
	}
}

func TestInfoJSON(t *testing.T) {
	out, _, code := runCLI(t, "info", "karate", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r infoResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// Zachary's karate club: 45 triangles, average clustering 0.5706
	// (networkx average_clustering), transitivity 0.2556818 (igraph),
	// degrees 1..17.
	if r.Nodes != 34 || r.Edges != 78 || r.Triangles != 45 || r.Components != 1 ||
		r.DegreeMin != 1 || r.DegreeMax != 17 || r.AvgClustering == nil || *r.AvgClustering < 0.57063 || *r.AvgClustering > 0.57064 ||
		r.Transitivity == nil || *r.Transitivity < 0.255681 || *r.Transitivity > 0.255682 {
		t.Errorf("info karate = %+v", r)
	}
}

func TestMeasureJSON(t *testing.T) {
	out, _, code := runCLI(t, "measure", "example8", "--json", "--unique", "--twins")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// The contract's fields (DESIGN.md) with SPEC §8.1's values for example8.
	want := map[string]any{
		"nodes": 8.0, "edges": 10.0, "measure": "count", "d": 1.0, "k": 2.0,
		"unique": 2.0, "unique_fraction": 0.25, "not_k_anonymous": 2.0,
		"not_k_anonymous_fraction": 0.25, "classes": 4.0, "twin_unique": 4.0,
	}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("%s = %v, want %v", k, r[k], v)
		}
	}
	sizes, _ := json.Marshal(r["class_sizes"])
	if string(sizes) != `{"1":2,"2":1,"4":1}` {
		t.Errorf("class_sizes = %s", sizes)
	}
	if _, ok := r["seconds"]; !ok {
		t.Error("no seconds field")
	}
	if mem, _ := r["peak_memory_bytes"].(float64); mem < 1<<20 && runtime.GOOS == "linux" {
		t.Errorf("peak_memory_bytes = %v, want the process's peak (over 1 MiB)", r["peak_memory_bytes"])
	}
	nodes, _ := json.Marshal(r["not_k_anonymous_nodes"])
	if string(nodes) != `["1","2"]` {
		t.Errorf("not_k_anonymous_nodes = %s", nodes)
	}
}

func TestMeasureComparison(t *testing.T) {
	out, _, code := runCLI(t, "measure", "example8", "--measure", "degree,vrq", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var rs []measureResult
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatal(err)
	}
	// SPEC §8.1: degree leaves 1 and 2 unique; vrq also splits 0 off.
	if len(rs) != 2 || rs[0].Measure != "degree" || rs[0].Unique != 2 || rs[1].Measure != "vrq" || rs[1].Unique != 3 {
		t.Errorf("comparison = %+v", rs)
	}
	text, _, _ := runCLI(t, "measure", "example8", "--measure", "degree,vrq")
	for _, s := range []string{"measure", "degree", "vrq", "unique share", "25.0%", "37.5%"} {
		if !strings.Contains(text, s) {
			t.Errorf("comparison table lacks %q:\n%s", s, text)
		}
	}
}

func TestMeasureClassesText(t *testing.T) {
	out, _, code := runCLI(t, "measure", "karate", "--classes", "--unique")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// Karate (labels 1..34), count d = 1: node 34 (degree 17) is unique.
	for _, s := range []string{"unique nodes     15", "class size  classes  nodes", "(size 10):", "\n34\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
}

func TestConvertRefusesInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "g.edges")
	os.WriteFile(in, []byte("1 2\n2 3\n"), 0o644)
	if _, stderr, code := runCLI(t, "convert", in, in); code != 2 || !strings.Contains(stderr, "never overwrites") {
		t.Errorf("convert IN IN: exit %d, %s", code, stderr)
	}
	if _, stderr, code := runCLI(t, "convert", in, filepath.Join(dir, "nodir", "x.edges")); code != 2 || !strings.Contains(stderr, "nodir") {
		t.Errorf("convert to a missing directory: exit %d, %s", code, stderr)
	}
	out := filepath.Join(dir, "g.nauty")
	if _, stderr, code := runCLI(t, "convert", in, out); code != 0 {
		t.Fatalf("convert: exit %d, %s", code, stderr)
	}
	b, _ := os.ReadFile(out)
	if string(b) != "!n=3\n!m=4\n0: 1;\n1: 0 2;\n2: 1;\n" {
		t.Errorf("converted file:\n%s", b)
	}
}

// TestLabelsPrintedSafely: labels with an escape sequence, a space or a
// line break (legal in GML) are printed quoted by measure --unique and
// verify, so that they cannot act on the terminal or split a list (issue
// 37 item 8); plain labels are printed as they are.
func TestLabelsPrintedSafely(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "g.gml")
	gml := "graph [\n" +
		"  node [ id 0 label \"\x1b[2Jclear\" ]\n" +
		"  node [ id 1 label \"two words\" ]\n" +
		"  node [ id 2 label \"plain\" ]\n" +
		"  node [ id 3 label \"x\" ]\n" +
		"  edge [ source 0 target 1 ]\n  edge [ source 1 target 2 ]\n  edge [ source 1 target 3 ]\n  edge [ source 2 target 3 ]\n]\n"
	os.WriteFile(in, []byte(gml), 0o644)
	for _, args := range [][]string{{"measure", in, "--unique"}, {"verify", in}} {
		stdout, stderr, _ := runCLI(t, args...)
		out := stdout + stderr
		if strings.Contains(out, "\x1b") || !strings.Contains(out, `"\x1b[2Jclear"`) || !strings.Contains(out, `"two words"`) {
			t.Errorf("%v printed %q", args, out)
		}
	}
}
