package experiment

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/generate"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// SmallGraph is a small random graph of the optimality comparison.
type SmallGraph struct {
	Name  string // model and parameters
	Graph *graph.Graph
	K     int
}

// SmallGraphs returns count random graphs small enough for the exact
// solver, cycling through Erdős–Rényi, Barabási–Albert and Watts–Strogatz
// models of 12 to 20 nodes at several densities, with k = 2 and 3, drawn
// from seed. Graphs whose exact optimum keeps no edge at all are replaced.
func SmallGraphs(count int, seed uint64) ([]SmallGraph, error) {
	r := rand.New(rand.NewPCG(seed, 0x736d616c6c)) // "small"
	var out []SmallGraph
	for i := 0; len(out) < count; i++ {
		n := 12 + r.IntN(9)
		k := 2 + i%2
		var g *graph.Graph
		var name string
		var err error
		switch i % 3 {
		case 0:
			d := 2 + 2*r.Float64()
			g, err = generate.ErdosRenyi(n, d, r)
			name = fmt.Sprintf("er n=%d deg=%.1f", n, d)
		case 1:
			m := 1 + r.IntN(2)
			g, err = generate.BarabasiAlbert(n, m, r)
			name = fmt.Sprintf("ba n=%d m=%d", n, m)
		default:
			kk := 2 * (1 + r.IntN(2))
			g, err = generate.WattsStrogatz(n, kk, 0.3, r)
			name = fmt.Sprintf("ws n=%d k=%d p=0.3", n, kk)
		}
		if err != nil {
			return nil, err
		}
		if g.NumEdges() > 34 || g.NumEdges() < 8 {
			continue
		}
		out = append(out, SmallGraph{Name: fmt.Sprintf("#%d %s k=%d", len(out)+1, name, k), Graph: g, K: k})
	}
	return out, nil
}

// GapRow is one method's result on one small graph.
type GapRow struct {
	Graph    string
	Edges    int
	K        int
	Optimum  int // edges kept by the best release (proven if Proven)
	Proven   bool
	Method   string
	Kept     int
	Seconds  float64
	Optimal  bool    // Kept == Optimum
	Proved   bool    // the method itself proved its release optimal (Result.Refinement.Optimal)
	Fraction float64 // Kept / Optimum
}

// Optimality runs every method on every small graph (count, d = 1, full
// variant, one seed) and compares the edges it keeps with the exact
// optimum of anonymize.Optimum.
func Optimality(graphs []SmallGraph, methods []Method, seed uint64, progress func(GapRow)) ([]GapRow, error) {
	var rows []GapRow
	for _, sg := range graphs {
		cfg := anonymize.Config{Measure: measure.Count{}, D: 1, K: sg.K, Variant: anonymize.Full, Seed: seed}
		opt, err := anonymize.Optimum(context.Background(), sg.Graph, cfg, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sg.Name, err)
		}
		for _, m := range methods {
			g := sg.Graph.Clone()
			c := cfg
			m.apply(&c, sg.Graph.NumEdges())
			start := time.Now()
			res, err := anonymize.Run(g, c)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", sg.Name, m.Name, err)
			}
			if !res.TargetReached {
				return nil, fmt.Errorf("%s %s: target not reached", sg.Name, m.Name)
			}
			row := GapRow{
				Graph: sg.Name, Edges: sg.Graph.NumEdges(), K: sg.K, Optimum: opt.Kept, Proven: opt.Proven,
				Method: m.Name, Kept: g.NumEdges(), Seconds: time.Since(start).Seconds(),
				Optimal: g.NumEdges() == opt.Kept, Proved: res.Refinement.Optimal,
			}
			if opt.Kept > 0 {
				row.Fraction = float64(row.Kept) / float64(opt.Kept)
			} else {
				row.Fraction = 1
			}
			rows = append(rows, row)
			if progress != nil {
				progress(row)
			}
		}
	}
	return rows, nil
}

// GapSummary is one method's optimality over the small graphs.
type GapSummary struct {
	Method       string
	Graphs       int
	Optimal      int     // graphs where it keeps the optimum
	Proved       int     // graphs where it proved its release optimal
	MeanFraction float64 // mean of kept/optimum
	MinFraction  float64
	MeanRatioUA  float64 // mean of kept/(edges ua keeps), where ua keeps some
	Seconds      float64 // total time
}

// SummarizeGaps summarises the rows per method, in the order of methods.
func SummarizeGaps(rows []GapRow, methods []Method) []GapSummary {
	var out []GapSummary
	uaKept := map[string]int{}
	for _, r := range rows {
		if r.Method == "ua" {
			uaKept[r.Graph] = r.Kept
		}
	}
	for _, m := range methods {
		s := GapSummary{Method: m.Name, MinFraction: 1}
		var fr, ur []float64
		for _, r := range rows {
			if r.Method != m.Name {
				continue
			}
			s.Graphs++
			if r.Optimal {
				s.Optimal++
			}
			if r.Proved {
				s.Proved++
			}
			fr = append(fr, r.Fraction)
			s.MinFraction = min(s.MinFraction, r.Fraction)
			if u := uaKept[r.Graph]; u > 0 {
				ur = append(ur, float64(r.Kept)/float64(u))
			}
			s.Seconds += r.Seconds
		}
		s.MeanFraction, _ = mean(fr)
		s.MeanRatioUA, _ = mean(ur)
		out = append(out, s)
	}
	return out
}

// GapTable writes the summaries as Markdown.
func GapTable(w io.Writer, sums []GapSummary) {
	fmt.Fprintln(w, "| method | graphs | optimal | proved optimal by the method | mean kept / optimum | worst kept / optimum | mean kept / ua's | total s |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, s := range sums {
		fmt.Fprintf(w, "| %s | %d | %d (%.0f%%) | %d | %.3f | %.3f | %.2f× | %.2f |\n", s.Method, s.Graphs, s.Optimal,
			100*float64(s.Optimal)/float64(max(1, s.Graphs)), s.Proved, s.MeanFraction, s.MinFraction, s.MeanRatioUA, s.Seconds)
	}
}
