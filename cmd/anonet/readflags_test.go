package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadingFlags: the misreads of issue 14 (finding 7) and the reading
// flags, at the command line.
func TestReadingFlags(t *testing.T) {
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls.csv")
	os.WriteFile(calls, []byte("caller,callee,duration\n+31612345678,+31687654321,60\n+31687654321,+31600000000,5\n"), 0o644)
	quoted := filepath.Join(dir, "names.csv")
	os.WriteFile(quoted, []byte("\"Smith, John\",\"Doe, Jane\"\n\"Doe, Jane\",\"Roe, Rick\"\n"), 0o644)
	ids := filepath.Join(dir, "ids.csv")
	os.WriteFile(ids, []byte("edge_id,p,q,when\n1,ann,bob,2020\n2,bob,cy,2021\n3,cy,ann,2022\n"), 0o644)
	named := filepath.Join(dir, "named.csv")
	os.WriteFile(named, []byte("edge_id,source,target\n1,ann,bob\n2,bob,cy\n3,cy,ann\n"), 0o644)
	semi := filepath.Join(dir, "semi.txt")
	os.WriteFile(semi, []byte("// exported\nAnn Lee;Bob Ray\nBob Ray;Cy\n"), 0o644)
	tests := []struct {
		stdin string
		args  []string
		nodes int
		edges int
	}{
		{"1 2\r2 3\r3 1\r", []string{"info", "-"}, 3, 3},
		{"", []string{"info", calls}, 3, 2},
		{"", []string{"info", calls, "--header"}, 3, 2},
		{"", []string{"info", calls, "--no-header"}, 5, 3},
		{"", []string{"info", quoted}, 3, 2},
		{"", []string{"info", semi, "--delimiter", ";", "--comments", "/"}, 3, 2},
		{"!n=3\n0: 1 2;\n", []string{"info", "-", "--from", "nauty"}, 3, 2},
		{"!n=3\n0: 1 2;\n", []string{"info", "-", "--format", "nauty"}, 3, 2}, // the old name
		{"!n=100000\n", []string{"info", "-", "--from", "nauty", "--max-nodes", "100000"}, 100000, 0},
		// Node columns by header name or number (issue 36): the edge ids
		// and years are not people.
		{"", []string{"info", ids, "--source-column", "p", "--target-column", "q"}, 3, 3},
		{"", []string{"info", ids, "--source-column", "2", "--target-column", "3", "--header"}, 3, 3},
		{"", []string{"info", named}, 3, 3}, // source and target named in the header: used
	}
	for _, tc := range tests {
		stdout, stderr, code := runCLIStdin(t, tc.stdin, append(tc.args, "--json")...)
		var r infoResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil || code != 0 || r.Nodes != tc.nodes || r.Edges != tc.edges {
			t.Errorf("%v: exit %d, %s; %d nodes %d edges, want %d, %d", tc.args, code, stderr, r.Nodes, r.Edges, tc.nodes, tc.edges)
		}
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		msg   string
	}{
		{"", []string{"info", calls, "--header", "--no-header"}, "contradict"},
		{"", []string{"info", ids, "--source-column", "0"}, "columns are numbered from 1"},
		{"", []string{"info", ids, "--source-column", "p", "--target-column", "p"}, "both name column"},
		{"", []string{"info", ids, "--source-column", "from"}, `no column named "from"`},
		{"", []string{"info", semi, "--delimiter", ";;"}, "want one character"},
		{"", []string{"info", semi, "--from", "nauty", "--format", "nauty"}, "old name of --from"},
		{"", []string{"generate", "er", "-n", "10", "--avg-degree", "2", "-o", filepath.Join(dir, "g.gml"), "--to", "gml", "--format", "nauty"}, "old name of --to"},
		{"!n=100000\n", []string{"info", "-", "--from", "nauty"}, "--max-nodes"},
		{"", []string{"info", "x.edges.bz2"}, "no such file"},
		{"", []string{"convert", "karate", filepath.Join(dir, "k.edges.bz2")}, "only gzip (.gz) is supported"},
		{"", []string{"convert", "karate", filepath.Join(dir, "k.xyz")}, "--to when writing"},
		{"", []string{"--seed", "-1", "info", "karate"}, `--seed -1: want a whole number`},
	} {
		_, stderr, code := runCLIStdin(t, tc.stdin, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q; want 2 with %q", tc.args, code, stderr, tc.msg)
		}
	}
	// The phone numbers are ids, not a header line kept as an edge.
	stdout, _, _ := runCLI(t, "convert", calls, "-")
	if strings.Contains(stdout, "caller") || !strings.Contains(stdout, "+31612345678 +31687654321") {
		t.Errorf("convert calls.csv:\n%s", stdout)
	}
}

// TestAnonymizeTo: --to names the output format whatever OUT is called.
func TestAnonymizeTo(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "release.out")
	if _, stderr, code := runCLI(t, "anonymize", "karate", "-o", out, "--to", "gml", "--variant", "full"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, stderr, code := runCLI(t, "info", out, "--from", "gml"); code != 0 {
		t.Errorf("the output is not GML: %s", stderr)
	}
}

// TestConventions: --version, -q, and errors as JSON under --json.
func TestConventions(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		stdout, _, code := runCLI(t, args...)
		if code != 0 || !strings.HasPrefix(stdout, "anonet "+version) {
			t.Errorf("%v: exit %d, %q", args, code, stdout)
		}
	}
	var out, errb strings.Builder
	if code := runIO([]string{"-q", "info", "karate"}, strings.NewReader(""), &out, &errb, nil); code != 0 || errb.Len() != 0 {
		t.Errorf("-q: exit %d, stderr %q", code, errb.String())
	}
	stdout, _, code := runCLI(t, "--json", "info", "nothere")
	checkJSONError(t, stdout, code, 2, "nothere")
}

// checkJSONError checks that stdout is the JSON error object of a command
// that exited with status want, its message containing msg.
func checkJSONError(t *testing.T, stdout string, code, want int, msg string) {
	t.Helper()
	var e struct {
		Error string `json:"error"`
		Exit  int    `json:"exit"`
	}
	if err := json.Unmarshal([]byte(stdout), &e); err != nil || code != want || e.Exit != want || !strings.Contains(e.Error, msg) {
		t.Errorf("exit %d, stdout %q; want the JSON error of exit %d with %q", code, stdout, want, msg)
	}
}
