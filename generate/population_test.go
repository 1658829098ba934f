package generate

import (
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// streamed returns every edge population p streams, checking that they
// come in strictly increasing order of (u, v) with u < v < n.
func streamed(t *testing.T, p *Population) []graph.Edge {
	t.Helper()
	var all []graph.Edge
	prev := graph.Edge{U: -1}
	err := p.Edges(func(es []graph.Edge) error {
		for _, e := range es {
			if e.U < 0 || e.U >= e.V || int(e.V) >= p.Nodes() || e.U < prev.U || e.U == prev.U && e.V <= prev.V {
				t.Fatalf("edge %v after %v: out of range or out of order", e, prev)
			}
			prev = e
		}
		all = append(all, es...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func TestPopulationDeterministic(t *testing.T) {
	cfg := PopulationConfig{Nodes: 9000, Edges: 9000 * 15, RegionSize: 2000}
	var first []graph.Edge
	for _, threads := range []int{1, 2, 3, 8} {
		p, err := NewPopulation(cfg, 7, threads)
		if err != nil {
			t.Fatal(err)
		}
		if p.Regions() != 5 {
			t.Fatalf("%d regions, want 5", p.Regions())
		}
		got := streamed(t, p)
		if first == nil {
			first = got
		} else if !slices.Equal(got, first) {
			t.Fatalf("threads %d: another network than with 1 thread", threads)
		}
		if m, err := p.CountEdges(); err != nil || m != int64(len(got)) {
			t.Fatalf("CountEdges = %d, %v; streamed %d", m, err, len(got))
		}
	}
	p, _ := NewPopulation(cfg, 8, 2)
	if slices.Equal(streamed(t, p), first) {
		t.Fatal("seeds 7 and 8 give the same network")
	}
}

// clustering returns the average local clustering coefficient of g.
func clustering(g *graph.Graph) float64 {
	tri := g.TriangleCounts(1)
	sum := 0.0
	for v := range g.NumNodes() {
		if d := g.Degree(int32(v)); d >= 2 {
			sum += float64(tri[v]) / (float64(d) * float64(d-1) / 2)
		}
	}
	return sum / float64(g.NumNodes())
}

// tail returns the share of nodes whose degree is at least f times the
// average, and the largest degree.
func tail(g *graph.Graph, f float64) (float64, int) {
	avg := 2 * float64(g.NumEdges()) / float64(g.NumNodes())
	c, maxd := 0, 0
	for v := range g.NumNodes() {
		d := g.Degree(int32(v))
		maxd = max(maxd, d)
		if float64(d) >= f*avg {
			c++
		}
	}
	return float64(c) / float64(g.NumNodes()), maxd
}

func TestPopulationShape(t *testing.T) {
	for _, tc := range []struct {
		n   int
		avg float64
	}{{20000, 20}, {20000, 165}, {60000, 60}} {
		m := int64(float64(tc.n) * tc.avg / 2)
		p, err := NewPopulation(PopulationConfig{Nodes: tc.n, Edges: m, RegionSize: 30000}, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		g, err := p.Graph()
		if err != nil {
			t.Fatal(err)
		}
		if g.NumNodes() != tc.n {
			t.Fatalf("%d nodes, want %d", g.NumNodes(), tc.n)
		}
		// Ties repeated across layers (a colleague who is also a neighbour)
		// are merged, so a little below the expectation.
		if got := float64(g.NumEdges()); got < 0.98*float64(m) || got > 1.005*float64(m) {
			t.Errorf("n=%d avg %v: %d edges, want %d within 2%%", tc.n, tc.avg, g.NumEdges(), m)
		}
		er, err := ErdosRenyi(tc.n, tc.avg, rng(1))
		if err != nil {
			t.Fatal(err)
		}
		share, maxd := tail(g, 2.5)
		erShare, erMax := tail(er, 2.5)
		if share < 0.005 || share < 50*erShare || maxd < 2*erMax {
			t.Errorf("n=%d avg %v: %.4f of the nodes have 2.5 times the average degree (ER %.4f), largest degree %d (ER %d): not heavy-tailed", tc.n, tc.avg, share, erShare, maxd, erMax)
		}
		if c, erC := clustering(g), clustering(er); c < 0.05 || c < 20*erC {
			t.Errorf("n=%d avg %v: average clustering %.3f (ER %.4f), want high", tc.n, tc.avg, c, erC)
		}
		t.Logf("n=%d avg %v: %d edges, λ %.3f, largest degree %d (ER %d), %.4f of nodes ≥ 2.5×avg, clustering %.3f (ER %.4f)",
			tc.n, tc.avg, g.NumEdges(), p.Scale(), maxd, erMax, share, clustering(g), clustering(er))
	}
}

func TestPopulationErrors(t *testing.T) {
	for _, cfg := range []PopulationConfig{
		{Nodes: 1},
		{Nodes: 1000, Edges: -1},
		{Nodes: 1000, Edges: 10},                  // fewer than the households hold
		{Nodes: 1000, Edges: 1000 * 999 / 2},      // more than the blocks hold
		{Nodes: 1000, Edges: 1000, RegionSize: 1}, // regions too small
		{Nodes: 1000, Edges: maxEdges + 1},        // too many for a graph
	} {
		if _, err := NewPopulation(cfg, 1, 1); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}
