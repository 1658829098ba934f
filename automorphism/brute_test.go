package automorphism

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// TestBruteForce compares the orbits with those of all n! permutations on
// random small graphs: plain, coloured, directed, layered, and both.
func TestBruteForce(t *testing.T) {
	r := newRand(1)
	for i := range 3000 {
		n := 1 + r.IntN(8)
		p := []float64{0.15, 0.3, 0.5, 0.8}[r.IntN(4)]
		directed := i%4 == 1 || i%4 == 3
		var layers []string
		if i%4 >= 2 {
			layers = []string{"a", "b"}
		}
		g, err := testgraphs.RandomTyped(r, n, p, directed, layers)
		if err != nil {
			t.Fatal(err)
		}
		var colors []int32
		if r.IntN(3) == 0 {
			colors = make([]int32, n)
			for v := range colors {
				colors[v] = int32(r.IntN(2)) * 7
			}
		}
		want := bruteOrbits(g, colors)
		got := compute(t, g, colors)
		if !slices.Equal(got.Of, want) {
			t.Fatalf("graph %d (n %d, directed %v, layers %v, colours %v): orbits %v, want %v\nedges %v", i, n, directed, layers, colors, got.Of, want, describe(g))
		}
	}
}

func describe(g *graph.Graph) string {
	var b strings.Builder
	for _, e := range g.SortedEdges() {
		fmt.Fprintf(&b, "%d-%d:%x ", e.U, e.V, uint64(g.Kind(e.U, e.V)))
	}
	return b.String()
}
