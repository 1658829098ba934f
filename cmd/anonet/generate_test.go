package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graphio"
)

func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args         []string
		file         string
		nodes, edges int
	}{
		{[]string{"ba", "-n", "500", "--avg-degree", "4"}, "ba.edges", 500, 2 * 498},
		{[]string{"ws", "-n", "500", "--avg-degree", "16"}, "ws.nauty", 500, 4000},
		{[]string{"ws", "-n", "500", "--avg-degree", "16", "--rewire", "1"}, "ws1.edges.gz", 500, 4000},
		{[]string{"er", "-n", "500", "--avg-degree", "0"}, "er0.edges", 500, 0},
		{[]string{"er", "-n", "30", "--avg-degree", "29"}, "k30.edges", 30, 435},
	} {
		out := filepath.Join(dir, tc.file)
		stdout, stderr, code := runCLI(t, append(append([]string{"generate", "--json"}, tc.args...), "-o", out)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		var r generateResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		if r.Nodes != tc.nodes || r.Edges != tc.edges || r.Model != tc.args[0] || r.Output != out || r.Seed != 1 {
			t.Errorf("%v: %+v", tc.args, r)
		}
		g, _, err := graphio.ReadFile(out, graphio.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if g.NumNodes() != tc.nodes || g.NumEdges() != tc.edges {
			t.Errorf("%s: %d nodes, %d edges; want %d, %d", tc.file, g.NumNodes(), g.NumEdges(), tc.nodes, tc.edges)
		}
	}
	// er: the average degree is as requested within sampling error
	// (m ~ Binomial(124750, 8/499): sd ≈ 44 edges, 0.18 in degree).
	stdout, _, code := runCLI(t, "generate", "er", "-n", "500", "--avg-degree", "8", "-o", filepath.Join(dir, "er.edges"), "--json")
	var r generateResult
	if code != 0 || json.Unmarshal([]byte(stdout), &r) != nil || r.AvgDegree == nil || *r.AvgDegree < 7.3 || *r.AvgDegree > 8.7 {
		t.Errorf("er: exit %d, %+v", code, r)
	}
}

func TestGenerateDeterministic(t *testing.T) {
	dir := t.TempDir()
	file := func(name, seed string) []byte {
		p := filepath.Join(dir, name)
		if _, stderr, code := runCLI(t, "generate", "ba", "-n", "300", "--avg-degree", "6", "-o", p, "--seed", seed); code != 0 {
			t.Fatal(stderr)
		}
		b, _ := os.ReadFile(p)
		return b
	}
	a, b, c := file("a.edges", "3"), file("b.edges", "3"), file("c.edges", "4")
	if string(a) != string(b) || string(a) == string(c) {
		t.Error("the seed does not determine the graph")
	}
}

func TestGenerateBadUsage(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "g.edges")
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"generate", "-n", "10", "--avg-degree", "2", "-o", out}, "needs a model"},
		{[]string{"generate", "gnp", "-n", "10", "--avg-degree", "2", "-o", out}, `unknown model "gnp"`},
		{[]string{"generate", "er", "--avg-degree", "2", "-o", out}, "-n (the number of nodes) is required"},
		{[]string{"generate", "er", "-n", "10", "-o", out}, "--avg-degree is required"},
		{[]string{"generate", "er", "-n", "10", "--avg-degree", "2"}, "no output file"},
		{[]string{"generate", "er", "-n", "0", "--avg-degree", "0", "-o", out}, "-n must be between 1"},
		{[]string{"generate", "er", "-n", "10", "--avg-degree", "-1", "-o", out}, "non-negative"},
		{[]string{"generate", "er", "-n", "10", "--avg-degree", "10", "-o", out}, "exceeds n−1"},
		{[]string{"generate", "er", "-n", "10", "--avg-degree", "2", "--rewire", "0.1", "-o", out}, "--rewire applies to the ws model only"},
		{[]string{"generate", "ba", "-n", "10", "--avg-degree", "3", "-o", out}, "even integer"},
		{[]string{"generate", "ba", "-n", "10", "--avg-degree", "2.5", "-o", out}, "even integer"},
		{[]string{"generate", "ba", "-n", "3", "--avg-degree", "6", "-o", out}, "needs more than 3 nodes"},
		{[]string{"generate", "ws", "-n", "10", "--avg-degree", "5", "-o", out}, "even integer"},
		{[]string{"generate", "ws", "-n", "10", "--avg-degree", "10", "-o", out}, "below n"},
		{[]string{"generate", "ws", "-n", "10", "--avg-degree", "4", "--rewire", "1.5", "-o", out}, "--rewire must be a probability"},
		{[]string{"generate", "er", "-n", "10", "--avg-degree", "2", "-o", filepath.Join(dir, "g.unknownext")}, "cannot tell the format"},
		{[]string{"generate", "er", "-n", "10", "--avg-degree", "2", "-o", dir}, "is a directory"},
	}
	for _, tc := range tests {
		_, stderr, code := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("anonet %s: exit %d, stderr %q; want exit 2 with %q", strings.Join(tc.args, " "), code, stderr, tc.msg)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed generate left an output file")
	}
}

// TestGeneratePopulation checks that a population streamed to a binary
// file is the network written through a graph to an edge list, whatever
// --threads (three regions, so that two threads draw them in parallel),
// and has the requested size.
func TestGeneratePopulation(t *testing.T) {
	dir := t.TempDir()
	var binFiles [][]byte
	for _, threads := range []string{"1", "2"} {
		out := filepath.Join(dir, "p"+threads+".anonet")
		stdout, stderr, code := runCLI(t, "generate", "population", "-n", "120000", "--edges", "240000", "-o", out, "--threads", threads, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var r generateResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		if r.Nodes != 120000 || r.Edges < 232800 || r.Edges > 247200 || r.RequestedEdges != 240000 || r.Regions != 3 || r.Scale == nil || r.Format != "anonet" {
			t.Errorf("%+v", r)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		binFiles = append(binFiles, data)
	}
	if string(binFiles[0]) != string(binFiles[1]) {
		t.Fatal("--threads 1 and 2 give different networks")
	}
	text := filepath.Join(dir, "p.edges")
	if _, stderr, code := runCLI(t, "generate", "population", "-n", "120000", "--avg-degree", "4", "-o", text); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	g, _, err := graphio.ReadFile(text, graphio.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := graphio.Write(&b, g, graphio.Binary); err != nil {
		t.Fatal(err)
	}
	if b.String() != string(binFiles[0]) {
		t.Error("the streamed binary file is not the edge list's network written by graphio.Write")
	}
	for _, args := range [][]string{
		{"population", "-n", "3000", "--edges", "100"},                       // fewer than the households
		{"population", "-n", "3000", "--edges", "3000", "--avg-degree", "2"}, // both
		{"er", "-n", "300", "--edges", "3000", "--avg-degree", "2"},          // --edges for er
		{"population", "-n", "1"},                                            // too small
	} {
		if _, _, code := runCLI(t, append(append([]string{"generate"}, args...), "-o", filepath.Join(dir, "x.anonet"))...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
