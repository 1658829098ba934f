package testgraphs

import (
	"math/rand/v2"
	"testing"
)

// TestRandom checks that the graphs are there, deterministic for a seed,
// and that the star graph has its hubs.
func TestRandom(t *testing.T) {
	a, err := Random(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Random(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 11 || len(b) != len(a) {
		t.Fatalf("%d and %d graphs, want 11", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].G.NumEdges() != b[i].G.NumEdges() {
			t.Errorf("graph %d: %s with %d edges, then %s with %d", i, a[i].Name, a[i].G.NumEdges(), b[i].Name, b[i].G.NumEdges())
		}
	}
	stars := a[len(a)-1]
	if stars.Name != "stars" || stars.G.Degree(3) < 50 || stars.G.Degree(190) < 50 {
		t.Errorf("%s: hub degrees %d and %d", stars.Name, stars.G.Degree(3), stars.G.Degree(190))
	}
}
