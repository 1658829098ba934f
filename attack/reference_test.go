package attack

import (
	"math"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// referenceNS is the yardstick that Run must reach: a plain seed-and-
// propagate attack after Narayanan and Shmatikov ("De-anonymizing social
// networks", IEEE S&P 2009, section 5.2 and the propagation pseudocode of
// its appendix), written here from the paper and sharing no code with the
// package. It maps original nodes to release nodes and returns the mapping
// (-1: unmapped). The variant, undirected:
//
//   - Seeds are fixed pairs, never revisited.
//   - Score: for an original node u, every release node c not mapped yet
//     gets, for each neighbour of u mapped to a neighbour of c, 1/√deg(c),
//     deg(c) being c's degree in the release (the paper's degree
//     normalisation: the score divided by the square root of the
//     candidate's degree).
//   - Eccentricity of the scores: (highest − second highest) / σ, σ the
//     population standard deviation of the scores of all the release's
//     nodes, every node without a score counting as a zero (the paper's
//     score vector holds one entry per node of the other graph). A match
//     needs eccentricity at least theta (θ = 0.5 in our use); a tie for the
//     highest score has eccentricity 0 and is never taken.
//   - Reverse check: the best release node c is scored the other way round
//     (the same rule with the graphs and the mapping swapped, normalised by
//     the original degree) and must have u as its eccentric best match.
//   - Revisiting: a pass visits every original node that is not a seed, in
//     id order, updating the mapping as it goes. A node already mapped is
//     evaluated as if it and its partner were unmapped; it gets the new
//     match if the evaluation finds one and keeps its partner otherwise.
//     Passes repeat until one changes nothing, at most maxPasses.
func referenceNS(orig, rel *graph.Graph, seeds [][2]int32, theta float64, maxPasses int) []int32 {
	r := &nsRef{g: [2]*graph.Graph{orig, rel}, theta: theta}
	r.to = [2][]int32{make([]int32, orig.NumNodes()), make([]int32, rel.NumNodes())}
	for side := range r.to {
		for i := range r.to[side] {
			r.to[side][i] = -1
		}
	}
	seed := make([]bool, orig.NumNodes())
	for _, p := range seeds {
		r.to[0][p[0]], r.to[1][p[1]] = p[1], p[0]
		seed[p[0]] = true
	}
	for range maxPasses {
		changed := false
		for u := range int32(orig.NumNodes()) {
			if seed[u] {
				continue
			}
			old := r.to[0][u]
			if old >= 0 {
				r.to[0][u], r.to[1][old] = -1, -1
			}
			keep := old
			if c := r.winner(0, u); c >= 0 && r.winner(1, c) == u {
				keep = c
			}
			if keep >= 0 {
				r.to[0][u], r.to[1][keep] = keep, u
			}
			if keep != old {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return r.to[0]
}

type nsRef struct {
	g     [2]*graph.Graph
	to    [2][]int32 // to[0]: original → release, to[1]: release → original
	theta float64
}

// winner scores the other side's unmapped nodes for node x of side and
// returns the highest if it is eccentric enough, else -1.
func (r *nsRef) winner(side int, x int32) int32 {
	g, h := r.g[side], r.g[1-side]
	scores := map[int32]float64{}
	for _, y := range g.Neighbors(x) {
		p := r.to[side][y]
		if p < 0 {
			continue
		}
		for _, c := range h.Neighbors(p) {
			if r.to[1-side][c] < 0 {
				scores[c] += 1 / math.Sqrt(float64(h.Degree(c)))
			}
		}
	}
	if len(scores) == 0 {
		return -1
	}
	nodes := make([]int32, 0, len(scores))
	for c := range scores {
		nodes = append(nodes, c)
	}
	slices.Sort(nodes) // a fixed order of the sums
	n := float64(h.NumNodes())
	best, top, second, sum := int32(-1), math.Inf(-1), math.Inf(-1), 0.0
	for _, c := range nodes {
		s := scores[c]
		sum += s
		switch {
		case s > top:
			best, top, second = c, s, top
		case s > second:
			second = s
		}
	}
	if len(nodes) < h.NumNodes() {
		second = max(second, 0) // the zeros
	}
	mean := sum / n
	dev := (n - float64(len(nodes))) * mean * mean
	for _, c := range nodes {
		dev += (scores[c] - mean) * (scores[c] - mean)
	}
	sigma := math.Sqrt(dev / n)
	if sigma == 0 || (top-second)/sigma < r.theta {
		return -1
	}
	return best
}
