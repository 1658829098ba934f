package graph

// Components labels the connected components of g. It returns, for every
// node, the index of its component, and the size of every component.
// Components are numbered in order of their smallest node.
func (g *Graph) Components() (comp []int32, sizes []int) {
	n := len(g.adj)
	comp = make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	queue := make([]int32, 0, 64)
	for s := range n {
		if comp[s] >= 0 {
			continue
		}
		c := int32(len(sizes))
		comp[s] = c
		queue = append(queue[:0], int32(s))
		for h := 0; h < len(queue); h++ {
			for _, w := range g.Neighbors(queue[h]) {
				if comp[w] < 0 {
					comp[w] = c
					queue = append(queue, w)
				}
			}
		}
		sizes = append(sizes, len(queue))
	}
	return comp, sizes
}
