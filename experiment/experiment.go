package experiment

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// Network is a named graph.
type Network struct {
	Name  string
	Graph *graph.Graph
}

// Run is the outcome of one anonymization.
type Run struct {
	Network      string
	Strategy     anonymize.Strategy
	Variant      anonymize.Variant
	Seed         uint64
	Nodes, Edges int
	UniqueBefore int // nodes not 2-anonymous before (count, d = 1)
	UniqueAfter  int // after, in the returned state
	EdgesAltered int
	Seconds      float64
}

// Compare anonymizes every network with every strategy in the full and the
// budgeted (5% of the edges) variants, once per seed, under count at d = 1
// with k = 2 and the paper's recompute gap of 1% of the edges.
func Compare(nets []Network, strategies []anonymize.Strategy, seeds []uint64, progress func(Run)) ([]Run, error) {
	var runs []Run
	for _, net := range nets {
		for _, v := range []anonymize.Variant{anonymize.Full, anonymize.Budgeted} {
			for _, s := range strategies {
				for _, seed := range seeds {
					g := net.Graph.Clone()
					cfg := anonymize.Config{
						Measure: measure.Count{}, D: 1, K: 2, Strategy: s, Variant: v, Seed: seed,
						Budget: anonymize.BudgetOf(anonymize.DefaultBudgetFraction, net.Graph.NumEdges()),
					}
					start := time.Now()
					res, err := anonymize.Run(g, cfg)
					if err != nil {
						return nil, fmt.Errorf("%s %s %s: %w", net.Name, s, v, err)
					}
					r := Run{
						Network: net.Name, Strategy: s, Variant: v, Seed: seed,
						Nodes: res.Nodes, Edges: res.EdgesBefore,
						UniqueBefore: res.Before().NotKAnonymous, UniqueAfter: res.After().NotKAnonymous,
						EdgesAltered: res.After().EdgesAltered, Seconds: time.Since(start).Seconds(),
					}
					runs = append(runs, r)
					if progress != nil {
						progress(r)
					}
				}
			}
		}
	}
	return runs, nil
}

// mean returns the mean and the standard deviation of xs.
func mean(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	m := s / float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	if len(xs) > 1 {
		v /= float64(len(xs) - 1)
	}
	return m, math.Sqrt(v)
}

// collect returns f of the runs matching network, strategy and variant.
func collect(runs []Run, net string, s anonymize.Strategy, v anonymize.Variant, f func(Run) float64) []float64 {
	var out []float64
	for _, r := range runs {
		if r.Network == net && r.Strategy == s && r.Variant == v {
			out = append(out, f(r))
		}
	}
	return out
}

// StrategyTable writes the es/ua comparison as Markdown: per network, the
// fraction of edges kept by full anonymization and the fraction of the
// initially non-anonymous nodes anonymized within a 5% budget (means over
// the seeds), and the improvement ratios ua/es. It returns the average
// ratios over the networks where both are finite.
func StrategyTable(w io.Writer, runs []Run) (keptRatio, anonRatio float64) {
	var nets []string
	for _, r := range runs {
		if !slices.Contains(nets, r.Network) {
			nets = append(nets, r.Network)
		}
	}
	kept := func(r Run) float64 { return 1 - float64(r.EdgesAltered)/float64(r.Edges) }
	anonymized := func(r Run) float64 {
		if r.UniqueBefore == 0 {
			return math.NaN()
		}
		return float64(r.UniqueBefore-r.UniqueAfter) / float64(r.UniqueBefore)
	}
	fmt.Fprintln(w, "| network | n | m | not 2-anon. before | full: edges kept, es | full: edges kept, ua | ratio ua/es | 5% budget: anonymized, es | 5% budget: anonymized, ua | ratio ua/es | seconds (all runs) |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	var kr, ar []float64
	for _, net := range nets {
		var first Run
		secs := 0.0
		for _, r := range runs {
			if r.Network == net {
				if first.Network == "" {
					first = r
				}
				secs += r.Seconds
			}
		}
		ke, kes := mean(collect(runs, net, anonymize.ES, anonymize.Full, kept))
		ku, kus := mean(collect(runs, net, anonymize.UA, anonymize.Full, kept))
		ae, aes := mean(collect(runs, net, anonymize.ES, anonymize.Budgeted, anonymized))
		au, aus := mean(collect(runs, net, anonymize.UA, anonymize.Budgeted, anonymized))
		k, a := ku/ke, au/ae
		if !math.IsInf(k, 0) && !math.IsNaN(k) {
			kr = append(kr, k)
		}
		if !math.IsInf(a, 0) && !math.IsNaN(a) {
			ar = append(ar, a)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %.1f |\n",
			strings.TrimSuffix(net, ".nauty"), first.Nodes, first.Edges, first.UniqueBefore,
			pm(ke, kes), pm(ku, kus), ratio(k), pm(ae, aes), pm(au, aus), ratio(a), secs)
	}
	keptRatio, _ = mean(kr)
	anonRatio, _ = mean(ar)
	fmt.Fprintf(w, "| **mean ratio** | | | | | | **%s** | | | **%s** | |\n", ratio(keptRatio), ratio(anonRatio))
	return keptRatio, anonRatio
}

func pm(m, s float64) string {
	if math.IsNaN(m) {
		return "–"
	}
	return fmt.Sprintf("%.3f ± %.3f", m, s)
}

func ratio(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.2f×", x)
}

// CascadeRow is the anonymity cascade of one network.
type CascadeRow struct {
	Network      string
	Nodes        int
	Unique       int
	Levels       []int
	Identifiable int
	Seconds      float64
}

// Cascades computes the anonymity cascade under count at d = 1 for every
// network.
func Cascades(nets []Network) ([]CascadeRow, error) {
	var rows []CascadeRow
	for _, net := range nets {
		start := time.Now()
		p, err := anonymity.New(net.Graph, measure.Count{}, 1, anonymity.Options{})
		if err != nil {
			return nil, err
		}
		c, err := anonymity.Cascade(p, p, anonymity.CascadeOptions{})
		if err != nil {
			return nil, err
		}
		rows = append(rows, CascadeRow{
			Network: net.Name, Nodes: net.Graph.NumNodes(), Unique: p.Unique(),
			Levels: c.Levels, Identifiable: c.Total(), Seconds: time.Since(start).Seconds(),
		})
	}
	return rows, nil
}

// CascadeTable writes the cascade rows as Markdown.
func CascadeTable(w io.Writer, rows []CascadeRow) {
	fmt.Fprintln(w, "| network | n | unique (U) | identifiable by the cascade | factor | levels (cumulative) |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | --- |")
	for _, r := range rows {
		f := "–"
		if r.Unique > 0 {
			f = fmt.Sprintf("%.1f×", float64(r.Identifiable)/float64(r.Unique))
		}
		lv := make([]string, len(r.Levels))
		for i, x := range r.Levels {
			lv[i] = fmt.Sprint(x)
		}
		fmt.Fprintf(w, "| %s | %d | %d (%.3f) | %d (%.3f) | %s | %s |\n",
			strings.TrimSuffix(r.Network, ".nauty"), r.Nodes, r.Unique, float64(r.Unique)/float64(r.Nodes),
			r.Identifiable, float64(r.Identifiable)/float64(r.Nodes), f, strings.Join(lv, ", "))
	}
}
