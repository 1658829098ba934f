package graph

// TriangleCounts returns the number of triangles through every node, using
// up to threads goroutines (threads < 1 means one; at most GOMAXPROCS, and
// each takes 8 bytes per node of scratch). Each triangle is found once, from
// its lowest-ranked node in the order (degree, id), which bounds the work by
// O(m^1.5) even on graphs with hubs: see Forward.TriangleCounts.
func (g *Graph) TriangleCounts(threads int) []int32 {
	return g.forward(false).TriangleCounts(threads)
}

// forward returns the forward orientation of g, with the edges' indices if
// ids is set.
func (g *Graph) forward(ids bool) *Forward {
	n := len(g.adj)
	deg := make([]int32, n)
	for v := range n {
		deg[v] = int32(g.Degree(int32(v)))
	}
	f, err := newForward(deg, func(yield func(u, v, id int32) error) error {
		for i, e := range g.edges {
			if err := yield(e.U, e.V, int32(i)); err != nil {
				return err
			}
		}
		return nil
	}, ids)
	if err != nil {
		panic("graph: the edges of a Graph disagree with its degrees: " + err.Error()) // an invariant of Graph
	}
	return f
}

// ForEachTriangle calls fn once for every triangle {a, b, c} of g, with the
// indices of its edges {a, b}, {a, c} and {b, c}. Each triangle is found
// from its lowest-ranked node in the order (degree, id) by intersecting
// lists of higher-ranked neighbours (the forward orientation, Forward),
// which bounds the work by O(m^1.5) even on graphs with hubs.
func (g *Graph) ForEachTriangle(fn func(a, b, c int32, ab, ac, bc int32)) {
	g.ForEachTriangleThreads(1, func(_ int, a, b, c, ab, ac, bc int32) { fn(a, b, c, ab, ac, bc) })
}

// ForEachTriangleThreads is ForEachTriangle with up to threads goroutines
// (threads < 1 means one; at most GOMAXPROCS, each with 4 bytes per node of
// scratch), which call fn at once, each with its worker number
// 0..threads−1, in no particular order.
func (g *Graph) ForEachTriangleThreads(threads int, fn func(worker int, a, b, c int32, ab, ac, bc int32)) {
	f := g.forward(true)
	off, out, ids := f.off, f.out, f.ids
	n := len(g.adj)
	workers := Workers(max(threads, 1), n)
	marks := make([][]int32, workers) // per worker: edge index + 1 of {u, w} for its current u
	ForChunks(n, 1024, workers, func(wk, lo, hi int) {
		mark := marks[wk]
		if mark == nil {
			mark = make([]int32, n)
			marks[wk] = mark
		}
		for u := lo; u < hi; u++ {
			ou, eu := out[off[u]:off[u+1]], ids[off[u]:off[u+1]]
			if len(ou) < 2 {
				continue
			}
			for i, w := range ou {
				mark[w] = eu[i] + 1
			}
			for i, v := range ou {
				for j, w := range out[off[v]:off[v+1]] {
					if mark[w] != 0 {
						fn(wk, int32(u), v, w, eu[i], mark[w]-1, ids[off[v]+int64(j)])
					}
				}
			}
			for _, w := range ou {
				mark[w] = 0
			}
		}
	})
}
