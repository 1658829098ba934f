package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

// anonymizeResult is the JSON result of anonet anonymize.
type anonymizeResult struct {
	Graph                       string   `json:"graph"`
	Output                      string   `json:"output"`
	Nodes                       int      `json:"nodes"`
	EdgesBefore                 int      `json:"edges_before"`
	EdgesAfter                  int      `json:"edges_after"`
	EdgesAltered                int      `json:"edges_altered"`
	FractionAltered             float64  `json:"fraction_altered"`
	NotKAnonymousBefore         int      `json:"not_k_anonymous_before"`
	NotKAnonymousAfter          int      `json:"not_k_anonymous_after"`
	NotKAnonymousFractionBefore float64  `json:"not_k_anonymous_fraction_before"`
	NotKAnonymousFractionAfter  float64  `json:"not_k_anonymous_fraction_after"`
	UniqueBefore                int      `json:"unique_before"`
	UniqueAfter                 int      `json:"unique_after"`
	UniqueFractionBefore        float64  `json:"unique_fraction_before"`
	UniqueFractionAfter         float64  `json:"unique_fraction_after"`
	Target                      int      `json:"target"`
	TargetReached               bool     `json:"target_reached"`
	Iterations                  int      `json:"iterations"`
	BestIteration               int      `json:"best_iteration"`
	Algorithm                   string   `json:"algorithm"`
	Operation                   string   `json:"operation"`
	Variant                     string   `json:"variant"`
	Alpha                       float64  `json:"alpha"`
	Budget                      int      `json:"budget"`
	Recompute                   int      `json:"recompute"`
	Measure                     string   `json:"measure"`
	D                           int      `json:"d"`
	K                           int      `json:"k"`
	Seed                        uint64   `json:"seed"`
	Fuzzy                       *float64 `json:"fuzzy,omitempty"`
	Seconds                     float64  `json:"seconds"`
}

// parseAmount parses "5%" (a percentage of total, at least 1, rounded down,
// or to the nearest integer if round is set) or "N" (a count). It rejects
// values ≤ 0, and above total if capped.
func parseAmount(flag, s string, total int, round, capped bool) (int, error) {
	s = strings.TrimSpace(s)
	if p, ok := strings.CutSuffix(s, "%"); ok {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) {
			return 0, usageErrorf("%s %q: not a percentage", flag, s)
		}
		if x <= 0 || x > 100 {
			return 0, usageErrorf("%s %s must be above 0%% and at most 100%%", flag, s)
		}
		if round {
			return max(1, int(math.Round(x/100*float64(total)))), nil
		}
		return max(1, int(math.Floor(x/100*float64(total)+1e-9))), nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, usageErrorf("%s %q: want a number of edges or a percentage such as 5%%", flag, s)
	}
	if n <= 0 {
		return 0, usageErrorf("%s must be at least 1, got %d", flag, n)
	}
	if capped && n > total {
		return 0, usageErrorf("%s %d is more than the %d edges that can be altered (over 100%%)", flag, n, total)
	}
	return n, nil
}

func newAnonymizeCmd(e *env) *cobra.Command {
	var (
		mf                                  measureFlags
		out, format, algorithm, variant, op string
		budget, recompute                   string
		alpha, phi                          float64
		tracePath, deletedPath, mappingPath string
	)
	var rf reportFlags // --report, --plot (report.go)
	cmd := &cobra.Command{
		Use:   "anonymize GRAPH -o OUT",
		Short: "Alter a network until its nodes are k-anonymous",
		Long: `anonymize deletes (or adds, or rewires) edges until every node (--variant
full), a fraction alpha of the nodes (partial) or as many nodes as a budget of
alterations allows (budgeted) are k-anonymous under the measure. It repeats:
the strategy (--algorithm) selects R edges (--recompute), they are altered,
anonymity is updated; and it writes the best state seen (most k-anonymous
nodes, then fewest alterations) to OUT.

Strategies: es (uniform), degree (by the smaller degree of the ends), aff (by
the number of nodes whose signature the deletion can change), unique (edges at
non-anonymous nodes first), ua (by the number of non-anonymous nodes the
deletion can affect; the default and usually best), uao (unique edges first,
weighted as ua). Only es can add or rewire edges.

OUT gets fresh random node ids (from --seed) in an order that reveals nothing
of the input; --mapping writes the link between old and new ids, which must be
kept secret. The format of OUT comes from its extension, else the input's.`,
		Example: `  anonet anonymize karate -o karate-anon.edges --variant full
  anonet anonymize net.edges -o anon.edges --budget 5% --trace trace.csv
  anonet anonymize net.edges -o anon.edges --variant partial --alpha 0.9 --measure dk --json`,
		Args: exactArgs(1, "one GRAPH"),
		RunE: func(cmd *cobra.Command, args []string) error {
			start := time.Now()
			ms, err := mf.measures(false)
			if err != nil {
				return err
			}
			cfg := anonymize.Config{Measure: ms[0], D: mf.d, K: mf.k, Seed: e.seed, Threads: e.threads}
			if cfg.Strategy, err = anonymize.ParseStrategy(algorithm); err != nil {
				return usageErrorf("--algorithm: %v", err)
			}
			if cfg.Variant, err = anonymize.ParseVariant(variant); err != nil {
				return usageErrorf("--variant: %v", err)
			}
			if cfg.Operation, err = anonymize.ParseOperation(op); err != nil {
				return usageErrorf("--operation: %v", err)
			}
			if cmd.Flags().Changed("alpha") && cfg.Variant != anonymize.Partial {
				return usageErrorf("--alpha applies to --variant partial only")
			}
			if cmd.Flags().Changed("budget") && cfg.Variant != anonymize.Budgeted {
				return usageErrorf("--budget applies to --variant budgeted only (full and partial may alter every edge)")
			}
			if err := checkAlpha(alpha); err != nil {
				return err
			}
			cfg.Alpha = alpha
			if cmd.Flags().Changed("fuzzy") {
				if err := checkFuzzy(phi, ms[0]); err != nil {
					return err
				}
				cfg.Fuzzy, cfg.Phi = true, phi
			}
			// Every output must be new: never the input, never each other.
			outputs := map[string]string{"-o": out, "--trace": tracePath, "--deleted": deletedPath, "--mapping": mappingPath}
			seen := map[string]string{}
			for _, flag := range []string{"-o", "--trace", "--deleted", "--mapping"} {
				path := outputs[flag]
				if path == "" {
					if flag == "-o" {
						return usageErrorf("no output file: give -o OUT")
					}
					continue
				}
				if err := checkOutput(path, args[0]); err != nil {
					return err
				}
				abs, _ := filepath.Abs(path)
				if other, ok := seen[abs]; ok {
					return usageErrorf("%s and %s name the same file %s", other, flag, path)
				}
				seen[abs] = flag
			}
			if err := rf.check(args[:1], out, tracePath, deletedPath, mappingPath); err != nil {
				return err
			}
			in, err := e.readGraph(args[0], format)
			if err != nil {
				return err
			}
			outFormat, err := anonymizedFormat(out, in.format)
			if err != nil {
				return err
			}
			n, m := in.g.NumNodes(), in.g.NumEdges()
			alterable := anonymize.Alterable(cfg.Operation, n, m)
			if alterable <= 0 {
				verb := map[anonymize.Operation]string{anonymize.Delete: "deleted", anonymize.Add: "added", anonymize.Rewire: "rewired"}[cfg.Operation]
				return inputError(fmt.Errorf("%s has no edges that could be %s", in.name, verb))
			}
			if cfg.Variant == anonymize.Budgeted {
				if cfg.Budget, err = parseAmount("--budget", budget, alterable, false, true); err != nil {
					return err
				}
			}
			// R is a share of the edges, as in the paper, whatever the operation.
			if cfg.Recompute, err = parseAmount("--recompute", recompute, m, true, false); err != nil {
				return err
			}
			// Resolve the defaults now, to reject a bad combination before
			// any work and to know the budget and target for progress.
			if cfg, err = cfg.WithDefaults(n, m); err != nil {
				return usageErrorf("%v", err)
			}
			pr := e.newProgress()
			target := anonymize.Target(cfg.Alpha, n)
			cfg.Progress = func(it anonymize.Iteration) {
				eta := ""
				if el := time.Since(start); it.EdgesAltered > 0 {
					budgetLeft := float64(cfg.Budget-it.EdgesAltered) / float64(it.EdgesAltered)
					eta = fmt.Sprintf(", at most %s left", (time.Duration(budgetLeft * float64(el))).Round(time.Second))
				}
				pr.update("iteration %d: %d/%d nodes %d-anonymous (target %d), %d edges altered (%.1f%%)%s",
					it.Iteration, in.g.NumNodes()-it.NotKAnonymous, in.g.NumNodes(), cfg.K, target,
					it.EdgesAltered, 100*it.FractionAltered, eta)
			}
			permKey := outputKey(e.seed, in.g) // before Run changes the graph
			var orig *graph.Graph              // the input, kept for the report
			if rf.wanted() {
				orig = in.g.Clone()
			}
			res, err := anonymize.Run(in.g, cfg)
			pr.done()
			if err != nil {
				return inputError(err)
			}
			perm := rand.New(rand.NewChaCha8(permKey)).Perm(in.g.NumNodes())
			anon := relabel(in.g, perm)
			if err := graphio.WriteFile(out, anon, graphio.WriteOptions{Format: outFormat}); err != nil {
				return inputError(err)
			}
			if tracePath != "" {
				if err := graphio.AtomicWrite(tracePath, func(w io.Writer) error { return writeTrace(w, res.Trace) }); err != nil {
					return inputError(err)
				}
			}
			if deletedPath != "" {
				if err := graphio.AtomicWrite(deletedPath, func(w io.Writer) error { return writeAltered(w, in.g, res.Alterations) }); err != nil {
					return inputError(err)
				}
			}
			if mappingPath != "" {
				if err := graphio.AtomicWrite(mappingPath, func(w io.Writer) error { return writeMapping(w, in.g, perm) }); err != nil {
					return inputError(err)
				}
				fmt.Fprintf(e.stderr, "warning: %s links every anonymized node to its original id; keep it secret and never publish it with %s\n", mappingPath, out)
			}
			r := summary(in.name, out, res, e.seed)
			r.Seconds = time.Since(start).Seconds()
			if rf.wanted() {
				if err := e.anonymizeReport(rf, r, orig, anon, perm, res); err != nil {
					return err
				}
			}
			if e.json {
				return writeJSON(e.stdout, r)
			}
			return printAnonymize(e.stdout, r)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "output", "o", "", "file to write the anonymized network to (required)")
	mf.register(f, false)
	f.StringVar(&format, "format", "", "input format (default: from the file extension)")
	f.StringVar(&algorithm, "algorithm", "ua", "edge selection strategy: es, degree, aff, unique, ua, uao")
	f.StringVar(&variant, "variant", "budgeted", "target: full (all nodes), partial (--alpha of the nodes) or budgeted (--budget alterations)")
	f.StringVar(&budget, "budget", "5%", "budgeted variant: maximum alterations, a number of edges or a percentage of the edges")
	f.Float64Var(&alpha, "alpha", 0.95, "partial variant: fraction of nodes that must become k-anonymous, in (0, 1]")
	f.StringVar(&recompute, "recompute", "1%", "recompute gap R: edges altered per iteration, a number or a percentage of the edges")
	f.Float64Var(&phi, "fuzzy", 0, "target fuzzy anonymity: nodes whose signatures differ by at most this percentage count as equivalent")
	f.StringVar(&op, "operation", "delete", "alteration: delete, add (random non-edges) or rewire (swap ends of two edges)")
	f.StringVar(&tracePath, "trace", "", "write one CSV row per iteration to this file")
	f.StringVar(&deletedPath, "deleted", "", "write the altered edges, by original node id, to this file")
	f.StringVar(&mappingPath, "mapping", "", "write the secret mapping original id → anonymized id to this file")
	rf.register(f, true)
	return cmd
}

// outputKey derives the key of the permutation that gives the output its
// fresh node ids: SHA-256 of the seed and the whole input graph (node
// count, labels, sorted edges). The data owner gets the same ids for the
// same input and seed, but nobody without the original network can
// recompute the permutation: one keyed by the seed alone could be inverted
// from the node count, since the default seed is public.
func outputKey(seed uint64, g *graph.Graph) [32]byte {
	h := sha256.New()
	var buf []byte
	buf = binary.LittleEndian.AppendUint64(buf, seed)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(g.NumNodes()))
	for v := range int32(g.NumNodes()) {
		l := g.Label(v)
		buf = binary.AppendUvarint(buf, uint64(len(l)))
		buf = append(buf, l...)
		nb := g.Neighbors(v)
		i, _ := slices.BinarySearch(nb, v+1)
		buf = binary.AppendUvarint(buf, uint64(len(nb)-i)) // the edges {v, w}, w > v
		for _, w := range nb[i:] {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(w))
		}
		if len(buf) > 1<<16 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	var key [32]byte
	copy(key[:], h.Sum(nil))
	return key
}

// anonymizedFormat is the format of OUT's extension, or the input's format
// when OUT has no extension.
func anonymizedFormat(out string, input graphio.Format) (graphio.Format, error) {
	base := strings.TrimSuffix(strings.ToLower(filepath.Base(out)), ".gz")
	if filepath.Ext(base) == "" {
		return input, nil
	}
	f, err := graphio.FormatOf(out)
	return f, inputError(err)
}

// relabel returns g with node v renamed perm[v] and no labels, so that the
// ids and the order of the output reveal nothing of the input.
func relabel(g *graph.Graph, perm []int) *graph.Graph {
	pairs := make([]graph.Edge, 0, g.NumEdges())
	for _, e := range g.Edges() {
		pairs = append(pairs, graph.Edge{U: int32(perm[e.U]), V: int32(perm[e.V])})
	}
	h, _, _ := graph.FromEdges(g.NumNodes(), pairs, nil) // cannot fail: ids in range
	return h
}

func writeTrace(w io.Writer, trace []anonymize.Iteration) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "iteration,edges_altered,fraction_altered,unique,unique_fraction,not_k_anonymous,seconds_select,seconds_update")
	for _, it := range trace {
		fmt.Fprintf(bw, "%d,%d,%s,%d,%s,%d,%s,%s\n", it.Iteration, it.EdgesAltered,
			csvFloat(it.FractionAltered), it.Unique, csvFloat(it.UniqueFraction), it.NotKAnonymous,
			csvFloat(it.SecondsSelect), csvFloat(it.SecondsUpdate))
	}
	return bw.Flush()
}

func csvFloat(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }

// writeAltered writes the alterations as a TSV of original labels.
func writeAltered(w io.Writer, g *graph.Graph, alts []anonymize.Alteration) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "u\tv\toperation")
	for _, a := range alts {
		op := "delete"
		if a.Added {
			op = "add"
		}
		fmt.Fprintf(bw, "%s\t%s\t%s\n", g.Label(a.U), g.Label(a.V), op)
	}
	return bw.Flush()
}

// writeMapping writes the TSV original label → anonymized id.
func writeMapping(w io.Writer, g *graph.Graph, perm []int) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "original\tanonymized")
	for v := range g.NumNodes() {
		fmt.Fprintf(bw, "%s\t%d\n", g.Label(int32(v)), perm[v])
	}
	return bw.Flush()
}

func summary(name, out string, res *anonymize.Result, seed uint64) anonymizeResult {
	b, a := res.Before(), res.After()
	n := float64(res.Nodes)
	c := res.Config
	return anonymizeResult{
		Graph: name, Output: out, Nodes: res.Nodes,
		EdgesBefore: res.EdgesBefore, EdgesAfter: res.EdgesAfter,
		EdgesAltered: a.EdgesAltered, FractionAltered: a.FractionAltered,
		NotKAnonymousBefore: b.NotKAnonymous, NotKAnonymousAfter: a.NotKAnonymous,
		NotKAnonymousFractionBefore: float64(b.NotKAnonymous) / n, NotKAnonymousFractionAfter: float64(a.NotKAnonymous) / n,
		UniqueBefore: b.Unique, UniqueAfter: a.Unique,
		UniqueFractionBefore: b.UniqueFraction, UniqueFractionAfter: a.UniqueFraction,
		Target: res.Target, TargetReached: res.TargetReached,
		Iterations: len(res.Trace) - 1, BestIteration: res.Best,
		Algorithm: string(c.Strategy), Operation: string(c.Operation), Variant: string(c.Variant),
		Alpha: c.Alpha, Budget: c.Budget, Recompute: c.Recompute,
		Measure: c.Measure.Name(), D: c.D, K: c.K, Seed: seed,
		Fuzzy: fuzzyPhi(c),
	}
}

func fuzzyPhi(c anonymize.Config) *float64 {
	if !c.Fuzzy {
		return nil
	}
	return &c.Phi
}

func printAnonymize(w io.Writer, r anonymizeResult) error {
	fmt.Fprintf(w, "%s → %s: %d nodes; %s, d = %d, k = %d; %s %s, %s variant\n\n",
		r.Graph, r.Output, r.Nodes, r.Measure, r.D, r.K, r.Algorithm, r.Operation, r.Variant)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "\tbefore\tafter\n")
	fmt.Fprintf(tw, "edges\t%d\t%d\n", r.EdgesBefore, r.EdgesAfter)
	fmt.Fprintf(tw, "unique nodes\t%d (%.1f%%)\t%d (%.1f%%)\n", r.UniqueBefore, 100*r.UniqueFractionBefore, r.UniqueAfter, 100*r.UniqueFractionAfter)
	fmt.Fprintf(tw, "not %d-anonymous\t%d (%.1f%%)\t%d (%.1f%%)\n", r.K, r.NotKAnonymousBefore, 100*r.NotKAnonymousFractionBefore, r.NotKAnonymousAfter, 100*r.NotKAnonymousFractionAfter)
	tw.Flush()
	verdict := "reached"
	if !r.TargetReached {
		verdict = "NOT reached"
	}
	fmt.Fprintf(w, "\n%d edges altered (%.2f%% of %d) in %d iterations (best state: iteration %d); target of %d k-anonymous nodes %s; %.2fs\n",
		r.EdgesAltered, 100*r.FractionAltered, r.EdgesBefore, r.Iterations, r.BestIteration, r.Target, verdict, r.Seconds)
	return nil
}
