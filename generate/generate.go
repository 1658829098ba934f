package generate

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/anonet-project/anonet/graph"
)

// maxEdges is the largest number of edges a graph may have.
const maxEdges = 1<<31 - 1

func checkNodes(n int) error {
	if n < 0 || int64(n) > math.MaxInt32 {
		return fmt.Errorf("node count %d out of range 0..%d", n, math.MaxInt32)
	}
	return nil
}

func defaultRand(rng *rand.Rand) *rand.Rand {
	if rng == nil {
		return rand.New(rand.NewPCG(0, 0))
	}
	return rng
}

// ErdosRenyi returns a G(n, p) random graph with p = avgDegree/(n−1): every
// one of the n(n−1)/2 pairs of nodes is an edge independently with
// probability p, so the expected average degree is avgDegree. It runs in
// O(n + m) time by skipping over non-edges with geometrically distributed
// jumps (Batagelj and Brandes 2005). avgDegree must lie in [0, n−1]; nil rng
// means a PCG generator with seed (0, 0).
func ErdosRenyi(n int, avgDegree float64, rng *rand.Rand) (*graph.Graph, error) {
	if err := checkNodes(n); err != nil {
		return nil, fmt.Errorf("erdős–rényi: %w", err)
	}
	if math.IsNaN(avgDegree) || avgDegree < 0 || (n > 0 && avgDegree > float64(n-1)) || (n == 0 && avgDegree > 0) {
		return nil, fmt.Errorf("erdős–rényi: average degree %v out of range 0..%d (n−1)", avgDegree, max(0, n-1))
	}
	if exp := float64(n) * avgDegree / 2; exp > maxEdges*0.99 {
		return nil, fmt.Errorf("erdős–rényi: %.3g expected edges exceed the limit of %d", exp, maxEdges)
	}
	rng = defaultRand(rng)
	if n < 2 || avgDegree == 0 {
		return graph.New(n), nil
	}
	p := avgDegree / float64(n-1)
	exp := float64(n) * avgDegree / 2
	edges := make([]graph.Edge, 0, int(exp+4*math.Sqrt(exp)+16))
	if p >= 1 {
		for v := 1; v < n; v++ {
			for w := range v {
				edges = append(edges, graph.Edge{U: int32(w), V: int32(v)})
			}
		}
	} else {
		gnp(n, p, rng, func(w, v int) { edges = append(edges, graph.Edge{U: int32(w), V: int32(v)}) })
	}
	if len(edges) > maxEdges {
		return nil, fmt.Errorf("erdős–rényi: %d edges exceed the limit of %d", len(edges), maxEdges)
	}
	g, _, err := graph.FromEdges(n, edges, nil)
	return g, err
}

// BarabasiAlbert returns a Barabási–Albert preferential-attachment graph on
// n nodes: it starts from a star of m+1 nodes (node 0 linked to 1..m, as
// networkx's barabasi_albert_graph does) and adds nodes m+1..n−1 one by one,
// each linked to m distinct earlier nodes chosen with probability
// proportional to their degree. It has m(n−m) edges, so its average degree
// is 2m(n−m)/n, close to 2m. Targets are drawn uniformly from the list of
// all edge ends, with repeats rejected, in O(n·m) expected time (Batagelj
// and Brandes 2005). It needs 1 <= m < n; nil rng means a PCG generator with
// seed (0, 0).
func BarabasiAlbert(n, m int, rng *rand.Rand) (*graph.Graph, error) {
	if err := checkNodes(n); err != nil {
		return nil, fmt.Errorf("barabási–albert: %w", err)
	}
	if m < 1 || m >= n {
		return nil, fmt.Errorf("barabási–albert: need 1 <= m < n, got m = %d, n = %d", m, n)
	}
	total := int64(m) * int64(n-m)
	if total > maxEdges {
		return nil, fmt.Errorf("barabási–albert: %d edges exceed the limit of %d", total, maxEdges)
	}
	rng = defaultRand(rng)
	edges := make([]graph.Edge, 0, total)
	// ends lists both ends of every edge: a node appears once per unit of
	// degree, so a uniform entry is a degree-proportional node.
	ends := make([]int32, 0, 2*total)
	for t := 1; t <= m; t++ {
		edges = append(edges, graph.Edge{U: 0, V: int32(t)})
		ends = append(ends, 0, int32(t))
	}
	mark := make([]int32, n) // mark[x] == v+1: x is already a target of v
	targets := make([]int32, 0, m)
	for v := m + 1; v < n; v++ {
		targets = targets[:0]
		for len(targets) < m {
			x := ends[rng.IntN(len(ends))]
			if mark[x] == int32(v)+1 {
				continue
			}
			mark[x] = int32(v) + 1
			targets = append(targets, x)
		}
		for _, x := range targets {
			edges = append(edges, graph.Edge{U: x, V: int32(v)})
			ends = append(ends, x, int32(v))
		}
	}
	g, _, err := graph.FromEdges(n, edges, nil)
	return g, err
}

// WattsStrogatz returns a Watts–Strogatz small-world graph: a ring of n nodes
// each linked to its k nearest neighbours (k/2 on each side), whose edges
// are then rewired as in networkx's watts_strogatz_graph: for j = 1..k/2 and
// every node u in order, the edge {u, u+j} is, with probability p, replaced
// by {u, w} for a node w drawn uniformly among those not u and not yet
// linked to u (no rewiring if u is linked to every node). The edge count
// stays nk/2, so the average degree is exactly k. It needs an even k with
// 0 <= k < n and 0 <= p <= 1; nil rng means a PCG generator with seed
// (0, 0). Each rewiring costs O(k) to keep the adjacency lists sorted, so
// the time is O(n·k²) in the worst case, O(n + m) for the small k of social
// network models.
func WattsStrogatz(n, k int, p float64, rng *rand.Rand) (*graph.Graph, error) {
	if err := checkNodes(n); err != nil {
		return nil, fmt.Errorf("watts–strogatz: %w", err)
	}
	if k < 0 || k%2 != 0 || (k >= n && k > 0) {
		return nil, fmt.Errorf("watts–strogatz: the ring degree k must be even with 0 <= k < n, got k = %d, n = %d", k, n)
	}
	if math.IsNaN(p) || p < 0 || p > 1 {
		return nil, fmt.Errorf("watts–strogatz: rewiring probability %v out of range [0, 1]", p)
	}
	if total := int64(n) * int64(k) / 2; total > maxEdges {
		return nil, fmt.Errorf("watts–strogatz: %d edges exceed the limit of %d", total, maxEdges)
	}
	rng = defaultRand(rng)
	ring := make([]graph.Edge, 0, n*k/2)
	for j := 1; j <= k/2; j++ {
		for u := range n {
			ring = append(ring, graph.MakeEdge(int32(u), int32((u+j)%n)))
		}
	}
	g, _, err := graph.FromEdges(n, ring, nil)
	if err != nil {
		return nil, err
	}
	for j := 1; j <= k/2; j++ {
		for u := range n {
			if rng.Float64() >= p {
				continue
			}
			v := int32((u + j) % n)
			if g.Degree(int32(u)) >= n-1 {
				continue
			}
			w := int32(rng.IntN(n))
			for w == int32(u) || g.HasEdge(int32(u), w) {
				w = int32(rng.IntN(n))
			}
			g.DeleteEdge(int32(u), v)
			g.AddEdge(int32(u), w)
		}
	}
	return g, nil
}

// gnp calls emit(w, v) for every pair w < v of 0..n−1 that is an edge of a
// G(n, p) random graph, 0 < p < 1, in increasing order of (v, w): the pairs
// are walked in that order and each jump skips a geometric number of
// non-edges (Batagelj and Brandes 2005), so the time is O(n + edges).
func gnp(n int, p float64, rng *rand.Rand, emit func(w, v int)) {
	lq := math.Log1p(-p)
	v, w := 1, -1
	for v < n {
		// 1 − Float64() is in (0, 1]: the logarithm is finite.
		skip := math.Floor(math.Log(1-rng.Float64()) / lq)
		if !(skip <= float64(n)*float64(n)) { // past the last pair (or NaN)
			break
		}
		w += 1 + int(skip)
		for w >= v && v < n {
			w -= v
			v++
		}
		if v < n {
			emit(w, v)
		}
	}
}
