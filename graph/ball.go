package graph

import (
	"math/bits"
	"slices"

	"github.com/anonet-project/anonet/internal/marks"
)

// Ball is the d-neighbourhood of a node: the nodes within distance d of a
// centre and the subgraph they induce, in compact local form. A Ball is a
// reusable buffer: filling it again reuses its memory, so extracting balls
// allocates nothing once the buffers have grown. A Ball must not be used by
// two goroutines at once.
type Ball struct {
	// Nodes lists the graph ids of the ball's nodes in breadth-first
	// order; Nodes[0] is the centre. The local id of Nodes[i] is i.
	Nodes []int32
	// Dist[i] is the distance of Nodes[i] from the centre; it is
	// nondecreasing.
	Dist []int32
	// Off and Adj hold the induced subgraph in compressed sparse row form
	// over local ids: the neighbours of local node i are Adj[Off[i]:Off[i+1]].
	// They are filled only by Graph.Ball, not by Graph.BallNodes or
	// Graph.BallDegrees.
	Off []int32
	Adj []int32
	// Lower[i], Same[i] and Higher[i] count the neighbours of local node i
	// inside the ball at a smaller, the same and a larger distance from the
	// centre: the layered degrees of i in the induced subgraph. They are
	// filled only by Graph.BallDegrees.
	Lower, Same, Higher []int32

	// local[x] is the local id of graph node x, valid when x is in the
	// ball. The nodes of the ball are marked, at level 0 inside distance d
	// and at level 1 in its outer layer (distance exactly d), so that one
	// load tells whether a neighbour is in the outer layer.
	local []int32
	marks marks.Set
	// sorted is scratch for Graph.Ball: the ball's nodes in ascending order.
	sorted []int32
}

// reset prepares the scratch arrays for a graph with n nodes.
func (b *Ball) reset(n int) {
	if len(b.local) < n {
		b.local = make([]int32, n)
	}
	b.marks.Reset(n, 2)
	b.Nodes = b.Nodes[:0]
	b.Dist = b.Dist[:0]
	b.Off = b.Off[:0]
	b.Adj = b.Adj[:0]
	b.Lower = b.Lower[:0]
	b.Same = b.Same[:0]
	b.Higher = b.Higher[:0]
}

// in reports whether graph node x is in the ball being filled.
func (b *Ball) in(x int32) bool { return b.marks.Marked(x) }

// Contains reports whether graph node x is in the ball filled last.
func (b *Ball) Contains(x int32) bool {
	return int(x) < b.marks.Len() && b.in(x)
}

// Local returns the local id of graph node x and whether x is in the ball.
func (b *Ball) Local(x int32) (int32, bool) {
	if !b.Contains(x) {
		return 0, false
	}
	return b.local[x], true
}

// Size returns the number of nodes in the ball.
func (b *Ball) Size() int { return len(b.Nodes) }

// BallNodes fills b with the nodes within distance d of v (without the
// induced edges) and returns b. If b is nil a new Ball is allocated.
func (g *Graph) BallNodes(v int32, d int, b *Ball) *Ball {
	b, _ = g.bfs(v, d, b, false)
	return b
}

// BallDegrees fills b with the nodes within distance d of v and, for every
// one of them, its layered degrees in the induced subgraph (Ball.Lower,
// Ball.Same, Ball.Higher), and returns b. If b is nil a new Ball is
// allocated. It does not build the induced subgraph: the edges of the nodes
// inside distance d are classified during the breadth-first search that
// finds the ball, which also counts the neighbours that the nodes of the
// outer layer (distance exactly d) have nearer the centre. A node y of the
// outer layer then counts its neighbours in that layer by testing the
// stamp of every node of its adjacency list (one load each) or, when the
// list is long compared to the layer (a hub seen from afar), by looking
// every node of the layer up in its sorted list; a node whose neighbours
// are all nearer the centre is skipped. The counts equal those of the
// subgraph Graph.Ball builds.
func (g *Graph) BallDegrees(v int32, d int, b *Ball) *Ball {
	b, outer := g.bfs(v, d, b, true)
	layer := b.Nodes[outer:]
	seen, stamp := b.marks.Stamps(1) // the outer layer's stamp
	for i := outer; i < len(b.Nodes); i++ {
		y := b.Nodes[i]
		nb := g.Neighbors(y)
		if len(nb) == int(b.Lower[i]) {
			continue // every neighbour is nearer the centre
		}
		same := int32(0)
		if len(nb) > bits.Len(uint(len(nb)))*len(layer) {
			for _, z := range layer {
				if _, ok := slices.BinarySearch(nb, z); ok {
					same++
				}
			}
		} else {
			for _, z := range nb {
				hit := int32(0) // without a branch: hits are unpredictable
				if seen[z] == stamp {
					hit = 1
				}
				same += hit
			}
		}
		b.Same[i] = same
	}
	return b
}

// bfs fills b with the nodes within distance d of v in breadth-first order
// and returns b and the local id where the outer layer (the nodes at
// distance d, whose adjacency lists the search does not read) begins. With
// layers set it also counts, in Lower, Same and Higher, the neighbours that
// the nodes inside distance d have at every distance, and for the nodes of
// the outer layer their neighbours nearer the centre.
func (g *Graph) bfs(v int32, d int, b *Ball, layers bool) (*Ball, int) {
	if b == nil {
		b = new(Ball)
	}
	b.reset(len(g.adj))
	add := func(x, dist int32) {
		if int(dist) == d {
			b.marks.MarkLevel(x, 1)
		} else {
			b.marks.Mark(x)
		}
		b.local[x] = int32(len(b.Nodes))
		b.Nodes = append(b.Nodes, x)
		b.Dist = append(b.Dist, dist)
		if layers {
			b.Lower = append(b.Lower, 0)
			b.Same = append(b.Same, 0)
			b.Higher = append(b.Higher, 0)
		}
	}
	add(v, 0)
	h := 0
	for ; h < len(b.Nodes); h++ {
		x, dx := b.Nodes[h], b.Dist[h]
		if int(dx) >= d {
			break
		}
		for _, y := range g.Neighbors(x) {
			if !b.in(y) {
				add(y, dx+1)
			}
			if !layers {
				continue
			}
			j := b.local[y]
			switch dy := b.Dist[j]; {
			case dy < dx:
				b.Lower[h]++
			case dy == dx:
				b.Same[h]++
			default:
				b.Higher[h]++
				if int(dy) == d { // outer nodes are not scanned themselves
					b.Lower[j]++
				}
			}
		}
	}
	return b, h
}

// Ball fills b with the d-neighbourhood of v, with its induced subgraph, and
// returns b. If b is nil a new Ball is allocated. Local adjacency lists are
// in the order of the graph's adjacency lists (ascending graph id).
//
// A node of the outer layer whose list is much longer than the ball (a hub
// next to a small neighbourhood) is intersected with the ball's nodes in
// ascending order instead of scanned: on web graphs most of the time of
// d-k-anonymity went into reading hubs' lists for the few of their
// neighbours that lie in a small ball.
func (g *Graph) Ball(v int32, d int, b *Ball) *Ball {
	b, outer := g.bfs(v, d, b, false)
	b.Off = append(b.Off, 0)
	sorted := false // b.sorted holds the ball's nodes in ascending order
	for i, x := range b.Nodes {
		nb := g.Neighbors(x)
		if i >= outer && len(nb) > 16*len(b.Nodes) {
			if !sorted {
				b.sorted = append(b.sorted[:0], b.Nodes...)
				slices.Sort(b.sorted)
				sorted = true
			}
			Intersect(b.sorted, nb, func(j, _ int) { b.Adj = append(b.Adj, b.local[b.sorted[j]]) })
		} else {
			for _, y := range nb {
				if b.in(y) {
					b.Adj = append(b.Adj, b.local[y])
				}
			}
		}
		b.Off = append(b.Off, int32(len(b.Adj)))
	}
	return b
}

// NumEdges returns the number of edges of the induced subgraph filled by
// Graph.Ball.
func (b *Ball) NumEdges() int { return len(b.Adj) / 2 }
