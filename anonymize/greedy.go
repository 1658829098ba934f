package anonymize

import (
	"context"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// gainKey orders candidate deletions in the exact-gain greedy: by the exact
// number of nodes the deletion makes k-anonymous (net of those it makes
// lose anonymity), then toward deletions that touch a node that is not
// k-anonymous (progress on a plateau), then toward deletions that harm
// utility least: edges in fewer triangles, then between lower-degree ends.
type gainKey struct {
	gain    int32 // exact change in the number of k-anonymous nodes
	touches int32 // nodes the deletion can affect that are not k-anonymous
	tri     int32 // triangles through the edge
	deg     int32 // sum of the ends' degrees
}

// gainPacking packs a gainKey into maxPackedBits bits of a uint64 that
// order as the key does, larger for the better deletion, so that the
// greedy's queue keeps 8 bytes per key instead of 16. The fields' widths
// follow from bounds on the graph: the gain lies within ±n, the touched
// nodes number at most n (at d = 1 at most the two ends and their
// neighbours), the triangles at most the largest degree and the degree sum
// twice that. Where the degree sum does not fit beside the other fields
// (networks with hubs: cnr-2000, whose largest degree is 18,236, needs 67
// bits), it is kept apart, in 4 more bytes per edge (degApart). Where even
// the first three do not fit (degrees near 2^30), the triangle count
// saturates: its order is then exact only below the saturation value.
type gainPacking struct {
	gainOff              int64  // added to the gain: non-negative within ±gainOff
	touchMax, triMax     uint64 // saturation values of the fields
	degMax               uint64
	touchShift, triShift uint8
	gainShift            uint8
	degApart             bool // the degree sum is not in the word: packedKey.deg holds it
}

// packedKey is a packed gainKey: hi orders as the key does, and where the
// packing keeps the degree sum apart, deg holds it (the smaller sum ranks
// higher among equal hi).
type packedKey struct {
	hi  uint64
	deg uint32
}

// newGainPacking returns the packing for a graph on n nodes whose degrees
// are at most maxDeg, at distance d.
func newGainPacking(n, maxDeg, d int) gainPacking {
	touches := n
	if d <= 1 {
		touches = min(n, 2*maxDeg+2)
	}
	bg := bits.Len64(2 * uint64(n))
	bt := min(bits.Len64(uint64(touches)), maxPackedBits-bg)
	btri := min(bits.Len64(uint64(maxDeg)), maxPackedBits-bg-bt)
	bd := bits.Len64(2 * uint64(maxDeg))
	// A field that saturates leaves no bits to those below it: compared
	// past it, they could order against the keys. The degree sum goes
	// apart when it alone does not fit.
	exact := bt == bits.Len64(uint64(touches)) && btri == bits.Len64(uint64(maxDeg))
	apart := false
	if left := maxPackedBits - bg - bt - btri; bd > left {
		apart, bd = exact, 0
	}
	return gainPacking{
		gainOff:    int64(n),
		touchMax:   1<<bt - 1,
		triMax:     1<<btri - 1,
		degMax:     1<<bd - 1,
		triShift:   uint8(bd),
		touchShift: uint8(bd + btri),
		gainShift:  uint8(bd + btri + bt),
		degApart:   apart,
	}
}

// pack returns k packed.
func (gp gainPacking) pack(k gainKey) packedKey {
	g := min(max(int64(k.gain), -gp.gainOff), gp.gainOff) + gp.gainOff
	hi := uint64(g)<<gp.gainShift |
		min(uint64(max(k.touches, 0)), gp.touchMax)<<gp.touchShift |
		(gp.triMax-min(uint64(max(k.tri, 0)), gp.triMax))<<gp.triShift
	if gp.degApart {
		return packedKey{hi: hi, deg: uint32(max(k.deg, 0))}
	}
	return packedKey{hi: hi | (gp.degMax - min(uint64(max(k.deg, 0)), gp.degMax))}
}

// gain returns the gain of a packed key.
func (gp gainPacking) gain(p packedKey) int64 { return int64(p.hi>>gp.gainShift) - gp.gainOff }

// ranksAbove reports whether a ranks above b, as the keys they pack do
// (exactly, where no field saturates).
func (a packedKey) ranksAbove(b packedKey) bool {
	if a.hi != b.hi {
		return a.hi > b.hi
	}
	return a.deg < b.deg
}

// gainQueue holds the greedy's candidates: the edge ids with their packed
// keys, and the best of them on top: the largest key, ties toward the
// smaller id, so that the order never depends on anything but the keys.
// The ids are cut into blocks of queueBlock consecutive ids, and a
// tournament tree is played between the blocks' winners: 8½ bytes per edge,
// where an indexed heap takes 16. word[id] holds id's key; block[b] is the
// winner of block b, and win[x], for 1 ≤ x < len(block), the winner below
// node x, whose children are 2x and 2x+1, node len(block)+b being block b.
// A word also carries a flag, fresh, that the greedy sets when it
// evaluates the id's key and clears after every deletion; it takes no part
// in the order.
type gainQueue struct {
	word  []uint64 // by edge id: (packed key's hi + 1)<<1 | fresh, or 0 if id is not in the queue
	deg   []uint32 // by edge id: the packed key's deg, where the packing keeps it apart; else nil
	block []int32  // block[b] is the winner among ids b*queueBlock … (b+1)*queueBlock−1
	win   []int32  // win[x] is the winner below node x, for 1 ≤ x < len(block)
	n     int      // ids in the queue
}

// queueBlock is the number of ids in a block of a gainQueue: a change
// rescans the block's words (two cache lines) instead of playing four
// levels of the tree, which would take 4 bytes per id.
const queueBlock = 16

// maxPackedBits is the width of a packed key in a gainQueue word: one bit
// less for the fresh flag, and the key is stored plus 1, 0 meaning absent.
const maxPackedBits = 62

// newGainQueue returns an empty queue for the ids below m, for keys
// packed by gp.
func newGainQueue(m int, gp gainPacking) *gainQueue {
	nb := (m + queueBlock - 1) / queueBlock
	q := &gainQueue{word: make([]uint64, m), block: make([]int32, nb), win: make([]int32, max(nb, 1))}
	if gp.degApart {
		q.deg = make([]uint32, m)
	}
	q.build()
	return q
}

// node returns the winner below node x.
func (q *gainQueue) node(x int) int32 {
	if x >= len(q.block) {
		return q.block[x-len(q.block)]
	}
	return q.win[x]
}

// beats reports whether a ranks above b.
func (q *gainQueue) beats(a, b int32) bool {
	ka, kb := q.word[a]>>1, q.word[b]>>1
	switch {
	case ka != kb:
		return ka > kb
	case q.deg != nil && ka != 0 && q.deg[a] != q.deg[b]:
		return q.deg[a] < q.deg[b]
	}
	return a < b
}

// play decides node x from its children.
func (q *gainQueue) play(x int) {
	a, b := q.node(2*x), q.node(2*x+1)
	if q.beats(b, a) {
		a = b
	}
	q.win[x] = a
}

// scan decides block b from its words.
func (q *gainQueue) scan(b int) {
	lo := b * queueBlock
	w := int32(lo)
	for id := int32(lo + 1); id < int32(min(lo+queueBlock, len(q.word))); id++ {
		if q.beats(id, w) {
			w = id
		}
	}
	q.block[b] = w
}

// build counts the ids in the queue and decides every block and node,
// after words were set with put.
func (q *gainQueue) build() {
	q.n = 0
	for _, w := range q.word {
		if w != 0 {
			q.n++
		}
	}
	for b := range q.block {
		q.scan(b)
	}
	for x := len(q.block) - 1; x >= 1; x-- {
		q.play(x)
	}
}

// put sets id's packed key, clearing its fresh flag, and leaves the count,
// the blocks and the tree to the caller (build). Goroutines may put
// different ids at once.
func (q *gainQueue) put(id int32, k packedKey) {
	q.word[id] = (k.hi + 1) << 1
	if q.deg != nil {
		q.deg[id] = k.deg
	}
}

// update decides again id's block and the nodes above it after id's key
// changed, up to the first whose winner stays the same and is not id (its
// key did not change, so nothing above it does).
func (q *gainQueue) update(id int32) {
	b := int(id) / queueBlock
	old := q.block[b]
	q.scan(b)
	if q.block[b] == old && old != id {
		return
	}
	for x := (b + len(q.block)) / 2; x >= 1; x /= 2 {
		old := q.win[x]
		q.play(x)
		if q.win[x] == old && old != id {
			return
		}
	}
}

// len returns the number of ids in the queue.
func (q *gainQueue) len() int { return q.n }

// top returns the best id; the queue must not be empty.
func (q *gainQueue) top() int32 { return q.node(1) }

// key returns id's packed key; id must be in the queue.
func (q *gainQueue) key(id int32) packedKey {
	k := packedKey{hi: q.word[id]>>1 - 1}
	if q.deg != nil {
		k.deg = q.deg[id]
	}
	return k
}

// set inserts id with packed key k (k.hi below 2^maxPackedBits), or
// changes its key; the fresh flag is cleared.
func (q *gainQueue) set(id int32, k packedKey) {
	switch {
	case q.word[id] == 0:
		q.n++
	case q.key(id) == k:
		q.word[id] &^= 1 // the same key: nothing to play again
		return
	}
	q.put(id, k)
	q.update(id)
}

// remove takes id, which is in the queue, out of it.
func (q *gainQueue) remove(id int32) {
	q.n--
	q.word[id] = 0
	q.update(id)
}

// fresh reports whether id's key was marked fresh (markFresh).
func (q *gainQueue) fresh(id int32) bool { return q.word[id]&1 != 0 }

// markFresh marks id, which is in the queue, fresh.
func (q *gainQueue) markFresh(id int32) { q.word[id] |= 1 }

// clearFresh clears the marks of the ids in list.
func (q *gainQueue) clearFresh(list []int32) {
	for _, id := range list {
		q.word[id] &^= 1
	}
}

// gainGreedy is the exact-gain greedy deletion (run), an optimizer on the
// solution s, which it changes only through the solution's moves. It holds
// its own scratch space for evaluating keys: one per goroutine of
// keysInParallel, 0 being its own (scratchOf).
type gainGreedy struct {
	s       *solution
	scratch []keyScratch
}

// newGainGreedy returns the greedy deletion on s.
func newGainGreedy(s *solution) *gainGreedy { return &gainGreedy{s: s} }

// keyScratch is the scratch space of evaluating keys: one per goroutine
// (gainGreedy.scratch).
type keyScratch struct {
	finder   measure.AffectedFinder
	affected []int32
	gain     *partition.GainEvaluator // made on first use
}

// key evaluates the deletion of the kept edge id, which is e, exactly: by
// arithmetic where arithmeticKey can, else by applying and undoing it.
func (gr *gainGreedy) key(id int32, e graph.Edge) gainKey {
	s := gr.s
	k, ok := gr.arithmeticKey(gr.scratchOf(0), id, e)
	if ok {
		return k
	}
	a0 := s.anonymous()
	s.apply(id)
	k.gain = int32(s.anonymous() - a0)
	s.undo()
	return k
}

// scratchOf returns the scratch of goroutine w of keysInParallel, 0 being
// the greedy's own goroutine (key's).
func (gr *gainGreedy) scratchOf(w int) *keyScratch {
	if w >= len(gr.scratch) {
		gr.scratch = append(gr.scratch, make([]keyScratch, w+1-len(gr.scratch))...)
	}
	return &gr.scratch[w]
}

// arithmeticKey evaluates the deletion of the kept edge id, which is e,
// with the scratch ks and without changing anything. It returns the key and true
// where the gain follows from degrees and triangles (under degree, count,
// edgecount or none at d = 1, on an untyped graph, without fuzzy
// anonymity: see partition.Partition.DeletionGain); else the key without
// its gain, and false. Goroutines may call it at once, each with its own
// ks, while the solution does not change.
func (gr *gainGreedy) arithmeticKey(ks *keyScratch, id int32, e graph.Edge) (gainKey, bool) {
	s := gr.s
	k := gainKey{deg: int32(s.g.Degree(e.U) + s.g.Degree(e.V))}
	scope, d := s.cfg.Measure.Scope(), s.p.D()
	ks.affected = ks.finder.Affected(ks.affected[:0], s.g, scope, e.U, e.V, d)
	var common []int32 // the common neighbours, when the affected set lists them
	if scope == measure.Intersection && d == 1 {
		common = ks.affected[2:] // after u and w, ascending (Affected's contract)
		k.tri = int32(len(common))
	} else {
		k.tri = int32(s.g.CountCommonNeighbors(e.U, e.V))
	}
	for _, x := range ks.affected {
		if !s.p.Anonymous(x) {
			k.touches++
		}
	}
	if s.ties != nil || s.cfg.Fuzzy {
		return k, false
	}
	if ks.gain == nil {
		ks.gain = s.p.NewGainEvaluator()
	}
	gain, ok := ks.gain.DeletionGain(e.U, e.V, common)
	k.gain = int32(gain)
	return k, ok
}

// keysInParallel evaluates keys for the items 0..n−1, in chunks of the
// given size: pick(w, i) returns the kept edge whose key item i wants, its
// id and its ends, or id −1 for none, w being the index of the goroutine
// that asks (each goroutine's chunks come in increasing order). Each key
// goes to put(i, id, k), which must be safe for different items at once.
// Where keys are arithmetic (arithmeticKey) the chunks are shared by up
// to cfg.Threads goroutines, and the keys that arithmetic cannot give
// after all (a measure.Local whose signatures exceed the few bytes
// partition.Partition.DeletionGain allows) are evaluated at the end, on the
// calling goroutine in increasing i; else all keys are evaluated in order
// on the calling goroutine, by applying and undoing the deletions. Chunks
// not yet begun when ctx is done are skipped. done, if not nil, is called
// after chunks with the items done so far, never by two goroutines at
// once, with counts that only rise. It returns the number of keys.
func (gr *gainGreedy) keysInParallel(ctx context.Context, n, chunk int, pick func(w, i int) (int32, graph.Edge), put func(i int, id int32, k gainKey), done func(int)) int {
	s := gr.s
	arithmetic := s.ties == nil && !s.cfg.Fuzzy && s.p.Arithmetic()
	workers := 1
	if arithmetic {
		workers = graph.Workers(graph.Threads(s.cfg.Threads), (n+chunk-1)/chunk)
	}
	gr.scratchOf(workers - 1) // made here, not by the goroutines
	type item struct {
		i  int
		id int32
		e  graph.Edge
	}
	rest := make([][]item, workers) // by goroutine: the items arithmetic cannot evaluate
	var evals, count atomic.Int64
	var reporting sync.Mutex // held while done is called
	reported := 0            // the last count done was given: counts reach the lock out of order
	graph.ForChunks(n, chunk, workers, func(w, lo, hi int) {
		if ctx.Err() != nil {
			return
		}
		ks, keys := &gr.scratch[w], 0
		for i := lo; i < hi; i++ {
			id, e := pick(w, i)
			if id < 0 {
				continue
			}
			if !arithmetic {
				put(i, id, gr.key(id, e))
			} else if k, ok := gr.arithmeticKey(ks, id, e); ok {
				put(i, id, k)
			} else {
				rest[w] = append(rest[w], item{i, id, e})
				continue
			}
			keys++
		}
		evals.Add(int64(keys))
		c := int(count.Add(int64(hi - lo)))
		if done != nil && reporting.TryLock() {
			if c > reported {
				reported = c
				done(c)
			}
			reporting.Unlock()
		}
	})
	items := slices.Concat(rest...)
	slices.SortFunc(items, func(a, b item) int { return a.i - b.i })
	for j, it := range items {
		if j%4096 == 0 && ctx.Err() != nil {
			break
		}
		put(it.i, it.id, gr.key(it.id, it.e))
		evals.Add(1)
	}
	return int(evals.Load())
}

// fillQueue puts every kept edge into the empty queue q with its packed
// key, not marked fresh, and returns the number of keys evaluated; it
// stops early if ctx is done. With gainful set and fuzzy anonymity only
// the edges at nodes that are not k-anonymous go in. The keys are
// evaluated by keysInParallel, over the ids in increasing order, each
// found in the graph (evaluating a key by applying and undoing the
// deletion reorders the list of kept ids). The pass reports its progress
// to cfg.StageProgress.
func (gr *gainGreedy) fillQueue(ctx context.Context, q *gainQueue, gp gainPacking, gainful bool) int {
	s := gr.s
	m := s.in.len()
	walks := make([]func(int32) graph.Edge, graph.Threads(s.cfg.Threads)) // one per goroutine
	for w := range walks {
		walks[w] = s.in.walk()
	}
	var progress func(int)
	if s.cfg.StageProgress != nil {
		progress = func(done int) { s.cfg.StageProgress(StageScoring, done, m) }
	}
	evals := gr.keysInParallel(ctx, m, min(4096, max(16, m/64)), func(w, i int) (int32, graph.Edge) {
		id := int32(i)
		e := walks[w](id)
		if !s.present(id, e) {
			return -1, e
		}
		if gainful && s.cfg.Fuzzy && s.p.Anonymous(e.U) && s.p.Anonymous(e.V) {
			// A fuzzy count costs a pass over all classes: try only the
			// edges at nodes that are not k-anonymous.
			return -1, e
		}
		return id, e
	}, func(_ int, id int32, k gainKey) { q.put(id, gp.pack(k)) }, progress)
	q.build()
	return evals
}

// refreshChunk is the number of keys a goroutine evaluates at a time after
// a deletion: the few hundred at its ends (on a social network) are shared
// by the goroutines, a few dozen are evaluated on the greedy's own.
const refreshChunk = 64

// run deletes edges one at a time (R = 1), each time the one whose
// deletion gives the most k-anonymous nodes, evaluated exactly, until the
// target is met or budget deletions are made. Keys are kept in a lazy
// priority queue: the top candidate is re-evaluated, and taken if it still
// ranks first; after a deletion the candidates at its ends and at the nodes
// whose anonymity changed are re-evaluated. step is called after every
// deletion. It returns the number of evaluations.
//
// With gainful set it stops instead at a deletion that would not raise the
// number of k-anonymous nodes; with fuzzy anonymity it then only considers
// the edges at nodes that are not k-anonymous.
func (gr *gainGreedy) run(ctx context.Context, budget int, gainful bool, step func(id int32, update time.Duration)) int {
	s := gr.s
	maxDeg := 0
	for v := range int32(s.n) {
		maxDeg = max(maxDeg, s.in.degree(v))
	}
	gp := newGainPacking(s.n, maxDeg, s.p.D())
	q := newGainQueue(s.in.len(), gp)
	evals := gr.fillQueue(ctx, q, gp, gainful)
	var fresh []int32 // the ids whose keys were evaluated since the last deletion
	refresh := func(id int32) {
		q.set(id, gp.pack(gr.key(id, s.in.edge(id))))
		q.markFresh(id)
		fresh = append(fresh, id)
		evals++
	}
	var touched, batch []int32 // batch: the ids to re-evaluate after a deletion, ends[i] the ends of batch[i]
	var ends []graph.Edge
	var keys []gainKey
	for deleted := 0; !s.feasible() && deleted < budget && q.len() > 0; {
		if ctx.Err() != nil {
			break
		}
		top := q.top()
		if !q.fresh(top) {
			refresh(top)
			continue
		}
		if gainful && gp.gain(q.key(top)) <= 0 {
			break
		}
		q.remove(top)
		e := s.in.edge(top)
		t := time.Now()
		s.apply(top)
		s.commit()
		deleted++
		step(top, time.Since(t))
		q.clearFresh(fresh)
		fresh = fresh[:0]
		// Re-evaluate the candidates around the change.
		touched = append(touched[:0], e.U, e.V)
		touched = s.becameNA(touched)
		for _, v := range s.p.Flipped() {
			if s.p.Anonymous(v) {
				touched = append(touched, v)
			}
		}
		batch, ends = batch[:0], ends[:0]
		for _, x := range touched {
			for f := range s.in.incident(x) {
				if q.fresh(f) {
					continue
				}
				if e := s.in.edge(f); s.kept(f, e) {
					q.markFresh(f) // listed once
					batch, ends = append(batch, f), append(ends, e)
				}
			}
		}
		keys = slices.Grow(keys[:0], len(batch))[:len(batch)]
		evals += gr.keysInParallel(context.Background(), len(batch), refreshChunk,
			func(_, i int) (int32, graph.Edge) { return batch[i], ends[i] },
			func(i int, _ int32, k gainKey) { keys[i] = k }, nil)
		for i, f := range batch {
			q.set(f, gp.pack(keys[i]))
			q.markFresh(f)
		}
		fresh = append(fresh, batch...)
	}
	return evals
}
