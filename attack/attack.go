package attack

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// Config sets up an attack.
type Config struct {
	// Seeds is s, the number of correctly matched node pairs the attacker
	// is given, drawn at random among the nodes with a counterpart. Besides
	// them, the attacker always matches the nodes whose structural
	// signature is unique on both sides; with s = 0 that is all it starts
	// from.
	Seeds int
	// Theta is the eccentricity a match needs; 0 means DefaultTheta.
	Theta float64
	// MaxPasses bounds the propagation passes; 0 means DefaultMaxPasses.
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
}

// DefaultSeeds returns the numbers of seed pairs that anonet's attack test
// uses by default (the command, the report and docs/results.md): none, 10
// and 100.
func DefaultSeeds() []int { return []int{0, 10, 100} }

// Defaults of Config.
const (
	DefaultTheta     = 0.5
	DefaultMaxPasses = 20
)

// Result is the outcome of an attack.
type Result struct {
	Seeds       int     // seed pairs given to the attacker
	Targets     int     // original nodes with a counterpart in the release, seeds excluded
	Matched     int     // targets the attacker matched to some release node
	Correct     int     // targets matched to their true counterpart
	Fraction    float64 // Correct / Targets: the fraction re-identified
	Precision   float64 // Correct / Matched (0 when nothing was matched)
	Signature   int     // targets matched by their signature alone, before propagation
	Passes      int     // propagation passes run
	Theta       float64 // the eccentricity threshold used
	Unmatchable int     // original nodes without a counterpart (not scored)
}

// Run attacks release with knowledge of orig. truth[u] is the release node
// of original node u, or -1 if it has none; it is used only to pick the
// seeds and to score. Neither graph is changed.
func Run(orig, release *graph.Graph, truth []int32, cfg Config) (*Result, error) {
	n1, n2 := orig.NumNodes(), release.NumNodes()
	if len(truth) != n1 {
		return nil, fmt.Errorf("attack: the correspondence has %d entries for %d original nodes", len(truth), n1)
	}
	if cfg.Seeds < 0 {
		return nil, fmt.Errorf("attack: the number of seeds must be at least 0, got %d", cfg.Seeds)
	}
	if cfg.Theta == 0 {
		cfg.Theta = DefaultTheta
	}
	if !(cfg.Theta > 0) || math.IsInf(cfg.Theta, 0) {
		return nil, fmt.Errorf("attack: theta must be a positive number, got %v", cfg.Theta)
	}
	if cfg.MaxPasses == 0 {
		cfg.MaxPasses = DefaultMaxPasses
	}
	var known []int32 // original nodes with a counterpart
	for u, v := range truth {
		if v >= int32(n2) {
			return nil, fmt.Errorf("attack: original node %d corresponds to release node %d of %d", u, v, n2)
		}
		if v >= 0 {
			known = append(known, int32(u))
		}
	}
	if cfg.Seeds > len(known) {
		return nil, fmt.Errorf("attack: %d seeds asked for, but only %d nodes have a counterpart in the release", cfg.Seeds, len(known))
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x61747461636b)) // "attack"
	// Renumber the release at random, so that ids say nothing.
	perm := rng.Perm(n2)
	rel := release.Renumbered(perm)
	var colors [2][]int32
	if cfg.Colors[0] != nil || cfg.Colors[1] != nil {
		if len(cfg.Colors[0]) != n1 || len(cfg.Colors[1]) != n2 {
			return nil, fmt.Errorf("attack: %d and %d attribute codes for %d and %d nodes", len(cfg.Colors[0]), len(cfg.Colors[1]), n1, n2)
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
	a := newState(orig, rel, cfg.Theta)
	a.color = colors
	res := &Result{Seeds: cfg.Seeds, Theta: cfg.Theta, Unmatchable: n1 - len(known)}
	isSeed := make([]bool, n1)
	for _, i := range rng.Perm(len(known))[:cfg.Seeds] {
		u := known[i]
		isSeed[u] = true
		a.match(u, hidden[u])
	}
	res.Signature = a.matchSignatures()
	res.Passes = a.propagate(cfg.MaxPasses)
	for _, u := range known {
		if isSeed[u] {
			continue
		}
		res.Targets++
		if v := a.fwd[u]; v >= 0 {
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
	return res, nil
}

// state is the attacker's partial mapping between the two graphs.
type state struct {
	g     [2]*graph.Graph // 0: original, 1: release
	fwd   []int32         // original → release, -1 unmatched
	bwd   []int32         // release → original
	theta float64
	color [2][]int32   // attribute codes of both sides, or nil (Config.Colors)
	score [2][]float64 // accumulators, zero outside touched
	touch [2][]int32
}

func newState(orig, rel *graph.Graph, theta float64) *state {
	a := &state{g: [2]*graph.Graph{orig, rel}, theta: theta}
	a.fwd = filled(orig.NumNodes())
	a.bwd = filled(rel.NumNodes())
	a.score = [2][]float64{make([]float64, rel.NumNodes()), make([]float64, orig.NumNodes())}
	return a
}

func filled(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = -1
	}
	return s
}

func (a *state) match(u, v int32) { a.fwd[u], a.bwd[v] = v, u }

// matchSignatures matches every original node whose signature is unique in
// the original and shared by exactly one release node, and returns how
// many it matched.
func (a *state) matchSignatures() int {
	type entry struct {
		count int
		node  int32
	}
	index := func(side int) ([]string, map[string]entry) {
		g := a.g[side]
		sigs := make([]string, g.NumNodes())
		m := make(map[string]entry, g.NumNodes())
		var degs []int
		var buf []byte
		for v := range int32(g.NumNodes()) {
			degs = degs[:0]
			for _, w := range g.Neighbors(v) {
				degs = append(degs, g.Degree(w))
			}
			slices.Sort(degs)
			buf = buf[:0]
			if a.color[side] != nil {
				buf = binary.AppendUvarint(buf, uint64(a.color[side][v]))
			}
			buf = binary.AppendUvarint(buf, uint64(len(degs)))
			for _, d := range degs {
				buf = binary.AppendUvarint(buf, uint64(d))
			}
			sigs[v] = string(buf)
			e := m[sigs[v]]
			m[sigs[v]] = entry{e.count + 1, v}
		}
		return sigs, m
	}
	s1, m1 := index(0)
	_, m2 := index(1)
	matched := 0
	for u, s := range s1 {
		if m1[s].count == 1 && m2[s].count == 1 && a.fwd[u] < 0 && a.bwd[m2[s].node] < 0 {
			a.match(int32(u), m2[s].node)
			matched++
		}
	}
	return matched
}

// propagate runs passes over the unmatched original nodes, by decreasing
// degree, until a pass matches nothing or max passes ran; it returns the
// passes run.
func (a *state) propagate(max int) int {
	order := make([]int32, a.g[0].NumNodes())
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(x, y int32) int { return a.g[0].Degree(y) - a.g[0].Degree(x) })
	passes := 0
	for passes < max {
		passes++
		changed := false
		for _, u := range order {
			if a.fwd[u] >= 0 {
				continue
			}
			v, ok := a.best(0, u)
			if !ok {
				continue
			}
			if back, ok := a.best(1, v); !ok || back != u {
				continue
			}
			a.match(u, v)
			changed = true
		}
		if !changed {
			break
		}
	}
	return passes
}

// best returns the best unmatched candidate in the other graph for node x
// of graph side (0: original, 1: release), if it stands out by the
// eccentricity threshold.
func (a *state) best(side int, x int32) (int32, bool) {
	g, h := a.g[side], a.g[1-side]
	to, from := a.fwd, a.bwd // side's mapping into h, h's mapping back
	if side == 1 {
		to, from = a.bwd, a.fwd
	}
	score, touched := a.score[side], a.touch[side][:0]
	for _, y := range g.Neighbors(x) {
		z := to[y]
		if z < 0 {
			continue
		}
		for _, w := range h.Neighbors(z) {
			if from[w] >= 0 || a.color[side] != nil && a.color[1-side][w] != a.color[side][x] {
				continue
			}
			if score[w] == 0 {
				touched = append(touched, w)
			}
			score[w] += 1 / math.Sqrt(float64(h.Degree(w)))
		}
	}
	a.touch[side] = touched
	if len(touched) == 0 {
		return -1, false
	}
	// Eccentricity over the candidates' scores and one zero, which stands
	// for every node that no matched neighbour points to.
	var best int32 = -1
	max1, max2, sum, sumSq := 0.0, 0.0, 0.0, 0.0
	for _, w := range touched {
		s := score[w]
		sum += s
		sumSq += s * s
		if s > max1 {
			max1, max2, best = s, max1, w
		} else if s > max2 {
			max2 = s // a tie with max1 leaves no gap: no match
		}
	}
	for _, w := range touched {
		score[w] = 0
	}
	k := float64(len(touched) + 1)
	mean := sum / k
	sd := math.Sqrt(max(sumSq/k-mean*mean, 0))
	// Sums in another order may differ in the last bits: a gap that small
	// is a tie, whatever the numbering.
	if sd == 0 || max1-max2 < 1e-9*max1 || (max1-max2)/sd < a.theta {
		return -1, false
	}
	return best, true
}
