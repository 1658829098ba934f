package anonymize

import (
	"math/bits"
	"sync/atomic"
)

// sumTree holds non-negative integer weights below 2^31 (counts of nodes or
// edges, or degrees) at positions 0..n−1: set a weight, total, and find
// the position of the k-th unit of weight.
//
// The weights are grouped in blocks of sumTreeBlock consecutive positions,
// and the blocks' sums in a tree of sumTreeFan-way nodes: each level holds
// the sums of sumTreeFan consecutive entries of the level below, up to a
// top of at most sumTreeFan. A find scans at most sumTreeFan sums per level
// from the top, then a block's weights. It takes about 4.5 bytes per
// position, and its few levels stay in the caches: ua keeps two of them
// over the edges of networks of 10^8 edges. (Its first form, a binary
// indexed tree over the blocks, found the same positions; on cnr-2000 ua's
// draws took 0.93 s with it and 0.55 s with this one.)
//
// Updates are deferred: set changes the weight, its block's sum and the
// total at once, in O(1), and lists the block; the tree catches up at the
// next find, by one update of each level per changed block or, when more
// blocks changed than that pays for, by a rebuild. Anonymization changes
// the weights of millions of edges between two selections on large
// networks, far more than it draws.
type sumTree struct {
	w       []int32    // the weight of every position
	block   []blockSum // per block
	levels  [][]int64  // levels[0] sums sumTreeFan blocks' tree sums each, levels[l] sumTreeFan entries of levels[l−1]
	pending []int32    // blocks whose two sums may differ (with repeats)
	sum     int64      // the sum of the weights
}

// sumTreeShift is log2 of the number of positions in a block, sumTreeFan
// the number of children of a node of the tree over the blocks (a power of
// two, 2^sumTreeFanShift).
const (
	sumTreeShift    = 5
	sumTreeBlock    = 1 << sumTreeShift
	sumTreeFanShift = 4
	sumTreeFan      = 1 << sumTreeFanShift
)

// blockSum is a block's sum of weights and the sum the tree holds for it,
// side by side (one cache line for set).
type blockSum struct{ cur, tree int64 }

// build makes the tree hold the weights weight(0..n-1), in O(n).
func (f *sumTree) build(n int, weight func(i int) int64) {
	w := append(f.w[:0], make([]int32, n)...)
	for i := range w {
		w[i] = int32(weight(i))
	}
	f.adopt(w)
}

// adopt makes the tree hold the weights w, in O(len(w)). The tree keeps w
// and changes it from then on; a later build writes into it too.
func (f *sumTree) adopt(w []int32) {
	f.w = w
	nb := (len(w) + sumTreeBlock - 1) >> sumTreeShift
	f.block = append(f.block[:0], make([]blockSum, nb)...)
	f.sum = 0
	for i, x := range w {
		f.block[i>>sumTreeShift].cur += int64(x)
		f.sum += int64(x)
	}
	// The levels' sizes: each a sumTreeFan-th of the one below, rounded
	// up, until one has at most sumTreeFan entries.
	f.levels = f.levels[:0]
	for size := nb; size > sumTreeFan; {
		size = (size + sumTreeFan - 1) >> sumTreeFanShift
		f.levels = append(f.levels, make([]int64, size))
	}
	f.rebuild()
}

// rebuild makes the tree hold the blocks' current sums, in O(n/sumTreeBlock).
func (f *sumTree) rebuild() {
	for b := range f.block {
		f.block[b].tree = f.block[b].cur
	}
	for l, lev := range f.levels {
		clear(lev)
		if l == 0 {
			for b := range f.block {
				lev[b>>sumTreeFanShift] += f.block[b].tree
			}
			continue
		}
		for j, x := range f.levels[l-1] {
			lev[j>>sumTreeFanShift] += x
		}
	}
	f.pending = f.pending[:0]
}

// set sets the weight at position i; the tree catches up at the next find.
func (f *sumTree) set(i int, x int64) {
	old := int64(f.w[i])
	if old == x {
		return
	}
	f.w[i] = int32(x)
	b := &f.block[i>>sumTreeShift]
	if b.cur == b.tree { // the block starts to differ
		if len(f.pending) >= len(f.block) {
			f.rebuild() // repeats: a rebuild costs less than listing more
		}
		f.pending = append(f.pending, int32(i>>sumTreeShift))
	}
	b.cur += x - old
	f.sum += x - old
}

// add adds d to the weight at position i (the result must stay
// non-negative).
func (f *sumTree) add(i int, d int64) { f.set(i, int64(f.w[i])+d) }

// addShared adds d to the weight at position i like add, but safely while
// other goroutines call addShared too (the weight must stay non-negative).
// Only the weight changes: resync brings the blocks' sums, the total and the
// tree up to date afterwards, and no other method may be called in between.
func (f *sumTree) addShared(i int, d int32) { atomic.AddInt32(&f.w[i], d) }

// moveShared moves the weight at position from to position to, leaving 0
// at from (to == from: sets it to 0), like addShared: resync brings the
// rest up to date.
func (f *sumTree) moveShared(to, from int) {
	f.w[to] = f.w[from]
	f.w[from] = 0
}

// resync recomputes the blocks' sums and the total from the weights, after
// addShared and moveShared, and rebuilds the tree, in O(n).
func (f *sumTree) resync() {
	f.sum = 0
	for b := range f.block {
		lo := b << sumTreeShift
		s := int64(0)
		for _, x := range f.w[lo:min(lo+sumTreeBlock, len(f.w))] {
			s += int64(x)
		}
		f.block[b].cur = s
		f.sum += s
	}
	f.rebuild()
}

// flush brings the tree up to date with the blocks' sums.
func (f *sumTree) flush() {
	if len(f.pending) == 0 {
		return
	}
	nb := len(f.block)
	if len(f.pending)*(len(f.levels)+1) > nb {
		f.rebuild()
		return
	}
	for _, b := range f.pending {
		bs := &f.block[b]
		d := bs.cur - bs.tree
		if d == 0 {
			continue // changed and changed back, or listed twice
		}
		bs.tree = bs.cur
		j := int(b)
		for _, lev := range f.levels {
			j >>= sumTreeFanShift
			lev[j] += d
		}
	}
	f.pending = f.pending[:0]
}

// get returns the weight at position i.
func (f *sumTree) get(i int) int64 { return int64(f.w[i]) }

// total returns the sum of all weights.
func (f *sumTree) total() int64 { return f.sum }

// find returns the position i whose weight covers unit k: the smallest i with
// w[0]+…+w[i] > k, for 0 ≤ k < total().
func (f *sumTree) find(k int64) int {
	i, _ := f.locate(k)
	return i
}

// locate returns find(k) and how many units of weight of that position lie
// before unit k: k − (w[0]+…+w[i−1]).
func (f *sumTree) locate(k int64) (int, int64) {
	f.flush()
	// From the top, the first entry of each level whose sum covers unit
	// k, then the first of its children; a level's last candidate is
	// taken without a test (k < total: it must cover it).
	b := 0
	for l := len(f.levels) - 1; l >= 0; l-- {
		lev := f.levels[l]
		for end := min(b+sumTreeFan, len(lev)) - 1; b < end && lev[b] <= k; b++ {
			k -= lev[b]
		}
		b <<= sumTreeFanShift
	}
	for end := min(b+sumTreeFan, len(f.block)) - 1; b < end && f.block[b].tree <= k; b++ {
		k -= f.block[b].tree
	}
	// Unit k lies in block b; its weights place it.
	i := b << sumTreeShift
	for end := min(i+sumTreeBlock, len(f.w)) - 1; i < end; i++ {
		x := int64(f.w[i])
		if k < x {
			break
		}
		k -= x
	}
	return i, k
}

// drawnSet marks positions 0..n−1 as drawn and finds the k-th position not
// drawn, in O(log(n/64)): one bit per position, and a sumTree over the
// words of 64 bits weighted by the positions each word leaves undrawn
// (about 0.2 bytes per position; a sumTree of unit weights per position
// takes 4.5 and finds the same position for the same k).
type drawnSet struct {
	bits  []uint64
	free  sumTree // per word: its positions not drawn
	drawn int     // positions drawn
}

// reset makes n positions, none drawn.
func (d *drawnSet) reset(n int) {
	d.bits = append(d.bits[:0], make([]uint64, (n+63)/64)...)
	d.free.build(len(d.bits), func(int) int64 { return 64 })
	d.drawn = 0
}

// len returns the number of positions drawn.
func (d *drawnSet) len() int { return d.drawn }

// set marks position i drawn or, with on false, not; it must change.
func (d *drawnSet) set(i int, on bool) {
	w, bit := i>>6, uint64(1)<<(i&63)
	d.bits[w] ^= bit
	if on {
		d.free.add(w, -1)
		d.drawn++
	} else {
		d.free.add(w, 1)
		d.drawn--
	}
}

// undrawn returns the k-th position (from 0, ascending) not drawn. The
// last word's positions past n count as not drawn, but they come after
// all others: for k below the number of positions under n not drawn, the
// result is under n.
func (d *drawnSet) undrawn(k int64) int {
	w, k := d.free.locate(k)
	return w<<6 + selectZero(d.bits[w], int(k))
}

// selectZero returns the position of the k-th zero bit of x (from 0, the
// lowest first); x must have more than k zero bits.
func selectZero(x uint64, k int) int {
	y := ^x
	for range k {
		y &= y - 1
	}
	return bits.TrailingZeros64(y)
}
