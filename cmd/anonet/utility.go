package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/utility"
)

// utilityResult is the output of anonet utility --json.
type utilityResult struct {
	Original        string `json:"original"`
	Anonymized      string `json:"anonymized"`
	NodesOriginal   int    `json:"nodes_original"`
	EdgesOriginal   int    `json:"edges_original"`
	NodesAnonymized int    `json:"nodes_anonymized"`
	EdgesAnonymized int    `json:"edges_anonymized"`
	Correspondence  string `json:"correspondence"` // mapping, labels or none
	// UndirectedView says that a network is directed or layered and that
	// its metrics are computed on its undirected structure (the node pairs
	// with a tie), except those of DirectedPaths.
	UndirectedView bool `json:"undirected_view,omitempty"`
	// DirectedPaths says that a network is directed and that avg_distance
	// and betweenness_top100_overlap follow its arcs (reachability).
	DirectedPaths      bool         `json:"directed_paths,omitempty"`
	CorrespondingNodes int          `json:"corresponding_nodes"`
	SharedEdges        *float64     `json:"shared_edges"`
	Paths              string       `json:"paths"` // exact or sampled
	Sources            int          `json:"sources"`
	LeidenRuns         int          `json:"leiden_runs"`
	Seed               uint64       `json:"seed"`
	Metrics            []metricJSON `json:"metrics"`
	Preserved          int          `json:"preserved"`
	cost                            // seconds, peak_memory_bytes
}

// metricJSON is one metric of utilityResult. Undefined values are null, and
// note then says why.
type metricJSON struct {
	Name           string              `json:"name"`
	Original       *float64            `json:"original"`
	Anonymized     *float64            `json:"anonymized"`
	RelativeChange *float64            `json:"relative_change"`
	Preserved      *bool               `json:"preserved"`
	SD             *float64            `json:"sd"`
	Estimated      bool                `json:"estimated"`
	Note           string              `json:"note,omitempty"`
	Details        map[string]*float64 `json:"details,omitempty"`
}

// utilityFlags holds the flags of anonet utility.
type utilityFlags struct {
	format, mapping, metrics, paths, plot string
	sources, runs                         int
}

func newUtilityCmd(e *env) *cli.Command {
	u := &utilityFlags{}
	cmd := &cli.Command{
		Use:   "utility ORIGINAL ANONYMIZED",
		Short: "Measure how much of a network's usefulness survived anonymization",
		Long: `utility compares an anonymized network with its original on the properties
that analysts use, as de Jong, van der Loo and Takes do: average local
clustering (nodes of degree < 2 count as 0), transitivity, average distance
(over pairs of nodes in the same component), fraction of nodes in the largest
component, number of components, overlap of the 100 nodes of highest
betweenness, agreement of Leiden communities (NMI, corrected for Leiden's own
run-to-run variation), degree assortativity and the Kolmogorov–Smirnov
distance between the degree distributions.

For each metric it prints the original and anonymized value, the relative
change, and whether the metric is preserved: whether the change plus one
standard deviation (of a sampled or stochastic estimate; 0 for exact ones) is
under 5% of the original value. Undefined values (an empty graph, a graph
without edges) are shown as n/a, and as null with a note in JSON.

Distances and betweenness are exact when n·(n+2m) is at most 10^9 and are
otherwise estimated from --sources sampled nodes (the same nodes in both
graphs); --paths forces either.

The betweenness overlap and the NMI between the two graphs need to know which
node is which: from --mapping FILE (written by anonet anonymize --mapping: a
header line "original<TAB>anonymized", then one line per node), or else from
equal node labels when both graphs have the same labels. Without either they
are reported as n/a (null), or are an error if asked for by --metrics.

See docs/utility.md for the precise definitions.`,
		Example: "  anonet utility network.edges anonymized.edges --mapping map.tsv\n" +
			"  anonet utility karate karate-anon.edges --json --metrics avg_clustering,nmi",
		Args: exactArgs(2, "ORIGINAL and ANONYMIZED"),
		RunE: func(cmd *cli.Command, args []string) error { return e.utility(u, args) },
	}
	u.register(cmd.Flags())
	return cmd
}

// register declares the flags of utility on f.
func (u *utilityFlags) register(f *cli.FlagSet) {
	registerFrom(f, &u.format, "both files")
	f.StringVar(&u.mapping, "mapping", "", "node mapping file (original<TAB>anonymized), from anonet anonymize --mapping")
	f.StringVar(&u.metrics, "metrics", "", "comma-separated metrics to compute (default: all): "+strings.Join(utility.MetricNames(), ", "))
	f.StringVar(&u.paths, "paths", "auto", "distances and betweenness: auto, exact or sampled")
	f.IntVar(&u.sources, "sources", utility.DefaultSources, "sampled source nodes when distances and betweenness are sampled")
	f.IntVar(&u.runs, "leiden-runs", utility.DefaultLeidenRuns, "Leiden runs on each graph for the NMI")
	f.StringVar(&u.plot, "plot", "", "write the figures (degrees, clustering, communities, deleted edges) as SVG and PNG files into this directory")
}

// config checks the flags and returns the options of the comparison they
// give; the correspondence of the nodes comes from the graphs
// (correspondence).
func (u *utilityFlags) config(e *env) (utility.Options, error) {
	opt := utility.Options{Seed: e.seed, Threads: e.threads, Sources: u.sources, LeidenRuns: u.runs}
	var err error
	if opt.Paths, err = utility.ParseMode(u.paths); err != nil {
		return opt, usageErrorf("--paths: %v", err)
	}
	if u.sources < 1 {
		return opt, usageErrorf("--sources must be at least 1, got %d", u.sources)
	}
	if u.runs < 2 {
		return opt, usageErrorf("--leiden-runs must be at least 2 (the NMI compares runs with each other), got %d", u.runs)
	}
	if u.explicit() {
		for _, m := range strings.Split(u.metrics, ",") {
			opt.Metrics = append(opt.Metrics, strings.TrimSpace(m))
		}
		if err := checkMetricNames(opt.Metrics); err != nil {
			return opt, err
		}
	}
	return opt, nil
}

// explicit reports whether --metrics chooses the metrics (else all are
// computed).
func (u *utilityFlags) explicit() bool { return strings.TrimSpace(u.metrics) != "" }

// correspondence sets the correspondence of opt between orig and anon:
// from --mapping, or else from equal labels. It returns how it was found
// ("mapping", "labels" or "none"), and refuses to go on without one when
// metrics that compare nodes are asked for, or are computed by default.
func (u *utilityFlags) correspondence(opt *utility.Options, orig, anon *graph.Graph) (string, error) {
	how, why := "none", ""
	switch {
	case u.mapping != "":
		var err error
		if opt.Correspondence, err = readMapping(u.mapping, orig, anon); err != nil {
			return "", err
		}
		how = "mapping"
	default:
		corr, err := release.CorrespondenceByLabels(orig, anon)
		if err != nil {
			why = err.Error()
		} else {
			opt.Correspondence = corr
			how = "labels"
		}
	}
	if opt.Correspondence == nil {
		// Metrics that compare nodes are never computed on a
		// correspondence the files do not support (issue 36): --mapping
		// is required for them.
		var need []string
		for _, m := range opt.Metrics {
			if utility.NeedsCorrespondence(m) {
				need = append(need, m)
			}
		}
		switch {
		case len(need) > 0:
			return "", usageErrorf("%s need(s) to know which node is which, but %s; pass --mapping FILE (written by anonet anonymize --mapping)", strings.Join(need, " and "), why)
		case !u.explicit():
			return "", usageErrorf("%s and the NMI between the graphs need to know which node is which, but %s; pass --mapping FILE (written by anonet anonymize --mapping), or choose --metrics that do not compare nodes", utility.MetricTopOverlap, why)
		}
	}
	return how, nil
}

// utility runs anonet utility on the original and anonymized graphs named
// by args.
func (e *env) utility(u *utilityFlags, args []string) error {
	start := time.Now()
	opt, err := u.config(e)
	if err != nil {
		return err
	}
	orig, anon, err := e.readPair(args, u.format)
	if err != nil {
		return err
	}
	res := utilityResult{
		Original: args[0], Anonymized: args[1], Seed: e.seed, LeidenRuns: u.runs,
		NodesOriginal: orig.g.NumNodes(), EdgesOriginal: orig.g.NumEdges(),
		NodesAnonymized: anon.g.NumNodes(), EdgesAnonymized: anon.g.NumEdges(),
		UndirectedView: orig.g.Directed() || orig.g.Layers() != nil || anon.g.Directed() || anon.g.Layers() != nil,
	}
	if res.Correspondence, err = u.correspondence(&opt, orig.g, anon.g); err != nil {
		return err
	}
	p := e.newProgress()
	opt.Progress = func(stage string, done, total int) {
		p.update("%s: %d/%d", stage, done, total)
	}
	cmp, err := utility.Compare(orig.g, anon.g, opt)
	p.done()
	if err != nil {
		return inputError(err)
	}
	if opt.Correspondence != nil {
		e.noteCorrespondence(res.Correspondence, orig.g.NumNodes(), cmp)
	}
	res.setComparison(cmp)
	res.measure(start)
	if err := e.utilityPlots(u.plot, args, orig.g, anon.g, opt.Correspondence, cmp); err != nil {
		return err
	}
	if e.json {
		return writeJSON(e.stdout, res)
	}
	return printUtility(e, res, cmp)
}

// noteCorrespondence says on stderr when the correspondence, found by
// how, leaves original nodes out (of n) or does not fit the graphs.
func (e *env) noteCorrespondence(how string, n int, cmp *utility.Comparison) {
	if cmp.Corresponding < n {
		e.notef("note: %d of the %d original nodes have no counterpart in the mapping", n-cmp.Corresponding, n)
	}
	if s := cmp.SharedEdges; !math.IsNaN(s) && s < 0.5 {
		e.notef("warning: only %.1f%% of the anonymized graph's edges join nodes whose counterparts are adjacent in the original; the nodes probably do not correspond (by %s)", 100*s, how)
	}
}

// setComparison sets what the comparison cmp found in r: the
// corresponding nodes and shared edges, how paths were computed, every
// metric and the number preserved.
func (r *utilityResult) setComparison(cmp *utility.Comparison) {
	r.CorrespondingNodes = cmp.Corresponding
	r.SharedEdges = finite(cmp.SharedEdges)
	r.Paths, r.Sources, r.DirectedPaths = "exact", cmp.Sources, cmp.Directed
	if cmp.PathsSampled {
		r.Paths = "sampled"
	}
	for _, m := range cmp.Metrics {
		r.Metrics = append(r.Metrics, newMetricJSON(m))
		if m.Defined() && m.Preserved {
			r.Preserved++
		}
	}
}

// checkMetricNames rejects unknown metric names with exit status 2.
func checkMetricNames(names []string) error {
	for _, n := range names {
		found := false
		for _, k := range utility.MetricNames() {
			found = found || n == k
		}
		if !found {
			return usageErrorf("--metrics: unknown metric %q (known: %s)", n, strings.Join(utility.MetricNames(), ", "))
		}
	}
	return nil
}

func newMetricJSON(m utility.Metric) metricJSON {
	j := metricJSON{
		Name: m.Name, Original: finite(m.Original), Anonymized: finite(m.Anonymized),
		RelativeChange: finite(m.RelativeChange), Estimated: m.Estimated, Note: m.Note,
	}
	if m.Defined() {
		p := m.Preserved
		j.Preserved = &p
		j.SD = finite(m.SD)
	}
	if len(m.Details) > 0 {
		j.Details = make(map[string]*float64, len(m.Details))
		for _, d := range m.Details {
			j.Details[d.Name] = finite(d.Value)
		}
	}
	return j
}

func printUtility(e *env, r utilityResult, cmp *utility.Comparison) error {
	w := e.stdout
	fmt.Fprintf(w, "original    %s: %d nodes, %d edges\n", r.Original, r.NodesOriginal, r.EdgesOriginal)
	fmt.Fprintf(w, "anonymized  %s: %d nodes, %d edges\n", r.Anonymized, r.NodesAnonymized, r.EdgesAnonymized)
	switch r.Correspondence {
	case "none":
		fmt.Fprintf(w, "nodes       no correspondence known\n")
	default:
		fmt.Fprintf(w, "nodes       correspond by %s (%d nodes)\n", r.Correspondence, r.CorrespondingNodes)
	}
	switch {
	case r.DirectedPaths:
		fmt.Fprintf(w, "ties        directed: distances and betweenness follow the arcs; the other metrics use the undirected structure (the pairs with a tie)\n")
	case r.UndirectedView:
		fmt.Fprintf(w, "ties        layered: every metric is computed on the undirected structure (the pairs with a tie)\n")
	}
	if r.Paths == "sampled" {
		fmt.Fprintf(w, "paths       sampled from %d source nodes (seed %d)\n", r.Sources, r.Seed)
	} else {
		fmt.Fprintf(w, "paths       exact\n")
	}
	fmt.Fprintln(w)
	// Right-aligned numbers; the names are padded so that they line up on
	// the left.
	width := len("metric")
	for _, m := range cmp.Metrics {
		width = max(width, len(m.Name))
	}
	var tab bytes.Buffer
	tw := tabwriter.NewWriter(&tab, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\toriginal\tanonymized\tchange\tpreserved\t\n", width, "metric")
	for _, m := range cmp.Metrics {
		change, pres := "n/a", "n/a"
		if !math.IsNaN(m.RelativeChange) {
			change = fmt.Sprintf("%+.1f%%", 100*m.RelativeChange)
		}
		if m.Defined() {
			pres = "no"
			if m.Preserved {
				pres = "yes"
			}
			if m.SD > 0 {
				pres += fmt.Sprintf(" (sd %.2g)", m.SD)
			}
		}
		fmt.Fprintf(tw, "%-*s\t%s\t%s\t%s\t%s\t\n", width, m.Name, fmtMetric(m.Name, m.Original), fmtMetric(m.Name, m.Anonymized), change, pres)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// AlignRight pads every cell on the left, the first one too.
	for _, line := range strings.SplitAfter(tab.String(), "\n") {
		io.WriteString(w, strings.TrimPrefix(line, "  "))
	}
	fmt.Fprintf(w, "\n%d of %d metrics preserved (change + 1 sd < 5%% of the original)\n", r.Preserved, len(r.Metrics))
	for _, m := range cmp.Metrics {
		switch {
		case !m.Defined():
			fmt.Fprintf(w, "  %s: %s\n", m.Name, m.Note)
		case m.Name == utility.MetricNMI:
			fmt.Fprintf(w, "  nmi: stability %.4f, between graphs %.4f, score %.4f (1 − max(0, stability − between))\n",
				m.Original, m.Anonymized, detail(m, "score"))
		}
	}
	return nil
}

func detail(m utility.Metric, name string) float64 {
	for _, d := range m.Details {
		if d.Name == name {
			return d.Value
		}
	}
	return math.NaN()
}

func fmtMetric(name string, x float64) string {
	switch {
	case math.IsNaN(x):
		return "n/a"
	case name == utility.MetricComponents:
		return fmt.Sprintf("%.0f", x)
	case math.Abs(x) >= 100:
		return fmt.Sprintf("%.2f", x)
	}
	return fmt.Sprintf("%.4f", x)
}
