package main

import (
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/spf13/cobra"

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
	Seed               uint64   `json:"seed"`
	Output             string   `json:"output"`
	Format             string   `json:"format"`
	cost                        // seconds, peak_memory_bytes
}

func newGenerateCmd(e *env) *cobra.Command {
	var n int
	var avg, rewire float64
	var out, format string
	cmd := &cobra.Command{
		Use:   "generate er|ba|ws -n N --avg-degree D -o OUT",
		Short: "Generate a random network: Erdős–Rényi, Barabási–Albert or Watts–Strogatz",
		Long: `generate draws a random network from one of the models of the reference's
experiments and writes it to OUT (format from the extension or --format):

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

The graph depends only on the model, its parameters and --seed. Nodes are
numbered 0..n−1. See docs/generate.md.`,
		Example: "  anonet generate er -n 500 --avg-degree 4 -o er.edges\n" +
			"  anonet generate ba -n 100000 --avg-degree 16 -o ba.edges.gz --seed 7\n" +
			"  anonet generate ws -n 500 --avg-degree 16 --rewire 0.05 -o ws.graphml",
		Args: exactArgs(1, "a model (er, ba or ws)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			start := time.Now()
			model := args[0]
			if model != "er" && model != "ba" && model != "ws" {
				return usageErrorf("unknown model %q (known: er, ba, ws)", model)
			}
			fl := cmd.Flags()
			if !fl.Changed("nodes") {
				return usageErrorf("-n (the number of nodes) is required")
			}
			if !fl.Changed("avg-degree") {
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
			outs.set("-o", func(w io.Writer) error { return graphio.Write(w, g, outFormat) })
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
	f.StringVarP(&out, "output", "o", "", "output file")
	registerTo(f, &format, "OUT", "from the file extension", true)
	return cmd
}
