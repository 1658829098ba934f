package utility

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"unsafe"

	"github.com/anonet-project/anonet/graph"
)

// LeidenOptions control the Leiden algorithm.
type LeidenOptions struct {
	// Resolution is the resolution γ of modularity; 0 means 1.
	Resolution float64
	// Iterations is the number of iterations of the algorithm, each
	// starting from the partition the previous one found: 0 means 2 (the
	// default of leidenalg and igraph), a negative number means: until an
	// iteration changes nothing (at most MaxLeidenIterations).
	Iterations int
	// Randomness is the parameter θ of the refinement phase; 0 means 0.01
	// (the paper's and igraph's default). Quality differences are measured
	// in edges, as in igraph, so 0.01 makes the refinement almost greedy.
	Randomness float64
}

// MaxLeidenIterations bounds the iterations of LeidenOptions.Iterations < 0,
// so that a partition that keeps changing without improving cannot make
// Leiden run forever.
const MaxLeidenIterations = 1000

// Partition is a division of the nodes of a graph into communities.
type Partition struct {
	// Membership[v] is the community of node v. Communities are numbered
	// 0..Communities-1 in order of their smallest node.
	Membership []int32
	// Communities is the number of communities.
	Communities int
	// Modularity is the modularity of the partition at the resolution
	// used; NaN for a graph without edges.
	Modularity float64
	// Iterations is the number of iterations run.
	Iterations int

	split int // communities added by splitDisconnected (tests expect 0)
}

// Leiden divides g into communities by the Leiden algorithm of Traag,
// Waltman and van Eck (2019), maximising modularity. Each iteration moves
// nodes between communities by the queue-based fast local moving procedure,
// refines every community by merging its well-connected nodes into
// well-connected subcommunities (randomly, with probability proportional to
// exp(ΔQ/θ) among the merges that do not decrease modularity), aggregates
// the refined subcommunities into the nodes of a smaller graph whose initial
// partition is the unrefined one, and repeats on the aggregate graph until
// every community is a single node. Every community it returns is connected.
//
// All randomness (the order in which nodes are visited and the refinement's
// choices) comes from rng; nil means a PCG generator with seed (0, 0). The
// same rng state gives the same partition.
func Leiden(g *graph.Graph, rng *rand.Rand, opt LeidenOptions) (Partition, error) {
	gamma, theta, iters, err := opt.resolve()
	if err != nil {
		return Partition{}, err
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(0, 0))
	}
	return leidenCSR(g, newCSR(g), rng, gamma, theta, iters), nil
}

// resolve returns the options with defaults filled in, or an error.
func (opt LeidenOptions) resolve() (gamma, theta float64, iters int, err error) {
	gamma, theta, iters = opt.Resolution, opt.Randomness, opt.Iterations
	if gamma == 0 {
		gamma = 1
	}
	if theta == 0 {
		theta = 0.01
	}
	if iters == 0 {
		iters = 2
	}
	if !(gamma > 0) || math.IsInf(gamma, 0) {
		return 0, 0, 0, fmt.Errorf("leiden: resolution must be positive and finite, got %v", opt.Resolution)
	}
	if !(theta > 0) || math.IsInf(theta, 0) {
		return 0, 0, 0, fmt.Errorf("leiden: randomness must be positive and finite, got %v", opt.Randomness)
	}
	return gamma, theta, iters, nil
}

func leidenCSR(g *graph.Graph, c *csr, rng *rand.Rand, gamma, theta float64, iters int) Partition {
	n := c.numNodes()
	base := &level{off: c.off, adj: c.adj}
	memb := allNodes(n)
	p := Partition{Modularity: math.NaN()}
	fallback := false
	if m := len(c.adj) / 2; m > 0 {
		ld := newLeidenState(n, rng, gamma/float64(2*m), theta)
		if iters < 0 {
			iters = MaxLeidenIterations
		}
		for range iters {
			p.Iterations++
			before := slices.Clone(memb)
			fallback = ld.iterate(base, memb)
			if slices.Equal(before, memb) {
				break
			}
		}
	}
	if fallback {
		before := countLabels(memb)
		p.split = splitDisconnected(c, memb) - before
	}
	p.Membership, p.Communities = renumberByFirst(memb)
	if g.NumEdges() > 0 {
		p.Modularity, _ = Modularity(g, p.Membership, gamma)
	}
	return p
}

// splitDisconnected gives every connected part of a community a community
// of its own. The Leiden algorithm guarantees connected communities, except
// in the rare case where a level's refinement merges nothing and the level
// is aggregated by the unrefined partition (as igraph does); this restores
// the guarantee there, and is only run then. Splitting a community into parts that share no edge
// never decreases modularity.
func splitDisconnected(c *csr, memb []int32) int {
	n := c.numNodes()
	out := make([]int32, n)
	for v := range out {
		out[v] = -1
	}
	queue := make([]int32, 0, 64)
	next := int32(0)
	for s := range n {
		if out[s] >= 0 {
			continue
		}
		out[s] = next
		queue = append(queue[:0], int32(s))
		for h := 0; h < len(queue); h++ {
			for _, u := range c.neighbors(queue[h]) {
				if out[u] < 0 && memb[u] == memb[s] {
					out[u] = next
					queue = append(queue, u)
				}
			}
		}
		next++
	}
	copy(memb, out)
	return int(next)
}

// countLabels returns the number of distinct labels in 0..len(l)-1.
func countLabels(l []int32) int {
	seen := make([]bool, len(l))
	k := 0
	for _, x := range l {
		if !seen[x] {
			seen[x] = true
			k++
		}
	}
	return k
}

// renumberByFirst renumbers the labels in place to 0..k-1 in order of first
// appearance and returns them with k.
func renumberByFirst(memb []int32) ([]int32, int) {
	d, k, _ := denseLabels(memb) // labels are in 0..n-1
	copy(memb, d)
	return memb, k
}

// level is a weighted graph of one level of aggregation: the neighbours of
// v are adj[off[v]:off[v+1]] with weights w (nil: every weight is 1), and
// k[v] (nil: the degree) is the total degree of the original nodes that v
// stands for. Levels have no self-loops: the weight inside an aggregate node
// never changes when nodes move, so it is left out.
//
// All weights are counts of edges of the original graph, at most 2m < 2^32,
// so they are exact unsigned integers; only gains are floating point.
type level struct {
	off []int
	adj []int32
	w   []uint32
	k   []uint32
}

func (l *level) numNodes() int { return len(l.off) - 1 }

func (l *level) weight(i int) uint32 {
	if l.w == nil {
		return 1
	}
	return l.w[i]
}

func (l *level) nodeWeight(v int32) uint32 {
	if l.k == nil {
		return uint32(l.off[v+1] - l.off[v])
	}
	return l.k[v]
}

// commState is what the algorithm reads about every neighbouring community
// (or, in the refinement, subcommunity) of a node; keeping it together in 8
// bytes means one cache miss per community looked at, not two.
type commState struct {
	tot   uint32 // total node weight
	neigh uint32 // weight of the edges from the node being moved
}

// leidenState holds the scratch memory of the algorithm, sized for the
// original graph and reused on every level.
type leidenState struct {
	rng   *rand.Rand
	res   float64 // γ/2m: the resolution in edge units
	theta float64

	comm    []commState
	commN   []int32  // number of nodes of each community
	ext     []uint32 // refinement: weight from a subcommunity to the rest of its community
	merged  []bool   // refinement: the subcommunity is no longer a singleton
	touched []int32
	queue   []int32
	inQueue []bool
	empty   []int32 // ids of empty communities

	refined  []int32
	cands    []int32
	gains    []float64
	cumProb  []float64
	order    []int32
	start    []int
	aggNode  []int32 // original node -> node of the current level
	aggStart []int

	prefetchMin int // levels of at least this many nodes are prefetched
}

func newLeidenState(n int, rng *rand.Rand, res, theta float64) *leidenState {
	return &leidenState{
		rng: rng, res: res, theta: theta, prefetchMin: prefetchMinNodes,
		comm: make([]commState, n), commN: make([]int32, n), ext: make([]uint32, n), merged: make([]bool, n),
		queue: make([]int32, n), inQueue: make([]bool, n), refined: make([]int32, n),
		order: make([]int32, n), start: make([]int, n+1), aggNode: make([]int32, n),
	}
}

// iterate runs one iteration of the Leiden algorithm on base, starting from
// and updating memb. It reports whether some level was aggregated by the
// unrefined partition, which can leave a community disconnected.
func (ld *leidenState) iterate(base *level, memb []int32) (fallback bool) {
	n0 := base.numNodes()
	for v := range ld.aggNode {
		ld.aggNode[v] = int32(v)
	}
	l := base
	p, _ := renumberByFirst(slices.Clone(memb))
	for {
		k := ld.moveNodes(l, p)
		if k == l.numNodes() {
			break
		}
		r, nr := ld.refine(l, p, k)
		if nr == l.numNodes() {
			// Refinement merged nothing: aggregate by the partition
			// itself, as igraph does, so that every level shrinks.
			copy(r, p)
			nr = k
			fallback = true
		}
		for v := range n0 {
			ld.aggNode[v] = r[ld.aggNode[v]]
		}
		next, np := ld.aggregate(l, r, nr, p)
		l, p = next, np
	}
	for v := range n0 {
		memb[v] = p[ld.aggNode[v]]
	}
	return fallback
}

// shuffle permutes s uniformly at random.
func (ld *leidenState) shuffle(s []int32) {
	for i := len(s) - 1; i > 0; i-- {
		j := int(ld.rng.Uint64N(uint64(i + 1)))
		s[i], s[j] = s[j], s[i]
	}
}

// moveNodes is the fast local moving phase: it moves single nodes of l to
// the neighbouring (or an empty) community that increases modularity most,
// visiting nodes from a queue that starts as a random permutation and
// receives the neighbours of moved nodes. It renumbers p to 0..k-1 in order
// of first appearance and returns k.
func (ld *leidenState) moveNodes(l *level, p []int32) int {
	n := l.numNodes()
	comm, commN := ld.comm[:n], ld.commN[:n]
	clear(comm)
	clear(commN)
	for v := range n {
		comm[p[v]].tot += l.nodeWeight(int32(v))
		commN[p[v]]++
	}
	ld.empty = ld.empty[:0]
	for c := n - 1; c >= 0; c-- {
		if commN[c] == 0 {
			ld.empty = append(ld.empty, int32(c))
		}
	}
	queue, inQueue := ld.queue[:n], ld.inQueue[:n]
	for v := range queue {
		queue[v] = int32(v)
		inQueue[v] = true
	}
	ld.shuffle(queue)
	head, count := 0, n
	// Prefetching pays only where the arrays read at random do not fit
	// in the cache; below that its cost shows.
	pf := n >= ld.prefetchMin
	for count > 0 {
		if pf && count > 8 {
			ld.prefetchVisits(l, p, comm, queue, head)
		}
		v := queue[head]
		head++
		if head == n {
			head = 0
		}
		count--
		inQueue[v] = false
		cur := p[v]
		lo, hi := l.off[v], l.off[v+1]
		// Every neighbour's community goes to touched, repeats included:
		// a branch on "seen before" would mispredict often. A repeat is
		// evaluated after the first has reset its weight to 0, so its
		// gain is lower than the true one and it cannot win.
		touched := ld.touched[:0]
		var kv uint32
		if l.w == nil {
			kv = uint32(hi - lo)
			for _, u := range l.adj[lo:hi] {
				c := p[u]
				comm[c].neigh++
				touched = append(touched, c)
			}
		} else {
			kv = l.k[v]
			w := l.w[lo:hi]
			for j, u := range l.adj[lo:hi] {
				c := p[u]
				comm[c].neigh += w[j]
				touched = append(touched, c)
			}
		}
		comm[cur].tot -= kv
		commN[cur]--
		rk := float64(kv) * ld.res
		best, bestGain := cur, float64(comm[cur].neigh)-rk*float64(comm[cur].tot)
		for _, c := range touched {
			cs := &comm[c]
			if gain := float64(cs.neigh) - rk*float64(cs.tot); gain > bestGain {
				best, bestGain = c, gain
			}
			cs.neigh = 0
		}
		ld.touched = touched
		if bestGain < 0 {
			// Alone is better: an empty community gains 0. One exists,
			// since v's community is not empty and v is in none.
			best = ld.empty[len(ld.empty)-1]
			ld.empty = ld.empty[:len(ld.empty)-1]
		}
		p[v] = best
		comm[best].tot += kv
		commN[best]++
		if best == cur {
			continue
		}
		if commN[cur] == 0 {
			ld.empty = append(ld.empty, cur)
		}
		for _, u := range l.adj[lo:hi] {
			if !inQueue[u] && p[u] != best {
				inQueue[u] = true
				tail := head + count
				if tail >= n {
					tail -= n
				}
				queue[tail] = u
				count++
			}
		}
	}
	_, k := renumberByFirst(p)
	return k
}

// prefetchVisits starts loading what the visits after the one of
// queue[head] will read, in four stages of a software pipeline: the
// offsets of the node 8 places ahead, the adjacency of the one 4 ahead, the
// communities of the first neighbours of the one 2 ahead and the state of
// those communities for the next one. Each stage reads only what an earlier
// one asked for, so it seldom waits for memory. The places ahead are
// already in the queue: new entries go to its tail.
func (ld *leidenState) prefetchVisits(l *level, p []int32, comm []commState, queue []int32, head int) {
	at := func(i int) int32 {
		if i += head; i >= len(queue) {
			i -= len(queue)
		}
		return queue[i]
	}
	prefetch(uintptr(unsafe.Pointer(&l.off[at(8)])))
	if b := at(4); l.off[b] < l.off[b+1] {
		prefetch(uintptr(unsafe.Pointer(&l.adj[l.off[b]])))
		if l.w != nil {
			prefetch(uintptr(unsafe.Pointer(&l.w[l.off[b]])))
		}
	}
	c := at(2)
	nb := l.adj[l.off[c]:l.off[c+1]]
	for _, u := range nb[:min(len(nb), prefetchMax)] {
		prefetch(uintptr(unsafe.Pointer(&p[u])))
	}
	d := at(1)
	nb = l.adj[l.off[d]:l.off[d+1]]
	for _, u := range nb[:min(len(nb), prefetchMax)] {
		prefetch(uintptr(unsafe.Pointer(&comm[p[u]])))
	}
}

// refine returns the refined partition of l within the k communities of p,
// numbered 0..nr-1, and nr. Within each community S it starts from
// singletons and visits the nodes in random order; a node that is still a
// singleton and is well connected to S (its edge weight to the rest of S is
// at least γ·k_v·(K_S − k_v)/2m) joins a well-connected subcommunity C of S
// (by the same test) chosen at random with probability proportional to
// exp(ΔQ(v→C)/θ) among those with ΔQ >= 0, staying alone included.
func (ld *leidenState) refine(l *level, p []int32, k int) ([]int32, int) {
	n := l.numNodes()
	r, comm, ext, merged := ld.refined[:n], ld.comm[:n], ld.ext[:n], ld.merged[:n]
	for v := range n {
		r[v] = int32(v)
		comm[v] = commState{tot: l.nodeWeight(int32(v))}
		merged[v] = false
		var e uint32
		for i := l.off[v]; i < l.off[v+1]; i++ {
			if p[l.adj[i]] == p[v] {
				e += l.weight(i)
			}
		}
		ext[v] = e
	}
	// Group the nodes by community (counting sort).
	start := ld.start[:k+1]
	clear(start)
	for v := range n {
		start[p[v]+1]++
	}
	for c := range k {
		start[c+1] += start[c]
	}
	order := ld.order[:n]
	fill := ld.queue[:k] // reused as a cursor per community
	for c := range k {
		fill[c] = int32(start[c])
	}
	for v := range n {
		order[fill[p[v]]] = int32(v)
		fill[p[v]]++
	}
	for s := range k {
		nodes := order[start[s]:start[s+1]]
		if len(nodes) < 2 {
			continue
		}
		var sum uint64
		for _, v := range nodes {
			sum += uint64(l.nodeWeight(v))
		}
		total := float64(sum)
		ld.shuffle(nodes)
		for _, v := range nodes {
			if r[v] != v || merged[v] {
				continue // v has joined another node, or one has joined v
			}
			kv := float64(comm[v].tot)
			if float64(ext[v]) < ld.res*kv*(total-kv) {
				continue // not well connected to its community
			}
			touched := ld.touched[:0]
			for i := l.off[v]; i < l.off[v+1]; i++ {
				u := l.adj[i]
				if p[u] != int32(s) {
					continue
				}
				cs := &comm[r[u]]
				if cs.neigh == 0 {
					touched = append(touched, r[u])
				}
				cs.neigh += l.weight(i)
			}
			kw := comm[v].tot
			comm[v].tot = 0
			// Staying alone gains 0 and is always a candidate.
			cands := append(ld.cands[:0], v)
			gains := append(ld.gains[:0], 0)
			maxGain := 0.0
			rk := ld.res * kv
			for _, c := range touched {
				cs := &comm[c]
				wc := float64(cs.tot)
				if float64(ext[c]) < ld.res*wc*(total-wc) {
					continue // not a well-connected subcommunity
				}
				if gain := float64(cs.neigh) - rk*wc; gain >= 0 {
					cands = append(cands, c)
					gains = append(gains, gain)
					maxGain = max(maxGain, gain)
				}
			}
			chosen := v
			if len(cands) > 1 {
				cum := ld.cumProb[:0]
				sum := 0.0
				for _, gain := range gains {
					sum += math.Exp((gain - maxGain) / ld.theta)
					cum = append(cum, sum)
				}
				x := ld.rng.Float64() * sum
				i, _ := slices.BinarySearchFunc(cum, x, func(a, b float64) int {
					if a <= b {
						return -1
					}
					return 1
				})
				chosen = cands[min(i, len(cands)-1)]
				ld.cumProb = cum
			}
			if chosen != v {
				r[v] = chosen
				merged[chosen] = true
				// The edges between v and the subcommunity become
				// internal; v's other edges within S become external.
				ext[chosen] = ext[chosen] + ext[v] - 2*comm[chosen].neigh
			}
			comm[chosen].tot += kw
			for _, c := range touched {
				comm[c].neigh = 0
			}
			ld.touched, ld.cands, ld.gains = touched, cands, gains
		}
	}
	_, nr := renumberByFirst(r)
	return r, nr
}

// aggregate returns the graph of the nr subcommunities r of l, with summed
// edge and node weights, and the partition of its nodes induced by p.
func (ld *leidenState) aggregate(l *level, r []int32, nr int, p []int32) (*level, []int32) {
	n := l.numNodes()
	start := ld.aggStart
	if cap(start) < nr+1 {
		start = make([]int, nr+1)
	}
	start = start[:nr+1]
	clear(start)
	for v := range n {
		start[r[v]+1]++
	}
	for c := range nr {
		start[c+1] += start[c]
	}
	members := make([]int32, n)
	fill := slices.Clone(start[:nr])
	for v := range n {
		members[fill[r[v]]] = int32(v)
		fill[r[v]]++
	}
	next := &level{off: make([]int, nr+1), k: make([]uint32, nr),
		adj: make([]int32, 0, len(l.adj)), w: make([]uint32, 0, len(l.adj))}
	np := make([]int32, nr)
	comm := ld.comm[:n]
	for i := range comm {
		comm[i].neigh = 0
	}
	for c := range nr {
		touched := ld.touched[:0]
		for _, v := range members[start[c]:start[c+1]] {
			next.k[c] += l.nodeWeight(v)
			for i := l.off[v]; i < l.off[v+1]; i++ {
				d := r[l.adj[i]]
				if d == int32(c) {
					continue
				}
				if comm[d].neigh == 0 {
					touched = append(touched, d)
				}
				comm[d].neigh += l.weight(i)
			}
		}
		np[c] = p[members[start[c]]]
		for _, d := range touched {
			next.adj = append(next.adj, d)
			next.w = append(next.w, comm[d].neigh)
			comm[d].neigh = 0
		}
		next.off[c+1] = len(next.adj)
		ld.touched = touched
	}
	ld.aggStart = start
	return next, np
}
