package automorphism

import (
	"math/rand/v2"

	"github.com/anonet-project/anonet/graph"
)

// Graph families for the tests, each built from an explicit seeded source.

// randomTree returns a uniform random labelled tree (Prüfer sequence).
func randomTree(n int, r *rand.Rand) *graph.Graph {
	g := graph.New(n)
	if n < 2 {
		return g
	}
	seq := make([]int32, n-2)
	deg := make([]int, n)
	for i := range deg {
		deg[i] = 1
	}
	for i := range seq {
		seq[i] = int32(r.IntN(n))
		deg[seq[i]]++
	}
	for _, x := range seq {
		for v := range int32(n) {
			if deg[v] == 1 {
				g.AddEdge(v, x)
				deg[v]--
				deg[x]--
				break
			}
		}
	}
	var last []int32
	for v := range int32(n) {
		if deg[v] == 1 {
			last = append(last, v)
		}
	}
	g.AddEdge(last[0], last[1])
	return g
}

// blowUp replaces every node of g by 1 to 3 twins, false or true (joined
// to each other) at random: a graph with many twins.
func blowUp(g *graph.Graph, r *rand.Rand) *graph.Graph {
	n := g.NumNodes()
	first := make([]int32, n+1)
	truth := make([]bool, n)
	for v := range n {
		first[v+1] = first[v] + int32(1+r.IntN(3))
		truth[v] = r.IntN(2) == 0
	}
	h := graph.New(int(first[n]))
	for v := range int32(n) {
		for a := first[v]; a < first[v+1]; a++ {
			if truth[v] {
				for b := a + 1; b < first[v+1]; b++ {
					h.AddEdge(a, b)
				}
			}
			for _, w := range g.Neighbors(v) {
				if w > v {
					for b := first[w]; b < first[w+1]; b++ {
						h.AddEdge(a, b)
					}
				}
			}
		}
	}
	return h
}

// copies returns k disjoint copies of g, each randomly relabelled, and
// then the whole randomly relabelled.
func copies(g *graph.Graph, k int, r *rand.Rand) *graph.Graph {
	n := g.NumNodes()
	h := graph.New(n * k)
	for c := range k {
		perm := r.Perm(n)
		for _, e := range g.Edges() {
			h.AddEdge(int32(c*n+perm[e.U]), int32(c*n+perm[e.V]))
		}
	}
	return h
}

// disjoint returns the disjoint union of the graphs.
func disjointUnion(gs ...*graph.Graph) *graph.Graph {
	total := 0
	for _, g := range gs {
		total += g.NumNodes()
	}
	h := graph.New(total)
	off := int32(0)
	for _, g := range gs {
		for _, e := range g.Edges() {
			h.AddEdge(off+e.U, off+e.V)
		}
		off += int32(g.NumNodes())
	}
	return h
}

// randomRegular returns a random d-regular simple graph on n nodes (n·d
// even) by the pairing model, restarted on loops and double edges.
func randomRegular(n, d int, r *rand.Rand) *graph.Graph {
	for {
		points := make([]int32, 0, n*d)
		for v := range int32(n) {
			for range d {
				points = append(points, v)
			}
		}
		r.Shuffle(len(points), func(i, j int) { points[i], points[j] = points[j], points[i] })
		g := graph.New(n)
		ok := true
		for i := 0; i < len(points); i += 2 {
			if !g.AddEdge(points[i], points[i+1]) {
				ok = false
				break
			}
		}
		if ok {
			return g
		}
	}
}

// paley returns the Paley graph of a prime q ≡ 1 (mod 4): x ~ y when x−y
// is a non-zero square modulo q. It is strongly regular.
func paley(q int) *graph.Graph {
	square := make([]bool, q)
	for x := 1; x < q; x++ {
		square[x*x%q] = true
	}
	g := graph.New(q)
	for x := range q {
		for y := x + 1; y < q; y++ {
			if square[(y-x)%q] {
				g.AddEdge(int32(x), int32(y))
			}
		}
	}
	return g
}

// hypercube returns the d-dimensional hypercube.
func hypercube(d int) *graph.Graph {
	g := graph.New(1 << d)
	for v := range int32(1 << d) {
		for b := range d {
			g.AddEdge(v, v^1<<b)
		}
	}
	return g
}

// cycle returns the cycle on n nodes.
func cycle(n int) *graph.Graph {
	g := graph.New(n)
	for v := range int32(n) {
		g.AddEdge(v, (v+1)%int32(n))
	}
	return g
}

// path returns the path on n nodes.
func path(n int) *graph.Graph {
	g := graph.New(n)
	for v := int32(1); v < int32(n); v++ {
		g.AddEdge(v-1, v)
	}
	return g
}

// cfi returns the Cai–Fürer–Immerman graph of a connected base graph,
// with the edges marked in twist twisted: for every base node v of degree
// d, a middle vertex for every even subset of its edges and two end
// vertices (0 and 1) per edge, a middle vertex joined to end 1 of the
// edges in its subset and end 0 of the others; the ends of an edge meet
// end to end, 0–0 and 1–1, or crosswise when twisted. Colour refinement
// cannot tell the vertices of one gadget apart, which makes them hard.
func cfi(base *graph.Graph, twist map[graph.Edge]bool) *graph.Graph {
	type end struct{ v, i int32 }
	var edges [][2]int32
	n := int32(0)
	ends := map[end][2]int32{} // base node, index of the edge at it → its two end vertices
	for v := range int32(base.NumNodes()) {
		nb := base.Neighbors(v)
		d := len(nb)
		for i := range d {
			ends[end{v, int32(i)}] = [2]int32{n, n + 1}
			n += 2
		}
		for s := range 1 << d {
			if popcount(s)%2 != 0 {
				continue
			}
			m := n
			n++
			for i := range d {
				e := ends[end{v, int32(i)}]
				edges = append(edges, [2]int32{m, e[s>>i&1]})
			}
		}
	}
	for v := range int32(base.NumNodes()) {
		for i, w := range base.Neighbors(v) {
			if w < v {
				continue
			}
			j := int32(0)
			for k, x := range base.Neighbors(w) {
				if x == v {
					j = int32(k)
				}
			}
			a, b := ends[end{v, int32(i)}], ends[end{w, j}]
			if twist[graph.MakeEdge(v, w)] {
				b[0], b[1] = b[1], b[0]
			}
			edges = append(edges, [2]int32{a[0], b[0]}, [2]int32{a[1], b[1]})
		}
	}
	return fromEdges(int(n), edges)
}

func popcount(x int) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}
