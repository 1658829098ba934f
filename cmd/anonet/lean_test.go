package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/measure"
)

// sameNumbers checks that two JSON results (an object, or an array of
// them) agree on every field but the graph's name and the cost.
func sameNumbers(t *testing.T, name, got, want string) {
	t.Helper()
	parse := func(text string) []map[string]any {
		var list []map[string]any
		if strings.HasPrefix(strings.TrimSpace(text), "{") {
			list = []map[string]any{{}}
			if err := json.Unmarshal([]byte(text), &list[0]); err != nil {
				t.Fatalf("%s: %v in %s", name, err, text)
			}
		} else if err := json.Unmarshal([]byte(text), &list); err != nil {
			t.Fatalf("%s: %v in %s", name, err, text)
		}
		return list
	}
	a, b := parse(got), parse(want)
	if len(a) != len(b) {
		t.Fatalf("%s: %d results, want %d", name, len(a), len(b))
	}
	for i := range a {
		for _, r := range []map[string]any{a[i], b[i]} {
			delete(r, "graph")
			delete(r, "seconds")
			delete(r, "peak_memory_bytes")
			if f, ok := r["refinement"].(map[string]any); ok {
				delete(f, "seconds")
			}
		}
		ja, _ := json.Marshal(a[i])
		jb, _ := json.Marshal(b[i])
		if string(ja) != string(jb) {
			t.Errorf("%s: lean path %s\nusual path %s", name, ja, jb)
		}
	}
}

// sameFiles checks that the files a+ext and b+ext exist, are not empty
// and are equal byte for byte, for every ext of exts.
func sameFiles(t *testing.T, what, a, b string, exts ...string) {
	t.Helper()
	for _, ext := range exts {
		x, _ := os.ReadFile(a + ext)
		y, _ := os.ReadFile(b + ext)
		if len(x) == 0 || string(x) != string(y) {
			t.Errorf("%s: %s%s (%d bytes) differs from %s%s (%d bytes)", what, filepath.Base(a), ext, len(x), filepath.Base(b), ext, len(y))
		}
	}
}

// generated writes the network that anonet generate args draws to path.
func generated(t *testing.T, path string, args ...string) {
	t.Helper()
	if _, stderr, code := runCLI(t, append(append([]string{"generate"}, args...), "-o", path)...); code != 0 {
		t.Fatalf("generate %v: %s", args, stderr)
	}
}

// TestMeasureLean checks the lean path (a bare binary file, measures of
// degrees and triangles at d = 1) against the usual path, the oracle, on
// the bundled networks and on random ones.
func TestMeasureLean(t *testing.T) {
	dir := t.TempDir()
	type source struct{ name, oracle string }
	var sources []source
	for _, name := range examples.Names() {
		sources = append(sources, source{name, name})
	}
	for _, gen := range [][]string{
		{"er", "-n", "3000", "--avg-degree", "6"},
		{"ba", "-n", "3000", "--avg-degree", "8"},
		{"ws", "-n", "2000", "--avg-degree", "10", "--rewire", "0.2"},
		{"population", "-n", "4000", "--avg-degree", "40"},
	} {
		out := filepath.Join(dir, gen[0]+".edges")
		generated(t, out, gen...)
		sources = append(sources, source{gen[0], out})
	}
	measures := "degree,count,edgecount,none"
	tested := 0
	for _, s := range sources {
		bin := filepath.Join(dir, s.name+".anonet")
		if _, _, code := runCLI(t, "convert", s.oracle, bin); code != 0 {
			continue // a directed or layered network has no binary form
		}
		for _, k := range []string{"2", "5"} {
			want, stderr, code := runCLI(t, "measure", s.oracle, "--measure", measures, "-k", k, "--json")
			if code != 0 {
				t.Fatalf("%s: %s", s.name, stderr)
			}
			got, stderr, code := runCLI(t, "measure", bin, "--measure", measures, "-k", k, "--json", "--quiet=false")
			if code != 0 {
				t.Fatalf("%s: %s", s.name, stderr)
			}
			if !strings.Contains(stderr, "lean path") {
				t.Errorf("%s: the lean path was not taken: %s", s.name, stderr)
			}
			sameNumbers(t, s.name+" k="+k, got, want)
		}
		// The text report prints the same histogram.
		got, _, _ := runCLI(t, "measure", bin, "--quiet")
		want, _, _ := runCLI(t, "measure", s.oracle, "--quiet")
		cut := func(s string) string {
			return s[strings.Index(s, "\n"):strings.Index(s, "time")] + s[strings.Index(s, "class size"):]
		}
		if cut(got) != cut(want) {
			t.Errorf("%s: text\n%s\nwant\n%s", s.name, got, want)
		}
		tested++
	}
	if tested < 10 {
		t.Fatalf("only %d networks tested", tested)
	}
	// Options that need the graph take the usual path.
	bin := filepath.Join(dir, "karate.anonet")
	for _, args := range [][]string{
		{"--measure", "dk"}, {"-d", "2"}, {"--unique"}, {"--classes"}, {"--twins"}, {"--cascade"},
	} {
		_, stderr, code := runCLI(t, append([]string{"measure", bin, "--quiet=false"}, args...)...)
		if code != 0 || strings.Contains(stderr, "lean path") {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
	// A corrupt file is refused as the usual path refuses it.
	corrupt := filepath.Join(dir, "corrupt.anonet")
	if _, _, code := runCLI(t, "convert", "karate", corrupt); code != 0 {
		t.Fatal("convert karate")
	}
	flipByte(t, corrupt, 100)
	_, stderr, code := runCLI(t, "measure", corrupt)
	_, stderr2, code2 := runCLI(t, "measure", corrupt, "--unique")
	if code != 2 || code2 != 2 || !strings.Contains(stderr, "checksum mismatch") || !strings.Contains(stderr2, "checksum mismatch") {
		t.Errorf("corrupt file: exit %d: %s; usual path: exit %d: %s", code, stderr, code2, stderr2)
	}
}

// TestInfoLean checks anonet info on a bare binary file (the lean path)
// against the usual path reading the same file from stdin, on the bundled
// networks and on random ones with isolated nodes and many components.
func TestInfoLean(t *testing.T) {
	dir := t.TempDir()
	sources := examples.Names()
	for _, gen := range [][]string{
		{"er", "-n", "3000", "--avg-degree", "1.5"},
		{"ba", "-n", "3000", "--avg-degree", "8"},
		{"population", "-n", "4000", "--avg-degree", "40"},
	} {
		out := filepath.Join(dir, gen[0]+".edges")
		generated(t, out, gen...)
		sources = append(sources, out)
	}
	tested := 0
	for i, src := range sources {
		bin := filepath.Join(dir, fmt.Sprintf("%d.anonet", i))
		if _, _, code := runCLI(t, "convert", src, bin); code != 0 {
			continue // a directed or layered network has no binary form
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		got, stderr, code := runCLI(t, "info", bin, "--json", "--quiet=false")
		if code != 0 || !strings.Contains(stderr, "lean path") {
			t.Fatalf("%s: exit %d, the lean path not taken: %s", src, code, stderr)
		}
		want, stderr, code := runCLIStdin(t, string(data), "info", "-", "--format", "anonet", "--json")
		if code != 0 {
			t.Fatalf("%s: %s", src, stderr)
		}
		sameNumbers(t, src, got, want)
		// The text report too, but for the name and the cost.
		gotText, _, _ := runCLI(t, "info", bin)
		wantText, _, _ := runCLIStdin(t, string(data), "info", "-", "--format", "anonet")
		cut := func(s string) string { return s[strings.Index(s, "\n"):strings.Index(s, "peak memory")] }
		if cut(gotText) != cut(wantText) {
			t.Errorf("%s: text\n%s\nwant\n%s", src, gotText, wantText)
		}
		tested++
	}
	if tested < 10 {
		t.Fatalf("only %d networks tested", tested)
	}
}

// TestVerifyLean checks anonet verify on a bare binary file against the
// usual path reading the same file from stdin: on anonymized releases,
// where every node is k-anonymous, and on the networks themselves, where
// some are not and are named by their labels (karate's file holds its
// labels, 1 to 34; the others' are their ids and not stored).
func TestVerifyLean(t *testing.T) {
	dir := t.TempDir()
	er := filepath.Join(dir, "er.edges")
	if _, stderr, code := runCLI(t, "generate", "er", "-n", "2000", "--avg-degree", "4", "-o", er); code != 0 {
		t.Fatal(stderr)
	}
	tested, failed := 0, 0
	for i, src := range []string{"karate", "lesmis", er} {
		rel := filepath.Join(dir, fmt.Sprintf("%d-release.edges", i))
		if _, stderr, code := runCLI(t, "anonymize", src, "--algorithm", "ua", "--variant", "full", "-o", rel); code != 0 {
			t.Fatalf("%s: %s", src, stderr)
		}
		for j, file := range []string{rel, src} {
			bin := filepath.Join(dir, fmt.Sprintf("%d-%d.anonet", i, j))
			if _, stderr, code := runCLI(t, "convert", file, bin); code != 0 {
				t.Fatalf("%s: %s", file, stderr)
			}
			data, err := os.ReadFile(bin)
			if err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{
				{}, {"--measure", "degree"}, {"--measure", "edgecount", "-k", "2"}, {"--alpha", "0.9"}, {"-k", "1"},
			} {
				name := fmt.Sprintf("%s %v", file, args)
				got, stderr, code := runCLI(t, append([]string{"verify", bin, "--json", "--quiet=false"}, args...)...)
				want, _, wantCode := runCLIStdin(t, string(data), append([]string{"verify", "-", "--format", "anonet", "--json"}, args...)...)
				if code != wantCode {
					t.Fatalf("%s: exit %d, want %d: %s", name, code, wantCode, stderr)
				}
				if !strings.Contains(stderr, "lean path") {
					t.Errorf("%s: the lean path was not taken: %s", name, stderr)
				}
				if code != 0 {
					failed++
				}
				sameNumbers(t, name, got, want)
				tested++
			}
		}
	}
	if tested != 30 || failed < 5 {
		t.Fatalf("%d cases, %d failed", tested, failed)
	}
	// The text report is the usual one.
	bin := filepath.Join(dir, "0-0.anonet")
	got, _, _ := runCLI(t, "verify", bin)
	if want := bin + ": 34 of 34 nodes are 2-anonymous under count, d = 1; target all 34 nodes: OK\n"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}

// flipByte flips a bit of byte at of the file at path.
func flipByte(t *testing.T, path string, at int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[at] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMeasureLeanRefusedUpFront checks that the lean path refuses a file
// whose forward orientation cannot fit, before reading its edges, with
// exit 1 and what it needs.
func TestMeasureLeanRefusedUpFront(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "ba.anonet")
	if _, stderr, code := runCLI(t, "generate", "ba", "-n", "20000", "--avg-degree", "100", "-o", bin); code != 0 {
		t.Fatal(stderr)
	}
	old := debug.SetMemoryLimit(4 << 20) // the forward orientation takes 4 bytes × 10^6 edges
	defer debug.SetMemoryLimit(old)
	_, stderr, code := runCLI(t, "measure", bin)
	if code != exitInternal || !strings.Contains(stderr, "not enough memory: reading") || !strings.Contains(stderr, "for its triangles need about") {
		t.Errorf("exit %d, %s", code, stderr)
	}
}

// TestAnonymizeLean checks anonymize --algorithm cut by the lean path on
// bare binary files against the usual path, the oracle, which --deleted
// forces: the same release, mapping and release record byte for byte and
// the same JSON result but for the cost, on random networks, at k = 2 and
// 5, under count and edgecount, and restored (--refine restore) at k = 3;
// verify finds the release k-anonymous.
// Options that need the graph, and a small network without --no-ladder,
// take the usual path.
func TestAnonymizeLean(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	if err := os.WriteFile(key, []byte(strings.Repeat("3", 64)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, gen := range [][]string{
		{"er", "-n", "1500", "--avg-degree", "8"},
		{"ba", "-n", "1500", "--avg-degree", "10"},
		{"population", "-n", "2000", "--avg-degree", "40"},
		// A ring: every node alike, so the input meets every target and
		// is released unchanged.
		{"ws", "-n", "1500", "--avg-degree", "6", "--rewire", "0"},
	} {
		bin := filepath.Join(dir, gen[0]+".anonet")
		generated(t, bin, gen...)
		for _, args := range [][]string{{"-k", "2"}, {"-k", "5", "--measure", "edgecount", "--seed", "4"}, {"-k", "3", "--refine", "restore"}} {
			name := gen[0] + " " + strings.Join(args, " ")
			run := func(path string, more ...string) (string, string) {
				all := append([]string{"anonymize", bin, "--algorithm", "cut", "--variant", "full", "--no-ladder", "--key-file", key,
					"-o", path + ".anonet", "--mapping", path + ".tsv", "--json", "--quiet=false"}, args...)
				out, stderr, code := runCLI(t, append(all, more...)...)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", name, code, stderr)
				}
				return out, stderr
			}
			lean, stderr := run(filepath.Join(dir, "lean"))
			if !strings.Contains(stderr, "lean path: the cut's release") {
				t.Errorf("%s: the lean path was not taken: %s", name, stderr)
			}
			// The ring is written by the lean path too, not handed back
			// to the usual one after measuring.
			if unchanged := strings.Contains(stderr, "releasing it unchanged"); unchanged != (gen[0] == "ws") {
				t.Errorf("%s: released unchanged by the lean path: %t: %s", name, unchanged, stderr)
			}
			usual, stderr := run(filepath.Join(dir, "usual"), "--deleted", filepath.Join(dir, "usual.del"))
			if strings.Contains(stderr, "lean path") {
				t.Errorf("%s: --deleted took the lean path: %s", name, stderr)
			}
			sameNumbers(t, name, strings.ReplaceAll(lean, filepath.Join(dir, "lean"), filepath.Join(dir, "usual")), usual)
			sameFiles(t, name, filepath.Join(dir, "lean"), filepath.Join(dir, "usual"), ".anonet", ".tsv", ".anonet.anonet.json")
			var r struct {
				Before  int  `json:"edges_before"`
				After   int  `json:"edges_after"`
				Reached bool `json:"target_reached"`
			}
			if err := json.Unmarshal([]byte(lean), &r); err != nil || !r.Reached || 2*r.After < r.Before || gen[0] == "ws" && r.After != r.Before {
				t.Errorf("%s: %v, target reached %t, %d of %d edges kept", name, err, r.Reached, r.After, r.Before)
			}
			target := slices.Clone(args)
			if i := slices.Index(target, "--refine"); i >= 0 {
				target = slices.Delete(target, i, i+2) // not verify's
			}
			if _, stderr, code := runCLI(t, append([]string{"verify", filepath.Join(dir, "lean.anonet")}, target...)...); code != 0 {
				t.Errorf("%s: verify: exit %d: %s", name, code, stderr)
			}
		}
		// Under dk the cut's release is k-anonymous too (measure.StarLocal),
		// made on the usual path, which measures dk: the same edges as
		// under count, for the cut depends on the degrees alone.
		var rels [2][]byte
		for i, m := range []string{"count", "dk"} {
			path := filepath.Join(dir, m+".anonet")
			_, stderr, code := runCLI(t, "anonymize", bin, "--algorithm", "cut", "--measure", m, "-k", "2", "--variant", "full", "--no-ladder", "--key-file", key, "-o", path, "--quiet=false")
			if code != 0 || strings.Contains(stderr, "lean path") != (m == "count") {
				t.Errorf("%s, --measure %s: exit %d: %s", gen[0], m, code, stderr)
			}
			rels[i], _ = os.ReadFile(path)
			if _, stderr, code := runCLI(t, "verify", path, "--measure", m, "-k", "2"); code != 0 {
				t.Errorf("%s, --measure %s: verify: exit %d: %s", gen[0], m, code, stderr)
			}
		}
		if len(rels[0]) == 0 || string(rels[0]) != string(rels[1]) {
			t.Errorf("%s: the cut's releases under count and dk differ (%d and %d bytes)", gen[0], len(rels[0]), len(rels[1]))
		}
		// Without --no-ladder a network of at most ladderAutoEdges edges
		// gets its verdict, on the usual path.
		_, stderr, code := runCLI(t, "anonymize", bin, "--algorithm", "cut", "--variant", "full", "-o", filepath.Join(dir, "v.anonet"), "--quiet=false")
		if code != 0 || strings.Contains(stderr, "lean path: the cut's release") {
			t.Errorf("%s without --no-ladder: exit %d: %s", gen[0], code, stderr)
		}
	}
	// The default takes the lean path where its own would not fit:
	// under a memory limit below its measured need (80 bytes per edge, 200
	// per node; about 3.6 MB here) and above the lean restoration's (about 1.0
	// MB) it makes the release of --algorithm cut --refine restore, byte
	// for byte, and says so; under one below that and above the lean
	// cut's (about 0.6 MB), that of --algorithm cut; without a limit it
	// runs as always (TestLeanDefault holds leanDefault's choices).
	bin := filepath.Join(dir, "population.anonet")
	base := []string{"anonymize", bin, "--variant", "full", "--no-ladder", "--key-file", key, "--json", "--quiet=false"}
	algorithm := func(out string) string {
		var r struct {
			Algorithm string `json:"algorithm"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		return r.Algorithm
	}
	for _, c := range []struct {
		limit int64
		as    []string
		say   string
	}{
		{1500 << 10, []string{"--algorithm", "cut", "--refine", "restore"}, "making the cut's release and restoring it without a graph instead"},
		{800 << 10, []string{"--algorithm", "cut"}, "making the cut's release without a graph instead"},
	} {
		as := filepath.Join(dir, "as.anonet")
		if _, stderr, code := runCLI(t, append(append(base, c.as...), "-o", as)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.as, code, stderr)
		}
		old := debug.SetMemoryLimit(c.limit)
		out, stderr, code := runCLI(t, append(base, "-o", filepath.Join(dir, "best.anonet"))...)
		debug.SetMemoryLimit(old)
		if code != 0 || !strings.Contains(stderr, c.say) || algorithm(out) != "cut" {
			t.Errorf("the default under a memory limit of %d bytes: exit %d, algorithm %q: %s", c.limit, code, algorithm(out), stderr)
		}
		sameFiles(t, fmt.Sprintf("the default under a memory limit of %d bytes, against %s", c.limit, c.as), as, filepath.Join(dir, "best.anonet"), "")
	}
	out, stderr, code := runCLI(t, append(base, "-o", filepath.Join(dir, "best.anonet"))...)
	if code != 0 || strings.Contains(stderr, "lean path") || algorithm(out) != "best" {
		t.Errorf("the default: exit %d, algorithm %q: %s", code, algorithm(out), stderr)
	}
	// An input that meets the target is released unchanged under the
	// memory limit too, as the usual path releases it, byte for byte, and
	// recorded as the default's run (a ring of 36,000 edges: about 5.3 MB
	// on the usual path, 0.9 MB on the lean one).
	ring := filepath.Join(dir, "ring.anonet")
	generated(t, ring, "ws", "-n", "12000", "--avg-degree", "6", "--rewire", "0")
	base = []string{"anonymize", ring, "--variant", "full", "--no-ladder", "--key-file", key, "--json", "--quiet=false"}
	usual, stderr, code := runCLI(t, append(base, "-o", filepath.Join(dir, "ring-usual.anonet"), "--mapping", filepath.Join(dir, "ring-usual.tsv"))...)
	if code != 0 || strings.Contains(stderr, "lean path") {
		t.Fatalf("the default on a ring: exit %d: %s", code, stderr)
	}
	old := debug.SetMemoryLimit(1500 << 10)
	lean, stderr, code := runCLI(t, append(base, "-o", filepath.Join(dir, "ring-lean.anonet"), "--mapping", filepath.Join(dir, "ring-lean.tsv"))...)
	debug.SetMemoryLimit(old)
	if code != 0 || !strings.Contains(stderr, "releasing it unchanged") || algorithm(lean) != "best" {
		t.Fatalf("the default on a ring under a memory limit: exit %d, algorithm %q: %s", code, algorithm(lean), stderr)
	}
	sameNumbers(t, "ring", strings.ReplaceAll(lean, "ring-lean", "ring-usual"), usual)
	sameFiles(t, "the default on a ring under a memory limit", filepath.Join(dir, "ring-lean"), filepath.Join(dir, "ring-usual"), ".anonet", ".tsv", ".anonet.anonet.json")
}

// TestLeanDefault holds leanDefault's choices against the memory the
// process may use: the lean path where the usual one cannot fit, at any
// size, restored in the full variant where that fits too; where the
// usual path fits, the choice is left to the network's shape in the full
// variant from leanShapedEdges edges on, and the usual path stays below.
func TestLeanDefault(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		limit, m, n int64
		v           anonymize.Variant
		want        leanChoice // why aside: said where the lean path is taken
	}{
		// 80 bytes per edge and 200 per node fit in 64 GiB at 10^8
		// edges: the shape decides in the full variant. At 10^9 they do
		// not (though the lower estimate, 40 per edge, would), and the
		// lean restoration does.
		{64 * gib, 1e8, 1.2e6, anonymize.Full, leanChoice{shape: true, restore: true}},
		{64 * gib, 1e9, 1.2e7, anonymize.Full, leanChoice{take: true, restore: true}},
		{64 * gib, 1e8, 1.2e6, anonymize.Partial, leanChoice{}},
		{64 * gib, leanShapedEdges - 1, 1e6, anonymize.Full, leanChoice{}},
		{64 * gib, leanShapedEdges, 1e6, anonymize.Full, leanChoice{shape: true, restore: true}},
		// 2.9 GB on the usual path, 0.71 GB restored on the lean one.
		{1 * gib, 1 << 25, 1 << 20, anonymize.Full, leanChoice{take: true, restore: true}},
		{1 * gib, 1 << 25, 1 << 20, anonymize.Partial, leanChoice{take: true}},
		// 100 MB usual, 32 MB restored lean.
		{20 << 20, 1e6, 1e5, anonymize.Full, leanChoice{take: true}},
		{80 << 20, 1e6, 1e5, anonymize.Full, leanChoice{take: true, restore: true}},
		{120 << 20, 1e6, 1e5, anonymize.Full, leanChoice{}},
	} {
		old := debug.SetMemoryLimit(c.limit)
		got := leanDefault(c.m, c.n, c.v, leanShapedEdges)
		debug.SetMemoryLimit(old)
		if got.take != (got.why != "") {
			t.Errorf("limit %d, %d edges, %d nodes, %s: take %t, but why %q", c.limit, c.m, c.n, c.v, got.take, got.why)
		}
		got.why = ""
		if got != c.want {
			t.Errorf("limit %d, %d edges, %d nodes, %s: %+v, want %+v", c.limit, c.m, c.n, c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		twins, held float64
		want        bool
	}{
		{0, 0.216, true}, {0, 0.338, true}, {0, 0.59, true}, {0, 0.82, true}, {0, 0.17, true}, {0.01, 0.10, true},
		{0.011, 0.9, false}, {0.42, 0.42, false}, {0, 0.099, false}, {0, 0.001, false}, {0.53, 0.58, false},
	} {
		if got := leanShaped(c.twins, c.held); got != c.want {
			t.Errorf("leanShaped(%v, %v) = %t", c.twins, c.held, got)
		}
	}
}

// TestTwinShare holds twinShare, which hashes neighbourhoods from a
// stream of edges, to the exact twin classes of anonymity.TwinClasses on
// networks with many twins (trees, the bundled ones) and none (a
// population network, a ring lattice), and heldShare, from the lean
// path's keys, to the degrees of the nodes that the usual path's
// partition finds not k-anonymous.
func TestTwinShare(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, gen := range [][]string{
		{"population", "-n", "2000", "--avg-degree", "40"},
		{"ws", "-n", "3000", "--avg-degree", "6", "--rewire", "0"},
		{"ws", "-n", "3000", "--avg-degree", "6", "--rewire", "0.05"},
		{"ba", "-n", "3000", "--avg-degree", "2"},
		{"ba", "-n", "3000", "--avg-degree", "6"},
		{"er", "-n", "3000", "--avg-degree", "2"},
	} {
		path := filepath.Join(dir, strings.Join(gen, "_")+".anonet")
		generated(t, path, gen...)
		files = append(files, path)
	}
	for _, name := range []string{"karate", "lesmis", "football", "dolphins"} {
		path := filepath.Join(dir, name+".anonet")
		if _, stderr, code := runCLI(t, "convert", name, path); code != 0 {
			t.Fatalf("convert %s: %s", name, stderr)
		}
		files = append(files, path)
	}
	for _, path := range files {
		g, _, err := graphio.ReadFile(path, graphio.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		classes := anonymity.TwinClasses(g)
		size := map[int32]int{}
		for _, c := range classes {
			size[c]++
		}
		withTies, twins := 0, 0
		for v, c := range classes {
			if g.Degree(int32(v)) > 0 {
				withTies++
				if size[c] > 1 {
					twins++
				}
			}
		}
		scan, err := graphio.OpenBinary(path, graphio.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := scan.Check(0, 0, "to test"); err != nil {
			t.Fatal(err)
		}
		got, err := twinShare(scan)
		scan.Close()
		if want := float64(twins) / float64(withTies); err != nil || got != want {
			t.Errorf("%s: twinShare %v, %v; want %v (%d of %d nodes with ties)", filepath.Base(path), got, err, want, twins, withTies)
		}

		tri := g.TriangleCounts(1)
		keys := make([]uint64, g.NumNodes())
		for v := range keys {
			keys[v] = uint64(g.Degree(int32(v)))<<32 | uint64(uint32(tri[v]))
		}
		slices.Sort(keys)
		for _, m := range []measure.Measure{measure.Count{}, measure.EdgeCount{}} {
			for _, k := range []int{2, 5} {
				p, err := anonymity.New(g, m, 1, anonymity.Options{})
				if err != nil {
					t.Fatal(err)
				}
				held, ends := 0, 0
				for v := range int32(g.NumNodes()) {
					ends += g.Degree(v)
					if p.ClassSize(v) < k {
						held += g.Degree(v)
					}
				}
				want := float64(held) / float64(max(ends, 1))
				if got := heldShare(keys, leanMeasures([]measure.Measure{m}, 1)[0], k); math.Abs(got-want) > 1e-12 {
					t.Errorf("%s, %s, k = %d: heldShare %v, want %v", filepath.Base(path), m.Name(), k, got, want)
				}
			}
		}
	}
}

// TestAnonymizeLeanResume: --resume on the lean path (--algorithm cut
// --refine restore) makes the usual path's resumed release (forced by
// --deleted), with its mapping and release record, byte for byte, and the
// same JSON numbers: from the unrefined cut's release, where it is the
// release restored at once, and from that restored release, which has
// triangles. A mapping that does not fit the release is refused (exit 2)
// before anything is written.
func TestAnonymizeLeanResume(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	if err := os.WriteFile(key, []byte(strings.Repeat("5", 64)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "population.anonet")
	generated(t, bin, "population", "-n", "2000", "--avg-degree", "40")
	path := func(name string) string { return filepath.Join(dir, name) }
	anonymize := func(out string, more ...string) (string, string) {
		t.Helper()
		args := append([]string{"anonymize", bin, "--algorithm", "cut", "--variant", "full", "--no-ladder", "--key-file", key, "--json", "--quiet=false",
			"-o", path(out + ".anonet"), "--mapping", path(out + ".tsv")}, more...)
		stdout, stderr, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", out, code, stderr)
		}
		return stdout, stderr
	}
	same := func(what, a, b string, exts ...string) {
		t.Helper()
		sameFiles(t, what, path(a), path(b), exts...)
	}
	anonymize("cut")
	anonymize("restored", "--refine", "restore")
	for _, from := range []string{"cut", "restored"} {
		resume := []string{"--refine", "restore", "--resume", path(from + ".anonet"), "--resume-mapping", path(from + ".tsv")}
		lean, stderr := anonymize("lean-"+from, resume...)
		if !strings.Contains(stderr, "lean path") || !strings.Contains(stderr, "resuming from") {
			t.Errorf("from %s: not resumed on the lean path: %s", from, stderr)
		}
		usual, stderr := anonymize("usual-"+from, append(resume, "--deleted", path("deleted-"+from+".tsv"))...)
		if strings.Contains(stderr, "lean path") {
			t.Errorf("from %s, --deleted: on the lean path: %s", from, stderr)
		}
		same("resumed from "+from, "lean-"+from, "usual-"+from, ".anonet", ".tsv", ".anonet.anonet.json")
		sameNumbers(t, "resumed from "+from, strings.ReplaceAll(lean, "lean-"+from, "usual-"+from), usual)
	}
	same("resumed from the cut's release", "lean-cut", "restored", ".anonet", ".tsv")
	// The restored release with the cut's mapping: its edges are not the
	// input's under it.
	stdout, stderr, code := runCLI(t, "anonymize", bin, "--algorithm", "cut", "--refine", "restore", "--variant", "full", "--no-ladder", "--quiet=false",
		"--resume", path("restored.anonet"), "--resume-mapping", path("cut.tsv"), "-o", path("bad.anonet"))
	if _, err := os.Stat(path("bad.anonet")); code != 2 || !strings.Contains(stderr, "lean path") || !strings.Contains(stderr, "--resume "+path("restored.anonet")) ||
		!strings.Contains(stderr, "the release to resume from has the edge") || err == nil {
		t.Errorf("a mapping of another release: exit %d, output written %t: %s%s", code, err == nil, stdout, stderr)
	}
	// A mapping that leaves a node of the release unnamed is refused
	// before the input is measured.
	mapping, err := os.ReadFile(path("cut.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(mapping), "\n")
	if err := os.WriteFile(path("half.tsv"), []byte(strings.Join(lines[:len(lines)/2], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = runCLI(t, "anonymize", bin, "--algorithm", "cut", "--refine", "restore", "--variant", "full", "--no-ladder", "--quiet=false",
		"--resume", path("cut.anonet"), "--resume-mapping", path("half.tsv"), "-o", path("bad.anonet"))
	if _, err := os.Stat(path("bad.anonet")); code != 2 || !strings.Contains(stderr, "not named by the mapping") || strings.Contains(stderr, "triangles") || err == nil {
		t.Errorf("a mapping of half the nodes: exit %d, output written %t: %s%s", code, err == nil, stdout, stderr)
	}
	// A time limit that ends the run is said, in the JSON result and on
	// stderr, with the command that goes on, on either path; the lean
	// path's release is then the one it resumed from.
	for _, p := range []struct {
		name string
		more []string
	}{{"lean-limited", nil}, {"usual-limited", []string{"--deleted", path("deleted-limited.tsv")}}} {
		stdout, stderr := anonymize(p.name, append([]string{"--refine", "restore", "--time-limit", "1ns",
			"--resume", path("restored.anonet"), "--resume-mapping", path("restored.tsv")}, p.more...)...)
		var r anonymizeResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil || !r.TimedOut || r.Interrupted || !r.Written ||
			!strings.Contains(stderr, "the time limit of 1ns ended the run") || !strings.Contains(stderr, "--resume-mapping "+path(p.name+".tsv")) {
			t.Errorf("%s: %v, %+v: %s", p.name, err, r, stderr)
		}
	}
	same("resumed under a time limit that ended it at once", "lean-limited", "restored", ".anonet")
	// The default resumes on the lean path where it takes that path (here
	// under a memory limit that its usual path exceeds and the lean
	// restoration does not: TestAnonymizeLean) as --algorithm cut
	// --refine restore does.
	old := debug.SetMemoryLimit(1500 << 10)
	stdout, stderr, code = runCLI(t, "anonymize", bin, "--variant", "full", "--no-ladder", "--key-file", key, "--json", "--quiet=false",
		"--resume", path("restored.anonet"), "--resume-mapping", path("restored.tsv"), "-o", path("default.anonet"), "--mapping", path("default.tsv"))
	debug.SetMemoryLimit(old)
	if code != 0 || !strings.Contains(stderr, "resuming from") || !strings.Contains(stderr, "lean path") || !strings.Contains(stdout, `"algorithm": "cut"`) {
		t.Errorf("the default, resumed under a memory limit: exit %d: %s%s", code, stdout, stderr)
	}
	same("the default, resumed", "default", "lean-restored", ".anonet", ".tsv")
}

// TestAnonymizeLeanShaped: where the default's usual path fits, from
// leanShapedEdges edges on (lowered here), it takes the lean path and
// restores the cut's release on a network without twins whose nodes not
// anonymous hold a tenth of the ties' ends or more (a population
// network): the release of --algorithm cut --refine restore, byte for
// byte. On a network with twins, or one whose nodes not anonymous hold
// few ties, it stays on the usual path: the release made without the
// lowered size, byte for byte.
func TestAnonymizeLeanShaped(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	if err := os.WriteFile(key, []byte(strings.Repeat("7", 64)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lowered := func(e *env) { e.leanShapedFrom = 1000 }
	anonymize := func(set func(*env), in, out string, more ...string) (string, string) {
		t.Helper()
		args := append([]string{"anonymize", in, "--variant", "full", "--no-ladder", "--key-file", key, "--json", "--quiet=false",
			"-o", filepath.Join(dir, out+".anonet"), "--mapping", filepath.Join(dir, out+".tsv")}, more...)
		stdout, stderr, code := runCLIWith(t, "", set, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", out, code, stderr)
		}
		return stdout, stderr
	}
	for _, c := range []struct {
		name string
		gen  []string
		lean string // a note of the lean path's choice, or "" for the usual path
		why  string // the note of the choice
	}{
		{"population", []string{"population", "-n", "2000", "--avg-degree", "40"}, "cut", "with few twins"},
		{"tree", []string{"ba", "-n", "3000", "--avg-degree", "2"}, "", "have a twin: the default's usual path"},
		{"ring", []string{"ws", "-n", "3000", "--avg-degree", "6", "--rewire", "0.05"}, "", "of the ties' ends: the default's usual path"},
	} {
		in := filepath.Join(dir, c.name+".anonet")
		generated(t, in, c.gen...)
		stdout, stderr := anonymize(lowered, in, c.name+"-lowered")
		if !strings.Contains(stderr, c.why) {
			t.Errorf("%s: no note %q: %s", c.name, c.why, stderr)
		}
		var r anonymizeResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		if c.lean != "" {
			if r.Algorithm != "cut" || r.Refine != "restore" || !strings.Contains(stderr, "lean path") {
				t.Errorf("%s: algorithm %q, refine %q: %s", c.name, r.Algorithm, r.Refine, stderr)
			}
			anonymize(nil, in, c.name+"-cut", "--algorithm", "cut", "--refine", "restore")
			sameFiles(t, c.name, filepath.Join(dir, c.name+"-lowered"), filepath.Join(dir, c.name+"-cut"), ".anonet", ".tsv")
			// It resumes there too: --algorithm cut --refine restore
			// --resume's release, from the unrefined cut's release.
			anonymize(nil, in, c.name+"-unrefined", "--algorithm", "cut")
			resume := []string{"--resume", filepath.Join(dir, c.name+"-unrefined.anonet"), "--resume-mapping", filepath.Join(dir, c.name+"-unrefined.tsv")}
			_, stderr := anonymize(lowered, in, c.name+"-resumed", resume...)
			if !strings.Contains(stderr, "resuming from") || !strings.Contains(stderr, "lean path") {
				t.Errorf("%s, resumed: not on the lean path: %s", c.name, stderr)
			}
			anonymize(nil, in, c.name+"-cut-resumed", append(resume, "--algorithm", "cut", "--refine", "restore")...)
			sameFiles(t, c.name+", resumed", filepath.Join(dir, c.name+"-resumed"), filepath.Join(dir, c.name+"-cut-resumed"), ".anonet", ".tsv")
			continue
		}
		if r.Algorithm != "best" {
			t.Errorf("%s: algorithm %q: %s", c.name, r.Algorithm, stderr)
		}
		anonymize(nil, in, c.name+"-usual")
		sameFiles(t, c.name, filepath.Join(dir, c.name+"-lowered"), filepath.Join(dir, c.name+"-usual"), ".anonet", ".tsv", ".anonet.anonet.json")
	}
}

// TestAnonymizeMemoryWarning: on the usual path, a run that fits the
// lower estimate (40 bytes per edge, 200 per node) but not what such runs
// have taken (80 per edge) is warned of before the work and still runs;
// one that fits both is not; one that fits neither is refused (exit 1).
func TestAnonymizeMemoryWarning(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "population.edges") // an edge list: the usual path
	generated(t, in, "population", "-n", "2000", "--avg-degree", "40")
	// 39,922 edges and 2,000 nodes: 2.0 MB by the lower estimate, 3.6 MB
	// by the measured one.
	for _, c := range []struct {
		limit int64
		code  int
		warn  bool
	}{{64 << 20, 0, false}, {2800 << 10, 0, true}, {1 << 20, 1, false}} {
		old := debug.SetMemoryLimit(c.limit)
		_, stderr, code := runCLI(t, "anonymize", in, "-o", filepath.Join(dir, "out.edges"), "--algorithm", "ua", "--refine", "none", "--no-ladder", "--quiet=false")
		debug.SetMemoryLimit(old)
		if code != c.code || strings.Contains(stderr, "may exhaust the memory") != c.warn {
			t.Errorf("limit %d: exit %d, want %d, warned %t: %s", c.limit, code, c.code, !c.warn, stderr)
		}
	}
}
