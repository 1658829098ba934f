package graph_test

import (
	"math/rand/v2"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// naiveTwoHop returns the node and edge counts of the subgraphs induced by
// the nodes within distance 1 and 2 of v, from distances found by the naive
// breadth-first search and every pair of nodes tested for an edge.
func naiveTwoHop(g *graph.Graph, v int32) [4]int {
	n := g.NumNodes()
	adjacent := func(x, y int) bool { return g.HasEdge(int32(x), int32(y)) }
	dist := testgraphs.NaiveDistances(n, adjacent, int(v))
	var c [4]int
	for x := range n {
		for t := 1; t <= 2; t++ {
			if dist[x] < 0 || dist[x] > t {
				continue
			}
			c[2*(t-1)]++
			for y := x + 1; y < n; y++ {
				if dist[y] >= 0 && dist[y] <= t && adjacent(x, y) {
					c[2*(t-1)+1]++
				}
			}
		}
	}
	return c
}

// TestTwoHopCounter checks the counts of one TwoHopCounter against the
// naive counts while it is moved along node sequences that slide (next
// id), jump (random node), stay (same node) and alternate between two
// graphs, and while the graphs gain and lose edges and nodes between
// calls.
func TestTwoHopCounter(t *testing.T) {
	gs, err := testgraphs.Random(rand.New(rand.NewPCG(23, 1)))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(23, 2))
	var c graph.TwoHopCounter
	check := func(name string, g *graph.Graph, v int32) {
		t.Helper()
		n1, e1, n2, e2 := c.Count(g, v)
		if got, want := [4]int{n1, e1, n2, e2}, naiveTwoHop(g, v); got != want {
			t.Fatalf("%s: Count(%d) = %v, want %v", name, v, got, want)
		}
	}
	for i, tg := range gs {
		g := tg.G.Clone()
		other := gs[(i+1)%len(gs)].G
		v := int32(0)
		for step := range 4 * g.NumNodes() {
			switch x := r.IntN(20); {
			case x < 12:
				v = (v + 1) % int32(g.NumNodes())
			case x < 15:
				v = r.Int32N(int32(g.NumNodes()))
			case x < 16:
				check(tg.Name+" (other graph)", other, r.Int32N(int32(other.NumNodes())))
			case x < 17 && g.NumEdges() > 0:
				e := g.RandomEdge(r)
				g.DeleteEdge(e.U, e.V)
			case x < 18:
				g.AddEdge(r.Int32N(int32(g.NumNodes())), r.Int32N(int32(g.NumNodes())))
			case x < 19 && step%7 == 0:
				w := g.AddNode("")
				g.AddEdge(w, v)
			}
			check(tg.Name, g, v)
		}
	}
}

// TestTwoHopCounterLong moves a counter along every node of graphs large
// enough for its list of touched nodes to be compacted many times.
func TestTwoHopCounterLong(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 3))
	for _, n := range []int{3000, 6000} {
		g := graph.New(n)
		for v := range int32(n) { // a ring with random chords
			g.AddEdge(v, (v+1)%int32(n))
			g.AddEdge(v, (v+2)%int32(n))
			if r.IntN(4) == 0 {
				g.AddEdge(v, r.Int32N(int32(n)))
			}
		}
		var c graph.TwoHopCounter
		var b1, b2 graph.Ball // Ball is checked against the naive search in TestBall
		for v := range int32(n) {
			n1, e1, n2, e2 := c.Count(g, v)
			g.Ball(v, 1, &b1)
			g.Ball(v, 2, &b2)
			want := [4]int{b1.Size(), b1.NumEdges(), b2.Size(), b2.NumEdges()}
			if got := [4]int{n1, e1, n2, e2}; got != want {
				t.Fatalf("n=%d: Count(%d) = %v, want %v", n, v, got, want)
			}
		}
	}
}
