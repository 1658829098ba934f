package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The names of the report's figures (their file names without extension).
const (
	FigClassSizes         = "class_sizes"
	FigCascade            = "anonymity_cascade"
	FigTrace              = "trace"
	FigDegrees            = "degree_distribution"
	FigClusteringByDegree = "clustering_by_degree"
	FigCommunities        = "community_sizes"
	FigDeleted            = "deleted_edges_by_degree"
	FigAttack             = "reidentification"
)

// Figures returns the charts of the report, in report order, leaving out
// those whose data the input lacks.
func Figures(in *Input) []Chart {
	var out []Chart
	add := func(c Chart, ok bool) {
		if ok {
			out = append(out, c)
		}
	}
	add(classSizesChart(in))
	add(cascadeChart(in))
	add(traceChart(in))
	add(degreeChart(in))
	add(clusteringChart(in))
	add(communityChart(in))
	add(deletedChart(in))
	add(attackChart(in))
	return out
}

// sides returns a series for the original and one for the release, as
// far as they are present, with the points that points returns for each;
// a snapshot without points gives no series. A public report has no
// series of the original.
func sides(in *Input, style Style, points func(s *Snapshot) (x, y []float64)) []Series {
	var out []Series
	for _, side := range []struct {
		name  string
		snap  *Snapshot
		color int
	}{{"original", in.Before, ColorBefore}, {"release", in.After, ColorAfter}} {
		if side.snap == nil || in.Public && side.snap == in.Before {
			continue
		}
		if x, y := points(side.snap); len(x) > 0 {
			out = append(out, Series{Name: side.name, X: x, Y: y, Style: style, Color: side.color, Hollow: side.snap == in.After})
		}
	}
	return out
}

func (in *Input) measureText() string {
	return fmt.Sprintf("%s, d = %d", in.measureName(), in.Run.D)
}

// measureName is the measure's name, with the attributes the attacker
// knows.
func (in *Input) measureName() string {
	if len(in.Run.KnownAttributes) == 0 {
		return in.Run.Measure
	}
	return in.Run.Measure + " with the attributes " + strings.Join(in.Run.KnownAttributes, ", ")
}

func classSizesChart(in *Input) (Chart, bool) {
	k := in.Run.K
	bands := ClassBands(k)
	c := Chart{
		Name: FigClassSizes, Title: "People by the size of their class (" + in.measureText() + ")",
		XLabel: "class size (people who look alike to the attacker)", YLabel: "people",
		Caption: fmt.Sprintf("Each bar counts the people whose class (the people an attacker who knows their %s cannot tell apart) has a size in the band. Left of the dashed line, classes are smaller than k = %d: these people are not %d-anonymous; size 1 means unique.",
			in.knowledge(), k, k),
	}
	for _, b := range bands {
		c.Categories = append(c.Categories, b.String())
	}
	for i, b := range bands {
		if k >= 2 && b.Lo == k && i > 0 {
			c.Rules = append(c.Rules, Rule{X: float64(i) - 0.5, Label: fmt.Sprintf("k = %d", k)})
		}
	}
	c.Series = sides(in, Bars, func(s *Snapshot) (x, y []float64) {
		if len(s.ClassSizes) == 0 {
			return nil, nil
		}
		for _, bc := range CountBands(s.ClassSizes, bands) {
			x = append(x, 0)
			y = append(y, float64(bc.People))
		}
		return x, y
	})
	countLabels(c.Series)
	return c, len(c.Series) > 0
}

// countLabels labels every bar with its value, a count.
func countLabels(ss []Series) {
	for i := range ss {
		ss[i].Labels = nil
		for _, v := range ss[i].Y {
			ss[i].Labels = append(ss[i].Labels, Thousands(int(v)))
		}
	}
}

func cascadeChart(in *Input) (Chart, bool) {
	c := Chart{
		Name: FigCascade, Title: "Anonymity cascade (" + in.measureText() + ")",
		XLabel: "cascade level (steps from a unique person)", YLabel: "people identified (cumulative)",
		Caption: "An attacker who has found the unique people (level 0) can tell apart their contacts, then those contacts' contacts, and so on; each bar counts everyone identified up to that level.",
	}
	levels := 0
	for _, s := range []*Snapshot{in.Before, in.After} {
		if s != nil && (!in.Public || s == in.After) {
			levels = max(levels, len(s.Cascade))
		}
	}
	for l := range levels {
		c.Categories = append(c.Categories, fmt.Sprint(l))
	}
	c.Series = sides(in, Bars, func(s *Snapshot) (x, y []float64) {
		if len(s.Cascade) == 0 {
			return nil, nil
		}
		for l := range levels {
			// The cascade stops growing at its last level.
			v := s.Cascade[min(l, len(s.Cascade)-1)]
			x, y = append(x, float64(l)), append(y, float64(v))
		}
		return x, y
	})
	countLabels(c.Series)
	return c, len(c.Series) > 0
}

func traceChart(in *Input) (Chart, bool) {
	if len(in.Trace) == 0 || in.Public {
		return Chart{}, false
	}
	c := Chart{
		Name: FigTrace, Title: fmt.Sprintf("Anonymization trace (%s, k = %d)", in.measureText(), in.Run.K),
		XLabel: "edges altered so far", YLabel: fmt.Sprintf("people not %d-anonymous", in.Run.K),
		ZeroY: true,
	}
	var sx, sy, rx, ry []float64
	var phases []string
	for _, t := range in.Trace {
		x, y := float64(t.EdgesAltered), float64(t.NotKAnonymous)
		if t.Phase == "" || t.Phase == "strategy" {
			sx, sy = append(sx, x), append(sy, y)
			continue
		}
		rx, ry = append(rx, x), append(ry, y)
		if !slices.Contains(phases, t.Phase) {
			phases = append(phases, t.Phase)
		}
	}
	style := Points
	if len(sx) > 300 {
		style = Line // thousands of markers would only blot the curve (and bloat the SVG)
	}
	if len(sx) > 0 {
		c.Series = append(c.Series, Series{Name: "strategy (one point per iteration)", X: sx, Y: sy, Style: style, Color: ColorBefore})
	}
	if len(rx) > 0 {
		c.Series = append(c.Series, Series{Name: "refinement (" + strings.Join(phases, ", ") + ")", X: rx, Y: ry, Style: Points, Color: 2})
	}
	if in.Run.Target > 0 && in.Before != nil {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, t := range in.Trace {
			lo, hi = min(lo, float64(t.EdgesAltered)), max(hi, float64(t.EdgesAltered))
		}
		allowed := float64(in.Before.Nodes - in.Run.Target)
		c.Series = append(c.Series, Series{Name: "most allowed by the target", X: []float64{lo, hi}, Y: []float64{allowed, allowed}, Style: Dashed, Color: 7})
	}
	if b := in.Best; b >= 0 && b < len(in.Trace) {
		t := in.Trace[b]
		c.Series = append(c.Series, Series{Name: fmt.Sprintf("released state (row %d)", b), X: []float64{float64(t.EdgesAltered)}, Y: []float64{float64(t.NotKAnonymous)}, Style: Marker, Color: ColorAfter})
	}
	c.Caption = "Each blue point is one iteration of the strategy, which alters edges until the target is met."
	if len(rx) > 0 {
		c.Caption += " The green points are the refinement that follows: it gives edges back (moving left) while the target still holds."
	}
	c.Caption += " The ring marks the state that was released."
	return c, true
}

func degreeChart(in *Input) (Chart, bool) {
	c := Chart{
		Name: FigDegrees, Title: "Degree distribution",
		XLabel: "degree (neighbours)", YLabel: "fraction of nodes",
		LogX: true, LogY: true,
	}
	c.Series = sides(in, Points, func(s *Snapshot) (x, y []float64) {
		for d, k := range s.Degrees {
			if d > 0 && k > 0 && s.Nodes > 0 {
				x = append(x, float64(d))
				y = append(y, float64(k)/float64(s.Nodes))
			}
		}
		return x, y
	})
	var isolated []string
	for _, side := range []struct {
		name string
		snap *Snapshot
	}{{"original", in.Before}, {"release", in.After}} {
		if s := side.snap; s != nil && len(s.Degrees) > 0 && s.Degrees[0] > 0 {
			isolated = append(isolated, fmt.Sprintf("%s in the %s", Thousands(s.Degrees[0]), side.name))
		}
	}
	c.Caption = "Share of nodes with each number of neighbours, on log-log axes."
	if len(isolated) > 0 {
		c.Caption += " Isolated nodes (degree 0), which a log scale cannot show: " + strings.Join(isolated, ", ") + "."
	}
	return c, len(c.Series) > 0
}

func clusteringChart(in *Input) (Chart, bool) {
	c := Chart{
		Name: FigClusteringByDegree, Title: "Clustering by degree",
		XLabel: "degree (neighbours)", YLabel: "mean local clustering coefficient",
		LogX: true, ZeroY: true,
		Caption: "For the nodes of each degree, the average share of their pairs of neighbours that are themselves linked (defined for degree 2 and up).",
	}
	c.Series = sides(in, Points, func(s *Snapshot) (x, y []float64) {
		for d, v := range s.ClusteringByDegree {
			if !math.IsNaN(v) {
				x = append(x, float64(d))
				y = append(y, v)
			}
		}
		return x, y
	})
	return c, len(c.Series) > 0
}

func communityChart(in *Input) (Chart, bool) {
	c := Chart{
		Name: FigCommunities, Title: "Community sizes (Leiden, modularity)",
		XLabel: "community rank (largest first)", YLabel: "community size (nodes)",
		LogY:    true,
		Caption: "Sizes of the communities Leiden finds in each network, largest first.",
	}
	c.Series = sides(in, Points, func(s *Snapshot) (x, y []float64) {
		for r, v := range s.CommunitySizes {
			x = append(x, float64(r+1))
			y = append(y, float64(v))
		}
		return x, y
	})
	c.LogX = len(c.Series) > 0 && len(c.Series[0].X) > 30
	return c, len(c.Series) > 0
}

func deletedChart(in *Input) (Chart, bool) {
	if len(in.Deleted) == 0 || len(in.EdgesByLowerDegree) == 0 || in.Public {
		return Chart{}, false
	}
	c := Chart{
		Name: FigDeleted, Title: "Where the deleted edges were",
		XLabel: "degree of the edge's lower-degree end (neighbours, in the original)", YLabel: "share of edges",
		LogX: true, LogY: true,
		Caption: "Edges grouped by the degree of their less connected end: all edges of the original against the deleted ones. A deleted curve above the other means the algorithm removed such edges more often than at random.",
	}
	total := 0
	for _, k := range in.EdgesByLowerDegree {
		total += k
	}
	var x, y []float64
	for d, k := range in.EdgesByLowerDegree {
		if k > 0 {
			x = append(x, float64(d))
			y = append(y, float64(k)/float64(total))
		}
	}
	c.Series = append(c.Series, Series{Name: "all edges of the original", X: x, Y: y, Style: Points, Color: ColorBefore})
	counts := map[int]int{}
	maxLow := 0
	for _, e := range in.Deleted {
		counts[e.Low]++
		maxLow = max(maxLow, e.Low)
	}
	x, y = nil, nil
	for d := 0; d <= maxLow; d++ {
		if k := counts[d]; k > 0 {
			x = append(x, float64(d))
			y = append(y, float64(k)/float64(len(in.Deleted)))
		}
	}
	c.Series = append(c.Series, Series{Name: "deleted edges", X: x, Y: y, Style: Points, Color: ColorAfter, Hollow: true})
	return c, true
}

func attackChart(in *Input) (Chart, bool) {
	a := in.Attack
	if a == nil || len(a.Seeds) == 0 {
		return Chart{}, false
	}
	c := Chart{
		Name: FigAttack, Title: "Re-identification by the " + a.Name + " attack",
		XLabel: "people the attacker knows to start from (seeds)", YLabel: "share of people re-identified",
		ZeroY: true, PercentY: true, MaxY: 1,
	}
	for _, s := range a.Seeds {
		c.Categories = append(c.Categories, fmt.Sprint(s))
	}
	labels := func(f []float64) []string {
		var out []string
		for _, v := range f {
			out = append(out, percentOf(v))
		}
		return out
	}
	if in.Public {
		c.Caption = "The share of people an attacker re-identifies in the release, given some people's identities to start from."
	} else {
		c.Caption = "The share of people an attacker re-identifies, given some people's identities to start from: in the original network with its ids hidden (what the attacker gets without any anonymization) and in the release."
		c.Series = append(c.Series, Series{Name: "original", Y: a.Original, Style: Bars, Color: ColorBefore, Labels: labels(a.Original)})
	}
	c.Series = append(c.Series, Series{Name: "release", Y: a.Release, Style: Bars, Color: ColorAfter, Labels: labels(a.Release)})
	return c, true
}
