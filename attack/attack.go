package attack

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/anonet-project/anonet/graph"
)

// Config sets up an attack.
type Config struct {
	// Seeds is s, the number of correctly matched node pairs the attacker
	// is given, drawn at random among the nodes with a counterpart. Besides
	// them, the attacker matches the nodes whose structural signature is
	// unique on both sides; with s = 0 that is all it starts from.
	Seeds int
	// SeedNodes, if not nil, are the original nodes given as seeds (each
	// with its true counterpart) instead of Seeds drawn at random: the
	// hubs or the known people of a real attacker, or the same seeds for
	// two attacks compared. Seeds must then be 0 or len(SeedNodes).
	SeedNodes []int32
	// Theta is the eccentricity a match needs; 0 means DefaultTheta.
	Theta float64
	// MaxPasses bounds the passes of each of the two propagations, which
	// otherwise run until a pass changes nothing; 0 means
	// DefaultMaxPasses.
	MaxPasses int
	// Seed seeds the choice of the seed pairs and the hidden renumbering
	// of the release.
	Seed uint64
	// Colors, if set, are codes of node attributes the attacker also knows
	// (age group, sex, …): Colors[0][u] for original node u, Colors[1][v]
	// for release node v, coded jointly (equal values, equal codes). The
	// signature then includes the code, and a node is only ever matched to
	// a node with its code.
	Colors [2][]int32

	// evaluateAll makes propagation evaluate every node in every pass,
	// never skipping one whose inputs did not change; the tests compare the
	// two, which must make the same matches.
	evaluateAll bool
}

// DefaultSeeds returns the numbers of seed pairs that anonet's attack test
// uses by default (the command, the report and docs/results.md): none, 10
// and 100.
func DefaultSeeds() []int { return []int{0, 10, 100} }

// Defaults of Config.
const (
	DefaultTheta     = 0.5
	DefaultMaxPasses = 100
)

// Result is the outcome of an attack.
type Result struct {
	Seeds       int     // seed pairs given to the attacker
	Targets     int     // original nodes with a counterpart in the release, seeds excluded
	Matched     int     // targets the attacker matched to some release node
	Correct     int     // targets matched to their true counterpart
	Fraction    float64 // Correct / Targets: the fraction re-identified
	Precision   float64 // Correct / Matched (0 when nothing was matched)
	Signature   int     // targets matched by their signature alone, after the propagation from the seeds
	Passes      int     // propagation passes run, both propagations
	Theta       float64 // the eccentricity threshold used
	Unmatchable int     // original nodes without a counterpart (not scored)
}

// Run attacks release with knowledge of orig. truth[u] is the release node
// of original node u, or -1 if it has none; it is used only to pick the
// seeds and to score. Neither graph is changed.
//
// The attack runs in four steps (docs/attack.md). The seeds are matched.
// Narayanan and Shmatikov's propagation runs from them alone, revisiting
// its matches until they no longer change; what it finds is kept, so that
// Run finds at least what their attack finds from the same seeds. The
// nodes whose signature is unique among the unmatched ones on both sides
// are matched. Propagation runs again from everything matched, revisiting
// only the new matches, and also takes a match that stands out among the
// candidates alone (state.best).
func Run(orig, release *graph.Graph, truth []int32, cfg Config) (*Result, error) {
	res, _, err := runMapping(orig, release, truth, cfg)
	return res, err
}

// runMapping is Run that also returns the attacker's mapping: for every
// original node its release node (in release's ids), or -1.
func runMapping(orig, release *graph.Graph, truth []int32, cfg Config) (*Result, []int32, error) {
	n1, n2 := orig.NumNodes(), release.NumNodes()
	if len(truth) != n1 {
		return nil, nil, fmt.Errorf("attack: the correspondence has %d entries for %d original nodes", len(truth), n1)
	}
	if cfg.Seeds < 0 {
		return nil, nil, fmt.Errorf("attack: the number of seeds must be at least 0, got %d", cfg.Seeds)
	}
	if cfg.Theta == 0 {
		cfg.Theta = DefaultTheta
	}
	if !(cfg.Theta > 0) || math.IsInf(cfg.Theta, 0) {
		return nil, nil, fmt.Errorf("attack: theta must be a positive number, got %v", cfg.Theta)
	}
	if cfg.MaxPasses == 0 {
		cfg.MaxPasses = DefaultMaxPasses
	}
	var known []int32 // original nodes with a counterpart
	for u, v := range truth {
		if v >= int32(n2) {
			return nil, nil, fmt.Errorf("attack: original node %d corresponds to release node %d of %d", u, v, n2)
		}
		if v >= 0 {
			known = append(known, int32(u))
		}
	}
	if cfg.SeedNodes != nil {
		if cfg.Seeds != 0 && cfg.Seeds != len(cfg.SeedNodes) {
			return nil, nil, fmt.Errorf("attack: %d seeds asked for, but %d seed nodes given", cfg.Seeds, len(cfg.SeedNodes))
		}
		cfg.Seeds = len(cfg.SeedNodes)
		seen := make([]bool, n1)
		for _, u := range cfg.SeedNodes {
			if u < 0 || int(u) >= n1 || truth[u] < 0 || seen[u] {
				return nil, nil, fmt.Errorf("attack: seed node %d is not a distinct original node with a counterpart in the release", u)
			}
			seen[u] = true
		}
	}
	if cfg.Seeds > len(known) {
		return nil, nil, fmt.Errorf("attack: %d seeds asked for, but only %d nodes have a counterpart in the release", cfg.Seeds, len(known))
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x61747461636b)) // "attack"
	// Renumber the release at random, so that ids say nothing.
	perm := rng.Perm(n2)
	unperm := make([]int, n2)
	for v, p := range perm {
		unperm[p] = v
	}
	rel := release.Renumbered(perm)
	var colors [2][]int32
	if cfg.Colors[0] != nil || cfg.Colors[1] != nil {
		if len(cfg.Colors[0]) != n1 || len(cfg.Colors[1]) != n2 {
			return nil, nil, fmt.Errorf("attack: %d and %d attribute codes for %d and %d nodes", len(cfg.Colors[0]), len(cfg.Colors[1]), n1, n2)
		}
		colors[0] = cfg.Colors[0]
		colors[1] = make([]int32, n2)
		for v, c := range cfg.Colors[1] {
			colors[1][perm[v]] = c
		}
	}
	hidden := make([]int32, n1) // the true counterpart in rel
	for u, v := range truth {
		hidden[u] = -1
		if v >= 0 {
			hidden[u] = int32(perm[v])
		}
	}
	a, err := newState(orig, rel, cfg.Theta)
	if err != nil {
		return nil, nil, err
	}
	a.color = colors
	a.evaluateAll = cfg.evaluateAll
	res := &Result{Seeds: cfg.Seeds, Theta: cfg.Theta, Unmatchable: n1 - len(known)}
	isSeed := make([]bool, n1)
	seeds := cfg.SeedNodes
	if seeds == nil {
		for _, i := range rng.Perm(len(known))[:cfg.Seeds] {
			seeds = append(seeds, known[i])
		}
	}
	for _, u := range seeds {
		isSeed[u] = true
		a.match(u, hidden[u])
	}
	a.fix()
	res.Passes = a.propagate(cfg.MaxPasses)
	a.fix()
	res.Signature = a.matchSignatures()
	a.wide = true
	res.Passes += a.propagate(cfg.MaxPasses)
	for _, u := range known {
		if isSeed[u] {
			continue
		}
		res.Targets++
		if v := a.to[0][u]; v >= 0 {
			res.Matched++
			if v == hidden[u] {
				res.Correct++
			}
		}
	}
	if res.Targets > 0 {
		res.Fraction = float64(res.Correct) / float64(res.Targets)
	}
	if res.Matched > 0 {
		res.Precision = float64(res.Correct) / float64(res.Matched)
	}
	mapping := make([]int32, n1)
	for u, v := range a.to[0] {
		mapping[u] = -1
		if v >= 0 {
			mapping[u] = int32(unperm[v])
		}
	}
	return res, mapping, nil
}
