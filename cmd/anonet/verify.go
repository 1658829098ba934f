package main

import (
	"fmt"
	"math"
	"time"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/measure"
)

// exitNotAnonymous is the exit status of verify when the target is not met:
// distinct from 1 (internal error) and 2 (bad usage or input).
const exitNotAnonymous = 3

// verifyResult is the JSON result of anonet verify.
type verifyResult struct {
	Graph              string   `json:"graph"`
	Nodes              int      `json:"nodes"`
	Edges              int      `json:"edges"`
	Measure            string   `json:"measure"`
	KnownAttributes    []string `json:"known_attributes,omitempty"` // --attributes: what the attacker knows besides the structure
	tieKinds                    // directed, layers, ties
	D                  int      `json:"d"`
	K                  int      `json:"k"`
	Alpha              float64  `json:"alpha"`
	Required           int      `json:"required"` // nodes that must be k-anonymous: ceil(alpha·n)
	KAnonymous         int      `json:"k_anonymous"`
	NotKAnonymous      int      `json:"not_k_anonymous"`
	OK                 bool     `json:"ok"`
	NotKAnonymousNodes []string `json:"not_k_anonymous_nodes"`
	Fuzzy              *float64 `json:"fuzzy,omitempty"` // the tolerance, when fuzzy anonymity was checked
	cost                        // seconds, peak_memory_bytes
}

// maxTargetPhi is the largest fuzzy tolerance of a target (anonymize,
// verify): at 100% a node already hides among nodes with none or twice its
// contacts; beyond it every graph soon passes (--fuzzy 1e308 made every
// node similar to every other) and the target protects nobody.
const maxTargetPhi = 100

// checkFuzzy validates a --fuzzy tolerance for measure m; target says that
// it is a target's (anonymize, verify), which must be at most maxTargetPhi.
func checkFuzzy(phi float64, m measure.Measure, target bool) error {
	if !(phi >= 0) || math.IsInf(phi, 0) {
		return usageErrorf("--fuzzy must be a finite percentage of at least 0, got %v", phi)
	}
	if target && phi > maxTargetPhi {
		return usageErrorf("--fuzzy %v: a target's tolerance is at most %d%% (beyond it a node hides among nodes with more than twice its contacts, and every network soon passes)", phi, maxTargetPhi)
	}
	if _, ok := m.(measure.Fuzzy); !ok {
		return usageErrorf("--fuzzy: fuzzy anonymity is not defined for measure %s (only count, degree, edgecount and none)", m.Name())
	}
	return nil
}

// fuzzyLevelsFlag is --fuzzy-all-levels, shared by measure, verify and
// anonymize.
type fuzzyLevelsFlag bool

func (f *fuzzyLevelsFlag) register(fs *cli.FlagSet) {
	fs.BoolVar((*bool)(f), "fuzzy-all-levels", false, "with --fuzzy at d >= 2: require the tolerance at every level 1..d (default: level d only, the reference's definition)")
}

// levels returns the levels fuzzy similarity compares, or a usage error if
// the flag is given without --fuzzy.
func (f fuzzyLevelsFlag) levels(cmd *cli.Command) (anonymity.FuzzyLevels, error) {
	if !f {
		return anonymity.FuzzyTop, nil
	}
	if !cmd.Flags().Changed("fuzzy") {
		return 0, usageErrorf("--fuzzy-all-levels needs --fuzzy")
	}
	return anonymity.FuzzyAll, nil
}

// checkAlpha validates an --alpha value.
func checkAlpha(alpha float64) error {
	if !(alpha > 0 && alpha <= 1) {
		return usageErrorf("--alpha must be in (0, 1], got %v", alpha)
	}
	return nil
}

// verifyFlags holds the flags of anonet verify.
type verifyFlags struct {
	mf         measureFlags
	af         attributeFlags
	format     string
	alpha, phi float64
	allLevels  fuzzyLevelsFlag
}

func newVerifyCmd(e *env) *cli.Command {
	v := &verifyFlags{}
	cmd := &cli.Command{
		Use:   "verify GRAPH",
		Short: "Check from scratch that a network meets an anonymity target",
		Long: fmt.Sprintf(`verify recomputes the equivalence partition of GRAPH from scratch and exits
with status 0 if at least ceil(alpha·n) nodes are k-anonymous under the
measure (all nodes with the default --alpha 1). Otherwise it lists the nodes
that are not k-anonymous and exits with status %d. Status 2 means bad usage or
input, 1 an internal error. A bare binary file (anonet convert) checked under
degree, count, edgecount or none at d = 1, without --fuzzy or attributes, is
read without building the graph (about 5 bytes per edge; about 13 on a file
of a million nodes or more whose ids are scattered, as a release's are,
which is renumbered breadth-first for the triangle count where memory
allows).`, exitNotAnonymous),
		Example: "  anonet verify karate-anon.edges\n  anonet verify out.edges --measure dk -d 1 -k 3 --alpha 0.95",
		Args:    exactArgs(1, "one GRAPH"),
		RunE:    func(cmd *cli.Command, args []string) error { return e.verify(cmd, v, args[0]) },
	}
	v.register(cmd.Flags())
	return cmd
}

// register declares the flags of verify on f.
func (v *verifyFlags) register(f *cli.FlagSet) {
	v.mf.register(f, false)
	v.af.register(f)
	registerFrom(f, &v.format, "GRAPH")
	f.Float64Var(&v.alpha, "alpha", 1, "fraction of nodes that must be k-anonymous, in (0, 1]")
	f.Float64Var(&v.phi, "fuzzy", 0, "check fuzzy k-anonymity with this tolerance (percent) instead of exact")
	v.allLevels.register(f)
}

// config checks the flags and returns the measure of the target (a list
// of one) and the levels that fuzzy similarity compares.
func (v *verifyFlags) config(e *env, cmd *cli.Command) ([]measure.Measure, anonymity.FuzzyLevels, error) {
	ms, err := v.mf.measures(false)
	if err != nil {
		return nil, 0, err
	}
	if err := checkAlpha(v.alpha); err != nil {
		return nil, 0, err
	}
	fuzzy := cmd.Flags().Changed("fuzzy")
	if err := v.af.check(e, fuzzy); err != nil {
		return nil, 0, err
	}
	if fuzzy {
		if err := checkFuzzy(v.phi, ms[0], true); err != nil {
			return nil, 0, err
		}
	}
	levels, err := v.allLevels.levels(cmd)
	if err != nil {
		return nil, 0, err
	}
	return ms, levels, nil
}

// verify runs anonet verify on the graph named name.
func (e *env) verify(cmd *cli.Command, v *verifyFlags, name string) error {
	ms, levels, err := v.config(e, cmd)
	if err != nil {
		return err
	}
	fuzzy := cmd.Flags().Changed("fuzzy")
	if !fuzzy && !v.af.used() {
		res, err := e.verifyLean(name, v.format, ms[0], v.mf.d, v.mf.k, v.alpha)
		if err != nil {
			return err
		}
		if res != nil {
			return e.reportVerify(*res)
		}
	}
	start := time.Now()
	in, ms, attrs, err := e.readToMeasure(name, v.format, &v.af, ms)
	if err != nil {
		return err
	}
	p, err := e.partition(in.g, ms[0], v.mf.d, v.mf.k)
	if err != nil {
		return err
	}
	n := in.g.NumNodes()
	res := verifyResult{
		Graph: in.name, Nodes: n, Edges: in.g.NumEdges(),
		Measure: ms[0].Name(), D: v.mf.d, K: v.mf.k, Alpha: v.alpha,
		Required: anonymize.Target(v.alpha, n), NotKAnonymous: p.NotAnonymous(),
		KnownAttributes: v.af.knownOf(attrs), tieKinds: tieKindsOf(in.g),
	}
	offenders := p.NotAnonymousNodes()
	if fuzzy {
		fz, err := p.FuzzyAt(v.phi, levels)
		if err != nil {
			return inputError(err)
		}
		res.Fuzzy = &v.phi
		res.NotKAnonymous, offenders = fz.NotAnonymous, offenders[:0]
		for u := range int32(n) {
			if fz.NotAnonymousNode(u) {
				offenders = append(offenders, u)
			}
		}
	}
	res.KAnonymous = n - res.NotKAnonymous
	res.OK = res.KAnonymous >= res.Required
	res.NotKAnonymousNodes = labels(in.g, offenders)
	res.measure(start)
	return e.reportVerify(res)
}

// reportVerify writes the result of verify, as JSON or text, and returns
// the error of exit status exitNotAnonymous if the target is not met.
func (e *env) reportVerify(res verifyResult) error {
	n := res.Nodes
	if e.json {
		if err := writeJSON(e.stdout, res); err != nil {
			return err
		}
	} else {
		target := fmt.Sprintf("all %d nodes", n)
		if res.Alpha < 1 {
			target = fmt.Sprintf("%d of %d nodes (alpha %v)", res.Required, n, res.Alpha)
		}
		verdict := "OK"
		if !res.OK {
			verdict = "NOT MET"
		}
		kind := ""
		if res.Fuzzy != nil {
			kind = fmt.Sprintf(" (fuzzy, phi = %v%%)", *res.Fuzzy)
		}
		fmt.Fprintf(e.stdout, "%s: %d of %d nodes are %d-anonymous%s under %s, d = %d; target %s: %s\n",
			res.Graph, res.KAnonymous, n, res.K, kind, res.Measure, res.D, target, verdict)
		if !res.OK {
			fmt.Fprintf(e.stdout, "not %d-anonymous (%d): %s\n", res.K, len(res.NotKAnonymousNodes), joinLabels(res.NotKAnonymousNodes))
		}
	}
	if !res.OK {
		return &exitError{code: exitNotAnonymous, err: fmt.Errorf("%s: target not met: %d nodes are not %d-anonymous, at most %d may be", res.Graph, res.NotKAnonymous, res.K, n-res.Required), reported: e.json}
	}
	return nil
}
