package utility

import (
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// csr is a read-only copy of a graph's adjacency in compressed sparse row
// form: the neighbours of v, in ascending order, are adj[off[v]:off[v+1]].
// Breadth-first searches run several times faster over one contiguous array
// than over a slice per node.
type csr struct {
	off      []int
	adj      []int32
	directed bool // adj holds the arcs out of every node (newPathCSR)
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

// newPathCSR returns the adjacency that shortest paths follow: on a
// directed graph the arcs out of every node (in any layer), so that
// distances and betweenness are those of reachability, as igraph's
// directed versions; on any other graph every neighbour.
func newPathCSR(g *graph.Graph) *csr {
	if !g.Directed() {
		return newCSR(g)
	}
	n := g.NumNodes()
	c := &csr{off: make([]int, n+1), adj: make([]int32, 0, g.NumEdges()), directed: true}
	for v := range int32(n) {
		for i, w := range g.Neighbors(v) {
			if g.IncidentKind(v, i).Outgoing() {
				c.adj = append(c.adj, w)
			}
		}
		c.off[v+1] = len(c.adj)
	}
	return c
}

func (c *csr) numNodes() int { return len(c.off) - 1 }

func (c *csr) neighbors(v int32) []int32 { return c.adj[c.off[v]:c.off[v+1]] }

// bfsOrdered returns a copy of c whose nodes are renumbered in the order in
// which breadth-first searches visit them (component after component, each
// from its smallest node), and perm with perm[v] the new number of node v.
// Neighbours stay sorted. Nodes found together get nearby numbers, so the
// arrays a search reads and writes at random are touched in clusters; on a
// 10^6-edge Barabási–Albert graph this makes a Brandes search about twice
// as fast on the test machine, whose random accesses beyond its 2 MB L2
// cache cost about 90 ns. (It does not help on Erdős–Rényi graphs, which
// have no locality to find.)
func (c *csr) bfsOrdered() (*csr, []int32) {
	n := c.numNodes()
	const unseen = -1
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = unseen
	}
	order := make([]int32, 0, n)
	for s := range n {
		if perm[s] != unseen {
			continue
		}
		perm[s] = int32(len(order))
		order = append(order, int32(s))
		for h := len(order) - 1; h < len(order); h++ {
			for _, u := range c.neighbors(order[h]) {
				if perm[u] == unseen {
					perm[u] = int32(len(order))
					order = append(order, u)
				}
			}
		}
	}
	d := &csr{off: make([]int, n+1), adj: make([]int32, len(c.adj)), directed: c.directed}
	for i, v := range order {
		lo := d.off[i]
		nb := d.adj[lo : lo+len(c.neighbors(v))]
		for j, u := range c.neighbors(v) {
			nb[j] = perm[u]
		}
		slices.Sort(nb)
		d.off[i+1] = lo + len(nb)
	}
	return d, perm
}
