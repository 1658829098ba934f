package anonymize

import (
	"cmp"
	"fmt"
	"iter"
	"math/bits"
	"slices"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/marks"
	"github.com/anonet-project/anonet/internal/members"
	"github.com/anonet-project/anonet/measure"
)

// leanState is a release of a simple graph that restoration can move
// (restorable) without a graph.Graph or a partition: the input's sorted
// neighbour lists with a kept bit per list entry, every node's degree and
// triangle count in the release, and the classes of the signatures they
// make under count or edgecount at d = 1, all brought up to date exactly
// by every edge restored or deleted. Beside the input's adjacency (8
// bytes per edge) it takes a quarter of a byte per edge for the bits and
// about 100 bytes per node with the classes' map (LeanRestoreBytesPerNode).
type leanState struct {
	a        *adjacency
	hiStart  []int   // u's neighbours above u start at a.nb[hiStart[u]]
	first    []int32 // the input's edges of lower end u have the ids first[u] to first[u+1]−1
	kept     bitSet  // bit i: the edge of list entry a.nb[i] is kept
	numKeptE int
	deg, tri []int32
	// edgeCount: the signature is the number of edges of the ball (degree
	// plus triangles, measure.EdgeCount) rather than the pair (measure.Count).
	edgeCount bool
	cls       leanClasses
	k, target int
	na        int // nodes in classes of fewer than k
	moves     int // evaluations, as the usual path counts them
	cfg       *Config

	// The last toggle, for broken: the nodes whose signature it changed,
	// whether each was k-anonymous before, and the classes it touched with
	// their sizes before.
	moved   []int32
	wasAnon []bool
	touched []classSize
	stamp   []uint32 // per class: touched by the toggle of epoch
	epoch   uint32
	inMoved marks.Set
	// probes[w] is the scratch of probing goroutine w (probeOK); tryOK
	// and toggle use probes[0], whose marks toggle keeps current.
	probes []leanProbe
	// version counts the toggles: a probe's marks made at another
	// version are stale.
	version uint64
	// lowerEnd's last answer.
	lastID struct {
		id, u int32
		p     int
	}
}

// leanProbe is the scratch of checking a toggle without making it
// (leanState.probe): the nodes it would move, their signatures' shifts,
// and commonKept's marks of one node's neighbours in the release.
type leanProbe struct {
	moved  []int32
	shifts []sigShift
	// nbrs marks the neighbours of marked (−1: none) in the release of
	// version; lastEnds are the ends of the last commonKept.
	nbrs     marks.Set
	marked   int32
	lastEnds [2]int32
	version  uint64
}

// classSize is a class and its size before a toggle.
type classSize struct{ class, size int32 }

// leanClasses holds the classes of a leanState: a class per signature
// present, its size and its members in a list through the nodes.
type leanClasses struct {
	index   map[uint64]int32
	sig     []uint64
	size    []int32
	free    []int32
	of      []int32
	members members.Lists
}

// classOf returns the class of signature sig, made empty if there is none.
func (c *leanClasses) classOf(sig uint64) int32 {
	if cl, ok := c.index[sig]; ok {
		return cl
	}
	var cl int32
	if n := len(c.free); n > 0 {
		cl = c.free[n-1]
		c.free = c.free[:n-1]
		c.sig[cl], c.size[cl] = sig, 0
	} else {
		cl = c.members.AddClass()
		c.sig = append(c.sig, sig)
		c.size = append(c.size, 0)
	}
	c.index[sig] = cl
	return cl
}

// insert files v in class cl.
func (c *leanClasses) insert(v, cl int32) {
	c.of[v] = cl
	c.members.Push(v, cl)
	c.size[cl]++
}

// remove takes v out of its class, which stays, empty or not.
func (c *leanClasses) remove(v int32) {
	cl := c.of[v]
	c.members.Remove(v, cl)
	c.size[cl]--
}

// drop forgets class cl if it is empty.
func (c *leanClasses) drop(cl int32) {
	if c.size[cl] == 0 {
		delete(c.index, c.sig[cl])
		c.free = append(c.free, cl)
	}
}

// newLeanState returns the state of the release of the input a whose
// kept edges kept holds by id (the input's edges in ascending order of
// (U, V)), for
// restoration under cfg (count or edgecount at d = 1, deleting, without
// attributes). With triangles false the release must have no triangle,
// as the cut's has none (every edge crosses the cut): every node starts
// with none, and only the degrees are counted; with triangles true they
// are counted on the release's forward orientation (4 bytes per kept
// edge, dropped after), as an earlier release that is resumed may have
// them. LeanRelease.Check counts the triangles of the restored release
// from scratch.
func newLeanState(a *adjacency, kept bitSet, cfg *Config, triangles bool) (*leanState, error) {
	n := a.NumNodes()
	s := &leanState{a: a, hiStart: make([]int, n), first: make([]int32, n+1), kept: newBitSet(len(a.nb)),
		deg: make([]int32, n), k: cfg.K, target: Target(cfg.Alpha, n), cfg: cfg}
	switch cfg.Measure.(type) {
	case measure.Count:
	case measure.EdgeCount:
		s.edgeCount = true
	default:
		return nil, fmt.Errorf("anonymize: the lean restoration measures count or edgecount, not %s", cfg.Measure.Name())
	}
	low := slices.Clone(a.off[:n]) // where v's next lower neighbour's entry is
	for u := range int32(n) {
		nb := a.Neighbors(u)
		i, _ := slices.BinarySearch(nb, u+1)
		s.hiStart[u] = a.off[u] + i
		s.first[u+1] = s.first[u] + int32(len(nb)-i)
		for j, v := range nb[i:] {
			if kept.has(int(s.first[u]) + j) {
				s.setKept(s.hiStart[u]+j, true)
				s.setKept(low[v], true)
				s.deg[u]++
				s.deg[v]++
				s.numKeptE++
			}
			low[v]++
		}
	}
	if triangles {
		var err error
		if s.tri, err = s.keptTriangles(s.deg); err != nil {
			return nil, err
		}
	} else {
		s.tri = make([]int32, n)
	}
	s.cls = leanClasses{index: make(map[uint64]int32), of: make([]int32, n), members: members.New(n)}
	for v := range int32(n) {
		s.cls.insert(v, s.cls.classOf(s.signature(v)))
	}
	for cl, size := range s.cls.size {
		if size < int32(s.k) {
			s.na += int(size)
		}
		s.cls.drop(int32(cl))
	}
	s.stamp = make([]uint32, len(s.cls.sig))
	s.inMoved.Reset(n, 1)
	s.probers(1)
	s.lastID.id = -1
	return s, nil
}

// appendHigher appends to buf the neighbours of u in the release above
// u, in ascending order, and returns it.
func (s *leanState) appendHigher(buf []int32, u int32) []int32 {
	for p := s.hiStart[u]; p < s.a.off[u+1]; p++ {
		if s.isKeptAt(p) {
			buf = append(buf, s.a.nb[p])
		}
	}
	return buf
}

// keptStream streams the kept edges in ascending order of (U, V).
func (s *leanState) keptStream(yield func(u, v int32) error) error {
	var buf []int32
	for u := range int32(s.nodes()) {
		buf = s.appendHigher(buf[:0], u)
		for _, v := range buf {
			if err := yield(u, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// keptTriangles counts the triangles through every node of the release
// whose degrees are deg, on its forward orientation (4 bytes per kept
// edge, dropped after).
func (s *leanState) keptTriangles(deg []int32) ([]int32, error) {
	fw, err := graph.NewForward(slices.Clone(deg), s.keptStream)
	if err != nil {
		return nil, fmt.Errorf("anonymize: counting the release's triangles: %w", err)
	}
	return fw.TriangleCounts(s.cfg.Threads), nil
}

func (s *leanState) isKeptAt(p int) bool { return s.kept.has(p) }

func (s *leanState) setKept(p int, on bool) {
	if on {
		s.kept.set(p)
	} else {
		s.kept.clear(p)
	}
}

// bitSet is a set of the integers below its length times 64, a bit each:
// the lean path's marks of edges kept, by list entry or by edge id.
type bitSet []uint64

// newBitSet returns an empty set for the integers below n.
func newBitSet(n int) bitSet { return make(bitSet, (n+63)/64) }

func (b bitSet) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b bitSet) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b bitSet) clear(i int)    { b[i>>6] &^= 1 << (i & 63) }

// signature returns v's signature in the release.
func (s *leanState) signature(v int32) uint64 { return signatureOf(s.edgeCount, s.deg[v], s.tri[v]) }

// signatureOf returns the signature of a node of degree deg on tri
// triangles: under edgecount their sum, under count the pair.
func signatureOf(edgeCount bool, deg, tri int32) uint64 {
	if edgeCount {
		return uint64(deg) + uint64(tri)
	}
	return uint64(uint32(deg))<<32 | uint64(uint32(tri))
}

// lowerEnd returns the lower end of the input's edge id and the position
// of its entry in that end's list.
func (s *leanState) lowerEnd(id int32) (int32, int) {
	if id == s.lastID.id {
		return s.lastID.u, s.lastID.p // isDeleted, then tryOK
	}
	u, p := s.findLower(id)
	s.lastID.id, s.lastID.u, s.lastID.p = id, u, p
	return u, p
}

// findLower is lowerEnd without its memory, for probing goroutines.
func (s *leanState) findLower(id int32) (int32, int) {
	i, _ := slices.BinarySearch(s.first, id+1)
	u := int32(i - 1)
	return u, s.hiStart[u] + int(id-s.first[u])
}

// entry returns the position of v in u's list, which holds it.
func (s *leanState) entry(u, v int32) int {
	i, _ := slices.BinarySearch(s.a.Neighbors(u), v)
	return s.a.off[u] + i
}

// toggle restores the input's edge {u, v} (entries pu in u's list, pv in
// v's) if it is deleted and deletes it if kept, and brings degrees,
// triangles, classes and the count of nodes not k-anonymous up to date.
func (s *leanState) toggle(u, v int32, pu, pv int) {
	restoring := !s.isKeptAt(pu)
	s.epoch++
	if s.epoch == 0 {
		clear(s.stamp)
		s.epoch = 1
	}
	own := &s.probes[0]
	s.moved = append(s.moved[:0], u, v)
	s.moved = s.commonKept(own, s.moved, u, v)
	s.wasAnon = s.wasAnon[:0]
	s.touched = s.touched[:0]
	k := int32(s.k)
	for _, x := range s.moved {
		cl := s.cls.of[x]
		s.wasAnon = append(s.wasAnon, s.cls.size[cl] >= k)
		s.touch(cl)
	}
	for _, x := range s.moved {
		s.cls.remove(x)
	}
	sign, common := int32(1), int32(len(s.moved)-2)
	if !restoring {
		sign = -1
	}
	s.setKept(pu, restoring)
	s.setKept(pv, restoring)
	for _, e := range [2][2]int32{{u, v}, {v, u}} {
		switch {
		case own.marked != e[0]:
		case restoring:
			own.nbrs.Mark(e[1])
		default:
			own.nbrs.Unmark(e[1])
		}
	}
	s.version++
	own.version = s.version
	s.numKeptE += int(sign)
	s.deg[u] += sign
	s.deg[v] += sign
	s.tri[u] += sign * common
	s.tri[v] += sign * common
	for _, w := range s.moved[2:] {
		s.tri[w] += sign
	}
	for _, x := range s.moved {
		cl := s.cls.classOf(s.signature(x))
		if int(cl) >= len(s.stamp) {
			s.stamp = append(s.stamp, make([]uint32, int(cl)+1-len(s.stamp))...)
		}
		s.touch(cl)
		s.cls.insert(x, cl)
	}
	for _, t := range s.touched {
		s.na += below(s.cls.size[t.class], k) - below(t.size, k)
		s.cls.drop(t.class)
	}
}

// touch records class cl, with its size now, as touched by the toggle
// under way, once.
func (s *leanState) touch(cl int32) {
	if s.stamp[cl] != s.epoch {
		s.stamp[cl] = s.epoch
		s.touched = append(s.touched, classSize{cl, s.cls.size[cl]})
	}
}

// below returns size if it is below k, else 0: the nodes of a class of
// that size that are not k-anonymous.
func below(size, k int32) int {
	if size < k {
		return int(size)
	}
	return 0
}

// commonKept appends to dst the common neighbours of u and v in the
// release, in ascending order, with the scratch p. Restoration's pairs
// try many partners at the same node, one after the other: once an end
// comes again, its neighbours in the release are marked (and, in
// probes[0], kept marked as its edges change; the other probes' marks
// last until the state changes), and only the other end's list is read;
// otherwise the two lists are merged.
func (s *leanState) commonKept(p *leanProbe, dst []int32, u, v int32) []int32 {
	if p.version != s.version {
		p.marked, p.lastEnds, p.version = -1, [2]int32{-1, -1}, s.version
	}
	last := p.lastEnds
	p.lastEnds = [2]int32{u, v}
	switch {
	case p.marked == u:
		return s.markedIn(p, dst, v)
	case p.marked == v:
		return s.markedIn(p, dst, u)
	case u == last[0] || u == last[1]:
		s.mark(p, u)
		return s.markedIn(p, dst, v)
	case v == last[0] || v == last[1]:
		s.mark(p, v)
		return s.markedIn(p, dst, u)
	}
	i, iEnd := s.a.off[u], s.a.off[u+1]
	j, jEnd := s.a.off[v], s.a.off[v+1]
	nb := s.a.nb
	for i < iEnd && j < jEnd {
		x, y := nb[i], nb[j]
		switch {
		case x < y:
			i++
		case x > y:
			j++
		default:
			if s.isKeptAt(i) && s.isKeptAt(j) {
				dst = append(dst, x)
			}
			i++
			j++
		}
	}
	return dst
}

// mark marks in p the neighbours of x in the release (commonKept).
func (s *leanState) mark(p *leanProbe, x int32) {
	p.nbrs.Next()
	p.marked = x
	for i := s.a.off[x]; i < s.a.off[x+1]; i++ {
		if s.isKeptAt(i) {
			p.nbrs.Mark(s.a.nb[i])
		}
	}
}

// markedIn appends to dst the neighbours of y in the release that p
// marks, in ascending order.
func (s *leanState) markedIn(p *leanProbe, dst []int32, y int32) []int32 {
	for i := s.a.off[y]; i < s.a.off[y+1]; i++ {
		if w := s.a.nb[i]; p.nbrs.Marked(w) && s.isKeptAt(i) {
			dst = append(dst, w)
		}
	}
	return dst
}

// toggleID toggles the input's edge id.
func (s *leanState) toggleID(id int32) {
	u, pu := s.lowerEnd(id)
	v := s.a.nb[pu]
	s.toggle(u, v, pu, s.entry(v, u))
}

// The restorable methods.

func (s *leanState) nodes() int { return len(s.deg) }
func (s *leanState) restoreProgress(total int) func(i int) {
	return s.cfg.hundredths(StageRestore, total)
}
func (s *leanState) numKept() int            { return s.numKeptE }
func (s *leanState) numDeleted() int         { return int(s.first[len(s.first)-1]) - s.numKeptE }
func (s *leanState) inputDegree(v int32) int { return s.a.Degree(v) }
func (s *leanState) anonymous() int          { return s.nodes() - s.na }
func (s *leanState) commit()                 {}

func (s *leanState) isDeleted(id int32) bool {
	_, p := s.lowerEnd(id)
	return !s.isKeptAt(p)
}

func (s *leanState) inputEdge(id int32) graph.Edge {
	u, p := s.lowerEnd(id)
	return graph.Edge{U: u, V: s.a.nb[p]}
}

func (s *leanState) deletions() iter.Seq2[int32, graph.Edge] {
	return func(yield func(int32, graph.Edge) bool) {
		for u := range int32(s.nodes()) {
			for p := s.hiStart[u]; p < s.a.off[u+1]; p++ {
				if !s.isKeptAt(p) && !yield(s.first[u]+int32(p-s.hiStart[u]), graph.Edge{U: u, V: s.a.nb[p]}) {
					return
				}
			}
		}
	}
}

func (s *leanState) inputIncident(v int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		nb := s.a.Neighbors(v)
		for _, y := range nb[:s.hiStart[v]-s.a.off[v]] {
			up := s.a.nb[s.hiStart[y]:s.a.off[y+1]]
			i, _ := slices.BinarySearch(up, v)
			if !yield(s.first[y] + int32(i)) {
				return
			}
		}
		for id := s.first[v]; id < s.first[v+1]; id++ {
			if !yield(id) {
				return
			}
		}
	}
}

func (s *leanState) apply(ids ...int32) int {
	for _, id := range ids {
		s.toggleID(id)
	}
	s.moves++
	return s.na
}

func (s *leanState) tryOK(id int32, anonymous0 int) bool {
	u, pu := s.lowerEnd(id)
	v := s.a.nb[pu]
	s.moves++
	if !s.okAt(s.probe(&s.probes[0], u, v, pu, s.nodes()-min(anonymous0, s.target)), anonymous0) {
		return false
	}
	s.toggle(u, v, pu, s.entry(v, u))
	return true
}

// probers makes ready the scratch of n probing goroutines.
func (s *leanState) probers(n int) {
	for len(s.probes) < n {
		p := leanProbe{marked: -1, lastEnds: [2]int32{-1, -1}, version: s.version}
		p.nbrs.Reset(s.nodes(), 1)
		s.probes = append(s.probes, p)
	}
}

// probeOK is tryOK's check without the move, with the scratch probes[w]:
// it reads the state and writes only there.
func (s *leanState) probeOK(w int, id int32, anonymous0 int) bool {
	u, pu := s.findLower(id)
	return s.okAt(s.probe(&s.probes[w], u, s.a.nb[pu], pu, s.nodes()-min(anonymous0, s.target)), anonymous0)
}

func (s *leanState) evaluated(n int) { s.moves += n }

// probe returns the number of nodes that would not be k-anonymous after
// toggling the input's edge {u, v} (entry pu in u's list), without
// toggling it and writing only to p, or a lower bound of it above maxNA: the signatures it
// would change, each taken out of its class and into another, counted by
// signature, and the classes' sizes looked up once. The ends are looked
// at first: where the class an end would join stays below k, with more
// than maxNA nodes in it, that is the bound.
func (s *leanState) probe(p *leanProbe, u, v int32, pu int, maxNA int) int {
	sign := int32(1)
	if s.isKeptAt(pu) {
		sign = -1
	}
	p.moved = append(p.moved[:0], u, v)
	p.moved = s.commonKept(p, p.moved, u, v)
	c := sign * int32(len(p.moved)-2)
	p.shifts = p.shifts[:0]
	for i, x := range p.moved {
		d, t := s.deg[x], s.tri[x]+sign
		if i < 2 {
			d, t = d+sign, s.tri[x]+c
		}
		p.shifts = append(p.shifts, sigShift{s.signature(x), -1}, sigShift{signatureOf(s.edgeCount, d, t), 1})
	}
	k := int32(s.k)
	bound := 0
	for end := range 2 {
		sig := p.shifts[2*end+1].sig
		if end == 1 && sig == p.shifts[1].sig {
			break // both ends join one class, counted once
		}
		size := int32(0)
		if cl, ok := s.cls.index[sig]; ok {
			size = s.cls.size[cl]
		}
		for _, sh := range p.shifts {
			if sh.sig == sig {
				size += sh.delta
			}
		}
		bound += below(size, k)
	}
	if bound > maxNA {
		return bound
	}
	slices.SortFunc(p.shifts, func(a, b sigShift) int { return cmp.Compare(a.sig, b.sig) })
	na := s.na
	for i := 0; i < len(p.shifts); {
		sig, delta := p.shifts[i].sig, int32(0)
		for ; i < len(p.shifts) && p.shifts[i].sig == sig; i++ {
			delta += p.shifts[i].delta
		}
		if delta == 0 {
			continue
		}
		size := int32(0)
		if cl, ok := s.cls.index[sig]; ok {
			size = s.cls.size[cl]
		}
		na += below(size+delta, k) - below(size, k)
	}
	return na
}

// sigShift is a node's signature, leaving (−1) or joining (+1).
type sigShift struct {
	sig   uint64
	delta int32
}

func (s *leanState) ok(anonymous0 int) bool { return s.okAt(s.na, anonymous0) }

// okAt is ok for a state with na nodes that are not k-anonymous.
func (s *leanState) okAt(na, anonymous0 int) bool {
	return min(s.nodes()-na, s.target) >= min(anonymous0, s.target)
}

func (s *leanState) reapply(id int32) {
	s.toggleID(id)
	s.moves++
}

func (s *leanState) broken(dst []int32, id int32) []int32 {
	from := len(dst)
	s.inMoved.Next()
	k := int32(s.k)
	for i, x := range s.moved {
		s.inMoved.Mark(x)
		if s.wasAnon[i] && s.cls.size[s.cls.of[x]] < k {
			dst = append(dst, x)
		}
	}
	for _, t := range s.touched {
		size := s.cls.size[t.class]
		if t.size < k || size >= k || size == 0 {
			continue
		}
		for y := s.cls.members.Head[t.class]; y >= 0; y = s.cls.members.Next[y] {
			if !s.inMoved.Marked(y) {
				dst = append(dst, y)
			}
		}
	}
	slices.Sort(dst[from:])
	e := s.inputEdge(id)
	return append(dst, e.U, e.V)
}

// unique returns the number of nodes alone in their class.
func (s *leanState) unique() int {
	u := 0
	for _, cl := range s.cls.index {
		if s.cls.size[cl] == 1 {
			u++
		}
	}
	return u
}

// popcount returns the number of kept list entries, twice the kept edges
// where both ends' bits agree (LeanRelease.Check).
func (s *leanState) popcount() int {
	c := 0
	for _, w := range s.kept {
		c += bits.OnesCount64(w)
	}
	return c
}
