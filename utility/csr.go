package utility

import "github.com/anonet-project/anonet/graph"

// csr is a read-only copy of a graph's adjacency in compressed sparse row
// form: the neighbours of v, in ascending order, are adj[off[v]:off[v+1]].
// Breadth-first searches run several times faster over one contiguous array
// than over a slice per node.
type csr struct {
	off []int
	adj []int32
}

func newCSR(g *graph.Graph) *csr {
	n := g.NumNodes()
	c := &csr{off: make([]int, n+1), adj: make([]int32, 0, 2*g.NumEdges())}
	for v := range n {
		c.adj = append(c.adj, g.Neighbors(int32(v))...)
		c.off[v+1] = len(c.adj)
	}
	return c
}

func (c *csr) numNodes() int { return len(c.off) - 1 }

func (c *csr) neighbors(v int32) []int32 { return c.adj[c.off[v]:c.off[v+1]] }
