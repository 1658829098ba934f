package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/utility"
)

// SnapshotOptions control NewSnapshot.
type SnapshotOptions struct {
	// Cascade computes the anonymity cascade (start and cascade measure:
	// the partition's).
	Cascade bool
	// Communities runs Leiden once, seeded by Seed, for the community
	// sizes.
	Communities bool
	Seed        uint64
	// Threads for the clustering coefficients; values < 1 mean one.
	Threads int
}

// NewSnapshot describes g: its degree distribution, clustering by degree
// and, as asked, its Leiden community sizes; and, if p (the partition of g)
// is not nil, its anonymity, class sizes and, as asked, anonymity cascade.
func NewSnapshot(g *graph.Graph, p *anonymity.Partition, opt SnapshotOptions) (*Snapshot, error) {
	s := &Snapshot{Nodes: g.NumNodes(), Edges: g.NumEdges()}
	if p != nil {
		if p.Graph() != g {
			return nil, fmt.Errorf("snapshot: the partition is not of the graph")
		}
		s.Unique, s.NotKAnonymous, s.Classes = p.Unique(), p.NotAnonymous(), p.NumClasses()
		for _, h := range p.Histogram() {
			s.ClassSizes = append(s.ClassSizes, SizeCount{Size: h.Size, Classes: h.Classes})
		}
	}
	if opt.Cascade && p != nil {
		c, err := anonymity.Cascade(p, p, anonymity.CascadeOptions{})
		if err != nil {
			return nil, fmt.Errorf("anonymity cascade: %w", err)
		}
		s.Cascade = c.Levels
	}
	s.Degrees, s.ClusteringByDegree = degreeStats(g, opt.Threads)
	if opt.Communities && g.NumEdges() > 0 {
		part, err := utility.Leiden(g, rand.New(rand.NewPCG(opt.Seed, 0x5eed)), utility.LeidenOptions{})
		if err != nil {
			return nil, fmt.Errorf("communities: %w", err)
		}
		s.CommunitySizes = make([]int, part.Communities)
		for _, c := range part.Membership {
			s.CommunitySizes[c]++
		}
		slices.SortFunc(s.CommunitySizes, func(a, b int) int { return b - a })
	}
	return s, nil
}

// degreeStats returns the degree histogram and the mean local clustering
// coefficient of the nodes of every degree.
func degreeStats(g *graph.Graph, threads int) (hist []int, clustering []float64) {
	n := g.NumNodes()
	maxDeg := 0
	for v := range int32(n) {
		maxDeg = max(maxDeg, g.Degree(v))
	}
	hist = make([]int, maxDeg+1)
	sum := make([]float64, maxDeg+1)
	local := utility.LocalClustering(g, threads)
	for v := range int32(n) {
		d := g.Degree(v)
		hist[d]++
		sum[d] += local[v]
	}
	clustering = make([]float64, maxDeg+1)
	for d := range clustering {
		if d < 2 || hist[d] == 0 {
			clustering[d] = math.NaN()
		} else {
			clustering[d] = sum[d] / float64(hist[d])
		}
	}
	return hist, clustering
}

// EdgeEndDegrees returns the degrees in orig of the ends of the given edges
// (the deleted ones), and the number of orig's edges whose lower-degree end
// has each degree, the distribution to compare them with.
func EdgeEndDegrees(orig *graph.Graph, deleted []graph.Edge) (ends []EdgeEnds, byLower []int) {
	ends = make([]EdgeEnds, 0, len(deleted))
	for _, e := range deleted {
		a, b := orig.Degree(e.U), orig.Degree(e.V)
		ends = append(ends, EdgeEnds{Low: min(a, b), High: max(a, b)})
	}
	for _, e := range orig.Edges() {
		low := min(orig.Degree(e.U), orig.Degree(e.V))
		for len(byLower) <= low {
			byLower = append(byLower, 0)
		}
		byLower[low]++
	}
	return ends, byLower
}

// Metrics converts a utility comparison to the report's rows.
func Metrics(c *utility.Comparison) []Metric {
	var out []Metric
	for _, m := range c.Metrics {
		out = append(out, Metric{
			Name: m.Name, Original: m.Original, Anonymized: m.Anonymized,
			RelativeChange: m.RelativeChange, Defined: m.Defined(),
			Preserved: m.Defined() && m.Preserved, Note: m.Note,
		})
	}
	return out
}
