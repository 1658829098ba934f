package anonymize

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// A twinning is a permutation σ of the nodes whose cycles have length 2
// (and 3 for the last node of an odd set), within the colours of the nodes
// when they have known attributes (a node alone in its colour is a cycle
// of length 1). The edges of g whose whole orbit under σ is in g form the
// largest subgraph on which σ is an automorphism that keeps colours; in it
// every node is indistinguishable from the others of its cycle, under
// every measure, refined or not, and at every distance, so every node in
// a cycle of length 2 or 3 is 2-anonymous. That subgraph is the starting
// point of automorphicStart: a release that keeps, on dense networks,
// far more than ua's, and that restoration and local search then improve
// for the measure actually asked for.
type twinning struct {
	permutation
	class []int32 // class[v]: the colour of v; twins have the same
	mark  []bool  // scratch of keptAt: the neighbours of one node
	// triples lists the nodes of 3-cycles (at most one 3-cycle per
	// colour), which keptAt checks apart when it counts from σu's side;
	// inTriple[v] says whether v is one of them. improve never moves them.
	triples  []int32
	inTriple []bool
	// keptCache[v] caches keptAt(v) for improve, or is -1. keptAt(v) reads σ
	// at v and at v's neighbours only, so a swap that moves the nodes s
	// changes only the values in the closed neighbourhoods of s, which
	// swapped updates.
	keptCache []int32
}

// newTwinning pairs every node with a partner of the same colour and
// similar neighbourhood: nodes in descending order of degree take, among
// the unpaired nodes of their colour, the one with which they share the
// most neighbours (ties: the closest degree, then the smaller id), or the
// unpaired node of their colour of closest degree when none shares a
// neighbour. The last node of a colour with an odd number of nodes joins
// the colour's last pair as a 3-cycle; a node alone in its colour is left
// in place (σ(v) = v), and is 2-anonymous only if the structure makes it
// so. colors, if not nil, gives every node's colour (the attribute codes of
// measure.Refined: a twin must have the same known attributes); nil means
// one colour.
func newTwinning(g *adjacency, colors []int32) *twinning {
	n := g.NumNodes()
	p := &twinning{permutation: permutation{g: g, to: make([]int32, n)}, mark: make([]bool, n)}
	for v := range p.to {
		p.to[v] = -1
	}
	order := make([]int32, n)
	for v := range order {
		order[v] = int32(v)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return g.Degree(b) - g.Degree(a) })
	// class[v]: the colour of v as a dense index; byClass[c]: the nodes of
	// colour c in descending order of degree, byClass[c][next[c]:] holding
	// its unpaired nodes; last[c]: its last pair made.
	class := make([]int32, n)
	index := map[int32]int32{}
	for v := range n {
		if colors != nil {
			c, ok := index[colors[v]]
			if !ok {
				c = int32(len(index))
				index[colors[v]] = c
			}
			class[v] = c
		}
	}
	classes := max(1, len(index))
	byClass := make([][]int32, classes)
	for _, v := range order {
		byClass[class[v]] = append(byClass[class[v]], v)
	}
	next := make([]int, classes)
	last := make([][2]int32, classes)
	for c := range last {
		last[c] = [2]int32{-1, -1}
	}
	shared := make([]int32, n) // common neighbours with the current node
	var touched []int32
	for _, u := range order {
		if p.to[u] >= 0 {
			continue
		}
		c := class[u]
		touched = touched[:0]
		for _, x := range g.Neighbors(u) {
			for _, w := range g.Neighbors(x) {
				if w != u && p.to[w] < 0 && class[w] == c {
					if shared[w] == 0 {
						touched = append(touched, w)
					}
					shared[w]++
				}
			}
		}
		best := int32(-1)
		for _, w := range touched {
			if best < 0 || shared[w] > shared[best] ||
				shared[w] == shared[best] && (abs(g.Degree(w)-g.Degree(u)) < abs(g.Degree(best)-g.Degree(u)) ||
					abs(g.Degree(w)-g.Degree(u)) == abs(g.Degree(best)-g.Degree(u)) && w < best) {
				best = w
			}
		}
		for _, w := range touched {
			shared[w] = 0
		}
		if best < 0 {
			// The next unpaired node of the colour in descending degree is
			// the closest.
			list := byClass[c]
			for next[c] < len(list) && (p.to[list[next[c]]] >= 0 || list[next[c]] == u) {
				next[c]++
			}
			if next[c] == len(list) {
				// u is the last node of its colour: it joins the colour's
				// last pair, or stays in place if there is none.
				if a, b := last[c][0], last[c][1]; a >= 0 {
					p.to[a], p.to[b], p.to[u] = b, u, a
				} else {
					p.to[u] = u
				}
				continue
			}
			best = list[next[c]]
		}
		p.to[u], p.to[best] = best, u
		last[c] = [2]int32{u, best}
	}
	p.class = class
	p.keptCache = make([]int32, n)
	p.dropCache()
	p.inTriple = make([]bool, n)
	for v, w := range p.to {
		if p.to[w] != int32(v) {
			p.triples = append(p.triples, int32(v))
			p.inTriple[v] = true
		}
	}
	return p
}

// A permutation is a permutation σ of the nodes of g, the common part of
// a twinning and a cycling: the edges whose every image under the powers
// of σ is an edge of g make a graph of which σ is an automorphism.
type permutation struct {
	g  *adjacency
	to []int32 // to[v] = σ(v)
}

// kept reports whether the edge {u, v} keeps its whole orbit in g.
func (p permutation) kept(u, v int32) bool {
	a, b := p.to[u], p.to[v]
	for a != u || b != v {
		if !p.g.HasEdge(a, b) {
			return false
		}
		a, b = p.to[a], p.to[b]
	}
	return true
}

// deletions returns the ids in g of the edges that do not keep their
// orbit.
func (p permutation) deletions() []int32 {
	var out []int32
	for id, e := range p.g.edges() {
		if !p.kept(e.U, e.V) {
			out = append(out, id)
		}
	}
	return out
}

// gainAt returns the number of edges at the nodes of s (each counted once)
// that keep their orbit; the nodes of s must be distinct and in 2-cycles.
// Each node's edges are counted by keptAt: through the cache when fresh is
// nil, else afresh, each count stored in fresh (as long as s). An edge
// between two nodes of s, counted from both, is taken off once.
func (p *twinning) gainAt(s []int32, fresh []int) int {
	k := 0
	for i, u := range s {
		if fresh == nil {
			k += p.cachedKeptAt(u)
		} else {
			fresh[i] = p.keptAt(u)
			k += fresh[i]
		}
		for _, v := range s[:i] {
			if p.g.HasEdge(u, v) && p.kept(u, v) {
				k--
			}
		}
	}
	return k
}

// cachedKeptAt is keptAt(u) through the cache p.keptCache, which it fills.
func (p *twinning) cachedKeptAt(u int32) int {
	if k := p.keptCache[u]; k >= 0 {
		return int(k)
	}
	k := p.keptAt(u)
	p.keptCache[u] = int32(k)
	return k
}

// dropCache drops every cached keptAt.
func (p *twinning) dropCache() {
	for v := range p.keptCache {
		p.keptCache[v] = -1
	}
}

// swapped brings the cache up to date after the swap of improve that
// paired the nodes s = [a, a′, b, b′], partners two by two before (s[i]
// and s[i^1]), a with b and a′ with b′, and after which keptAt(s[i]) is
// after[i]. A neighbour v outside s keeps its partner σv, which is
// outside s too, so of the edges keptAt(v) counts only those to s change:
// {v, u} is kept when {σv, σu} is an edge, and its cached count moves by
// the difference between σu now and before. Nodes of 3-cycles, whose
// edges to s have longer orbits, are dropped from the cache instead. A
// hub's count thus stays cached through the swaps of its neighbours,
// which before dropped it at nearly every swap made on web networks.
func (p *twinning) swapped(s [4]int32, after [4]int) {
	g := p.g
	for i, u := range s {
		p.keptCache[u] = int32(after[i])
	}
	for i, u := range s {
		now, was := p.to[u], s[i^1]
		for _, v := range g.Neighbors(u) {
			switch {
			case p.keptCache[v] < 0 || slices.Contains(s[:], v):
			case p.inTriple[v]:
				p.keptCache[v] = -1
			default:
				w := p.to[v]
				if g.HasEdge(w, now) {
					p.keptCache[v]++
				}
				if g.HasEdge(w, was) {
					p.keptCache[v]--
				}
			}
		}
	}
}

// keptAt returns the number of edges at u, which is in a 2-cycle, that
// keep their orbit. An edge {u, v} to a node v of a 2-cycle (or a fixed
// point) keeps its orbit when {σu, σv} is an edge: σv is a neighbour of
// σu. That is counted from whichever side costs least: from u's
// neighbours, each looked up among σu's (binary search); from σu's
// neighbours y, each σy looked up among u's, and then the few nodes of
// 3-cycles apart; or, when the degrees are alike, by marking σu's
// neighbours and walking u's (a hub paired with a small node is the
// common case of the swaps improve tries on web networks, where walking
// the hub's links dominated the twin start).
func (p *twinning) keptAt(u int32) int {
	g := p.g
	w := p.to[u]
	du, dw := g.Degree(u), g.Degree(w)
	mark := 2*dw + du
	fromU := du * bits.Len(uint(dw))
	fromW := (dw + len(p.triples)) * bits.Len(uint(du))
	k := 0
	switch {
	case fromU <= mark && fromU <= fromW:
		for _, v := range g.Neighbors(u) {
			if p.inTriple[v] {
				if p.kept(u, v) {
					k++
				}
			} else if g.HasEdge(w, p.to[v]) {
				k++
			}
		}
	case fromW <= mark:
		for _, y := range g.Neighbors(w) {
			// y = σv for a neighbour v of u in a 2-cycle (or fixed):
			// then v = σy.
			if !p.inTriple[y] && g.HasEdge(u, p.to[y]) {
				k++
			}
		}
		for _, v := range p.triples {
			if g.HasEdge(u, v) && p.kept(u, v) {
				k++
			}
		}
	default:
		for _, x := range g.Neighbors(w) {
			p.mark[x] = true
		}
		for _, v := range g.Neighbors(u) {
			if p.inTriple[v] {
				if p.kept(u, v) {
					k++
				}
			} else if p.mark[p.to[v]] {
				k++
			}
		}
		for _, x := range g.Neighbors(w) {
			p.mark[x] = false
		}
	}
	return k
}

// improve swaps partners between pairs while that keeps at least as many
// edges, for moves proposals: a random node a in a pair (a, a′) and a node
// b two steps from a in a pair (b, b′) become the pairs (a, b) and
// (a′, b′), if a and b have the same colour. Nodes of 3-cycles and nodes
// alone in their colour are not moved. It returns false, with the pairs as
// they are, if ctx ends first.
func (p *twinning) improve(ctx context.Context, rng *rand.Rand, moves int) bool {
	g := p.g
	n := g.NumNodes()
	if n < 4 {
		return true
	}
	paired := func(v int32) bool { return p.to[p.to[v]] == v && p.to[v] != v }
	var s [4]int32
	for i := range moves {
		if i%4096 == 0 && ctx.Err() != nil {
			return false
		}
		a := int32(rng.IntN(n))
		if g.Degree(a) == 0 || !paired(a) {
			continue
		}
		nb := g.Neighbors(a)
		x := nb[rng.IntN(len(nb))]
		nb = g.Neighbors(x)
		b := nb[rng.IntN(len(nb))]
		a2, b2 := p.to[a], p.to[b]
		if b == a || b == a2 || !paired(b) || p.class[a] != p.class[b] {
			continue
		}
		s = [4]int32{a, a2, b, b2}
		// Most swaps are undone: the counts before come from the cache,
		// those after are counted afresh, unless they cannot reach the
		// counts before (swapBound: a hub paired afresh with a small node).
		before := p.gainAt(s[:], nil)
		if p.swapBound(s) < before {
			continue
		}
		p.to[a], p.to[b], p.to[a2], p.to[b2] = b, a, b2, a2
		var after [4]int
		if p.gainAt(s[:], after[:]) < before {
			p.to[a], p.to[a2], p.to[b], p.to[b2] = a2, a, b2, b // undo
		} else {
			p.swapped(s, after)
		}
	}
	return true
}

// swapBound bounds gainAt of s = {a, a′, b, b′} after the swap that pairs
// a with b and a′ with b′: a node of a 2-cycle keeps at most as many
// edges as it and its partner have (σ is one-to-one), so a swap whose
// bound is below the count before it loses, and improve undoes it
// without counting.
func (p *twinning) swapBound(s [4]int32) int {
	g := p.g
	return 2*min(g.Degree(s[0]), g.Degree(s[2])) + 2*min(g.Degree(s[1]), g.Degree(s[3]))
}

// A symmetricStart is a permutation of the nodes, improved by local
// search, whose full orbits of edges make a k-automorphic release: a
// twinning for k = 2, a cycling for larger k.
type symmetricStart interface {
	improve(ctx context.Context, rng *rand.Rand, moves int) bool
	deletions() []int32
}

var (
	_ symmetricStart = (*twinning)(nil)
	_ symmetricStart = (*cycling)(nil)
)

// twinMoves is the number of improvement proposals of a twinning per node.
const twinMoves = 200

// twinCutoff is the share of the edges kept by the strategy's restored
// release below which the twinning's release is not restored: on the 17
// shared networks the twinning's release won after restoration whenever it
// kept at least 0.79 of that before restoration (0.82–2.4), and lost
// whenever it kept at most 0.74 (0.38–0.74); restoring a losing release is
// what trying costs (Enron: 50 s of processor time instead of 25 s).
const twinCutoff = 0.75

// twinGrowth bounds what the last four fifths of a symmetric start's
// proposals add, as a multiple of the relative gain g of the proposals
// from its twentieth to its fifth: the release at the end keeps at most
// (1 + twinGrowth·g) times the edges kept after a fifth. On the 17 shared
// networks and Enron at k = 2, 3 and 5 that multiple was at most 2.0
// (radoslaw_email, k = 3; 0.3–1.4 elsewhere, 2026-11-28); a start whose
// bound falls below twinCutoff is given up after a fifth instead of at
// the end (dblp-2010, k = 2: 61% of the restored release's edges after a
// fifth, 4.7% gained since the twentieth, bound 69%; 110 s saved).
const twinGrowth = 3

// twinGrowthMinNodes is the fewest nodes on which twinGrowth gives a start
// up: from 5,000 nodes a fifth of the proposals (10^6 and more) shows a
// smooth trend, while on a small network the gains come in jumps (karate,
// k = 3: nothing gained from the twentieth to the fifth, 50% after), and a
// start given up early saves little time there.
const twinGrowthMinNodes = 5_000

// automorphicStart offers a k-automorphic release of the input as the
// refinement's start (run).
type automorphicStart struct{ s *solution }

// symmetricStartApplies reports whether configuration c lets the
// refinement also try a k-automorphic release of the input
// (automorphicStart): a twinning's for k = 2, a cycling's for larger k,
// which is k-anonymous under every
// structural measure by construction; for a strategy that tries starts
// from the input (Best),
// deleting, with exact anonymity in the full or partial variant, at every k
// and under every measure. On dense networks where ua deletes nearly
// everything it keeps far more (primaryschool, count: 5,637 of 8,317 edges
// at k = 2 and 3,440 at k = 5, against ua's restored and refined 2,337 and
// 1,166); elsewhere the strategy's release, restored, stays ahead and is
// kept, and the symmetric start's improvement is given up early
// (automorphicStart). Under a measure that is neither arithmetic nor
// Whole its refinement is bounded (refinement.symmetric).
func symmetricStartApplies(c *Config) bool {
	return strategyOf(c.Strategy).inputStarts && c.Operation == Delete && !c.Fuzzy && c.Variant != Budgeted
}

// run tries a k-automorphic release as the refinement's start: from
// the input, it deletes the edges that do not keep their orbit under a
// twinning (k = 2) or a cycling (k ≥ 3) of the input within the attribute
// classes of a refined measure (every node in a cycle of k or more is then
// k-anonymous under every measure, refined or not, automorphism
// included), and restores. search, if not nil, is the permutation's search
// made by refine (possibly running in the background); nil searches now.
// On a typed graph it declines. It keeps that state, and reports true with
// the number of edges restored, if it meets the target and keeps more
// than margin times the edges of the state it started from (ua's,
// restored); else it returns exactly to that state (solution.tryRestored).
// A search that cannot reach twinCutoff of the edges of that state is given
// up (symmetricCheckpoints).
//
// keptFrom is the number of edges the search competes with: the restored
// release's, also when the local search has run from it since
// (refinement.symmetricAfterAnneal); negative where nothing has been
// restored yet (under a Whole measure the start comes first), the current
// state's.
func (o automorphicStart) run(ctx context.Context, search *symmetricSearch, margin float64, keptFrom int) (int, bool) {
	s := o.s
	if s.ties != nil {
		// A twin would need the same kinds of ties as well. (refine does
		// not call this on a typed graph, whose partition has no
		// arithmetic path; the check keeps the function safe alone.)
		return 0, false
	}
	if keptFrom < 0 {
		keptFrom = s.ids.numKept()
	}
	if search == nil {
		search = newSymmetricSearch(&s.in, s.cfg)
	}
	dels, ok := search.result(ctx, keptFrom, s.cfg.StageProgress)
	if !ok {
		return 0, false
	}
	return s.tryRestored(ctx, dels, margin, keptFrom)
}
