package report

import (
	"fmt"
	"math"
	"strings"
)

// Meaning returns the report's "what this means" paragraph, one sentence
// per string, written from the numbers of in.
func Meaning(in *Input) []string {
	b, a := in.Before, in.After
	if b == nil {
		return nil
	}
	k := in.Run.K
	var out []string
	if a == nil {
		out = append(out, fmt.Sprintf("%s of %s nodes (%s) are unique under %s: their %s alone singles them out. %s (%s) are not %d-anonymous.",
			Thousands(b.Unique), Thousands(b.Nodes), percent(b.Unique, b.Nodes), in.measureText(), in.knowledge(),
			Thousands(b.NotKAnonymous), percent(b.NotKAnonymous, b.Nodes), k))
		return out
	}
	now := "none is now"
	if a.Unique > 0 {
		now = fmt.Sprintf("%s (%s) still are", Thousands(a.Unique), percent(a.Unique, a.Nodes))
	}
	out = append(out, fmt.Sprintf("%s of %s people were unique under %s (their %s alone singled them out); %s. %s were not %d-anonymous before, %s are now.",
		Thousands(b.Unique), Thousands(b.Nodes), in.measureText(), in.knowledge(), now,
		Thousands(b.NotKAnonymous), k, Thousands(a.NotKAnonymous)))
	removed := len(in.Deleted)
	if in.Deleted == nil && b.Edges > a.Edges {
		removed = b.Edges - a.Edges
	}
	switch {
	case removed > 0 && in.Added > 0:
		out = append(out, fmt.Sprintf("%s of the %s ties (%s) were removed and %s added.", Thousands(removed), Thousands(b.Edges), percent(removed, b.Edges), Thousands(in.Added)))
	case removed > 0:
		out = append(out, fmt.Sprintf("%s of the %s ties (%s) were removed; no tie was added.", Thousands(removed), Thousands(b.Edges), percent(removed, b.Edges)))
	case in.Added > 0:
		out = append(out, fmt.Sprintf("%s ties were added; none was removed.", Thousands(in.Added)))
	default:
		out = append(out, "No tie was changed.")
	}
	if ct, ca := cascadeTotal(b), cascadeTotal(a); b.Cascade != nil && a.Cascade != nil {
		out = append(out, fmt.Sprintf("Starting from the unique people and working outward through their contacts, an attacker could single out %s people (%s) in the original and %s (%s) in the release.",
			Thousands(ct), percent(ct, b.Nodes), Thousands(ca), percent(ca, a.Nodes)))
	}
	if len(in.Utility) > 0 {
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
		s := fmt.Sprintf("%d of %d utility metrics are preserved (changed by less than 5%%)", len(kept), defined)
		if len(lost) > 0 {
			s += "; not preserved: " + strings.Join(lost, ", ")
		}
		out = append(out, s+".")
		for _, m := range in.Utility {
			if m.Name == "nmi" && m.Defined {
				verdict := "preserved"
				if !m.Preserved {
					verdict = "changed"
				}
				out = append(out, fmt.Sprintf("Communities are %s: Leiden's communities on the release agree with the original's with NMI %.2f, against %.2f between runs on the original itself.", verdict, m.Anonymized, m.Original))
			}
		}
	}
	if at := in.Attack; at != nil && len(at.Seeds) > 0 {
		i := len(at.Seeds) - 1
		out = append(out, fmt.Sprintf("Under the %s attack with %d known people, %.1f%% of the original's nodes but %.1f%% of the release's are re-identified.",
			at.Name, at.Seeds[i], 100*at.Original[i], 100*at.Release[i]))
	}
	if in.Run.TargetMet {
		out = append(out, fmt.Sprintf("The target is met: at least %s nodes are %d-anonymous.", Thousands(in.Run.Target), k))
	} else {
		out = append(out, fmt.Sprintf("The target is NOT met: %s nodes had to be %d-anonymous, %s are. This release does not give the promised protection.",
			Thousands(in.Run.Target), k, Thousands(a.Nodes-a.NotKAnonymous)))
	}
	return out
}

// describeLoss names a metric that was not preserved, with its change.
func describeLoss(m Metric) string {
	if math.IsNaN(m.RelativeChange) || math.IsInf(m.RelativeChange, 0) {
		return fmt.Sprintf("%s (%s → %s)", m.Name, value(m.Original), value(m.Anonymized))
	}
	return fmt.Sprintf("%s (%s)", m.Name, change(m.RelativeChange))
}

// measureKnowledge says in words what an attacker knows under a measure.
// knowledge says what singles a person out: the measure's knowledge and
// the attributes the attacker knows.
func (in *Input) knowledge() string {
	k := measureKnowledge(in.Run.Measure)
	if len(in.Run.KnownAttributes) > 0 {
		k += " together with their " + strings.Join(in.Run.KnownAttributes, ", ")
	}
	return k
}

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
	}
	return "structural signature"
}
