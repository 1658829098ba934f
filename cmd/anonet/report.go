package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/anonet-project/anonet/internal/cli"
	"github.com/anonet-project/anonet/verdict"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/report"
	"github.com/anonet-project/anonet/utility"
)

// reportFlags are --report FILE, --public-report FILE and --plot DIR.
type reportFlags struct {
	html, public, plot string
}

func (f *reportFlags) register(fs *cli.FlagSet, html bool) {
	if html {
		fs.StringVar(&f.html, "report", "", "write a self-contained HTML report of the release to this file (internal: it holds statistics of the original)")
	}
	fs.StringVar(&f.plot, "plot", "", "write the report's figures as SVG and PNG files into this directory")
}

// registerPublic registers --public-report FILE. A command that registers
// it must add its outputs with addOutputs and set them with setOutputs.
func (f *reportFlags) registerPublic(fs *cli.FlagSet) {
	fs.StringVar(&f.public, "public-report", "", "write a report of the release that may be published (its own statistics and the verdict; of the original only the number of edges) to this file")
}

// wanted reports whether a report or figures are asked for.
func (f *reportFlags) wanted() bool { return f.html != "" || f.public != "" || f.plot != "" }

// addOutputs adds the report files asked for to outs.
func (f *reportFlags) addOutputs(outs *outputSet) error {
	if err := outs.add("--report", f.html); err != nil {
		return err
	}
	return outs.add("--public-report", f.public)
}

// setOutputs sets the writers of the report files of in: the full report
// for --report, and for --public-report the same input made public.
func (f *reportFlags) setOutputs(outs *outputSet, in *report.Input) {
	outs.set("--report", func(w io.Writer) error { return report.WriteHTML(w, in) })
	outs.set("--public-report", func(w io.Writer) error {
		pub := *in
		pub.Public = true
		return report.WriteHTML(w, &pub)
	})
}

// check rejects a plot directory that is a file. The report file itself is
// an output of the command's outputSet, checked there.
func (f *reportFlags) check() error {
	if f.plot != "" {
		if st, err := os.Stat(f.plot); err == nil && !st.IsDir() {
			return usageErrorf("--plot %s is a file, not a directory", f.plot)
		}
	}
	return nil
}

// releasePair is what a report compares: an original, a release and what
// is known of how one became the other.
type releasePair struct {
	orig, release *graph.Graph
	// corr[v] is the release's node for original node v; nil: unknown.
	corr []int32
	m    measure.Measure
	// mRelease, if not nil, is the measure on the release: m with node
	// attributes keyed by the release's ids.
	mRelease measure.Measure
	run      report.Run
	trace    []report.TracePoint
	best     int
	// fuzzy, if not nil, is the tolerance of a fuzzy target (anonymize
	// --fuzzy), with allLevels its --fuzzy-all-levels.
	fuzzy     *float64
	allLevels bool
}

// buildReport computes everything the report of a release shows.
func (e *env) buildReport(rp releasePair) (*report.Input, error) {
	in := &report.Input{Run: rp.run, Trace: rp.trace, Best: rp.best}
	opt := report.SnapshotOptions{Cascade: true, Communities: true, Seed: e.seed, Threads: e.threads}
	for i, g := range []*graph.Graph{rp.orig, rp.release} {
		m := rp.m
		if i == 1 && rp.mRelease != nil {
			m = rp.mRelease
		}
		p, err := e.partition(g, m, rp.run.D, rp.run.K)
		if err != nil {
			return nil, err
		}
		s, err := report.NewSnapshot(g, p, opt)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			in.Before = s
		} else {
			in.After = s
		}
	}
	in.Run.TargetMet = in.After.Nodes-in.After.NotKAnonymous >= in.Run.Target
	pr := e.newProgress()
	cmp, err := utility.Compare(rp.orig, rp.release, utility.Options{
		Seed: e.seed, Threads: e.threads, Correspondence: rp.corr,
		Progress: func(stage string, done, total int) { pr.update("utility, %s: %d/%d", stage, done, total) },
	})
	pr.done()
	if err != nil {
		return nil, err
	}
	in.Utility = report.Metrics(cmp)
	if rp.corr != nil {
		setAlterations(in, rp.orig, rp.release, rp.corr)
	}
	// The verdict: the release against its target, the ladder and, with a
	// correspondence, the attack.
	target, colors := rp.m, [2][]int32{}
	if r, ok := rp.m.(measure.Refined); ok {
		colors[0] = r.Colors
	}
	if rp.mRelease != nil {
		target = rp.mRelease
		if r, ok := rp.mRelease.(measure.Refined); ok {
			colors[1] = r.Colors
		}
	}
	alpha := rp.run.Alpha
	if alpha == 0 {
		alpha = 1
	}
	if in.Verdict, err = e.verdict(rp.release, verdictInput{
		target: target, d: rp.run.D, k: rp.run.K, alpha: alpha,
		orig: rp.orig, truth: rp.corr, colors: colors, attacker: rp.corr != nil, fuzzy: rp.fuzzy, allLevels: rp.allLevels,
		command: "anonet anonymize " + report.ShellQuote(rp.run.Input) + " -o OUT",
	}); err != nil {
		return nil, err
	}
	if rp.corr != nil {
		if in.Attack, err = e.reportAttack(rp, in.Verdict); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// reportAttack puts the verdict's seed-and-propagate attacks on the
// release beside the same attack on the original itself, its ids hidden
// (the attacker's baseline), for each number of seeds the verdict ran.
func (e *env) reportAttack(rp releasePair, v *verdict.Verdict) (*report.Attack, error) {
	identity := release.Identity(rp.orig.NumNodes())
	a := &report.Attack{Name: "seed-and-propagate"}
	for _, r := range v.Attacks {
		if r.Skipped != "" {
			continue
		}
		o, err := attack.Run(rp.orig, rp.orig, identity, attack.Config{Seeds: r.Seeds, Seed: e.seed})
		if err != nil {
			return nil, err
		}
		a.Seeds = append(a.Seeds, r.Seeds)
		a.Original = append(a.Original, o.Fraction)
		a.Release = append(a.Release, r.Fraction)
	}
	return a, nil
}

// setAlterations fills the report's deleted and added edges of release
// against orig (corr maps the release's nodes to the original's).
func setAlterations(in *report.Input, orig, release *graph.Graph, corr []int32) {
	deleted, added := alteredEdges(orig, release, corr)
	in.Deleted, in.EdgesByLowerDegree = report.EdgeEndDegrees(orig, deleted)
	in.Added = added
}

// alteredEdges returns the original's edges that the release lacks, and
// the number of the release's edges that the original lacks, given the
// release's node corr[v] of every original node v.
func alteredEdges(orig, release *graph.Graph, corr []int32) (deleted []graph.Edge, added int) {
	for _, ed := range orig.Edges() {
		u, v := corr[ed.U], corr[ed.V]
		if u < 0 || v < 0 || !release.HasEdge(u, v) {
			deleted = append(deleted, graph.MakeEdge(ed.U, ed.V))
		}
	}
	// Edges kept are counted once each, so the rest were added.
	added = release.NumEdges() - (orig.NumEdges() - len(deleted))
	return deleted, added
}

// writePlots writes the figures of in to dir, if dir is not empty.
func (e *env) writePlots(dir string, in *report.Input) error {
	if dir == "" {
		return nil
	}
	paths, err := report.WriteFiles(dir, report.Figures(in))
	if err != nil {
		return inputError(err)
	}
	e.notef("wrote %d figure files to %s", len(paths), dir)
	return nil
}

// measurePlots writes the figures of one measure's partition p of the graph
// named name to dir (into a subdirectory named after the measure when
// several measures are plotted).
func (e *env) measurePlots(dir string, several bool, name string, p *anonymity.Partition) error {
	if dir == "" {
		return nil
	}
	if several {
		dir = filepath.Join(dir, p.Measure().Name())
	}
	s, err := report.NewSnapshot(p.Graph(), p, report.SnapshotOptions{Cascade: true, Communities: true, Seed: e.seed, Threads: e.threads})
	if err != nil {
		return err
	}
	return e.writePlots(dir, &report.Input{
		Run:    report.Run{Input: name, Measure: p.Measure().Name(), D: p.D(), K: p.K()},
		Before: s,
	})
}

// utilityPlots writes the figures of anonet utility to dir: the structure
// of both graphs and, when the nodes correspond, where the deleted edges
// were.
func (e *env) utilityPlots(dir string, names []string, orig, anon *graph.Graph, corr []int32, cmp *utility.Comparison) error {
	if dir == "" {
		return nil
	}
	in := &report.Input{Run: report.Run{Input: names[0], Release: names[1]}, Utility: report.Metrics(cmp)}
	opt := report.SnapshotOptions{Communities: true, Seed: e.seed, Threads: e.threads}
	var err error
	if in.Before, err = report.NewSnapshot(orig, nil, opt); err != nil {
		return err
	}
	if in.After, err = report.NewSnapshot(anon, nil, opt); err != nil {
		return err
	}
	if corr != nil {
		setAlterations(in, orig, anon, corr)
	}
	return e.writePlots(dir, in)
}

// anonymizeReport builds the report of an anonymize run; orig
// is the input as read, anon the release as written, whose node perm[v] is
// the input's node v.
func (e *env) anonymizeReport(r anonymizeResult, orig, anon *graph.Graph, perm []int, res *anonymize.Result) (*report.Input, error) {
	c := res.Config
	corr := make([]int32, len(perm))
	for v, w := range perm {
		corr[v] = int32(w)
	}
	rp := releasePair{
		orig: orig, release: anon, corr: corr, m: c.Measure, best: res.Best,
		run: report.Run{
			Input: r.Graph, Release: r.Output, Measure: c.Measure.Name(), KnownAttributes: r.KnownAttributes, D: c.D, K: c.K,
			Anonymized: true, Algorithm: string(c.Strategy), Operation: string(c.Operation),
			Variant: string(c.Variant), Seed: e.seed, Alpha: c.Alpha, Budget: c.Budget,
			Recompute: c.Recompute, Seconds: r.Seconds, Target: res.Target,
		},
	}
	if a, ok := c.Measure.(measure.Refined); ok && a.Colors != nil {
		// The release's nodes carry their input node's attribute codes.
		colors := make([]int32, len(a.Colors))
		for v, w := range perm {
			colors[w] = a.Colors[v]
		}
		rp.mRelease = measure.Refined{Measure: a.Measure, Colors: colors}
	}
	if c.Fuzzy {
		rp.fuzzy, rp.allLevels = &c.Phi, c.FuzzyAllLevels
	}
	for _, it := range res.Trace {
		rp.trace = append(rp.trace, report.TracePoint{EdgesAltered: it.EdgesAltered, NotKAnonymous: it.NotKAnonymous, Unique: it.Unique, Phase: it.Phase})
	}
	in, err := e.buildReport(rp)
	if err != nil {
		return nil, err
	}
	// The run's own counts and verdict are what it met: with a fuzzy
	// target they differ from the exact partitions of the snapshots.
	in.Before.NotKAnonymous, in.After.NotKAnonymous = res.Before().NotKAnonymous, res.After().NotKAnonymous
	in.Run.TargetMet = res.TargetReached
	return in, nil
}

// reportCmdFlags holds the flags of anonet report.
type reportCmdFlags struct {
	mf                     measureFlags
	af                     attributeFlags
	rf                     reportFlags // -o (the HTML report) and --plot
	releaseAttributes      string
	format, trace, mapping string
	alpha                  float64
	public                 bool
}

func newReportCmd(e *env) *cli.Command {
	r := &reportCmdFlags{}
	cmd := &cli.Command{
		Use:   "report ORIGINAL RELEASE -o report.html",
		Short: "Write an HTML report comparing a network with its anonymized release",
		Long: `report writes one self-contained HTML page (no network access needed to view
it) that shows how anonymous the people in RELEASE are compared with
ORIGINAL, and how much of the network's usefulness survived: a verdict on the
target, the re-identification risk (class sizes, ARX-style risk summary),
the anonymity before and after with the anonymity cascade, the
anonymization trace (--trace, the CSV written by anonet anonymize --trace),
every metric of anonet utility, the degree, clustering and community
structure, where the deleted edges were, and a paragraph saying what it all
means. See docs/report.md.

The report holds statistics of ORIGINAL and says at its top that it must be
kept internal. --public writes a report that may be published instead: the
release's own statistics and the verdict, and of the original only its
number of edges.

The target (--measure, -d, -k, --alpha) is the one recorded beside the
release in RELEASE.anonet.json when that file exists, unless the flags are
given; otherwise --alpha defaults to 1 (every node).

Which release node is which original node comes from --mapping (written by
anonet anonymize --mapping) or else from equal labels; without either, the
metrics that need it and the deleted edges are left out.

anonet anonymize --report FILE writes the same report directly.`,
		Example: "  anonet anonymize karate -o karate-anon.edges --variant full --trace trace.csv --mapping map.tsv\n" +
			"  anonet report karate karate-anon.edges --trace trace.csv --mapping map.tsv -o report.html\n" +
			"  anonet report karate karate-anon.edges --mapping map.tsv --public -o public.html",
		Args: exactArgs(2, "ORIGINAL and RELEASE"),
		RunE: func(cmd *cli.Command, args []string) error { return e.report(cmd, r, args) },
	}
	r.register(cmd.Flags())
	return cmd
}

// register declares the flags of report on f.
func (r *reportCmdFlags) register(f *cli.FlagSet) {
	f.StringVarP(&r.rf.html, "output", "o", "", "HTML file to write (required)")
	r.mf.register(f, false)
	registerFrom(f, &r.format, "both files")
	f.StringVar(&r.trace, "trace", "", "the trace CSV written by anonet anonymize --trace")
	f.StringVar(&r.mapping, "mapping", "", "node mapping file (original<TAB>anonymized), from anonet anonymize --mapping")
	f.Float64Var(&r.alpha, "alpha", 1, "the target: this fraction of the nodes must be k-anonymous, in (0, 1] (default: the release's record, else 1)")
	f.StringVar(&r.rf.plot, "plot", "", "also write the figures as SVG and PNG files into this directory")
	f.BoolVar(&r.public, "public", false, "write a report that may be published: the release's statistics and the verdict, nothing of the original but its number of edges")
	r.af.register(f)
	f.StringVar(&r.releaseAttributes, "release-attributes", "", "with --attributes: the release's attribute table (anonymize --attributes-out)")
}

// config checks the flags that need no input: the target and the
// attribute tables. The target may still come from the release's record
// (applyReleaseRecord).
func (r *reportCmdFlags) config(e *env) error {
	if _, err := r.mf.measures(false); err != nil {
		return err
	}
	if err := checkAlpha(r.alpha); err != nil {
		return err
	}
	return r.af.checkPair(e, r.releaseAttributes)
}

// outputs checks the outputs of a report on the original and release
// named by args, before any work: the report, never one of the inputs
// (which include the release's record, returned with its path if there is
// one), and the plot directory.
func (r *reportCmdFlags) outputs(e *env, args []string) (*outputSet, *releaseRecord, string, error) {
	if r.rf.html == "" {
		return nil, nil, "", usageErrorf("no output file: give -o report.html")
	}
	rec, recPath, err := readReleaseRecord(args[1])
	if err != nil {
		return nil, nil, "", inputError(err)
	}
	outs := e.newOutputs(append(args, r.trace, r.mapping, r.af.path, r.releaseAttributes, recPath)...)
	if err := outs.add("-o", r.rf.html); err != nil {
		return nil, nil, "", err
	}
	if err := r.rf.check(); err != nil {
		return nil, nil, "", err
	}
	return outs, rec, recPath, nil
}

// report runs anonet report on the original and release named by args.
func (e *env) report(cmd *cli.Command, r *reportCmdFlags, args []string) error {
	if err := r.config(e); err != nil {
		return err
	}
	outs, rec, recPath, err := r.outputs(e, args)
	if err != nil {
		return err
	}
	orig, rel, err := e.readPair(args, r.format)
	if err != nil {
		return err
	}
	variant := ""
	if rec != nil {
		if variant, err = e.applyReleaseRecord(rec, recPath, rel.g, cmd.Flags(), &r.mf, &r.alpha); err != nil {
			return err
		}
	}
	rp, err := e.reportPair(r, args, orig, rel, variant)
	if err != nil {
		return err
	}
	in, err := e.buildReport(rp)
	if err != nil {
		return err
	}
	in.Public = r.public
	outs.set("-o", func(w io.Writer) error { return report.WriteHTML(w, in) })
	if err := outs.commit(); err != nil {
		return err
	}
	if err := e.writePlots(r.rf.plot, in); err != nil {
		return err
	}
	if e.json {
		return writeJSON(e.stdout, newReportResult(r.rf, in))
	}
	return nil
}

// reportPair returns what the report on orig and its release rel, named
// by args, compares: the target of the flags (and of the record, whose
// variant is variant), refined by the attributes the attacker knows, the
// trace and the correspondence of the nodes.
func (e *env) reportPair(r *reportCmdFlags, args []string, orig, rel *input, variant string) (releasePair, error) {
	ms, err := r.mf.measures(false)
	if err != nil {
		return releasePair{}, err
	}
	rp := releasePair{
		orig: orig.g, release: rel.g, m: ms[0], best: -1,
		run: report.Run{
			Input: args[0], Release: args[1], Measure: ms[0].Name(), D: r.mf.d, K: r.mf.k,
			Variant: variant, Alpha: r.alpha,
			Target: anonymize.Target(r.alpha, rel.g.NumNodes()),
		},
	}
	if err := e.attributePair(&r.af, r.releaseAttributes, orig, rel, &rp); err != nil {
		return rp, err
	}
	if r.trace != "" {
		if rp.trace, rp.best, err = readTrace(r.trace); err != nil {
			return rp, inputError(err)
		}
	}
	if rp.corr, err = e.correspondence(r.mapping, orig.g, rel.g); err != nil {
		return rp, err
	}
	return rp, nil
}

// releaseRecord is what a release records of the target it was made to
// meet, in the file RELEASE.anonet.json beside it (recordPath), so that
// anonet report judges a partial or budgeted release by its own target
// without the flags being repeated. It holds nothing secret.
type releaseRecord struct {
	// Format is "anonet-release", to recognise the file; Version is 1.
	Format  string `json:"format"`
	Version int    `json:"version"`
	// The target: the measure, d, k, the variant, the share alpha of the
	// nodes (1 but for the partial variant), the budget of the budgeted
	// variant, the fuzzy threshold (0: exact) and the node attributes the
	// attacker knows.
	Measure string   `json:"measure"`
	D       int      `json:"d"`
	K       int      `json:"k"`
	Variant string   `json:"variant"`
	Alpha   float64  `json:"alpha"`
	Budget  int      `json:"budget,omitempty"`
	Fuzzy   float64  `json:"fuzzy,omitempty"`
	Known   []string `json:"known,omitempty"`
	// Nodes and Edges are the release's, to tell a record that does not
	// describe the file beside it; Target is the number of nodes that
	// must be k-anonymous and Met whether the release has that many.
	Nodes  int  `json:"nodes"`
	Edges  int  `json:"edges"`
	Target int  `json:"target"`
	Met    bool `json:"met"`
}

// recordFormat names a release record's format.
const recordFormat = "anonet-release"

// recordPath is the file of the record of the release at path: beside it,
// its name followed by .anonet.json ("" for stdout or stdin).
func recordPath(path string) string {
	if path == "" || path == "-" {
		return ""
	}
	return path + ".anonet.json"
}

// newReleaseRecord records the target of an anonymize run and how its
// release met it.
func newReleaseRecord(res *anonymize.Result, known []string, nodes, edges int) releaseRecord {
	c := res.Config
	r := releaseRecord{
		Format: recordFormat, Version: 1,
		Measure: c.Measure.Name(), D: c.D, K: c.K, Variant: string(c.Variant), Alpha: c.Alpha,
		Known: known, Nodes: nodes, Edges: edges, Target: res.Target, Met: res.TargetReached,
	}
	// A measure refined by attributes is named after the structural one
	// (measure.Refined); the attributes are in Known.
	if c.Variant == anonymize.Budgeted {
		r.Budget = c.Budget
	}
	if c.Fuzzy {
		r.Fuzzy = c.Phi
	}
	return r
}

// writeReleaseRecord writes r as indented JSON.
func writeReleaseRecord(w io.Writer, r releaseRecord) error { return writeJSON(w, r) }

// readReleaseRecord reads the record beside the release at path, if there
// is one: the record, its path, or nil and "" when there is none.
func readReleaseRecord(path string) (*releaseRecord, string, error) {
	p := recordPath(path)
	if p == "" {
		return nil, "", nil
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("release record: %w", err)
	}
	var r releaseRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, "", fmt.Errorf("release record %s: %w", p, err)
	}
	if r.Format != recordFormat || r.Version != 1 {
		return nil, "", fmt.Errorf("release record %s: format %q version %d, want %q version 1", p, r.Format, r.Version, recordFormat)
	}
	if _, err := measure.Parse(r.Measure); err != nil || r.D < 1 || r.K < 1 || !(r.Alpha > 0 && r.Alpha <= 1) {
		return nil, "", fmt.Errorf("release record %s: bad target (measure %q, d = %d, k = %d, alpha = %v)", p, r.Measure, r.D, r.K, r.Alpha)
	}
	return &r, p, nil
}

// applyReleaseRecord makes the record's target the report's where the
// flags do not say otherwise, and returns the record's variant. A record
// that does not describe the release (other numbers of nodes or edges) is
// ignored with a note, leaving the flags' defaults (every node).
func (e *env) applyReleaseRecord(r *releaseRecord, path string, rel *graph.Graph, fl *cli.FlagSet, mf *measureFlags, alpha *float64) (string, error) {
	if r.Nodes != rel.NumNodes() || r.Edges != rel.NumEdges() {
		e.notef("note: %s describes a release of %d nodes and %d edges, not this one (%d, %d); ignored", path, r.Nodes, r.Edges, rel.NumNodes(), rel.NumEdges())
		return "", nil
	}
	var used, overridden []string
	for _, s := range []struct {
		flag string
		set  func()
	}{
		{"measure", func() { mf.names = []string{r.Measure} }},
		{"distance", func() { mf.d = r.D }},
		{"k", func() { mf.k = r.K }},
		{"alpha", func() { *alpha = r.Alpha }},
	} {
		if fl.Changed(s.flag) {
			overridden = append(overridden, "--"+s.flag)
		} else {
			s.set()
			used = append(used, "--"+s.flag)
		}
	}
	if len(used) > 0 {
		e.notef("target from %s: %s, d = %d, k = %d, %s variant, alpha = %v (flags given: %v)", path, mf.names[0], mf.d, mf.k, r.Variant, *alpha, overridden)
	}
	if len(r.Known) > 0 {
		e.notef("note: %s was made against an attacker who also knows %s; give --attributes/--known to judge it the same way", path, strings.Join(r.Known, ", "))
	}
	if r.Fuzzy > 0 {
		e.notef("note: %s was made with a fuzzy target (%v%%); the report judges it exactly", path, r.Fuzzy)
	}
	return r.Variant, nil
}

// attributePair refines the measures of rp by the attributes the attacker
// knows, if any (see attributeCodes).
func (e *env) attributePair(f *attributeFlags, release string, orig, rel *input, rp *releasePair) error {
	codes, known, err := e.attributeCodes(f, release, orig, rel)
	if err != nil || known == nil {
		return err
	}
	rp.mRelease = measure.Refined{Measure: rp.m, Colors: codes[1]}
	rp.m = measure.Refined{Measure: rp.m, Colors: codes[0]}
	rp.run.KnownAttributes = known
	return nil
}

// attributeCodes reads the attributes the attacker knows of an original
// and its release, if any: the original's table (--attributes, or its node
// data with --known alone) and the release's (the file release, or its
// node data), coded jointly so that equal values get equal codes on both
// sides. It returns the codes and the known attributes (nil: none).
func (e *env) attributeCodes(f *attributeFlags, release string, orig, rel *input) ([2][]int32, []string, error) {
	var codes [2][]int32
	t0, err := e.attributeTable(f, f.path, orig)
	if err != nil || t0 == nil {
		return codes, nil, err
	}
	t1, err := e.attributeTable(f, release, rel)
	if err != nil {
		return codes, nil, err
	}
	joint, n, err := attribute.JointColors(f.known, t0, t1)
	if err != nil {
		return codes, nil, usageErrorf("--known: %v", err)
	}
	e.noteAttributes(f, t0, n)
	codes[0], codes[1] = joint[0], joint[1]
	return codes, f.knownOf(t0), nil
}

// reportResult is the output of anonet report --json: where the report
// went and its headline numbers.
type reportResult struct {
	Report              string `json:"report"`
	Plot                string `json:"plot,omitempty"`
	Nodes               int    `json:"nodes"`
	EdgesBefore         int    `json:"edges_before"`
	EdgesAfter          int    `json:"edges_after"`
	UniqueBefore        int    `json:"unique_before"`
	UniqueAfter         int    `json:"unique_after"`
	NotKAnonymousBefore int    `json:"not_k_anonymous_before"`
	NotKAnonymousAfter  int    `json:"not_k_anonymous_after"`
	Target              int    `json:"target"`
	TargetReached       bool   `json:"target_reached"`
	EdgesDeleted        *int   `json:"edges_deleted"` // null: nodes not matched
	MetricsPreserved    int    `json:"metrics_preserved"`
	Metrics             int    `json:"metrics"`
	// State is the verdict's colour (green, amber or red); Public whether
	// the report is the public one.
	State  string `json:"state"`
	Public bool   `json:"public"`
}

func newReportResult(f reportFlags, in *report.Input) reportResult {
	r := reportResult{
		Report: f.html, Plot: f.plot, Nodes: in.Before.Nodes,
		EdgesBefore: in.Before.Edges, EdgesAfter: in.After.Edges,
		UniqueBefore: in.Before.Unique, UniqueAfter: in.After.Unique,
		NotKAnonymousBefore: in.Before.NotKAnonymous, NotKAnonymousAfter: in.After.NotKAnonymous,
		Target: in.Run.Target, TargetReached: in.Run.TargetMet, Metrics: len(in.Utility),
		State: string(report.State(in)), Public: in.Public,
	}
	if in.Deleted != nil {
		d := len(in.Deleted)
		r.EdgesDeleted = &d
	}
	for _, m := range in.Utility {
		if m.Preserved {
			r.MetricsPreserved++
		}
	}
	return r
}

// correspondence finds which release node is which original node: from a
// mapping file, or else from equal labels if the edges support them
// (release.CorrespondenceByLabels); without either it is an error, so that
// nothing in the report is computed on a correspondence the files do not
// support.
func (e *env) correspondence(mapping string, orig, rel *graph.Graph) ([]int32, error) {
	if mapping != "" {
		return readMapping(mapping, orig, rel)
	}
	corr, err := release.CorrespondenceByLabels(orig, rel)
	if err != nil {
		return nil, usageErrorf("%v; pass --mapping FILE (written by anonet anonymize --mapping) to say which release node is whom", err)
	}
	return corr, nil
}

// readTrace reads the CSV of anonet anonymize --trace (anonymize.ReadTrace)
// as the report's points, and the index of the released state.
func readTrace(path string) ([]report.TracePoint, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, -1, fmt.Errorf("trace: %w", err)
	}
	defer f.Close()
	rows, best, err := anonymize.ReadTrace(f, path)
	if err != nil {
		return nil, -1, err
	}
	pts := make([]report.TracePoint, len(rows))
	for i, it := range rows {
		pts[i] = report.TracePoint{EdgesAltered: it.EdgesAltered, NotKAnonymous: it.NotKAnonymous, Unique: it.Unique, Phase: it.Phase}
	}
	return pts, best, nil
}
