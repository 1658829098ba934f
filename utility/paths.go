package utility

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"
	"unsafe"

	"github.com/anonet-project/anonet/graph"
)

// Mode says whether the path-based metrics (average distance, betweenness)
// are computed exactly or estimated from a sample of source nodes.
type Mode int

// The path modes.
const (
	// Auto computes exactly when the work n·(n+2m) is at most
	// ExactWorkLimit, and samples otherwise.
	Auto Mode = iota
	// Exact runs a search from every node.
	Exact
	// Sampled runs a search from PathOptions.Sources nodes drawn uniformly
	// without replacement (from every node when there are no more nodes
	// than that).
	Sampled
)

var modeNames = [...]string{Auto: "auto", Exact: "exact", Sampled: "sampled"}

// String returns the name of the mode: "auto", "exact" or "sampled".
func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode returns the mode with the given name.
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if s == name {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("unknown path mode %q (known: auto, exact, sampled)", s)
}

// ExactWorkLimit is the largest work n·(n+2m), for n nodes and m edges, that
// Auto computes exactly: a breadth-first search from each of the n nodes
// visits n nodes and 2m adjacency entries. At this limit an exact sweep
// (distances and betweenness) takes 3–8 s per graph on two cores of the test
// machine, depending on how local the graph's structure is. The US power grid
// (4,941 nodes, 6,594 edges: 0.9·10^8) and CA-GrQc (5,241 nodes, 14,484
// edges: 1.8·10^8) are far below it; Enron email (36,692 nodes, 183,831
// edges: 1.5·10^10) is sampled.
const ExactWorkLimit = 1e9

// DefaultSources is the number of source nodes sampled by default. With the
// same sources in both graphs, the change in average distance between a
// network and a copy with 5% of its edges deleted is estimated to a standard
// error of 0.1–0.6% of the value on the reference networks.
const DefaultSources = 100

// PathOptions control the computation of distances and betweenness.
type PathOptions struct {
	// Mode chooses between exact computation and sampling.
	Mode Mode
	// Sources is the number of sampled source nodes (pivots); 0 means
	// DefaultSources.
	Sources int
	// Rand draws the sample; nil means a PCG generator with seed (0, 0).
	// Exact computation uses no randomness.
	Rand *rand.Rand
	// Threads is the number of goroutines; values < 1 mean one.
	Threads int
	// Progress, if not nil, is told how many of the total searches are
	// done. It is never called by two goroutines at once.
	Progress func(done, total int)
}

// Work returns n·(n+2m), the number of steps of an exact sweep of g, which
// Auto compares with ExactWorkLimit.
func Work(g *graph.Graph) float64 {
	n, m := float64(g.NumNodes()), float64(g.NumEdges())
	return n * (n + 2*m)
}

// Sampling reports whether opt samples on g rather than computing exactly.
func (opt PathOptions) Sampling(g *graph.Graph) bool {
	switch opt.Mode {
	case Exact:
		return false
	case Sampled:
		return opt.sources() < g.NumNodes()
	}
	return Work(g) > ExactWorkLimit && opt.sources() < g.NumNodes()
}

func (opt PathOptions) sources() int {
	if opt.Sources <= 0 {
		return DefaultSources
	}
	return opt.Sources
}

func (opt PathOptions) rng() *rand.Rand {
	if opt.Rand == nil {
		return rand.New(rand.NewPCG(0, 0))
	}
	return opt.Rand
}

// Distances is the average shortest-path length of a graph over the ordered
// pairs of distinct nodes in the same component.
type Distances struct {
	// Mean is the average distance; NaN when no two nodes are connected
	// (or, when sampling, when no sampled source reaches another node).
	Mean float64
	// StdErr is the standard error of Mean: 0 when exact; when sampled,
	// the standard error of the ratio estimator (see docs/utility.md),
	// with the finite-population correction.
	StdErr float64
	// Pairs is the number of ordered pairs of distinct nodes in the same
	// component (exact in both modes); on a directed graph, the ordered
	// pairs (u, v) with a directed path from u to v (estimated when
	// sampled).
	Pairs int64
	// Sources is the number of searches run (n when exact).
	Sources int
	// Sampled reports whether Mean is a sampled estimate.
	Sampled bool
}

// Betweenness holds the betweenness centrality of every node.
type Betweenness struct {
	// Values[v] is the betweenness of v: the sum over unordered pairs
	// {s, t} of other nodes of the fraction of shortest s–t paths through
	// v (networkx's betweenness_centrality with normalized=False; gonum's
	// values are twice these). When sampled, it is the unbiased estimate
	// n/k times the sum over the k sampled pivots.
	Values []float64
	// Sources is the number of searches run (n when exact).
	Sources int
	// Sampled reports whether Values are sampled estimates.
	Sampled bool
}

// AverageDistance returns the average shortest-path length of g over the
// ordered pairs of nodes in the same component.
func AverageDistance(g *graph.Graph, opt PathOptions) Distances {
	d, _ := paths(g, opt, false)
	return d
}

// BetweennessCentrality returns the betweenness centrality of every node of
// g, computed by the algorithm of Brandes (2001).
func BetweennessCentrality(g *graph.Graph, opt PathOptions) Betweenness {
	_, b := paths(g, opt, true)
	return b
}

// Paths returns both the average distance and the betweenness of g from one
// sweep of searches, which costs little more than the betweenness alone.
func Paths(g *graph.Graph, opt PathOptions) (Distances, Betweenness) {
	return paths(g, opt, true)
}

func paths(g *graph.Graph, opt PathOptions, betw bool) (Distances, Betweenness) {
	n := g.NumNodes()
	var src []int32
	sampled := opt.Sampling(g)
	if sampled {
		src = sampleNodes(n, opt.sources(), opt.rng())
	} else {
		src = allNodes(n)
	}
	r := sweep(newPathCSR(g), src, betw, opt.Threads, opt.Progress)
	d := r.distances(connectedPairs(g, r, sampled), n, sampled)
	return d, Betweenness{Values: r.bc, Sources: len(src), Sampled: sampled}
}

func allNodes(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// sampleNodes draws k distinct nodes of 0..n-1 uniformly at random (all of
// them, in order, if k >= n), by a partial Fisher–Yates shuffle.
func sampleNodes(n, k int, rng *rand.Rand) []int32 {
	p := allNodes(n)
	if k >= n {
		return p
	}
	for i := range k {
		j := i + int(rng.Uint64N(uint64(n-i)))
		p[i], p[j] = p[j], p[i]
	}
	return p[:k:k]
}

// connectedPairs returns the number of ordered pairs of distinct nodes
// joined by a path: from the components of an undirected graph; on a
// directed one, from the sweep r (the pairs its sources reach, scaled up
// to all nodes when the sources are sampled).
func connectedPairs(g *graph.Graph, r *sweepResult, sampled bool) int64 {
	if !g.Directed() {
		return Components(g).Pairs
	}
	var P int64
	for _, p := range r.reach {
		P += p
	}
	if sampled && len(r.sources) > 0 {
		return int64(math.Round(float64(P) * float64(g.NumNodes()) / float64(len(r.sources))))
	}
	return P
}

// sweepResult holds what a sweep of searches found: per source i, the sum
// of distances from it and the number of other nodes it reaches; and the
// betweenness (nil unless asked for).
type sweepResult struct {
	n       int
	sources []int32
	dsum    []int64
	reach   []int64
	bc      []float64
}

// distances turns a sweep into the average distance; pairs is the exact
// number of connected ordered pairs.
func (r *sweepResult) distances(pairs int64, n int, sampled bool) Distances {
	d := Distances{Mean: math.NaN(), Pairs: pairs, Sources: len(r.sources), Sampled: sampled}
	var D, P int64
	for i := range r.sources {
		D += r.dsum[i]
		P += r.reach[i]
	}
	if P == 0 {
		return d
	}
	d.Mean = float64(D) / float64(P)
	if sampled {
		d.StdErr = ratioStdErr(r.dsum, r.reach, d.Mean, n)
	}
	return d
}

// ratioStdErr is the standard error of the ratio estimator R = ΣD_i/ΣP_i of
// k sources sampled without replacement from n nodes (linearisation, with
// the finite-population correction 1 − k/n).
func ratioStdErr(D, P []int64, R float64, n int) float64 {
	k := len(D)
	if k < 2 {
		return math.NaN()
	}
	var sumP float64
	for _, p := range P {
		sumP += float64(p)
	}
	pbar := sumP / float64(k)
	var ss float64
	for i := range D {
		z := float64(D[i]) - R*float64(P[i])
		ss += z * z
	}
	fpc := 1 - float64(k)/float64(n)
	return math.Sqrt(fpc*ss/float64(k*(k-1))) / pbar
}

// pairedDiffStdErr is the standard error of R_b − R_a for two ratio
// estimators from paired samples (source i of a with source i of b).
func pairedDiffStdErr(a, b *sweepResult, Ra, Rb float64, n int) float64 {
	k := len(a.sources)
	if k < 2 || len(b.sources) != k {
		return math.NaN()
	}
	var pa, pb float64
	for i := range k {
		pa += float64(a.reach[i])
		pb += float64(b.reach[i])
	}
	pa /= float64(k)
	pb /= float64(k)
	var ss float64
	for i := range k {
		z := (float64(b.dsum[i])-Rb*float64(b.reach[i]))/pb - (float64(a.dsum[i])-Ra*float64(a.reach[i]))/pa
		ss += z * z
	}
	fpc := 1 - float64(k)/float64(n)
	return math.Sqrt(fpc * ss / float64(k*(k-1)))
}

// sweep runs a breadth-first search (with Brandes' dependency accumulation
// if betw) from every node in sources, using up to threads goroutines.
// Per-source results are stored by source index and the betweenness is
// accumulated in 128-bit fixed point, so the result does not depend on the
// number of goroutines or on their scheduling.
func sweep(c *csr, sources []int32, betw bool, threads int, progress func(done, total int)) *sweepResult {
	n := c.numNodes()
	k := len(sources)
	r := &sweepResult{n: n, sources: sources, dsum: make([]int64, k), reach: make([]int64, k)}
	if n == 0 {
		if betw {
			r.bc = []float64{}
		}
		return r
	}
	// Search a copy numbered in search order, for locality, unless there
	// are too few searches to repay the copy (it costs about three).
	src := sources
	var perm []int32
	if k >= 16 {
		c, perm = c.bfsOrdered()
		src = make([]int32, k)
		for i, s := range sources {
			src[i] = perm[s]
		}
	}
	threads = max(1, min(threads, k))
	// Each worker holds about 40 bytes per node; keep them under 4 GiB.
	threads = max(1, min(threads, (4<<30)/(40*n)))
	chunk := max(1, min(64, k/(8*threads)))
	var mu sync.Mutex
	done := 0
	report := func(d int) {
		if progress == nil {
			return
		}
		mu.Lock()
		done += d
		progress(done, k)
		mu.Unlock()
	}
	workers := make([]*searcher, threads)
	for w := range workers {
		workers[w] = newSearcher(c, betw)
	}
	graph.ForChunks(k, chunk, threads, func(w, lo, hi int) {
		s := workers[w]
		for i := lo; i < hi; i++ {
			if betw {
				r.dsum[i], r.reach[i] = s.brandes(src[i])
			} else {
				r.dsum[i], r.reach[i] = s.bfs(src[i])
			}
		}
		report(hi - lo)
	})
	if betw {
		// Each unordered pair was counted from both ends (not so the
		// ordered pairs of a directed graph); a sample of k of n sources
		// is scaled up by n/k.
		f := float64(n) / float64(k) / workers[0].scale
		if !c.directed {
			f *= 0.5
		}
		r.bc = make([]float64, n)
		for v := range r.bc {
			w := v
			if perm != nil {
				w = int(perm[v])
			}
			var lo, hi uint64
			for _, s := range workers {
				var carry uint64
				lo, carry = bits.Add64(lo, s.acc[2*w], 0)
				hi += s.acc[2*w+1] + carry
			}
			r.bc[v] = (float64(hi)*0x1p64 + float64(lo)) * f
		}
	}
	return r
}

// searcher holds one goroutine's buffers for breadth-first searches.
type searcher struct {
	c *csr
	// dist holds, for every node reached, its distance from the source
	// (bfs) or its position in order (brandes); -1 for the others.
	dist  []int32
	order []int32
	// Brandes only, indexed by position in order, so that most accesses
	// fall in the few levels being worked on:
	sigma []float64 // number of shortest paths from the source
	coef  []float64 // (1 + dependency) / sigma, once a node is done
	succ  []int32   // successors in the shortest-path DAG, as positions
	sEnd  []int32   // succ[sEnd[h-1]:sEnd[h]] are the successors of order[h]
	// acc holds the betweenness sums in 128-bit fixed point: node v's sum
	// is acc[2v+1]·2^64 + acc[2v], in units of 1/scale. Integer addition is
	// associative, so the total does not depend on which worker added what.
	acc   []uint64
	scale float64
	// prefetch is set for graphs whose arrays do not fit in the cache;
	// on smaller ones prefetching costs more than it saves.
	prefetch bool
}

func newSearcher(c *csr, betw bool) *searcher {
	n := c.numNodes()
	s := &searcher{c: c, dist: make([]int32, n), order: make([]int32, 0, n), prefetch: n >= prefetchMinNodes}
	for i := range s.dist {
		s.dist[i] = -1
	}
	if betw {
		s.sigma = make([]float64, n)
		s.coef = make([]float64, n)
		s.sEnd = make([]int32, 0, n)
		s.acc = make([]uint64, 2*n)
		// A dependency is below n < 2^bits.Len(n), so a scaled one is
		// below 2^62 and fits a uint64.
		s.scale = math.Ldexp(1, 62-bits.Len(uint(n)))
	}
	return s
}

// bfs searches from src and returns the sum of the distances to the nodes
// it reaches and their number (src excluded).
func (s *searcher) bfs(src int32) (sum, reached int64) {
	off, adj, dist := s.c.off, s.c.adj, s.dist
	order := append(s.order[:0], src)
	dist[src] = 0
	for h := 0; h < len(order); h++ {
		if s.prefetch {
			prefetchSearch(s.c, order, h, dist)
		}
		v := order[h]
		dv := dist[v] + 1
		for _, u := range adj[off[v]:off[v+1]] {
			if dist[u] < 0 {
				dist[u] = dv
				order = append(order, u)
				sum += int64(dv)
			}
		}
	}
	for _, v := range order {
		dist[v] = -1
	}
	s.order = order
	return sum, int64(len(order) - 1)
}

// brandes searches from src, adds the dependencies of src on every node to
// the accumulator and returns what bfs returns. The forward search records
// the edges of the shortest-path DAG, so that the backward accumulation
// reads only those, node by node:
//
//	δ(v) = σ(v) · Σ_{w successor of v} (1 + δ(w)) / σ(w).
//
// Nodes are known by their position h in the search order, whose levels
// are consecutive: a neighbour already reached is a successor exactly when
// its position is at or after the end of the current level.
func (s *searcher) brandes(src int32) (sum, reached int64) {
	off, adj, pos, sigma, coef := s.c.off, s.c.adj, s.dist, s.sigma, s.coef
	order := append(s.order[:0], src)
	succ, sEnd := s.succ[:0], s.sEnd[:0]
	pos[src] = 0
	sigma[0] = 1
	levelEnd, d := 1, int64(0) // the level of order[h] ends at levelEnd and is d
	for h := 0; h < len(order); h++ {
		if h == levelEnd {
			levelEnd = len(order)
			d++
		}
		if s.prefetch {
			prefetchSearch(s.c, order, h, pos)
		}
		sv := sigma[h]
		for _, u := range adj[off[order[h]]:off[order[h]+1]] {
			switch pu := pos[u]; {
			case pu < 0:
				pu = int32(len(order))
				pos[u] = pu
				order = append(order, u)
				sigma[pu] = sv
				succ = append(succ, pu)
				sum += d + 1
			case int(pu) >= levelEnd:
				sigma[pu] += sv
				succ = append(succ, pu)
			}
		}
		sEnd = append(sEnd, int32(len(succ)))
	}
	acc, scale := s.acc, s.scale
	for h := len(order) - 1; h > 0; h-- {
		t := 0.0
		for _, w := range succ[sEnd[h-1]:sEnd[h]] {
			t += coef[w]
		}
		delta := sigma[h] * t
		coef[h] = (1 + delta) / sigma[h]
		v := order[h]
		lo, carry := bits.Add64(acc[2*v], uint64(delta*scale), 0)
		acc[2*v] = lo
		acc[2*v+1] += carry
	}
	for _, v := range order {
		pos[v] = -1
	}
	s.order, s.succ, s.sEnd = order, succ, sEnd
	return sum, int64(len(order) - 1)
}

// prefetchSearch starts loading what a breadth-first search will read a few
// steps after step h, in three stages of a software pipeline: the offsets
// of order[h+8], the adjacency of order[h+4] and the marks of the first
// neighbours of order[h+2]. Each stage reads only what an earlier one
// asked for, so it seldom waits for memory. (A Brandes search on a random
// graph of 10^6 edges took 30–50% longer without.)
func prefetchSearch(c *csr, order []int32, h int, mark []int32) {
	if h+8 >= len(order) {
		return
	}
	prefetch(uintptr(unsafe.Pointer(&c.off[order[h+8]])))
	if lo := c.off[order[h+4]]; lo < len(c.adj) {
		prefetch(uintptr(unsafe.Pointer(&c.adj[lo])))
	}
	nb := c.neighbors(order[h+2])
	for _, u := range nb[:min(len(nb), prefetchMax)] {
		prefetch(uintptr(unsafe.Pointer(&mark[u])))
	}
}
