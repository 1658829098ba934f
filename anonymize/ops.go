package anonymize

import (
	"math/rand/v2"

	"github.com/anonet-project/anonet/graph"
)

// addRandom chooses up to b distinct uniformly random non-edges of g. It
// returns fewer if the graph is (nearly) complete.
func addRandom(g *graph.Graph, r *rand.Rand, b int) []Alteration {
	n := int64(g.NumNodes())
	pairs := n * (n - 1) / 2
	free := pairs - int64(g.NumEdges())
	if free <= 0 {
		return nil
	}
	var out []Alteration
	chosen := map[graph.Edge]bool{}
	if free*4 < pairs {
		// Dense graph: list the non-edges and draw from them.
		var non []graph.Edge
		for u := range int32(n) {
			for v := u + 1; v < int32(n); v++ {
				if !g.HasEdge(u, v) {
					non = append(non, graph.Edge{U: u, V: v})
				}
			}
		}
		for range min(int64(b), int64(len(non))) {
			i := r.IntN(len(non))
			out = append(out, Alteration{U: non[i].U, V: non[i].V, Added: true})
			non[i] = non[len(non)-1]
			non = non[:len(non)-1]
		}
		return out
	}
	for int64(len(out)) < min(int64(b), free) {
		u, v := int32(r.Int64N(n)), int32(r.Int64N(n))
		e := graph.MakeEdge(u, v)
		if u == v || g.HasEdge(u, v) || chosen[e] {
			continue
		}
		chosen[e] = true
		out = append(out, Alteration{U: e.U, V: e.V, Added: true})
	}
	return out
}

// rewireRandom chooses up to b rewirings: two uniformly random edges {a, b}
// and {c, d} with four distinct ends are replaced by {a, d} and {c, b} (or,
// with probability 1/2, {a, c} and {b, d}) when both new pairs are
// non-edges. Each rewiring is two deletions followed by two additions. It
// gives up after many failed attempts (a graph with no valid rewiring).
func rewireRandom(g *graph.Graph, r *rand.Rand, b int) []Alteration {
	var out []Alteration
	m := g.NumEdges()
	if m < 2 {
		return nil
	}
	used := map[graph.Edge]bool{} // pairs touched in this batch
	for done, fails := 0, 0; done < b && fails < 100*(b+10); {
		e, f := g.Edge(r.IntN(m)), g.Edge(r.IntN(m))
		a, bb, c, d := e.U, e.V, f.U, f.V
		if r.IntN(2) == 1 {
			c, d = d, c
		}
		x, y := graph.MakeEdge(a, d), graph.MakeEdge(c, bb)
		if a == c || a == d || bb == c || bb == d || used[e] || used[f] || used[x] || used[y] ||
			g.HasEdge(x.U, x.V) || g.HasEdge(y.U, y.V) {
			fails++
			continue
		}
		used[e], used[f], used[x], used[y] = true, true, true, true
		out = append(out,
			Alteration{U: e.U, V: e.V}, Alteration{U: f.U, V: f.V},
			Alteration{U: x.U, V: x.V, Added: true}, Alteration{U: y.U, V: y.V, Added: true})
		done++
	}
	return out
}
