package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/release"
)

// readMapping reads a --mapping file (written by anonymize --mapping) as
// the correspondence orig → anon.
func readMapping(path string, orig, anon *graph.Graph) ([]int32, error) {
	return readMappingOf(path, orig.NumNodes(), anon.NumNodes(), release.ByLabel(orig), release.ByLabel(anon))
}

// readMappingOf is readMapping for graphs of nOrig and nAnon nodes held
// elsewhere than in a graph.Graph, found by label with orig and anon
// (release.ReadMappingOf).
func readMappingOf(path string, nOrig, nAnon int, orig, anon func(string) (int32, bool)) ([]int32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputError(fmt.Errorf("mapping %s: %w", path, errors.Unwrap(err)))
	}
	defer f.Close()
	corr, err := release.ReadMappingOf(f, path, nOrig, nAnon, orig, anon)
	return corr, inputError(err)
}

// attackRow is one attack of anonet attack's result.
type attackRow struct {
	Seeds       int     `json:"seeds"`
	Targets     int     `json:"targets"`
	Matched     int     `json:"matched"`
	Correct     int     `json:"correct"`
	Fraction    float64 `json:"fraction_reidentified"`
	Precision   float64 `json:"precision"`
	Signature   int     `json:"signature_matches"`
	Passes      int     `json:"passes"`
	Unmatchable int     `json:"unmatchable"`
}

// attackResult is the JSON result of anonet attack.
type attackResult struct {
	Original        string      `json:"original"`
	Release         string      `json:"release"`
	Correspondence  string      `json:"correspondence"` // mapping or labels
	Theta           float64     `json:"theta"`
	Seed            uint64      `json:"seed"`
	KnownAttributes []string    `json:"known_attributes,omitempty"` // what the attacker knows besides the structure
	Attacks         []attackRow `json:"attacks"`
	cost                        // seconds, peak_memory_bytes
}

// attackFlags holds the flags of anonet attack.
type attackFlags struct {
	format, mapping, seeds string
	theta                  float64
	af                     attributeFlags
	releaseAttributes      string
}

func newAttackCmd(e *env) *cli.Command {
	a := &attackFlags{}
	cmd := &cli.Command{
		Use:   "attack ORIGINAL RELEASE",
		Short: "Re-identify the nodes of a release with a seed-and-propagate attack",
		Long: `attack plays an attacker who knows the structure of ORIGINAL and tries to
find each of its nodes in RELEASE. From s correctly matched seed pairs it
propagates matches by neighbourhood similarity, as Narayanan and Shmatikov
do; it then also matches the nodes whose degree and neighbours' degrees are
unique in both networks and propagates again from everything matched (with
s = 0, the signatures are all it starts from). It reports the fraction of
the non-seed nodes correctly re-identified, for each s in --seeds.

Which release node is whom comes from --mapping FILE (written by anonet
anonymize --mapping), or else from equal labels (to attack the original
network itself: anonet attack net.edges net.edges). The attacker never sees
it: the release is renumbered at random first. See docs/attack.md.`,
		Example: "  anonet anonymize net.edges -o rel.edges --variant full --mapping map.tsv\n" +
			"  anonet attack net.edges rel.edges --mapping map.tsv\n  anonet attack net.edges net.edges --seeds 0,10",
		Args: exactArgs(2, "ORIGINAL and RELEASE"),
		RunE: func(cmd *cli.Command, args []string) error { return e.attack(a, args) },
	}
	a.register(cmd.Flags())
	return cmd
}

// register declares the flags of attack on f.
func (a *attackFlags) register(f *cli.FlagSet) {
	registerFrom(f, &a.format, "both files")
	f.StringVar(&a.mapping, "mapping", "", "which release node is whom: a mapping file from anonet anonymize --mapping (default: equal labels)")
	f.StringVar(&a.seeds, "seeds", joinInts(attack.DefaultSeeds()), "numbers s of correctly matched seed pairs the attacker starts from, comma-separated")
	f.Float64Var(&a.theta, "theta", attack.DefaultTheta, "eccentricity a match needs (higher: fewer, surer matches)")
	a.af.register(f)
	f.StringVar(&a.releaseAttributes, "release-attributes", "", "with --attributes: the release's attribute table (anonymize --attributes-out); the attacker then also knows the attributes")
}

// config checks the flags and returns the numbers of seeds of the
// attacks.
func (a *attackFlags) config(e *env) ([]int, error) {
	var ss []int
	for _, f := range strings.Split(a.seeds, ",") {
		s, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || s < 0 {
			return nil, usageErrorf("--seeds %q: want numbers of seed pairs of at least 0, comma-separated", a.seeds)
		}
		ss = append(ss, s)
	}
	if !(a.theta > 0) {
		return nil, usageErrorf("--theta must be above 0, got %v", a.theta)
	}
	if err := a.af.checkPair(e, a.releaseAttributes); err != nil {
		return nil, err
	}
	return ss, nil
}

// attack runs anonet attack on the original and release named by args.
func (e *env) attack(a *attackFlags, args []string) error {
	start := time.Now()
	ss, err := a.config(e)
	if err != nil {
		return err
	}
	orig, rel, err := e.readPair(args, a.format)
	if err != nil {
		return err
	}
	codes, knownAttrs, err := e.attributeCodes(&a.af, a.releaseAttributes, orig, rel)
	if err != nil {
		return err
	}
	res := attackResult{Original: orig.name, Release: rel.name, Correspondence: "labels", Theta: a.theta, Seed: e.seed, KnownAttributes: knownAttrs}
	if a.mapping != "" {
		res.Correspondence = "mapping"
	}
	truth, err := e.correspondence(a.mapping, orig.g, rel.g)
	if err != nil {
		return err
	}
	if res.Attacks, err = e.attacks(orig.g, rel.g, truth, ss, attack.Config{Theta: a.theta, Seed: e.seed, Colors: codes}); err != nil {
		return err
	}
	res.measure(start)
	if e.json {
		return writeJSON(e.stdout, res)
	}
	return printAttack(e.stdout, res)
}

// attacks runs the attack of cfg on rel, the release of orig whose node
// truth[v] is orig's node v, once for every number of seeds in ss, but
// for those that are not below the number of nodes with a counterpart.
func (e *env) attacks(orig, rel *graph.Graph, truth []int32, ss []int, cfg attack.Config) ([]attackRow, error) {
	known := 0
	for _, v := range truth {
		if v >= 0 {
			known++
		}
	}
	pr := e.newProgress()
	defer pr.done()
	var rows []attackRow
	for _, s := range ss {
		if s >= known {
			e.notef("note: skipping s = %d: only %d nodes have a counterpart in the release", s, known)
			continue
		}
		pr.update("attack with %d seeds", s)
		cfg.Seeds = s
		r, err := attack.Run(orig, rel, truth, cfg)
		if err != nil {
			return nil, usageErrorf("%v", err)
		}
		rows = append(rows, attackRow{Seeds: s, Targets: r.Targets, Matched: r.Matched, Correct: r.Correct,
			Fraction: r.Fraction, Precision: r.Precision, Signature: r.Signature, Passes: r.Passes, Unmatchable: r.Unmatchable})
	}
	return rows, nil
}

func printAttack(w io.Writer, r attackResult) error {
	knows := r.Original
	if len(r.KnownAttributes) > 0 {
		knows += " and the attributes " + strings.Join(r.KnownAttributes, ", ")
	}
	fmt.Fprintf(w, "attack on %s knowing %s (correspondence from %s, theta %v, seed %d)\n\n", r.Release, knows, r.Correspondence, r.Theta, r.Seed)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "seeds\ttargets\tmatched\tcorrect\tre-identified\tprecision\t\n")
	for _, a := range r.Attacks {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%.1f%%\t%.1f%%\t\n", a.Seeds, a.Targets, a.Matched, a.Correct, 100*a.Fraction, 100*a.Precision)
	}
	return tw.Flush()
}

// joinInts writes xs comma-separated, as flags take lists of numbers.
func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
