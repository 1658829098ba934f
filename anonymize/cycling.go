package anonymize

import (
	"context"
	"math/rand/v2"
	"slices"
)

// A cycling generalises a twinning (automorph.go) to any k ≥ 2: a
// permutation σ of the nodes made of cycles of k nodes of one colour, the
// nodes of a colour left over (fewer than k) joining its last cycle, and a
// colour of fewer than k nodes left in place. The edges of g whose whole
// orbit under σ is in g form the largest subgraph on which σ is an
// automorphism that keeps colours; in it every node of a cycle of length
// L is automorphic to the L − 1 others of its cycle, so with L ≥ k it is
// k-anonymous under every structural measure, automorphism included, at
// every distance. That subgraph is the k-automorphic start of the
// refinement for k ≥ 3 (solution.cycleStart), as a twinning's is for
// k = 2.
type cycling struct {
	permutation
	class []int32   // class[v]: the colour of v
	cycle []int32   // cycle[v]: the index of v's cycle in members, or -1 if fixed
	pos   []int32   // pos[v]: v's place in its cycle
	nodes [][]int32 // nodes[c]: the members of cycle c, σ taking each to the next
	seen  []int32   // scratch: marks of gainAt
	epoch int32
}

// newCycling groups the nodes into cycles of k of one colour: nodes in
// descending order of degree take, among the ungrouped nodes of their
// colour, the k − 1 with which they share the most neighbours (ties: the
// closer degree, then the smaller id), and the next ungrouped nodes of
// the colour in descending degree when too few share any. colors, if not
// nil, gives every node's colour (nil: one colour).
func newCycling(g *adjacency, colors []int32, k int) *cycling {
	n := g.NumNodes()
	c := &cycling{permutation: permutation{g: g, to: make([]int32, n)}, class: make([]int32, n), cycle: make([]int32, n), pos: make([]int32, n), seen: make([]int32, n)}
	for v := range c.to {
		c.to[v], c.cycle[v] = int32(v), -1
	}
	order := make([]int32, n)
	for v := range order {
		order[v] = int32(v)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return g.Degree(b) - g.Degree(a) })
	index := map[int32]int32{}
	for v := range n {
		if colors != nil {
			cl, ok := index[colors[v]]
			if !ok {
				cl = int32(len(index))
				index[colors[v]] = cl
			}
			c.class[v] = cl
		}
	}
	classes := max(1, len(index))
	byClass := make([][]int32, classes)
	for _, v := range order {
		byClass[c.class[v]] = append(byClass[c.class[v]], v)
	}
	left := make([]int, classes) // ungrouped nodes of each colour
	for cl := range byClass {
		left[cl] = len(byClass[cl])
	}
	next := make([]int, classes)
	last := make([]int32, classes) // the colour's last cycle, or -1
	for cl := range last {
		last[cl] = -1
	}
	grouped := make([]bool, n)
	shared := make([]int32, n)
	var touched, group []int32
	for _, u := range order {
		if grouped[u] {
			continue
		}
		cl := c.class[u]
		if left[cl] < k {
			// Too few left for a cycle of their own: they join the
			// colour's last cycle (or stay in place if there is none).
			if l := last[cl]; l >= 0 {
				for _, w := range byClass[cl] {
					if !grouped[w] {
						grouped[w] = true
						c.nodes[l] = append(c.nodes[l], w)
					}
				}
				left[cl] = 0
			}
			continue
		}
		touched = touched[:0]
		for _, x := range g.Neighbors(u) {
			for _, w := range g.Neighbors(x) {
				if w != u && !grouped[w] && c.class[w] == cl {
					if shared[w] == 0 {
						touched = append(touched, w)
					}
					shared[w]++
				}
			}
		}
		du := g.Degree(u)
		slices.SortFunc(touched, func(a, b int32) int {
			if shared[a] != shared[b] {
				return int(shared[b] - shared[a])
			}
			if da, db := abs(g.Degree(a)-du), abs(g.Degree(b)-du); da != db {
				return da - db
			}
			return int(a - b)
		})
		group = append(group[:0], u)
		grouped[u] = true
		for _, w := range touched {
			if len(group) == k {
				break
			}
			group = append(group, w)
			grouped[w] = true
		}
		for _, w := range touched {
			shared[w] = 0
		}
		list := byClass[cl]
		for len(group) < k {
			for grouped[list[next[cl]]] {
				next[cl]++
			}
			w := list[next[cl]]
			group = append(group, w)
			grouped[w] = true
		}
		left[cl] -= k
		last[cl] = int32(len(c.nodes))
		c.nodes = append(c.nodes, slices.Clone(group))
	}
	for i := range c.nodes {
		c.link(int32(i))
	}
	return c
}

// link sets σ, the cycle and the places of the members of cycle i.
func (c *cycling) link(i int32) {
	ms := c.nodes[i]
	for j, v := range ms {
		c.to[v] = ms[(j+1)%len(ms)]
		c.cycle[v], c.pos[v] = i, int32(j)
	}
}

// gainAt returns the number of edges at the members of the cycles cs
// (distinct) that keep their orbit, each edge counted once.
func (c *cycling) gainAt(cs ...int32) int {
	c.epoch++
	if c.epoch == 0 { // wrapped around: clear the marks
		clear(c.seen)
		c.epoch = 1
	}
	for _, i := range cs {
		for _, v := range c.nodes[i] {
			c.seen[v] = c.epoch
		}
	}
	k := 0
	for _, i := range cs {
		for _, u := range c.nodes[i] {
			for _, v := range c.g.Neighbors(u) {
				if c.seen[v] == c.epoch && v < u {
					continue // counted from v
				}
				if c.kept(u, v) {
					k++
				}
			}
		}
	}
	return k
}

// improve changes σ while that keeps at least as many edges, for moves
// proposals: a random node a and a node b of its colour two steps from a
// exchange their places, in two cycles (the cycles keep their lengths) or
// in one (the cycle's order changes). It returns false, with σ as it is,
// if ctx ends first.
func (c *cycling) improve(ctx context.Context, rng *rand.Rand, moves int) bool {
	g := c.g
	n := g.NumNodes()
	for i := range moves {
		if i%4096 == 0 && ctx.Err() != nil {
			return false
		}
		a := int32(rng.IntN(n))
		if g.Degree(a) == 0 || c.cycle[a] < 0 {
			continue
		}
		nb := g.Neighbors(a)
		x := nb[rng.IntN(len(nb))]
		nb = g.Neighbors(x)
		b := nb[rng.IntN(len(nb))]
		if b == a || c.cycle[b] < 0 || c.class[a] != c.class[b] {
			continue
		}
		ca, cb := c.cycle[a], c.cycle[b]
		var before int
		if ca == cb {
			before = c.gainAt(ca)
		} else {
			before = c.gainAt(ca, cb)
		}
		c.exchange(a, b)
		var after int
		if ca == cb {
			after = c.gainAt(ca)
		} else {
			after = c.gainAt(ca, cb)
		}
		if after < before {
			c.exchange(a, b) // undo
		}
	}
	return true
}

// exchange swaps the places of a and b in their cycles.
func (c *cycling) exchange(a, b int32) {
	ca, cb, pa, pb := c.cycle[a], c.cycle[b], c.pos[a], c.pos[b]
	c.nodes[ca][pa], c.nodes[cb][pb] = b, a
	c.link(ca)
	if cb != ca {
		c.link(cb)
	}
}
