package utility

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
)

// The golden values in testdata were computed by independent tools, with
// the scripts beside them: golden.json by networkx (make_golden.py),
// golden_igraph.json by igraph, leidenalg, networkx with numpy and scipy
// (make_golden_igraph.py).

type goldenMetrics struct {
	Nodes             int                `json:"nodes"`
	Edges             int                `json:"edges"`
	AvgClustering     float64            `json:"avg_clustering"`
	AvgClusteringDeg2 float64            `json:"avg_clustering_deg2"`
	Transitivity      float64            `json:"transitivity"`
	Components        int                `json:"components"`
	Largest           int                `json:"largest"`
	LCCFraction       float64            `json:"lcc_fraction"`
	Pairs             int64              `json:"pairs"`
	AvgDistance       float64            `json:"avg_distance"`
	Betweenness       map[string]float64 `json:"betweenness"`
	BetweennessTop    [][2]any           `json:"betweenness_top"`
	BetweennessSum    float64            `json:"betweenness_sum"`
	BetweennessMax    float64            `json:"betweenness_max"`
	TieAtK            bool               `json:"tie_at_k"`
}

type goldenNetwork struct {
	Original      goldenMetrics `json:"original"`
	Perturbed     goldenMetrics `json:"perturbed"`
	Top100Overlap float64       `json:"top100_overlap"`
}

type leidenSummary struct {
	Modularity  []float64 `json:"modularity"`
	Mean        float64   `json:"mean"`
	Max         float64   `json:"max"`
	Communities []int     `json:"communities"`
}

type goldenIgraph struct {
	Assortativity          float64                   `json:"assortativity"`
	AssortativityIgraph    float64                   `json:"assortativity_igraph"`
	AssortativityPerturbed float64                   `json:"assortativity_perturbed"`
	DegreeKS               float64                   `json:"degree_ks"`
	Leidenalg              leidenSummary             `json:"leidenalg"`
	IgraphLeiden           leidenSummary             `json:"igraph_leiden"`
	Partitions             map[string]map[string]int `json:"partitions"`
	NMI                    [][3]any                  `json:"nmi"`
	ModularityOf           map[string]float64        `json:"modularity_of"`
}

func loadJSON[T any](t testing.TB, file string) map[string]T {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Networks map[string]T `json:"networks"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return g.Networks
}

// goldenNames lists the networks of the golden files in a fixed order.
var goldenNames = []string{"karate", "lesmis", "dolphins", "football",
	"out.opsahl-powergrid.nauty", "out.dimacs10-netscience.nauty", "out.arenas-email.nauty"}

// readNetwork returns a bundled network, or a shared one (skipping the test
// when the shared data sets are absent).
func readNetwork(t testing.TB, name string) *graph.Graph {
	t.Helper()
	if examples.Has(name) {
		g, _, err := examples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g, _, err := graphio.ReadFile(shareddata.Path(t, "anonet", name), graphio.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// perturbed deletes, as the golden scripts do, every edge whose position in
// the list of edges sorted by their (numeric) end labels is 3 modulo 10.
func perturbed(t testing.TB, g *graph.Graph) *graph.Graph {
	t.Helper()
	type le struct{ a, b int }
	num := func(v int32) int {
		x, err := strconv.Atoi(g.Label(v))
		if err != nil {
			t.Fatalf("label %q is not numeric", g.Label(v))
		}
		return x
	}
	var es []le
	for _, e := range g.Edges() {
		a, b := num(e.U), num(e.V)
		es = append(es, le{min(a, b), max(a, b)})
	}
	slices.SortFunc(es, func(x, y le) int {
		if x.a != y.a {
			return x.a - y.a
		}
		return x.b - y.b
	})
	idx := g.LabelIndex()
	h := g.Clone()
	for i, e := range es {
		if i%10 == 3 {
			h.DeleteEdge(idx[strconv.Itoa(e.a)], idx[strconv.Itoa(e.b)])
		}
	}
	return h
}

func near(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*max(1, math.Abs(want))
}

func TestGolden(t *testing.T) {
	gold := loadJSON[goldenNetwork](t, "golden.json")
	goldI := loadJSON[goldenIgraph](t, "golden_igraph.json")
	for _, name := range goldenNames {
		t.Run(name, func(t *testing.T) {
			gn, ok := gold[name]
			gi, ok2 := goldI[name]
			if !ok || !ok2 {
				t.Fatalf("%s missing from the golden files", name)
			}
			g := readNetwork(t, name)
			h := perturbed(t, g)
			opt := PathOptions{Mode: Exact, Threads: 2}
			var bcs [2][]float64
			for i, c := range []struct {
				g    *graph.Graph
				want goldenMetrics
			}{{g, gn.Original}, {h, gn.Perturbed}} {
				bcs[i] = checkGoldenMetrics(t, c.g, c.want, opt)
			}
			if !gn.Original.TieAtK && !gn.Perturbed.TieAtK {
				if got := TopOverlap(bcs[0], bcs[1], 100, nil); got != gn.Top100Overlap {
					t.Errorf("top-100 overlap %v, networkx %v", got, gn.Top100Overlap)
				}
			}
			if got := Assortativity(g); !near(got, gi.Assortativity, 1e-9) || !near(got, gi.AssortativityIgraph, 1e-9) {
				t.Errorf("assortativity %v, networkx %v, igraph %v", got, gi.Assortativity, gi.AssortativityIgraph)
			}
			if got := Assortativity(h); !near(got, gi.AssortativityPerturbed, 1e-9) {
				t.Errorf("perturbed assortativity %v, networkx %v", got, gi.AssortativityPerturbed)
			}
			if got := DegreeKS(g, h); !near(got, gi.DegreeKS, 1e-12) {
				t.Errorf("degree KS %v, scipy %v", got, gi.DegreeKS)
			}
		})
	}
}

// checkGoldenMetrics checks g's metrics against want and returns its
// betweenness.
func checkGoldenMetrics(t *testing.T, g *graph.Graph, want goldenMetrics, opt PathOptions) []float64 {
	t.Helper()
	if g.NumNodes() != want.Nodes || g.NumEdges() != want.Edges {
		t.Fatalf("%d nodes, %d edges; golden %d, %d", g.NumNodes(), g.NumEdges(), want.Nodes, want.Edges)
	}
	tri := g.TriangleCounts(2)
	all, deg2 := averageClustering(g.Degree, tri)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"avg_clustering", all, want.AvgClustering},
		{"avg_clustering_deg2", deg2, want.AvgClusteringDeg2},
		{"AverageClustering", AverageClustering(g, 1), want.AvgClustering},
		{"transitivity", Transitivity(g, 2), want.Transitivity},
	} {
		if !near(c.got, c.want, 1e-12) {
			t.Errorf("%s = %v, networkx %v", c.name, c.got, c.want)
		}
	}
	cs := Components(g)
	if cs.Components != want.Components || cs.Largest != want.Largest || cs.Pairs != want.Pairs || !near(cs.LargestFraction, want.LCCFraction, 1e-15) {
		t.Errorf("components %+v; networkx %d components, largest %d (%v), %d pairs", cs, want.Components, want.Largest, want.LCCFraction, want.Pairs)
	}
	d, b := Paths(g, opt)
	if d.Sampled || b.Sampled || d.StdErr != 0 {
		t.Errorf("exact mode sampled: %+v", d)
	}
	if !near(d.Mean, want.AvgDistance, 1e-12) || d.Pairs != want.Pairs {
		t.Errorf("average distance %v over %d pairs, networkx %v over %d", d.Mean, d.Pairs, want.AvgDistance, want.Pairs)
	}
	idx := g.LabelIndex()
	for label, w := range want.Betweenness {
		if got := b.Values[idx[label]]; !near(got, w, 1e-9) {
			t.Errorf("betweenness of %s = %v, networkx %v", label, got, w)
		}
	}
	for _, e := range want.BetweennessTop {
		label, w := e[0].(string), e[1].(float64)
		if got := b.Values[idx[label]]; !near(got, w, 1e-9) {
			t.Errorf("betweenness of %s = %v, networkx %v", label, got, w)
		}
	}
	var sum float64
	for _, x := range b.Values {
		sum += x
	}
	if !near(sum, want.BetweennessSum, 1e-9) || !near(slices.Max(b.Values), want.BetweennessMax, 1e-9) {
		t.Errorf("betweenness sum %v, max %v; networkx %v, %v", sum, slices.Max(b.Values), want.BetweennessSum, want.BetweennessMax)
	}
	// The functions for one metric agree with the combined sweep.
	if g.NumNodes() <= 200 {
		if d2 := AverageDistance(g, opt); d2 != d {
			t.Errorf("AverageDistance %+v, Paths %+v", d2, d)
		}
		if b2 := BetweennessCentrality(g, opt); !slices.Equal(b2.Values, b.Values) {
			t.Errorf("BetweennessCentrality differs from Paths")
		}
	}
	return b.Values
}

// TestLeidenVersusLeidenalg compares the mean modularity of 10 seeded runs
// with that of leidenalg (and igraph's Leiden) on the same networks.
func TestLeidenVersusLeidenalg(t *testing.T) {
	goldI := loadJSON[goldenIgraph](t, "golden_igraph.json")
	for _, name := range goldenNames {
		t.Run(name, func(t *testing.T) {
			g := readNetwork(t, name)
			sum := 0.0
			for seed := range 10 {
				p, err := Leiden(g, rand.New(rand.NewPCG(uint64(seed), 0)), LeidenOptions{})
				if err != nil {
					t.Fatal(err)
				}
				checkPartition(t, g, p)
				sum += p.Modularity
			}
			mean := sum / 10
			la, il := goldI[name].Leidenalg.Mean, goldI[name].IgraphLeiden.Mean
			t.Logf("mean modularity %.5f; leidenalg %.5f, igraph %.5f", mean, la, il)
			if mean < la-0.005 || mean < il-0.005 {
				t.Errorf("mean modularity %.5f below leidenalg's %.5f or igraph's %.5f", mean, la, il)
			}
		})
	}
}

// TestPartitionOracles checks Modularity and NMI on partitions of the karate
// club against igraph's modularity and compare_communities(method="nmi").
func TestPartitionOracles(t *testing.T) {
	gi := loadJSON[goldenIgraph](t, "golden_igraph.json")["karate"]
	g := examples.MustRead("karate")
	idx := g.LabelIndex()
	parts := map[string][]int32{}
	for name, byLabel := range gi.Partitions {
		m := make([]int32, g.NumNodes())
		for label, c := range byLabel {
			m[idx[label]] = int32(c)
		}
		parts[name] = m
	}
	if len(parts) < 5 || len(gi.NMI) < 10 {
		t.Fatalf("golden file has %d partitions, %d NMI values", len(parts), len(gi.NMI))
	}
	for name, want := range gi.ModularityOf {
		got, err := Modularity(g, parts[name], 1)
		if err != nil || !near(got, want, 1e-12) {
			t.Errorf("modularity of %s = %v, %v; igraph %v", name, got, err, want)
		}
	}
	for _, e := range gi.NMI {
		a, b, want := e[0].(string), e[1].(string), e[2].(float64)
		got, err := NMI(parts[a], parts[b])
		if err != nil || !near(got, want, 1e-12) {
			t.Errorf("NMI(%s, %s) = %v, %v; igraph %v", a, b, got, err, want)
		}
	}
}
