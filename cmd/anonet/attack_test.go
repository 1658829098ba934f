package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttackCommand: the release of a full anonymization is re-identified
// less than the network itself, the mapping says which node is whom, and
// bad usage is refused.
func TestAttackCommand(t *testing.T) {
	dir := t.TempDir()
	rel, m := filepath.Join(dir, "r.edges"), filepath.Join(dir, "m.tsv")
	if _, stderr, code := runCLI(t, "anonymize", "lesmis", "-o", rel, "--variant", "full", "--mapping", m); code != 0 {
		t.Fatal(stderr)
	}
	attackJSON := func(args ...string) attackResult {
		t.Helper()
		stdout, stderr, code := runCLI(t, append([]string{"attack", "--json", "--seeds", "0,10"}, args...)...)
		var r attackResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil || code != 0 || len(r.Attacks) != 2 {
			t.Fatalf("%v: exit %d, %s", args, code, stderr)
		}
		return r
	}
	orig := attackJSON("lesmis", "lesmis")
	release := attackJSON("lesmis", rel, "--mapping", m)
	if orig.Correspondence != "labels" || release.Correspondence != "mapping" {
		t.Errorf("correspondences %s, %s", orig.Correspondence, release.Correspondence)
	}
	for i, a := range orig.Attacks {
		b := release.Attacks[i]
		if a.Targets != 77-a.Seeds || b.Fraction >= a.Fraction || a.Fraction != float64(a.Correct)/float64(a.Targets) {
			t.Errorf("s = %d: original %+v, release %+v", a.Seeds, a, b)
		}
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"attack", "karate", rel}, "pass --mapping"}, // labels 1..34 vs 0..76
		{[]string{"attack", "lesmis", "lesmis", "--seeds", "x"}, "--seeds"},
		{[]string{"attack", "lesmis", "lesmis", "--theta", "0"}, "--theta"},
		{[]string{"attack", "lesmis"}, "needs ORIGINAL and RELEASE"},
	} {
		if _, stderr, code := runCLI(t, tc.args...); code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q", tc.args, code, stderr)
		}
	}
}
