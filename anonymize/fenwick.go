package anonymize

// fenwick is a binary indexed tree over non-negative integer weights: set a
// weight, total, and find the position of the k-th unit of weight, each in
// O(log n).
type fenwick struct {
	tree []int64 // 1-based partial sums
	w    []int64 // the weights
	sum  int64
	top  int // highest power of two ≤ len(w)
}

// build makes the tree hold the weights weight(0..n-1), in O(n).
func (f *fenwick) build(n int, weight func(i int) int64) {
	f.w = append(f.w[:0], make([]int64, n)...)
	f.tree = append(f.tree[:0], make([]int64, n+1)...)
	f.sum = 0
	for i := range n {
		x := weight(i)
		f.w[i] = x
		f.sum += x
		f.tree[i+1] += x
		if j := (i + 1) + ((i + 1) & -(i + 1)); j <= n {
			f.tree[j] += f.tree[i+1]
		}
	}
	f.top = 1
	for f.top*2 <= n {
		f.top *= 2
	}
	if n == 0 {
		f.top = 0
	}
}

// set sets the weight at position i.
func (f *fenwick) set(i int, x int64) {
	d := x - f.w[i]
	if d == 0 {
		return
	}
	f.w[i] = x
	f.sum += d
	for j := i + 1; j < len(f.tree); j += j & -j {
		f.tree[j] += d
	}
}

// get returns the weight at position i.
func (f *fenwick) get(i int) int64 { return f.w[i] }

// total returns the sum of all weights.
func (f *fenwick) total() int64 { return f.sum }

// find returns the position i whose weight covers unit k: the smallest i with
// w[0]+…+w[i] > k, for 0 ≤ k < total().
func (f *fenwick) find(k int64) int {
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
