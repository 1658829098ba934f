package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/anonet-project/anonet/internal/cli"
	"github.com/anonet-project/anonet/report"
	"github.com/anonet-project/anonet/verdict"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// measureResult is the JSON result of anonet measure for one measure.
type measureResult struct {
	Graph                 string         `json:"graph"`
	Nodes                 int            `json:"nodes"`
	Edges                 int            `json:"edges"`
	Measure               string         `json:"measure"`
	KnownAttributes       []string       `json:"known_attributes,omitempty"` // --attributes: what the attacker knows besides the structure
	tieKinds                             // directed, layers, ties
	D                     int            `json:"d"`
	K                     int            `json:"k"`
	Unique                int            `json:"unique"`
	UniqueFraction        float64        `json:"unique_fraction"`
	NotKAnonymous         int            `json:"not_k_anonymous"`
	NotKAnonymousFraction float64        `json:"not_k_anonymous_fraction"`
	Classes               int            `json:"classes"`
	ClassSizes            map[string]int `json:"class_sizes"`            // class size → number of classes
	AnonymityDistribution map[string]int `json:"anonymity_distribution"` // class size → number of nodes
	TwinUnique            *int           `json:"twin_unique,omitempty"`
	TwinUniqueFraction    *float64       `json:"twin_unique_fraction,omitempty"`
	TwinReducedSizes      map[string]int `json:"twin_reduced_distribution,omitempty"`
	ClassMembers          [][]string     `json:"class_members,omitempty"`
	Cascade               *cascadeJSON   `json:"cascade,omitempty"`
	Fuzzy                 *fuzzyJSON     `json:"fuzzy,omitempty"`
	NotKAnonymousNodes    []string       `json:"not_k_anonymous_nodes,omitempty"`
	// Verdict is the graph against a ladder of stronger attackers
	// (--ladder), taking the measure at d and k as the target.
	Verdict     *verdict.Verdict `json:"verdict,omitempty"`
	cost                         // seconds, peak_memory_bytes
	partition   *anonymity.Partition
	hist        []anonymity.SizeCount // classes per size, ascending
	twinReduced []int32
}

// measureCmdFlags holds the flags of anonet measure.
type measureCmdFlags struct {
	mf                     measureFlags
	af                     attributeFlags
	format                 string
	twins, classes, unique bool
	ladder                 bool
	cascade, cascadeTwins  bool
	cascadeMeasure         string
	levels                 int
	phi                    float64
	allLevels              fuzzyLevelsFlag
	plot                   string
}

// measureConfig is what the flags of anonet measure ask for, checked.
type measureConfig struct {
	ms      []measure.Measure
	cascade measure.Measure // --cascade-measure, or nil: each measure itself
	fuzzy   bool            // --fuzzy was given
	levels  anonymity.FuzzyLevels
}

func newMeasureCmd(e *env) *cli.Command {
	mc := &measureCmdFlags{}
	cmd := &cli.Command{
		Use:   "measure GRAPH",
		Short: "Find the nodes that are unique or not k-anonymous under an anonymity measure",
		Long: `measure computes every node's signature under an anonymity measure (what an
attacker is assumed to know about a person), groups nodes with equal
signatures into equivalence classes, and reports who is unique and who is
not k-anonymous (in a class of fewer than k nodes).

Measures (at distance d, for every t = 1..d; B_t(v) = nodes within t hops):
  degree     number of neighbours
  count      nodes and edges of the subgraph induced by B_t(v) (d=1: degree, triangles)
  degdist    the degrees inside that subgraph, as a multiset
  dk         the neighbourhood's shape: isomorphism class of B_t(v) with v fixed
  vrq        the degrees of the nodes at distance exactly t, as a multiset
  hybrid     dk and vrq together
  edgecount  edges of the subgraph induced by B_t(v)
  none       nothing: every node is equivalent (a baseline, e.g. --cascade-measure none)
dk-unrooted and hybrid-unrooted are the reference tool's variants, which let
the centre move (they differ from dk and hybrid only for d >= 2).

With several measures (--measure degree,count,dk) a comparison table is
printed, one row per measure; with --json, an array of results.

An attacker who also knows node attributes (age group, sex, town) is modelled
by --attributes people.csv [--known sex,age], or --known alone for the node
data of a GraphML or GML file: every signature is then refined by them (see
docs/attributes.md).

A bare binary file (anonet convert) measured under degree, count, edgecount or
none at d = 1, without attributes, --fuzzy or per-node listings (--classes,
--unique, --twins, --cascade, --plot), is read without building the graph
(about 5 bytes per edge; about 13 on a file of a million nodes or more whose
ids are scattered, as a release's are, which is renumbered breadth-first
for the triangle count where memory allows).`,
		Example: `  anonet measure karate
  anonet measure karate --measure degree,count,dk,vrq -d 2
  anonet measure network.edges --classes --json`,
		Args: exactArgs(1, "one GRAPH"),
		RunE: func(cmd *cli.Command, args []string) error { return e.measure(cmd, mc, args[0]) },
	}
	mc.register(cmd.Flags())
	return cmd
}

// register declares the flags of measure on f.
func (mc *measureCmdFlags) register(f *cli.FlagSet) {
	mc.mf.register(f, true)
	mc.af.register(f)
	registerFrom(f, &mc.format, "GRAPH")
	f.BoolVar(&mc.twins, "twins", false, "also count anonymity without twins (nodes with identical neighbourhoods)")
	f.BoolVar(&mc.classes, "classes", false, "print the members of every class")
	f.BoolVar(&mc.unique, "unique", false, "list the nodes that are not k-anonymous")
	f.BoolVar(&mc.ladder, "ladder", false, "also measure the graph against a ladder of attackers (degree; count, vrq, dk at d = 1; count and vrq at d = 2; automorphism), each within 20 s, and give a verdict: green, amber (the first --measure is met but a stronger attacker singles people out) or red")
	f.BoolVar(&mc.cascade, "cascade", false, "compute the anonymity cascade: nodes identifiable outward from the unique ones")
	f.BoolVar(&mc.cascadeTwins, "cascade-twins", false, "twin-unique cascade (the reference's variant): start from nodes whose class is made only of mutual twins, and identify a group of mutual twins among a node's neighbours as one")
	f.StringVar(&mc.cascadeMeasure, "cascade-measure", "", "measure that tells an identified node's neighbours apart (default: --measure)")
	f.IntVar(&mc.levels, "levels", 0, "stop the cascade after this many levels (default: until nothing changes)")
	f.StringVar(&mc.plot, "plot", "", "write the figures (class sizes, cascade, degrees, clustering, communities) as SVG and PNG files into this directory")
	f.Float64Var(&mc.phi, "fuzzy", 0, "fuzzy anonymity: nodes whose signatures differ by at most this percentage are confused")
	mc.allLevels.register(f)
}

// config checks the flags and returns the configuration they give.
func (mc *measureCmdFlags) config(e *env, cmd *cli.Command) (measureConfig, error) {
	var c measureConfig
	var err error
	if c.ms, err = mc.mf.measures(true); err != nil {
		return c, err
	}
	if mc.cascadeMeasure != "" {
		if !mc.cascade {
			return c, usageErrorf("--cascade-measure needs --cascade")
		}
		if c.cascade, err = measure.Parse(mc.cascadeMeasure); err != nil {
			return c, usageErrorf("--cascade-measure: %v", err)
		}
	}
	if mc.cascadeTwins && !mc.cascade {
		return c, usageErrorf("--cascade-twins needs --cascade")
	}
	if cmd.Flags().Changed("levels") && (!mc.cascade || mc.levels < 1) {
		return c, usageErrorf("--levels needs --cascade and a value of at least 1")
	}
	if c.levels, err = mc.allLevels.levels(cmd); err != nil {
		return c, err
	}
	c.fuzzy = cmd.Flags().Changed("fuzzy")
	if err := mc.af.check(e, c.fuzzy); err != nil {
		return c, err
	}
	if c.fuzzy {
		for _, m := range c.ms {
			if err := checkFuzzy(mc.phi, m, false); err != nil {
				return c, err
			}
		}
	}
	return c, nil
}

// lean reports whether the run of c asks for nothing but the counts, which
// a bare binary file gives without building the graph (measureLean).
func (mc *measureCmdFlags) lean(c measureConfig) bool {
	return !mc.twins && !mc.classes && !mc.unique && !mc.cascade && !c.fuzzy && !mc.ladder && mc.plot == "" && !mc.af.used()
}

// measure runs anonet measure on the graph named name.
func (e *env) measure(cmd *cli.Command, mc *measureCmdFlags, name string) error {
	c, err := mc.config(e, cmd)
	if err != nil {
		return err
	}
	if mc.lean(c) {
		results, err := e.measureLean(name, mc.format, c.ms, mc.mf.d, mc.mf.k)
		if err != nil {
			return err
		}
		if results != nil {
			return e.writeMeasureResults(results, false, false, false)
		}
	}
	in, ms, attrs, err := e.readToMeasure(name, mc.format, &mc.af, c.ms)
	if err != nil {
		return err
	}
	var tw []int32 // the twin classes, computed once if asked for
	twins := func() []int32 {
		if tw == nil {
			tw = anonymity.TwinClasses(in.g)
		}
		return tw
	}
	var results []*measureResult
	for _, m := range ms {
		start := time.Now()
		r, p, err := e.measureOne(mc, c, in, m, twins)
		if err != nil {
			return err
		}
		r.KnownAttributes = mc.af.knownOf(attrs)
		r.measure(start)
		results = append(results, r)
		if err := e.measurePlots(mc.plot, len(c.ms) > 1, in.name, p); err != nil {
			return err
		}
	}
	if mc.ladder {
		// The first measure is the target; the graph is judged as a
		// release (no attack: the original is not known).
		command := "anonet anonymize " + report.ShellQuote(name) + " -o OUT"
		if results[0].Verdict, err = e.verdict(in.g, verdictInput{target: ms[0], d: mc.mf.d, k: mc.mf.k, alpha: 1, command: command}); err != nil {
			return err
		}
	}
	return e.writeMeasureResults(results, mc.twins, mc.classes, mc.unique)
}

// measureOne measures the input in under the measure m as the flags ask,
// returning the result and the partition; twins gives the input's twin
// classes.
func (e *env) measureOne(mc *measureCmdFlags, c measureConfig, in *input, m measure.Measure, twins func() []int32) (*measureResult, *anonymity.Partition, error) {
	p, err := e.partition(in.g, m, mc.mf.d, mc.mf.k)
	if err != nil {
		return nil, nil, err
	}
	r := newMeasureResult(in.name, p)
	if mc.twins {
		r.addTwins(p, twins())
	}
	if mc.classes {
		r.ClassMembers = labelled(in.g, p.Classes())
	}
	if mc.unique {
		r.NotKAnonymousNodes = labels(in.g, p.NotAnonymousNodes())
	}
	if mc.cascade {
		var ctw []int32 // the twin-unique cascade's twins
		if mc.cascadeTwins {
			ctw = twins()
		}
		if r.Cascade, err = e.cascade(p, c.cascade, mc.levels, ctw); err != nil {
			return nil, nil, err
		}
	}
	if c.fuzzy {
		fz, err := p.FuzzyAt(mc.phi, c.levels)
		if err != nil {
			return nil, nil, inputError(err)
		}
		r.Fuzzy = newFuzzyJSON(fz, in.g, mc.classes)
	}
	return r, p, nil
}

// writeMeasureResults prints the results: JSON with --json, else one
// result's report or a comparison table of several.
func (e *env) writeMeasureResults(results []*measureResult, twins, classes, unique bool) error {
	if e.json {
		if len(results) == 1 {
			return writeJSON(e.stdout, results[0])
		}
		return writeJSON(e.stdout, results)
	}
	var err error
	if len(results) > 1 {
		err = printComparison(e.stdout, results, twins, classes, unique)
	} else {
		err = printMeasure(e.stdout, results[0], twins, classes, unique)
	}
	if err == nil && results[0].Verdict != nil {
		printVerdict(e.stdout, results[0].Verdict)
	}
	return err
}

func newMeasureResult(name string, p *anonymity.Partition) *measureResult {
	g := p.Graph()
	n := g.NumNodes()
	r := &measureResult{
		Graph: name, Nodes: n, Edges: g.NumEdges(),
		Measure: p.Measure().Name(), D: p.D(), K: p.K(),
		partition: p, tieKinds: tieKindsOf(g),
	}
	r.setHistogram(p.Histogram())
	return r
}

// setHistogram sets the counts of r from the number of classes of every
// size (ascending): classes, unique and not k-anonymous nodes, their
// fractions, and the two size maps of the JSON.
func (r *measureResult) setHistogram(hist []anonymity.SizeCount) {
	r.hist = hist
	r.Classes, r.Unique, r.NotKAnonymous = 0, 0, 0
	r.ClassSizes, r.AnonymityDistribution = map[string]int{}, map[string]int{}
	for _, sc := range hist {
		r.Classes += sc.Classes
		if sc.Size == 1 {
			r.Unique += sc.Classes
		}
		if sc.Size < r.K {
			r.NotKAnonymous += sc.Size * sc.Classes
		}
		r.ClassSizes[strconv.Itoa(sc.Size)] = sc.Classes
		r.AnonymityDistribution[strconv.Itoa(sc.Size)] = sc.Size * sc.Classes
	}
	if r.Nodes > 0 {
		r.UniqueFraction = float64(r.Unique) / float64(r.Nodes)
		r.NotKAnonymousFraction = float64(r.NotKAnonymous) / float64(r.Nodes)
	}
}

func (r *measureResult) addTwins(p *anonymity.Partition, tw []int32) {
	r.twinReduced = p.TwinReduced(tw)
	u := 0
	r.TwinReducedSizes = map[string]int{}
	for _, a := range r.twinReduced {
		if a == 1 {
			u++
		}
		r.TwinReducedSizes[strconv.Itoa(int(a))]++
	}
	r.TwinUnique = &u
	r.TwinUniqueFraction = finite(float64(u) / float64(r.Nodes))
}

// joinLabels joins node labels with spaces for text output, writing a
// label in Go's double-quoted form when it holds a space, a quote, a
// control character (an escape sequence would act on the terminal) or
// invalid UTF-8, so that the list is unambiguous and safe to print.
func joinLabels(ls []string) string {
	var b strings.Builder
	for i, l := range ls {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(printable(l))
	}
	return b.String()
}

// printable returns a label as joinLabels writes it.
func printable(l string) string {
	if l == "" || !utf8.ValidString(l) || strings.ContainsFunc(l, func(r rune) bool { return r == '"' || unicode.IsSpace(r) || !unicode.IsPrint(r) }) {
		return strconv.Quote(l)
	}
	return l
}

func labels(g *graph.Graph, nodes []int32) []string {
	out := make([]string, len(nodes))
	for i, v := range nodes {
		out[i] = g.Label(v)
	}
	return out
}

func labelled(g *graph.Graph, classes [][]int32) [][]string {
	out := make([][]string, len(classes))
	for i, c := range classes {
		out[i] = labels(g, c)
	}
	return out
}

func pct(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(whole))
}

func printMeasure(w io.Writer, r *measureResult, twins, classes, unique bool) error {
	fmt.Fprintf(w, "%s: %d nodes, %d edges; measure %s, d = %d, k = %d\n\n", r.Graph, r.Nodes, r.Edges, r.Measure, r.D, r.K)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "unique nodes\t%d\t(%s)\n", r.Unique, pct(r.Unique, r.Nodes))
	fmt.Fprintf(tw, "not %d-anonymous\t%d\t(%s)\n", r.K, r.NotKAnonymous, pct(r.NotKAnonymous, r.Nodes))
	if twins {
		fmt.Fprintf(tw, "twin-unique nodes\t%d\t(%s; unique up to twins, which no measure tells apart)\n", *r.TwinUnique, pct(*r.TwinUnique, r.Nodes))
	}
	fmt.Fprintf(tw, "classes\t%d\t\n", r.Classes)
	fmt.Fprintf(tw, "time\t%.3fs\t\n", r.Seconds)
	tw.Flush()
	fmt.Fprintf(w, "\nclass size  classes  nodes\n")
	for _, sc := range r.hist {
		fmt.Fprintf(w, "%10d  %7d  %5d\n", sc.Size, sc.Classes, sc.Size*sc.Classes)
	}
	if classes {
		fmt.Fprintf(w, "\nclasses (members by label, ordered by smallest member):\n")
		for i, c := range r.ClassMembers {
			fmt.Fprintf(w, "%d (size %d): %s\n", i+1, len(c), joinLabels(c))
		}
	}
	if unique {
		fmt.Fprintf(w, "\nnodes that are not %d-anonymous (%d):\n", r.K, len(r.NotKAnonymousNodes))
		for _, l := range r.NotKAnonymousNodes {
			fmt.Fprintln(w, printable(l))
		}
	}
	printCascade(w, r)
	printFuzzy(w, r)
	return nil
}

func printComparison(w io.Writer, rs []*measureResult, twins, classes, unique bool) error {
	fmt.Fprintf(w, "%s: %d nodes, %d edges; d = %d, k = %d\n\n", rs[0].Graph, rs[0].Nodes, rs[0].Edges, rs[0].D, rs[0].K)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	header := "measure\tunique\tunique share\tnot %d-anon.\tclasses\t"
	if twins {
		header += "twin-unique\t"
	}
	fmt.Fprintf(tw, header+"seconds\t\n", rs[0].K)
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%d\t%d\t", r.Measure, r.Unique, 100*r.UniqueFraction, r.NotKAnonymous, r.Classes)
		if twins {
			fmt.Fprintf(tw, "%d\t", *r.TwinUnique)
		}
		fmt.Fprintf(tw, "%.3f\t\n", r.Seconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range rs {
		if classes || unique {
			fmt.Fprintf(w, "\n== %s ==\n", r.Measure)
		}
		if classes {
			for i, c := range r.ClassMembers {
				fmt.Fprintf(w, "%d (size %d): %s\n", i+1, len(c), joinLabels(c))
			}
		}
		if unique {
			fmt.Fprintf(w, "not %d-anonymous: %s\n", r.K, joinLabels(r.NotKAnonymousNodes))
		}
		if r.Cascade != nil || r.Fuzzy != nil {
			fmt.Fprintf(w, "\n== %s ==", r.Measure)
			printCascade(w, r)
			printFuzzy(w, r)
		}
	}
	return nil
}
