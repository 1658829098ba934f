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

// generateFlags holds the flags of anonet generate.
type generateFlags struct {
	n           int
	avg, rewire float64
	edges       int64
	out, format string
}

func newGenerateCmd(e *env) *cli.Command {
	gf := &generateFlags{}
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
		RunE: func(cmd *cli.Command, args []string) error { return e.generate(cmd, gf, args[0]) },
	}
	gf.register(cmd.Flags())
	return cmd
}

// register declares the flags of generate on f.
func (gf *generateFlags) register(f *cli.FlagSet) {
	f.IntVarP(&gf.n, "nodes", "n", 0, "number of nodes")
	f.Float64Var(&gf.avg, "avg-degree", 0, "average degree D (ba, ws: an even integer)")
	f.Float64Var(&gf.rewire, "rewire", 0.05, "ws: probability of rewiring each edge")
	f.Int64Var(&gf.edges, "edges", 0, "population: the number of ties (default: average degree 165)")
	f.StringVarP(&gf.out, "output", "o", "", "output file")
	registerTo(f, &gf.format, "OUT", "from the file extension", true)
}

// config checks the flags for model: first those that apply to every
// model, then the output (outputs), then the model's own parameters
// (checkModel). It returns the output set and the format of OUT.
func (gf *generateFlags) config(e *env, cmd *cli.Command, model string) (*outputSet, graphio.Format, error) {
	if model != "er" && model != "ba" && model != "ws" && model != "population" {
		return nil, "", usageErrorf("unknown model %q (known: er, ba, ws, population)", model)
	}
	fl := cmd.Flags()
	if !fl.Changed("nodes") {
		return nil, "", usageErrorf("-n (the number of nodes) is required")
	}
	if fl.Changed("edges") && model != "population" {
		return nil, "", usageErrorf("--edges applies to the population model only")
	}
	if fl.Changed("edges") && fl.Changed("avg-degree") {
		return nil, "", usageErrorf("give --edges or --avg-degree, not both")
	}
	if !fl.Changed("avg-degree") && model != "population" {
		return nil, "", usageErrorf("--avg-degree is required")
	}
	if fl.Changed("rewire") && model != "ws" {
		return nil, "", usageErrorf("--rewire applies to the ws model only")
	}
	if gf.n < 1 || gf.n > math.MaxInt32 {
		return nil, "", usageErrorf("-n must be between 1 and %d, got %d", math.MaxInt32, gf.n)
	}
	if math.IsNaN(gf.avg) || math.IsInf(gf.avg, 0) || gf.avg < 0 {
		return nil, "", usageErrorf("--avg-degree must be a non-negative number, got %v", gf.avg)
	}
	outs, outFormat, err := gf.outputs(e)
	if err != nil {
		return nil, "", err
	}
	if err := gf.checkModel(model); err != nil {
		return nil, "", err
	}
	return outs, outFormat, nil
}

// outputs checks OUT and returns the output set and its format.
func (gf *generateFlags) outputs(e *env) (*outputSet, graphio.Format, error) {
	if gf.out == "" {
		return nil, "", usageErrorf("no output file: give -o OUT")
	}
	outs := e.newOutputs()
	if err := outs.add("-o", gf.out); err != nil {
		return nil, "", err
	}
	outFormat, err := outputFormat(gf.out, gf.format)
	if err != nil {
		return nil, "", err
	}
	return outs, outFormat, nil
}

// checkModel checks the parameters of the model er, ba or ws (those of
// population are checked by the generator).
func (gf *generateFlags) checkModel(model string) error {
	switch model {
	case "er":
		if gf.avg > float64(gf.n-1) {
			return usageErrorf("er: --avg-degree %v exceeds n−1 = %d", gf.avg, gf.n-1)
		}
	case "ba":
		if gf.avg != math.Trunc(gf.avg) || int(gf.avg)%2 != 0 || gf.avg < 2 {
			return usageErrorf("ba: --avg-degree must be an even integer >= 2 (each new node brings m = D/2 edges), got %v", gf.avg)
		}
		if m := int(gf.avg) / 2; m >= gf.n {
			return usageErrorf("ba: m = D/2 = %d edges per new node needs more than %d nodes", m, m)
		}
	case "ws":
		if gf.avg != math.Trunc(gf.avg) || int(gf.avg)%2 != 0 {
			return usageErrorf("ws: --avg-degree (the ring degree) must be an even integer, got %v", gf.avg)
		}
		if int(gf.avg) >= gf.n && gf.avg > 0 {
			return usageErrorf("ws: --avg-degree %v must be below n = %d", gf.avg, gf.n)
		}
		if math.IsNaN(gf.rewire) || gf.rewire < 0 || gf.rewire > 1 {
			return usageErrorf("--rewire must be a probability in [0, 1], got %v", gf.rewire)
		}
	}
	return nil
}

// populationEdges returns the number of ties of a population network:
// --edges, or N·D/2 for --avg-degree D, or by default that of the mean
// degree generate.DefaultMeanDegree.
func (gf *generateFlags) populationEdges(cmd *cli.Command) int64 {
	switch fl := cmd.Flags(); {
	case fl.Changed("avg-degree"):
		return int64(math.Round(float64(gf.n) * gf.avg / 2))
	case !fl.Changed("edges"):
		return int64(math.Round(generate.DefaultMeanDegree * float64(gf.n) / 2))
	}
	return gf.edges
}

// draw draws a network of the model er, ba or ws from rng.
func (gf *generateFlags) draw(model string, rng *rand.Rand) (*graph.Graph, error) {
	switch model {
	case "er":
		return generate.ErdosRenyi(gf.n, gf.avg, rng)
	case "ba":
		return generate.BarabasiAlbert(gf.n, int(gf.avg)/2, rng)
	}
	return generate.WattsStrogatz(gf.n, int(gf.avg), gf.rewire, rng)
}

// generate runs anonet generate for model.
func (e *env) generate(cmd *cli.Command, gf *generateFlags, model string) error {
	start := time.Now()
	outs, outFormat, err := gf.config(e, cmd, model)
	if err != nil {
		return err
	}
	res := generateResult{Model: model, Nodes: gf.n, RequestedAvgDegree: gf.avg, Seed: e.seed, Output: gf.out, Format: string(outFormat)}
	if model == "population" {
		edges := gf.populationEdges(cmd)
		res.RequestedEdges = edges
		res.RequestedAvgDegree = 2 * float64(edges) / float64(gf.n)
		return e.generatePopulation(outs, &res, edges, start)
	}
	if model == "ws" {
		res.Rewire = &gf.rewire
	}
	g, err := gf.draw(model, rand.New(rand.NewPCG(e.seed, 0)))
	if err != nil {
		return inputError(err)
	}
	outs.set("-o", func(w io.Writer) error { return e.writeGraph(w, g, outFormat) })
	return e.generated(outs, &res, int64(g.NumEdges()), start)
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
	return e.generated(outs, res, m, start)
}

// generated writes the network of res, of m edges, whose output is set in
// outs, and reports it: a note, and the result with --json.
func (e *env) generated(outs *outputSet, res *generateResult, m int64, start time.Time) error {
	if err := outs.commit(); err != nil {
		return err
	}
	res.Edges = int(m)
	res.AvgDegree = finite(2 * float64(m) / float64(res.Nodes))
	e.notef("wrote %s: %s network, %d nodes, %d edges, average degree %.4g (%s)", res.Output, res.Model, res.Nodes, m, *res.AvgDegree, res.Format)
	res.measure(start)
	if e.json {
		return writeJSON(e.stdout, res)
	}
	return nil
}
