package graph

import (
	"fmt"
	"slices"
)

// sortChunk is the number of nodes whose lists a worker of FromEdges or
// Renumber sorts at a time.
const sortChunk = 4096

// listWorkers returns the number of goroutines that sort the adjacency
// lists of n nodes in chunks of sortChunk when threads are asked for (0 or
// less: one per processor).
func listWorkers(n, threads int) int {
	return Workers(Threads(threads), n/sortChunk+1)
}

// Normalization counts what building a simple undirected graph from a list
// of node pairs had to drop.
type Normalization struct {
	// SelfLoops is the number of pairs {v, v} dropped.
	SelfLoops int
	// Duplicates is the number of pairs dropped because the same pair, in
	// either orientation, came earlier: (a, b) after (a, b) or after (b, a).
	Duplicates int
}

// FromEdges builds a graph on the nodes 0..n-1 from a list of node pairs in
// any orientation and order. Self-loops and repeated pairs are dropped and
// counted. labels, if not nil, gives the label of every node and must have
// length n. The edges get indices in ascending order of (U, V).
//
// It returns an error if a pair names a node outside 0..n-1.
func FromEdges(n int, pairs []Edge, labels []string) (*Graph, Normalization, error) {
	return FromEdgesThreads(n, pairs, labels, 0)
}

// FromEdgesThreads is FromEdges with the adjacency lists sorted by at most
// threads goroutines (0 or less: one per processor). The graph is the same
// for every value.
func FromEdgesThreads(n int, pairs []Edge, labels []string, threads int) (*Graph, Normalization, error) {
	var norm Normalization
	if n < 0 || int64(n) > 1<<31-1 {
		return nil, norm, fmt.Errorf("graph: node count %d out of range", n)
	}
	deg := make([]int32, n)
	for _, p := range pairs {
		if p.U < 0 || int(p.U) >= n || p.V < 0 || int(p.V) >= n {
			return nil, norm, fmt.Errorf("graph: edge {%d, %d} names a node outside 0..%d", p.U, p.V, n-1)
		}
		if p.U == p.V {
			norm.SelfLoops++
			continue
		}
		deg[p.U]++
		deg[p.V]++
	}
	// Every node gets room for its raw neighbours and as many edge positions.
	var total int64
	for _, d := range deg {
		total += 2 * int64(d)
	}
	if total/4 > 1<<31-1 {
		return nil, norm, fmt.Errorf("graph: %d edges exceed the limit of 2^31-1", total/4)
	}
	backing := make([]int32, total)
	start := make([]int64, n+1)
	for v, d := range deg {
		start[v+1] = start[v] + 2*int64(d)
	}
	fill := deg // reuse: fill[v] counts entries written so far
	clear(fill)
	for _, p := range pairs {
		if p.U == p.V {
			continue
		}
		backing[start[p.U]+int64(fill[p.U])] = p.V
		fill[p.U]++
		backing[start[p.V]+int64(fill[p.V])] = p.U
		fill[p.V]++
	}
	g := &Graph{adj: make([][]int32, n)}
	// Sorting the lists is most of the work: the nodes are shared out in
	// chunks among the processors, each counting its own duplicates and
	// edges.
	workers := listWorkers(n, threads)
	dupsOf, mOf := make([]int, workers), make([]int, workers)
	ForChunks(n, sortChunk, workers, func(w, lo, hi int) {
		for v := lo; v < hi; v++ {
			nb := backing[start[v] : start[v]+int64(fill[v])]
			slices.Sort(nb)
			nb = slices.Compact(nb)
			dupsOf[w] += int(fill[v]) - len(nb)
			fill[v] = int32(len(nb))
			i, _ := slices.BinarySearch(nb, int32(v)+1)
			mOf[w] += len(nb) - i
		}
	})
	dups, m := 0, 0
	for w := range workers {
		dups += dupsOf[w]
		m += mOf[w]
	}
	norm.Duplicates = dups / 2
	if dups > 0 {
		// Repeated pairs left gaps: move the lists into an exact backing
		// array so that the graph does not keep the slack.
		compact := make([]int32, 4*m)
		off := int64(0)
		for v := range n {
			copy(compact[off:], backing[start[v]:start[v]+int64(fill[v])])
			start[v] = off
			off += 2 * int64(fill[v])
		}
		backing = compact
	}
	for v := range n {
		d := int64(fill[v])
		g.adj[v] = backing[start[v] : start[v]+2*d : start[v]+2*d]
	}
	g.numberEdges(make([]Edge, 0, m), fill)
	if labels != nil {
		if err := g.SetLabels(labels); err != nil {
			return nil, norm, err
		}
	}
	return g, norm, nil
}

// numberEdges fills g's edge array, in edges (emptied, with room for every
// edge), and the edge positions of the adjacency lists, whose neighbour
// halves must be sorted: edges are numbered in ascending order of (U, V).
// cursor is scratch of one entry per node. Node w meets its smaller
// neighbours v in ascending order of v, which is also the order of w's
// list, so a cursor per node finds the slot of v in w's list without
// searching.
func (g *Graph) numberEdges(edges []Edge, cursor []int32) {
	g.edges = edges[:0]
	clear(cursor) // cursor[w] = next smaller neighbour slot of w
	for v := range g.adj {
		a := g.adj[v]
		d := len(a) / 2
		for i, w := range a[:d] {
			if int32(v) < w {
				e := int32(len(g.edges))
				g.edges = append(g.edges, Edge{int32(v), w})
				a[d+i] = e
				b := g.adj[w]
				b[len(b)/2+int(cursor[w])] = e
				cursor[w]++
			}
		}
	}
}
