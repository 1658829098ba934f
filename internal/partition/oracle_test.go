package partition

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// An independent, deliberately naive model of the measures: distances by
// BFS over an adjacency matrix, signatures as strings, d-k equivalence by a
// backtracking isomorphism search. It shares no code with package measure.

type naiveGraph struct {
	n    int
	adj  [][]bool
	dist [][]int
}

func newNaiveGraph(g *graph.Graph) *naiveGraph {
	n := g.NumNodes()
	ng := &naiveGraph{n: n, adj: make([][]bool, n), dist: make([][]int, n)}
	for i := range n {
		ng.adj[i] = make([]bool, n)
	}
	for _, e := range g.Edges() {
		ng.adj[e.U][e.V], ng.adj[e.V][e.U] = true, true
	}
	for s := range n {
		ng.dist[s] = testgraphs.NaiveDistances(n, func(x, y int) bool { return ng.adj[x][y] }, s)
	}
	return ng
}

func (ng *naiveGraph) deg(v int) int {
	c := 0
	for _, a := range ng.adj[v] {
		if a {
			c++
		}
	}
	return c
}

// ball returns the nodes within distance t of v.
func (ng *naiveGraph) ball(v, t int) []int {
	var out []int
	for x, d := range ng.dist[v] {
		if d >= 0 && d <= t {
			out = append(out, x)
		}
	}
	return out
}

func (ng *naiveGraph) signature(name string, v, d int) string {
	s := ""
	for t := 1; t <= d; t++ {
		b := ng.ball(v, t)
		edges := 0
		var inner []int
		for _, x := range b {
			c := 0
			for _, y := range b {
				if ng.adj[x][y] {
					c++
				}
			}
			inner = append(inner, c)
			edges += c
		}
		edges /= 2
		slices.Sort(inner)
		var sphere []int
		for x, dx := range ng.dist[v] {
			if dx == t {
				sphere = append(sphere, ng.deg(x))
			}
		}
		slices.Sort(sphere)
		switch name {
		case "degree":
			return fmt.Sprint(ng.deg(v))
		case "count":
			s += fmt.Sprintf("(%d,%d)", len(b), edges)
		case "edgecount":
			s += fmt.Sprintf("(%d)", edges)
		case "degdist":
			s += fmt.Sprint(inner)
		case "vrq":
			s += fmt.Sprint(sphere)
		}
	}
	return s
}

// isoBalls reports whether G[B_t(u)] and G[B_t(v)] are isomorphic, with u
// mapped to v if rooted.
func (ng *naiveGraph) isoBalls(u, v, t int, rooted bool) bool {
	a, b := ng.ball(u, t), ng.ball(v, t)
	if len(a) != len(b) {
		return false
	}
	n := len(a)
	degIn := func(set []int, x int) int {
		c := 0
		for _, y := range set {
			if ng.adj[x][y] {
				c++
			}
		}
		return c
	}
	return bruteIsomorphic(n,
		func(i, j int) bool {
			return degIn(a, a[i]) == degIn(b, b[j]) && (!rooted || (a[i] == u) == (b[j] == v))
		},
		func(i, k, j, m int) bool { return ng.adj[a[i]][a[k]] == ng.adj[b[j]][b[m]] })
}

// bruteIsomorphic reports whether some bijection of 0..n-1 maps every i to
// a j with candidate(i, j) and keeps consistent(i, k, j, m) for every
// earlier pair k → m, by backtracking.
func bruteIsomorphic(n int, candidate func(i, j int) bool, consistent func(i, k, j, m int) bool) bool {
	mapping := make([]int, n)
	used := make([]bool, n)
	var try func(i int) bool
	try = func(i int) bool {
		if i == n {
			return true
		}
		for j := range n {
			if used[j] || !candidate(i, j) {
				continue
			}
			ok := true
			for k := 0; k < i && ok; k++ {
				ok = consistent(i, k, j, mapping[k])
			}
			if !ok {
				continue
			}
			used[j], mapping[i] = true, j
			if try(i + 1) {
				return true
			}
			used[j] = false
		}
		return false
	}
	return try(0)
}

// equivalent is the naive equivalence of u and v under the named measure.
func (ng *naiveGraph) equivalent(name string, u, v, d int) bool {
	switch name {
	case "automorphism": // a permutation of all the nodes, keeping every edge, maps u to v
		return bruteIsomorphic(ng.n,
			func(i, j int) bool { return (i == u) == (j == v) && ng.deg(i) == ng.deg(j) },
			func(i, k, j, m int) bool { return ng.adj[i][k] == ng.adj[j][m] })
	case "dk", "dk-unrooted", "hybrid", "hybrid-unrooted":
		rooted := name == "dk" || name == "hybrid"
		for t := 1; t <= d; t++ {
			if !ng.isoBalls(u, v, t, rooted) {
				return false
			}
		}
		if name == "hybrid" || name == "hybrid-unrooted" {
			return ng.signature("vrq", u, d) == ng.signature("vrq", v, d)
		}
		return true
	}
	return ng.signature(name, u, d) == ng.signature(name, v, d)
}

// TestOracle compares every measure's partition with the naive model on
// small random graphs.
func TestOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	for trial := range 6 {
		kind := []string{"er", "ba", "clustered"}[trial%3]
		g := randomGraph(r, kind, 18)
		ng := newNaiveGraph(g)
		for _, m := range allMeasures {
			for d := 1; d <= 2; d++ {
				p := mustPartition(t, g, m, d)
				for u := range ng.n {
					for v := u + 1; v < ng.n; v++ {
						want := ng.equivalent(m.Name(), u, v, d)
						if got := p.Class(int32(u)) == p.Class(int32(v)); got != want {
							t.Fatalf("%s %s d=%d: %d~%d is %v, naive model says %v", kind, m.Name(), d, u, v, got, want)
						}
					}
				}
			}
		}
	}
}
