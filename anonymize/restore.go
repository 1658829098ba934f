package anonymize

import (
	"context"
	"iter"
	"sync/atomic"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/marks"
)

// Restoration tries at most pairPartners partners for each edge that
// cannot be restored alone, and up to maxPairPartners while deep tries pay
// (pairCredit). The partner that works is often deep in a hub's list: an
// edge at a hub breaks the hub's twin (the other hub of its class), which
// must come back by an edge of its own that adds the same triangles. In a
// restoration of Enron's ua release (count, k = 2, seed 1, 2026-11-29)
// 9,004 pairs came back with up to 4,096 tries; the partner was among the
// first 32 tried for 1,704 of them, the first 256 for 4,925, the first
// 1,024 for 7,959. Unbounded, Enron's default kept the same as with the
// credit below (114,114 edges, against 101,808 with 32; before restoration
// worked in rounds).
const (
	pairPartners    = 32
	maxPairPartners = 4096
)

// pairCredit bounds the tries beyond pairPartners: a restoration starts
// with pairCredit of them, and every pair found beyond the first
// pairPartners tries earns pairCredit more. On Enron such a pair took
// about 5,000 deep tries; on a web network, where a hub has 10^4 to 10^5
// deleted edges and few deep tries succeed, the credit runs out instead
// of making the pass quadratic (the uk-2007 sample's pass of pairs took
// 40 s with 32 tries, and was on course for 15 minutes with 4,096).
const pairCredit = 1 << 16

// roundYield: restoration starts another round only after one that gave
// back at least one in roundYield of the edges it tried, since a later
// round costs about as much per edge tried as the first. Enron's later
// rounds give back 8.6%, 3.1%, 1.3%, 1.5%, then 0.5%; on a population
// network of 10^6 ties they gave back 1.7%, 0.5%, 0.3% and less, at 15 to
// 50 s each, on a release that the k-automorphic start then replaced
// (2026-11-29, docs/performance.md, "A bound on the rounds"). Since the
// local search repairs its restorations with pairs, it gives back what
// the later rounds would, and sooner: with one in 10 instead of one in
// 100, Enron (default, full) kept 70.48%, 70.00% and 70.16% of its edges
// for seeds 1 to 3 in 30 to 35 s, against 70.47%, 69.30% and 68.91% in
// 43 to 48 s, and dblp-2010 773,655 edges in 58.4 s against 773,525 in
// 60.1 s (2026-11-30).
const roundYield = 10

// passYield and longPass: within a round, single restorations are tried
// again only after a pass that gave back something and, if it tried
// longPass edges or more, at least one in passYield of them. On a
// population network of 10^7 ties the passes from the 21st to the 64th of
// the first round tried 5.1 million edges each, took 17 minutes in all
// and gave back 480 a pass, 0.2% of the ties (2026-11-29,
// docs/performance.md, "Restoration's passes at 10^7 ties"); on Enron
// and dblp-2010, whose passes try under 10^5 edges in about a second, a
// bound of one in 10^4 kept from 609 edges fewer to 272 more after the
// local search, so they go on until a pass gives back nothing. With the
// bound, pop 10^7's restoration took 24.4 minutes instead of 41.6 and
// deleted 3,000 ties more (0.06% of those it kept; 2026-11-29,
// docs/performance.md, "A bound on long passes").
const (
	passYield = 10_000
	longPass  = 1 << 20
)

// pairYield and longPairs: a round's pairs end once they have searched
// for the partners of longPairs edges or more and found them for fewer
// than one in pairYield. On Enron (default, full, count, k = 2, seed 1,
// 2026-11-30) the restorations' rounds found partners for 9,004 of
// 86,983 edges, 2,676 of 70,995 and 83 of 63,626 (one in 767), and none
// of those rounds ends early; on a population network of 10^6 ties
// (`generate population -n 12121 --edges 1000000`, the cut's release
// restored) the first round found 40 of 454,548 (one in 11,364), 70% of
// the restoration's evaluations for 40 ties.
const (
	pairYield = 2_000
	longPairs = 1 << 16
)

// pairsEnd reports whether a round's pairs end after searches searches
// that found found partners.
func pairsEnd(found, searches int) bool {
	return searches >= longPairs && found*pairYield < searches
}

// singlesEnd reports whether a round's single restorations end after a
// pass that tried tried edges and gave back gave of them: when it gave
// back nothing, or, for a long pass, fewer than one in passYield.
func singlesEnd(gave, tried int) bool {
	return gave == 0 || tried >= longPass && gave*passYield < tried
}

// restorable is what restoration reads and moves: a release of the input
// whose deleted edges it re-adds one or two at a time, every move checked
// exactly. The usual path's solution is one; the lean path's leanState,
// which holds the input's sorted neighbour lists and the release's
// degrees and triangle counts instead of a graph and a partition, is the
// other. Edge ids are the input's, in ascending order of (U, V).
type restorable interface {
	// nodes returns the number of nodes.
	nodes() int
	// restoreProgress returns the progress report of a pass over total
	// edges (Config.hundredths of StageRestore).
	restoreProgress(total int) func(i int)
	// isDeleted reports whether the input's edge id is deleted.
	isDeleted(id int32) bool
	// numKept and numDeleted count the input's edges kept and deleted.
	numKept() int
	numDeleted() int
	// deletions yields the deleted ids in increasing order, each with its
	// edge.
	deletions() iter.Seq2[int32, graph.Edge]
	// inputEdge returns the input's edge id.
	inputEdge(id int32) graph.Edge
	// inputDegree returns the degree of v in the input.
	inputDegree(v int32) int
	// inputIncident yields the ids of the input's edges at v, in
	// increasing order.
	inputIncident(v int32) iter.Seq[int32]
	// anonymous returns the number of k-anonymous nodes.
	anonymous() int
	// apply toggles the edges ids as one move and returns the number of
	// nodes that are not k-anonymous after it.
	apply(ids ...int32) int
	// tryOK makes the move that toggles id if the state it reaches is ok
	// after one with anonymous0 k-anonymous nodes, and reports whether it
	// made it.
	tryOK(id int32, anonymous0 int) bool
	// ok reports whether the state is ok after one with anonymous0
	// k-anonymous nodes: at least as many k-anonymous nodes, up to the
	// target.
	ok(anonymous0 int) bool
	// commit forgets the last move.
	commit()
	// reapply toggles id again, undoing the last move where it was id's.
	reapply(id int32)
	// broken appends to dst the nodes that the last move made lose their
	// anonymity, in increasing order, then the ends of edge id.
	broken(dst []int32, id int32) []int32
}

// probing is a restorable whose single restorations can be checked
// without being made, by several goroutines at once: the lean path's
// leanState, whose check is arithmetic on degrees, triangles and class
// sizes. restoration then checks a batch of candidates on its workers and
// makes the first that fits (firstOK), which is the move it would have
// made trying them one after the other.
type probing interface {
	restorable
	// probers makes ready the scratch of goroutines 0 to n−1 (probeOK's w).
	probers(n int)
	// probeOK reports whether restoring the deleted edge id alone would
	// reach a state that is ok after one with anonymous0 k-anonymous
	// nodes, without restoring it, using the scratch of goroutine w.
	// Goroutines with different w may call it at once while nothing
	// else changes the state.
	probeOK(w int, id int32, anonymous0 int) bool
	// evaluated counts n evaluations that probeOK made and whose moves
	// were not made (each tryOK counts one).
	evaluated(n int)
}

// The solution's side of restorable.

func (s *solution) nodes() int { return s.n }
func (s *solution) restoreProgress(total int) func(i int) {
	return s.cfg.hundredths(StageRestore, total)
}
func (s *solution) isDeleted(id int32) bool               { return s.ids.isDeleted(id) }
func (s *solution) numKept() int                          { return s.ids.numKept() }
func (s *solution) numDeleted() int                       { return s.ids.numDeleted() }
func (s *solution) inputEdge(id int32) graph.Edge         { return s.in.edge(id) }
func (s *solution) inputDegree(v int32) int               { return s.in.degree(v) }
func (s *solution) inputIncident(v int32) iter.Seq[int32] { return s.in.incident(v) }

// restoration re-adds deleted edges of a release while the target stays
// met (run).
type restoration struct {
	s restorable
	// workers is the number of goroutines that check candidates where s
	// is probing; below 2, and for other states, they are tried one at a
	// time. The restoration is the same for any number.
	workers int
	// parallelFrom, if above 0, replaces minParallel (the tests share
	// small batches too).
	parallelFrom int
	// enough, if not nil, is asked after the first round with the number
	// of edges the solution keeps then; true ends the restoration there
	// (the refinement has a better start waiting: refinement.restore).
	enough func(kept int) bool
}

// run re-adds deleted edges while the target stays met (for a budgeted
// run: while no k-anonymous node is lost), first one at a time, then in
// pairs for the edges that cannot come back alone: an edge e that breaks
// the anonymity of some nodes is tried together with each deleted edge at
// those nodes or at e's ends. Every candidate is checked exactly and
// incrementally through the solution's moves. It returns the number of
// edges restored.
//
// A restored edge can make others restorable, alone or in pairs, so run
// works in rounds: the first tries every deleted edge, and each later one
// the edges still deleted at an end of an edge that the round before
// restored, until a round restores fewer than one in roundYield of the
// edges it tried, or until enough, asked after the first round, ends it
// there. Within a round, single restorations are repeated while a pass
// restores anything (a pass of longPass tries or more: at least one in
// passYield of them), and the pairs end once longPairs searches or more
// found partners for fewer than one in pairYield. The credit of deep partner tries (pairCredit)
// lasts over all rounds: the pairs of later
// rounds are mostly at hubs, deep in their lists, and a credit renewed per
// round ran out on the low-degree edges that come first (Enron, count,
// k = 2, seed 1, 2026-11-29: 680 pairs in the second round against 5,507).
//
// Candidates are tried in order of the degrees of their ends in the input,
// lowest first: an edge between low-degree nodes changes the signatures of
// fewer and more common nodes, so it is the likeliest to fit.
func (o restoration) run(ctx context.Context) int {
	s := o.s
	restored := 0
	// The order is fixed (input degrees, then ids), and no edge outside
	// the deleted set at the start is ever deleted here (a pair that fails
	// deletes its edge again), so the deleted edges are sorted once and
	// every pass skips the edges no longer deleted.
	order := o.order()
	round, later := order, []int32(nil) // later: the rounds after the first
	var touched marks.Set               // the ends of the edges this round restored
	touched.Reset(s.nodes(), 1)
	restore := func(id int32) {
		e := s.inputEdge(id)
		touched.Mark(e.U)
		touched.Mark(e.V)
		restored++
	}
	var broken, batch []int32
	var at []int       // the positions in round of batch's edges
	var seen marks.Set // the broken nodes whose edges have been tried
	lo, hi := 1, 1     // the sizes of the batches of single restorations
	if p := o.prober(); p != nil {
		p.probers(o.workers)
		lo, hi = minBatch, maxBatch
	}
	credit := pairCredit
	first := true
	for len(round) > 0 {
		before := restored
		progress := s.restoreProgress(len(round))
		// Singles, until a pass restores nothing, or too little for a
		// long pass.
		for {
			pass, tried := restored, 0
			size, far := lo, 0 // far: progress is given up to there
			for i := 0; i < len(round); {
				if ctx.Err() != nil {
					return restored
				}
				// The next batch of edges still deleted (the others were
				// restored in an earlier pass), tried in order up to the
				// first that fits; the pass goes on after it.
				batch, at = batch[:0], at[:0]
				for ; i < len(round) && len(batch) < size; i++ {
					if i >= far {
						progress(i)
						far = i + 1
					}
					if id := round[i]; s.isDeleted(id) {
						batch, at = append(batch, id), append(at, i)
					}
				}
				f := o.firstOK(batch, s.anonymous())
				if f < 0 {
					tried += len(batch)
					size = min(2*size, hi)
					continue
				}
				tried += f + 1
				restore(batch[f])
				i = at[f] + 1
				size = max(lo, min(hi, 2*(f+1)))
			}
			if singlesEnd(restored-pass, tried) {
				break
			}
		}
		// Pairs, until many searches have found too few (pairsEnd).
		searches, found := 0, 0
		for i, id := range round {
			if ctx.Err() != nil {
				return restored
			}
			progress(i)
			if !s.isDeleted(id) {
				continue // restored alone or as a partner
			}
			if pairsEnd(found, searches) {
				break
			}
			a0 := s.anonymous()
			s.apply(id)
			if s.ok(a0) { // possible after earlier pairs
				s.commit()
				restore(id)
				continue
			}
			s.commit()
			searches++
			if f := o.pair(id, s.broken(broken[:0], id), &seen, &credit, a0, &batch); f >= 0 {
				found++
				restore(id)
				restore(f)
			} else {
				s.reapply(id) // delete e again
			}
		}
		if first && o.enough != nil && o.enough(s.numKept()) {
			break
		}
		first = false
		if (restored-before)*roundYield < len(round) {
			break // nothing, or too little to pay for another round
		}
		later = o.next(later[:0], order, &touched)
		round = later
	}
	return restored
}

// next appends to dst the edges of order that are still deleted and have
// an end marked in touched, in the same order, and returns it: the next
// round's edges. It then clears touched.
func (o restoration) next(dst, order []int32, touched *marks.Set) []int32 {
	s := o.s
	for _, id := range order {
		if !s.isDeleted(id) {
			continue
		}
		if e := s.inputEdge(id); touched.Marked(e.U) || touched.Marked(e.V) {
			dst = append(dst, id)
		}
	}
	touched.Reset(s.nodes(), 1)
	return dst
}

// pair tries the partners of the restored edge id, which broke the
// anonymity of the nodes broken (its ends included), in the order of
// broken and, at each node, of the ids of its deleted edges, and keeps the
// first that restores the target of a solution that had a0 anonymous
// nodes; it returns that partner's id, or −1 if none did. It makes at
// most pairPartners tries, and more, up to maxPairPartners, while *credit
// lasts: each costs one, and a pair found among them earns pairCredit. A
// partner between two broken nodes is tried from both (trying it again
// changes nothing, and a list without repeats cost a search of the list
// per partner, quadratic in the bound). The partners are tried in
// batches (firstOK), one at a time on one worker and from minPairBatch
// up on several, gathered in *buf.
func (o restoration) pair(id int32, broken []int32, seen *marks.Set, credit *int, a0 int, buf *[]int32) int32 {
	s := o.s
	seen.Reset(s.nodes(), 1)
	limit := min(maxPairPartners, pairPartners+max(*credit, 0))
	tries, size := 0, 1
	if o.prober() != nil {
		size = minPairBatch
	}
	batch := (*buf)[:0]
	defer func() { *buf = batch }()
	// try tries the batch, spends the credit of its deep tries and
	// returns the partner that fits, or −1.
	try := func() int32 {
		f := o.firstOK(batch, a0)
		n := len(batch)
		if f >= 0 {
			n = f + 1
		}
		*credit -= max(0, tries+n-pairPartners) - max(0, tries-pairPartners)
		tries += n
		if f < 0 {
			batch, size = batch[:0], 2*size
			return -1
		}
		if tries > pairPartners {
			*credit += pairCredit // found deep
		}
		return batch[f]
	}
	for _, x := range broken {
		if seen.Marked(x) {
			continue
		}
		seen.Mark(x)
		for f := range s.inputIncident(x) {
			if f == id || !s.isDeleted(f) {
				continue
			}
			if tries+len(batch) == limit {
				break // a hub has thousands
			}
			if batch = append(batch, f); len(batch) == size {
				if p := try(); p >= 0 {
					return p
				}
			}
		}
		if tries+len(batch) == limit {
			break
		}
	}
	if len(batch) > 0 {
		return try()
	}
	return -1
}

// firstOK tries the deleted edges ids in order, each alone, on the
// solution that had anonymous0 k-anonymous nodes before them, and makes
// the first whose restoration leaves it ok: the move that trying them one
// at a time with tryOK makes, counted the same. It returns that edge's
// index in ids, or −1 if none fits. Where the state is probing, the
// candidates are checked on o.workers goroutines, in chunks of
// probeChunk taken in order, and checks beyond a fit already found are
// skipped.
func (o restoration) firstOK(ids []int32, anonymous0 int) int {
	s := o.s
	p := o.prober()
	from := minParallel
	if o.parallelFrom > 0 {
		from = o.parallelFrom
	}
	if p == nil || len(ids) < max(2, from) {
		for i, id := range ids {
			if s.tryOK(id, anonymous0) {
				s.commit()
				return i
			}
		}
		return -1
	}
	var first atomic.Int64 // the lowest index found to fit
	first.Store(int64(len(ids)))
	graph.ForChunks(len(ids), probeChunk, o.workers, func(w, lo, hi int) {
		for i := lo; i < hi && int64(i) < first.Load(); i++ {
			if p.probeOK(w, ids[i], anonymous0) {
				for f := first.Load(); int64(i) < f && !first.CompareAndSwap(f, int64(i)); f = first.Load() {
				}
				return
			}
		}
	})
	f := int(first.Load())
	if f == len(ids) {
		p.evaluated(len(ids))
		return -1
	}
	p.evaluated(f)
	s.apply(ids[f])
	s.commit()
	return f
}

// prober returns the state as probing where its candidates are shared
// among several workers, else nil.
func (o restoration) prober() probing {
	if p, ok := o.s.(probing); ok && o.workers > 1 {
		return p
	}
	return nil
}

// The batches of firstOK on several workers. Single restorations start
// at minBatch edges and double after a batch in which none fit, up to
// maxBatch; after one in which the f-th fit, the next has 2f (at least
// minBatch), so that a batch checks about twice as many as it needs where
// fits are as frequent as they were. The pairs' batches start at
// minPairBatch and double. (On one worker every batch is one candidate.) Only batches of
// minParallel or more are shared among the workers, probeChunk candidates
// at a time; smaller ones are tried in order on the calling goroutine. A
// check takes about 2 µs on a population network, and handing a batch to
// the workers costs tens of µs, so smaller shared batches lose: on one of
// 10^6 ties (`generate population -n 12121 --edges 1000000`, count,
// k = 2, 2026-11-30, before pairsEnd), restoring the cut's release took
// 35.1 s on one worker and, on two, 29.6 s with minParallel 64, 44.5 s
// with minParallel 32 and the pairs' batches starting at 32 (454,548 pair
// searches, of which 40 found a partner), and 51.6 s with minParallel 8.
const (
	minBatch     = 32
	maxBatch     = 2048
	minParallel  = 64
	minPairBatch = 8
	probeChunk   = 4
)

// order returns the deleted edges by the sum of their ends' degrees
// in the input, ties by id. It is a counting sort over one pass through
// the ids in increasing order, so that no edge's ends are searched for and
// nothing but the result is stored per edge.
func (o restoration) order() []int32 {
	s := o.s
	key := func(e graph.Edge) int { return s.inputDegree(e.U) + s.inputDegree(e.V) }
	var start []int32 // start[k]: where the edges of key k begin
	for _, e := range s.deletions() {
		k := key(e)
		if k+1 >= len(start) {
			start = append(start, make([]int32, k+2-len(start))...)
		}
		start[k+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	order := make([]int32, s.numDeleted())
	for id, e := range s.deletions() {
		k := key(e)
		order[start[k]] = id
		start[k]++
	}
	return order
}

// tryRestored moves the solution to the release that deletes the ids dels
// (a start's) and restores it. It keeps that state, and reports true with
// the number of edges restored, if the release meets the target and keeps
// more than margin times keptFrom edges restored; else it returns exactly
// to the state it was in (returnTo); so it does if ctx has ended before
// the restoration.
func (s *solution) tryRestored(ctx context.Context, dels []int32, margin float64, keptFrom int) (int, bool) {
	from := s.mark()
	s.moveTo(dels)
	if s.feasible() && ctx.Err() == nil {
		restored := restoration{s: s}.run(ctx)
		if float64(s.ids.numKept()) > margin*float64(keptFrom) {
			return restored, true
		}
	}
	s.returnTo(from)
	return 0, false
}
