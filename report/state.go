package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/anonet-project/anonet/verdict"
)

// State returns the colour the report shows. Without a verdict it is green
// when the run's target is met and red when it is not. With a verdict it is
// the verdict's state, made more severe where the numbers the page shows
// call for it: red when the verdict's target is not met; amber when the
// verdict says green (or nothing) while a stronger rung singles someone out
// or a seeded attack re-identifies more than verdict.AttackLimit of the
// people. The page never shows a release as safer than its own numbers.
func State(in *Input) verdict.State {
	v := in.Verdict
	if v == nil {
		if in.Run.TargetMet {
			return verdict.Green
		}
		return verdict.Red
	}
	switch {
	case !v.Target.Met || v.State == verdict.Red:
		return verdict.Red
	case v.State == verdict.Amber || len(exposures(v)) > 0:
		return verdict.Amber
	}
	return verdict.Green
}

// exposures returns, in plain words with the numbers, what in the
// verdict's ladder and attacks singles people out beyond its target: every
// stronger rung that was measured and finds unique people, and every
// attack that re-identifies more than verdict.AttackLimit of its targets.
func exposures(v *verdict.Verdict) []string {
	var out []string
	for _, r := range v.Ladder {
		if !r.Stronger || r.Skipped != "" || r.Unique == 0 || isTarget(v, r) {
			continue
		}
		atMost := ""
		if r.UpperBound {
			atMost = "at most "
		}
		out = append(out, fmt.Sprintf("an attacker who knows %s singles out %s%s (%s)",
			attackerWords(r.Attacker, r.Measure, r.D), atMost, people(r.Unique), percent(r.Unique, v.Target.Nodes)))
	}
	for _, a := range v.Attacks {
		if a.Skipped == "" && a.Targets > 0 && a.Fraction > verdict.AttackLimit {
			out = append(out, fmt.Sprintf("the seed-and-propagate attack %s re-identifies %s of %s (%s)",
				seedWords(a.Seeds), Thousands(a.Correct), people(a.Targets), percentOf(a.Fraction)))
		}
	}
	return out
}

// isTarget reports whether a rung is the target's own attacker.
func isTarget(v *verdict.Verdict, r verdict.Rung) bool {
	return r.Measure == v.Target.Measure && r.D == v.Target.D
}

// Banner is the verdict at the top of the report, in words.
type Banner struct {
	State verdict.State
	// Headline is the verdict in one sentence.
	Headline string
	// Covers says which attacker the target covers and how many people
	// are protected against it (empty without a verdict).
	Covers string
	// Reasons say why the state is not green.
	Reasons []string
	// Advice and Command say what to run next when the state is not
	// green (Command may be empty; a public report gives no command).
	Advice, Command string
}

// NewBanner writes the verdict of the report in words.
func NewBanner(in *Input) Banner {
	st := State(in)
	b := Banner{State: st}
	a := in.After
	if a == nil {
		return b
	}
	k := in.Run.K
	protected := a.Nodes - a.NotKAnonymous
	v := in.Verdict
	if v == nil {
		if st == verdict.Green {
			b.Headline = fmt.Sprintf("Target met: %s of %s nodes are %d-anonymous in the release (needed: %s).",
				Thousands(protected), Thousands(a.Nodes), k, Thousands(in.Run.Target))
		} else {
			b.Headline = fmt.Sprintf("Target NOT met: only %s of %s nodes are %d-anonymous in the release (needed: %s). Do not publish it as anonymous.",
				Thousands(protected), Thousands(a.Nodes), k, Thousands(in.Run.Target))
		}
	} else {
		t := v.Target
		if t.Nodes > 0 {
			protected = t.Nodes - t.NotAnonymous
		}
		switch st {
		case verdict.Green:
			b.Headline = "Green: the target is met, and no stronger attacker that was tried singles anyone out."
		case verdict.Amber:
			b.Headline = "Amber: the target is met, but stronger attackers still single people out."
		default:
			b.Headline = "Red: the target is NOT met. Do not publish this release as anonymous."
		}
		need := "all " + people(t.Nodes)
		if t.Required < t.Nodes {
			need = fmt.Sprintf("at least %s of the %s", Thousands(t.Required), people(t.Nodes))
		}
		b.Covers = fmt.Sprintf("The target protects against an attacker who knows %s: %s must each look like at least %s to this attacker (measure %s, d = %d, k = %d). In the release, %s do.",
			attackerWords(t.Attacker, t.Measure, t.D), need, Plural(t.K-1, "other person", "other people"), t.Measure, t.D, t.K, Thousands(protected))
		if st != verdict.Green {
			b.Reasons = v.Reasons
			if len(b.Reasons) == 0 && st == verdict.Red && t.NotAnonymous > 0 {
				b.Reasons = append(b.Reasons, fmt.Sprintf("%s (%s) %s not %d-anonymous against the target's attacker; at most %s may be.",
					capitalize(people(t.NotAnonymous)), percent(t.NotAnonymous, t.Nodes), be(t.NotAnonymous, "is", "are"), t.K, Thousands(t.Nodes-t.Required)))
			}
			if len(v.Reasons) == 0 {
				for _, e := range exposures(v) {
					b.Reasons = append(b.Reasons, capitalize(e)+".")
				}
			}
		}
	}
	if st != verdict.Green {
		b.Advice, b.Command = recommend(in, st)
	}
	return b
}

// recommend says what to run next for a release in state st: the
// verdict's recommendation if it gives one, else an anonymize command for
// the first stronger attacker that singles people out (amber) or for the
// full variant (red). A public report gives the advice without the
// command, which names the original's file.
func recommend(in *Input, st verdict.State) (advice, command string) {
	r := in.Run
	measure, d := r.Measure, r.D
	if v := in.Verdict; v != nil && v.Recommendation != "" {
		return v.Recommendation, ""
	}
	switch {
	case st == verdict.Amber:
		rung, ok := nextRung(in.Verdict)
		if !ok {
			return "Protect the release against a stronger attacker than the target's, or release less.", ""
		}
		measure, d = rung.Measure, rung.D
		advice = fmt.Sprintf("To protect people against the attacker who knows %s, anonymize the original under that measure:",
			attackerWords(rung.Attacker, rung.Measure, rung.D))
	case r.Variant == "budgeted":
		advice = "Allow more alterations (a larger --budget), or ask for every person to be protected (the full variant):"
	default:
		advice = "Anonymize the original with the full variant, which alters edges until every person is protected:"
	}
	if in.Public {
		return strings.TrimSuffix(advice, ":") + ".", ""
	}
	out := "OUT.edges"
	if r.Release != "" && r.Release != "-" {
		ext := filepath.Ext(r.Release)
		out = strings.TrimSuffix(r.Release, ext) + "-" + measure + ext
	}
	in0 := r.Input
	if in0 == "" {
		in0 = "ORIGINAL"
	}
	parts := []string{"anonet", "anonymize", ShellQuote(in0), "-o", ShellQuote(out),
		"--measure", measure, "-d", fmt.Sprint(d), "-k", fmt.Sprint(r.K), "--variant", "full"}
	if len(r.KnownAttributes) > 0 {
		parts = append(parts, "--known", ShellQuote(strings.Join(r.KnownAttributes, ",")))
	}
	return advice, strings.Join(parts, " ")
}

// nextRung returns the first stronger rung of the ladder, in its order,
// that was measured and singles people out; failing that, the first
// stronger rung other than the target's.
func nextRung(v *verdict.Verdict) (verdict.Rung, bool) {
	if v == nil {
		return verdict.Rung{}, false
	}
	for _, r := range v.Ladder {
		if r.Stronger && r.Skipped == "" && r.Unique > 0 && !isTarget(v, r) {
			return r, true
		}
	}
	for _, r := range v.Ladder {
		if r.Stronger && !isTarget(v, r) {
			return r, true
		}
	}
	return verdict.Rung{}, false
}

// attackerWords says what an attacker knows: the given words, or words
// made from the measure's name.
func attackerWords(words, measure string, d int) string {
	if words != "" {
		return words
	}
	s := "each person's " + measureKnowledge(measure)
	if d > 1 {
		s += fmt.Sprintf(", looking %d steps around them", d)
	}
	return s
}

// ShellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and ./_-,+=:@%.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("./_-,+=:@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// plural writes n with the singular or plural noun: "1 edge", "3 edges".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}

// people writes a number of people: "1 person", "2,539 people".
func people(n int) string { return Plural(n, "person", "people") }

// seedWords says how many people the attacker knows to start from.
func seedWords(seeds int) string {
	if seeds == 0 {
		return "with no one known to start from"
	}
	return "given " + Plural(seeds, "known person", "known people")
}

// percentOf formats a share as a percentage with one decimal.
func percentOf(x float64) string {
	return fmt.Sprintf("%.1f%%", 100*x)
}
