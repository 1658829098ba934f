package generate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/anonet-project/anonet/graph"
)

// PopulationConfig sets the size of a synthetic population network.
type PopulationConfig struct {
	// Nodes is the number of people (at least 2).
	Nodes int
	// Edges is the number of ties to aim at; the tie probabilities of the
	// scalable layers are set so that the expected number of drawn
	// ties is Edges (the result is within a fraction of a percent of it at
	// scale). Zero means a mean degree of 165, the Dutch person network's.
	Edges int64
	// RegionSize is the number of people of a region, within which all
	// ties but the cross-region ones fall; zero means DefaultRegionSize.
	RegionSize int
}

// DefaultRegionSize is the number of people of a region unless
// PopulationConfig.RegionSize says otherwise.
const DefaultRegionSize = 50000

// The layers of the population model. Every base probability b becomes the
// tie probability min(1, λ·b), λ chosen for the requested number of edges;
// households are cliques whatever λ.
const (
	neighbourhoodPeople = 200  // people of a neighbourhood block, at least
	neighbourBase       = 0.1  // b of two people of one neighbourhood block
	pupilShare          = 0.2  // share of people at school
	classSize           = 25   // pupils of a class
	classBase           = 0.5  // b of two pupils of one class
	schoolBase          = 4.0  // b·(school size) of two pupils of one school
	minSchool           = 200  // school sizes are uniform in minSchool..maxSchool
	maxSchool           = 1200 //
	workShare           = 0.65 // share of the people not at school who work
	workAlpha           = 1.1  // work places: P(size ≥ s) = s^−workAlpha
	maxWorkPlace        = 5000 // the largest work place
	teamSize            = 12   // colleagues of a team
	teamBase            = 0.4  // b of two colleagues of one team
	workBase            = 2.0  // b·√(size) of two colleagues of one work place
	crossBase           = 0.5  // b·(next region's size) of two people of consecutive regions
)

// householdShare[s−1] is the share of households of s people (Statistics
// Netherlands, 2023, 6 standing for 6 or more).
var householdShare = [6]float64{0.39, 0.33, 0.12, 0.11, 0.04, 0.01}

// Population is a synthetic population network: a layered stochastic block
// model of households, neighbourhoods, schools and work places, drawn
// region by region. Create it with NewPopulation; Edges streams its ties.
//
// The people are split into regions of about RegionSize consecutive ids.
// In a region:
//
//   - households (sizes 1–6 in the Dutch proportions, consecutive ids) are
//     cliques;
//   - consecutive households form neighbourhood blocks of at least 200
//     people, in which two people are tied with probability p_nb;
//   - a fifth of the people go to school: shuffled into schools of 200 to
//     1,200 pupils in classes of 25; two classmates are tied with
//     probability p_class, two other schoolmates with p_school ∝ 1/size;
//   - 65% of the others work: shuffled into work places whose sizes follow
//     a discrete power law, P(size ≥ s) = s^−1.1 up to 5,000, in teams of
//     12; two team mates are tied with probability p_team, two other
//     colleagues with p_work ∝ 1/√size, so people in large work places have
//     many ties: the degrees are heavy-tailed;
//   - people of consecutive regions are tied with a small probability, so
//     that the regions form one network.
//
// Every probability is min(1, λ·b) for a base value b of its layer; λ is
// set so that the expected number of drawn ties (a pair that two layers
// draw counts twice) is the requested number. Each region is drawn from its own generator, derived from the
// seed and the region's index, so regions are drawn in parallel and the
// network depends only on the configuration and the seed.
type Population struct {
	cfg     PopulationConfig
	seed    uint64
	starts  []int32 // region r is people starts[r]..starts[r+1]−1
	lambda  float64
	expect  float64 // the expected number of drawn ties at lambda
	threads int
}

// DefaultMeanDegree is the mean degree of a population network when no edge
// count is given: the Dutch person network's (1.42 G ties among 17.2 M
// people).
const DefaultMeanDegree = 165

// NewPopulation plans a population network: it draws every region's
// structure (households, blocks, schools, work places) to set λ, using up
// to threads goroutines. It fails if the configuration is out of range or
// if the number of edges cannot be reached (fewer than the household ties,
// or more than the blocks hold).
func NewPopulation(cfg PopulationConfig, seed uint64, threads int) (*Population, error) {
	if cfg.Nodes < 2 || int64(cfg.Nodes) > math.MaxInt32 {
		return nil, fmt.Errorf("population: %d people out of range 2..%d", cfg.Nodes, math.MaxInt32)
	}
	if cfg.Edges == 0 {
		cfg.Edges = int64(math.Round(DefaultMeanDegree * float64(cfg.Nodes) / 2))
	}
	if cfg.Edges < 0 || cfg.Edges > maxEdges {
		return nil, fmt.Errorf("population: %d edges out of range 1..%d", cfg.Edges, maxEdges)
	}
	if cfg.RegionSize == 0 {
		cfg.RegionSize = DefaultRegionSize
	}
	if cfg.RegionSize < 2 {
		return nil, fmt.Errorf("population: region size %d below 2", cfg.RegionSize)
	}
	regions := (cfg.Nodes + cfg.RegionSize - 1) / cfg.RegionSize
	p := &Population{cfg: cfg, seed: seed, starts: make([]int32, regions+1), threads: threads}
	for r := range regions + 1 {
		p.starts[r] = int32(int64(cfg.Nodes) * int64(r) / int64(regions))
	}
	// The expected ties as a function of λ: fixed ones, and pairs tied
	// with probability min(1, λ·b), summed by b over all regions.
	groups := make([]map[float64]float64, regions)
	fixed := make([]float64, regions)
	graph.ForChunks(regions, 1, graph.Workers(threads, regions), func(_, r, _ int) {
		s := p.structure(r)
		groups[r] = map[float64]float64{}
		fixed[r] = s.pairs(groups[r], p.regionSize(r+1))
	})
	all := map[float64]float64{}
	var base float64
	for r := range regions {
		base += fixed[r]
		for b, pairs := range groups[r] {
			all[b] += pairs
		}
	}
	expect := func(lambda float64) float64 {
		e := base
		for b, pairs := range all {
			e += pairs * min(1, lambda*b)
		}
		return e
	}
	target := float64(cfg.Edges)
	if target < base {
		return nil, fmt.Errorf("population: %d edges are too few: the households alone have %.0f ties", cfg.Edges, base)
	}
	hi := 1.0
	for expect(hi) < target {
		if hi > 1e12 {
			return nil, fmt.Errorf("population: %d edges are too many: the blocks of %d people hold at most %.0f ties", cfg.Edges, cfg.Nodes, expect(hi))
		}
		hi *= 2
	}
	lo := 0.0
	for range 100 {
		mid := (lo + hi) / 2
		if expect(mid) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	p.lambda, p.expect = hi, expect(hi)
	return p, nil
}

// Nodes returns the number of people.
func (p *Population) Nodes() int { return p.cfg.Nodes }

// Regions returns the number of regions.
func (p *Population) Regions() int { return len(p.starts) - 1 }

// Scale returns λ, the factor of every base probability.
func (p *Population) Scale() float64 { return p.lambda }

// ExpectedEdges returns the expected number of drawn ties (a pair that two layers draw counts twice; the network keeps it once).
func (p *Population) ExpectedEdges() float64 { return p.expect }

// regionSize returns the number of people of region r (0 past the last).
func (p *Population) regionSize(r int) int {
	if r >= p.Regions() {
		return 0
	}
	return int(p.starts[r+1] - p.starts[r])
}

// rng returns region r's generator.
func (p *Population) rng(r int) *rand.Rand {
	return rand.New(rand.NewPCG(p.seed, 0x9e3779b97f4a7c15^uint64(r)))
}

// regionStructure is the structure of one region, in local ids 0..size−1.
type regionStructure struct {
	rng        *rand.Rand
	size       int
	households []int32 // the first person of every household, and size
	blocks     []int32 // the first person of every neighbourhood block, and size
	pupils     []int32 // pupils, shuffled; schools take consecutive runs
	schools    []int32 // school sizes
	workers    []int32 // workers, shuffled; work places take consecutive runs
	places     []int32 // work place sizes
}

// structure draws region r's structure from the start of its generator.
func (p *Population) structure(r int) *regionStructure {
	size := p.regionSize(r)
	s := &regionStructure{rng: p.rng(r), size: size}
	rng := s.rng
	// Households and neighbourhood blocks.
	s.households = append(s.households, 0)
	s.blocks = append(s.blocks, 0)
	for at := 0; at < size; {
		u, k := rng.Float64(), 0
		for k < len(householdShare)-1 && u >= householdShare[k] {
			u -= householdShare[k]
			k++
		}
		at = min(size, at+k+1)
		s.households = append(s.households, int32(at))
		if at-int(s.blocks[len(s.blocks)-1]) >= neighbourhoodPeople || at == size {
			s.blocks = append(s.blocks, int32(at))
		}
	}
	// Pupils and workers.
	for v := range int32(size) {
		switch u := rng.Float64(); {
		case u < pupilShare:
			s.pupils = append(s.pupils, v)
		case u < pupilShare+(1-pupilShare)*workShare:
			s.workers = append(s.workers, v)
		}
	}
	rng.Shuffle(len(s.pupils), func(i, j int) { s.pupils[i], s.pupils[j] = s.pupils[j], s.pupils[i] })
	rng.Shuffle(len(s.workers), func(i, j int) { s.workers[i], s.workers[j] = s.workers[j], s.workers[i] })
	for left := len(s.pupils); left > 0; {
		k := min(left, minSchool+rng.IntN(maxSchool-minSchool+1))
		s.schools = append(s.schools, int32(k))
		left -= k
	}
	for left := len(s.workers); left > 0; {
		// A discrete power law: ⌊U^(−1/α)⌋ ≥ s with probability s^−α.
		k := int(math.Min(math.Floor(math.Pow(1-rng.Float64(), -1/workAlpha)), maxWorkPlace))
		k = min(left, max(1, k))
		s.places = append(s.places, int32(k))
		left -= k
	}
	return s
}

// pairs adds to groups, by base probability, the pairs of people of the
// region that may be tied, and returns the number of fixed ties (within
// households); next is the size of the next region.
func (s *regionStructure) pairs(groups map[float64]float64, next int) float64 {
	pairsOf := func(k int) float64 { return float64(k) * float64(k-1) / 2 }
	inside := make([]float64, len(s.blocks)-1) // household pairs of every block
	b := 0
	for h := 1; h < len(s.households); h++ {
		for s.households[h-1] >= s.blocks[b+1] {
			b++
		}
		inside[b] += pairsOf(int(s.households[h] - s.households[h-1]))
	}
	fixed := 0.0
	for b, in := range inside {
		fixed += in
		groups[neighbourBase] += pairsOf(int(s.blocks[b+1]-s.blocks[b])) - in
	}
	nested := func(sizes []int32, team int, teamB float64, placeB func(k int) float64) {
		for _, k := range sizes {
			teams := 0.0
			for t := 0; t < int(k); t += team {
				teams += pairsOf(min(team, int(k)-t))
			}
			// Team mates are tied with the larger of the two probabilities.
			tb := teamB
			if int(k) > team {
				tb = max(tb, placeB(int(k)))
			}
			groups[tb] += teams
			if rest := pairsOf(int(k)) - teams; rest > 0 {
				groups[placeB(int(k))] += rest
			}
		}
	}
	nested(s.schools, classSize, classBase, func(k int) float64 { return schoolBase / float64(k) })
	nested(s.places, teamSize, teamBase, func(k int) float64 { return workBase / math.Sqrt(float64(k)) })
	if next > 0 {
		groups[crossBase/float64(next)] += float64(s.size) * float64(next)
	}
	return fixed
}

// draw draws the ties of region r whose lower end is in r (all its own and
// those to the next region) and returns them sorted, without repeats, as
// keys u<<32 | v, u < v, in dst's storage.
func (p *Population) draw(r int, dst []uint64) []uint64 {
	s := p.structure(r)
	rng := s.rng
	base := uint64(p.starts[r])
	dst = dst[:0]
	tie := func(a, b int32) {
		u, v := base+uint64(a), base+uint64(b)
		if u > v {
			u, v = v, u
		}
		dst = append(dst, u<<32|v)
	}
	prob := func(b float64) float64 { return min(1, p.lambda*b) }
	// block ties the people of members pairwise with probability q.
	block := func(members func(i int) int32, k int, q float64) {
		switch {
		case q <= 0 || k < 2:
		case q >= 1:
			for j := 1; j < k; j++ {
				for i := range j {
					tie(members(i), members(j))
				}
			}
		default:
			gnp(k, q, rng, func(i, j int) { tie(members(i), members(j)) })
		}
	}
	run := func(first int32) func(i int) int32 { return func(i int) int32 { return first + int32(i) } }
	for h := 1; h < len(s.households); h++ {
		block(run(s.households[h-1]), int(s.households[h]-s.households[h-1]), 1)
	}
	for b := 1; b < len(s.blocks); b++ {
		block(run(s.blocks[b-1]), int(s.blocks[b]-s.blocks[b-1]), prob(neighbourBase))
	}
	// nested ties the members of every place with the place's probability,
	// and those of every team again, so that team mates are tied with the
	// team's probability in all.
	nested := func(people, sizes []int32, team int, teamQ float64, placeB func(k int) float64) {
		at := 0
		for _, k32 := range sizes {
			k := int(k32)
			place := people[at : at+k]
			qp := prob(placeB(k))
			if k > team {
				block(func(i int) int32 { return place[i] }, k, qp)
			} else {
				qp = 0
			}
			extra := teamQ
			switch {
			case qp >= teamQ:
				extra = 0
			case qp > 0:
				extra = (teamQ - qp) / (1 - qp)
			}
			for t := 0; t < k; t += team {
				members := place[t:min(k, t+team)]
				block(func(i int) int32 { return members[i] }, len(members), extra)
			}
			at += k
		}
	}
	nested(s.pupils, s.schools, classSize, prob(classBase), func(k int) float64 { return schoolBase / float64(k) })
	nested(s.workers, s.places, teamSize, prob(teamBase), func(k int) float64 { return workBase / math.Sqrt(float64(k)) })
	if next := p.regionSize(r + 1); next > 0 {
		q := prob(crossBase / float64(next))
		first := int32(s.size) // the next region's people, in r's local ids
		if q >= 1 {
			for a := range int32(s.size) {
				for b := range int32(next) {
					tie(a, first+b)
				}
			}
		} else if q > 0 {
			total := float64(s.size) * float64(next)
			lq := math.Log1p(-q)
			for k := -1.0; ; {
				k += 1 + math.Floor(math.Log(1-rng.Float64())/lq)
				if k >= total {
					break
				}
				tie(int32(k/float64(next)), first+int32(math.Mod(k, float64(next))))
			}
		}
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}

// Edges draws the network region by region, up to threads regions at a
// time, and calls yield with the ties of every region in turn: sorted by
// (u, v), u < v, every tie once, so that the calls together give every
// tie of the network in increasing order. The slice passed to yield is
// reused after yield returns. Edges stops at yield's first error and
// returns it. Every call gives the same ties.
func (p *Population) Edges(yield func([]graph.Edge) error) error {
	regions := p.Regions()
	workers := graph.Workers(p.threads, regions)
	keys := make([][]uint64, workers)
	out := make([][]graph.Edge, workers)
	for first := 0; first < regions; first += workers {
		batch := min(workers, regions-first)
		var wg sync.WaitGroup
		for w := range batch {
			wg.Go(func() {
				keys[w] = p.draw(first+w, keys[w])
				out[w] = out[w][:0]
				for _, k := range keys[w] {
					out[w] = append(out[w], graph.Edge{U: int32(k >> 32), V: int32(k)})
				}
			})
		}
		wg.Wait()
		for w := range batch {
			if err := yield(out[w]); err != nil {
				return err
			}
		}
	}
	return nil
}

// CountEdges draws the network once and returns its number of ties.
func (p *Population) CountEdges() (int64, error) {
	var m int64
	err := p.Edges(func(e []graph.Edge) error {
		m += int64(len(e))
		if m > maxEdges {
			return errTooMany
		}
		return nil
	})
	return m, err
}

var errTooMany = errors.New("population: more edges than a graph may have (2^31−1)")

// Graph draws the network as a graph (for small networks: a Graph takes
// about 24 bytes per edge more than the edges).
func (p *Population) Graph() (*graph.Graph, error) {
	var edges []graph.Edge
	err := p.Edges(func(e []graph.Edge) error {
		if len(edges)+len(e) > maxEdges {
			return errTooMany
		}
		edges = append(edges, e...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	g, _, err := graph.FromEdges(p.cfg.Nodes, edges, nil)
	return g, err
}
