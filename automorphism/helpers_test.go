package automorphism

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// heavy skips t unless heavy tests are asked for: not with -short, and
// only with ANONET_HEAVY=1 in the environment.
func heavy(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("heavy test skipped with -short")
	}
	if !heavyOn() {
		t.Skip("heavy test: set ANONET_HEAVY=1 to run it")
	}
}

// heavyOn reports whether ANONET_HEAVY=1 asks for heavy tests.
func heavyOn() bool { return os.Getenv("ANONET_HEAVY") == "1" }

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

// compute runs Compute and checks, independently of the package, that
// every generator it reports is an automorphism (a full check of the
// permutation against the kind of every pair) and that its orbits are
// exactly those of the group they generate.
func compute(t testing.TB, g *graph.Graph, colors []int32) *Orbits {
	t.Helper()
	n := g.NumNodes()
	class := make([]int32, n)
	for v := range class {
		class[v] = int32(v)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for class[x] != x {
			x = class[x]
		}
		return x
	}
	perm := make([]int32, n)
	bad := 0
	o, err := ComputeWith(context.Background(), g, colors, Options{Generator: func(from, to []int32) {
		for v := range perm {
			perm[v] = int32(v)
		}
		for i, a := range from {
			perm[a] = to[i]
		}
		if !fullCheck(g, colors, perm) {
			bad++
		}
		for i, a := range from {
			if ra, rb := find(a), find(to[i]); ra != rb {
				class[max(ra, rb)] = min(ra, rb)
			}
		}
	}})
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	if !o.Complete {
		t.Fatal("Compute: not complete")
	}
	if bad > 0 {
		t.Fatalf("%d generators are not automorphisms", bad)
	}
	for v := range class {
		class[v] = find(int32(v))
	}
	if got := partitionOf(class); !slices.Equal(got, o.Of) {
		t.Fatalf("orbits %v are not those of the generators reported, %v", o.Of, got)
	}
	return o
}

// fullCheck reports whether perm is a permutation preserving colours and
// the kind of every tie, checking every tie of g.
func fullCheck(g *graph.Graph, colors, perm []int32) bool {
	n := g.NumNodes()
	seen := make([]bool, n)
	for v, w := range perm {
		if seen[w] || colors != nil && colors[v] != colors[w] {
			return false
		}
		seen[w] = true
	}
	for v := range int32(n) {
		for _, w := range g.Neighbors(v) {
			if g.Kind(perm[v], perm[w]) != g.Kind(v, w) {
				return false
			}
		}
	}
	return true
}
