package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/release"
)

// runCLIStdin is runCLI with stdin.
func runCLIStdin(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runCLIWith(t, stdin, nil, args...)
}

// runCLIWith is runCLIStdin in an environment whose defaults set changes
// first, if it is not nil (a lower size for a choice, say).
func runCLIWith(t *testing.T, stdin string, set func(*env), args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := newEnv(strings.NewReader(stdin), &out, &errb)
	if set != nil {
		set(e)
	}
	code := e.run(append([]string{"--quiet"}, args...), nil)
	return out.String(), errb.String(), code
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestAnonymizeUnmetTarget: a release that misses its target is never
// written with exit 0; an unreachable target is refused before any work.
func TestAnonymizeUnmetTarget(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		msg     string
		written bool
	}{
		// k above n: refused up front (issue 14, finding 1).
		{[]string{"-k", "35", "--variant", "full"}, 2, "k = 35 is more than the 34 nodes", false},
		// Rewiring keeps degrees: only 26 of karate's nodes share a degree with 2 others.
		{[]string{"-k", "3", "--variant", "full", "--algorithm", "es", "--operation", "rewire"}, 2, "only 26 nodes have a degree", false},
		// With --allow-unmet it runs for the best state, with a warning.
		{[]string{"-k", "3", "--variant", "full", "--algorithm", "es", "--operation", "rewire", "--allow-unmet"}, 0, "only 26 nodes have a degree that at least 3 nodes share, fewer than the 34 that must become 3-anonymous; running anyway", true},
		{[]string{"-k", "1000000000", "--variant", "full"}, 2, "more than the 34 nodes", false},
		{[]string{"-k", "35", "--variant", "full", "--allow-unmet"}, 2, "more than the 34 nodes", false},
		// Two deletions cannot make karate 2-anonymous.
		{[]string{"--budget", "2"}, 3, "nothing written (--allow-unmet", false},
		{[]string{"--budget", "2"}, 3, "raise --budget or use --variant full", false},
		{[]string{"--budget", "2", "--allow-unmet"}, 0, "NOT safe to publish", true},
		// k = 5 within 20% (16 deletions), seed 3: after 14 no single
		// deletion helps, and the message says why the budget is left
		// (issue 36).
		{[]string{"-k", "5", "--budget", "20%", "--seed", "3"}, 3, "only 14 of the budget's 16 alterations were used: no single further deletion makes more nodes 5-anonymous", false},
		{[]string{"--variant", "full"}, 0, "", true},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		out := filepath.Join(dir, "o.edges")
		args := append([]string{"anonymize", "karate", "-o", out, "--trace", filepath.Join(dir, "t.csv"),
			"--mapping", filepath.Join(dir, "m.tsv"), "--deleted", filepath.Join(dir, "d.tsv")}, tc.args...)
		_, stderr, code := runCLI(t, args...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q; want exit %d with %q", tc.args, code, stderr, tc.code, tc.msg)
		}
		// The release, its record, the trace, the mapping and the deletions.
		names := dirNames(t, dir)
		if tc.written && len(names) != 5 || !tc.written && len(names) != 0 {
			t.Errorf("%v: files %v, want written=%v (all five or none)", tc.args, names, tc.written)
		}
	}
}

// TestAnonymizeUnmetJSON: with --json the refusal is one object saying
// what fell short, with the error and the exit status.
func TestAnonymizeUnmetJSON(t *testing.T) {
	dir := t.TempDir()
	stdout, _, code := runCLI(t, "anonymize", "karate", "-o", filepath.Join(dir, "o.edges"), "--budget", "2", "--json")
	if code != 3 {
		t.Fatalf("exit %d", code)
	}
	var r anonymizeResult
	dec := json.NewDecoder(strings.NewReader(stdout))
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if dec.More() {
		t.Error("more than one JSON value on stdout")
	}
	if r.Written || r.TargetReached || r.Exit != 3 || !strings.Contains(r.Error, "target not met") ||
		r.Shortfall != r.Target-(r.Nodes-r.NotKAnonymousAfter) || r.Shortfall < 1 {
		t.Errorf("result %+v", r)
	}
	// Other errors under --json are an object too.
	stdout, _, code = runCLI(t, "anonymize", "karate", "-o", filepath.Join(dir, "o.edges"), "-k", "35", "--variant", "full", "--json")
	checkJSONError(t, stdout, code, 2, "k = 35")
}

// TestReleasesUnlinkable: two different anonymizations of one network give
// their nodes unrelated ids: no more nodes keep the same id in both than
// under two independent random permutations (one per pair on average).
// Keyed on the input, as before, they all did.
func TestReleasesUnlinkable(t *testing.T) {
	dir := t.TempDir()
	configs := [][]string{
		{"--variant", "full"},
		{"--variant", "full", "-k", "3"},
		{"--variant", "full", "--algorithm", "es"},
		{"--variant", "full", "--algorithm", "degree"},
		{"--variant", "partial", "--alpha", "0.9"},
	}
	// One key for all: the graph keys the ids too.
	key := writeKeyFile(t, dir)
	var maps []map[string]string
	for i, c := range configs {
		m := filepath.Join(dir, "m"+string(rune('0'+i))+".tsv")
		args := append([]string{"anonymize", "lesmis", "-o", filepath.Join(dir, "o"+string(rune('0'+i))+".edges"), "--mapping", m, "--key-file", key}, c...)
		if _, stderr, code := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", c, code, stderr)
		}
		maps = append(maps, readMappingTSV(t, m))
	}
	same, pairs := 0, 0
	for i := range maps {
		for j := i + 1; j < len(maps); j++ {
			pairs++
			for orig, id := range maps[i] {
				if maps[j][orig] == id {
					same++
				}
			}
		}
	}
	// Fixed points of a random permutation: mean 1 and variance 1 per
	// pair; allow three standard deviations over the 10 pairs.
	if limit := pairs + 10; same > limit {
		t.Errorf("%d nodes kept their id across %d pairs of releases; a random permutation gives about %d (limit %d)", same, pairs, pairs, limit)
	}
	// The same release gets the same ids.
	again := filepath.Join(dir, "again.tsv")
	runCLI(t, "anonymize", "lesmis", "-o", filepath.Join(dir, "again.edges"), "--mapping", again, "--variant", "full", "--key-file", key)
	a, _ := os.ReadFile(again)
	b, _ := os.ReadFile(filepath.Join(dir, "m0.tsv"))
	if !bytes.Equal(a, b) {
		t.Error("the same run gave different ids")
	}
}

// readMappingTSV reads a --mapping file as label → id.
func readMappingTSV(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(line, "#") || line == "original\tanonymized" {
			continue
		}
		f := strings.Split(line, "\t")
		m[f[0]] = f[1]
	}
	return m
}

// TestDeletedWarning: --deleted links the release to the original and is
// flagged as secret like --mapping.
func TestDeletedWarning(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := runCLI(t, "anonymize", "karate", "-o", filepath.Join(dir, "o.edges"), "--variant", "full", "--deleted", filepath.Join(dir, "d.tsv"))
	if code != 0 || !strings.Contains(stderr, "d.tsv lists the altered edges by original node id") || !strings.Contains(stderr, "keep it secret") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestOutputPaths: -o - is stdout, GRAPH - is stdin, special files and
// directories are never renamed over, and every path is checked before any
// work, so that no output is left when one of them is bad.
func TestOutputPaths(t *testing.T) {
	dir := t.TempDir()
	// -o - writes the release to stdout; the summary goes to stderr.
	stdout, stderr, code := runCLI(t, "anonymize", "karate", "-o", "-", "--variant", "full")
	if code != 0 || strings.Count(stdout, "\n") < 40 || !strings.Contains(stderr, "target of 34 k-anonymous nodes reached") {
		t.Errorf("-o -: exit %d, stdout %d bytes, stderr %q", code, len(stdout), stderr)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error("-o - created a file named -")
	}
	// GRAPH - reads an edge list from stdin.
	stdout, _, code = runCLIStdin(t, "1 2\n2 3\n3 1\n", "info", "-", "--json")
	var ir infoResult
	if json.Unmarshal([]byte(stdout), &ir); code != 0 || ir.Nodes != 3 || ir.Edges != 3 {
		t.Errorf("info -: exit %d, %s", code, stdout)
	}
	stdout, _, code = runCLIStdin(t, "!n=3\n0: 1 2;\n", "convert", "-", "-", "--from", "nauty")
	if code != 0 || !strings.HasSuffix(stdout, "\n0 1\n0 2\n") {
		t.Errorf("convert - -: exit %d, %q", code, stdout)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	linkDev := filepath.Join(dir, "null.edges")
	os.Symlink("/dev/null", linkDev)
	sub := filepath.Join(dir, "sub.edges")
	os.Mkdir(sub, 0o755)
	good := filepath.Join(dir, "good.edges")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-o", "/dev/null"}, "not a regular file (a character device)"},
		{[]string{"-o", fifo}, "not a regular file (a FIFO)"},
		{[]string{"-o", linkDev}, "not a regular file"},
		{[]string{"-o", sub}, "is a directory"},
		{[]string{"-o", good, "--mapping", filepath.Join(dir, "nodir", "m.tsv")}, "nodir"},
		{[]string{"-o", good, "--trace", filepath.Join(dir, "nodir", "t.csv")}, "nodir"},
		{[]string{"-o", good, "--deleted", "/dev/null"}, "not a regular file"},
		{[]string{"-o", "-", "--mapping", "-"}, "both name stdout"},
		{[]string{"-o", "-", "--json"}, "where --json prints"},
	} {
		args := append([]string{"anonymize", "karate", "--variant", "full"}, tc.args...)
		_, stderr, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q; want exit 2 with %q", tc.args, code, stderr, tc.msg)
		}
	}
	if st, err := os.Lstat(linkDev); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink to /dev/null was replaced")
	}
	if _, err := os.Stat(good); err == nil {
		t.Error("OUT was written although another output could not be")
	}
	if names := dirNames(t, dir); len(names) != 3 {
		t.Errorf("files left behind: %v", names)
	}
	// A symbolic link to a regular file is followed: the file gets the
	// output, the link stays.
	real := filepath.Join(dir, "real.edges")
	os.WriteFile(real, []byte("old\n"), 0o600)
	link := filepath.Join(dir, "link.edges")
	os.Symlink(real, link)
	if _, stderr, code := runCLI(t, "convert", "karate", link); code != 0 {
		t.Fatalf("convert to a link: exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(real)
	st, _ := os.Lstat(link)
	fst, _ := os.Stat(real)
	if !strings.Contains(string(b), "\n1 2\n") || st.Mode()&os.ModeSymlink == 0 || fst.Mode().Perm() != 0o600 {
		t.Errorf("link target %q, link mode %v, file mode %v", b[:min(len(b), 20)], st.Mode(), fst.Mode())
	}
}

// TestOutOfMemoryIsNotBadInput: a declared size that would not fit in the
// memory the process may use is exit 1 (a resource problem), not 2.
func TestOutOfMemoryIsNotBadInput(t *testing.T) {
	old := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(old)
	stdout, stderr, code := runCLIStdin(t, "!n=2000000\n", "info", "-", "--from", "nauty", "--max-nodes", "2000000")
	if code != 1 || !strings.Contains(stderr, "not enough memory: 2000000 nodes need about") {
		t.Errorf("exit %d, %q %q", code, stdout, stderr)
	}
}

// TestHostileFiles: the tiny files of issue 14 (finding 5) that declared
// billions of nodes are bad input, refused at once.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"x.nauty": "!n=2000000000\n",
		"x.net":   "*Vertices 2000000000\n",
		"x.mtx":   "%%MatrixMarket matrix coordinate pattern symmetric\n2000000000 2000000000 0\n",
		"z.edges": strings.Repeat("\x00", 1<<20),
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(data), 0o644)
		_, stderr, code := runCLI(t, "info", path)
		if code != 2 || !strings.Contains(stderr, "declares 2000000000 nodes") && !strings.Contains(stderr, "NUL byte") {
			t.Errorf("%s: exit %d, %q", name, code, stderr)
		}
	}
}

// TestFullDiskIsNotBadInput: an output that cannot be written because the
// disk is full (here stdout on /dev/full, which fails every write with
// ENOSPC) ends with status 1, not 2: the input was fine (issue 37 item 9).
func TestFullDiskIsNotBadInput(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	var stderr strings.Builder
	code := runIO([]string{"-q", "convert", "karate", "-", "--to", "edgelist"}, strings.NewReader(""), full, &stderr, nil)
	if code != exitInternal || !strings.Contains(stderr.String(), "no space left") {
		t.Errorf("exit %d, %q; want %d and the system's reason", code, stderr.String(), exitInternal)
	}
	for _, tc := range []struct {
		err  error
		code int
	}{
		{&fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}, exitInternal},
		{fmt.Errorf("write x: %w", syscall.EIO), exitInternal},
		{&fs.PathError{Op: "rename", Path: "x", Err: syscall.EISDIR}, exitUsage},
		{errors.New("graphio: label \"a b\" cannot be written"), exitUsage},
	} {
		var ee *exitError
		if !errors.As(writeError(tc.err), &ee) || ee.code != tc.code {
			t.Errorf("writeError(%v): %v, want exit %d", tc.err, ee, tc.code)
		}
	}
}

// TestReleaseGateBoundary: a run whose best state is exactly one node
// short of its target writes nothing (exit 3), and one that meets it
// exactly is written (issue 37 item 11: a gate that released one node
// short survived every release test). Budgets and k are searched for such
// runs, so that the test holds whatever the algorithm keeps (on
// 2026-11-29 no budget at k = 2 ended one node short; k = 3 with a budget
// of 18 did).
func TestReleaseGateBoundary(t *testing.T) {
	dir := t.TempDir()
	short, exact := false, false
	for budget := 20; budget >= 1 && !(short && exact); budget-- {
		for _, k := range []string{"2", "3"} {
			out := filepath.Join(dir, fmt.Sprintf("o%d-%s.edges", budget, k))
			stdout, stderr, code := runCLI(t, "anonymize", "karate", "-o", out, "--budget", strconv.Itoa(budget), "-k", k, "--json")
			var r anonymizeResult
			if err := json.Unmarshal([]byte(stdout), &r); err != nil {
				t.Fatalf("budget %d, k = %s: %v: %s", budget, k, err, stderr)
			}
			_, statErr := os.Stat(out)
			written := statErr == nil
			switch anonymous := r.Nodes - r.NotKAnonymousAfter; {
			case anonymous == r.Target-1:
				short = true
				if code != exitNotAnonymous || written || r.Written || r.TargetReached || r.Shortfall != 1 {
					t.Errorf("budget %d, k = %s, one node short: exit %d, written %v, %+v", budget, k, code, written, r)
				}
			case anonymous == r.Target:
				exact = true
				if code != 0 || !written || !r.Written || !r.TargetReached || r.Shortfall != 0 {
					t.Errorf("budget %d, k = %s, target met exactly: exit %d, written %v, %+v", budget, k, code, written, r)
				}
			}
		}
	}
	if !short || !exact {
		t.Errorf("no budget from 1 to 20 at k = 2 or 3 ended one node short (%v) or exactly at the target (%v)", short, exact)
	}
}

// TestWithin: a release nested within an earlier one (--within) keeps only
// ties of it, so that the union of the two is the earlier release and
// joining them restores nothing (issue 37 item 6); the flags go together.
func TestWithin(t *testing.T) {
	dir := t.TempDir()
	a, am := filepath.Join(dir, "a.edges"), filepath.Join(dir, "a.tsv")
	c, cm := filepath.Join(dir, "c.edges"), filepath.Join(dir, "c.tsv")
	if _, stderr, code := runCLI(t, "anonymize", "lesmis", "-o", a, "--mapping", am, "--no-ladder"); code != 0 {
		t.Fatalf("the first release: exit %d: %s", code, stderr)
	}
	if _, stderr, code := runCLI(t, "--seed", "2", "anonymize", "lesmis", "-o", c, "--mapping", cm, "-k", "3", "--within", a, "--within-mapping", am, "--no-ladder"); code != 0 {
		t.Fatalf("the nested release: exit %d: %s", code, stderr)
	}
	orig := examples.MustRead("lesmis")
	inOriginal := func(rel, mapping string) map[[2]string]bool {
		g, _, err := graphio.ReadFile(rel, graphio.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(mapping)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		corr, err := release.ReadMapping(f, mapping, orig, g)
		if err != nil {
			t.Fatal(err)
		}
		back := make([]int32, g.NumNodes())
		for v, w := range corr {
			back[w] = int32(v)
		}
		edges := map[[2]string]bool{}
		for _, e := range g.Edges() {
			x, y := orig.Label(back[e.U]), orig.Label(back[e.V])
			if x > y {
				x, y = y, x
			}
			edges[[2]string{x, y}] = true
		}
		return edges
	}
	ea, ec := inOriginal(a, am), inOriginal(c, cm)
	for e := range ec {
		if !ea[e] {
			t.Errorf("the nested release has the tie %v, which the first deleted", e)
		}
	}
	if len(ec) >= len(ea) {
		t.Errorf("k = 3 within k = 2 kept %d ties of %d: nothing deleted?", len(ec), len(ea))
	}
	if _, stderr, code := runCLI(t, "anonymize", "lesmis", "-o", filepath.Join(dir, "x.edges"), "--within", a); code != 2 || !strings.Contains(stderr, "go together") {
		t.Errorf("--within alone: exit %d: %s", code, stderr)
	}
}

// TestResume: a run resumed from an earlier release (--resume) starts from
// its deletions and keeps at least its edges, meets the target from
// scratch and lists as deleted what the input lost in all; a release that
// does not meet the target, or is not one of this network, is refused;
// the flags go together.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	type summary struct {
		Before  int  `json:"edges_before"`
		After   int  `json:"edges_after"`
		Deleted int  `json:"edges_deleted"`
		Reached bool `json:"target_reached"`
	}
	run := func(args ...string) (summary, string, int) {
		t.Helper()
		out, stderr, code := runCLI(t, append([]string{"anonymize", "lesmis", "--no-ladder", "--json"}, args...)...)
		var s summary
		if code == 0 {
			if err := json.Unmarshal([]byte(out), &s); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
		}
		return s, stderr, code
	}
	ua, stderr, code := run("--algorithm", "ua", "-o", path("ua.edges"), "--mapping", path("ua.tsv"))
	if code != 0 || !ua.Reached {
		t.Fatalf("ua: exit %d, %+v: %s", code, ua, stderr)
	}
	res, stderr, code := run("--quiet=false", "--resume", path("ua.edges"), "--resume-mapping", path("ua.tsv"), "-o", path("r.edges"), "--mapping", path("r.tsv"), "--deleted", path("r.del"), "--trace", path("r.csv"))
	if code != 0 || !res.Reached || res.After < ua.After || res.Before != ua.Before || !strings.Contains(stderr, "resuming from") {
		t.Fatalf("resumed from ua's %d of %d edges: exit %d, %+v: %s", ua.After, ua.Before, code, res, stderr)
	}
	if res.After == ua.After {
		t.Errorf("resumed from ua's release, the default kept no more than its %d edges", ua.After)
	}
	if _, stderr, code := runCLI(t, "verify", path("r.edges")); code != 0 {
		t.Errorf("verify the resumed release: exit %d: %s", code, stderr)
	}
	del, err := os.ReadFile(path("r.del"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(del), "\n") - 1; n != res.Before-res.After || res.Deleted != n { // a header, then a line per edge
		t.Errorf("--deleted lists %d edges, edges_deleted %d, for %d of %d kept", n, res.Deleted, res.After, res.Before)
	}
	trace, err := os.ReadFile(path("r.csv"))
	if err != nil || !strings.Contains(string(trace), ",resume,") {
		t.Errorf("the trace has no row of the resumed release (%v): %s", err, trace)
	}
	// A release within a budget of one deletion does not meet the target.
	if _, stderr, code := run("--algorithm", "ua", "--variant", "budgeted", "--budget", "1", "--allow-unmet", "-o", path("b.edges"), "--mapping", path("b.tsv")); code != 0 {
		t.Fatalf("budgeted ua: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"unmet", []string{"--resume", path("b.edges"), "--resume-mapping", path("b.tsv")}, 2, "does not meet the target"},
		{"alone", []string{"--resume", path("ua.edges")}, 2, "go together"},
		{"another mapping", []string{"--resume", path("ua.edges"), "--resume-mapping", path("b.tsv")}, 2, "not a release of this network"},
	} {
		_, stderr, code := run(append(tc.args, "-o", path(tc.name+".edges"))...)
		if code != tc.code || !strings.Contains(stderr, tc.says) {
			t.Errorf("%s: exit %d, want %d saying %q: %s", tc.name, code, tc.code, tc.says, stderr)
		}
	}
}
