package canon

import "slices"

// node is a node of the search tree: an equitable partition reached from the
// root by individualizing the vertices of the nodes below it on the stack.
type node struct {
	cs, ce int32 // target cell [cs, ce)
	coff   int32 // its members (the candidate children) are c.cands[coff:coff+clen]
	clen   int32
	cnum   int32 // candidates not yet pruned: c.cands[coff:coff+cnum]
	ne     int32 // candidates explored: c.cands[coff:coff+ne]
	trail  int32 // trail length of this node's partition
	trEnd  int32 // trace length at the end of this node's refinement
	vtx    int32 // child being explored
	id     int
	first  bool // on the first path
	// Number of cells when component recursion was last tried on the path.
	recCells int32
	// Relation of this node's trace path to the first and to the best path.
	eqFirst bool
	cmpBest int8
}

// search runs the individualization-refinement search from the root
// partition (equitable, not discrete) and leaves the canonical labeling in
// c.lab. The canonical leaf is the greatest leaf by (trace path, relabeled
// graph); both are invariant, so the result is canonical whatever subtrees
// the automorphism pruning skips.
func (c *Canonizer) search() {
	n := c.n
	c.tracing = true
	c.haveFirst = false
	c.eqFirst, c.cmpBest = true, 0
	c.ngens = 0
	c.gens = c.gens[:0]
	c.curTr = c.curTr[:0]
	c.stack = c.stack[:0]
	c.cands = c.cands[:0]
	c.ufOwner = -1
	c.uf.Reset(n)
	c.twinDiscretize()
	if c.ncells == n || c.nodeRecurse() {
		copy(c.lab, c.plab)
		return
	}
	c.pushNode(int32(c.ncells))
	for len(c.stack) > 0 {
		k := len(c.stack) - 1
		c.undo(int(c.stack[k].trail))
		w, ok := c.nextChild(k)
		nd := &c.stack[k]
		if !ok {
			if nd.first {
				c.orbitFactor(k)
			}
			c.cands = c.cands[:nd.coff]
			c.stack = c.stack[:k]
			continue
		}
		nd.vtx = w
		c.curTr = c.curTr[:nd.trEnd]
		c.individualize(w, nd.cs, nd.ce)
		c.beginLevel(k+1, nd.eqFirst, nd.cmpBest)
		c.stats.nodes++
		if !c.refine() {
			continue
		}
		c.twinDiscretize()
		if !c.endLevel() {
			continue
		}
		// Component recursion is tried when the number of cells has at
		// least doubled since the last try on the path: a function of the
		// path, hence invariant, and cheap on average.
		rec := c.stack[k].recCells
		try := c.ncells < n && int32(c.ncells) >= 2*rec
		if try {
			rec = int32(c.ncells)
		}
		if c.ncells == n || try && c.nodeRecurse() {
			if j := c.leaf(k + 1); j >= 0 && j+1 < len(c.stack) {
				c.cands = c.cands[:c.stack[j+1].coff]
				c.stack = c.stack[:j+1]
			}
			continue
		}
		c.pushNode(rec)
	}
	if c.bestIsFirst {
		copy(c.lab, c.firstLab)
	} else {
		copy(c.lab, c.bestLab)
	}
	c.stats.generators += c.ngens
}

// pushNode pushes the current partition as a new node of the search tree;
// rec is the number of cells at the last try of component recursion on its
// path.
func (c *Canonizer) pushNode(rec int32) {
	cs, ce := c.targetCell()
	coff := int32(len(c.cands))
	c.cands = append(c.cands, c.plab[cs:ce]...)
	c.nodeID++
	c.stack = append(c.stack, node{
		cs: cs, ce: ce,
		coff: coff, clen: ce - cs, cnum: ce - cs,
		trail: int32(len(c.trail)), trEnd: int32(len(c.curTr)),
		vtx: -1, id: c.nodeID, first: !c.haveFirst,
		eqFirst: c.eqFirst, cmpBest: c.cmpBest, recCells: rec,
	})
}

// targetCell returns the first largest non-singleton cell.
func (c *Canonizer) targetCell() (int32, int32) {
	bs, bsize := int32(-1), int32(1)
	for p := int32(0); p < int32(c.n); p = c.cellEnd[p] {
		if s := c.cellEnd[p] - p; s > bsize {
			bs, bsize = p, s
		}
	}
	return bs, bs + bsize
}

// beginLevel prepares the trace comparison for the refinement at level L
// (the node reached by the L-th individualization).
func (c *Canonizer) beginLevel(L int, eqFirst bool, cmpBest int8) {
	c.evIdx = 0
	c.eqFirst, c.cmpBest = eqFirst, cmpBest
	c.fseg, c.bseg = nil, nil
	if !c.haveFirst {
		return
	}
	if c.eqFirst {
		if L <= c.firstDepth {
			c.fseg = c.firstTr[c.firstOffs[L-1]:c.firstOffs[L]]
		} else {
			c.eqFirst = false
		}
	}
	if c.cmpBest == 0 {
		tr, offs, depth := c.firstTr, c.firstOffs, c.firstDepth
		if !c.bestIsFirst {
			tr, offs, depth = c.bestTr, c.bestOffs, c.bestDepth
		}
		if L <= depth {
			c.bseg = tr[offs[L-1]:offs[L]]
		} else {
			c.cmpBest = 1
		}
	}
}

// endLevel completes the trace comparison of a level and reports whether
// the node survives.
func (c *Canonizer) endLevel() bool {
	if !c.haveFirst {
		return true
	}
	if c.eqFirst && c.evIdx != len(c.fseg) {
		c.eqFirst = false
	}
	if c.cmpBest == 0 && c.evIdx < len(c.bseg) {
		c.cmpBest = -1
	}
	return !c.doomed()
}

// nextChild returns the next child of node k to explore, skipping children
// in the orbit of an explored child under the automorphisms found so far that
// fix the node's path (and under twin transpositions).
func (c *Canonizer) nextChild(k int) (int32, bool) {
	nd := &c.stack[k]
	if nd.ne == 0 {
		nd.ne = 1
		return c.cands[nd.coff], true
	}
	if nd.ne >= nd.cnum {
		return -1, false
	}
	if c.ufOwner != nd.id || c.ufGens != c.ngens {
		c.buildOrbits(k)
	}
	cands := c.cands[nd.coff : nd.coff+nd.clen]
	for nd.ne < nd.cnum {
		w := cands[nd.ne]
		r := c.uf.Find(w)
		if c.orbits.Marked(r) {
			nd.cnum--
			cands[nd.ne], cands[nd.cnum] = cands[nd.cnum], cands[nd.ne]
			continue
		}
		c.orbits.Mark(r)
		nd.ne++
		return w, true
	}
	return -1, false
}

// buildOrbits computes, in c.uf, the orbits on node k's target cell of the
// group generated by the automorphisms found that fix the node's path
// pointwise and by the transpositions of twins, and stamps the orbits of the
// explored children.
func (c *Canonizer) buildOrbits(k int) {
	nd := &c.stack[k]
	cands := c.cands[nd.coff : nd.coff+nd.clen]
	for _, v := range cands {
		c.uf.Single(v)
	}
	if c.hasTwins {
		c.twMarks.Reset(c.n, 1)
		for _, v := range cands {
			t := c.tw[v]
			if c.twMarks.Marked(t) {
				c.uf.Union(v, c.twRep[t])
			} else {
				c.twMarks.Mark(t)
				c.twRep[t] = v
			}
		}
	}
	n := c.n
	for g := 0; g < c.ngens; g++ {
		gamma := c.gens[g*n : (g+1)*n]
		if !c.fixesPath(gamma, k) {
			continue
		}
		for _, v := range cands {
			if u := gamma[v]; u != v && c.cellOf[u] == nd.cs {
				c.uf.Union(v, u)
			}
		}
	}
	c.ufOwner, c.ufGens = nd.id, c.ngens
	c.orbits.Reset(c.n, 1)
	for _, v := range cands[:nd.ne] {
		c.orbits.Mark(c.uf.Find(v))
	}
}

// fixesPath reports whether gamma fixes the vertices individualized on the
// way to node k.
func (c *Canonizer) fixesPath(gamma []int32, k int) bool {
	for i := 0; i < k; i++ {
		if p := c.stack[i].vtx; gamma[p] != p {
			return false
		}
	}
	return true
}

// orbitFactor records, for the first-path node k whose children are all
// done, the size of the orbit of its first child under the stabilizer of its
// path: the factor of the group order at this level of the stabilizer chain.
func (c *Canonizer) orbitFactor(k int) {
	nd := &c.stack[k]
	if c.ufOwner != nd.id || c.ufGens != c.ngens {
		c.buildOrbits(k)
	}
	cands := c.cands[nd.coff : nd.coff+nd.clen]
	r := c.uf.Find(cands[0])
	s := 0
	for _, v := range cands {
		if c.uf.Find(v) == r {
			s++
		}
	}
	if s > 1 {
		c.factors = append(c.factors, factor{int64(s), false})
	}
}

// leaf handles a discrete partition at level L and returns the level of
// the node to jump back to when an automorphism was found, or -1.
func (c *Canonizer) leaf(L int) int {
	c.stats.leaves++
	if !c.haveFirst {
		c.haveFirst = true
		c.firstLab = append(c.firstLab[:0], c.plab...)
		c.firstOff, c.firstAdj = c.buildCSR(c.firstOff, c.firstAdj)
		c.firstTr = append(c.firstTr[:0], c.curTr...)
		c.firstOffs, c.firstPath = c.savePath(c.firstOffs, c.firstPath, L)
		c.firstDepth = L
		c.bestIsFirst = true
		for i := range c.stack {
			c.stack[i].eqFirst = true
			c.stack[i].cmpBest = 0
		}
		return -1
	}
	eqF := c.eqFirst && L == c.firstDepth
	cmp := c.cmpBest
	if cmp == 0 {
		depth := c.firstDepth
		if !c.bestIsFirst {
			depth = c.bestDepth
		}
		if L < depth {
			cmp = -1
		} else if L > depth {
			cmp = 1
		}
	}
	if !eqF && cmp < 0 {
		return -1
	}
	c.curOff, c.curAdj = c.buildCSR(c.curOff, c.curAdj)
	if eqF && slices.Equal(c.curOff, c.firstOff) && slices.Equal(c.curAdj, c.firstAdj) {
		c.addGen(c.firstLab)
		return c.diverge(c.firstPath, L)
	}
	bestOff, bestAdj, bestLab, bestPath := c.firstOff, c.firstAdj, c.firstLab, c.firstPath
	if !c.bestIsFirst {
		bestOff, bestAdj, bestLab, bestPath = c.bestOff, c.bestAdj, c.bestLab, c.bestPath
	}
	if cmp == 0 {
		d := slices.Compare(c.curOff, bestOff)
		if d == 0 {
			d = slices.Compare(c.curAdj, bestAdj)
		}
		if d == 0 {
			c.addGen(bestLab)
			return c.diverge(bestPath, L)
		}
		if d > 0 {
			cmp = 1
		}
	}
	if cmp > 0 {
		c.curOff, c.bestOff = c.bestOff, c.curOff
		c.curAdj, c.bestAdj = c.bestAdj, c.curAdj
		c.bestLab = append(c.bestLab[:0], c.plab...)
		c.bestTr = append(c.bestTr[:0], c.curTr...)
		c.bestOffs, c.bestPath = c.savePath(c.bestOffs, c.bestPath, L)
		c.bestDepth = L
		c.bestIsFirst = false
		for i := range c.stack {
			c.stack[i].cmpBest = 0
		}
	}
	return -1
}

// savePath stores the level offsets of the current trace and the vertices
// individualized on the current path.
func (c *Canonizer) savePath(offs, path []int32, L int) ([]int32, []int32) {
	offs, path = offs[:0], path[:0]
	for i := 0; i < L; i++ {
		offs = append(offs, c.stack[i].trEnd)
		path = append(path, c.stack[i].vtx)
	}
	offs = append(offs, int32(len(c.curTr)))
	return offs, path
}

// diverge returns the first level at which the current path leaves ref.
func (c *Canonizer) diverge(ref []int32, L int) int {
	for j := 0; j < L; j++ {
		if c.stack[j].vtx != ref[j] {
			return j
		}
	}
	return L - 1
}

// addGen records the automorphism mapping the leaf ref to the current leaf.
func (c *Canonizer) addGen(ref []int32) {
	n := c.n
	base := len(c.gens)
	c.gens = slices.Grow(c.gens, n)[:base+n]
	gamma := c.gens[base:]
	for i, v := range ref[:n] {
		gamma[v] = c.plab[i]
	}
	c.ngens++
}

// buildCSR builds the working graph relabeled by the current discrete
// partition, with sorted adjacency lists.
func (c *Canonizer) buildCSR(off, adj []int32) ([]int32, []int32) {
	n := c.n
	goff, gadj := c.off, c.adj
	off = grow32(off, n+1)
	off[0] = 0
	for i, v := range c.plab[:n] {
		off[i+1] = off[i] + goff[v+1] - goff[v]
	}
	adj = grow32(adj, int(off[n]))
	fill := grow32(c.fill, n)
	copy(fill, off[:n])
	for i, v := range c.plab[:n] {
		for _, u := range gadj[goff[v]:goff[v+1]] {
			j := c.ppos[u]
			adj[fill[j]] = int32(i)
			fill[j]++
		}
	}
	c.fill = fill
	return off, adj
}

// twinDiscretize splits into singletons every non-singleton cell whose
// members are all twins of each other: any order of them is related to any
// other by an automorphism fixing everything else, so no branching is needed
// and no further refinement follows. On the first path the factor |cell|!
// of the group order is recorded.
func (c *Canonizer) twinDiscretize() {
	if !c.hasTwins {
		return
	}
	for p := int32(0); p < int32(c.n); {
		e := c.cellEnd[p]
		if e-p > 1 {
			t := c.tw[c.plab[p]]
			pure := true
			for q := p + 1; q < e; q++ {
				if c.tw[c.plab[q]] != t {
					pure = false
					break
				}
			}
			if pure {
				for q := p + 1; q < e; q++ {
					c.cellEnd[q] = q + 1
					c.cellOf[c.plab[q]] = q
					c.trail = append(c.trail, q)
				}
				c.cellEnd[p] = p + 1
				c.ncells += int(e - p - 1)
				c.emit(uint64(p)<<32 | 0xffffffff)
				if !c.haveFirst {
					c.addFact(int(e - p))
				}
			}
		}
		p = e
	}
}
