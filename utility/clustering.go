package utility

import (
	"math"

	"github.com/anonet-project/anonet/graph"
)

// LocalClustering returns the local clustering coefficient of every node:
// the fraction of pairs of its neighbours that are adjacent, 2t/(d(d-1)) for
// a node of degree d on t triangles. Nodes of degree < 2 get 0, as in
// networkx. Triangles are counted with up to threads goroutines.
func LocalClustering(g *graph.Graph, threads int) []float64 {
	return localClustering(g.Degree, g.TriangleCounts(threads))
}

// localClustering returns every node's clustering coefficient from its
// degree (deg) and its number of triangles (tri).
func localClustering(deg func(int32) int, tri []int32) []float64 {
	c := make([]float64, len(tri))
	for v, t := range tri {
		if d := float64(deg(int32(v))); d >= 2 {
			c[v] = 2 * float64(t) / (d * (d - 1))
		}
	}
	return c
}

// AverageClustering returns the mean local clustering coefficient over all
// nodes, counting nodes of degree < 2 as 0 (networkx's average_clustering,
// igraph's transitivity_avglocal_undirected with mode "zero"). It is NaN for
// a graph without nodes.
func AverageClustering(g *graph.Graph, threads int) float64 {
	avg, _ := averageClustering(g.Degree, g.TriangleCounts(threads))
	return avg
}

// averageClustering returns the mean local clustering over all nodes and
// over the nodes of degree >= 2 only (the reference's Table 2, igraph's mode
// "nan"); each is NaN when there is no node to average over.
func averageClustering(deg func(int32) int, tri []int32) (all, deg2 float64) {
	s, k := 0.0, 0
	for v, c := range localClustering(deg, tri) {
		s += c
		if deg(int32(v)) >= 2 {
			k++
		}
	}
	all, deg2 = math.NaN(), math.NaN()
	if len(tri) > 0 {
		all = s / float64(len(tri))
	}
	if k > 0 {
		deg2 = s / float64(k)
	}
	return all, deg2
}

// Transitivity returns the global clustering coefficient: three times the
// number of triangles divided by the number of connected triples (paths of
// length two). It is NaN when the graph has no connected triple, that is
// when no node has degree 2 or more.
func Transitivity(g *graph.Graph, threads int) float64 {
	return transitivity(g.Degree, g.TriangleCounts(threads))
}

// transitivity returns the transitivity from every node's degree and
// number of triangles.
func transitivity(deg func(int32) int, tri []int32) float64 {
	var closed, triples int64
	for v, t := range tri {
		d := int64(deg(int32(v)))
		closed += int64(t)
		triples += d * (d - 1) / 2
	}
	if triples == 0 {
		return math.NaN()
	}
	// closed counts every triangle once per corner, i.e. 3 times.
	return float64(closed) / float64(triples)
}

// ClusteringSummary counts the triangles once and returns their number,
// the average local clustering coefficient (nodes of degree < 2 count as 0)
// and the transitivity; the latter two are NaN where undefined (see
// AverageClustering and Transitivity).
func ClusteringSummary(g *graph.Graph, threads int) (triangles int64, avgClustering, trans float64) {
	return clusteringSummary(g.Degree, g.TriangleCounts(threads))
}

// ClusteringOfCounts returns what ClusteringSummary returns, number for
// number, from every node's degree and number of triangles, for a graph
// held in another form than a graph.Graph (graph.Forward, whose
// TriangleCounts and Degrees give them).
func ClusteringOfCounts(deg, tri []int32) (triangles int64, avgClustering, trans float64) {
	return clusteringSummary(func(v int32) int { return int(deg[v]) }, tri)
}

func clusteringSummary(deg func(int32) int, tri []int32) (triangles int64, avgClustering, trans float64) {
	for _, t := range tri {
		triangles += int64(t)
	}
	avgClustering, _ = averageClustering(deg, tri)
	return triangles / 3, avgClustering, transitivity(deg, tri)
}
