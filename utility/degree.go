package utility

import (
	"math"

	"github.com/anonet-project/anonet/graph"
)

// Assortativity returns the degree assortativity coefficient of Newman
// (2002): the Pearson correlation of the degrees at the two ends of an edge,
// every edge counted in both directions. It equals networkx's
// degree_assortativity_coefficient. It is NaN when the graph has no edges or
// when every edge joins two nodes of one and the same degree (the degrees at
// edge ends have no variance, as in a regular graph).
func Assortativity(g *graph.Graph) float64 {
	m := g.NumEdges()
	if m == 0 {
		return math.NaN()
	}
	// Two passes, with sums taken in node order, for a stable and
	// reproducible result: first the mean degree at an edge end, then the
	// centred covariance and variance.
	var sum float64
	for v := range g.NumNodes() {
		d := float64(g.Degree(int32(v)))
		sum += d * d // node v is the end of d edges, each contributing d
	}
	mu := sum / float64(2*m)
	var cov, vr float64
	for u := range g.NumNodes() {
		du := float64(g.Degree(int32(u))) - mu
		vr += float64(g.Degree(int32(u))) * du * du
		for _, v := range g.Neighbors(int32(u)) {
			if int32(u) < v {
				cov += du * (float64(g.Degree(v)) - mu)
			}
		}
	}
	// cov sums over m edges once; vr over 2m edge ends.
	if vr == 0 {
		return math.NaN()
	}
	return 2 * cov / vr
}

// DegreeKS returns the Kolmogorov–Smirnov distance between the degree
// distributions of a and b: the largest difference between their empirical
// cumulative distribution functions, sup_x |F_a(x) − F_b(x)|, where F(x) is
// the fraction of nodes of degree <= x. It is 0 for equal distributions and
// at most 1. The graphs may have different numbers of nodes; the distance is
// NaN if either has none.
func DegreeKS(a, b *graph.Graph) float64 {
	na, nb := a.NumNodes(), b.NumNodes()
	if na == 0 || nb == 0 {
		return math.NaN()
	}
	ha, hb := a.DegreeHistogram(), b.DegreeHistogram()
	var ca, cb int64
	d := 0.0
	for x := range max(len(ha), len(hb)) {
		if x < len(ha) {
			ca += ha[x]
		}
		if x < len(hb) {
			cb += hb[x]
		}
		d = max(d, math.Abs(float64(ca)/float64(na)-float64(cb)/float64(nb)))
	}
	return d
}
