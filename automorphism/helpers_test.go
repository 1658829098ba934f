package automorphism

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// fromEdges builds an untyped graph on n nodes.
func fromEdges(n int, edges [][2]int32) *graph.Graph {
	g := graph.New(n)
	for _, e := range edges {
		g.AddEdge(e[0], e[1])
	}
	return g
}

// relabelled returns g with node v renamed perm[v] (typed ties kept) and
// the colours moved along.
func relabelled(g *graph.Graph, colors []int32, perm []int) (*graph.Graph, []int32) {
	h := g.Renumbered(perm)
	var c []int32
	if colors != nil {
		c = make([]int32, len(colors))
		for v, x := range colors {
			c[perm[v]] = x
		}
	}
	return h, c
}

// partitionOf returns the canonical form of a partition given as the
// class of every node: the smallest member of each node's class.
func partitionOf(class []int32) []int32 {
	least := map[int32]int32{}
	for v, c := range class {
		if _, ok := least[c]; !ok {
			least[c] = int32(v)
		}
	}
	out := make([]int32, len(class))
	for v, c := range class {
		out[v] = least[c]
	}
	return out
}

// bruteOrbits returns the orbits of the automorphism group of a small
// graph by trying every permutation, with its own check of colours and
// tie kinds (a kind matrix), independent of the package's.
func bruteOrbits(g *graph.Graph, colors []int32) []int32 {
	n := g.NumNodes()
	kind := make([][]graph.Kind, n)
	for u := range n {
		kind[u] = make([]graph.Kind, n)
		for v := range n {
			kind[u][v] = g.Kind(int32(u), int32(v))
		}
	}
	class := make([]int32, n)
	for v := range class {
		class[v] = int32(v)
	}
	perm := make([]int32, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			for v := range n {
				a, b := class[v], class[perm[v]]
				if a != b {
					for x := range class {
						if class[x] == b {
							class[x] = a
						}
					}
				}
			}
			return
		}
		for w := range int32(n) {
			if used[w] || colors != nil && colors[w] != colors[i] {
				continue
			}
			ok := true
			for u := range i {
				if kind[i][u] != kind[w][perm[u]] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			used[w] = true
			perm[i] = w
			rec(i + 1)
			used[w] = false
		}
	}
	rec(0)
	return partitionOf(class)
}

// compute runs ComputeWith with opt and checks, independently of the
// package, that every generator it reports is an automorphism (see
// checkGenerator) and that its orbits are exactly those of the group the
// generators generate.
func compute(t testing.TB, g *graph.Graph, colors []int32, opt ...Options) *Orbits {
	t.Helper()
	n := g.NumNodes()
	class := make([]int32, n)
	for v := range class {
		class[v] = int32(v)
	}
	find := func(x int32) int32 {
		for class[x] != x {
			x = class[x]
		}
		return x
	}
	var o Options
	if len(opt) > 0 {
		o = opt[0]
	}
	var bad error
	o.Generator = func(from, to []int32) {
		if err := checkGenerator(g, colors, from, to); err != nil && bad == nil {
			bad = err
		}
		for i, a := range from {
			if ra, rb := find(a), find(to[i]); ra != rb {
				class[max(ra, rb)] = min(ra, rb)
			}
		}
	}
	res, err := ComputeWith(context.Background(), g, colors, o)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	if !res.Complete {
		t.Fatal("Compute: not complete")
	}
	if bad != nil {
		t.Fatalf("a generator is not an automorphism: %v", bad)
	}
	for v := range class {
		class[v] = find(int32(v))
	}
	if got := partitionOf(class); !slices.Equal(got, res.Of) {
		t.Fatalf("orbits %v are not those of the generators reported, %v", res.Of, got)
	}
	return res
}

// checkGenerator checks the permutation mapping from[i] to to[i] and
// fixing the rest with a map and graph.Graph.Kind only, independently of
// the package: from and to hold the same nodes once each, colours are
// kept, and every tie at a moved node maps to a tie of the same kind (so
// that, with the fixed nodes' ties fixed, the ties map onto the ties).
func checkGenerator(g *graph.Graph, colors, from, to []int32) error {
	perm := make(map[int32]int32, len(from))
	for i, a := range from {
		if _, dup := perm[a]; dup {
			return fmt.Errorf("node %d moved twice", a)
		}
		perm[a] = to[i]
	}
	images := make(map[int32]bool, len(to))
	for _, b := range to {
		if _, ok := perm[b]; !ok || images[b] {
			return fmt.Errorf("image %d is not a moved node, or taken twice", b)
		}
		images[b] = true
	}
	img := func(v int32) int32 {
		if w, ok := perm[v]; ok {
			return w
		}
		return v
	}
	for _, a := range from {
		b := img(a)
		if colors != nil && colors[a] != colors[b] {
			return fmt.Errorf("node %d of colour %d maps to %d of colour %d", a, colors[a], b, colors[b])
		}
		if g.Degree(a) != g.Degree(b) {
			return fmt.Errorf("node %d of degree %d maps to %d of degree %d", a, g.Degree(a), b, g.Degree(b))
		}
		for _, w := range g.Neighbors(a) {
			if k := g.Kind(b, img(w)); k != g.Kind(a, w) {
				return fmt.Errorf("tie %d–%d of kind %#x maps to %d–%d of kind %#x", a, w, uint64(g.Kind(a, w)), b, img(w), uint64(k))
			}
		}
	}
	return nil
}
