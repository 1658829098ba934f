// Package testgraphs generates the random graphs that tests of several
// packages check fast paths on against their oracles: graphs of several
// models and densities, among them graphs with hubs.
package testgraphs

import (
	"fmt"
	"math/rand/v2"

	"github.com/anonet-project/anonet/generate"
	"github.com/anonet-project/anonet/graph"
)

// Named is a generated graph with a name that says how it was made.
type Named struct {
	Name string
	G    *graph.Graph
}

// Random returns, in a fixed order, graphs drawn from r: Erdős–Rényi graphs
// of average degree 0.5 to 20, Barabási–Albert graphs (hubs) with 1, 2 and
// 5 edges per new node, Watts–Strogatz graphs (clustered) with rewiring
// probabilities 0 to 0.5, and a sparse random graph with two stars of 60
// leaves glued to it, centred on a low and a high id, whose hubs have
// adjacency lists much longer than the layers of the balls around them.
func Random(r *rand.Rand) ([]Named, error) {
	var out []Named
	for _, deg := range []float64{0.5, 2, 6, 20} {
		g, err := generate.ErdosRenyi(120, deg, r)
		if err != nil {
			return nil, fmt.Errorf("testgraphs: %w", err)
		}
		out = append(out, Named{fmt.Sprintf("er%g", deg), g})
	}
	for _, m := range []int{1, 2, 5} {
		g, err := generate.BarabasiAlbert(300, m, r)
		if err != nil {
			return nil, fmt.Errorf("testgraphs: %w", err)
		}
		out = append(out, Named{fmt.Sprintf("ba%d", m), g})
	}
	for _, p := range []float64{0, 0.1, 0.5} {
		g, err := generate.WattsStrogatz(100, 6, p, r)
		if err != nil {
			return nil, fmt.Errorf("testgraphs: %w", err)
		}
		out = append(out, Named{fmt.Sprintf("ws%g", p), g})
	}
	g, err := generate.ErdosRenyi(200, 1.5, r)
	if err != nil {
		return nil, fmt.Errorf("testgraphs: %w", err)
	}
	for _, c := range []int32{3, 190} {
		for range 60 {
			g.AddEdge(c, int32(r.IntN(200)))
		}
	}
	for range 40 {
		g.AddEdge(int32(r.IntN(200)), int32(r.IntN(200)))
	}
	return append(out, Named{"stars", g}), nil
}

// RandomTyped returns a random typed graph on n nodes (graph.Graph.SetTypes
// with directed and layers): every pair of nodes is tied with probability
// p, each layer holding a tie with probability 1/2 (at least one does), in
// a random direction or both when directed. Neither directed nor layered,
// it is an untyped G(n, p).
func RandomTyped(r *rand.Rand, n int, p float64, directed bool, layers []string) (*graph.Graph, error) {
	g := graph.New(n)
	typed := directed || len(layers) > 0
	if typed {
		if err := g.SetTypes(directed, layers); err != nil {
			return nil, err
		}
	}
	for u := range int32(n) {
		for v := u + 1; v < int32(n); v++ {
			if r.Float64() >= p {
				continue
			}
			if !typed {
				g.AddEdge(u, v)
				continue
			}
			var k graph.Kind
			for k == 0 {
				for l := range g.NumLayers() {
					switch {
					case r.IntN(2) == 0:
					case directed:
						k |= graph.Kind(1+r.IntN(3)) << (2 * l)
					default:
						k |= graph.LayerKind(l, false)
					}
				}
			}
			if _, err := g.SetKind(u, v, k); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}

// NaiveDistances returns the distances from v in the graph on 0..n-1 whose
// adjacency is adjacent (-1: unreachable), by a breadth-first search that
// asks adjacent about every pair: a test oracle independent of graph.Ball.
func NaiveDistances(n int, adjacent func(x, y int) bool, v int) []int {
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[v] = 0
	queue := []int{v}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for y := range n {
			if dist[y] < 0 && adjacent(x, y) {
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return dist
}
