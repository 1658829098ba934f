package verdict

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// A Step is a rung of the ladder to measure: a measure at a distance.
type Step struct {
	Measure measure.Measure
	D       int
}

// Ladder returns the default ladder of attackers, from the weakest to the
// strongest: degree; count, vrq and dk at d = 1; count and vrq at d = 2;
// automorphism.
func Ladder() []Step {
	return []Step{
		{measure.Degree{}, 1},
		{measure.Count{}, 1},
		{measure.VRQ{}, 1},
		{measure.DK{}, 1},
		{measure.Count{}, 2},
		{measure.VRQ{}, 2},
		{measure.Automorphism{}, 1},
	}
}

// DefaultRungTime bounds the time of one rung of the ladder, or of one
// attack, when Options.RungTime is zero.
const DefaultRungTime = 20 * time.Second

// Options configure Compute.
type Options struct {
	// Target is the measure of the release's target (refined or not), at
	// distance D, with threshold K (0: 2) for Alpha of the nodes (0: all).
	Target measure.Measure
	D, K   int
	Alpha  float64
	// Phi, if FuzzyTarget, makes the target fuzzy anonymity with that
	// tolerance (anonymity.Partition.FuzzyAt, at every level with
	// FuzzyAllLevels); the ladder stays exact.
	FuzzyTarget    bool
	Phi            float64
	FuzzyAllLevels bool
	// Colors, if not nil, are the attribute codes of the release's nodes
	// that the attacker knows: they refine every rung.
	Colors []int32
	// Ladder is the ladder to measure; nil means Ladder().
	Ladder []Step
	// RungTime bounds every rung and every attack; a rung that does not
	// finish in time is reported skipped. Zero means DefaultRungTime.
	RungTime time.Duration
	// Threads bounds the goroutines of every partition (0: all cores).
	Threads int

	// Original, if not nil, is the network the release was made from, and
	// Truth[u] the release node of its node u (or -1): the attack of
	// package attack then runs with every number of Seeds (nil means
	// attack.DefaultSeeds()), seeded by Seed. OriginalColors are the
	// attribute codes of the original's nodes, coded jointly with Colors.
	Original       *graph.Graph
	Truth          []int32
	OriginalColors []int32
	Seeds          []int
	Seed           uint64

	// Command is how the recommendation names the anonymization of the
	// network, e.g. "anonet anonymize net.edges -o release.edges"; empty
	// means "anonet anonymize GRAPH -o OUT".
	Command string

	// Progress, if not nil, is called with the name of every rung and
	// attack before it runs.
	Progress func(stage string)
}

// Compute measures release against its target, the ladder and the attack,
// and returns the verdict. It returns an error only for an invalid target
// or a cancelled ctx; a rung or attack that does not finish in
// Options.RungTime is marked skipped.
func Compute(ctx context.Context, release *graph.Graph, opt Options) (*Verdict, error) {
	if opt.Target == nil {
		return nil, errors.New("verdict: no target measure")
	}
	if opt.K == 0 {
		opt.K = anonymity.DefaultK
	}
	if opt.D == 0 {
		opt.D = 1
	}
	if opt.Alpha == 0 {
		opt.Alpha = 1
	}
	if opt.Ladder == nil {
		opt.Ladder = Ladder()
	}
	if opt.RungTime <= 0 {
		opt.RungTime = DefaultRungTime
	}
	if opt.Command == "" {
		opt.Command = "anonet anonymize GRAPH -o OUT"
	}
	n := release.NumNodes()
	p, err := anonymity.New(release, refine(opt.Target, release, opt.Colors), opt.D, anonymity.Options{K: opt.K, Threads: opt.Threads, Context: ctx})
	if err != nil {
		return nil, fmt.Errorf("verdict: %w", err)
	}
	notAnonymous := p.NotAnonymous()
	if opt.FuzzyTarget {
		levels := anonymity.FuzzyTop
		if opt.FuzzyAllLevels {
			levels = anonymity.FuzzyAll
		}
		fz, err := p.FuzzyAt(opt.Phi, levels)
		if err != nil {
			return nil, fmt.Errorf("verdict: %w", err)
		}
		notAnonymous = fz.NotAnonymous
	}
	required := int(math.Ceil(opt.Alpha*float64(n) - 1e-9))
	v := &Verdict{Target: Target{
		Measure: opt.Target.Name(), D: opt.D, K: opt.K, Alpha: opt.Alpha,
		Attacker: refine(opt.Target, release, opt.Colors).Knows(opt.D),
		Nodes:    n, Required: required, NotAnonymous: notAnonymous,
		Met: n-notAnonymous >= required,
	}}
	if opt.FuzzyTarget {
		v.Target.Fuzzy = &opt.Phi
	}
	allowed := n - required // nodes the target lets stay not k-anonymous
	for _, st := range opt.Ladder {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if opt.Progress != nil {
			opt.Progress("ladder: " + rungName(st.Measure.Name(), st.D))
		}
		v.Ladder = append(v.Ladder, measureRung(ctx, release, st, p, opt))
	}
	if opt.Original != nil {
		v.Attacks = attacks(ctx, release, opt)
	}
	v.judge(allowed, opt)
	return v, nil
}

// refine returns m refined by what the attacker knows of g (the kinds of
// ties) and the attribute codes colors.
func refine(m measure.Measure, g *graph.Graph, colors []int32) measure.Measure {
	return measure.Refine(m, g, colors)
}

// measureRung measures the release under one step of the ladder within
// opt.RungTime; target is the target's partition.
func measureRung(ctx context.Context, g *graph.Graph, st Step, target *anonymity.Partition, opt Options) Rung {
	m := refine(st.Measure, g, opt.Colors)
	r := Rung{Measure: st.Measure.Name(), D: st.D, Attacker: m.Knows(st.D)}
	rctx, cancel := context.WithTimeout(ctx, opt.RungTime)
	defer cancel()
	start := time.Now()
	p, err := anonymity.New(g, m, st.D, anonymity.Options{K: opt.K, Threads: opt.Threads, Context: rctx})
	r.Seconds = time.Since(start).Seconds()
	if err != nil {
		r.Skipped = fmt.Sprintf("did not finish within %v", opt.RungTime)
		if !errors.Is(err, context.DeadlineExceeded) {
			r.Skipped = err.Error()
		}
		return r
	}
	r.Unique, r.NotAnonymous = p.Unique(), p.NotAnonymous()
	r.UpperBound = !p.Exact()
	r.Stronger = splits(p, target)
	return r
}

// splits reports whether p tells apart two nodes that target puts in one
// class: its attacker knows something the target's does not.
func splits(p, target *anonymity.Partition) bool {
	first := map[int32]int32{} // target class → p class of its first node seen
	for v := range int32(p.Graph().NumNodes()) {
		c := target.Class(v)
		if q, ok := first[c]; !ok {
			first[c] = p.Class(v)
		} else if q != p.Class(v) {
			return true
		}
	}
	return false
}

// attacks runs the seed-and-propagate attack on the release with every
// number of seeds, each within opt.RungTime.
func attacks(ctx context.Context, release *graph.Graph, opt Options) []Attack {
	seeds := opt.Seeds
	if seeds == nil {
		seeds = attack.DefaultSeeds()
	}
	known := 0
	for _, w := range opt.Truth {
		if w >= 0 {
			known++
		}
	}
	var out []Attack
	for _, s := range seeds {
		a := Attack{Seeds: s}
		if s >= known {
			a.Skipped = fmt.Sprintf("only %d people have a counterpart in the release", known)
			out = append(out, a)
			continue
		}
		if opt.Progress != nil {
			opt.Progress(fmt.Sprintf("attack with %d seeds", s))
		}
		cfg := attack.Config{Seeds: s, Seed: opt.Seed}
		if opt.Colors != nil && opt.OriginalColors != nil {
			cfg.Colors = [2][]int32{opt.OriginalColors, opt.Colors}
		}
		type result struct {
			r   *attack.Result
			err error
		}
		done := make(chan result, 1)
		go func() {
			r, err := attack.Run(opt.Original, release, opt.Truth, cfg)
			done <- result{r, err}
		}()
		select {
		case res := <-done:
			if res.err != nil {
				a.Skipped = res.err.Error()
				break
			}
			a.Targets, a.Correct, a.Fraction, a.Precision = res.r.Targets, res.r.Correct, res.r.Fraction, res.r.Precision
		case <-time.After(opt.RungTime):
			// The attack goes on until it ends, but nobody waits for it.
			a.Skipped = fmt.Sprintf("did not finish within %v", opt.RungTime)
		case <-ctx.Done():
			a.Skipped = ctx.Err().Error()
		}
		out = append(out, a)
	}
	return out
}

// judge sets the state, the reasons and the recommendation from the
// numbers: red if the target is not met; amber if a rung leaves more
// nodes not k-anonymous than the target allows (allowed), or an attack
// with at most 10 seeds re-identifies more than AttackLimit; green
// otherwise.
func (v *Verdict) judge(allowed int, opt Options) {
	t := v.Target
	if !t.Met {
		v.State = Red
		v.Reasons = append(v.Reasons, fmt.Sprintf("the target is not met: %d of %d people are not %d-anonymous under %s, where at most %d may be",
			t.NotAnonymous, t.Nodes, t.K, rungName(t.Measure, t.D), allowed))
		v.Recommendation = fmt.Sprintf("%s --measure %s -d %d -k %d (the full variant makes everyone %d-anonymous)", opt.Command, t.Measure, t.D, t.K, t.K)
		return
	}
	v.State = Green
	var next *Rung
	for i := range v.Ladder {
		r := &v.Ladder[i]
		if r.Skipped != "" || !r.Stronger || r.NotAnonymous <= allowed {
			continue
		}
		v.State = Amber
		v.Reasons = append(v.Reasons, fmt.Sprintf("%s (someone who knows %s) finds %s not %d-anonymous, %s of them unique",
			rungName(r.Measure, r.D), r.Attacker, people(r.NotAnonymous, t.Nodes), t.K, count(r.Unique)))
		if next == nil {
			next = r
		}
	}
	for _, a := range v.Attacks {
		if a.Skipped == "" && a.Seeds <= 10 && a.Fraction > AttackLimit {
			v.State = Amber
			v.Reasons = append(v.Reasons, fmt.Sprintf("an attacker who knows the original network and %d people in the release re-identifies %.1f%% of the others (at most %.0f%% allowed)",
				a.Seeds, 100*a.Fraction, 100*AttackLimit))
		}
	}
	if v.State == Amber {
		larger := max(5, 2*t.K)
		others := "1 other"
		if t.K > 2 {
			others = fmt.Sprintf("%d others", t.K-1)
		}
		switch {
		case next != nil && next.Measure != "automorphism":
			v.Recommendation = fmt.Sprintf("to protect against %s: %s --measure %s -d %d -k %d; against every structural attacker: %s --measure automorphism -k %d",
				rungName(next.Measure, next.D), opt.Command, next.Measure, next.D, t.K, opt.Command, t.K)
		case next != nil || t.Measure != "automorphism":
			v.Recommendation = fmt.Sprintf("against every structural attacker: %s --measure automorphism -k %d (every person structurally indistinguishable from %s); against attackers who know some people too, a larger k: -k %d",
				opt.Command, t.K, others, larger)
		default:
			// Already automorphic: only seeds break the symmetry, and
			// larger orbits leave fewer people to a seed.
			v.Recommendation = fmt.Sprintf("against attackers who know some people already, a larger k: %s --measure automorphism -k %d", opt.Command, larger)
		}
	}
}

// rungName names a measure at a distance as the ladder does: "vrq at
// d = 1", or "automorphism", where the distance plays no part.
func rungName(m string, d int) string {
	if m == "automorphism" || m == "degree" || m == "none" {
		return m
	}
	return fmt.Sprintf("%s at d = %d", m, d)
}

// people writes a number of people with its share of n: "312 people
// (12.3%)".
func people(k, n int) string {
	if k == 1 {
		return fmt.Sprintf("1 person (%.1f%%)", 100/float64(max(n, 1)))
	}
	return fmt.Sprintf("%d people (%.1f%%)", k, 100*float64(k)/float64(max(n, 1)))
}

// count writes a number of people: "none", "1", "12".
func count(k int) string {
	if k == 0 {
		return "none"
	}
	return fmt.Sprint(k)
}
