package utility

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/anonet-project/anonet/graph"
)

// The names of the metrics that Compare computes, in the order of its report.
const (
	MetricAvgClustering = "avg_clustering"
	MetricTransitivity  = "transitivity"
	MetricAvgDistance   = "avg_distance"
	MetricLCCFraction   = "lcc_fraction"
	MetricComponents    = "components"
	MetricTopOverlap    = "betweenness_top100_overlap"
	MetricNMI           = "nmi"
	MetricAssortativity = "assortativity"
	MetricDegreeKS      = "degree_ks"
)

var metricNames = []string{
	MetricAvgClustering, MetricTransitivity, MetricAvgDistance, MetricLCCFraction,
	MetricComponents, MetricTopOverlap, MetricNMI, MetricAssortativity, MetricDegreeKS,
}

// MetricNames returns the names of all metrics in report order.
func MetricNames() []string { return append([]string(nil), metricNames...) }

// NeedsCorrespondence reports whether the named metric compares individual
// nodes of the two graphs and so needs to know which node of one is which
// node of the other: the top-100 betweenness overlap, and the NMI between
// the communities of the original and of the anonymized graph.
func NeedsCorrespondence(name string) bool {
	return name == MetricTopOverlap || name == MetricNMI
}

// PreservedTolerance is the reference's threshold: a metric is preserved when
// its change, plus one standard deviation, is below this fraction of its
// original value.
const PreservedTolerance = 0.05

// Defaults of Options.
const (
	DefaultLeidenRuns = 10
	DefaultTopK       = 100
)

// Options control Compare.
type Options struct {
	// Metrics names the metrics to compute, in any order; nil or empty
	// means all of them. The report lists them in MetricNames order.
	Metrics []string
	// Correspondence[v] is the node of the anonymized graph that is node
	// v of the original, or -1 if none; it must be one-to-one. nil means
	// no correspondence is known: the metrics for which NeedsCorrespondence
	// holds are then undefined (the NMI's stability part is still given).
	Correspondence []int32
	// Paths chooses exact or sampled distances and betweenness; both
	// graphs are treated alike (sampled if either would be).
	Paths Mode
	// Sources is the number of sampled sources; 0 means DefaultSources.
	Sources int
	// LeidenRuns is the number of Leiden runs on each graph; 0 means
	// DefaultLeidenRuns. It must be at least 2.
	LeidenRuns int
	// Leiden configures every run.
	Leiden LeidenOptions
	// TopK is the number of most central nodes compared; 0 means
	// DefaultTopK (the metric keeps its name).
	TopK int
	// Seed seeds every random choice: the sampled sources and the Leiden
	// runs. The result depends on nothing else (not on Threads).
	Seed uint64
	// Threads is the number of goroutines; values < 1 mean one.
	Threads int
	// Progress, if not nil, is told the stage of the work and how many of
	// its total steps are done. It is never called by two goroutines at
	// once.
	Progress func(stage string, done, total int)
}

// Metric is one row of a comparison.
type Metric struct {
	// Name is one of MetricNames.
	Name string
	// Original and Anonymized are the values on the two graphs; NaN when
	// undefined (see Note). For betweenness_top100_overlap the original
	// value is 1 (the original's top nodes overlap themselves); for nmi it
	// is the mean NMI between the runs on the original (its stability) and
	// the anonymized value the mean NMI between runs on the original and
	// on the anonymized graph; for degree_ks it is 0 (the distance of the
	// original's distribution to itself).
	Original, Anonymized float64
	// RelativeChange is (Anonymized − Original)/|Original|; 0 when both
	// are 0, NaN when Original is 0 and Anonymized is not, or when a value
	// is undefined, and for degree_ks.
	RelativeChange float64
	// SD is the standard deviation added to the change in the preserved
	// rule: 0 for exact metrics, the standard error of the difference for
	// sampled distances and for the NMI.
	SD float64
	// Preserved applies the reference's rule: change + SD <
	// PreservedTolerance × scale (see docs/utility.md). It is false when a
	// value is undefined.
	Preserved bool
	// Estimated reports whether the values are sampled or come from a
	// stochastic algorithm.
	Estimated bool
	// Note says why a value is undefined, or how the values were obtained.
	Note string
	// Details are further numbers about the metric, in a fixed order.
	Details []Detail
}

// Defined reports whether both values of m are defined.
func (m Metric) Defined() bool {
	return !math.IsNaN(m.Original) && !math.IsNaN(m.Anonymized)
}

// Detail is a named number that accompanies a metric.
type Detail struct {
	Name  string
	Value float64
}

// Comparison is the result of Compare.
type Comparison struct {
	// Metrics holds one row per requested metric, in MetricNames order.
	Metrics []Metric
	// PathsSampled reports whether distances and betweenness were
	// estimated from sampled sources rather than computed exactly.
	PathsSampled bool
	// Sources is the number of searches run on each graph: the number of
	// sampled sources, or the number of nodes of the original when exact.
	Sources int
	// Corresponding is the number of original nodes with a counterpart
	// (0 without a correspondence).
	Corresponding int
	// SharedEdges is the fraction of the anonymized graph's edges whose
	// ends correspond to the ends of an edge of the original; NaN without
	// a correspondence or without edges. Anonymization by deleting edges
	// gives 1; a value near the edge density means the correspondence is
	// most likely wrong.
	SharedEdges float64
	// Directed reports that a graph is directed: its distances and
	// betweenness then follow arcs (reachability); every other metric is
	// computed on its undirected structure, as igraph does.
	Directed bool
}

// Compare computes the utility metrics of an original graph and its
// anonymized version and says which are preserved.
func Compare(orig, anon *graph.Graph, opt Options) (*Comparison, error) {
	want, err := selectMetrics(opt.Metrics)
	if err != nil {
		return nil, err
	}
	corr := opt.Correspondence
	if corr != nil {
		if err := checkCorrespondence(corr, orig.NumNodes(), anon.NumNodes()); err != nil {
			return nil, err
		}
	}
	runs := opt.LeidenRuns
	if runs == 0 {
		runs = DefaultLeidenRuns
	}
	if want[MetricNMI] && runs < 2 {
		return nil, fmt.Errorf("utility: nmi needs at least 2 Leiden runs, got %d", runs)
	}
	topK := opt.TopK
	if topK == 0 {
		topK = DefaultTopK
	}
	if topK < 0 {
		return nil, fmt.Errorf("utility: negative top-k %d", topK)
	}
	c := &comparer{orig: orig, anon: anon, opt: opt, corr: corr, runs: runs, topK: topK,
		res: &Comparison{SharedEdges: math.NaN(), Directed: orig.Directed() || anon.Directed()}}
	if corr != nil {
		c.res.Corresponding, c.res.SharedEdges = sharedEdges(orig, anon, corr)
	}
	if want[MetricAvgClustering] || want[MetricTransitivity] {
		c.progress("triangles", 0, 2)
		c.triO = orig.TriangleCounts(max(1, opt.Threads))
		c.progress("triangles", 1, 2)
		c.triA = anon.TriangleCounts(max(1, opt.Threads))
		c.progress("triangles", 2, 2)
	}
	_, sizes := orig.Components()
	c.compO = componentStats(orig.NumNodes(), sizes)
	_, sizes = anon.Components()
	c.compA = componentStats(anon.NumNodes(), sizes)
	if want[MetricAvgDistance] || want[MetricTopOverlap] {
		c.paths(want[MetricTopOverlap])
	}
	if want[MetricNMI] {
		if err := c.communities(); err != nil {
			return nil, err
		}
	}
	for _, name := range metricNames {
		if want[name] {
			c.res.Metrics = append(c.res.Metrics, c.metric(name))
		}
	}
	return c.res, nil
}

func selectMetrics(names []string) (map[string]bool, error) {
	want := map[string]bool{}
	if len(names) == 0 {
		for _, n := range metricNames {
			want[n] = true
		}
		return want, nil
	}
	for _, n := range names {
		n = strings.TrimSpace(n)
		found := false
		for _, k := range metricNames {
			if n == k {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("utility: unknown metric %q (known: %s)", n, strings.Join(metricNames, ", "))
		}
		want[n] = true
	}
	return want, nil
}

func checkCorrespondence(corr []int32, na, nb int) error {
	if len(corr) != na {
		return fmt.Errorf("utility: correspondence has %d entries for %d original nodes", len(corr), na)
	}
	used := make([]bool, nb)
	for v, w := range corr {
		if w < 0 {
			continue
		}
		if int(w) >= nb {
			return fmt.Errorf("utility: original node %d corresponds to node %d, but the anonymized graph has %d nodes", v, w, nb)
		}
		if used[w] {
			return fmt.Errorf("utility: anonymized node %d corresponds to two original nodes", w)
		}
		used[w] = true
	}
	return nil
}

// sharedEdges returns the number of corresponding nodes and the fraction of
// the edges of b between corresponding nodes that are edges of a.
func sharedEdges(a, b *graph.Graph, corr []int32) (int, float64) {
	inv := make([]int32, b.NumNodes())
	for i := range inv {
		inv[i] = -1
	}
	k := 0
	for v, w := range corr {
		if w >= 0 {
			inv[w] = int32(v)
			k++
		}
	}
	shared, total := 0, 0
	for _, e := range b.Edges() {
		u, v := inv[e.U], inv[e.V]
		total++
		if u >= 0 && v >= 0 && a.HasEdge(u, v) {
			shared++
		}
	}
	if total == 0 {
		return k, math.NaN()
	}
	return k, float64(shared) / float64(total)
}

// comparer holds the intermediate results of one Compare call.
type comparer struct {
	orig, anon *graph.Graph
	opt        Options
	corr       []int32
	runs, topK int
	res        *Comparison

	triO, triA   []int32
	compO, compA ComponentStats
	csrO, csrA   *csr // built once, for the searches and the Leiden runs

	distO, distA Distances
	distSD       float64
	bcO, bcA     []float64

	nmiStab, nmiAnon []float64
	modO, modA       []float64
	commO, commA     []float64
}

func (c *comparer) progress(stage string, done, total int) {
	if c.opt.Progress != nil {
		c.opt.Progress(stage, done, total)
	}
}

// Random streams of the generators seeded with Options.Seed.
const (
	streamSources = 1
	streamLeidenO = 1 << 32
	streamLeidenA = 2 << 32
)

// paths runs the searches on both graphs, from the same sources when the
// graphs have a correspondence or the same number of nodes.
func (c *comparer) paths(betw bool) {
	// Both graphs are sampled if either is too large to do exactly.
	po := PathOptions{Mode: c.opt.Paths, Sources: c.opt.Sources}
	sampled := po.Sampling(c.orig) || po.Sampling(c.anon)
	no, na := c.orig.NumNodes(), c.anon.NumNodes()
	rng := rand.New(rand.NewPCG(c.opt.Seed, streamSources))
	var srcO, srcA []int32
	paired := false
	switch {
	case !sampled:
		srcO, srcA = allNodes(no), allNodes(na)
	case c.corr != nil && c.res.Corresponding == no && no == na:
		srcO = sampleNodes(no, po.sources(), rng)
		srcA = make([]int32, len(srcO))
		for i, s := range srcO {
			srcA[i] = c.corr[s]
		}
		paired = true
	case no == na:
		srcO = sampleNodes(no, po.sources(), rng)
		srcA = srcO
		paired = true
	default:
		srcO = sampleNodes(no, po.sources(), rng)
		srcA = sampleNodes(na, po.sources(), rng)
	}
	c.res.PathsSampled, c.res.Sources = sampled, len(srcO)
	run := func(g *graph.Graph, src []int32, stage string) *sweepResult {
		var paths *csr
		if g.Directed() {
			paths = newPathCSR(g) // arcs: the undirected adjacency is not needed
		} else {
			paths = c.csr(g)
		}
		return sweep(paths, src, betw, c.opt.Threads, func(done, total int) { c.progress(stage, done, total) })
	}
	rO := run(c.orig, srcO, "distances in the original")
	rA := run(c.anon, srcA, "distances in the anonymized graph")
	pairsO, pairsA := c.compO.Pairs, c.compA.Pairs
	if c.orig.Directed() {
		pairsO = connectedPairs(c.orig, rO, sampled)
	}
	if c.anon.Directed() {
		pairsA = connectedPairs(c.anon, rA, sampled)
	}
	c.distO = rO.distances(pairsO, no, sampled)
	c.distA = rA.distances(pairsA, na, sampled)
	c.bcO, c.bcA = rO.bc, rA.bc
	if sampled {
		if paired {
			c.distSD = pairedDiffStdErr(rO, rA, c.distO.Mean, c.distA.Mean, no)
		} else {
			c.distSD = math.Hypot(c.distO.StdErr, c.distA.StdErr)
		}
	}
}

// csr returns the CSR form of g, which is c.orig or c.anon, building it on
// first use.
func (c *comparer) csr(g *graph.Graph) *csr {
	p := &c.csrO
	if g == c.anon {
		p = &c.csrA
	}
	if *p == nil {
		*p = newCSR(g)
	}
	return *p
}

// communities runs Leiden repeatedly on both graphs (in parallel, each run
// with its own seeded generator) and compares the partitions by NMI.
func (c *comparer) communities() error {
	R := c.runs
	csrO, csrA := c.csr(c.orig), c.csr(c.anon)
	parts := make([]Partition, 2*R)
	gamma, theta, iters, err := c.opt.Leiden.resolve()
	if err != nil {
		return fmt.Errorf("utility: %w", err)
	}
	var mu sync.Mutex
	done := 0
	c.progress("communities", 0, 2*R)
	graph.ForChunks(2*R, 1, max(1, min(c.opt.Threads, 2*R)), func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			g, cs, stream := c.orig, csrO, uint64(streamLeidenO+j)
			if j >= R {
				g, cs, stream = c.anon, csrA, uint64(streamLeidenA+j-R)
			}
			parts[j] = leidenCSR(g, cs, rand.New(rand.NewPCG(c.opt.Seed, stream)), gamma, theta, iters)
			mu.Lock()
			done++
			c.progress("communities", done, 2*R)
			mu.Unlock()
		}
	})
	for j := range R {
		c.modO = append(c.modO, parts[j].Modularity)
		c.commO = append(c.commO, float64(parts[j].Communities))
		c.modA = append(c.modA, parts[R+j].Modularity)
		c.commA = append(c.commA, float64(parts[R+j].Communities))
	}
	if c.orig.NumNodes() == 0 {
		return nil
	}
	for i := range R {
		for j := i + 1; j < R; j++ {
			a, b := parts[i], parts[j]
			c.nmiStab = append(c.nmiStab, nmiDense(a.Membership, a.Communities, b.Membership, b.Communities))
		}
	}
	if c.corr == nil || c.res.Corresponding == 0 {
		return nil
	}
	// Restrict both partitions to the nodes that correspond.
	idx := make([]int32, 0, c.res.Corresponding)
	for v, w := range c.corr {
		if w >= 0 {
			idx = append(idx, int32(v))
		}
	}
	subO := make([][]int32, R)
	kO := make([]int, R)
	for i := range R {
		s := make([]int32, len(idx))
		for t, v := range idx {
			s[t] = parts[i].Membership[v]
		}
		subO[i], kO[i], _ = denseLabels(s)
	}
	for j := range R {
		s := make([]int32, len(idx))
		for t, v := range idx {
			s[t] = parts[R+j].Membership[c.corr[v]]
		}
		sb, kb, _ := denseLabels(s)
		for i := range R {
			c.nmiAnon = append(c.nmiAnon, nmiDense(subO[i], kO[i], sb, kb))
		}
	}
	return nil
}

// meanSD returns the mean and the sample standard deviation of x (NaN for
// an empty x; SD 0 for a single value).
func meanSD(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, 0
	}
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(len(x)-1))
}

// metric builds the row of the named metric.
func (c *comparer) metric(name string) Metric {
	m := Metric{Name: name, SD: 0}
	scale := math.NaN() // the value the tolerance is a fraction of
	oneSided := false   // only a decrease counts as a change
	switch name {
	case MetricAvgClustering:
		var o2, a2 float64
		m.Original, o2 = averageClustering(c.orig.Degree, c.triO)
		m.Anonymized, a2 = averageClustering(c.anon.Degree, c.triA)
		m.Note = "mean over all nodes; nodes of degree < 2 count as 0"
		if math.IsNaN(m.Original) || math.IsNaN(m.Anonymized) {
			m.Note = "undefined for a graph without nodes"
		}
		m.Details = []Detail{{"original_degree2", o2}, {"anonymized_degree2", a2}}
	case MetricTransitivity:
		m.Original = transitivity(c.orig.Degree, c.triO)
		m.Anonymized = transitivity(c.anon.Degree, c.triA)
		if !m.Defined() {
			m.Note = "undefined for a graph without connected triples (no node of degree 2 or more)"
		}
	case MetricAvgDistance:
		m.Original, m.Anonymized = c.distO.Mean, c.distA.Mean
		// The pairs the means are over: connected pairs, or on a directed
		// graph the pairs with a directed path.
		m.Details = []Detail{{"pairs_original", float64(c.distO.Pairs)}, {"pairs_anonymized", float64(c.distA.Pairs)}}
		if c.res.PathsSampled {
			m.Estimated = true
			m.SD = c.distSD
			m.Note = fmt.Sprintf("estimated from %d sampled sources; sd is the standard error of the difference", c.res.Sources)
			m.Details = append(m.Details, Detail{"sources", float64(c.res.Sources)},
				Detail{"original_stderr", c.distO.StdErr}, Detail{"anonymized_stderr", c.distA.StdErr})
		} else {
			m.Note = "exact, over ordered pairs of nodes in the same component"
		}
		if !m.Defined() {
			m.Note = "undefined: no two nodes are in the same component"
		}
	case MetricLCCFraction:
		m.Original, m.Anonymized = c.compO.LargestFraction, c.compA.LargestFraction
		m.Details = []Detail{{"largest_original", float64(c.compO.Largest)}, {"largest_anonymized", float64(c.compA.Largest)}}
		if !m.Defined() {
			m.Note = "undefined for a graph without nodes"
		}
	case MetricComponents:
		m.Original, m.Anonymized = float64(c.compO.Components), float64(c.compA.Components)
	case MetricTopOverlap:
		k := min(c.topK, c.orig.NumNodes(), c.anon.NumNodes())
		small := k < c.topK
		if small {
			// Every node is among the top k of a graph of k nodes or
			// fewer, which makes any release agree: compare the top
			// tenth instead.
			k = (k + 9) / 10
		}
		m.Original, m.Anonymized = 1, math.NaN()
		scale, oneSided = 1, true
		m.Details = []Detail{{"k", float64(k)}}
		switch {
		case c.corr == nil:
			m.Original = math.NaN()
			m.Note = "needs a node correspondence (a mapping file, or equal node labels in both graphs)"
		case k == 0:
			m.Original = math.NaN()
			m.Note = "undefined for a graph without nodes"
		default:
			m.Anonymized = TopOverlap(c.bcO, c.bcA, k, c.corr)
			m.Note = fmt.Sprintf("fraction of the %d nodes of highest betweenness in the original that are among the %d highest in the anonymized graph", k, k)
			if small {
				m.Note += fmt.Sprintf(" (a tenth of the nodes: the graph has fewer than %d)", c.topK)
			}
		}
		if c.res.PathsSampled {
			m.Estimated = true
			m.Details = append(m.Details, Detail{"pivots", float64(c.res.Sources)})
			if m.Defined() {
				m.Note += fmt.Sprintf("; betweenness estimated from %d sampled pivots, the same nodes in both graphs", c.res.Sources)
			}
		}
	case MetricNMI:
		stab, sdS := meanSD(c.nmiStab)
		between, sdB := meanSD(c.nmiAnon)
		m.Original, m.Anonymized = stab, between
		m.Estimated = true
		oneSided = true
		mo, _ := meanSD(c.modO)
		ma, _ := meanSD(c.modA)
		co, _ := meanSD(c.commO)
		ca, _ := meanSD(c.commA)
		score := math.NaN()
		if m.Defined() {
			score = 1 - max(0, stab-between)
			m.SD = math.Sqrt(sdS*sdS/float64(len(c.nmiStab)) + sdB*sdB/float64(len(c.nmiAnon)))
			m.Note = fmt.Sprintf("Leiden run %d times on each graph; original: mean NMI between runs on the original (stability); anonymized: mean NMI between runs on the original and on the anonymized graph; score = 1 − max(0, stability − anonymized)", c.runs)
		} else if len(c.nmiStab) == 0 {
			m.Note = "undefined for a graph without nodes"
		} else {
			m.Note = "the NMI between the graphs needs a node correspondence (a mapping file, or equal node labels in both graphs)"
		}
		m.Details = []Detail{{"score", score}, {"runs", float64(c.runs)},
			{"stability_sd", sdS}, {"anonymized_sd", sdB},
			{"modularity_original", mo}, {"modularity_anonymized", ma},
			{"communities_original", co}, {"communities_anonymized", ca}}
	case MetricAssortativity:
		m.Original, m.Anonymized = Assortativity(c.orig), Assortativity(c.anon)
		if !m.Defined() {
			m.Note = "undefined for a graph without edges or whose edges all join nodes of equal degree"
		}
	case MetricDegreeKS:
		m.Original, m.Anonymized = 0, DegreeKS(c.orig, c.anon)
		scale = 1
		m.Note = "Kolmogorov–Smirnov distance between the degree distributions; preserved when under 0.05"
		if !m.Defined() {
			m.Original = math.NaN()
			m.Note = "undefined for a graph without nodes"
		}
	}
	m.RelativeChange = math.NaN()
	if !m.Defined() {
		return m
	}
	if name != MetricDegreeKS {
		switch {
		case m.Original != 0:
			m.RelativeChange = (m.Anonymized - m.Original) / math.Abs(m.Original)
		case m.Anonymized == 0:
			m.RelativeChange = 0
		}
	}
	if math.IsNaN(scale) {
		scale = math.Abs(m.Original)
	}
	change := math.Abs(m.Anonymized - m.Original)
	if oneSided {
		change = max(0, m.Original-m.Anonymized)
	}
	m.Preserved = preserved(change, m.SD, scale)
	return m
}

// preserved is the reference's rule: change + sd < 5% of scale; for a scale
// of 0, no change and no uncertainty at all.
func preserved(change, sd, scale float64) bool {
	if math.IsNaN(sd) {
		return false
	}
	if scale == 0 {
		return change == 0 && sd == 0
	}
	return change+sd < PreservedTolerance*scale
}
