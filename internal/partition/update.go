package partition

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/marks"
	"github.com/anonet-project/anonet/measure"
)

// DeleteEdge deletes the edge {u, w} from the graph and marks the nodes
// whose signature it can change; it reports whether the edge existed. The
// partition reflects the change after the next Update.
func (p *Partition) DeleteEdge(u, w int32) bool {
	_, ok := p.DeleteEdgeCommon(u, w, nil)
	return ok
}

// DeleteEdgeCommon is DeleteEdge for a caller that has just listed the
// common neighbours of u and w in common (ascending), which the partition
// would otherwise list again to update triangle counts; nil lists them.
// It also returns the index the edge had, which the graph's last edge now
// has (see graph.Graph.DeleteEdgeIndex), so that a caller mirroring the
// edge array need not search for the edge first.
func (p *Partition) DeleteEdgeCommon(u, w int32, common []int32) (int, bool) {
	if common != nil && p.local != nil {
		// The marks need common only, not the graph: delete first, which
		// tells whether the edge was there (one search less).
		pos, ok := p.g.DeleteEdgeIndex(u, w)
		if ok {
			p.markAffected(u, w, -1, common)
		}
		return pos, ok
	}
	if u == w || !p.g.HasEdge(u, w) {
		return 0, false
	}
	p.markAffected(u, w, -1, common)
	return p.g.DeleteEdgeIndex(u, w)
}

// DeleteEdgesAt deletes the edges at the positions pos of the graph's edge
// array (distinct positions of edges) and marks the nodes whose signature
// the deletions may change, with up to threads goroutines. The graph ends as
// DeleteEdgeCommon would leave it, called for the edges one after another
// in the order listed (graph.Graph.DeleteEdgesAt; moved as there), and the
// partition as well after the next Update.
//
// lost, if not nil, is called for every edge {a, b} that stays and every
// node x that stops being a common neighbour of a and b, once for each
// such pair, with the position e the edge has before the deletions: a
// caller keeping per-edge counts of common neighbours (ua's weights) takes
// its changes from it. It is called from any of the goroutines, before
// the graph changes.
func (p *Partition) DeleteEdgesAt(pos []int32, threads int, lost func(e, x int32), moved func(p, last int)) {
	g := p.g
	p.unjournaled = true // Revert does not undo batches
	if p.local == nil {
		// The measure's affected sets, found on the graph before any
		// deletion: they hold those found before each (fewer edges
		// reach fewer nodes), and marking a node too many costs its
		// recomputation only.
		for _, i := range pos {
			e := g.Edge(int(i))
			p.markFound(e.U, e.V)
		}
	}
	tri := p.tri != nil
	markCommon := tri && p.local != nil // as markAffected does
	var visit func(u, w int32, common []graph.CommonEdge)
	if tri || lost != nil {
		// A triangle lost changes the counts of its three nodes; its
		// third node is marked here, its ends below.
		if markCommon {
			words := (g.NumNodes() + 63) / 64
			if cap(p.batchMarks) < words {
				p.batchMarks = make([]uint64, words)
			}
			p.batchMarks = p.batchMarks[:words]
		}
		visit = func(u, w int32, common []graph.CommonEdge) {
			if tri {
				k := int32(len(common))
				atomic.AddInt32(&p.tri[u], -k)
				atomic.AddInt32(&p.tri[w], -k)
				for _, c := range common {
					atomic.AddInt32(&p.tri[c.X], -1)
				}
			}
			if markCommon {
				for _, c := range common {
					// Hubs' neighbours recur: test before the atomic write.
					if word, bit := &p.batchMarks[c.X>>6], uint64(1)<<(c.X&63); atomic.LoadUint64(word)&bit == 0 {
						atomic.OrUint64(word, bit)
					}
				}
			}
			if lost != nil {
				for _, c := range common {
					if c.EU >= 0 {
						lost(c.EU, w)
					}
					if c.EW >= 0 {
						lost(c.EW, u)
					}
				}
			}
		}
	}
	for _, i := range pos {
		e := g.Edge(int(i))
		p.mark(e.U)
		p.mark(e.V)
	}
	g.DeleteEdgesAt(pos, threads, visit, moved)
	if markCommon {
		for i, x := range p.batchMarks {
			for ; x != 0; x &= x - 1 {
				p.mark(int32(i<<6 + bits.TrailingZeros64(x)))
			}
			p.batchMarks[i] = 0 // clear for the next batch
		}
	}
}

// AddEdge adds the edge {u, w} to the graph and marks the nodes whose
// signature it can change; it reports whether the edge was new. The
// partition reflects the change after the next Update.
func (p *Partition) AddEdge(u, w int32) bool {
	if !p.g.AddEdge(u, w) {
		return false
	}
	p.markAffected(u, w, +1, nil)
	return true
}

// markAffected marks the nodes affected by the edge {u, w}, which is present
// in the graph, and updates triangle counts by sign (the edge is about to be
// deleted: -1; it was just added: +1). common, if not nil, holds the common
// neighbours of u and w; then, under an arithmetic measure, the graph is not
// read, and the edge may be gone already (DeleteEdgeCommon).
func (p *Partition) markAffected(u, w int32, sign int32, common []int32) {
	var affected []int32 // besides u and w, for a local measure
	if p.tri != nil {
		if common == nil {
			p.buf = p.g.CommonNeighbors(p.buf[:0], u, w)
			common = p.buf
		}
		p.shiftTriangles(u, w, sign, common)
		// A local measure with triangles changes at the common
		// neighbours.
		affected = common
	}
	if sign != 0 && !p.unjournaled {
		switch {
		case p.edits.len() == maxJournaled:
			p.unjournaled = true // a move to another release: not worth its memory
			p.edits.reset()
		case p.tri == nil:
			p.edits.add(u, w, sign, nil) // no counts to restore
		default:
			p.edits.add(u, w, sign, common)
		}
	}
	if p.local == nil {
		p.markFound(u, w)
	} else {
		for _, x := range affected {
			p.mark(x)
		}
	}
	p.mark(u)
	p.mark(w)
}

// shiftTriangles changes the triangle counts by the edge {u, w} being
// added (sign +1) or deleted (−1), given the common neighbours of u and w:
// sign for each of them, sign times their number for u and w.
func (p *Partition) shiftTriangles(u, w, sign int32, common []int32) {
	t := sign * int32(len(common))
	p.tri[u] += t
	p.tri[w] += t
	for _, c := range common {
		p.tri[c] += sign
	}
}

// markFound marks the nodes of the measure's affected set of {u, w}, found
// by its AffectedFinder in the graph as it is. The measure's affected set
// holds its prefilter's: the prefilter is implied by the measure.
func (p *Partition) markFound(u, w int32) {
	p.buf = p.finder.Affected(p.buf[:0], p.g, p.m.Scope(), u, w, p.d)
	for _, x := range p.buf {
		p.mark(x)
	}
}

func (p *Partition) mark(v int32) {
	if !p.isDirty[v] {
		p.isDirty[v] = true
		p.dirty = append(p.dirty, v)
	}
}

// Pending returns the number of nodes marked for recomputation.
func (p *Partition) Pending() int { return len(p.dirty) }

// Update recomputes the signatures of the nodes marked by edge changes since
// the last Update and re-buckets them, in time proportional to the number of
// marked nodes (plus their signature computations). Afterwards the partition
// equals the one New would compute for the current graph.
func (p *Partition) Update() {
	p.flipped = p.flipped[:0]
	if len(p.dirty) == 0 {
		return // nothing changed: the last Update can still be reverted
	}
	p.startJournal()
	if len(p.dirty)*8 >= len(p.isDirty) {
		// Many: in order by a scan of the flags, faster than a sort.
		p.dirty = p.dirty[:0]
		for v, on := range p.isDirty {
			if on {
				p.dirty = append(p.dirty, int32(v))
			}
		}
	} else {
		slices.Sort(p.dirty)
	}
	for _, v := range p.dirty {
		p.top.remove(v)
	}
	var promoted []int32
	switch {
	case p.local != nil:
		for _, v := range p.dirty {
			p.top.insert(v, p.localKey(p.local, v))
		}
	case p.pre == nil:
		p.sigs.compute(p.dirty)
		for i, v := range p.dirty {
			p.top.insert(v, p.sigs.sig(i))
		}
	default:
		promoted = p.updateWithPrefilter()
	}
	// Nodes whose k-anonymity may have changed: the moved ones, and the
	// members of classes whose size crossed k.
	check := func(v int32) {
		now := p.top.size[p.top.classOf[v]] < p.kt
		if now != p.below[v] {
			p.below[v] = now
			p.flipped = append(p.flipped, v)
		}
	}
	for _, v := range p.dirty {
		check(v)
	}
	for _, v := range promoted {
		check(v)
	}
	for i, c := range p.top.touched {
		was, now := p.top.before[i] < p.kt, p.top.size[c] < p.kt
		if was != now && p.top.size[c] > 0 {
			for x := p.top.members.Head[c]; x >= 0; x = p.top.members.Next[x] {
				check(x)
			}
		}
	}
	p.top.resetTouched()
	if p.pre != nil {
		p.pre.resetTouched()
	}
	for _, v := range p.dirty {
		p.isDirty[v] = false
	}
	p.dirty = p.dirty[:0]
	// In increasing order, not the order of the member lists, which
	// depends on the history of the updates, not only on the graph.
	slices.Sort(p.flipped)
	// A node can be checked twice (moved, and member of a crossing class);
	// the second check finds no change, so flipped has no duplicates.
	if p.revertible {
		p.lastFlips = append(p.lastFlips[:0], p.flipped...)
	}
	p.exact = p.sigsComplete()
}

// startJournal begins the journal of an Update: the edge changes since the
// last one become the last Update's, and the levels record afresh (unless
// a change cannot be reverted, when recording would be wasted).
func (p *Partition) startJournal() {
	p.generation++
	p.exactBefore = p.exact
	p.edits, p.last = p.last, p.edits
	p.edits.reset()
	p.revertible = !p.unjournaled
	p.unjournaled = false
	for _, l := range [2]*level{p.top, p.pre} {
		if l != nil {
			l.forget()
			l.record = p.revertible
		}
	}
}

// Revert undoes the last Update and the edge changes that it took in
// (AddEdge, DeleteEdge, DeleteEdgeCommon), exactly: the graph has the
// edges it had before them, as the reverse changes would leave it, the
// triangle counts and the classes are as they were, class ids and member
// lists included, and Flipped lists the nodes whose k-anonymity the
// revert changed (those of the last Update). It costs a few steps per node
// the Update moved, where changing the edges back and updating would
// compute their signatures again. It reports false, changing nothing,
// when edges changed since the last Update, when the changes included
// DeleteEdgesAt or a SetKind that keeps or adds a tie (a SetKind that
// deletes a pair's last tie is a DeleteEdge), or were more than
// maxJournaled, or when the Update was reverted already. An Update with
// nothing pending changes nothing, so after one the Update before it is
// still the one Revert undoes (see Generation).
func (p *Partition) Revert() bool {
	if !p.revertible || len(p.dirty) > 0 || p.edits.len() > 0 {
		return false
	}
	for i := p.last.len() - 1; i >= 0; i-- {
		e, common := p.last.at(i)
		if e.sign > 0 {
			p.g.DeleteEdgeIndex(e.u, e.w)
		} else {
			p.g.AddEdge(e.u, e.w)
		}
		if p.tri != nil {
			p.shiftTriangles(e.u, e.w, -e.sign, common)
		}
	}
	p.last.reset()
	p.top.revert()
	if p.pre != nil {
		p.pre.revert()
	}
	p.flipped = append(p.flipped[:0], p.lastFlips...)
	for _, v := range p.flipped {
		p.below[v] = !p.below[v]
	}
	p.exact = p.exactBefore
	p.revertible = false
	p.generation++
	return true
}

// Generation returns a number that grows with every Update that has
// changes to take in and with every Revert (an Update with nothing pending
// leaves it as it is): a caller that made the last Update can tell from it
// that Revert would undo that Update and no other.
func (p *Partition) Generation() uint64 { return p.generation }

// maxJournaled is the most edge changes an Update may take in for Revert
// to undo it. A larger batch (the local search moving to another release
// wholesale) is not recorded: its journal would take memory in proportion
// to the nodes it touches (millions on a population network), and nothing
// reverts it. (Under a measure of the whole graph every Update touches
// every node, and its journal is as large as the partition's lists at
// most; it is reused from one Update to the next.)
const maxJournaled = 256

// An edgeJournal lists edge changes, each with the common neighbours its ends
// had (when the partition keeps triangle counts).
type edgeJournal struct {
	edits   []edit
	commons []int32 // the common neighbours of the edits, one run each
}

// An edit is the addition (sign +1) or deletion (−1) of the edge {u, w},
// whose ends' common neighbours are commons[lo:hi].
type edit struct{ u, w, sign, lo, hi int32 }

func (j *edgeJournal) add(u, w, sign int32, common []int32) {
	lo := int32(len(j.commons))
	j.commons = append(j.commons, common...)
	j.edits = append(j.edits, edit{u, w, sign, lo, int32(len(j.commons))})
}

func (j *edgeJournal) len() int { return len(j.edits) }

// at returns the i-th change and its common neighbours.
func (j *edgeJournal) at(i int) (edit, []int32) {
	e := j.edits[i]
	return e, j.commons[e.lo:e.hi]
}

func (j *edgeJournal) reset() { j.edits, j.commons = j.edits[:0], j.commons[:0] }

// updateWithPrefilter re-buckets the dirty nodes (already removed from the
// top level) through the prefilter. It returns the clean nodes that were
// alone in their prefilter class and no longer are: their full signature is
// now needed.
func (p *Partition) updateWithPrefilter() []int32 {
	for _, v := range p.dirty {
		p.pre.remove(v)
	}
	p.computePre(p.dirty)
	for i, v := range p.dirty {
		p.pre.insert(v, p.preSig(i, v))
	}
	var promoted []int32
	for i, c := range p.pre.touched {
		if p.pre.before[i] != 1 || p.pre.size[c] < 2 {
			continue
		}
		for x := p.pre.members.Head[c]; x >= 0; x = p.pre.members.Next[x] {
			if !p.isDirty[x] && !p.top.keyed(p.top.classOf[x]) {
				promoted = append(promoted, x)
			}
		}
	}
	slices.Sort(promoted)
	// Everything that needs a full signature, in ascending order.
	var need []int32
	i, j := 0, 0
	for i < len(p.dirty) || j < len(promoted) {
		if j == len(promoted) || (i < len(p.dirty) && p.dirty[i] < promoted[j]) {
			if p.needsSig(p.dirty[i]) {
				need = append(need, p.dirty[i])
			}
			i++
		} else {
			need = append(need, promoted[j])
			j++
		}
	}
	p.sigs.compute(need)
	for _, v := range promoted {
		p.top.remove(v)
	}
	k := 0
	for _, v := range p.dirty {
		for k < len(need) && need[k] < v {
			p.top.insert(need[k], p.fullKey(need[k], p.sigs.sig(k))) // a promoted node
			k++
		}
		if k < len(need) && need[k] == v {
			p.top.insert(v, p.fullKey(v, p.sigs.sig(k)))
			k++
		} else {
			p.top.insert(v, nil)
		}
	}
	for ; k < len(need); k++ {
		p.top.insert(need[k], p.fullKey(need[k], p.sigs.sig(k)))
	}
	return promoted
}

// Flipped returns the nodes whose k-anonymity changed in the last Update, in
// increasing order: what a caller does with them then depends only on the
// graph before and after, not on the changes that led there. The slice is
// valid until the next Update.
func (p *Partition) Flipped() []int32 { return p.flipped }

// SetKind sets the ties between u and w of a typed graph, read from u (see
// graph.Graph.SetKind), adding or deleting the edge {u, w} as needed, and
// marks the nodes whose signature it can change; it reports whether the
// graph changed. The partition reflects the change after the next Update.
func (p *Partition) SetKind(u, w int32, k graph.Kind) (bool, error) {
	old := p.g.Kind(u, w)
	switch {
	case old == k:
		return false, nil
	case k == 0:
		return p.DeleteEdge(u, w), nil
	case old == 0:
		if _, err := p.g.SetKind(u, w, k); err != nil {
			return false, fmt.Errorf("anonymity: %w", err)
		}
		p.unjournaled = true // Revert does not undo kinds
		p.markAffected(u, w, +1, nil)
		return true, nil
	}
	// The edge stays: the nodes it affects are those of its deletion, and
	// no triangle changes. Revert does not undo kinds.
	p.unjournaled = true
	if _, err := p.g.SetKind(u, w, k); err != nil {
		return false, fmt.Errorf("anonymity: %w", err)
	}
	p.markAffected(u, w, 0, nil)
	return true, nil
}

// nodeChange is a node's degree and triangle count after a change.
type nodeChange struct{ v, deg, tri int32 }

// DeletionGain returns how many more nodes would be k-anonymous after
// deleting the edge {u, w}, and true, without changing anything: for a
// measure with the arithmetic fast path (Arithmetic), whose signatures
// after the deletion follow from the degrees and triangle counts. It
// returns false when that is not so, when the edge is absent, when changes
// are pending (then delete, Update and look) or when a signature the
// deletion makes, new to the partition, is longer than the few varints of
// the built-in local measures (15 bytes). common, if not nil,
// holds the common neighbours of u and w (ascending), which it would
// otherwise list. It uses the partition's own scratch; see GainEvaluator
// for evaluations from several goroutines.
func (p *Partition) DeletionGain(u, w int32, common []int32) (int, bool) {
	return p.ownGain().DeletionGain(u, w, common)
}

// AdditionGain is DeletionGain for adding the edge {u, w}, which must be
// absent (else it returns false), between distinct nodes.
func (p *Partition) AdditionGain(u, w int32, common []int32) (int, bool) {
	return p.ownGain().AdditionGain(u, w, common)
}

// ownGain returns the partition's own evaluator, made on first use.
func (p *Partition) ownGain() *GainEvaluator {
	if p.gain == nil {
		p.gain = p.NewGainEvaluator()
	}
	return p.gain
}

// Untouched reports whether toggling the edge {u, w} (deleting it, sign
// −1, or adding it, +1) provably leaves node y's class as it is or smaller:
// y keeps its signature and no node whose signature the toggle changes
// can take it. A node that is not k-anonymous and untouched stays so,
// which settles many toggles without the common neighbours of u and w
// (see DeletionGain): y is neither end, not a neighbour of both ends, and
// neither an end (whose degree changes by sign) nor a common neighbour
// (whose triangle count changes by sign) can end with y's signature, since
// no end has y's degree less sign and no class has y's signature with sign
// triangles less. It answers false, deciding nothing, where that cannot be
// told so cheaply: for measures other than count and degree (possibly
// with attributes) at d = 1 on an untyped graph, and while changes are
// pending.
func (p *Partition) Untouched(y, u, w, sign int32) bool {
	if p.local == nil || len(p.dirty) > 0 || y == u || y == w {
		return false
	}
	switch p.local.l.(type) {
	case measure.Count, measure.Degree:
	default:
		return false
	}
	g := p.g
	dy := int32(g.Degree(y))
	for _, x := range [2]int32{u, w} {
		if int32(g.Degree(x))+sign == dy && p.local.code(x) == p.local.code(y) {
			return false // an end could end with y's signature
		}
	}
	if p.tri == nil {
		return true // degree: only the ends change
	}
	// A common neighbour takes y's signature only if it has it now with
	// sign triangles less. That depends on y, sign and the classes alone,
	// which the callers ask about for many toggles in a row; the common
	// neighbour test, a search of two lists, comes after it.
	if p.signatureTaken(y, dy, sign) {
		return false
	}
	return !p.commonNeighbour(y, u, w) // a common neighbour's triangle count changes
}

// EndBelow reports whether toggling the edge {u, w} (deleting it, sign −1,
// or adding it, +1) would leave its end y (u or w) in a class of fewer
// than k nodes, without toggling it. The size of y's class after the
// toggle is that of the class that now has the signature y would have
// after it, less the changed nodes (the ends and, where triangles count,
// their common neighbours) in that class now, plus those of them whose
// new signature is y's. Unlike DeletionGain it looks up no class per
// common neighbour and sorts no signatures. It answers false, deciding
// nothing, where the partition cannot tell the size without the toggle
// (as DeletionGain: no arithmetic fast path, changes pending, a long
// signature), where y is not an end or u = w, and where the toggle is not
// possible (deleting an absent edge, adding a present one).
func (p *Partition) EndBelow(y, u, w, sign int32) bool { return p.ownGain().endBelow(y, u, w, sign) }

// endBelow is Partition.EndBelow, computed with e's scratch.
func (e *GainEvaluator) endBelow(y, u, w, sign int32) bool {
	p := e.p
	if p.local == nil || len(p.dirty) > 0 || u == w || (y != u && y != w) || p.g.HasEdge(u, w) != (sign < 0) {
		return false
	}
	var common []int32
	var dt int32 // the ends' change of triangle count
	if p.tri != nil {
		common = e.common(u, w)
		dt = sign * int32(len(common))
	}
	// The common neighbours keep their degrees and change their triangle
	// counts by sign; the ends change their degrees by sign and their
	// triangle counts by dt.
	endTri := func(v int32) int32 {
		if p.tri == nil {
			return 0
		}
		return p.tri[v] + dt
	}
	dy, ty := int32(p.g.Degree(y))+sign, endTri(y)
	e.key = p.local.append(e.key[:0], y, dy, ty)
	ky, short := packShort(e.key)
	if !short {
		return false
	}
	c, exists := p.top.index.get(ky)
	var size int32
	if exists {
		size = p.top.size[c]
	}
	// Take out of class c the changed nodes in it now.
	if exists {
		for _, x := range common {
			if p.top.classOf[x] == c {
				size--
			}
		}
		for _, x := range [2]int32{u, w} {
			if p.top.classOf[x] == c {
				size--
			}
		}
	}
	// Bring in those whose signature after the toggle is y's: under count,
	// whose signature is a code and the two counts, the common neighbours
	// by their counts; else by their signatures.
	cy := p.local.code(y)
	switch p.local.l.(type) {
	case measure.Count:
		for _, x := range common {
			if int32(p.g.Degree(x)) == dy && p.tri[x]+sign == ty && p.local.code(x) == cy {
				size++
			}
		}
	default:
		for _, x := range common {
			e.key = p.local.append(e.key[:0], x, int32(p.g.Degree(x)), p.tri[x]+sign)
			if kx, short := packShort(e.key); !short {
				return false
			} else if kx == ky {
				size++
			}
		}
	}
	for _, x := range [2]int32{u, w} {
		e.key = p.local.append(e.key[:0], x, int32(p.g.Degree(x))+sign, endTri(x))
		if kx, short := packShort(e.key); !short {
			return false
		} else if kx == ky {
			size++
		}
	}
	return size < p.kt
}

// commonNeighbour reports whether y is adjacent to both u and w, with
// nothing pending (Untouched). Restoration's pairs ask it for the same end
// (a node that lost its anonymity) and the same few nodes that are not
// k-anonymous across the partners at that end, so the answers are
// remembered (adjacency), and a pair already known not to be adjacent
// settles it before any search.
func (p *Partition) commonNeighbour(y, u, w int32) bool {
	ku, knownU := p.recall(p.adjacency[:], pairKey(u, y))
	kw, knownW := p.recall(p.adjacency[:], pairKey(w, y))
	if knownU && !ku || knownW && !kw {
		return false
	}
	if !knownU && !p.adjacent(u, y) {
		return false
	}
	return knownW || p.adjacent(w, y)
}

// adjacent reports whether a and y are adjacent, by a search, and
// remembers the answer (commonNeighbour).
func (p *Partition) adjacent(a, y int32) bool {
	adj := p.g.HasEdge(a, y)
	p.remember(p.adjacency[:], pairKey(a, y), adj)
	return adj
}

// pairKey is the key of the pair (a, y) in the answers the partition
// remembers.
func pairKey(a, y int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(y)) }

// signatureTaken reports whether a class has the signature that y, of
// degree dy, would have with sign triangles less (Untouched; count or
// degree at d = 1, nothing pending). The local search and restoration ask
// it for the same few nodes that are not k-anonymous across many candidate
// toggles between two updates, so the answers are remembered (taken).
func (p *Partition) signatureTaken(y, dy, sign int32) bool {
	key := pairKey(y, sign)
	if taken, ok := p.recall(p.taken[:], key); ok {
		return taken
	}
	p.key = p.local.append(p.key[:0], y, dy, p.tri[y]-sign)
	_, found := p.top.lookup(p.key)
	p.remember(p.taken[:], key, found)
	return found
}

// The partition remembers yes-or-no answers that hold as long as its
// classes and graph do (Untouched's), each in a table of a few slots
// indexed by a hash of its key: answers for this many nodes with a sign
// (taken) and node pairs (adjacency). Powers of two.
const (
	takenSlots     = 64
	adjacencySlots = 256
)

// rememberedAnswer is one answer the partition remembers (recall), for
// key as of generation gen−1; gen 0 marks an empty slot.
type rememberedAnswer struct {
	gen, key uint64
	yes      bool
}

// recall returns the answer remembered in table for key and whether there
// is one. Answers are void once the generation moves on, which every
// Update with changes and every Revert do, so nothing is ever cleared.
func (p *Partition) recall(table []rememberedAnswer, key uint64) (yes, ok bool) {
	a := &table[answerSlot(table, key)]
	if a.gen == p.generation+1 && a.key == key {
		return a.yes, true
	}
	return false, false
}

// remember records the answer yes for key in table, as of the current
// generation, in place of whatever its slot held.
func (p *Partition) remember(table []rememberedAnswer, key uint64, yes bool) {
	table[answerSlot(table, key)] = rememberedAnswer{gen: p.generation + 1, key: key, yes: yes}
}

// answerSlot returns key's slot in table (of a power-of-two length), by a
// multiplicative hash.
func answerSlot(table []rememberedAnswer, key uint64) uint64 {
	return (key * 0x9e3779b97f4a7c15 >> 32) & uint64(len(table)-1)
}

// A GainEvaluator answers DeletionGain and AdditionGain for a partition
// with scratch space of its own: several evaluators of one partition may
// run in different goroutines at once, as long as neither the partition
// nor its graph changes meanwhile. One evaluator must not be used by two
// goroutines at once.
type GainEvaluator struct {
	p       *Partition
	changes []nodeChange
	delta   []int32    // class → change of size (zero outside a call)
	classes []int32    // the classes whose size changes
	fresh   []shortKey // the signatures of no class yet
	key     []byte
	buf     []int32

	// The neighbours of one node, anchor, marked in nbrs as of the
	// partition's generation anchorGen−1 (0: none), and the larger end
	// of the last calls (last, as of lastGen−1) with the steps their
	// intersections took (spent): see common.
	anchor, last       int32
	anchorGen, lastGen uint64
	spent              int
	nbrs               marks.Set

	// The pair whose common neighbours e.buf holds, as of the generation
	// listedGen−1 (0: none): EndBelow and the gain after it ask for the
	// same pair. Only common writes e.buf.
	listedU, listedW int32
	listedGen        uint64
}

// anchorMinDegree is the least degree of an end whose neighbours an
// evaluator marks (common).
const anchorMinDegree = 32

// common returns the common neighbours of u and w in ascending order, in
// e.buf. Restoration's pairs evaluate many toggles at one end (a node
// that lost its anonymity) between two updates, and at a hub that end's
// list is the long one of every intersection. So the evaluator may mark
// the larger end's neighbours once (the anchor); while the graph is
// unchanged (the generation), the common neighbours of the anchor and a
// node of no larger degree are those of the node's neighbours that are
// marked: a scan of the short list instead of searches in the long one.
// Marking costs the anchor's degree, which a web hub's 10^5 links make
// dearer than many searches, so it is paid only once intersections with
// the same larger end (of degree at least anchorMinDegree) in calls in a
// row within a generation have cost as much (graph.IntersectCost): rent,
// then buy, which never costs more than twice the better of the two. The
// last list is kept: a probe asks EndBelow and then the gain of the same
// toggle.
func (e *GainEvaluator) common(u, w int32) []int32 {
	p := e.p
	gen := p.generation + 1
	if e.listedGen == gen && (e.listedU == u && e.listedW == w || e.listedU == w && e.listedW == u) {
		return e.buf
	}
	e.listedU, e.listedW, e.listedGen = u, w, gen
	return e.listCommon(u, w, gen)
}

// listCommon lists the common neighbours of u and w in e.buf, and returns
// it, in generation gen (common).
func (e *GainEvaluator) listCommon(u, w int32, gen uint64) []int32 {
	p := e.p
	du, dw := p.g.Degree(u), p.g.Degree(w)
	big, small := u, w
	if du < dw {
		big, small = w, u
	}
	if e.anchorGen == gen && du == dw && e.anchor == small {
		big, small = small, big // as large: the anchor serves
	}
	if e.anchorGen == gen && e.anchor == big {
		return e.marked(small)
	}
	if e.lastGen != gen || e.last != big {
		e.last, e.lastGen, e.spent = big, gen, 0
	}
	if db := max(du, dw); db >= anchorMinDegree && e.spent >= db {
		e.nbrs.Reset(p.g.NumNodes(), 1)
		for _, x := range p.g.Neighbors(big) {
			e.nbrs.Mark(x)
		}
		e.anchor, e.anchorGen = big, gen
		return e.marked(small)
	}
	e.spent += graph.IntersectCost(du, dw)
	e.buf = p.g.CommonNeighbors(e.buf[:0], u, w)
	return e.buf
}

// marked returns, in e.buf, the neighbours of v that are marked as the
// anchor's, in ascending order.
func (e *GainEvaluator) marked(v int32) []int32 {
	e.buf = e.buf[:0]
	stamps, stamp := e.nbrs.Stamps(0)
	for _, x := range e.p.g.Neighbors(v) {
		if stamps[x] == stamp {
			e.buf = append(e.buf, x)
		}
	}
	return e.buf
}

// NewGainEvaluator returns an evaluator of deletion and addition gains in
// p.
func (p *Partition) NewGainEvaluator() *GainEvaluator { return &GainEvaluator{p: p} }

// DeletionGain is Partition.DeletionGain, computed with e's scratch.
func (e *GainEvaluator) DeletionGain(u, w int32, common []int32) (int, bool) {
	if u == w || !e.p.g.HasEdge(u, w) {
		return 0, false
	}
	return e.gain(u, w, -1, common)
}

// AdditionGain is Partition.AdditionGain, computed with e's scratch.
func (e *GainEvaluator) AdditionGain(u, w int32, common []int32) (int, bool) {
	if u == w || e.p.g.HasEdge(u, w) {
		return 0, false
	}
	return e.gain(u, w, +1, common)
}

// gain returns the change in the number of k-anonymous nodes when the edge
// {u, w} is deleted (sign −1) or added (+1): u and w change degree by
// sign and triangle count by sign times their common neighbours, which
// change triangle count by sign.
func (e *GainEvaluator) gain(u, w, sign int32, common []int32) (int, bool) {
	p := e.p
	if p.local == nil || len(p.dirty) > 0 {
		return 0, false
	}
	du, dw := int32(p.g.Degree(u))+sign, int32(p.g.Degree(w))+sign
	var tu, tw int32
	if p.tri == nil {
		common = common[:0] // only u and w change
	} else if common == nil {
		common = e.common(u, w)
	}
	if p.tri != nil {
		t := sign * int32(len(common))
		tu, tw = p.tri[u]+t, p.tri[w]+t
	}
	changes := append(e.changes[:0], nodeChange{u, du, tu}, nodeChange{w, dw, tw})
	for _, x := range common {
		changes = append(changes, nodeChange{x, int32(p.g.Degree(x)), p.tri[x] + sign})
	}
	e.changes = changes
	// Class size changes: existing classes by id (delta, listed in
	// classes), new signatures by key (sorted, then counted by run).
	if len(e.delta) < len(p.top.size) {
		e.delta = append(e.delta, make([]int32, len(p.top.size)-len(e.delta))...)
	}
	e.classes, e.fresh = e.classes[:0], e.fresh[:0]
	bump := func(c, d int32) {
		if e.delta[c] == 0 {
			e.classes = append(e.classes, c)
		}
		e.delta[c] += d
	}
	for _, c := range changes {
		bump(p.top.classOf[c.v], -1)
		e.key = p.local.append(e.key[:0], c.v, c.deg, c.tri)
		sk, short := packShort(e.key)
		if !short {
			// Not the few varints of a local signature (a code and
			// two counts take at most 15 bytes): leave delta zero,
			// as every call expects.
			for _, c := range e.classes {
				e.delta[c] = 0
			}
			return 0, false
		}
		if id, ok := p.top.index.get(sk); ok {
			bump(id, +1)
		} else {
			e.fresh = append(e.fresh, sk)
		}
	}
	// The nodes below k change by the classes whose size changes.
	below := func(s int32) int32 {
		if s < p.kt {
			return s
		}
		return 0
	}
	var delta int32
	for _, c := range e.classes {
		s := p.top.size[c]
		delta += below(s+e.delta[c]) - below(s)
		e.delta[c] = 0
	}
	// Equal keys next to each other; the order itself does not matter.
	slices.SortFunc(e.fresh, shortKey.compare)
	for i := 0; i < len(e.fresh); {
		j := i + 1
		for j < len(e.fresh) && e.fresh[j] == e.fresh[i] {
			j++
		}
		delta += below(int32(j - i))
		i = j
	}
	return int(-delta), true
}
