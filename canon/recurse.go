package canon

// nodeRecurse applies component recursion at a search node (Junttila and
// Kaski 2011). Relative to the node's equitable partition, edges at
// singleton cells carry no information and the edges between two cells that
// are joined densely can be replaced by the non-edges, as at the root (see
// reduce). When what remains of the non-singleton cells falls apart into
// several components, each is canonicalized separately (coloured by the
// node's cells) and the node gets a single child: the discrete partition that
// orders every cell by the sorted canonical components. That leaf is
// canonical for the node, so the search stays exact; the automorphisms of
// the node are then not searched for, and on the first path their number is
// taken from the components.
//
// It reports whether the partition was made discrete.
func (c *Canonizer) nodeRecurse() bool {
	if c.opts&noNodeRecursion != 0 || c.depth >= maxDecompDepth {
		return false
	}
	n := c.n
	off, adj := c.off, c.adj
	cellOf, cellEnd := c.cellOf, c.cellEnd
	cc := c.tcount // zero outside refinement
	c.mark.Reset(n, 1)
	noff := grow32(c.noff, n+1)
	nadj := c.nadj[:0]
	noff[0] = 0
	for v := int32(0); v < int32(n); v++ {
		cv := cellOf[v]
		if cellEnd[cv]-cv == 1 {
			noff[v+1] = int32(len(nadj))
			continue
		}
		nb := adj[off[v]:off[v+1]]
		for _, u := range nb {
			if y := cellOf[u]; cellEnd[y]-y > 1 {
				cc[y]++
			}
		}
		dense := func(y int32) bool {
			full := cellEnd[y] - y
			if y == cv {
				full--
			}
			return 2*cc[y] > full
		}
		for _, u := range nb {
			if y := cellOf[u]; cellEnd[y]-y > 1 && !dense(y) {
				nadj = append(nadj, u)
			}
		}
		c.mark.Next()
		for _, u := range nb {
			c.mark.Mark(u)
		}
		for _, u := range nb {
			y := cellOf[u]
			if cc[y] == 0 || cellEnd[y]-y == 1 {
				continue
			}
			if dense(y) {
				for _, w := range c.plab[y:cellEnd[y]] {
					if w != v && !c.mark.Marked(w) {
						nadj = append(nadj, w)
					}
				}
			}
			cc[y] = 0
		}
		noff[v+1] = int32(len(nadj))
	}
	c.noff, c.nadj = noff, nadj
	nc := c.componentsOf(noff, nadj, c.inSingleton)
	if nc < 2 {
		return false
	}
	m := len(c.order)
	out := grow32(c.nlab, m)
	c.nlab = out
	c.canonComponents(noff, nadj, nc, out, !c.haveFirst)
	c.stats.recursions++
	// Order every non-singleton cell by the canonical order of the
	// components, then split it into singletons.
	for _, v := range out {
		y := cellOf[v]
		p := y + cc[y]
		cc[y]++
		c.plab[p] = v
		c.ppos[v] = p
	}
	for _, v := range out {
		cc[cellOf[v]] = 0
	}
	for p := int32(0); p < int32(n); {
		e := cellEnd[p]
		if e-p > 1 {
			for q := p + 1; q < e; q++ {
				cellEnd[q] = q + 1
				cellOf[c.plab[q]] = q
				c.trail = append(c.trail, q)
			}
			cellEnd[p] = p + 1
			c.ncells += int(e - p - 1)
		}
		p = e
	}
	return true
}

// inSingleton reports whether v is alone in its cell.
func (c *Canonizer) inSingleton(v int32) bool {
	y := c.cellOf[v]
	return c.cellEnd[y]-y == 1
}
