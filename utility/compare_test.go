package utility

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/release"
)

// relabel returns a copy of g with node v renamed perm[v], labels kept.
func relabel(t testing.TB, g *graph.Graph, perm []int32) *graph.Graph {
	t.Helper()
	var es []graph.Edge
	for _, e := range g.Edges() {
		es = append(es, graph.MakeEdge(perm[e.U], perm[e.V]))
	}
	labels := make([]string, g.NumNodes())
	for v := range labels {
		labels[perm[v]] = g.Label(int32(v))
	}
	h, _, err := graph.FromEdges(g.NumNodes(), es, labels)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func randomPerm(n int, seed uint64) []int32 {
	p := allNodes(n)
	rng := rand.New(rand.NewPCG(seed, 0))
	rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

func metricByName(t testing.TB, c *Comparison, name string) Metric {
	t.Helper()
	for _, m := range c.Metrics {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("metric %s missing", name)
	return Metric{}
}

func TestCompareIdentical(t *testing.T) {
	g := examples.MustRead("lesmis")
	c, err := Compare(g, g, Options{Correspondence: allNodes(g.NumNodes()), Seed: 3, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Metrics) != len(MetricNames()) {
		t.Fatalf("%d metrics, want %d", len(c.Metrics), len(MetricNames()))
	}
	for i, m := range c.Metrics {
		if m.Name != MetricNames()[i] {
			t.Errorf("metric %d is %s, want %s", i, m.Name, MetricNames()[i])
		}
		if !m.Defined() || !m.Preserved {
			t.Errorf("%s not preserved between equal graphs: %+v", m.Name, m)
		}
		if m.Name != MetricNMI && m.Name != MetricDegreeKS && m.RelativeChange != 0 {
			t.Errorf("%s: relative change %v between equal graphs", m.Name, m.RelativeChange)
		}
	}
	if c.SharedEdges != 1 || c.Corresponding != g.NumNodes() || c.PathsSampled {
		t.Errorf("comparison %+v", c)
	}
	nmi := metricByName(t, c, MetricNMI)
	// Runs on the anonymized graph use other seeds than those on the
	// original, so even for equal graphs the two means differ a little.
	if math.Abs(nmi.Original-nmi.Anonymized) > 0.05 {
		t.Errorf("nmi of equal graphs: stability %v, between %v", nmi.Original, nmi.Anonymized)
	}
}

// TestCompareRelabelled checks that a renaming of the nodes with its
// correspondence changes nothing, and that the wrong correspondence is seen.
func TestCompareRelabelled(t *testing.T) {
	g := examples.MustRead("football")
	perm := randomPerm(g.NumNodes(), 4)
	h := relabel(t, g, perm)
	want, err := Compare(g, g, Options{Correspondence: allNodes(g.NumNodes()), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Compare(g, h, Options{Correspondence: perm, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range got.Metrics {
		w := want.Metrics[i]
		if m.Name == MetricNMI {
			// Leiden visits the renamed nodes in another order.
			if !m.Preserved {
				t.Errorf("nmi not preserved under renaming: %+v", m)
			}
			continue
		}
		// Sums taken in another node order may differ in the last bits.
		if !near(m.Original, w.Original, 1e-13) || !near(m.Anonymized, w.Anonymized, 1e-13) || m.Preserved != w.Preserved {
			t.Errorf("%s: renamed %v → %v, identity %v → %v", m.Name, m.Original, m.Anonymized, w.Original, w.Anonymized)
		}
	}
	// The identity is the wrong correspondence here: few shared edges.
	wrong, err := Compare(g, h, Options{Correspondence: allNodes(g.NumNodes()), Metrics: []string{MetricComponents}})
	if err != nil {
		t.Fatal(err)
	}
	if wrong.SharedEdges > 0.2 {
		t.Errorf("shared edges under a wrong correspondence: %v", wrong.SharedEdges)
	}
}

func TestCompareWithoutCorrespondence(t *testing.T) {
	g := examples.MustRead("karate")
	h := perturbed(t, g)
	c, err := Compare(g, h, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range c.Metrics {
		switch m.Name {
		case MetricTopOverlap:
			if m.Defined() || !strings.Contains(m.Note, "correspondence") {
				t.Errorf("overlap without correspondence: %+v", m)
			}
		case MetricNMI:
			if !math.IsNaN(m.Anonymized) || math.IsNaN(m.Original) || !strings.Contains(m.Note, "correspondence") {
				t.Errorf("nmi without correspondence: %+v", m)
			}
		default:
			if !m.Defined() {
				t.Errorf("%s undefined without correspondence: %+v", m.Name, m)
			}
		}
	}
	if !math.IsNaN(c.SharedEdges) || c.Corresponding != 0 {
		t.Errorf("comparison %+v", c)
	}
	for _, m := range []string{MetricTopOverlap, MetricNMI} {
		if !NeedsCorrespondence(m) {
			t.Errorf("NeedsCorrespondence(%s) = false", m)
		}
	}
	if NeedsCorrespondence(MetricAvgDistance) {
		t.Error("avg_distance needs a correspondence")
	}
}

func TestCompareErrors(t *testing.T) {
	g := examples.MustRead("karate")
	n := g.NumNodes()
	twice := allNodes(n)
	twice[1] = 0
	out := allNodes(n)
	out[0] = int32(n)
	for _, tc := range []struct {
		name string
		opt  Options
		want string
	}{
		{"unknown metric", Options{Metrics: []string{"clustering"}}, "unknown metric"},
		{"short correspondence", Options{Correspondence: []int32{0}}, "entries"},
		{"not one-to-one", Options{Correspondence: twice}, "two original nodes"},
		{"out of range", Options{Correspondence: out}, "has 34 nodes"},
		{"one Leiden run", Options{LeidenRuns: 1}, "at least 2"},
		{"negative top-k", Options{TopK: -1}, "top-k"},
		{"bad Leiden options", Options{Leiden: LeidenOptions{Resolution: -1}}, "resolution"},
	} {
		if _, err := Compare(g, g, tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestCompareEmptyAndEdgeless(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b *graph.Graph
	}{
		{"empty", graph.New(0), graph.New(0)},
		{"edgeless", graph.New(5), graph.New(5)},
		{"all edges deleted", examples.MustRead("example2"), graph.New(6)},
	} {
		c, err := Compare(tc.a, tc.b, Options{Correspondence: allNodes(tc.a.NumNodes())})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, m := range c.Metrics {
			if !m.Defined() && m.Note == "" {
				t.Errorf("%s: %s undefined without a note", tc.name, m.Name)
			}
			if m.Defined() && m.Preserved && math.IsNaN(m.SD) {
				t.Errorf("%s: %s preserved with NaN sd", tc.name, m.Name)
			}
		}
		t.Logf("%s: %s", tc.name, summarize(c))
	}
	c, _ := Compare(graph.New(0), graph.New(0), Options{})
	for _, m := range c.Metrics {
		if m.Name == MetricComponents {
			if !m.Defined() || m.Original != 0 || !m.Preserved {
				t.Errorf("components of empty graphs: %+v", m)
			}
		} else if m.Defined() {
			t.Errorf("%s defined on an empty graph: %+v", m.Name, m)
		}
	}
}

func summarize(c *Comparison) string {
	var sb strings.Builder
	for _, m := range c.Metrics {
		fmt.Fprintf(&sb, "%s=%v/%v ", m.Name, m.Original, m.Anonymized)
	}
	return sb.String()
}

func TestCompareDeterministicAcrossThreads(t *testing.T) {
	g := examples.MustRead("dolphins")
	h := perturbed(t, g)
	corr := allNodes(g.NumNodes())
	var first string
	for _, threads := range []int{1, 2, 5} {
		for _, mode := range []Mode{Exact, Sampled} {
			c, err := Compare(g, h, Options{Correspondence: corr, Threads: threads, Paths: mode, Sources: 20, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			s := fmt.Sprintf("%v %#v", mode, c.Metrics)
			if threads == 1 {
				first += s
			} else if !strings.Contains(first, s) {
				t.Errorf("%d threads, %v: result differs from 1 thread", threads, mode)
			}
		}
	}
	// Another seed changes the stochastic parts.
	a, _ := Compare(g, h, Options{Correspondence: corr, Seed: 1, Paths: Sampled, Sources: 20})
	b, _ := Compare(g, h, Options{Correspondence: corr, Seed: 2, Paths: Sampled, Sources: 20})
	if metricByName(t, a, MetricAvgDistance).Anonymized == metricByName(t, b, MetricAvgDistance).Anonymized {
		t.Error("the seed does not change the sampled sources")
	}
}

func TestCompareSampled(t *testing.T) {
	g := examples.MustRead("football")
	h := perturbed(t, g)
	corr := allNodes(g.NumNodes())
	exact, err := Compare(g, h, Options{Correspondence: corr, Metrics: []string{MetricAvgDistance, MetricTopOverlap}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Compare(g, h, Options{Correspondence: corr, Metrics: []string{MetricAvgDistance, MetricTopOverlap}, Paths: Sampled, Sources: 30, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !s.PathsSampled || s.Sources != 30 || exact.PathsSampled {
		t.Fatalf("sampled %v with %d sources; exact sampled %v", s.PathsSampled, s.Sources, exact.PathsSampled)
	}
	de, ds := metricByName(t, exact, MetricAvgDistance), metricByName(t, s, MetricAvgDistance)
	if !ds.Estimated || ds.SD <= 0 || de.SD != 0 || de.Estimated {
		t.Errorf("sd: sampled %+v, exact %+v", ds, de)
	}
	// The paired difference is estimated more precisely than the values.
	if ds.SD > math.Hypot(detailOf(ds, "original_stderr"), detailOf(ds, "anonymized_stderr")) {
		t.Errorf("paired sd %v exceeds that of independent samples", ds.SD)
	}
	if d, e := ds.Anonymized-ds.Original, de.Anonymized-de.Original; math.Abs(d-e) > 4*ds.SD {
		t.Errorf("sampled change %v, exact %v, sd %v", d, e, ds.SD)
	}
	if o := metricByName(t, s, MetricTopOverlap); !o.Estimated || !o.Defined() {
		t.Errorf("sampled overlap %+v", o)
	}
}

func detailOf(m Metric, name string) float64 {
	for _, d := range m.Details {
		if d.Name == name {
			return d.Value
		}
	}
	return math.NaN()
}

func TestComparePartialCorrespondence(t *testing.T) {
	g := examples.MustRead("lesmis")
	corr := allNodes(g.NumNodes())
	for v := range 10 {
		corr[v] = -1
	}
	c, err := Compare(g, g, Options{Correspondence: corr, Metrics: []string{MetricTopOverlap, MetricNMI}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Corresponding != g.NumNodes()-10 {
		t.Errorf("%d corresponding nodes", c.Corresponding)
	}
	for _, m := range c.Metrics {
		if !m.Defined() {
			t.Errorf("%s undefined with a partial correspondence", m.Name)
		}
	}
}

func TestPreservedRule(t *testing.T) {
	for _, tc := range []struct {
		change, sd, scale float64
		want              bool
	}{
		{0, 0, 1, true},
		{0.04, 0, 1, true},
		{0.04, 0.01, 1, false}, // 0.05 is not < 0.05
		{0.04, 0.009, 1, true},
		{0.05, 0, 1, false},
		{1, 0, 100, true},
		{0, 0, 0, true},
		{1e-12, 0, 0, false},
		{0, 1e-12, 0, false},
		{0, math.NaN(), 1, false},
	} {
		if got := preserved(tc.change, tc.sd, tc.scale); got != tc.want {
			t.Errorf("preserved(%v, %v, %v) = %v", tc.change, tc.sd, tc.scale, got)
		}
	}
	// A metric whose original is 0 and stays 0 is preserved, with relative
	// change 0; one that moves away from 0 is not, with no relative change.
	tree := build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{1, 3})
	cyc := build(t, 4, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{1, 3}, [2]int32{0, 2})
	c, _ := Compare(tree, tree, Options{Metrics: []string{MetricTransitivity}})
	if m := c.Metrics[0]; !m.Preserved || m.RelativeChange != 0 || m.Original != 0 {
		t.Errorf("zero stays zero: %+v", m)
	}
	c, _ = Compare(tree, cyc, Options{Metrics: []string{MetricTransitivity}})
	if m := c.Metrics[0]; m.Preserved || !math.IsNaN(m.RelativeChange) {
		t.Errorf("zero to nonzero: %+v", m)
	}
}

func TestMetricSubset(t *testing.T) {
	g := examples.MustRead("karate")
	c, err := Compare(g, g, Options{Metrics: []string{MetricDegreeKS, " avg_clustering"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Metrics) != 2 || c.Metrics[0].Name != MetricAvgClustering || c.Metrics[1].Name != MetricDegreeKS {
		t.Errorf("metrics %v", summarize(c))
	}
}

// TestCompareDirectedPairs: on a directed graph the average distance is
// over the pairs joined by a directed path, and its details say how many:
// the path 0→1→2 has 3 such pairs (its component has 6 ordered pairs),
// and its mean distance is (1 + 2 + 1) / 3.
func TestCompareDirectedPairs(t *testing.T) {
	g := graph.New(3)
	if err := g.SetTypes(true, nil); err != nil {
		t.Fatal(err)
	}
	for _, a := range [][2]int32{{0, 1}, {1, 2}} {
		if _, err := g.SetKind(a[0], a[1], graph.Kind(1)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Compare(g, g.Clone(), Options{Metrics: []string{MetricAvgDistance}})
	if err != nil {
		t.Fatal(err)
	}
	m := metricByName(t, c, MetricAvgDistance)
	if want := 4.0 / 3; math.Abs(m.Original-want) > 1e-12 {
		t.Errorf("mean distance %v, want %v", m.Original, want)
	}
	for _, d := range m.Details {
		if (d.Name == "pairs_original" || d.Name == "pairs_anonymized") && d.Value != 3 {
			t.Errorf("%s = %v, want 3", d.Name, d.Value)
		}
	}
}

// TestTopOverlapSmallGraph: on a graph of fewer nodes than the top k,
// every node would be among the top k of both graphs and any release would
// preserve the overlap; the top tenth is compared instead (issue 36).
func TestTopOverlapSmallGraph(t *testing.T) {
	g := examples.MustRead("karate")
	h := g.Clone()
	for _, w := range slices.Clone(h.Neighbors(0)) { // the most central node loses its ties
		h.DeleteEdge(0, w)
	}
	c, err := Compare(g, h, Options{Metrics: []string{MetricTopOverlap}, Correspondence: release.Identity(g.NumNodes())})
	if err != nil {
		t.Fatal(err)
	}
	m := c.Metrics[0]
	if k := m.Details[0].Value; k != 4 || m.Anonymized >= 1 || m.Preserved || !strings.Contains(m.Note, "a tenth") {
		t.Errorf("top overlap on karate with node 0 cut off: k %v, %v, preserved %v, %q", k, m.Anonymized, m.Preserved, m.Note)
	}
}
