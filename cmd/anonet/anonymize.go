package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/internal/cli"
	"github.com/anonet-project/anonet/verdict"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/report"
)

// anonymizeResult is the JSON result of anonet anonymize.
type anonymizeResult struct {
	Graph                       string            `json:"graph"`
	Output                      string            `json:"output"`
	Nodes                       int               `json:"nodes"`
	EdgesBefore                 int               `json:"edges_before"`
	EdgesAfter                  int               `json:"edges_after"`
	EdgesAltered                int               `json:"edges_altered"`
	EdgesAdded                  int               `json:"edges_added"`
	EdgesDeleted                int               `json:"edges_deleted"`
	FractionAltered             float64           `json:"fraction_altered"`
	NotKAnonymousBefore         int               `json:"not_k_anonymous_before"`
	NotKAnonymousAfter          int               `json:"not_k_anonymous_after"`
	NotKAnonymousFractionBefore float64           `json:"not_k_anonymous_fraction_before"`
	NotKAnonymousFractionAfter  float64           `json:"not_k_anonymous_fraction_after"`
	UniqueBefore                int               `json:"unique_before"`
	UniqueAfter                 int               `json:"unique_after"`
	UniqueFractionBefore        float64           `json:"unique_fraction_before"`
	UniqueFractionAfter         float64           `json:"unique_fraction_after"`
	Target                      int               `json:"target"`
	TargetReached               bool              `json:"target_reached"`
	Shortfall                   int               `json:"shortfall"`   // nodes short of the target in the best state
	Written                     bool              `json:"written"`     // the outputs were written
	Interrupted                 bool              `json:"interrupted"` // a signal stopped the run early
	TimedOut                    bool              `json:"timed_out"`   // --time-limit ended the run (or a phase of it) early
	Error                       string            `json:"error,omitempty"`
	Exit                        int               `json:"exit,omitempty"`
	Iterations                  int               `json:"iterations"`
	BestIteration               int               `json:"best_iteration"`
	Algorithm                   string            `json:"algorithm"`
	Operation                   string            `json:"operation"`
	Variant                     string            `json:"variant"`
	Alpha                       float64           `json:"alpha"`
	Budget                      int               `json:"budget"`
	Recompute                   int               `json:"recompute"`
	Measure                     string            `json:"measure"`
	KnownAttributes             []string          `json:"known_attributes,omitempty"` // --attributes: what the attacker knows besides the structure
	tieKinds                                      // directed, layers, ties of the input
	TiesAfter                   int               `json:"ties_after,omitempty"` // ties of the release of a directed or layered network
	D                           int               `json:"d"`
	K                           int               `json:"k"`
	Seed                        uint64            `json:"seed"`
	Fuzzy                       *float64          `json:"fuzzy,omitempty"`
	Refine                      string            `json:"refine"`
	Refinement                  *refinementResult `json:"refinement,omitempty"`
	// Attacker says in plain words what the attacker of the target knows:
	// the release is k-anonymous against someone who knows that.
	Attacker string `json:"attacker"`
	// Verdict is the release against a ladder of stronger attackers and
	// the seed-and-propagate attack (--ladder; by default on networks of
	// at most ladderAutoEdges edges).
	Verdict *verdict.Verdict `json:"verdict,omitempty"`
	cost                     // seconds, peak_memory_bytes
}

// refinementResult is what the refinement did, in anonymize's JSON result.
type refinementResult struct {
	Start         string  `json:"start,omitempty"` // the state refined: "strategy", "twins" (best: a k-automorphic release), "full" (partial or budgeted, small networks) or "cut" (best, count, edgecount, degdist or dk at d = 1); absent if the run stopped before refining
	EdgesRestored int     `json:"edges_restored"`  // by restoration
	EdgesKept     int     `json:"edges_kept"`      // net, by the whole refinement
	Effort        int     `json:"effort"`          // local-search moves per edge it may reach
	MovesTried    int     `json:"moves_tried"`     // local-search moves proposed
	MovesAccepted int     `json:"moves_accepted"`  // and accepted
	Evaluations   int     `json:"evaluations"`     // exact incremental updates
	Seconds       float64 `json:"seconds"`
	Optimal       bool    `json:"optimal,omitempty"` // proven: no release that meets the target deletes fewer edges
}

// recordOutput names the release's record (recordPath) in the outputs of
// anonymize: written beside every release file, so that anonet report
// judges the release by its own target.
const recordOutput = "the release record"

// ladderAutoEdges is the most edges of a network whose release anonymize
// judges against the ladder and the attack by default (--ladder): there
// the verdict takes seconds.
const ladderAutoEdges = 100_000

// anonymizeVerdict judges the release anon of an anonymize run, whose node
// perm[v] is node v of orig, the input.
func (e *env) anonymizeVerdict(res *anonymize.Result, orig, anon *graph.Graph, perm []int, name string) (*verdict.Verdict, error) {
	c := res.Config
	corr := make([]int32, len(perm))
	for v, w := range perm {
		corr[v] = int32(w)
	}
	in := verdictInput{
		target: c.Measure, d: c.D, k: c.K, alpha: c.Alpha, orig: orig, truth: corr, attacker: true,
		command: "anonet anonymize " + report.ShellQuote(name) + " -o OUT",
	}
	if c.Fuzzy {
		in.fuzzy, in.allLevels = &c.Phi, c.FuzzyAllLevels
	}
	if a, ok := c.Measure.(measure.Refined); ok && a.Colors != nil {
		// The release's nodes carry their input node's attribute codes.
		colors := make([]int32, len(a.Colors))
		for v, w := range perm {
			colors[w] = a.Colors[v]
		}
		in.target = measure.Refined{Measure: a.Measure, Colors: colors}
		in.colors = [2][]int32{a.Colors, colors}
	}
	return e.verdict(anon, in)
}

// percent writes a fraction as the percentage flags take: 0.05 is "5%".
func percent(fraction float64) string { return strconv.FormatFloat(100*fraction, 'g', -1, 64) + "%" }

// parseAmount parses "5%" (a percentage of base, at least 1, rounded up, or
// to the nearest integer if round is set) or "N" (a count). It rejects
// values ≤ 0, and, if limit > 0, values above limit.
func parseAmount(flag, s string, base, limit int, round bool) (int, error) {
	s = strings.TrimSpace(s)
	n := 0
	if p, ok := strings.CutSuffix(s, "%"); ok {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) {
			return 0, usageErrorf("%s %q: not a percentage", flag, s)
		}
		if x <= 0 || x > 100 {
			return 0, usageErrorf("%s %s must be above 0%% and at most 100%%", flag, s)
		}
		if round {
			n = max(1, int(math.Round(x*float64(base)/100)))
		} else {
			n = anonymize.BudgetOf(x/100, base) // ⌈P%·base⌉, the reference paper's budget
		}
	} else {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			return 0, usageErrorf("%s %q: want a number of edges or a percentage such as 5%%", flag, s)
		}
		if n <= 0 {
			return 0, usageErrorf("%s must be at least 1, got %d", flag, n)
		}
	}
	if limit > 0 && n > limit {
		return 0, usageErrorf("%s %s is more than the %d alterations that can be made (over 100%%)", flag, s, limit)
	}
	return n, nil
}

// anonymizeFlags holds the flags of anonet anonymize.
type anonymizeFlags struct {
	mf                                  measureFlags
	af                                  attributeFlags
	rf                                  reportFlags // --report, --plot (report.go)
	attributesOut                       string
	dropAttributes                      bool
	out, format, algorithm, variant, op string
	budget, recompute, refine           string
	effort                              int
	timeLimit                           time.Duration
	alpha, phi                          float64
	allLevels                           fuzzyLevelsFlag
	tracePath, deletedPath, mappingPath string
	allowUnmet                          bool
	toFormat, keyFile                   string
	within, withinMapping               string
	resume, resumeMapping               string
	ladder, noLadder                    bool
	alterLayers                         []string
}

func newAnonymizeCmd(e *env) *cli.Command {
	a := &anonymizeFlags{}
	cmd := &cli.Command{
		Use:   "anonymize GRAPH -o OUT",
		Short: "Alter a network until its nodes are k-anonymous",
		Long: `anonymize deletes (or adds, or rewires) edges until every node (--variant
full, the default), a fraction alpha of the nodes (partial; --alpha alone
chooses it) or as many nodes as a budget of alterations allows (budgeted;
--budget alone chooses it) are k-anonymous under the measure. It repeats:
the strategy (--algorithm) selects R edges (--recompute), they are altered,
anonymity is updated; and it writes the best state seen (most k-anonymous
nodes, then fewest alterations) to OUT.

The default strategy, best, deletes as ua does (within a budget: by the
exact gain of each deletion; under --measure degree without attributes,
directions or layers, full or partial, as liu-terzi --operation delete
plans), then re-adds deleted edges while the target
allows, in passes until one gives back too little (docs/anonymize.md),
and searches locally for releases that keep more edges (--refine
anneal, --effort, --time-limit); it keeps far more of the network than the
paper's strategies. In the full or partial variant, at every k and under
every measure, on a network without directions or layers, it also tries a
k-automorphic release of the input, in which every node has an automorphic
twin (k = 2) or lies in a cycle of k or more automorphic nodes (with
--known, of the same attribute values), and refines that one when it keeps
more; under count, edgecount, degdist and dk at d = 1 (no attributes) also a release
without triangles, the edges across a large cut of the input with their
degrees made k-anonymous (docs/anonymize.md, "The cut start"); on
networks of more than 2^22 edges (2^16 under degdist and dk) that release
is made first, and ua's
deletions give way to it once they keep fewer edges or a quarter of
--time-limit has passed. greedy deletes by
exact gain, then restores.

With --attributes people.csv [--known sex,age] (or --known alone for the node
data of a GraphML or GML file) the attacker also knows node attributes, and
the release is k-anonymous under that knowledge; the attributes are released
unchanged with --attributes-out FILE (keyed by the release's ids), or not at
all with --drop-attributes.

A network read with --directed or --layer-column is anonymized by deleting
ties: best and greedy delete and restore one arc or one layer's edge at a
time, the paper's strategies every tie of the pair they choose;
--alter-layers work,school leaves the other layers untouched (best then
deletes as greedy does). The release is an edge list with a line per tie.

The paper's strategies, run unrefined unless --refine says otherwise: es
(uniform), degree (by the smaller degree of the ends), aff (by the number of
nodes whose signature the deletion can change), unique (edges at
non-anonymous nodes first), ua (by the number of non-anonymous nodes the
deletion can affect; the paper's best), uao (unique edges first, weighted as
ua). Only es can add or rewire edges.

For --measure degree, liu-terzi is the classic k-degree anonymization of Liu
and Terzi (SIGMOD 2008): the optimal degree sequence by dynamic programming,
realized by adding edges (--operation add, the paper's setting) or by
deleting edges between nodes that must lose degree (--operation delete);
liu-terzi-greedy groups the degrees greedily instead. They plan every
alteration at once: with --variant budgeted the plan is applied only if it
fits the budget.

For --measure count, edgecount, degdist or dk at d = 1, cut makes the release without
triangles alone (the edges across a large cut, their degrees made
k-anonymous by Liu and Terzi's plan; unrefined unless --refine). Under count or edgecount, on a bare
.anonet file without labels, written to an .anonet file without --deleted,
--trace, a report, attributes or a verdict (more than 100,000 edges or --no-ladder),
it runs without a graph in about 11 bytes per edge (a population network of
10^8 ties in about 40 s and 1.1 GB, one of 1.42 G ties in 12 minutes and
15.5 GB) and writes the release and --mapping that the usual path would (docs/anonymize.md, "The lean cut");
with --refine restore (full variant) it restores the release there too, edge
for edge as the usual path does, in about 18 bytes per edge (--time-limit
bounds the restoration, which keeps what it gave back by then; --resume
goes on from such a release on the same path). The default, full or
partial, takes that path too where its own would not fit in memory
(about 80 bytes per edge; restoring there in the full variant where that
fits), and, in the full variant from 2^25 edges, on a network shaped as
a population network (at most 1% of its nodes have a twin, and those
not k-anonymous hold a tenth of the ties or more), where it keeps more
per hour at a fifth of the memory; it says so (docs/anonymize.md, "Where
the default takes the lean path").

OUT gets fresh random node ids, keyed on a secret key drawn anew for every
run (--key-file reuses one) and on the result, in an order that reveals
nothing of the input; --seed makes the algorithm's choices reproducible, never
the ids. --mapping (which records the key) and --deleted link the release to
the original and must be kept secret. The format of OUT comes from --to, else its
extension, else the input's; -o - writes to stdout.

Nothing is written, and the exit status is 3, when the best state does not
meet the target, unless --allow-unmet. The first Ctrl-C stops the run at the
end of an iteration and writes the best state so far by the same rule.`,
		Example: `  anonet anonymize karate -o karate-anon.edges
  anonet anonymize net.edges -o anon.edges --budget 5% --trace trace.csv
  anonet anonymize net.edges -o anon.edges --variant partial --alpha 0.9 --measure dk --json`,
		Args: exactArgs(1, "one GRAPH"),
		RunE: func(cmd *cli.Command, args []string) error { return e.anonymize(cmd, a, args[0]) },
	}
	a.register(cmd.Flags())
	return cmd
}

// register declares the flags of anonymize on f.
func (a *anonymizeFlags) register(f *cli.FlagSet) {
	f.StringVarP(&a.out, "output", "o", "", "file to write the anonymized network to (required)")
	a.mf.register(f, false)
	registerFrom(f, &a.format, "GRAPH")
	registerTo(f, &a.toFormat, "OUT", "from OUT's extension, else GRAPH's format", false)
	f.StringVar(&a.algorithm, "algorithm", string(anonymize.Best), "strategy: best (the default: ua deletion, in the full or partial variant also a k-automorphic release and, under count, edgecount, degdist and dk at d = 1, a release without triangles, then restoration and local search), greedy (exact gain, then restoration), or the paper's es, degree, aff, unique, ua, uao (unrefined unless --refine); for --measure degree also liu-terzi, liu-terzi-greedy (Liu and Terzi's k-degree anonymization); for count, edgecount, degdist and dk at d = 1 also cut (a release without triangles, lean on large .anonet files under count and edgecount)")
	f.StringVar(&a.refine, "refine", "", "after the strategy: none, restore (re-add deleted edges while the target holds) or anneal (restore, then local search); default anneal for best, restore for greedy, none for the paper's strategies")
	f.IntVar(&a.effort, "effort", anonymize.DefaultEffort, "local search (--refine anneal): moves per edge that may be deleted (every edge; budgeted: per alteration of the budget; above 32,768 edges it counts at most 3 edges per edge deleted when it starts); on small releases also the exact search nodes of the final walk, which starts from two more searches from the input (docs/anonymize.md)")
	f.DurationVar(&a.timeLimit, "time-limit", 0, "bound the whole run (the strategy's alterations, then restoration, twin start, local search, and budgeted the final gainful deletions) to this long (e.g. 30s, 5m), keeping the best state found (the local search then cools by the deadline); a full or partial run stopped before its target writes nothing (exit 3) unless --allow-unmet; one that met it can go on later with --resume; 0: no limit")
	f.StringVar(&a.variant, "variant", "full", "target: full (all nodes), partial (--alpha of the nodes) or budgeted (--budget alterations); --alpha alone means partial, --budget alone budgeted")
	f.StringVar(&a.budget, "budget", percent(anonymize.DefaultBudgetFraction), "budgeted variant: maximum alterations, a number or a percentage of the edges (rounded up), for every operation")
	f.Float64Var(&a.alpha, "alpha", anonymize.DefaultAlpha, "partial variant: fraction of nodes that must become k-anonymous, in (0, 1]")
	f.StringVar(&a.recompute, "recompute", percent(anonymize.DefaultRecomputeFraction), "recompute gap R: edges altered per iteration, a number or a percentage of the edges")
	f.Float64Var(&a.phi, "fuzzy", 0, "target fuzzy anonymity: nodes whose signatures differ by at most this percentage count as equivalent")
	a.allLevels.register(f)
	f.StringVar(&a.op, "operation", "delete", "alteration: delete, add (random non-edges) or rewire (swap ends of two edges)")
	f.StringVar(&a.tracePath, "trace", "", "write one CSV row per iteration to this file")
	f.StringVar(&a.deletedPath, "deleted", "", "write the altered edges (of a directed or layered network: ties), by original node id, to this file")
	f.StringSliceVar(&a.alterLayers, "alter-layers", nil, "layered networks: the only layers whose ties may be deleted (e.g. work,school); the others are never touched (default: all)")
	f.StringVar(&a.mappingPath, "mapping", "", "write the secret mapping original id → anonymized id to this file")
	f.StringVar(&a.within, "within", "", "nest the release within this earlier release of the same network (with --within-mapping, its secret mapping): only its ties are kept or deleted, so that the union of the two releases is the earlier one and joining them reveals nothing more")
	f.StringVar(&a.withinMapping, "within-mapping", "", "the --mapping of the --within release")
	f.StringVar(&a.resume, "resume", "", "go on from this earlier release of the same network, made by deleting edges under the same target (with --resume-mapping, its secret mapping): a run that was stopped, or one given more time, resumes from the best state it wrote and keeps at least its edges")
	f.StringVar(&a.resumeMapping, "resume-mapping", "", "the --mapping of the --resume release")
	f.StringVar(&a.keyFile, "key-file", "", "read the secret key of the release's ids from this file (64 hexadecimal digits, or an earlier release's --mapping) to reproduce them; default: a fresh key from the operating system's random source, recorded only in --mapping")
	a.af.register(f)
	f.StringVar(&a.attributesOut, "attributes-out", "", "with --attributes: write the release's attribute table (values unchanged, ids of the release) to this file")
	f.BoolVar(&a.dropAttributes, "drop-attributes", false, "with --attributes: release no attributes (they still refine the measure)")
	f.BoolVar(&a.allowUnmet, "allow-unmet", false, "write the best state even when it does not meet the target (exit 0, with the shortfall reported)")
	a.rf.register(f, true)
	a.rf.registerPublic(f)
	f.BoolVar(&a.ladder, "ladder", false, fmt.Sprintf("judge the release against a ladder of stronger attackers and the seed-and-propagate attack, and give a verdict: green, amber or red (the default on networks of at most %d edges; see anonet measure --ladder)", ladderAutoEdges))
	f.BoolVar(&a.noLadder, "no-ladder", false, "give no verdict beyond the target")
}

// config checks the flags that need no input and returns the
// configuration they give; the budget and R, shares of the input's edges,
// are resolved by sized.
func (a *anonymizeFlags) config(e *env, cmd *cli.Command) (anonymize.Config, error) {
	ms, err := a.mf.measures(false)
	if err != nil {
		return anonymize.Config{}, err
	}
	cfg := anonymize.Config{Measure: ms[0], D: a.mf.d, K: a.mf.k, Seed: e.seed, Threads: e.threads, Twins: a.tracePath != "",
		ReleaseMemory: debug.FreeOSMemory}
	if cfg.Strategy, err = anonymize.ParseStrategy(a.algorithm); err != nil {
		return cfg, usageErrorf("--algorithm: %v", err)
	}
	fl := cmd.Flags()
	// --budget or --alpha alone choose their variant.
	variant := a.variant
	switch {
	case fl.Changed("variant"):
	case fl.Changed("budget") && fl.Changed("alpha"):
		return cfg, usageErrorf("--budget (budgeted variant) and --alpha (partial variant) exclude each other")
	case fl.Changed("budget"):
		variant = string(anonymize.Budgeted)
	case fl.Changed("alpha"):
		variant = string(anonymize.Partial)
	}
	if cfg.Variant, err = anonymize.ParseVariant(variant); err != nil {
		return cfg, usageErrorf("--variant: %v", err)
	}
	if cfg.Operation, err = anonymize.ParseOperation(a.op); err != nil {
		return cfg, usageErrorf("--operation: %v", err)
	}
	if a.refine != "" {
		if cfg.Refine, err = anonymize.ParseRefinement(a.refine); err != nil {
			return cfg, usageErrorf("--refine: %v", err)
		}
	}
	if a.effort < 1 {
		return cfg, usageErrorf("--effort must be at least 1, got %d", a.effort)
	}
	if a.timeLimit < 0 {
		return cfg, usageErrorf("--time-limit must not be negative, got %v", a.timeLimit)
	}
	cfg.Effort, cfg.TimeLimit = a.effort, a.timeLimit
	if fl.Changed("alpha") && cfg.Variant != anonymize.Partial {
		return cfg, usageErrorf("--alpha applies to --variant partial only")
	}
	if fl.Changed("budget") && cfg.Variant != anonymize.Budgeted {
		return cfg, usageErrorf("--budget applies to --variant budgeted only (full and partial may alter every edge)")
	}
	if err := checkAlpha(a.alpha); err != nil {
		return cfg, err
	}
	cfg.Alpha = a.alpha
	if err := a.af.check(e, fl.Changed("fuzzy")); err != nil {
		return cfg, err
	}
	switch {
	case a.af.used() && a.attributesOut == "" && !a.dropAttributes:
		return cfg, usageErrorf("the attacker knows attributes: give --attributes-out FILE for the release's attributes (keyed by its new ids), or --drop-attributes to release none")
	case !a.af.used() && (a.attributesOut != "" || a.dropAttributes):
		return cfg, usageErrorf("--attributes-out and --drop-attributes need --attributes or --known")
	case a.attributesOut != "" && a.dropAttributes:
		return cfg, usageErrorf("--attributes-out and --drop-attributes exclude each other")
	}
	if fl.Changed("fuzzy") {
		if err := checkFuzzy(a.phi, ms[0], true); err != nil {
			return cfg, err
		}
		cfg.Fuzzy, cfg.Phi = true, a.phi
	}
	if _, err := a.allLevels.levels(cmd); err != nil {
		return cfg, err
	}
	cfg.FuzzyAllLevels = bool(a.allLevels)
	if a.ladder && a.noLadder {
		return cfg, usageErrorf("--ladder and --no-ladder contradict each other")
	}
	return cfg, nil
}

// outputs checks the outputs of a run on input, before any work: every one
// new (never an input, never another output), --within with its mapping,
// the report's flags and a format for OUT.
func (a *anonymizeFlags) outputs(e *env, cmd *cli.Command, input string) (*outputSet, error) {
	if a.out == "" {
		return nil, usageErrorf("no output file: give -o OUT")
	}
	if (a.within == "") != (a.withinMapping == "") {
		return nil, usageErrorf("--within RELEASE and --within-mapping MAPPING go together")
	}
	if (a.resume == "") != (a.resumeMapping == "") {
		return nil, usageErrorf("--resume RELEASE and --resume-mapping MAPPING go together")
	}
	if a.within == "" && cmd.Root().PersistentFlags().Changed("seed") {
		e.notef("note: releases of one network made with other --seed values differ, can be joined by their structure, and their union restores ties that each deleted (docs/attack.md); publish one release per network and target, or nest a stricter one within the release already published (--within)")
	}
	outs := e.newOutputs(input, a.af.path, a.keyFile, a.within, a.withinMapping, a.resume, a.resumeMapping)
	for _, o := range [][2]string{{"-o", a.out}, {"--trace", a.tracePath}, {"--deleted", a.deletedPath}, {"--mapping", a.mappingPath}, {"--attributes-out", a.attributesOut}, {recordOutput, recordPath(a.out)}} {
		if err := outs.add(o[0], o[1]); err != nil {
			return nil, err
		}
	}
	if err := a.rf.addOutputs(outs); err != nil {
		return nil, err
	}
	return outs, nil
}

// sized resolves what depends on the input g: the layers left alone, the
// budget and R (shares of g's edges, as in the paper, whatever the
// operation) and the defaults, rejecting a bad combination before any
// work.
func (a *anonymizeFlags) sized(cfg anonymize.Config, g *graph.Graph) (anonymize.Config, error) {
	var err error
	if cfg.Protected, err = protectedLayers(g, a.alterLayers); err != nil {
		return cfg, err
	}
	n, m := g.NumNodes(), g.NumEdges()
	// A network with nothing to alter is released unchanged if it already
	// meets the target (anonymize returns it as it is), and otherwise
	// refused by the check of what is reachable.
	alterable := max(anonymize.Alterable(cfg.Operation, n, m), 1)
	if cfg.Variant == anonymize.Budgeted {
		if cfg.Budget, err = parseAmount("--budget", a.budget, m, alterable, false); err != nil {
			return cfg, err
		}
	}
	if cfg.Recompute, err = parseAmount("--recompute", a.recompute, m, 0, true); err != nil {
		return cfg, err
	}
	if cfg, err = cfg.WithDefaults(n, m); err != nil {
		return cfg, usageErrorf("%v", err)
	}
	return cfg, nil
}

// anonymize runs anonet anonymize on the graph named name.
func (e *env) anonymize(cmd *cli.Command, a *anonymizeFlags, name string) error {
	start := time.Now()
	cfg, err := a.config(e, cmd)
	if err != nil {
		return err
	}
	outs, err := a.outputs(e, cmd, name)
	if err != nil {
		return err
	}
	key, err := releaseKey(a.keyFile)
	if err != nil {
		return err
	}
	if err := a.rf.check(); err != nil {
		return err
	}
	// An output format that cannot be told fails before a long read.
	if _, err := anonymizedFormat(a.out, a.toFormat, ""); err != nil {
		return err
	}
	if done, err := e.anonymizeLean(a, name, cfg, key, outs, start); done || err != nil {
		return err
	}
	in, outFormat, attrs, err := e.anonymizeInput(a, name, &cfg)
	if err != nil {
		return err
	}
	trace, err := e.newTrace(outs)
	if err != nil {
		return err
	}
	defer outs.abort() // a no-op after commit
	pr := e.newProgress()
	cfg.Progress, cfg.StageProgress = anonymizeProgress(pr, trace, cfg, in.g.NumNodes(), start)
	// The verdict's ladder and attack run by default on networks where
	// they take seconds.
	judge := a.ladder || !a.noLadder && in.g.NumEdges() <= ladderAutoEdges
	var orig *graph.Graph // the input, kept for the report and the verdict's attack
	if a.rf.wanted() || judge {
		orig = in.g.Clone()
	}
	tiesIn := tieKindsOf(in.g)
	var resumed []graph.Edge // the deletions of the --resume release
	if a.resume != "" {
		if resumed, err = e.earlierRelease(in, "--resume", a.resume, a.resumeMapping); err != nil {
			return err
		}
		e.notef("resuming from %s: %d of the input's %d edges deleted", a.resume, len(resumed), in.g.NumEdges())
	}
	run := anonymize.RunContext
	if a.resume != "" {
		run = func(ctx context.Context, g *graph.Graph, cfg anonymize.Config) (*anonymize.Result, error) {
			return anonymize.ResumeContext(ctx, g, cfg, resumed)
		}
	}
	var res *anonymize.Result
	e.stoppable(func(ctx context.Context) { res, err = run(ctx, in.g, cfg) })
	pr.done()
	if err != nil {
		return inputError(err)
	}
	if err := trace.err(); err != nil {
		return err
	}
	// The release is the anonymized input renumbered in its own memory (at
	// 10^8 edges a copy would be 2.4 GB more), its ids keyed on the secret
	// key and the released graph; the input's labels and tie types stay for
	// --deleted and --mapping.
	perm, names := release.Publish(in.g, key)
	anon := in.g
	in.g = nil // renumbered: its old ids are gone
	outs.set("-o", func(w io.Writer) error { return e.writeGraph(w, anon, outFormat) })
	outs.set("--trace", func(w io.Writer) error { return anonymize.WriteTrace(w, res.Trace) })
	outs.set("--deleted", func(w io.Writer) error { return release.WriteAlterations(w, names, res.Alterations) })
	outs.set("--mapping", func(w io.Writer) error { return release.WriteMapping(w, key, names, perm) })
	outs.set("--attributes-out", func(w io.Writer) error { return writeReleaseAttributes(w, attrs, perm, anon) })
	r := summary(in.name, a.out, res, e.seed)
	r.KnownAttributes = a.af.knownOf(attrs)
	outs.set(recordOutput, func(w io.Writer) error {
		return writeReleaseRecord(w, newReleaseRecord(res, r.KnownAttributes, anon.NumNodes(), anon.NumEdges()))
	})
	r.tieKinds, r.TiesAfter = tiesIn, tieKindsOf(anon).Ties
	r.measure(start)
	var rin *report.Input
	if a.rf.wanted() {
		if rin, err = e.anonymizeReport(r, orig, anon, perm, res); err != nil {
			return err
		}
		a.rf.setOutputs(outs, rin)
		r.Verdict = rin.Verdict
	} else if judge && !res.Interrupted {
		if r.Verdict, err = e.anonymizeVerdict(res, orig, anon, perm, in.name); err != nil {
			return err
		}
	}
	if err := e.release(outs, res, &r, a.allowUnmet, func(w io.Writer) error { return printAnonymize(w, r) }); err != nil {
		return err
	}
	return e.writePlots(a.rf.plot, rin) // only once the release is written
}

// anonymizeInput reads the graph named name for a run of cfg: nested
// within --within, checked to fit in memory, with the attributes the
// attacker knows refining cfg's measure, and cfg resolved for its size and
// checked to reach the target. It also returns the release's format.
func (e *env) anonymizeInput(a *anonymizeFlags, name string, cfg *anonymize.Config) (*input, graphio.Format, *attribute.Table, error) {
	in, err := e.readGraph(name, a.format)
	if err != nil {
		return nil, "", nil, err
	}
	if a.within != "" {
		if err := e.nestWithin(in, a.within, a.withinMapping); err != nil {
			return nil, "", nil, err
		}
	}
	outFormat, err := anonymizedFormat(a.out, a.toFormat, in.format)
	if err != nil {
		return nil, "", nil, err
	}
	if err := checkFits("anonymizing", in.g, anonymizeBytesPerEdge, anonymizeBytesPerNode); err != nil {
		return nil, "", nil, err
	}
	if err := memoryShort(fmt.Sprintf("at the %d bytes per edge such runs have taken (the default: 82 at 10^8 ties), anonymizing", defaultBytesPerEdge),
		int64(in.g.NumEdges()), int64(in.g.NumNodes()), defaultBytesPerEdge, anonymizeBytesPerNode); err != nil {
		// It fits the lower estimate only: say so before an hour's work.
		fmt.Fprintf(e.stderr, "warning: %s; the lower estimate fits, but the run may exhaust the memory (docs/performance.md, \"Memory model\")\n",
			strings.TrimPrefix(err.Error(), graphio.ErrNotEnoughMemory.Error()+": "))
	}
	refined, attrs, err := e.refine(&a.af, []measure.Measure{cfg.Measure}, in)
	if err != nil {
		return nil, "", nil, err
	}
	cfg.Measure = refined[0]
	if *cfg, err = a.sized(*cfg, in.g); err != nil {
		return nil, "", nil, err
	}
	if err := e.checkReachable(*cfg, in.g, a.allowUnmet); err != nil {
		return nil, "", nil, err
	}
	return in, outFormat, attrs, nil
}

// anonymizeProgress returns the progress callbacks of a run of cfg on a
// graph of n nodes begun at start: every iteration goes to the trace and
// the progress line, every stage's advance to the progress line.
func anonymizeProgress(pr *progress, trace *traceStream, cfg anonymize.Config, n int, start time.Time) (func(anonymize.Iteration), func(string, int, int)) {
	target := anonymize.Target(cfg.Alpha, n)
	iteration := func(it anonymize.Iteration) {
		trace.row(it)
		// The strategy alters edges until the target or the budget; the
		// refinement then trades them, so the pace of the strategy says
		// nothing about when it ends.
		stage, eta := "iteration", ""
		if it.Phase != anonymize.PhaseStrategy {
			stage = "refinement (" + it.Phase + "), row"
		} else if el := time.Since(start); it.EdgesAltered > 0 {
			budgetLeft := float64(cfg.Budget-it.EdgesAltered) / float64(it.EdgesAltered)
			eta = fmt.Sprintf(", at most %s left", (time.Duration(budgetLeft * float64(el))).Round(time.Second))
		}
		pr.update("%s %d: %d/%d nodes %d-anonymous (target %d), %d edges altered (%.1f%%)%s",
			stage, it.Iteration, n-it.NotKAnonymous, n, cfg.K, target,
			it.EdgesAltered, 100*it.FractionAltered, eta)
	}
	passes := stagePasses{}
	stage := func(stage string, done, total int) {
		pr.update("%s", passes.line(stage, done, total))
	}
	return iteration, stage
}

// stagePasses words the reports of anonymize.Config.StageProgress. A stage
// that goes over its work several times (restoration repeats its passes
// over the deleted edges, in rounds, while they restore enough) starts
// again from zero each time; the line then names the pass, so that a
// watcher does not read the fall from 80% to 10% as work lost. Stages may take turns (the
// k-automorphic start's search beside restoration); each keeps its count.
// Calls never overlap (StageProgress).
type stagePasses map[string]stagePass

// A stagePass is where a stage's last report was: its work done and its
// pass, from 1 (0 before its first report).
type stagePass struct{ done, pass int }

// line returns the progress line of a report of done of total.
func (sp stagePasses) line(stage string, done, total int) string {
	st := sp[stage]
	if st.pass == 0 || done < st.done {
		st.pass++
	}
	st.done = done
	sp[stage] = st
	name := stage
	if st.pass > 1 {
		name = fmt.Sprintf("%s, pass %d", stage, st.pass)
	}
	return fmt.Sprintf("%s: %d/%d %s (%.0f%%)", name, done, total, anonymize.StageUnit(stage), 100*float64(done)/float64(max(total, 1)))
}

// anonymizedFormat is the format given by --to, else that of OUT's
// extension, or the input's format when OUT has no extension.
func anonymizedFormat(out, to string, input graphio.Format) (graphio.Format, error) {
	if to != "" {
		return outputFormat(out, to)
	}
	base := strings.TrimSuffix(strings.ToLower(filepath.Base(out)), ".gz")
	if filepath.Ext(base) == "" {
		return input, nil
	}
	f, err := graphio.FormatOf(out)
	return f, inputError(err)
}

// protectedLayers returns the layers of g that --alter-layers leaves out,
// as the kind of their ties (none without the flag).
func protectedLayers(g *graph.Graph, alter []string) (graph.Kind, error) {
	if alter == nil {
		return 0, nil
	}
	if g.Layers() == nil {
		return 0, usageErrorf("--alter-layers needs a layered network (--layer-column)")
	}
	var protected graph.Kind
	for l := range g.NumLayers() {
		protected |= graph.LayersKind(l)
	}
	for _, name := range alter {
		l := slices.Index(g.Layers(), name)
		if l < 0 {
			return 0, usageErrorf("--alter-layers: no layer %q (layers: %s)", name, strings.Join(g.Layers(), ", "))
		}
		protected &^= graph.LayersKind(l)
	}
	return protected, nil
}

func summary(name, out string, res *anonymize.Result, seed uint64) anonymizeResult {
	b, a := res.Before(), res.After()
	n := float64(res.Nodes)
	c := res.Config
	r := anonymizeResult{
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
		Fuzzy: fuzzyPhi(c), Refine: string(c.Refine), Interrupted: res.Interrupted, TimedOut: res.TimedOut,
		Refinement: refinementOf(res),
		Attacker:   c.Measure.Knows(c.D),
	}
	r.EdgesAdded, r.EdgesDeleted = res.Alterations.Counts()
	return r
}

func refinementOf(res *anonymize.Result) *refinementResult {
	c := res.Config
	if c.Refine == anonymize.NoRefinement || res.Refinement.Start == "" {
		return nil // none asked for, or none ran (the input met the target, or a signal came first)
	}
	r := res.Refinement
	out := &refinementResult{
		Start: r.Start, EdgesRestored: r.Restored, EdgesKept: r.Kept, MovesTried: r.Tried, MovesAccepted: r.Accepted,
		Evaluations: r.Evaluations, Seconds: r.Seconds, Optimal: r.Optimal,
	}
	if c.Refine == anonymize.Anneal {
		out.Effort = c.Effort
	}
	return out
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
	if r.Ties > 0 {
		fmt.Fprintf(tw, "ties\t%d\t%d\n", r.Ties, r.TiesAfter)
	}
	fmt.Fprintf(tw, "unique nodes\t%d (%.1f%%)\t%d (%.1f%%)\n", r.UniqueBefore, 100*r.UniqueFractionBefore, r.UniqueAfter, 100*r.UniqueFractionAfter)
	fmt.Fprintf(tw, "not %d-anonymous\t%d (%.1f%%)\t%d (%.1f%%)\n", r.K, r.NotKAnonymousBefore, 100*r.NotKAnonymousFractionBefore, r.NotKAnonymousAfter, 100*r.NotKAnonymousFractionAfter)
	tw.Flush()
	if f := r.Refinement; f != nil {
		from := ""
		switch f.Start {
		case anonymize.StartTwins:
			from = fmt.Sprintf(", starting from a %d-automorphic release, which kept more than the strategy's", r.K)
		case anonymize.StartFull:
			from = ", starting from the full variant's release, which kept more than the strategy's"
		case anonymize.StartCut:
			from = ", starting from a triangle-free release cut from the input, which kept more than the strategy's"
		}
		one, many := "edge", "edges"
		if r.Ties > 0 {
			one, many = "tie", "ties"
		}
		net := report.Thousands(f.EdgesKept) + " of the strategy's deletions given back in all"
		if f.EdgesKept < 0 {
			net = report.Plural(-f.EdgesKept, one, many) + " more deleted than by the strategy in all"
		}
		fmt.Fprintf(w, "\nrefinement (%s%s): %s restored, %s; %s of %s accepted; %.2fs\n",
			r.Refine, from, report.Plural(f.EdgesRestored, one, many), net, report.Thousands(f.MovesAccepted), report.Plural(f.MovesTried, "local move", "local moves"), f.Seconds)
	}
	verdict := "reached"
	if !r.TargetReached {
		verdict = "NOT reached"
	}
	if r.Ties > 0 {
		// Directed or layered: the optimizers delete single ties, the
		// paper's strategies whole pairs (see docs/attributes.md).
		fmt.Fprintf(w, "\n%d of %d ties deleted (%.2f%%) in %d alterations, %d iterations (best state: iteration %d); target of %d k-anonymous nodes %s; %.2fs\n",
			r.Ties-r.TiesAfter, r.Ties, 100*float64(r.Ties-r.TiesAfter)/float64(r.Ties), r.EdgesAltered, r.Iterations, r.BestIteration, r.Target, verdict, r.Seconds)
		printProtection(w, r)
		return nil
	}
	fmt.Fprintf(w, "\n%d edges altered (%d added, %d deleted; %.2f%% of %d) in %d iterations (best state: iteration %d); target of %d k-anonymous nodes %s; %.2fs\n",
		r.EdgesAltered, r.EdgesAdded, r.EdgesDeleted, 100*r.FractionAltered, r.EdgesBefore, r.Iterations, r.BestIteration, r.Target, verdict, r.Seconds)
	printProtection(w, r)
	return nil
}

// printProtection says what the release protects against: the verdict if
// there is one, else the target's attacker.
func printProtection(w io.Writer, r anonymizeResult) {
	if r.Verdict != nil {
		printVerdict(w, r.Verdict)
		return
	}
	fmt.Fprintf(w, "\nthe target covers someone who knows %s (--ladder judges the release against stronger attackers)\n", r.Attacker)
}

// nestWithin thins the input in to the earlier release of it in the file
// rel, whose nodes the mapping file mapping pairs with the input's: every
// edge of the input whose counterpart is not in the release is deleted, so
// that anonymizing what is left gives a release within the earlier one
// (their union is the earlier release). Directed or layered inputs are
// refused.
func (e *env) nestWithin(in *input, rel, mapping string) error {
	gone, err := e.earlierRelease(in, "--within", rel, mapping)
	if err != nil {
		return err
	}
	for _, ed := range gone {
		in.g.DeleteEdge(ed.U, ed.V)
	}
	e.notef("nested within %s: %d of the input's edges are not in it and stay deleted", rel, len(gone))
	return nil
}

// earlierRelease reads the earlier release of the input in from the file
// rel, whose nodes the mapping file mapping pairs with the input's, for
// the option flag, and returns the input's edges whose counterparts are
// not in it: the release's deletions. A release with an edge that is not
// the counterpart of one of the input's was not made by deleting edges
// and is refused, as are directed and layered inputs.
func (e *env) earlierRelease(in *input, flag, rel, mapping string) ([]graph.Edge, error) {
	if in.g.Typed() {
		return nil, usageErrorf("%s: a directed or layered network is not supported", flag)
	}
	prev, err := e.readGraph(rel, "")
	if err != nil {
		return nil, err
	}
	corr, err := readMapping(mapping, in.g, prev.g)
	if err != nil {
		return nil, err
	}
	var gone []graph.Edge
	for _, ed := range in.g.Edges() {
		if x, y := corr[ed.U], corr[ed.V]; x < 0 || y < 0 || !prev.g.HasEdge(x, y) {
			gone = append(gone, ed)
		}
	}
	if extra := prev.g.NumEdges() - (in.g.NumEdges() - len(gone)); extra > 0 {
		return nil, inputError(fmt.Errorf("%s %s: %d of its edges are not edges of %s under the mapping %s: it is not a release of this network made by deleting edges", flag, rel, extra, in.name, mapping))
	}
	return gone, nil
}
