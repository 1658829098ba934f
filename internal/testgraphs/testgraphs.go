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
