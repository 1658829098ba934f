package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/verdict"
)

// verdictInput is what a verdict on a release needs besides the release.
type verdictInput struct {
	target    measure.Measure // refined or not
	d, k      int
	alpha     float64
	orig      *graph.Graph // for the attack, or nil
	truth     []int32      // orig → release
	colors    [2][]int32   // attribute codes of orig and release, or nil
	command   string       // how the recommendation names the anonymization
	attacker  bool         // run the attack (needs orig and truth)
	fuzzy     *float64     // a fuzzy target's tolerance, or nil
	allLevels bool         // the fuzzy target compares every level
}

// verdict computes the verdict on release (package verdict), with
// progress, stopping when a signal asks.
func (e *env) verdict(release *graph.Graph, in verdictInput) (*verdict.Verdict, error) {
	pr := e.newProgress()
	defer pr.done()
	opt := verdict.Options{
		Target: in.target, D: in.d, K: in.k, Alpha: in.alpha, Threads: e.threads, Seed: e.seed,
		Colors: in.colors[1], OriginalColors: in.colors[0], Command: in.command,
		Progress: func(stage string) { pr.update("verdict, %s", stage) },
	}
	if r, ok := in.target.(measure.Refined); ok && opt.Colors == nil {
		opt.Colors = r.Colors
	}
	if in.fuzzy != nil {
		opt.FuzzyTarget, opt.Phi, opt.FuzzyAllLevels = true, *in.fuzzy, in.allLevels
	}
	if in.attacker && in.orig != nil {
		opt.Original, opt.Truth = in.orig, in.truth
	}
	v, err := verdict.Compute(e.intr.ctx, release, opt)
	if err != nil && e.intr.ctx.Err() != nil {
		// A signal stopped the work: the outputs come first.
		e.notef("note: the verdict was not computed: interrupted")
		return nil, nil
	}
	if err != nil {
		return nil, inputError(err)
	}
	return v, nil
}

// printVerdict writes a verdict in words: its state and what the target
// covers, the reasons and the recommendation, then the ladder and the
// attacks as tables.
func printVerdict(w io.Writer, v *verdict.Verdict) {
	t := v.Target
	target := fmt.Sprintf("%s, d = %d, k = %d", t.Measure, t.D, t.K)
	if t.Alpha < 1 {
		target += fmt.Sprintf(", %.4g%% of the people", 100*t.Alpha)
	}
	switch v.State {
	case verdict.Green:
		fmt.Fprintf(w, "\nverdict: GREEN. The target (%s) is met against someone who knows %s, and no stronger attacker tried singles out more people.\n", target, t.Attacker)
	case verdict.Amber:
		fmt.Fprintf(w, "\nverdict: AMBER. The target (%s) is met against someone who knows %s, but stronger attackers single people out:\n", target, t.Attacker)
	case verdict.Red:
		fmt.Fprintf(w, "\nverdict: RED. The target (%s) is not met against someone who knows %s:\n", target, t.Attacker)
	}
	for _, r := range v.Reasons {
		fmt.Fprintf(w, "  - %s\n", r)
	}
	if v.Recommendation != "" {
		fmt.Fprintf(w, "recommended: %s\n", v.Recommendation)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "attacker\tunique\tnot %d-anon.\tseconds\t\n", t.K)
	for _, r := range v.Ladder {
		name := r.Measure
		if r.Measure != "automorphism" && r.Measure != "degree" {
			name = fmt.Sprintf("%s, d = %d", r.Measure, r.D)
		}
		if r.Stronger && r.Skipped == "" && r.NotAnonymous > t.Nodes-t.Required {
			name = "* " + name
		}
		if r.Skipped != "" {
			fmt.Fprintf(tw, "%s\tskipped: %s\t\t\t\n", name, r.Skipped)
			continue
		}
		atMost := ""
		if r.UpperBound {
			atMost = "≤ "
		}
		fmt.Fprintf(tw, "%s\t%s%d\t%s%d\t%.2f\t\n", name, atMost, r.Unique, atMost, r.NotAnonymous, r.Seconds)
	}
	tw.Flush()
	for _, r := range v.Ladder {
		if r.Stronger && r.Skipped == "" && r.NotAnonymous > t.Nodes-t.Required {
			fmt.Fprintln(w, "* an attacker who tells apart people the target's cannot, and finds more at risk than the target allows")
			break
		}
	}
	if len(v.Attacks) > 0 {
		var parts []string
		for _, a := range v.Attacks {
			if a.Skipped != "" {
				parts = append(parts, fmt.Sprintf("%d seeds: skipped (%s)", a.Seeds, a.Skipped))
				continue
			}
			parts = append(parts, fmt.Sprintf("%d seeds: %.1f%%", a.Seeds, 100*a.Fraction))
		}
		fmt.Fprintf(w, "attack (people re-identified by seed-and-propagate): %s\n", strings.Join(parts, "; "))
	}
}
