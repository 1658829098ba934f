package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
)

// attributeTable writes a table giving karate member v the sex "F" when v
// is divisible by 3 and the age group v mod 2, and returns its path.
func attributeTable(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("member,sex,age\n")
	for v := 1; v <= 34; v++ {
		sex := "M"
		if v%3 == 0 {
			sex = "F"
		}
		fmt.Fprintf(&b, "%d,%s,\"group %d\"\n", v, sex, v%2)
	}
	path := filepath.Join(dir, "members.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMeasureAttributes: with --attributes the unique nodes are those
// whose (known attribute values, degree, triangles) no other node has,
// computed here independently from karate's degrees and triangles.
func TestMeasureAttributes(t *testing.T) {
	dir := t.TempDir()
	table := attributeTable(t, dir)
	g := examples.MustRead("karate")
	for _, known := range []string{"sex", "age", "sex,age"} {
		count := map[string]int{}
		keys := make([]string, g.NumNodes())
		for v := range int32(g.NumNodes()) {
			var label int
			fmt.Sscan(g.Label(v), &label)
			key := fmt.Sprintf("%d %d", g.Degree(v), g.NodeTriangles(v))
			if strings.Contains(known, "sex") {
				key += fmt.Sprint(" sex", label%3 == 0)
			}
			if strings.Contains(known, "age") {
				key += fmt.Sprint(" age", label%2)
			}
			keys[v] = key
			count[key]++
		}
		want := 0
		for _, k := range keys {
			if count[k] == 1 {
				want++
			}
		}
		stdout, stderr, code := runCLI(t, "measure", "karate", "--attributes", table, "--known", known, "--json")
		var r []measureResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			var one measureResult
			if err := json.Unmarshal([]byte(stdout), &one); err != nil {
				t.Fatalf("--known %s: exit %d, %s %s", known, code, stdout, stderr)
			}
			r = append(r, one)
		}
		if code != 0 || r[0].Unique != want || strings.Join(r[0].KnownAttributes, ",") != known {
			t.Errorf("--known %s: exit %d, %d unique, known %v; want %d", known, code, r[0].Unique, r[0].KnownAttributes, want)
		}
	}
}

// TestAnonymizeAttributes: the release, with the attribute table written
// for it, verifies under the attacker's full knowledge; every release
// node has its original node's values (through the secret mapping).
func TestAnonymizeAttributes(t *testing.T) {
	dir := t.TempDir()
	table := attributeTable(t, dir)
	out, outAttrs, mapping := filepath.Join(dir, "o.edges"), filepath.Join(dir, "o.csv"), filepath.Join(dir, "m.tsv")
	html := filepath.Join(dir, "r.html")
	r, page := anonymizeReported(t, html, "karate", "--variant", "full", "--attributes", table,
		"-o", out, "--attributes-out", outAttrs, "--mapping", mapping, "--report", html, "--json")
	// The report's partitions use the attributes, the release's keyed by
	// its new ids: its counts are the run's.
	want := fmt.Sprintf("%d people were not 2-anonymous before; everyone is now", r.NotKAnonymousBefore)
	if !strings.Contains(page, want) || !strings.Contains(page, "count with the attributes sex, age, d = 1") || !strings.Contains(page, "ties among them together with their sex, age") {
		t.Errorf("the report does not say %q for the measure with attributes", want)
	}
	if _, stderr, code := runCLI(t, "verify", out, "--attributes", outAttrs); code != 0 {
		t.Fatalf("verify with the release's attributes: exit %d: %s", code, stderr)
	}
	// anonet report on the pair, with both tables, counts as the run did.
	stdout, stderr, code := runCLI(t, "report", "karate", out, "--mapping", mapping, "--attributes", table,
		"--release-attributes", outAttrs, "-o", filepath.Join(dir, "r2.html"), "--json")
	var rr reportResult
	if err := json.Unmarshal([]byte(stdout), &rr); code != 0 || err != nil || rr.NotKAnonymousBefore != r.NotKAnonymousBefore || rr.NotKAnonymousAfter != 0 {
		t.Errorf("report with attributes: exit %d (%s), %d → %d not 2-anonymous; want %d → 0", code, stderr, rr.NotKAnonymousBefore, rr.NotKAnonymousAfter, r.NotKAnonymousBefore)
	}
	// The attacker who also knows the attributes: on the original itself,
	// with no seed, it re-identifies at least as many as from structure.
	var plain, informed attackResult
	for _, a := range []struct {
		res  *attackResult
		args []string
	}{
		{&plain, nil},
		{&informed, []string{"--attributes", table, "--release-attributes", table}},
	} {
		stdout, stderr, code := runCLI(t, append([]string{"attack", "karate", "karate", "--seeds", "0", "--json"}, a.args...)...)
		if err := json.Unmarshal([]byte(stdout), a.res); code != 0 || err != nil || len(a.res.Attacks) != 1 {
			t.Fatalf("attack %v: exit %d, %s", a.args, code, stderr)
		}
	}
	if informed.Attacks[0].Fraction < plain.Attacks[0].Fraction || strings.Join(informed.KnownAttributes, ",") != "sex,age" {
		t.Errorf("attack knowing %v re-identifies %.3f, from structure alone %.3f", informed.KnownAttributes, informed.Attacks[0].Fraction, plain.Attacks[0].Fraction)
	}
	if _, stderr, code := runCLI(t, "report", "karate", out, "--attributes", table, "-o", filepath.Join(dir, "r3.html")); code != exitUsage || !strings.Contains(stderr, "go together") {
		t.Errorf("report with one table: exit %d, %s", code, stderr)
	}
	orig := map[string]string{}
	b, _ := os.ReadFile(table)
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		id, rest, _ := strings.Cut(l, ",")
		orig[id] = strings.ReplaceAll(rest, `"`, "")
	}
	released := map[string]string{}
	b, _ = os.ReadFile(outAttrs)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if lines[0] != "member,sex,age" || len(lines) != 35 {
		t.Fatalf("release table header %q, %d lines", lines[0], len(lines))
	}
	for _, l := range lines[1:] {
		id, rest, _ := strings.Cut(l, ",")
		released[id] = strings.ReplaceAll(rest, `"`, "")
	}
	b, _ = os.ReadFile(mapping)
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		o, a, _ := strings.Cut(l, "\t")
		if released[a] != orig[o] {
			t.Errorf("member %s, released as %s: %q, want %q", o, a, released[a], orig[o])
		}
	}
}

func TestAttributeErrors(t *testing.T) {
	dir := t.TempDir()
	table := attributeTable(t, dir)
	dup := filepath.Join(dir, "dup.csv")
	os.WriteFile(dup, []byte("id,sex\n1,F\n2,M\n1,M\n"), 0o644)
	out := filepath.Join(dir, "o.edges")
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"measure", "karate", "--known", "sex"}, "--known sex: karate holds no node attributes"},
		{[]string{"measure", "karate", "--attributes", table, "--known", "town"}, `no attribute "town"`},
		{[]string{"measure", "karate", "--attributes", dup}, `dup.csv:4: node "1" has a second row`},
		{[]string{"measure", "karate", "--attributes", filepath.Join(dir, "none.csv")}, "attributes: open"},
		{[]string{"verify", "karate", "--attributes", table, "--fuzzy", "10"}, "--fuzzy cannot be combined with attributes"},
		{[]string{"anonymize", "karate", "-o", out, "--attributes", table}, "give --attributes-out FILE"},
		{[]string{"anonymize", "karate", "-o", out, "--drop-attributes"}, "need --attributes"},
	}
	for _, tc := range tests {
		_, stderr, code := runCLI(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q; want %d with %q", tc.args, code, stderr, exitUsage, tc.msg)
		}
	}
	if names := dirNames(t, dir); len(names) != 2 {
		t.Errorf("files %v: an output was written", names)
	}
}

// TestFileAttributes: with --known alone, the attributes are the network
// file's own node data (here GraphML); a node without a value of a key
// takes the key's default.
func TestFileAttributes(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "net.graphml")
	// A 4-cycle: every node has degree 2 and no triangle; the sexes F F M
	// M around the cycle leave every node with one other of its sex.
	os.WriteFile(in, []byte(`<graphml><key id="s" for="node" attr.name="sex"><default>M</default></key><graph>
<node id="a"><data key="s">F</data></node><node id="b"><data key="s">F</data></node><node id="c"/><node id="d"/>
<edge source="a" target="b"/><edge source="b" target="c"/><edge source="c" target="d"/><edge source="d" target="a"/></graph></graphml>`), 0o644)
	if stdout, _, code := runCLI(t, "info", in, "--json"); code != 0 || !strings.Contains(stdout, `"node_attributes": [
    "sex"
  ]`) {
		t.Errorf("info does not list the file's node attributes: %s", stdout)
	}
	stdout, stderr, code := runCLI(t, "measure", in, "--known", "sex", "--json")
	var r []measureResult
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		var one measureResult
		if err := json.Unmarshal([]byte(stdout), &one); err != nil {
			t.Fatalf("exit %d: %s %s", code, stdout, stderr)
		}
		r = append(r, one)
	}
	if code != 0 || r[0].Unique != 0 || r[0].Classes != 2 || strings.Join(r[0].KnownAttributes, ",") != "sex" {
		t.Errorf("exit %d: %d unique in %d classes, known %v; want 0 in 2 (F and M)", code, r[0].Unique, r[0].Classes, r[0].KnownAttributes)
	}
}
