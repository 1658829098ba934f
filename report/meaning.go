package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/anonet-project/anonet/verdict"
)

// Meaning returns the report's "what this means" paragraph, one sentence
// per string, written from the numbers of in. A public report's sentences
// speak of the release only (and of the original's number of edges).
func Meaning(in *Input) []string {
	b, a := in.Before, in.After
	if b == nil {
		return nil
	}
	k := in.Run.K
	var out []string
	if a == nil {
		out = append(out, fmt.Sprintf("%s of %s (%s) %s unique under %s: their %s alone singles them out. %s (%s) %s not %d-anonymous.",
			Thousands(b.Unique), people(b.Nodes), percent(b.Unique, b.Nodes), be(b.Unique, "is", "are"), in.measureText(), in.knowledge(),
			capitalize(Thousands(b.NotKAnonymous)), percent(b.NotKAnonymous, b.Nodes), be(b.NotKAnonymous, "is", "are"), k))
		return out
	}
	if in.Public {
		if a.Unique == 0 {
			out = append(out, fmt.Sprintf("No one in the release is unique under %s (no one's %s alone singles them out).", in.measureText(), in.knowledge()))
		} else {
			out = append(out, fmt.Sprintf("%s of the release's %s (%s) %s unique under %s: their %s alone singles them out.",
				Thousands(a.Unique), people(a.Nodes), percent(a.Unique, a.Nodes), be(a.Unique, "is", "are"), in.measureText(), in.knowledge()))
		}
		if a.NotKAnonymous == 0 {
			out = append(out, fmt.Sprintf("Everyone is %d-anonymous: the attacker cannot tell anyone apart from at least %s.", k, Plural(k-1, "other person", "other people")))
		} else {
			out = append(out, fmt.Sprintf("%s (%s) %s not %d-anonymous.", capitalize(people(a.NotKAnonymous)), percent(a.NotKAnonymous, a.Nodes), be(a.NotKAnonymous, "is", "are"), k))
		}
	} else {
		now := "no one is now"
		if a.Unique > 0 {
			now = fmt.Sprintf("%s (%s) still %s", Thousands(a.Unique), percent(a.Unique, a.Nodes), be(a.Unique, "is", "are"))
		}
		out = append(out, fmt.Sprintf("%s of %s %s unique under %s (their %s alone singled them out); %s.",
			Thousands(b.Unique), people(b.Nodes), be(b.Unique, "was", "were"), in.measureText(), in.knowledge(), now))
		switch {
		case b.NotKAnonymous == 0 && a.NotKAnonymous == 0:
			out = append(out, fmt.Sprintf("Everyone was %d-anonymous before and is now.", k))
		case b.NotKAnonymous == 0:
			out = append(out, fmt.Sprintf("Everyone was %d-anonymous before; %s %s not now.", k, people(a.NotKAnonymous), be(a.NotKAnonymous, "is", "are")))
		case a.NotKAnonymous == 0:
			out = append(out, fmt.Sprintf("%s %s not %d-anonymous before; everyone is now.", capitalize(people(b.NotKAnonymous)), be(b.NotKAnonymous, "was", "were"), k))
		default:
			out = append(out, fmt.Sprintf("%s %s not %d-anonymous before; %s %s now.",
				capitalize(people(b.NotKAnonymous)), be(b.NotKAnonymous, "was", "were"), k, Thousands(a.NotKAnonymous), be(a.NotKAnonymous, "is", "are")))
		}
	}
	out = append(out, in.alterations())
	ct, ca := cascadeTotal(b), cascadeTotal(a)
	switch {
	case in.Public && a.Cascade != nil:
		out = append(out, fmt.Sprintf("Starting from the unique people and working outward through their contacts, an attacker could single out %s (%s) in the release.",
			people(ca), percent(ca, a.Nodes)))
	case b.Cascade != nil && a.Cascade != nil:
		out = append(out, fmt.Sprintf("Starting from the unique people and working outward through their contacts, an attacker could single out %s (%s) in the original and %s (%s) in the release.",
			people(ct), percent(ct, b.Nodes), Thousands(ca), percent(ca, a.Nodes)))
	}
	if len(in.Utility) > 0 && !in.Public {
		out = append(out, in.utilitySentences()...)
	}
	if s := in.attackSentence(); s != "" {
		out = append(out, s)
	}
	return append(out, in.verdictSentences()...)
}

// alterations says how many ties were removed and added.
func (in *Input) alterations() string {
	b, a := in.Before, in.After
	removed := len(in.Deleted)
	if in.Deleted == nil && b.Edges > a.Edges {
		removed = b.Edges - a.Edges
	}
	switch {
	case removed > 0 && in.Added > 0:
		return fmt.Sprintf("%s of the %s (%s) %s removed and %s added; the release has %s.",
			Thousands(removed), Plural(b.Edges, "tie", "ties"), percent(removed, b.Edges), be(removed, "was", "were"), Thousands(in.Added), Plural(a.Edges, "tie", "ties"))
	case removed > 0:
		return fmt.Sprintf("%s of the %s (%s) %s removed; no tie was added.",
			Thousands(removed), Plural(b.Edges, "tie", "ties"), percent(removed, b.Edges), be(removed, "was", "were"))
	case in.Added > 0:
		return fmt.Sprintf("%s added; none was removed.", capitalize(Plural(in.Added, "tie was", "ties were")))
	}
	return "No tie was changed."
}

// utilitySentences say which utility metrics are preserved, and whether
// the communities are.
func (in *Input) utilitySentences() []string {
	var kept, lost []string
	defined := 0
	for _, m := range in.Utility {
		if !m.Defined {
			continue
		}
		defined++
		if m.Preserved {
			kept = append(kept, m.Name)
		} else {
			lost = append(lost, describeLoss(m))
		}
	}
	s := fmt.Sprintf("%d of %s %s preserved (changed by less than 5%%)", len(kept), Plural(defined, "utility metric", "utility metrics"), be(len(kept), "is", "are"))
	if len(lost) > 0 {
		s += "; not preserved: " + strings.Join(lost, ", ")
	}
	out := []string{s + "."}
	for _, m := range in.Utility {
		if m.Name == "nmi" && m.Defined {
			verdict := "preserved"
			if !m.Preserved {
				verdict = "changed"
			}
			out = append(out, fmt.Sprintf("Communities are %s: Leiden's communities on the release agree with the original's with NMI %.2f (1 is full agreement), against %.2f between runs on the original itself.", verdict, m.Anonymized, m.Original))
		}
	}
	return out
}

// attackSentence compares the attack on the original and on the release
// with the most seeds (on the release alone in a public report).
func (in *Input) attackSentence() string {
	at := in.Attack
	if at == nil || len(at.Seeds) == 0 {
		return ""
	}
	i := len(at.Seeds) - 1
	o, r := at.Original[i], at.Release[i]
	lead := fmt.Sprintf("Under the %s attack %s,", at.Name, seedWords(at.Seeds[i]))
	switch {
	case in.Public:
		return fmt.Sprintf("%s the attacker re-identifies %s of the people in the release.", lead, percentOf(r))
	case math.Abs(o-r) < 0.02:
		// Within two points: the anonymization did not stop this attack.
		return fmt.Sprintf("%s the attacker re-identifies about as many people in the release (%s) as in the original (%s): the anonymization does not stop this attack.", lead, percentOf(r), percentOf(o))
	case r < o:
		return fmt.Sprintf("%s the attacker re-identifies %s of the people in the original but only %s in the release.", lead, percentOf(o), percentOf(r))
	}
	return fmt.Sprintf("%s the attacker re-identifies %s of the people in the original and %s in the release.", lead, percentOf(o), percentOf(r))
}

// verdictSentences repeat the verdict: the target, and with a verdict
// what stronger attackers do.
func (in *Input) verdictSentences() []string {
	a, k := in.After, in.Run.K
	st := State(in)
	if v := in.Verdict; v != nil {
		t := v.Target
		switch st {
		case verdict.Red:
			return []string{fmt.Sprintf("The target is NOT met: %s had to be %d-anonymous against an attacker who knows %s; %s %s. This release does not give the promised protection.",
				people(t.Required), t.K, attackerWords(t.Attacker, t.Measure, t.D), Thousands(t.Nodes-t.NotAnonymous), be(t.Nodes-t.NotAnonymous, "is", "are"))}
		case verdict.Amber:
			return []string{fmt.Sprintf("The target is met against an attacker who knows %s, but %s (the verdict at the top lists them).",
				attackerWords(t.Attacker, t.Measure, t.D), exposureSummary(v))}
		}
		return []string{fmt.Sprintf("The target is met against an attacker who knows %s, and no stronger attacker that was tried singles anyone out.", attackerWords(t.Attacker, t.Measure, t.D))}
	}
	if st == verdict.Green {
		return []string{fmt.Sprintf("The target is met: at least %s are %d-anonymous.", people(in.Run.Target), k)}
	}
	return []string{fmt.Sprintf("The target is NOT met: %s had to be %d-anonymous, %s %s. This release does not give the promised protection.",
		people(in.Run.Target), k, Thousands(a.Nodes-a.NotKAnonymous), be(a.Nodes-a.NotKAnonymous, "is", "are"))}
}

// exposureSummary sums up what singles people out beyond the target: the
// number of stronger attackers that do and the most people any of them
// singles out, and the largest share a seeded attack re-identifies.
func exposureSummary(v *verdict.Verdict) string {
	rungs, most := 0, 0
	for _, r := range v.Ladder {
		if r.Stronger && r.Skipped == "" && r.Unique > 0 && !isTarget(v, r) {
			rungs++
			most = max(most, r.Unique)
		}
	}
	attack := -1.0
	for _, a := range v.Attacks {
		if a.Skipped == "" && a.Targets > 0 && a.Fraction > verdict.AttackLimit {
			attack = max(attack, a.Fraction)
		}
	}
	var parts []string
	if rungs == 1 {
		parts = append(parts, fmt.Sprintf("a stronger attacker singles out %s (%s)", people(most), percent(most, v.Target.Nodes)))
	} else if rungs > 1 {
		parts = append(parts, fmt.Sprintf("%d stronger attackers single out up to %s (%s)", rungs, people(most), percent(most, v.Target.Nodes)))
	}
	if attack >= 0 {
		parts = append(parts, "the seed-and-propagate attack re-identifies up to "+percentOf(attack))
	}
	if len(parts) == 0 {
		return "the verdict finds stronger attackers a risk"
	}
	return strings.Join(parts, ", and ")
}

// be returns the singular form of a verb for 1 and the plural otherwise.
func be(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// describeLoss names a metric that was not preserved, with its change.
func describeLoss(m Metric) string {
	if math.IsNaN(m.RelativeChange) || math.IsInf(m.RelativeChange, 0) {
		return fmt.Sprintf("%s (%s → %s)", m.Name, value(m.Original), value(m.Anonymized))
	}
	return fmt.Sprintf("%s (%s)", m.Name, change(m.RelativeChange))
}

// knowledge says what singles a person out: the measure's knowledge and
// the attributes the attacker knows.
func (in *Input) knowledge() string {
	k := measureKnowledge(in.Run.Measure)
	if len(in.Run.KnownAttributes) > 0 {
		k += " together with their " + strings.Join(in.Run.KnownAttributes, ", ")
	}
	return k
}

// measureKnowledge says in words what an attacker knows under a measure.
func measureKnowledge(name string) string {
	switch strings.TrimSuffix(name, "-unrooted") {
	case "degree":
		return "number of contacts"
	case "count":
		return "number of contacts and of ties among them"
	case "edgecount":
		return "number of ties around them"
	case "degdist":
		return "contacts' numbers of contacts"
	case "dk":
		return "neighbourhood's exact shape"
	case "vrq":
		return "contacts' numbers of contacts at each distance"
	case "hybrid":
		return "neighbourhood's shape and degrees"
	case "automorphism":
		return "place in the whole network (all of its structure)"
	case "none":
		return "attributes"
	}
	return "structural signature"
}
