package graph

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
	// They are filled only by Graph.Ball, not by Graph.BallNodes.
	Off []int32
	Adj []int32

	// local[x] is the local id of graph node x, valid when seen[x] == epoch.
	local []int32
	seen  []uint32
	epoch uint32
}

// reset prepares the scratch arrays for a graph with n nodes.
func (b *Ball) reset(n int) {
	if len(b.seen) < n {
		b.seen = make([]uint32, n)
		b.local = make([]int32, n)
		b.epoch = 0
	}
	b.epoch++
	if b.epoch == 0 { // wrapped around: old stamps could look current
		clear(b.seen)
		b.epoch = 1
	}
	b.Nodes = b.Nodes[:0]
	b.Dist = b.Dist[:0]
	b.Off = b.Off[:0]
	b.Adj = b.Adj[:0]
}

// Contains reports whether graph node x is in the ball filled last.
func (b *Ball) Contains(x int32) bool {
	return int(x) < len(b.seen) && b.seen[x] == b.epoch
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
	if b == nil {
		b = new(Ball)
	}
	b.reset(len(g.adj))
	b.seen[v] = b.epoch
	b.local[v] = 0
	b.Nodes = append(b.Nodes, v)
	b.Dist = append(b.Dist, 0)
	for h := 0; h < len(b.Nodes); h++ {
		x, dx := b.Nodes[h], b.Dist[h]
		if int(dx) >= d {
			break
		}
		for _, y := range g.Neighbors(x) {
			if b.seen[y] != b.epoch {
				b.seen[y] = b.epoch
				b.local[y] = int32(len(b.Nodes))
				b.Nodes = append(b.Nodes, y)
				b.Dist = append(b.Dist, dx+1)
			}
		}
	}
	return b
}

// Ball fills b with the d-neighbourhood of v, with its induced subgraph, and
// returns b. If b is nil a new Ball is allocated. Local adjacency lists are
// in the order of the graph's adjacency lists (ascending graph id).
func (g *Graph) Ball(v int32, d int, b *Ball) *Ball {
	b = g.BallNodes(v, d, b)
	b.Off = append(b.Off, 0)
	for _, x := range b.Nodes {
		for _, y := range g.Neighbors(x) {
			if b.seen[y] == b.epoch {
				b.Adj = append(b.Adj, b.local[y])
			}
		}
		b.Off = append(b.Off, int32(len(b.Adj)))
	}
	return b
}

// NumEdges returns the number of edges of the induced subgraph filled by
// Graph.Ball.
func (b *Ball) NumEdges() int { return len(b.Adj) / 2 }
