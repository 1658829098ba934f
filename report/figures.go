package report

import (
	"fmt"
	"math"
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
// a snapshot without points gives no series.
func sides(in *Input, points func(s *Snapshot) (x, y []float64)) []Series {
	var out []Series
	for _, side := range []struct {
		name  string
		snap  *Snapshot
		color int
	}{{"original", in.Before, ColorBefore}, {"release", in.After, ColorAfter}} {
		if side.snap == nil {
			continue
		}
		if x, y := points(side.snap); len(x) > 0 {
			out = append(out, Series{Name: side.name, X: x, Y: y, Color: side.color})
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
	c := Chart{
		Name: FigClassSizes, Title: "Equivalence-class sizes (" + in.measureText() + ")",
		XLabel: "class size (nodes sharing a signature)", YLabel: "nodes in classes of that size",
		LogX: true, LogY: true,
		Caption: fmt.Sprintf("How many people share their signature with how many others. Nodes left of size %d are not %d-anonymous; size 1 means unique.", in.Run.K, in.Run.K),
	}
	c.Series = sides(in, func(s *Snapshot) (x, y []float64) {
		for _, h := range s.ClassSizes {
			x = append(x, float64(h.Size))
			y = append(y, float64(h.Size*h.Classes))
		}
		return x, y
	})
	return c, len(c.Series) > 0
}

func cascadeChart(in *Input) (Chart, bool) {
	c := Chart{
		Name: FigCascade, Title: "Anonymity cascade (" + in.measureText() + ")",
		XLabel: "cascade level (steps from a unique node)", YLabel: "nodes identified (cumulative)",
		Caption: "An attacker who has found the unique nodes (level 0) can tell apart their neighbours, then those neighbours' neighbours, and so on.",
	}
	c.Series = sides(in, func(s *Snapshot) (x, y []float64) {
		for l, v := range s.Cascade {
			x = append(x, float64(l))
			y = append(y, float64(v))
		}
		return x, y
	})
	return c, len(c.Series) > 0
}

func traceChart(in *Input) (Chart, bool) {
	if len(in.Trace) == 0 {
		return Chart{}, false
	}
	c := Chart{
		Name: FigTrace, Title: fmt.Sprintf("Anonymization trace (%s, k = %d)", in.measureText(), in.Run.K),
		XLabel: "edges altered (edges)", YLabel: fmt.Sprintf("nodes not %d-anonymous", in.Run.K),
		Caption: "Each point is one iteration of the algorithm; the ring marks the state that was released.",
	}
	var x, y []float64
	for _, t := range in.Trace {
		x = append(x, float64(t.EdgesAltered))
		y = append(y, float64(t.NotKAnonymous))
	}
	style := LinePoints
	if len(x) > 300 {
		style = Line // thousands of markers would only blot the line (and bloat the SVG)
	}
	c.Series = append(c.Series, Series{Name: "not k-anonymous", X: x, Y: y, Style: style, Color: ColorBefore})
	if in.Run.Target > 0 && in.Before != nil {
		allowed := float64(in.Before.Nodes - in.Run.Target)
		c.Series = append(c.Series, Series{Name: "target (most allowed)", X: []float64{x[0], x[len(x)-1]}, Y: []float64{allowed, allowed}, Style: Dashed, Color: 7})
	}
	if b := in.Best; b >= 0 && b < len(in.Trace) {
		c.Series = append(c.Series, Series{Name: fmt.Sprintf("released state (iteration %d)", b), X: []float64{x[b]}, Y: []float64{y[b]}, Style: Marker, Color: ColorAfter})
	}
	return c, true
}

func degreeChart(in *Input) (Chart, bool) {
	c := Chart{
		Name: FigDegrees, Title: "Degree distribution",
		XLabel: "degree (neighbours)", YLabel: "fraction of nodes",
		LogX: true, LogY: true,
	}
	c.Series = sides(in, func(s *Snapshot) (x, y []float64) {
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
		LogX:    true,
		Caption: "For the nodes of each degree, the average share of their pairs of neighbours that are themselves linked (defined for degree 2 and up).",
	}
	c.Series = sides(in, func(s *Snapshot) (x, y []float64) {
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
	c.Series = sides(in, func(s *Snapshot) (x, y []float64) {
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
	if len(in.Deleted) == 0 || len(in.EdgesByLowerDegree) == 0 {
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
	c.Series = append(c.Series, Series{Name: "all edges of the original", X: x, Y: y, Color: ColorBefore})
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
	c.Series = append(c.Series, Series{Name: "deleted edges", X: x, Y: y, Color: ColorAfter})
	return c, true
}

func attackChart(in *Input) (Chart, bool) {
	a := in.Attack
	if a == nil || len(a.Seeds) == 0 {
		return Chart{}, false
	}
	c := Chart{
		Name: FigAttack, Title: "Re-identification under attack (" + a.Name + ")",
		XLabel: "seed nodes known to the attacker (nodes)", YLabel: "fraction of nodes re-identified",
		Caption: "The share of people an attacker re-identifies, given some people's identities to start from, in the original network and in the release.",
	}
	var x []float64
	for _, s := range a.Seeds {
		x = append(x, float64(s))
	}
	c.Series = append(c.Series,
		Series{Name: "original", X: x, Y: a.Original, Color: ColorBefore},
		Series{Name: "release", X: x, Y: a.Release, Color: ColorAfter})
	return c, true
}
