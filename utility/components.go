package utility

import (
	"math"

	"github.com/anonet-project/anonet/graph"
)

// ComponentStats summarises the connected components of a graph.
type ComponentStats struct {
	// Components is the number of connected components; an isolated node
	// is a component of its own.
	Components int
	// Largest is the number of nodes in the largest component.
	Largest int
	// LargestFraction is Largest divided by the number of nodes; NaN for a
	// graph without nodes.
	LargestFraction float64
	// Pairs is the number of ordered pairs (u, v), u != v, of nodes in the
	// same component: the pairs over which the average distance is taken.
	Pairs int64
}

// Components returns the component statistics of g.
func Components(g *graph.Graph) ComponentStats {
	_, sizes := g.Components()
	return componentStats(g.NumNodes(), sizes)
}

func componentStats(n int, sizes []int) ComponentStats {
	s := ComponentStats{Components: len(sizes), LargestFraction: math.NaN()}
	for _, c := range sizes {
		s.Largest = max(s.Largest, c)
		s.Pairs += int64(c) * int64(c-1)
	}
	if n > 0 {
		s.LargestFraction = float64(s.Largest) / float64(n)
	}
	return s
}
