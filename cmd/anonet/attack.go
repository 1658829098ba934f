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
	f, err := os.Open(path)
	if err != nil {
		return nil, inputError(fmt.Errorf("mapping %s: %w", path, errors.Unwrap(err)))
	}
	defer f.Close()
	corr, err := release.ReadMapping(f, path, orig, anon)
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

func newAttackCmd(e *env) *cli.Command {
	var (
		format, mapping, seeds string
		theta                  float64
		af                     attributeFlags
		releaseAttributes      string
	)
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
		RunE: func(cmd *cli.Command, args []string) error {
			start := time.Now()
			var ss []int
			for _, f := range strings.Split(seeds, ",") {
				s, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil || s < 0 {
					return usageErrorf("--seeds %q: want numbers of seed pairs of at least 0, comma-separated", seeds)
				}
				ss = append(ss, s)
			}
			if !(theta > 0) {
				return usageErrorf("--theta must be above 0, got %v", theta)
			}
			if err := af.checkPair(e, releaseAttributes); err != nil {
				return err
			}
			orig, rel, err := e.readPair(args, format)
			if err != nil {
				return err
			}
			codes, knownAttrs, err := e.attributeCodes(&af, releaseAttributes, orig, rel)
			if err != nil {
				return err
			}
			res := attackResult{Original: orig.name, Release: rel.name, Theta: theta, Seed: e.seed, KnownAttributes: knownAttrs}
			var truth []int32
			if mapping != "" {
				truth, err = readMapping(mapping, orig.g, rel.g)
				res.Correspondence = "mapping"
			} else {
				truth, err = release.CorrespondenceByLabels(orig.g, rel.g)
				res.Correspondence = "labels"
				if err != nil {
					err = usageErrorf("%v; pass --mapping FILE (written by anonet anonymize --mapping) to say which release node is whom", err)
				}
			}
			if err != nil {
				return err
			}
			known := 0
			for _, v := range truth {
				if v >= 0 {
					known++
				}
			}
			pr := e.newProgress()
			defer pr.done()
			for _, s := range ss {
				if s >= known {
					e.notef("note: skipping s = %d: only %d nodes have a counterpart in the release", s, known)
					continue
				}
				pr.update("attack with %d seeds", s)
				r, err := attack.Run(orig.g, rel.g, truth, attack.Config{Seeds: s, Theta: theta, Seed: e.seed, Colors: codes})
				if err != nil {
					return usageErrorf("%v", err)
				}
				res.Attacks = append(res.Attacks, attackRow{Seeds: s, Targets: r.Targets, Matched: r.Matched, Correct: r.Correct,
					Fraction: r.Fraction, Precision: r.Precision, Signature: r.Signature, Passes: r.Passes, Unmatchable: r.Unmatchable})
			}
			pr.done()
			res.measure(start)
			if e.json {
				return writeJSON(e.stdout, res)
			}
			return printAttack(e.stdout, res)
		},
	}
	f := cmd.Flags()
	registerFrom(f, &format, "both files")
	f.StringVar(&mapping, "mapping", "", "which release node is whom: a mapping file from anonet anonymize --mapping (default: equal labels)")
	f.StringVar(&seeds, "seeds", joinInts(attack.DefaultSeeds()), "numbers s of correctly matched seed pairs the attacker starts from, comma-separated")
	f.Float64Var(&theta, "theta", attack.DefaultTheta, "eccentricity a match needs (higher: fewer, surer matches)")
	af.register(f)
	f.StringVar(&releaseAttributes, "release-attributes", "", "with --attributes: the release's attribute table (anonymize --attributes-out); the attacker then also knows the attributes")
	return cmd
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
