package report

import (
	"strings"
	"testing"

	"github.com/anonet-project/anonet/verdict"
)

// ladderVerdict is a verdict whose target (count, d = 1, k = 2) is met on
// 100 nodes, with the given rungs and attacks added to a ladder that has
// the target's own rung.
func ladderVerdict(state verdict.State, met bool, rungs []verdict.Rung, attacks []verdict.Attack) *verdict.Verdict {
	v := &verdict.Verdict{
		State:  state,
		Target: verdict.Target{Measure: "count", D: 1, K: 2, Alpha: 1, Nodes: 100, Required: 100, Met: met},
		Ladder: append([]verdict.Rung{{Measure: "count", D: 1, Stronger: true}}, rungs...),
	}
	if !met {
		v.Target.NotAnonymous = 7
	}
	v.Attacks = attacks
	return v
}

func TestState(t *testing.T) {
	dk := func(unique int) verdict.Rung {
		return verdict.Rung{Measure: "dk", D: 1, Unique: unique, Stronger: true}
	}
	tests := []struct {
		name string
		met  bool // Run.TargetMet, for the two-state report
		v    *verdict.Verdict
		want verdict.State
	}{
		{"no verdict, met", true, nil, verdict.Green},
		{"no verdict, not met", false, nil, verdict.Red},
		{"green", true, ladderVerdict(verdict.Green, true, []verdict.Rung{dk(0)}, nil), verdict.Green},
		{"green on an unmet target shows red", true, ladderVerdict(verdict.Green, false, nil, nil), verdict.Red},
		{"red stays red", true, ladderVerdict(verdict.Red, true, nil, nil), verdict.Red},
		{"amber stays amber", true, ladderVerdict(verdict.Amber, true, nil, nil), verdict.Amber},
		{"green with a stronger rung singling out shows amber", true, ladderVerdict(verdict.Green, true, []verdict.Rung{dk(3)}, nil), verdict.Amber},
		{"a rung that is not stronger does not count", true, ladderVerdict(verdict.Green, true,
			[]verdict.Rung{{Measure: "degdist", D: 1, Unique: 9}}, nil), verdict.Green},
		{"a skipped rung does not count", true, ladderVerdict(verdict.Green, true,
			[]verdict.Rung{{Measure: "automorphism", D: 1, Unique: 0, Stronger: true, Skipped: "time limit"}}, nil), verdict.Green},
		{"the target's own rung does not count", true, ladderVerdict(verdict.Green, true,
			[]verdict.Rung{{Measure: "count", D: 1, Unique: 2, Stronger: true}}, nil), verdict.Green},
		{"an attack above the limit shows amber", true, ladderVerdict(verdict.Green, true, nil,
			[]verdict.Attack{{Seeds: 10, Targets: 90, Correct: 6, Fraction: 6.0 / 90}}), verdict.Amber},
		{"an attack at the limit does not", true, ladderVerdict(verdict.Green, true, nil,
			[]verdict.Attack{{Seeds: 0, Targets: 100, Correct: 5, Fraction: 0.05}}), verdict.Green},
		{"a skipped attack does not", true, ladderVerdict(verdict.Green, true, nil,
			[]verdict.Attack{{Seeds: 100, Skipped: "fewer than 100 nodes", Fraction: 0.9}}), verdict.Green},
		{"no state given: derived", true, ladderVerdict("", true, []verdict.Rung{dk(1)}, nil), verdict.Amber},
		{"no state given, nothing exposed", true, ladderVerdict("", true, []verdict.Rung{dk(0)}, nil), verdict.Green},
	}
	for _, tc := range tests {
		in := sample()
		in.Run.TargetMet = tc.met
		in.Verdict = tc.v
		if got := State(in); got != tc.want {
			t.Errorf("%s: State = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestBanner(t *testing.T) {
	dk := verdict.Rung{Measure: "dk", D: 1, Unique: 12, NotAnonymous: 20, Stronger: true, Attacker: "the exact shape of each person's neighbourhood"}
	tests := []struct {
		name    string
		edit    func(in *Input)
		state   verdict.State
		want    []string // in the headline, covers, reasons or advice
		command string   // in the command ("" : no command)
	}{
		{"two states, met", func(in *Input) {}, verdict.Green,
			[]string{"Target met: 10 of 10 nodes are 2-anonymous in the release (needed: 10)."}, ""},
		{"two states, not met", func(in *Input) { in.Run.TargetMet = false; in.After.NotKAnonymous = 3 }, verdict.Red,
			[]string{"Target NOT met: only 7 of 10 nodes", "Anonymize the original with the full variant"},
			"anonet anonymize net.edges -o anon-count.edges --measure count -d 1 -k 2 --variant full"},
		{"two states, budgeted", func(in *Input) { in.Run.TargetMet = false; in.Run.Variant = "budgeted" }, verdict.Red,
			[]string{"a larger --budget"}, "--variant full"},
		{"green names the attacker", func(in *Input) {
			in.Verdict = ladderVerdict(verdict.Green, true, nil, nil)
			in.Verdict.Target.Attacker = "each person's number of contacts and the ties among them"
		}, verdict.Green, []string{"Green: the target is met",
			"The target protects against an attacker who knows each person's number of contacts and the ties among them: all 100 people must each look like at least 1 other person to this attacker (measure count, d = 1, k = 2). In the release, 100 do."}, ""},
		{"amber recommends the next rung", func(in *Input) {
			in.Verdict = ladderVerdict(verdict.Amber, true, []verdict.Rung{{Measure: "degdist", D: 1, Unique: 50}, dk}, nil)
		}, verdict.Amber, []string{"Amber: the target is met, but stronger attackers", "An attacker who knows the exact shape of each person's neighbourhood singles out 12 people (12.0%).",
			"To protect people against the attacker who knows the exact shape"},
			"anonet anonymize net.edges -o anon-dk.edges --measure dk -d 1 -k 2 --variant full"},
		{"amber keeps the verdict's reasons and recommendation", func(in *Input) {
			in.Verdict = ladderVerdict(verdict.Amber, true, []verdict.Rung{dk}, nil)
			in.Verdict.Reasons = []string{"Reason one."}
			in.Verdict.Recommendation = "Run this."
		}, verdict.Amber, []string{"Reason one.", "Run this."}, ""},
		{"public amber gives no command", func(in *Input) {
			in.Verdict = ladderVerdict(verdict.Amber, true, []verdict.Rung{dk}, nil)
			in.Public = true
		}, verdict.Amber, []string{"anonymize the original under that measure."}, ""},
		{"red with a verdict", func(in *Input) {
			in.Verdict = ladderVerdict(verdict.Red, false, nil, nil)
			in.Verdict.Target.Required = 95
			in.Verdict.Target.Alpha = 0.95
		}, verdict.Red, []string{"Red: the target is NOT met", "at least 95 of the 100 people", "In the release, 93 do.",
			"7 people (7.0%) are not 2-anonymous against the target's attacker; at most 5 may be."}, "--variant full"},
		{"a 1-seed attack in words", func(in *Input) {
			in.Verdict = ladderVerdict(verdict.Green, true, nil, []verdict.Attack{{Seeds: 1, Targets: 99, Correct: 1, Fraction: 0.5}})
		}, verdict.Amber, []string{"given 1 known person re-identifies 1 of 99 people (50.0%)"}, ""},
	}
	for _, tc := range tests {
		in := sample()
		tc.edit(in)
		b := NewBanner(in)
		if b.State != tc.state {
			t.Errorf("%s: state %q, want %q", tc.name, b.State, tc.state)
		}
		text := strings.Join(append([]string{b.Headline, b.Covers, b.Advice}, b.Reasons...), "\n")
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: banner lacks %q:\n%s", tc.name, w, text)
			}
		}
		if (tc.command == "") != (b.Command == "") || !strings.Contains(b.Command, tc.command) {
			t.Errorf("%s: command %q, want one with %q", tc.name, b.Command, tc.command)
		}
		if b.State == verdict.Green && (b.Advice != "" || len(b.Reasons) > 0) {
			t.Errorf("%s: a green banner gives advice %q or reasons %v", tc.name, b.Advice, b.Reasons)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"net.edges", "net.edges"}, {"../data/a-b_c.edges.gz", "../data/a-b_c.edges.gz"},
		{"my net.edges", "'my net.edges'"}, {"it's", `'it'\''s'`}, {"", "''"}, {"$(rm)", "'$(rm)'"},
	} {
		if got := ShellQuote(tc.in); got != tc.want {
			t.Errorf("ShellQuote(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
