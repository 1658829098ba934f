package experiment

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/utility"
)

// Method is one anonymization method of the quality comparison: a strategy
// with a refinement and its effort.
type Method struct {
	Name     string
	Strategy anonymize.Strategy
	Refine   anonymize.Refinement // "" means the strategy's default
	Effort   int                  // 0 means the default
	// Recompute is the recompute gap R as a fraction of the edges (0: the
	// paper's 1%); R is at least 1.
	Recompute float64
	// Operation is the alteration ("" means delete).
	Operation anonymize.Operation
}

// apply sets the method's fields of cfg for a graph of m edges.
func (meth Method) apply(cfg *anonymize.Config, m int) {
	cfg.Strategy, cfg.Refine, cfg.Effort, cfg.Operation = meth.Strategy, meth.Refine, meth.Effort, meth.Operation
	if meth.Recompute > 0 {
		cfg.Recompute = max(1, int(math.Round(meth.Recompute*float64(m))))
	}
}

// QualityMethods returns the methods of the quality table: the paper's best
// strategy ua, ua followed by restoration, the exact-gain greedy alone, the
// default (greedy, restoration and local search at the default effort) and
// the default at five times the effort.
func QualityMethods() []Method {
	return []Method{
		{Name: "ua", Strategy: anonymize.UA, Refine: anonymize.NoRefinement},
		{Name: "ua+restore", Strategy: anonymize.UA, Refine: anonymize.Restore},
		{Name: "greedy", Strategy: anonymize.Greedy},
		{Name: "default", Strategy: anonymize.Best},
		{Name: "default×5", Strategy: anonymize.Best, Effort: 5 * anonymize.DefaultEffort},
	}
}

// QualitySetting is the measure, distance, threshold and variant of a
// quality comparison.
type QualitySetting struct {
	Name    string // names the setting in QualityRun.Setting and the CSV
	Measure measure.Measure
	D, K    int
	Variant anonymize.Variant
	Budget  float64 // budgeted variant: the budget as a fraction of the edges
	// Fuzzy, if positive, makes the target fuzzy anonymity with this
	// tolerance in percent.
	Fuzzy float64
	// Utility computes the utility metrics of the first seed's release
	// (QualityRun.Utility).
	Utility bool
}

// QualityRun is the outcome of one method on one network for one seed.
type QualityRun struct {
	Setting       string // QualitySetting.Name
	Network       string
	Method        string
	Seed          uint64
	Nodes, Edges  int
	NotAnonBefore int // nodes not k-anonymous in the input
	NotAnonAfter  int // in the release, recomputed from scratch
	EdgesKept     int
	Target        int // nodes that had to become k-anonymous
	Reached       bool
	Seconds       float64
	// Utility holds the metrics of anonet utility comparing the input with
	// the release (first seed only, when asked for).
	Utility []utility.Metric
}

// Quality runs every method on every network once per seed in setting s.
// Every release is verified from scratch (a new partition of the released
// graph) and an error is returned if its anonymity differs from what the
// run reported.
func Quality(nets []Network, methods []Method, s QualitySetting, seeds []uint64, progress func(QualityRun)) ([]QualityRun, error) {
	var runs []QualityRun
	for _, net := range nets {
		m := net.Graph.NumEdges()
		for _, meth := range methods {
			for _, seed := range seeds {
				g := net.Graph.Clone()
				cfg := anonymize.Config{
					Measure: s.Measure, D: s.D, K: s.K, Variant: s.Variant, Seed: seed,
					Budget: anonymize.BudgetOf(s.Budget, m),
					Fuzzy:  s.Fuzzy > 0, Phi: s.Fuzzy,
				}
				meth.apply(&cfg, m)
				start := time.Now()
				res, err := anonymize.Run(g, cfg)
				if err != nil {
					return nil, fmt.Errorf("%s %s: %w", net.Name, meth.Name, err)
				}
				secs := time.Since(start).Seconds()
				p, err := anonymity.New(g, s.Measure, s.D, anonymity.Options{K: s.K})
				if err != nil {
					return nil, err
				}
				na := p.NotAnonymous()
				if cfg.Fuzzy {
					fz, err := p.Fuzzy(cfg.Phi)
					if err != nil {
						return nil, err
					}
					na = fz.NotAnonymous
				}
				if na != res.After().NotKAnonymous {
					return nil, fmt.Errorf("%s %s seed %d: the release has %d nodes that are not %d-anonymous, the run reported %d",
						net.Name, meth.Name, seed, na, s.K, res.After().NotKAnonymous)
				}
				r := QualityRun{
					Setting: s.Name, Network: net.Name, Method: meth.Name, Seed: seed, Nodes: res.Nodes, Edges: m,
					NotAnonBefore: res.Before().NotKAnonymous, NotAnonAfter: na,
					EdgesKept: g.NumEdges(), Target: res.Target, Reached: res.TargetReached, Seconds: secs,
				}
				if s.Utility && seed == seeds[0] {
					// The release keeps the input's node ids.
					c, err := utility.Compare(net.Graph, g, utility.Options{Correspondence: release.Identity(g.NumNodes()), Seed: 1})
					if err != nil {
						return nil, fmt.Errorf("%s %s: utility: %w", net.Name, meth.Name, err)
					}
					r.Utility = c.Metrics
				}
				runs = append(runs, r)
				if progress != nil {
					progress(r)
				}
			}
		}
	}
	return runs, nil
}

// WriteQualityCSV writes one CSV row per run.
func WriteQualityCSV(w io.Writer, runs []QualityRun) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"setting", "network", "method", "seed", "nodes", "edges", "not_k_anonymous_before", "not_k_anonymous_after", "edges_kept", "target", "target_reached", "seconds"})
	for _, r := range runs {
		cw.Write([]string{r.Setting, r.Network, r.Method, strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Nodes), strconv.Itoa(r.Edges),
			strconv.Itoa(r.NotAnonBefore), strconv.Itoa(r.NotAnonAfter), strconv.Itoa(r.EdgesKept), strconv.Itoa(r.Target),
			strconv.FormatBool(r.Reached), strconv.FormatFloat(r.Seconds, 'f', 4, 64)})
	}
	cw.Flush()
	return cw.Error()
}

// QualityTable writes the comparison as Markdown: per network and method
// the mean over the seeds of the edges kept (full and partial variants) or
// of the nodes made k-anonymous (budgeted), the mean time, and each
// method's ratio to the first method (ua). It returns the per-method mean
// of the per-network ratios, and for the budgeted variant the ratio of the
// sums of nodes anonymized.
func QualityTable(w io.Writer, runs []QualityRun, methods []Method, budgeted bool) map[string]float64 {
	var nets []string
	for _, r := range runs {
		if !slices.Contains(nets, r.Network) {
			nets = append(nets, r.Network)
		}
	}
	value := func(r QualityRun) float64 {
		if budgeted {
			return float64(r.NotAnonBefore - r.NotAnonAfter) // nodes made k-anonymous
		}
		return float64(r.EdgesKept)
	}
	what := "edges kept"
	if budgeted {
		what = "nodes made k-anonymous"
	}
	fmt.Fprintf(w, "| network | n | m | not k-anon. |")
	for _, m := range methods {
		fmt.Fprintf(w, " %s: %s (s) |", m.Name, what)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "| --- | ---: | ---: | ---: |"+strings.Repeat(" ---: |", len(methods))+"\n")
	ratios := map[string][]float64{}
	sums := map[string]float64{}
	for _, net := range nets {
		var first QualityRun
		for _, r := range runs {
			if r.Network == net {
				first = r
				break
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d |", strings.TrimSuffix(net, ".nauty"), first.Nodes, first.Edges, first.NotAnonBefore)
		base := math.NaN()
		for i, m := range methods {
			var vals, secs []float64
			unmet := 0
			for _, r := range runs {
				if r.Network == net && r.Method == m.Name {
					vals = append(vals, value(r))
					secs = append(secs, r.Seconds)
					if !r.Reached && !budgeted {
						unmet++
					}
				}
			}
			v, _ := mean(vals)
			t, _ := mean(secs)
			if i == 0 {
				base = v
			}
			sums[m.Name] += v
			note := ""
			if unmet > 0 {
				note = fmt.Sprintf(" (%d unmet)", unmet)
			}
			if rat := v / base; i > 0 && !math.IsNaN(rat) && !math.IsInf(rat, 0) {
				ratios[m.Name] = append(ratios[m.Name], rat)
				fmt.Fprintf(w, " %.1f (%.2f×; %.2f s)%s |", v, rat, t, note)
			} else {
				fmt.Fprintf(w, " %.1f (%.2f s)%s |", v, t, note)
			}
		}
		fmt.Fprintln(w)
	}
	out := map[string]float64{}
	label := "mean ratio to "
	if budgeted {
		label = "ratio of the sums to "
	}
	fmt.Fprint(w, "| **"+label+methods[0].Name+"** | | | |")
	for i, m := range methods {
		r, _ := mean(ratios[m.Name])
		if budgeted {
			r = sums[m.Name] / sums[methods[0].Name]
		}
		out[m.Name] = r
		if i == 0 {
			fmt.Fprint(w, " 1× |")
		} else {
			fmt.Fprintf(w, " **%s** |", ratio(r))
		}
	}
	fmt.Fprintln(w)
	return out
}

// UtilityTable writes, per network, how many of the utility metrics each
// method's release preserves (first seed), with the NMI of its communities
// to the input's, and returns the mean number preserved per method.
func UtilityTable(w io.Writer, runs []QualityRun, methods []Method) map[string]float64 {
	var nets []string
	for _, r := range runs {
		if r.Utility != nil && !slices.Contains(nets, r.Network) {
			nets = append(nets, r.Network)
		}
	}
	fmt.Fprint(w, "| network |")
	for _, m := range methods {
		fmt.Fprintf(w, " %s: preserved (clustering, avg. distance, NMI) |", m.Name)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "| --- |"+strings.Repeat(" ---: |", len(methods))+"\n")
	total := map[string]float64{}
	value := func(ms []utility.Metric, name string) float64 {
		for _, m := range ms {
			if m.Name == name {
				return m.Anonymized
			}
		}
		return math.NaN()
	}
	for _, net := range nets {
		fmt.Fprintf(w, "| %s |", strings.TrimSuffix(net, ".nauty"))
		for _, m := range methods {
			for _, r := range runs {
				if r.Network != net || r.Method != m.Name || r.Utility == nil {
					continue
				}
				kept := 0
				for _, u := range r.Utility {
					if u.Preserved {
						kept++
					}
				}
				total[m.Name] += float64(kept) / float64(len(nets))
				fmt.Fprintf(w, " %d/%d (%.3f, %.2f, %.2f) |", kept, len(r.Utility),
					value(r.Utility, utility.MetricAvgClustering), value(r.Utility, utility.MetricAvgDistance), value(r.Utility, utility.MetricNMI))
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "| **mean preserved** |")
	for _, m := range methods {
		fmt.Fprintf(w, " **%.2f** |", total[m.Name])
	}
	fmt.Fprintln(w)
	return total
}
