package main

import (
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/generate"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

// generateResult is the output of anonet generate --json.
type generateResult struct {
	Model              string   `json:"model"`
	Nodes              int      `json:"nodes"`
	Edges              int      `json:"edges"`
	AvgDegree          *float64 `json:"avg_degree"`
	RequestedAvgDegree float64  `json:"requested_avg_degree"`
	Rewire             *float64 `json:"rewire,omitempty"`
	RequestedEdges     int64    `json:"requested_edges,omitempty"` // population
	Regions            int      `json:"regions,omitempty"`         // population
	Scale              *float64 `json:"scale,omitempty"`           // population: λ, the factor of the tie probabilities
	Seed               uint64   `json:"seed"`
	Output             string   `json:"output"`
	Format             string   `json:"format"`
	cost                        // seconds, peak_memory_bytes
}

func newGenerateCmd(e *env) *cli.Command {
	var n int
	var avg, rewire float64
	var edges int64
	var out, format string
	cmd := &cli.Command{
		Use:   "generate er|ba|ws|population -n N --avg-degree D -o OUT",
		Short: "Generate a random network: Erdős–Rényi, Barabási–Albert, Watts–Strogatz or a synthetic population",
		Long: `generate draws a random network from one of the models of the reference's
experiments and writes it to OUT (format from the extension or --to):

  er  Erdős–Rényi G(n, p) with p = D/(n−1): every pair of nodes is linked
      independently, so the average degree is D on average (0 <= D <= n−1).
  ba  Barabási–Albert preferential attachment: from a star of m+1 nodes,
      every new node links to m = D/2 existing nodes chosen with probability
      proportional to their degree. D must be an even integer; the average
      degree is 2m(n−m)/n, just under D.
  ws  Watts–Strogatz: a ring where every node is linked to its D nearest
      neighbours, each edge rewired with probability --rewire (default
      0.05). D must be an even integer below n; the average degree is
      exactly D.
  population  a synthetic person network of N people: households, neighbours,
      schools and work places (a layered stochastic block model with
      heavy-tailed degrees and high clustering), with --edges M ties
      (within a fraction of a percent), or --avg-degree D (M = N·D/2), or
      by default the mean degree 165 of the Dutch person network. Written
      to an .anonet file it is streamed: a network of a billion ties is
      written in a few hundred megabytes of memory, drawn twice (once to
      count the ties).

The graph depends only on the model, its parameters and --seed. Nodes are
numbered 0..n−1. See docs/generate.md.`,
		Example: "  anonet generate er -n 500 --avg-degree 4 -o er.edges\n" +
			"  anonet generate ba -n 100000 --avg-degree 16 -o ba.edges.gz --seed 7\n" +
			"  anonet generate ws -n 500 --avg-degree 16 --rewire 0.05 -o ws.graphml\n" +
			"  anonet generate population -n 17200000 --edges 1420000000 -o nl.anonet",
		Args: exactArgs(1, "a model (er, ba, ws or population)"),
		RunE: func(cmd *cli.Command, args []string) error {
			start := time.Now()
			model := args[0]
			if model != "er" && model != "ba" && model != "ws" && model != "population" {
				return usageErrorf("unknown model %q (known: er, ba, ws, population)", model)
			}
			fl := cmd.Flags()
			if !fl.Changed("nodes") {
				return usageErrorf("-n (the number of nodes) is required")
			}
			if fl.Changed("edges") && model != "population" {
				return usageErrorf("--edges applies to the population model only")
			}
			if fl.Changed("edges") && fl.Changed("avg-degree") {
				return usageErrorf("give --edges or --avg-degree, not both")
			}
			if !fl.Changed("avg-degree") && model != "population" {
				return usageErrorf("--avg-degree is required")
			}
			if fl.Changed("rewire") && model != "ws" {
				return usageErrorf("--rewire applies to the ws model only")
			}
			if n < 1 || n > math.MaxInt32 {
				return usageErrorf("-n must be between 1 and %d, got %d", math.MaxInt32, n)
			}
			if math.IsNaN(avg) || math.IsInf(avg, 0) || avg < 0 {
				return usageErrorf("--avg-degree must be a non-negative number, got %v", avg)
			}
			if out == "" {
				return usageErrorf("no output file: give -o OUT")
			}
			outs := e.newOutputs()
			if err := outs.add("-o", out); err != nil {
				return err
			}
			outFormat, err := outputFormat(out, format)
			if err != nil {
				return err
			}
			rng := rand.New(rand.NewPCG(e.seed, 0))
			var g *graph.Graph
			res := generateResult{Model: model, Nodes: n, RequestedAvgDegree: avg, Seed: e.seed, Output: out, Format: string(outFormat)}
			if model == "population" {
				if fl.Changed("avg-degree") {
					edges = int64(math.Round(float64(n) * avg / 2))
				} else if !fl.Changed("edges") {
					edges = int64(math.Round(generate.DefaultMeanDegree * float64(n) / 2))
				}
				res.RequestedEdges = edges
				res.RequestedAvgDegree = 2 * float64(edges) / float64(n)
				return e.generatePopulation(outs, &res, edges, start)
			}
			switch model {
			case "er":
				if avg > float64(n-1) {
					return usageErrorf("er: --avg-degree %v exceeds n−1 = %d", avg, n-1)
				}
				g, err = generate.ErdosRenyi(n, avg, rng)
			case "ba":
				if avg != math.Trunc(avg) || int(avg)%2 != 0 || avg < 2 {
					return usageErrorf("ba: --avg-degree must be an even integer >= 2 (each new node brings m = D/2 edges), got %v", avg)
				}
				m := int(avg) / 2
				if m >= n {
					return usageErrorf("ba: m = D/2 = %d edges per new node needs more than %d nodes", m, m)
				}
				g, err = generate.BarabasiAlbert(n, m, rng)
			case "ws":
				if avg != math.Trunc(avg) || int(avg)%2 != 0 {
					return usageErrorf("ws: --avg-degree (the ring degree) must be an even integer, got %v", avg)
				}
				if int(avg) >= n && avg > 0 {
					return usageErrorf("ws: --avg-degree %v must be below n = %d", avg, n)
				}
				if math.IsNaN(rewire) || rewire < 0 || rewire > 1 {
					return usageErrorf("--rewire must be a probability in [0, 1], got %v", rewire)
				}
				res.Rewire = &rewire
				g, err = generate.WattsStrogatz(n, int(avg), rewire, rng)
			}
			if err != nil {
				return inputError(err)
			}
			outs.set("-o", func(w io.Writer) error { return e.writeGraph(w, g, outFormat) })
			if err := outs.commit(); err != nil {
				return err
			}
			res.Edges = g.NumEdges()
			res.AvgDegree = finite(2 * float64(g.NumEdges()) / float64(n))
			e.notef("wrote %s: %s network, %d nodes, %d edges, average degree %.4g (%s)", out, model, n, g.NumEdges(), *res.AvgDegree, outFormat)
			res.measure(start)
			if e.json {
				return writeJSON(e.stdout, res)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&n, "nodes", "n", 0, "number of nodes")
	f.Float64Var(&avg, "avg-degree", 0, "average degree D (ba, ws: an even integer)")
	f.Float64Var(&rewire, "rewire", 0.05, "ws: probability of rewiring each edge")
	f.Int64Var(&edges, "edges", 0, "population: the number of ties (default: average degree 165)")
	f.StringVarP(&out, "output", "o", "", "output file")
	registerTo(f, &format, "OUT", "from the file extension", true)
	return cmd
}

// generatePopulation draws a population network of res.Nodes people and
// about edges ties and writes it: streamed, in two passes over the
// generator, to a binary file; through a Graph to any other format.
func (e *env) generatePopulation(outs *outputSet, res *generateResult, edges int64, start time.Time) error {
	if edges < 1 {
		return usageErrorf("population: --edges must be positive, got %d", edges)
	}
	p, err := generate.NewPopulation(generate.PopulationConfig{Nodes: res.Nodes, Edges: edges}, e.seed, e.threads)
	if err != nil {
		return usageErrorf("%v", err)
	}
	res.Regions = p.Regions()
	res.Scale = finite(p.Scale())
	var m int64
	if res.Format == string(graphio.Binary) {
		e.notef("population: %d people in %d regions, λ = %.4g: counting the ties", res.Nodes, p.Regions(), p.Scale())
		if m, err = p.CountEdges(); err != nil {
			return inputError(err)
		}
		e.notef("population: %d ties; writing %s", m, res.Output)
		outs.set("-o", func(w io.Writer) error { return graphio.WriteBinaryStream(w, res.Nodes, m, p.Edges) })
	} else {
		g, err := p.Graph()
		if err != nil {
			return inputError(err)
		}
		m = int64(g.NumEdges())
		outs.set("-o", func(w io.Writer) error { return e.writeGraph(w, g, graphio.Format(res.Format)) })
	}
	if err := outs.commit(); err != nil {
		return err
	}
	res.Edges = int(m)
	res.AvgDegree = finite(2 * float64(m) / float64(res.Nodes))
	e.notef("wrote %s: population network, %d nodes, %d edges, average degree %.4g (%s)", res.Output, res.Nodes, m, *res.AvgDegree, res.Format)
	res.measure(start)
	if e.json {
		return writeJSON(e.stdout, res)
	}
	return nil
}
