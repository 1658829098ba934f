package graph_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// layered returns the layered degrees of the ball last filled by
// Graph.Ball, read off its induced subgraph: the oracle of BallDegrees.
func layered(b *graph.Ball) (lower, same, higher []int32) {
	n := b.Size()
	lower, same, higher = make([]int32, n), make([]int32, n), make([]int32, n)
	for i := range n {
		for _, j := range b.Adj[b.Off[i]:b.Off[i+1]] {
			switch {
			case b.Dist[j] < b.Dist[i]:
				lower[i]++
			case b.Dist[j] == b.Dist[i]:
				same[i]++
			default:
				higher[i]++
			}
		}
	}
	return lower, same, higher
}

// TestBallDegrees checks the layered degrees of BallDegrees against those
// of the subgraph Ball builds, for every node and d = 0..3, on random graphs
// and after edge deletions (the buffer is reused throughout).
func TestBallDegrees(t *testing.T) {
	var fast, slow graph.Ball
	r := rand.New(rand.NewPCG(16, 2))
	gs, err := testgraphs.Random(rand.New(rand.NewPCG(16, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range gs {
		name, g := tg.Name, tg.G
		for round := range 2 {
			for d := range 4 {
				for v := range int32(g.NumNodes()) {
					g.Ball(v, d, &slow)
					g.BallDegrees(v, d, &fast)
					if !slices.Equal(fast.Nodes, slow.Nodes) || !slices.Equal(fast.Dist, slow.Dist) {
						t.Fatalf("%s round %d: BallDegrees(%d, %d) nodes %v %v, Ball %v %v", name, round, v, d, fast.Nodes, fast.Dist, slow.Nodes, slow.Dist)
					}
					lower, same, higher := layered(&slow)
					if !slices.Equal(fast.Lower, lower) || !slices.Equal(fast.Same, same) || !slices.Equal(fast.Higher, higher) {
						t.Fatalf("%s round %d: BallDegrees(%d, %d) = %v %v %v, want %v %v %v", name, round, v, d, fast.Lower, fast.Same, fast.Higher, lower, same, higher)
					}
				}
			}
			for range g.NumEdges() / 5 {
				e := g.RandomEdge(r)
				g.DeleteEdge(e.U, e.V)
			}
		}
	}
}

// TestBallDegreesHand checks a ball by hand, with a hub in its outer layer
// (read by lookups) and an edge inside the outer layer.
func TestBallDegreesHand(t *testing.T) {
	// 0-1, 1-2, 1-3, 2-3 (in the outer layer of 0 at d=2), 2-4 (beyond),
	// and 3 is a hub with the leaves 5..24.
	edges := []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 1, V: 3}, {U: 2, V: 3}, {U: 2, V: 4}}
	for x := int32(5); x < 25; x++ {
		edges = append(edges, graph.Edge{U: 3, V: x})
	}
	g, _, err := graph.FromEdges(25, edges, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := g.BallDegrees(0, 2, nil)
	want := struct{ nodes, dist, lower, same, higher []int32 }{
		[]int32{0, 1, 2, 3}, []int32{0, 1, 2, 2}, []int32{0, 1, 1, 1}, []int32{0, 0, 1, 1}, []int32{1, 2, 0, 0},
	}
	if !slices.Equal(b.Nodes, want.nodes) || !slices.Equal(b.Dist, want.dist) || !slices.Equal(b.Lower, want.lower) ||
		!slices.Equal(b.Same, want.same) || !slices.Equal(b.Higher, want.higher) {
		t.Errorf("BallDegrees(0, 2) = %v %v %v %v %v, want %v", b.Nodes, b.Dist, b.Lower, b.Same, b.Higher, want)
	}
	if !b.Contains(3) || b.Contains(4) {
		t.Errorf("Contains(3) = %v, Contains(4) = %v", b.Contains(3), b.Contains(4))
	}
}
