package automorphism

import (
	"cmp"
	"slices"
)

// partition is an ordered partition of the vertices of a work graph: a
// sequence of cells, each a range of positions. A cell is named by its
// first position, which it keeps while it is split, so that the members of
// the fragment left at the front never need relabelling. Every cell
// created by a split is recorded on a trail, so that a search node undoes
// what its refinement changed, and nothing more.
type partition struct {
	lab   []int32 // lab[i]: the vertex at position i
	pos   []int32 // pos[v]: the position of vertex v
	cell  []int32 // cell[v]: the first position of v's cell
	clen  []int32 // clen[s]: the length of the cell starting at s (cell starts only)
	cells int     // number of cells
	// trail holds a pair (start, parent) for every cell created: its first
	// position and the first position of the cell it was split from.
	trail []int32
}

// init makes p a partition of n vertices with no cells yet.
func (p *partition) init(n int) {
	p.lab = grow(p.lab, n)
	p.pos = grow(p.pos, n)
	p.cell = grow(p.cell, n)
	p.clen = grow(p.clen, n)
	p.trail = p.trail[:0]
	p.cells = 0
}

// copyFrom makes p a copy of q with an empty trail.
func (p *partition) copyFrom(q *partition) {
	n := len(q.lab)
	p.init(n)
	copy(p.lab, q.lab)
	copy(p.pos, q.pos)
	copy(p.cell, q.cell)
	copy(p.clen, q.clen)
	p.cells = q.cells
}

// discrete reports whether every cell is a singleton.
func (p *partition) discrete() bool { return p.cells == len(p.lab) }

// undo merges back the cells created after the trail had length mark, in
// the reverse order of their creation. A cell merges into the cell just
// before it, which is the fragment it was split next to. The order of the
// vertices inside the merged cells is not restored: a cell is a set.
func (p *partition) undo(mark int) {
	for len(p.trail) > mark {
		k := len(p.trail) - 2
		f := p.trail[k]
		p.trail = p.trail[:k]
		q := p.cell[p.lab[f-1]]
		for _, v := range p.lab[f : f+p.clen[f]] {
			p.cell[v] = q
		}
		p.clen[q] += p.clen[f]
		p.cells--
	}
}

// traceMode says what a refinement does with the words of its trace.
type traceMode uint8

const (
	traceNone    traceMode = iota // no trace
	traceRecord                   // append the words to *refiner.rec
	traceCompare                  // compare them with refiner.expect, stopping at the first difference
)

// Trace words: a tag in the top two bits and two 31-bit fields.
const (
	tagSplitter = 1
	tagCell     = 2
	tagFragment = 3
)

func word(tag uint64, a, b int32) uint64 { return tag<<62 | uint64(a)<<31 | uint64(b) }

// refiner refines partitions of one work graph to equitable ones, by
// counting the neighbours of every vertex in one splitter cell at a time
// and splitting the cells whose members count differently (colour
// refinement with Hopcroft's rule: of the fragments of a cell that is not
// waiting as a splitter, the largest need not be one). Its choices depend on
// positions, sizes and counts only, so that refinement commutes with
// automorphisms; the sequence of those values is the trace, an invariant
// of the search node. The scratch state is shared by the two partitions of
// a search, which never refine at the same time.
type refiner struct {
	off, adj []int32 // the work graph

	cnt     []int32 // per vertex: neighbours in the current splitter
	tcount  []int32 // per position: touched members of the cell starting there
	inQueue []bool  // per position: the cell starting there waits as a splitter
	single  []int32 // waiting singleton splitters, first served
	multi   []int32 // other waiting splitters
	sh, mh  int     // heads of single and multi
	touched []int32 // cells touched by the current splitter
	members []int32 // the current splitter's vertices
	keys    []keyed // root: vertices by colour and degree
	keys2   []keyed
	fstart  []int32 // fragments of the cell being split
	fsize   []int32
	mode    traceMode
	rec     *[]uint64
	expect  []uint64
	ti      int
	bad     bool
}

// reset prepares r for a work graph of n vertices.
func (r *refiner) reset(off, adj []int32, n int) {
	r.off, r.adj = off, adj
	r.cnt = grow(r.cnt, n)
	r.tcount = grow(r.tcount, n)
	r.inQueue = grow(r.inQueue, n)
	clear(r.cnt)
	clear(r.tcount)
	clear(r.inQueue)
	r.single, r.multi = r.single[:0], r.multi[:0]
	r.sh, r.mh = 0, 0
}

// root sets p to the partition of the vertices by colour and then degree,
// in ascending order of both (an order that commutes with relabelling),
// and queues its cells as splitters, but for a largest one: the partition
// is already stable with respect to the set of all vertices.
func (r *refiner) root(p *partition, col []int32) {
	n := len(p.lab)
	deg := func(v int32) int32 { return r.off[v+1] - r.off[v] }
	r.keys = grow(r.keys, n)
	r.keys2 = grow(r.keys2, n)
	for v := range int32(n) {
		r.keys[v] = keyed{uint64(uint32(col[v]))<<32 | uint64(deg(v)), v}
	}
	for i, k := range radixSort(r.keys, r.keys2) {
		p.lab[i] = k.v
	}
	p.cells = 0
	big, bigLen := int32(-1), int32(0)
	for i := 0; i < n; {
		j := i + 1
		for j < n && col[p.lab[j]] == col[p.lab[i]] && deg(p.lab[j]) == deg(p.lab[i]) {
			j++
		}
		s := int32(i)
		p.clen[s] = int32(j - i)
		for k := i; k < j; k++ {
			p.pos[p.lab[k]] = int32(k)
			p.cell[p.lab[k]] = s
		}
		if int32(j-i) > bigLen {
			big, bigLen = s, int32(j-i)
		}
		p.cells++
		i = j
	}
	for s := int32(0); s < int32(n); s += p.clen[s] {
		if s != big {
			r.push(p, s)
		}
	}
}

// push queues the cell starting at s as a splitter.
func (r *refiner) push(p *partition, s int32) {
	if r.inQueue[s] {
		return
	}
	r.inQueue[s] = true
	if p.clen[s] == 1 {
		r.single = append(r.single, s)
	} else {
		r.multi = append(r.multi, s)
	}
}

// individualize splits v off its cell as a singleton at the cell's end and
// queues it as a splitter. The cell must be stable (p equitable), so the
// rest of it, the larger fragment, need not be queued.
func (r *refiner) individualize(p *partition, v int32) {
	c := p.cell[v]
	n := p.clen[c]
	if n == 1 {
		return
	}
	last := c + n - 1
	u, vp := p.lab[last], p.pos[v]
	p.lab[last], p.lab[vp] = v, u
	p.pos[v], p.pos[u] = last, vp
	p.clen[c] = n - 1
	p.clen[last] = 1
	p.cell[v] = last
	p.trail = append(p.trail, last, c)
	p.cells++
	r.push(p, last)
}

// refine refines p to the coarsest equitable partition finer than it,
// processing the queued splitters, with the trace handled as mode says
// (see traceMode). In compare mode it stops at the first word that differs
// from r.expect and returns false; p is then not equitable and must be
// undone.
func (r *refiner) refine(p *partition, mode traceMode) bool {
	r.mode, r.ti, r.bad = mode, 0, false
	for !r.bad {
		var s int32
		switch {
		case r.sh < len(r.single):
			s = r.single[r.sh]
			r.sh++
		case r.mh < len(r.multi):
			s = r.multi[r.mh]
			r.mh++
		default:
			s = -1
		}
		if s < 0 {
			break
		}
		r.inQueue[s] = false
		r.split(p, s)
	}
	for _, s := range r.single[r.sh:] {
		r.inQueue[s] = false
	}
	for _, s := range r.multi[r.mh:] {
		r.inQueue[s] = false
	}
	r.single, r.multi = r.single[:0], r.multi[:0]
	r.sh, r.mh = 0, 0
	if mode == traceCompare && r.ti != len(r.expect) {
		r.bad = true
	}
	return !r.bad
}

// emit records or compares one word of the trace.
func (r *refiner) emit(w uint64) {
	switch r.mode {
	case traceRecord:
		*r.rec = append(*r.rec, w)
	case traceCompare:
		if r.ti < len(r.expect) && r.expect[r.ti] == w {
			r.ti++
		} else {
			r.bad = true
		}
	}
}

// split counts the neighbours of every vertex in the cell starting at s
// and splits the cells touched, in ascending order of position. A touched
// vertex moves to the back of its cell when first counted, so that the
// untouched members stay where they are and cost nothing.
func (r *refiner) split(p *partition, s int32) {
	n := p.clen[s]
	r.emit(word(tagSplitter, s, n))
	r.members = append(r.members[:0], p.lab[s:s+n]...)
	cnt, cell, clen, lab, pos := r.cnt, p.cell, p.clen, p.lab, p.pos
	for _, v := range r.members {
		for _, u := range r.adj[r.off[v]:r.off[v+1]] {
			if cnt[u] == 0 {
				c := cell[u]
				t := r.tcount[c]
				if t == 0 {
					r.touched = append(r.touched, c)
				}
				tp := c + clen[c] - 1 - t
				up := pos[u]
				x := lab[tp]
				lab[tp], lab[up] = u, x
				pos[u], pos[x] = tp, up
				r.tcount[c] = t + 1
			}
			cnt[u]++
		}
	}
	slices.Sort(r.touched)
	for _, c := range r.touched {
		r.splitCell(p, c)
	}
	r.touched = r.touched[:0]
}

// splitCell splits the touched cell starting at c by the counts of its
// members: the untouched ones (count 0) first, then the touched ones in
// ascending order of count.
func (r *refiner) splitCell(p *partition, c int32) {
	cnt, lab, pos := r.cnt, p.lab, p.pos
	n, t := p.clen[c], r.tcount[c]
	r.tcount[c] = 0
	zs := c + n - t
	zone := lab[zs : c+n]
	lo, hi := cnt[zone[0]], cnt[zone[0]]
	for _, u := range zone[1:] {
		lo, hi = min(lo, cnt[u]), max(hi, cnt[u])
	}
	if lo != hi {
		slices.SortFunc(zone, func(a, b int32) int { return cmp.Compare(cnt[a], cnt[b]) })
		for i, u := range zone {
			pos[u] = zs + int32(i)
		}
	}
	r.emit(word(tagCell, c, t))
	r.fstart, r.fsize = r.fstart[:0], r.fsize[:0]
	if t < n {
		r.fstart = append(r.fstart, c)
		r.fsize = append(r.fsize, n-t)
	}
	for i := 0; i < len(zone); {
		j := i + 1
		for j < len(zone) && cnt[zone[j]] == cnt[zone[i]] {
			j++
		}
		r.emit(word(tagFragment, cnt[zone[i]], int32(j-i)))
		r.fstart = append(r.fstart, zs+int32(i))
		r.fsize = append(r.fsize, int32(j-i))
		i = j
	}
	for _, u := range zone {
		cnt[u] = 0
	}
	if len(r.fstart) == 1 {
		return
	}
	queued := r.inQueue[c]
	big := 0
	for j, sz := range r.fsize {
		if sz > r.fsize[big] {
			big = j
		}
	}
	for j := 1; j < len(r.fstart); j++ {
		f, sz := r.fstart[j], r.fsize[j]
		p.clen[f] = sz
		for _, u := range lab[f : f+sz] {
			p.cell[u] = f
		}
		p.trail = append(p.trail, f, c)
		p.cells++
	}
	p.clen[c] = r.fsize[0]
	for j, f := range r.fstart {
		if queued && j > 0 || !queued && j != big {
			r.push(p, f)
		}
	}
}
