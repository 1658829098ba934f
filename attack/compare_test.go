package attack

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/internal/testenv"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

// releaseConfig is one anonymization of the comparison.
type releaseConfig struct {
	m    measure.Measure
	d, k int
}

func (c releaseConfig) String() string { return fmt.Sprintf("%s d=%d k=%d", c.m.Name(), c.d, c.k) }

// releaseConfigs are the anonymizations the comparison attacks: count,
// vrq, degree and dk at d = 1 and count at d = 2, for k = 2 and 5.
func releaseConfigs() []releaseConfig {
	var cs []releaseConfig
	for _, k := range []int{2, 5} {
		for _, m := range []measure.Measure{measure.Count{}, measure.VRQ{}, measure.Degree{}, measure.DK{}} {
			cs = append(cs, releaseConfig{m, 1, k})
		}
		cs = append(cs, releaseConfig{measure.Count{}, 2, k})
	}
	return cs
}

// attackCase is a network to attack: rel has the node ids of orig
// (anonymize.Run alters a graph in place), so the truth is the identity.
type attackCase struct {
	name      string
	orig, rel *graph.Graph
}

// releases returns the network itself and its releases under configs, by
// the given strategy ("" for the default).
func releases(t *testing.T, name string, g *graph.Graph, configs []releaseConfig, strategy anonymize.Strategy) []attackCase {
	t.Helper()
	cases := []attackCase{{name + " original", g, g}}
	for _, c := range configs {
		rel := g.Clone()
		if _, err := anonymize.Run(rel, anonymize.Config{Measure: c.m, D: c.d, K: c.k, Strategy: strategy, Seed: 1}); err != nil {
			t.Fatalf("%s, %v: %v", name, c, err)
		}
		cases = append(cases, attackCase{name + ", " + c.String(), g, rel})
	}
	return cases
}

// comparison is the outcome of Run and of referenceNS on one case.
type comparison struct {
	name                   string
	seeds, targets         int
	correct, matched       int // Run
	refCorrect, refMatched int // referenceNS
	dropped                int // matches of the reference that Run does not make
}

func (c comparison) String() string {
	return fmt.Sprintf("%-50s s=%-3d ours %s  N–S %s", c.name, c.seeds,
		outcome(c.correct, c.matched, c.targets), outcome(c.refCorrect, c.refMatched, c.targets))
}

// outcome formats correct of targets re-identified, with the precision.
func outcome(correct, matched, targets int) string {
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	return fmt.Sprintf("%6d/%-6d %5.1f%% (precision %5.1f%%)", correct, targets, pct(correct, targets), pct(correct, matched))
}

// compare attacks c with Run and with referenceNS from the same seeds, on
// a random renumbering of the release (the reference would otherwise see
// the true ids), and returns the outcomes for 0, 10 and 100 seeds.
func compare(t *testing.T, c attackCase) []comparison {
	t.Helper()
	h := fnv.New64a()
	h.Write([]byte(c.name))
	rng := rand.New(rand.NewPCG(h.Sum64(), 35))
	n := c.orig.NumNodes()
	perm := rng.Perm(n)
	rel := c.rel.Renumbered(perm)
	truth := make([]int32, n)
	for u, v := range perm {
		truth[u] = int32(v)
	}
	var out []comparison
	for _, s := range DefaultSeeds() {
		if s >= n {
			continue
		}
		var seeds []int32
		var pairs [][2]int32
		for _, u := range rng.Perm(n)[:s] {
			seeds = append(seeds, int32(u))
			pairs = append(pairs, [2]int32{int32(u), truth[u]})
		}
		res, ours, err := runMapping(c.orig, rel, truth, Config{SeedNodes: seeds, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		ref := referenceNS(c.orig, rel, pairs, DefaultTheta, DefaultMaxPasses)
		cmp := comparison{name: c.name, seeds: s, targets: res.Targets, correct: res.Correct, matched: res.Matched}
		for u, v := range ref {
			if v < 0 || slices.Contains(seeds, int32(u)) {
				continue
			}
			cmp.refMatched++
			if v == truth[u] {
				cmp.refCorrect++
			}
			if ours[u] != v {
				cmp.dropped++
			}
		}
		out = append(out, cmp)
	}
	return out
}

// checkAtLeastReference runs compare on every case, logs the outcomes and
// fails where Run re-identifies fewer nodes than the reference or does not
// make all of its matches.
func checkAtLeastReference(t *testing.T, cases []attackCase) []comparison {
	t.Helper()
	var all []comparison
	for _, c := range cases {
		for _, cmp := range compare(t, c) {
			t.Log(cmp)
			if cmp.correct < cmp.refCorrect {
				t.Errorf("%s, s = %d: Run re-identifies %d nodes, the reference %d", cmp.name, cmp.seeds, cmp.correct, cmp.refCorrect)
			}
			// Run's first propagation is the reference's, and Run keeps
			// what it finds.
			if cmp.dropped > 0 {
				t.Errorf("%s, s = %d: Run does not make %d of the reference's matches", cmp.name, cmp.seeds, cmp.dropped)
			}
			all = append(all, cmp)
		}
	}
	return all
}

// logTotals logs the outcomes summed over the originals and over the
// releases, for each number of seeds.
func logTotals(t *testing.T, all []comparison) {
	t.Helper()
	for _, original := range []bool{true, false} {
		for _, s := range DefaultSeeds() {
			sum := comparison{name: "releases", seeds: s}
			if original {
				sum.name = "originals"
			}
			for _, c := range all {
				if c.seeds == s && strings.HasSuffix(c.name, " original") == original {
					sum.targets += c.targets
					sum.correct += c.correct
					sum.matched += c.matched
					sum.refCorrect += c.refCorrect
					sum.refMatched += c.refMatched
				}
			}
			t.Log("in all, " + sum.String())
		}
	}
}

// TestAtLeastReference: on the bundled networks, random graphs and their
// releases by ua, Run makes every match that plain Narayanan–Shmatikov
// propagation makes from the same seeds, and so re-identifies at least the
// nodes it re-identifies.
func TestAtLeastReference(t *testing.T) {
	var cases []attackCase
	for _, name := range examples.Names() {
		g, _, err := examples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, releases(t, name, g, releaseConfigs(), anonymize.UA)...)
	}
	random, err := testgraphs.Random(rand.New(rand.NewPCG(35, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range random {
		cases = append(cases, releases(t, r.Name, r.G, releaseConfigs(), anonymize.UA)...)
	}
	logTotals(t, checkAtLeastReference(t, cases))
}

// TestAtLeastReferenceShared is TestAtLeastReference on the shared
// networks of at most sharedMaxEdges edges and their releases by the
// default strategy under count, vrq and dk at d = 1, k = 2 and 5 (heavy).
// ANONET_ATTACK_ALL=1 takes all 17 networks and every configuration of
// releaseConfigs (about 31 minutes on 2 cores, 561 cases on 2026-11-28).
func TestAtLeastReferenceShared(t *testing.T) {
	testenv.Heavy(t)
	all := os.Getenv("ANONET_ATTACK_ALL") == "1"
	configs := releaseConfigs()
	if !all {
		configs = slices.DeleteFunc(configs, func(c releaseConfig) bool {
			_, degree := c.m.(measure.Degree)
			return degree || c.d > 1
		})
	}
	var cmps []comparison
	for _, f := range shareddata.Glob(t, filepath.Join("anonet", "*.nauty")) {
		name := strings.TrimSuffix(filepath.Base(f), ".nauty")
		t.Run(name, func(t *testing.T) {
			g, _, err := graphio.ReadFile(f, graphio.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !all && g.NumEdges() > sharedMaxEdges {
				t.Skipf("%d edges: with ANONET_ATTACK_ALL=1 only", g.NumEdges())
			}
			cmps = append(cmps, checkAtLeastReference(t, releases(t, name, g, configs, ""))...)
		})
	}
	logTotals(t, cmps)
}

// sharedMaxEdges bounds the shared networks of the heavy run's comparison.
const sharedMaxEdges = 5000
