package graph

// TriangleCounts returns the number of triangles through every node, using
// up to threads goroutines (threads < 1 means one; at most GOMAXPROCS, and
// each takes 8 bytes per node of scratch). Each triangle is found once, from
// its lowest-ranked node in the order (degree, id), which bounds the work by
// O(m^1.5) even on graphs with hubs: see Forward.TriangleCounts.
func (g *Graph) TriangleCounts(threads int) []int32 {
	n := len(g.adj)
	deg := make([]int32, n)
	for v := range n {
		deg[v] = int32(g.Degree(int32(v)))
	}
	f, err := NewForward(deg, func(yield func(u, v int32) error) error {
		for _, e := range g.edges {
			if err := yield(e.U, e.V); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		panic("graph: the edges of a Graph disagree with its degrees: " + err.Error()) // an invariant of Graph
	}
	return f.TriangleCounts(threads)
}

// ForEachTriangle calls fn once for every triangle {a, b, c} of g, with the
// indices of its edges {a, b}, {a, c} and {b, c}. Each triangle is found
// from its lowest-ranked node in the order (degree, id) by intersecting
// lists of higher-ranked neighbours, which bounds the work by O(m^1.5) even
// on graphs with hubs.
func (g *Graph) ForEachTriangle(fn func(a, b, c int32, ab, ac, bc int32)) {
	n := len(g.adj)
	higher := func(u, v int32) bool {
		du, dv := g.Degree(u), g.Degree(v)
		return du < dv || (du == dv && u < v)
	}
	// Out-lists of higher-ranked neighbours with the edge indices.
	off := make([]int64, n+1)
	for u := range int32(n) {
		c := 0
		for _, v := range g.Neighbors(u) {
			if higher(u, v) {
				c++
			}
		}
		off[u+1] = off[u] + int64(c)
	}
	out := make([]int32, off[n])
	outEdge := make([]int32, off[n])
	for u := range int32(n) {
		k := off[u]
		ie := g.IncidentEdges(u)
		for i, v := range g.Neighbors(u) {
			if higher(u, v) {
				out[k], outEdge[k] = v, ie[i]
				k++
			}
		}
	}
	mark := make([]int32, n) // edge index + 1 of {u, w} for the current u
	for u := range n {
		ou, eu := out[off[u]:off[u+1]], outEdge[off[u]:off[u+1]]
		if len(ou) < 2 {
			continue
		}
		for i, w := range ou {
			mark[w] = eu[i] + 1
		}
		for i, v := range ou {
			for j, w := range out[off[v]:off[v+1]] {
				if mark[w] != 0 {
					fn(int32(u), v, w, eu[i], mark[w]-1, outEdge[off[v]+int64(j)])
				}
			}
		}
		for _, w := range ou {
			mark[w] = 0
		}
	}
}
