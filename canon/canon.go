package canon

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"slices"

	"github.com/anonet-project/anonet/internal/disjoint"
	"github.com/anonet-project/anonet/internal/marks"
)

// certVersion is the first byte of every certificate; it changes whenever the
// encoding does, so certificates of different versions never compare equal.
const certVersion = 1

// maxDecompDepth bounds the nesting of component recursion. The bound is
// reached only by isomorphism-invariant decisions, so it does not affect
// canonicity, only speed.
const maxDecompDepth = 16

// factor is one factor of the automorphism group order: n, or n! when fact.
type factor struct {
	n    int64
	fact bool
}

// stats counts the work done by the last call; it is read by the tests and
// benchmarks of this package.
type stats struct {
	method     method
	nodes      int // refinements after an individualization
	leaves     int // discrete partitions reached in the search
	generators int // automorphisms found by the search
	recursions int // search nodes solved by component recursion
}

type method uint8

const (
	methodTrivial    method = iota // at most one vertex
	methodComplete                 // complete or empty graph
	methodDiscrete                 // refinement of the colouring is discrete
	methodForest                   // coloured forest
	methodComponents               // component recursion
	methodSearch                   // individualization-refinement search
)

func (m method) String() string {
	return [...]string{"trivial", "complete", "discrete", "forest", "components", "search"}[m]
}

// A Canonizer computes canonical labelings and certificates. It owns scratch
// buffers that are reused across calls, so that in steady state a call does
// not allocate. A Canonizer must not be used by several goroutines at once;
// use one per goroutine. The zero value is ready to use.
type Canonizer struct {
	n    int
	goff []int32 // input graph
	gadj []int32
	gcol []int32
	off  []int32 // working graph: the input, or the input without trivial edges
	adj  []int32
	woff []int32 // storage of the reduced working graph
	wadj []int32

	// Ordered partition: plab lists the vertices by position, ppos is its
	// inverse; a cell is a maximal range of positions [s, cellEnd[s]) and
	// cellOf maps each vertex to the start of its cell.
	plab, ppos, cellOf, cellEnd []int32
	ncells                      int
	trail                       []int32 // starts of cells created, for undo

	// Refinement scratch.
	cnt, tcount        []int32
	touchedV, touchedC []int32
	frag               []int32
	keys               []uint64
	inQueue            []bool
	qs, qn             []int32 // splitter queues: singleton cells first
	qsHead, qnHead     int

	// Trace of the refinement and its comparison with the first and best paths.
	tracing, haveFirst, eqFirst bool
	cmpBest                     int8
	evIdx                       int
	fseg, bseg                  []uint64
	curTr                       []uint64

	// Search tree.
	stack                 []node
	cands                 []int32
	nodeID                int
	firstLab, bestLab     []int32
	firstPath, bestPath   []int32
	firstTr, bestTr       []uint64
	firstOffs, bestOffs   []int32
	firstDepth, bestDepth int
	bestIsFirst           bool
	firstOff, firstAdj    []int32
	bestOff, bestAdj      []int32
	curOff, curAdj, fill  []int32
	gens                  []int32
	ngens                 int
	uf                    disjoint.Sets
	ufOwner, ufGens       int
	orbits                marks.Set // the orbits of the explored children, by representative
	tw, twRep             []int32
	twMarks               marks.Set // buildOrbits: the twin classes met
	mark                  marks.Set // the neighbours of one node
	inTwin                []bool
	hasTwins              bool
	hbuf                  []uint64

	// Components and forests.
	comp, order, compStart []int32
	fa, fb, fc, fd, fe, ff []int32
	kbuf, koff, kend       []int32
	ca, cb                 []int32
	loc, soff, sadj, scol  []int32
	clab, certOff, cidx    []int32
	noff, nadj, nlab       []int32
	certBuf, isoBuf        []byte
	sub                    *Canonizer
	depth                  int

	// Certificate scratch.
	inv, coff, cadj []int32

	// Gadget graph of a LabelledGraph (labelled.go).
	lvals               []int32  // sorted distinct vertex colours
	lkeys, lgads        []uint64 // sorted layer keys; gadget vertices
	lbase, lends, lslot []int32
	loff, ladj, lcol    []int32

	lab     []int32 // result: canonical labeling
	factors []factor
	stats   stats
	opts    options // fast paths disabled, for tests
}

// options disables fast paths; the zero value enables all. Only the tests
// of this package set it, to check the fast paths against the search.
type options uint8

const (
	noForest options = 1 << iota
	noComponents
	noTwins
	noReduce
	noNodeRecursion
)

// NewCanonizer returns a Canonizer with empty scratch buffers.
func NewCanonizer() *Canonizer { return &Canonizer{} }

// AppendCertificate appends the certificate of g to dst and returns the
// extended slice. Two graphs get equal certificates if and only if there is a
// colour-preserving isomorphism between them; colour values matter, not just
// the colour classes, and a nil Color equals all colours zero.
//
// The certificate is the canonical form itself (the graph relabeled by
// [Canonizer.Labeling], with its colours), so it is exact, never a hash. Its
// format is described in the package documentation. In steady state the call
// does not allocate, except to grow dst.
func (c *Canonizer) AppendCertificate(dst []byte, g Graph) []byte {
	c.canon(g.N, g.Off, g.Adj, g.Color, 0)
	return c.appendCert(dst, g.N, g.Off, g.Adj, g.Color, c.lab)
}

// Labeling returns the canonical labeling of g: lab[i] is the vertex of g
// placed at canonical position i. Relabeling two isomorphic graphs by their
// canonical labelings gives identical coloured graphs. The slice is owned by
// c and is valid until the next call on c.
func (c *Canonizer) Labeling(g Graph) []int32 {
	c.canon(g.N, g.Off, g.Adj, g.Color, 0)
	return c.lab[:g.N]
}

// GroupSize returns the order of the colour-preserving automorphism group of
// the graph given to the last call of AppendCertificate, Labeling or
// Isomorphic (the second graph of the latter). It comes for free from the
// search: orbit sizes along the first path of the search tree, factorials of
// twin classes and of repeated components or subtrees.
func (c *Canonizer) GroupSize() *big.Int {
	z := big.NewInt(1)
	var t big.Int
	for _, f := range c.factors {
		if f.fact {
			t.MulRange(1, f.n)
		} else {
			t.SetInt64(f.n)
		}
		z.Mul(z, &t)
	}
	return z
}

// Isomorphic reports whether a and b are isomorphic by a colour-preserving
// isomorphism, using c's scratch buffers.
func (c *Canonizer) Isomorphic(a, b Graph) bool {
	if a.N != b.N || a.Off[a.N]-a.Off[0] != b.Off[b.N]-b.Off[0] {
		return false
	}
	return equalCertificates(c, a, b, (*Canonizer).AppendCertificate)
}

// equalCertificates appends the certificates of a and b, made by
// appendCert, to c's scratch buffer and compares them.
func equalCertificates[G any](c *Canonizer, a, b G, appendCert func(*Canonizer, []byte, G) []byte) bool {
	buf := appendCert(c, c.isoBuf[:0], a)
	na := len(buf)
	buf = appendCert(c, buf, b)
	c.isoBuf = buf
	return bytes.Equal(buf[:na], buf[na:])
}

// Isomorphic reports whether a and b are isomorphic by a colour-preserving
// isomorphism. It allocates a fresh Canonizer; to test many pairs, use
// [Canonizer.Isomorphic] or compare certificates.
func Isomorphic(a, b Graph) bool {
	return NewCanonizer().Isomorphic(a, b)
}

// canon computes the canonical labeling of the coloured graph into c.lab and
// the automorphism group order into c.factors.
func (c *Canonizer) canon(n int, off, adj, col []int32, depth int) {
	c.n, c.goff, c.gadj, c.gcol, c.depth = n, off, adj, col, depth
	c.off, c.adj = off, adj
	c.factors = c.factors[:0]
	c.stats = stats{}
	c.lab = grow32(c.lab, n)
	if n <= 1 {
		if n == 1 {
			c.lab[0] = 0
		}
		return
	}
	c.initPartition()
	arcs := int(off[n] - off[0])
	if arcs == 0 || int64(arcs) == int64(n)*int64(n-1) {
		// Every colour-preserving permutation is an automorphism.
		c.stats.method = methodComplete
		copy(c.lab, c.plab)
		for p := int32(0); p < int32(n); p = c.cellEnd[p] {
			if s := c.cellEnd[p] - p; s > 1 {
				c.factors = append(c.factors, factor{int64(s), true})
			}
		}
		return
	}
	c.tracing, c.haveFirst = false, false
	c.refine()
	if c.ncells == n {
		c.stats.method = methodDiscrete
		copy(c.lab, c.plab)
		return
	}
	if c.opts&noReduce == 0 {
		c.reduce()
	}
	nc := c.components()
	if int(c.off[n]-c.off[0])/2 == n-nc && c.opts&noForest == 0 {
		c.stats.method = methodForest
		c.canonForest(nc)
		c.groupByCell()
		return
	}
	if nc > 1 && depth < maxDecompDepth && c.opts&noComponents == 0 {
		c.stats.method = methodComponents
		c.canonComponents(c.off, c.adj, nc, c.lab, true)
		c.groupByCell()
		return
	}
	c.stats.method = methodSearch
	c.hasTwins = false
	if c.opts&noTwins == 0 {
		c.computeTwins()
	}
	c.search()
}

// reduce replaces the working graph by one with the same colour-preserving
// automorphisms and fewer edges: for every pair of cells X, Y of the
// (equitable) root partition, including X = Y, whose vertices are joined to
// more than half of the other cell, the edges between X and Y are replaced by
// the non-edges. Which pairs are complemented depends only on the quotient
// degrees of the partition, so the transformation commutes with isomorphisms
// and can be undone from the cells; a canonical labeling of the reduced graph
// (coloured by the cells) is therefore a canonical labeling of the input.
// Complete pairs vanish, which disconnects, for example, the centre of an ego
// network from its neighbours, and dense graphs become sparse.
func (c *Canonizer) reduce() {
	n := c.n
	off, adj := c.off, c.adj
	arcs := int(off[n] - off[0])
	cc := c.tcount // zero outside refinement
	c.mark.Reset(n, 1)
	woff := grow32(c.woff, n+1)
	wadj := grow32(c.wadj, arcs)[:0]
	changed := false
	woff[0] = 0
	for v := 0; v < n; v++ {
		nb := adj[off[v]:off[v+1]]
		for _, u := range nb {
			cc[c.cellOf[u]]++
		}
		cv := c.cellOf[v]
		dense := func(y int32) bool {
			full := c.cellEnd[y] - y
			if y == cv {
				full--
			}
			return 2*cc[y] > full
		}
		for _, u := range nb {
			if !dense(c.cellOf[u]) {
				wadj = append(wadj, u)
			}
		}
		c.mark.Next()
		for _, u := range nb {
			c.mark.Mark(u)
		}
		for _, u := range nb {
			y := c.cellOf[u]
			if cc[y] == 0 {
				continue // cell already handled
			}
			if dense(y) {
				changed = true
				for _, w := range c.plab[y:c.cellEnd[y]] {
					if w != int32(v) && !c.mark.Marked(w) {
						wadj = append(wadj, w)
					}
				}
			}
			cc[y] = 0
		}
		woff[v+1] = int32(len(wadj))
	}
	c.woff, c.wadj = woff, wadj
	if changed {
		c.off, c.adj = woff, wadj
	}
}

// components labels the connected components of the working graph in c.comp,
// lists the vertices component by component in c.order (starting at
// c.compStart[i]) and returns their number.
func (c *Canonizer) components() int {
	return c.componentsOf(c.off, c.adj, nil)
}

// componentsOf is components for the graph (off, adj), restricted to the
// vertices v with skip[v] false when skip is not nil.
func (c *Canonizer) componentsOf(off, adj []int32, skip func(int32) bool) int {
	n := c.n
	comp := grow32(c.comp, n)
	for i := range comp {
		comp[i] = -1
	}
	order := grow32(c.order, n)[:0]
	starts := c.compStart[:0]
	nc := int32(0)
	for s := int32(0); s < int32(n); s++ {
		if comp[s] >= 0 || skip != nil && skip(s) {
			continue
		}
		starts = append(starts, int32(len(order)))
		comp[s] = nc
		order = append(order, s)
		for h := len(order) - 1; h < len(order); h++ {
			v := order[h]
			for _, u := range adj[off[v]:off[v+1]] {
				if comp[u] < 0 {
					comp[u] = nc
					order = append(order, u)
				}
			}
		}
		nc++
	}
	starts = append(starts, int32(len(order)))
	c.comp, c.order, c.compStart = comp, order, starts
	return int(nc)
}

// canonComponents canonicalizes each of the nc components listed in c.order
// of the graph (off, adj), coloured by the cells of the current partition,
// by a sub-Canonizer, and writes their labelings into out, concatenated in
// the order of their certificates. With factors, the group order (product of
// the components' groups and of the factorials of multiplicities) is
// recorded.
func (c *Canonizer) canonComponents(off, adj []int32, nc int, out []int32, factors bool) {
	sub := c.sub
	if sub == nil {
		sub = NewCanonizer()
		c.sub = sub
	}
	sub.opts = c.opts
	n := c.n
	loc := grow32(c.loc, n)
	clab := grow32(c.clab, n)
	certOff := grow32(c.certOff, nc+1)
	cert := c.certBuf[:0]
	for i := 0; i < nc; i++ {
		vs := c.order[c.compStart[i]:c.compStart[i+1]]
		for j, v := range vs {
			loc[v] = int32(j)
		}
		soff := grow32(c.soff, len(vs)+1)
		scol := grow32(c.scol, len(vs))
		sadj := c.sadj[:0]
		soff[0] = 0
		for j, v := range vs {
			for _, u := range adj[off[v]:off[v+1]] {
				sadj = append(sadj, loc[u])
			}
			soff[j+1] = int32(len(sadj))
			scol[j] = c.cellOf[v]
		}
		c.soff, c.sadj, c.scol = soff, sadj, scol
		sub.canon(len(vs), soff, sadj, scol, c.depth+1)
		certOff[i] = int32(len(cert))
		cert = sub.appendCert(cert, len(vs), soff, sadj, scol, sub.lab)
		base := c.compStart[i]
		for j, l := range sub.lab[:len(vs)] {
			clab[int(base)+j] = vs[l]
		}
		if factors {
			c.factors = append(c.factors, sub.factors...)
		}
		c.stats.nodes += sub.stats.nodes
		c.stats.leaves += sub.stats.leaves
		c.stats.generators += sub.stats.generators
		c.stats.recursions += sub.stats.recursions
	}
	certOff[nc] = int32(len(cert))
	c.certBuf, c.clab, c.certOff, c.loc = cert, clab, certOff, loc
	idx := grow32(c.cidx, nc)
	for i := range idx {
		idx[i] = int32(i)
	}
	c.cidx = idx
	slices.SortFunc(idx, c.compareComponents)
	if factors {
		k := 0
		for i := 1; i < nc; i++ {
			if c.compareComponents(idx[i-1], idx[i]) != 0 {
				c.addFact(i - k)
				k = i
			}
		}
		c.addFact(nc - k)
	}
	p := 0
	for _, j := range idx {
		p += copy(out[p:], clab[c.compStart[j]:c.compStart[j+1]])
	}
}

func (c *Canonizer) compareComponents(a, b int32) int {
	return bytes.Compare(c.certBuf[c.certOff[a]:c.certOff[a+1]], c.certBuf[c.certOff[b]:c.certOff[b+1]])
}

// addFact records a factor r! of the group order.
func (c *Canonizer) addFact(r int) {
	if r > 1 {
		c.factors = append(c.factors, factor{int64(r), true})
	}
}

// groupByCell reorders c.lab stably by the cells of the root partition, so
// that equal colours are contiguous in canonical order. A stable reordering by
// an invariant colouring keeps a canonical labeling canonical.
func (c *Canonizer) groupByCell() {
	n := c.n
	cnt := c.tcount // zero outside refinement, indexed by cell start
	for _, v := range c.lab[:n] {
		cnt[c.cellOf[v]]++
	}
	s := int32(0)
	for p := int32(0); p < int32(n); p = c.cellEnd[p] {
		k := cnt[p]
		cnt[p] = s
		s += k
	}
	out := grow32(c.fill, n)
	for _, v := range c.lab[:n] {
		y := c.cellOf[v]
		out[cnt[y]] = v
		cnt[y]++
	}
	for p := int32(0); p < int32(n); p = c.cellEnd[p] {
		cnt[p] = 0
	}
	copy(c.lab, out)
	c.fill = out
}

// appendCert appends the certificate of the graph relabeled by lab.
//
// Layout: version byte; uvarint N; uvarint R, then R runs of (varint colour,
// uvarint length) giving the colours in canonical order; then the edges,
// either as tag 0 followed, for each canonical vertex j, by uvarint k, the
// number of neighbours i < j, and the gaps between them (i1, i2-i1-1, ...),
// or as tag 1 followed by the lower triangle of the adjacency matrix as a
// bitmap (bit j(j-1)/2+i for the pair i < j, least significant bit first),
// whichever is shorter.
func (c *Canonizer) appendCert(dst []byte, n int, off, adj, col, lab []int32) []byte {
	dst = append(dst, certVersion)
	dst = binary.AppendUvarint(dst, uint64(n))
	colour := func(i int) int32 {
		if col == nil {
			return 0
		}
		return col[lab[i]]
	}
	runs := 0
	for i := 0; i < n; i++ {
		if i == 0 || colour(i) != colour(i-1) {
			runs++
		}
	}
	dst = binary.AppendUvarint(dst, uint64(runs))
	for i := 0; i < n; {
		j := i + 1
		for j < n && colour(j) == colour(i) {
			j++
		}
		dst = binary.AppendVarint(dst, int64(colour(i)))
		dst = binary.AppendUvarint(dst, uint64(j-i))
		i = j
	}
	if n == 0 {
		return append(dst, 0)
	}
	inv := grow32(c.inv, n)
	for i, v := range lab[:n] {
		inv[v] = int32(i)
	}
	coff := grow32(c.coff, n+1)
	coff[0] = 0
	for i, v := range lab[:n] {
		coff[i+1] = coff[i] + off[v+1] - off[v]
	}
	cadj := grow32(c.cadj, int(coff[n]))
	fill := grow32(c.fill, n)
	copy(fill, coff[:n])
	for i, v := range lab[:n] {
		for _, u := range adj[off[v]:off[v+1]] {
			j := inv[u]
			cadj[fill[j]] = int32(i)
			fill[j]++
		}
	}
	c.inv, c.coff, c.cadj, c.fill = inv, coff, cadj, fill
	mark := len(dst)
	dst = append(dst, 0)
	for j := 0; j < n; j++ {
		row := cadj[coff[j]:coff[j+1]]
		k := 0
		for k < len(row) && row[k] < int32(j) {
			k++
		}
		dst = binary.AppendUvarint(dst, uint64(k))
		prev := int32(-1)
		for _, i := range row[:k] {
			dst = binary.AppendUvarint(dst, uint64(i-prev-1))
			prev = i
		}
	}
	bitmapLen := (int64(n)*int64(n-1)/2 + 7) / 8
	if int64(len(dst)-mark-1) > bitmapLen {
		dst = dst[:mark]
		dst = append(dst, 1)
		start := len(dst)
		dst = slices.Grow(dst, int(bitmapLen))[:start+int(bitmapLen)]
		clear(dst[start:])
		for j := 0; j < n; j++ {
			base := j * (j - 1) / 2
			for _, i := range cadj[coff[j]:coff[j+1]] {
				if int(i) >= j {
					break
				}
				b := base + int(i)
				dst[start+b>>3] |= 1 << (b & 7)
			}
		}
	}
	return dst
}

// grow32 returns s resized to length n, reallocating when its capacity is
// too small. The contents are unspecified.
func grow32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/4+8)
	}
	return s[:n]
}
