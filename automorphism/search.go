package automorphism

import (
	"context"

	"github.com/anonet-project/anonet/internal/disjoint"
	"github.com/anonet-project/anonet/internal/marks"
)

// workGraph is the undirected vertex-coloured graph a search runs on: a
// connected component of the twin quotient (or several of them), its
// typed ties encoded by gadget vertices (see buildWork). Its vertices
// 0..orig-1 stand for quotient vertices, the others are gadgets.
type workGraph struct {
	n        int
	off, adj []int32
	col      []int32
	orig     int
	q        []int32 // q[i]: the quotient vertex that work vertex i < orig stands for
}

func (w *workGraph) neighbors(v int32) []int32 { return w.adj[w.off[v]:w.off[v+1]] }

// frame is one level of the first path of the search.
type frame struct {
	s, size, v   int32 // the target cell (start and size) and the vertex individualized in it
	lmark, rmark int   // trail lengths of the two partitions before the individualization
	toff, tend   int   // the level's trace in engine.trace
}

// Outcomes of engine.compare.
const (
	cmpMismatch = iota // the two nodes cannot be mapped onto each other
	cmpFound           // engine.src → engine.dst is an automorphism
	cmpDescend         // individualize further: the cell, the left vertex, a right vertex to try first
)

// engine finds generators of the automorphism group of a work graph by
// individualization and refinement, in the manner of saucy (Darga,
// Liffiton, Sakallah and Markov 2004; Darga, Sakallah and Markov 2008): a
// left partition walks the first path down to a discrete partition; then,
// level by level from the bottom, a right partition tries
// every vertex of the level's target cell that is not yet known to be in
// the orbit of the first path's vertex (under the generators found so far,
// which all fix the path above the level), looking for an automorphism
// that maps the left node onto the right one. Such a search compares the
// two partitions only where their refinements changed them, and stops as
// soon as the cells that differ define an automorphism, so that finding a
// generator of small support costs about what the support's refinement
// costs, not O(n).
type engine struct {
	w      *workGraph
	ref    refiner
	L, R   partition
	trace  []uint64
	frames []frame
	uf     disjoint.Sets // orbits of the generators found in this search
	failed marks.Set     // roots of orbits that the current level's vertex is not in
	stamp  marks.Set     // vertices
	pmark  marks.Set     // positions: level 0 created since the base, level 1 a region seen
	creg   []int32       // per created position: its region, the base cell it lies in
	perm   []int32       // the identity, but for a candidate's support while it is checked

	regions, cells, ystack []int32
	src, dst               []int32

	nodes    int
	maxNodes int // if positive, the search stops beyond this many nodes
	stop     bool
	ctx      context.Context
	// accept lifts a generator of the work graph to the input graph,
	// verifies it and records it; it reports whether it was accepted.
	accept func(src, dst []int32) bool
}

// tick counts a search node and checks the context now and then, and the
// bound on search nodes.
func (e *engine) tick() {
	e.nodes++
	if e.nodes&255 == 0 && e.ctx.Err() != nil || e.maxNodes > 0 && e.nodes > e.maxNodes {
		e.stop = true
	}
}

// run searches w; it returns early when e.stop is set.
func (e *engine) run(w *workGraph) {
	e.w, e.stop = w, false
	n := w.n
	e.ref.reset(w.off, w.adj, n)
	e.L.init(n)
	e.ref.root(&e.L, w.col)
	e.ref.refine(&e.L, traceNone)
	if e.L.discrete() {
		return
	}
	e.R.copyFrom(&e.L)
	e.uf.Reset(n)
	e.failed.Reset(n, 1)
	e.stamp.Reset(n, 1)
	e.pmark.Reset(n, 2)
	e.creg = grow(e.creg, n)
	e.perm = grow(e.perm, n)
	for i := range n {
		e.perm[i] = int32(i)
	}
	e.trace, e.frames = e.trace[:0], e.frames[:0]
	e.ref.rec = &e.trace

	// The first path: individualize the first vertex of the first
	// non-singleton cell until the partition is discrete. R follows.
	ptr := int32(0)
	for !e.L.discrete() {
		for e.L.clen[ptr] == 1 {
			ptr++
		}
		v := e.L.lab[ptr]
		f := frame{s: ptr, size: e.L.clen[ptr], v: v, lmark: len(e.L.trail), rmark: len(e.R.trail), toff: len(e.trace)}
		e.ref.individualize(&e.L, v)
		e.ref.refine(&e.L, traceRecord)
		f.tend = len(e.trace)
		e.ref.individualize(&e.R, v)
		e.ref.refine(&e.R, traceNone)
		e.frames = append(e.frames, f)
		e.tick()
		if e.stop {
			return
		}
	}
	for i := len(e.frames) - 1; i >= 0 && !e.stop; i-- {
		e.level(&e.frames[i])
	}
}

// level finds the orbit of the level's vertex under the stabilizer of the
// path above it: L is at the level's node, R is moved to its parent.
func (e *engine) level(f *frame) {
	e.R.undo(f.rmark)
	e.trace = e.trace[:f.tend]
	defer func() {
		e.L.undo(f.lmark)
		e.trace = e.trace[:f.toff]
	}()
	v, k := f.v, f.size
	if e.uf.Size(v) >= k {
		return
	}
	e.failed.Next()
	eligible := func(w int32) bool {
		r := e.uf.Find(w)
		return r != e.uf.Find(v) && !e.failed.Marked(r)
	}
	try := func(w int32) {
		e.ref.individualize(&e.R, w)
		e.tick()
		e.ref.expect = e.trace[f.toff:f.tend]
		found := e.ref.refine(&e.R, traceCompare) && e.match(f.lmark, f.rmark)
		e.R.undo(f.rmark)
		if !found && !e.stop {
			e.failed.Mark(e.uf.Find(w))
		}
	}
	// Usually the first candidate joins the whole cell to v's orbit;
	// copy the cell (its order changes with every try) only otherwise.
	for _, w := range e.R.lab[f.s : f.s+k] {
		if eligible(w) {
			try(w)
			break
		}
	}
	if e.stop || e.uf.Size(v) >= k {
		return
	}
	base := len(e.ystack)
	e.ystack = append(e.ystack, e.R.lab[f.s:f.s+k]...)
	for i := base; i < base+int(k) && !e.stop && e.uf.Size(v) < k; i++ {
		if w := e.ystack[i]; eligible(w) {
			try(w)
		}
	}
	e.ystack = e.ystack[:base]
}

// match searches below the current nodes of L and R, both refined from
// the base partition (trail lengths baseL and baseR) with equal traces,
// for an automorphism mapping the left node onto the right one. If it
// finds one it records it and returns true.
func (e *engine) match(baseL, baseR int) bool {
	res, p, x, y := e.compare(baseL, baseR)
	switch res {
	case cmpMismatch:
		return false
	case cmpFound:
		return e.addGenerator()
	}
	lmark, toff := len(e.L.trail), len(e.trace)
	e.ref.individualize(&e.L, x)
	e.tick()
	e.ref.refine(&e.L, traceRecord)
	tend := len(e.trace)
	try := func(y int32) bool {
		rmark := len(e.R.trail)
		e.ref.individualize(&e.R, y)
		e.tick()
		e.ref.expect = e.trace[toff:tend]
		ok := e.ref.refine(&e.R, traceCompare) && e.match(baseL, baseR)
		e.R.undo(rmark)
		return ok
	}
	found := false
	if y >= 0 && !e.stop {
		found = try(y)
	}
	if !found && !e.stop {
		k := int(e.R.clen[p])
		base := len(e.ystack)
		e.ystack = append(e.ystack, e.R.lab[p:int(p)+k]...)
		for i := base; i < base+k && !found && !e.stop; i++ {
			if yy := e.ystack[i]; yy != y {
				found = try(yy)
			}
		}
		e.ystack = e.ystack[:base]
	}
	e.L.undo(lmark)
	e.trace = e.trace[:toff]
	return found
}

// compare looks at the cells of L and R that their refinements since the
// base created, grouped by the base cell (region) they lie in. Cells in
// the same position must have the same size, or the nodes do not match.
// A pair of singletons maps the left vertex to the right one; a pair of
// larger cells with the same members maps them to themselves; the largest
// cell of a region need not be compared, as it is what the others leave.
// If all pairs agree, the mapping is checked on the edges at its support.
// Otherwise compare says where to individualize: in a pair of cells with
// different members, a left vertex that is not in the right cell, and a
// right vertex that is not in the left one, to be tried first.
func (e *engine) compare(baseL, baseR int) (res int, p, x, y int32) {
	L, R := &e.L, &e.R
	tr := R.trail[baseR:]
	if len(L.trail)-baseL != len(tr) {
		return cmpMismatch, 0, 0, 0
	}
	e.pmark.Reset(len(L.lab), 2)
	e.regions = e.regions[:0]
	for i := 0; i < len(tr); i += 2 {
		f, c := tr[i], tr[i+1]
		e.pmark.MarkLevel(f, 0)
		r := c
		if e.pmark.MarkedAt(c, 0) {
			r = e.creg[c]
		}
		e.creg[f] = r
		if !e.pmark.MarkedAt(r, 1) {
			e.pmark.MarkLevel(r, 1)
			e.regions = append(e.regions, r)
		}
	}
	n := int32(len(L.lab))
	e.src, e.dst = e.src[:0], e.dst[:0]
	diff, nonSingle := int32(-1), int32(-1)
	for _, r := range e.regions {
		e.cells = e.cells[:0]
		big, bigLen := int32(-1), int32(0)
		for q := r; ; {
			ln := R.clen[q]
			if L.cell[L.lab[q]] != q || L.clen[q] != ln {
				return cmpMismatch, 0, 0, 0
			}
			e.cells = append(e.cells, q)
			if ln > bigLen {
				big, bigLen = q, ln
			}
			q += ln
			if q >= n || !e.pmark.MarkedAt(q, 0) || e.creg[q] != r {
				break
			}
		}
		for _, q := range e.cells {
			ln := R.clen[q]
			if ln == 1 {
				if a, b := L.lab[q], R.lab[q]; a != b {
					e.src = append(e.src, a)
					e.dst = append(e.dst, b)
				}
				continue
			}
			if nonSingle < 0 {
				nonSingle = q
			}
			if q != big && diff < 0 && !sameCell(L, R, q) {
				diff = q
			}
		}
	}
	if diff >= 0 {
		return cmpDescend, diff, firstOutside(L, R, diff), firstOutside(R, L, diff)
	}
	// The singletons must map a set onto itself; a right singleton that
	// is not a left one lies in a larger left cell whose pair differs.
	e.stamp.Next()
	for _, a := range e.src {
		e.stamp.Mark(a)
	}
	for _, b := range e.dst {
		if e.stamp.Marked(b) {
			continue
		}
		p = L.cell[b]
		if L.clen[p] == 1 || R.cell[R.lab[p]] != p || R.clen[p] != L.clen[p] {
			return cmpMismatch, 0, 0, 0
		}
		y = -1
		for _, a := range e.src {
			if R.cell[a] == p {
				y = a
				break
			}
		}
		return cmpDescend, p, b, y
	}
	if e.isAutomorphism() {
		return cmpFound, 0, 0, 0
	}
	// Only an invariant weaker than the partitions' structure gets here.
	// Descend anywhere: into a changed cell, else the first larger one.
	p = nonSingle
	if p < 0 {
		for q := int32(0); q < n; q += L.clen[q] {
			if L.clen[q] > 1 {
				p = q
				break
			}
		}
	}
	if p < 0 {
		return cmpMismatch, 0, 0, 0
	}
	x = L.lab[p]
	y = -1
	if R.cell[x] == p {
		y = x
	}
	return cmpDescend, p, x, y
}

// sameCell reports whether the cells of a and b at position q, of equal
// sizes, have the same members.
func sameCell(a, b *partition, q int32) bool {
	for _, v := range a.lab[q : q+a.clen[q]] {
		if b.cell[v] != q {
			return false
		}
	}
	return true
}

// firstOutside returns the first member of a's cell at q that is not in
// b's cell at q, or -1.
func firstOutside(a, b *partition, q int32) int32 {
	for _, v := range a.lab[q : q+a.clen[q]] {
		if b.cell[v] != q {
			return v
		}
	}
	return -1
}

// isAutomorphism reports whether the permutation mapping e.src to e.dst
// (a bijection of a set onto itself) and fixing every other vertex
// preserves the colours and the edges of the work graph. Edges between two
// fixed vertices are preserved, so only those at the support are checked.
func (e *engine) isAutomorphism() bool {
	w := e.w
	for i, a := range e.src {
		e.perm[a] = e.dst[i]
	}
	ok := true
	for i, a := range e.src {
		b := e.dst[i]
		if w.col[a] != w.col[b] || w.off[a+1]-w.off[a] != w.off[b+1]-w.off[b] {
			ok = false
			break
		}
		e.stamp.Next()
		for _, u := range w.neighbors(b) {
			e.stamp.Mark(u)
		}
		for _, u := range w.neighbors(a) {
			if !e.stamp.Marked(e.perm[u]) {
				ok = false
				break
			}
		}
		if !ok {
			break
		}
	}
	for _, a := range e.src {
		e.perm[a] = a
	}
	return ok
}

// addGenerator hands the automorphism e.src → e.dst to accept and, if
// accepted, joins the orbits it joins; an orbit that joins one the current
// level's vertex is known not to be in is not in it either.
func (e *engine) addGenerator() bool {
	if !e.accept(e.src, e.dst) {
		e.stop = true
		return false
	}
	for i, a := range e.src {
		ra, rb := e.uf.Find(a), e.uf.Find(e.dst[i])
		if ra == rb {
			continue
		}
		f := e.failed.Marked(ra) || e.failed.Marked(rb)
		r, _ := e.uf.Union(ra, rb)
		if f {
			e.failed.Mark(r)
		}
	}
	return true
}
