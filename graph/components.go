package graph

// Components labels the connected components of g. It returns, for every
// node, the index of its component, and the size of every component.
// Components are numbered in order of their smallest node.
func (g *Graph) Components() (comp []int32, sizes []int) {
	n := len(g.adj)
	order, _, starts := breadthFirst(n, func(u int32, visit func(int32)) {
		for _, w := range g.Neighbors(u) {
			visit(w)
		}
	})
	comp = make([]int32, n)
	sizes = make([]int, len(starts))
	for c, s := range starts {
		end := n
		if c+1 < len(starts) {
			end = starts[c+1]
		}
		for _, v := range order[s:end] {
			comp[v] = int32(c)
		}
		sizes[c] = end - s
	}
	return comp, sizes
}

// breadthFirst numbers the nodes 0..n−1 in breadth-first order: it
// searches from every node not yet reached, in ascending order of id, to
// the end of its component before the next, and reaches the neighbours of
// a node in the order in which neighbours(u, visit) calls visit on them.
// It returns order, the nodes in the order reached; pos, every node's
// place in it; and starts, the place of every search's root, ascending:
// the nodes of one connected component are order[starts[c]:starts[c+1]].
func breadthFirst(n int, neighbours func(u int32, visit func(v int32))) (order, pos []int32, starts []int) {
	pos = make([]int32, n)
	for v := range pos {
		pos[v] = -1
	}
	order = make([]int32, 0, n)
	visit := func(v int32) {
		if pos[v] < 0 {
			pos[v] = int32(len(order))
			order = append(order, v)
		}
	}
	for root := range int32(n) {
		if pos[root] >= 0 {
			continue
		}
		starts = append(starts, len(order))
		visit(root)
		for head := starts[len(starts)-1]; head < len(order); head++ {
			neighbours(order[head], visit)
		}
	}
	return order, pos, starts
}
