package graph

import (
	"sync"
	"sync/atomic"
)

// TriangleCounts returns the number of triangles through every node, using
// up to threads goroutines (threads < 1 means one). Each triangle is found
// once, from its lowest-ranked node in the order (degree, id), which bounds
// the work by O(m^1.5) even on graphs with hubs.
func (g *Graph) TriangleCounts(threads int) []int32 {
	n := len(g.adj)
	tri := make([]int32, n)
	if n == 0 {
		return tri
	}
	// Out-lists: neighbours of higher rank, in ascending id order.
	higher := func(u, v int32) bool {
		du, dv := g.Degree(u), g.Degree(v)
		return du < dv || (du == dv && u < v)
	}
	off := make([]int64, n+1)
	for u := range n {
		c := 0
		for _, v := range g.Neighbors(int32(u)) {
			if higher(int32(u), v) {
				c++
			}
		}
		off[u+1] = off[u] + int64(c)
	}
	out := make([]int32, off[n])
	for u := range n {
		k := off[u]
		for _, v := range g.Neighbors(int32(u)) {
			if higher(int32(u), v) {
				out[k] = v
				k++
			}
		}
	}
	if threads < 1 {
		threads = 1
	}
	if threads > n {
		threads = n
	}
	var next atomic.Int64
	const chunk = 256
	work := func(add func(v int32)) {
		mark := make([]int32, n)
		for {
			lo := int(next.Add(chunk)) - chunk
			if lo >= n {
				return
			}
			hi := min(lo+chunk, n)
			for u := lo; u < hi; u++ {
				ou := out[off[u]:off[u+1]]
				if len(ou) < 2 {
					continue
				}
				for _, v := range ou {
					mark[v] = int32(u) + 1
				}
				for _, v := range ou {
					for _, w := range out[off[v]:off[v+1]] {
						if mark[w] == int32(u)+1 {
							add(int32(u))
							add(v)
							add(w)
						}
					}
				}
			}
		}
	}
	if threads == 1 {
		work(func(v int32) { tri[v]++ })
		return tri
	}
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			work(func(v int32) { atomic.AddInt32(&tri[v], 1) })
		})
	}
	wg.Wait()
	return tri
}

// ForEachTriangle calls fn once for every triangle {a, b, c} of g, with the
// indices of its edges {a, b}, {a, c} and {b, c}. Triangles are listed from
// their lowest-ranked node in the order (degree, id), in O(m^1.5) time.
func (g *Graph) ForEachTriangle(fn func(a, b, c int32, ab, ac, bc int32)) {
	n := len(g.adj)
	higher := func(u, v int32) bool {
		du, dv := g.Degree(u), g.Degree(v)
		return du < dv || (du == dv && u < v)
	}
	mark := make([]int32, n) // edge index + 1 of {u, w} for the current u
	for u := range int32(n) {
		nu, eu := g.Neighbors(u), g.IncidentEdges(u)
		for i, v := range nu {
			if higher(u, v) {
				mark[v] = eu[i] + 1
			}
		}
		for i, v := range nu {
			if !higher(u, v) {
				continue
			}
			nv, ev := g.Neighbors(v), g.IncidentEdges(v)
			for j, w := range nv {
				if mark[w] != 0 && higher(v, w) {
					fn(u, v, w, eu[i], mark[w]-1, ev[j])
				}
			}
		}
		for _, v := range nu {
			mark[v] = 0
		}
	}
}
