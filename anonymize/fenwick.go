package anonymize

import "math/bits"

// fenwick is a binary indexed tree over non-negative integer weights below
// 2^31 (counts of nodes or edges, or degrees): set a weight, total, and
// find the position of the k-th unit of weight.
//
// Updates are deferred: set changes the weight and the total at once, in
// O(1), and lists the position; the tree catches up at the next find, by
// one O(log n) update per changed position or, when more than about
// n / log n positions changed, by a rebuild in O(n). Anonymization changes
// the weights of millions of edges between two selections on large
// networks, far more than it draws.
type fenwick struct {
	tree    []int64   // 1-based partial sums of the weights the tree holds
	w       []weights // per position: the weight, and the one the tree holds
	pending []int32   // positions where the two may differ
	sum     int64     // the sum of the weights
	top     int       // highest power of two ≤ len(w)
}

// weights is a position's weight and the weight the tree holds for it,
// side by side (one cache line for set), 4 bytes each.
type weights struct{ cur, tree int32 }

// build makes the tree hold the weights weight(0..n-1), in O(n).
func (f *fenwick) build(n int, weight func(i int) int64) {
	f.w = append(f.w[:0], make([]weights, n)...)
	f.sum = 0
	for i := range n {
		x := weight(i)
		f.w[i].cur = int32(x)
		f.sum += x
	}
	f.top = 1
	for f.top*2 <= n {
		f.top *= 2
	}
	if n == 0 {
		f.top = 0
	}
	f.rebuild()
}

// rebuild makes the tree hold the current weights, in O(n).
func (f *fenwick) rebuild() {
	n := len(f.w)
	f.tree = append(f.tree[:0], make([]int64, n+1)...)
	for i := range f.w {
		x := f.w[i].cur
		f.w[i].tree = x
		f.tree[i+1] += int64(x)
		if j := (i + 1) + ((i + 1) & -(i + 1)); j <= n {
			f.tree[j] += f.tree[i+1]
		}
	}
	f.pending = f.pending[:0]
}

// set sets the weight at position i; the tree catches up at the next find.
func (f *fenwick) set(i int, x int64) {
	w := &f.w[i]
	if int64(w.cur) == x {
		return
	}
	if w.cur == w.tree {
		f.pending = append(f.pending, int32(i)) // i starts to differ
	}
	f.sum += x - int64(w.cur)
	w.cur = int32(x)
}

// flush brings the tree up to date with the weights.
func (f *fenwick) flush() {
	if len(f.pending) == 0 {
		return
	}
	if len(f.pending)*bits.Len(uint(len(f.w))) > len(f.w) {
		f.rebuild()
		return
	}
	for _, i := range f.pending {
		w := &f.w[i]
		d := int64(w.cur - w.tree)
		if d == 0 {
			continue // changed and changed back
		}
		w.tree = w.cur
		for j := int(i) + 1; j < len(f.tree); j += j & -j {
			f.tree[j] += d
		}
	}
	f.pending = f.pending[:0]
}

// get returns the weight at position i.
func (f *fenwick) get(i int) int64 { return int64(f.w[i].cur) }

// total returns the sum of all weights.
func (f *fenwick) total() int64 { return f.sum }

// find returns the position i whose weight covers unit k: the smallest i with
// w[0]+…+w[i] > k, for 0 ≤ k < total().
func (f *fenwick) find(k int64) int {
	f.flush()
	pos := 0
	for step := f.top; step > 0; step /= 2 {
		if next := pos + step; next < len(f.tree) && f.tree[next] <= k {
			pos = next
			k -= f.tree[next]
		}
	}
	// pos is now the largest 1-based prefix length whose sum is ≤ k, which
	// is the 0-based position of the weight covering unit k.
	return pos
}
