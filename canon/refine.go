package canon

import "slices"

// initPartition sets up the ordered partition of the vertices by colour value
// (cells in increasing colour order) and queues every cell as a splitter.
func (c *Canonizer) initPartition() {
	n := c.n
	c.plab = grow32(c.plab, n)
	c.ppos = grow32(c.ppos, n)
	c.cellOf = grow32(c.cellOf, n)
	c.cellEnd = grow32(c.cellEnd, n)
	c.cnt = grow32(c.cnt, n)
	c.tcount = grow32(c.tcount, n)
	clear(c.cnt)
	clear(c.tcount)
	if cap(c.inQueue) < n {
		c.inQueue = make([]bool, n, n+n/4+8)
	}
	c.inQueue = c.inQueue[:n]
	clear(c.inQueue)
	c.trail = c.trail[:0]
	c.qs, c.qn = c.qs[:0], c.qn[:0]
	c.qsHead, c.qnHead = 0, 0
	plab, ppos, cellOf := c.plab, c.ppos, c.cellOf
	col := c.gcol
	if col == nil {
		for v := range plab {
			plab[v] = int32(v)
			ppos[v] = int32(v)
			cellOf[v] = 0
		}
		c.cellEnd[0] = int32(n)
		c.ncells = 1
		c.enqueue(0)
		return
	}
	lo, hi := col[0], col[0]
	for _, x := range col[:n] {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	if int64(hi)-int64(lo) < int64(n) {
		// Counting sort by colour; cnt doubles as the bucket array.
		b := c.cnt
		for _, x := range col[:n] {
			b[x-lo]++
		}
		s := int32(0)
		for i := range b {
			k := b[i]
			b[i] = s
			s += k
		}
		for v, x := range col[:n] {
			p := b[x-lo]
			b[x-lo]++
			plab[p] = int32(v)
			ppos[v] = p
		}
		clear(b)
	} else {
		keys := c.keys[:0]
		for v, x := range col[:n] {
			keys = append(keys, uint64(uint32(x)^0x80000000)<<32|uint64(v))
		}
		slices.Sort(keys)
		for i, k := range keys {
			v := int32(uint32(k))
			plab[i] = v
			ppos[v] = int32(i)
		}
		c.keys = keys[:0]
	}
	c.ncells = 0
	start := int32(0)
	for i := int32(0); i < int32(n); i++ {
		v := plab[i]
		if i > start && col[v] != col[plab[start]] {
			c.cellEnd[start] = i
			c.ncells++
			start = i
		}
		cellOf[v] = start
	}
	c.cellEnd[start] = int32(n)
	c.ncells++
	for p := int32(0); p < int32(n); p = c.cellEnd[p] {
		c.enqueue(p)
	}
}

// enqueue adds the cell starting at x to the splitter queue.
func (c *Canonizer) enqueue(x int32) {
	c.inQueue[x] = true
	if c.cellEnd[x]-x == 1 {
		c.qs = append(c.qs, x)
	} else {
		c.qn = append(c.qn, x)
	}
}

// emit records one event of the refinement trace and compares it with the
// first and the best path at the same level.
func (c *Canonizer) emit(e uint64) {
	if !c.tracing {
		return
	}
	c.curTr = append(c.curTr, e)
	if !c.haveFirst {
		return
	}
	i := c.evIdx
	c.evIdx++
	if c.eqFirst && (i >= len(c.fseg) || c.fseg[i] != e) {
		c.eqFirst = false
	}
	if c.cmpBest == 0 {
		switch {
		case i >= len(c.bseg) || e > c.bseg[i]:
			c.cmpBest = 1
		case e < c.bseg[i]:
			c.cmpBest = -1
		}
	}
}

// doomed reports whether the node being refined can be pruned: its trace
// differs from the first path's and is smaller than the best path's.
func (c *Canonizer) doomed() bool {
	return c.tracing && c.haveFirst && !c.eqFirst && c.cmpBest < 0
}

// refine refines the partition to the coarsest equitable partition finer
// than it, using the queued cells as splitters (Hopcroft's "all but the
// largest fragment" rule). Every choice depends only on positions, sizes and
// neighbour counts, never on vertex numbers, so the result is invariant under
// relabeling. It returns false, leaving a partly refined partition, when the
// trace shows that the node can be pruned. It stops early once the partition
// is discrete.
func (c *Canonizer) refine() bool {
	ok := true
	for c.ncells < c.n {
		var x int32
		if c.qsHead < len(c.qs) {
			x = c.qs[c.qsHead]
			c.qsHead++
		} else if c.qnHead < len(c.qn) {
			x = c.qn[c.qnHead]
			c.qnHead++
		} else {
			break
		}
		c.inQueue[x] = false
		if c.cellEnd[x]-x == 1 {
			c.splitBySingleton(x)
		} else {
			c.splitByCell(x)
		}
		if c.doomed() {
			ok = false
			break
		}
	}
	for _, x := range c.qs[c.qsHead:] {
		c.inQueue[x] = false
	}
	for _, x := range c.qn[c.qnHead:] {
		c.inQueue[x] = false
	}
	c.qs, c.qn = c.qs[:0], c.qn[:0]
	c.qsHead, c.qnHead = 0, 0
	return ok
}

// moveToEnd moves vertex u, a member of the cell starting at y, into the
// block of touched vertices at the end of that cell.
func (c *Canonizer) moveToEnd(u, y int32) {
	k := c.tcount[y]
	if k == 0 {
		c.touchedC = append(c.touchedC, y)
	}
	p := c.cellEnd[y] - 1 - k
	pu := c.ppos[u]
	v := c.plab[p]
	c.plab[p] = u
	c.ppos[u] = p
	c.plab[pu] = v
	c.ppos[v] = pu
	c.tcount[y] = k + 1
}

// splitBySingleton splits every cell by adjacency to the vertex of the
// singleton cell x: the neighbours form a new cell at the end.
func (c *Canonizer) splitBySingleton(x int32) {
	w := c.plab[x]
	for _, u := range c.adj[c.off[w]:c.off[w+1]] {
		y := c.cellOf[u]
		if c.cellEnd[y]-y == 1 {
			continue
		}
		c.moveToEnd(u, y)
	}
	tc := c.touchedC
	if len(tc) > 1 {
		slices.Sort(tc)
	}
	for _, y := range tc {
		t := c.tcount[y]
		c.tcount[y] = 0
		e := c.cellEnd[y]
		if t == e-y {
			continue
		}
		f := e - t
		c.cellEnd[y] = f
		c.cellEnd[f] = e
		for p := f; p < e; p++ {
			c.cellOf[c.plab[p]] = f
		}
		c.trail = append(c.trail, f)
		c.ncells++
		if c.inQueue[y] || t <= f-y {
			c.enqueue(f)
		} else {
			c.enqueue(y)
		}
		c.emit(uint64(f)<<32 | uint64(y))
	}
	c.touchedC = tc[:0]
}

// splitByCell splits every cell by the number of neighbours in cell x.
// Fragments are ordered by increasing count.
func (c *Canonizer) splitByCell(x int32) {
	tv := c.touchedV
	for p, e := x, c.cellEnd[x]; p < e; p++ {
		w := c.plab[p]
		for _, u := range c.adj[c.off[w]:c.off[w+1]] {
			if y := c.cellOf[u]; c.cellEnd[y]-y == 1 {
				continue
			}
			if c.cnt[u] == 0 {
				tv = append(tv, u)
			}
			c.cnt[u]++
		}
	}
	for _, u := range tv {
		c.moveToEnd(u, c.cellOf[u])
	}
	tc := c.touchedC
	if len(tc) > 1 {
		slices.Sort(tc)
	}
	for _, y := range tc {
		t := c.tcount[y]
		c.tcount[y] = 0
		e := c.cellEnd[y]
		size := e - y
		r := c.plab[e-t : e]
		if t == size {
			c0 := c.cnt[r[0]]
			uniform := true
			for _, u := range r[1:] {
				if c.cnt[u] != c0 {
					uniform = false
					break
				}
			}
			if uniform {
				continue
			}
		}
		c.sortByCnt(r)
		for i, u := range r {
			c.ppos[u] = e - t + int32(i)
		}
		frag := c.frag[:0]
		if t < size {
			frag = append(frag, y)
		}
		prev := int32(-1)
		for i, u := range r {
			if k := c.cnt[u]; i == 0 || k != prev {
				frag = append(frag, e-t+int32(i))
				prev = k
			}
		}
		frag = append(frag, e) // sentinel
		largest, lsize := 0, int32(-1)
		for i := 0; i+1 < len(frag); i++ {
			if s := frag[i+1] - frag[i]; s > lsize {
				largest, lsize = i, s
			}
		}
		for i := 0; i+1 < len(frag); i++ {
			s, end := frag[i], frag[i+1]
			c.cellEnd[s] = end
			k := int32(0)
			if s >= e-t {
				k = c.cnt[c.plab[s]]
			}
			if i > 0 {
				for p := s; p < end; p++ {
					c.cellOf[c.plab[p]] = s
				}
				c.trail = append(c.trail, s)
				c.ncells++
			}
			c.emit(uint64(s)<<32 | uint64(uint32(k)))
		}
		inQ := c.inQueue[y]
		for i := 0; i+1 < len(frag); i++ {
			if i == 0 {
				if !inQ && largest != 0 {
					c.enqueue(y)
				}
			} else if inQ || i != largest {
				c.enqueue(frag[i])
			}
		}
		c.frag = frag[:0]
	}
	for _, u := range tv {
		c.cnt[u] = 0
	}
	c.touchedV = tv[:0]
	c.touchedC = tc[:0]
}

// sortByCnt sorts r by increasing neighbour count.
func (c *Canonizer) sortByCnt(r []int32) {
	cnt := c.cnt
	if len(r) <= 24 {
		for i := 1; i < len(r); i++ {
			u := r[i]
			k := cnt[u]
			j := i
			for j > 0 && cnt[r[j-1]] > k {
				r[j] = r[j-1]
				j--
			}
			r[j] = u
		}
		return
	}
	keys := c.keys[:0]
	for _, u := range r {
		keys = append(keys, uint64(uint32(cnt[u]))<<32|uint64(uint32(u)))
	}
	slices.Sort(keys)
	for i, k := range keys {
		r[i] = int32(uint32(k))
	}
	c.keys = keys[:0]
}

// individualize splits vertex w off the cell [cs, ce) as a singleton cell at
// its end and queues it as a splitter.
func (c *Canonizer) individualize(w, cs, ce int32) {
	p, q := c.ppos[w], ce-1
	if p != q {
		v := c.plab[q]
		c.plab[q] = w
		c.ppos[w] = q
		c.plab[p] = v
		c.ppos[v] = p
	}
	c.cellEnd[cs] = q
	c.cellEnd[q] = ce
	c.cellOf[w] = q
	c.trail = append(c.trail, q)
	c.ncells++
	c.enqueue(q)
}

// undo merges cells back until the trail has length mark. The partition
// regains the same cells (as sets); the order inside cells may differ.
func (c *Canonizer) undo(mark int) {
	for len(c.trail) > mark {
		f := c.trail[len(c.trail)-1]
		c.trail = c.trail[:len(c.trail)-1]
		p := c.cellOf[c.plab[f-1]]
		e := c.cellEnd[f]
		for q := f; q < e; q++ {
			c.cellOf[c.plab[q]] = p
		}
		c.cellEnd[p] = e
		c.ncells--
	}
}
