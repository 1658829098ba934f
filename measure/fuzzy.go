package measure

import "github.com/anonet-project/anonet/graph"

// Fuzzy is implemented by the measures for which a difference between
// signatures, and so fuzzy anonymity, is defined: count, degree, edgecount
// and none. (The reference tool's difference of the other measures is 0 for
// equal signatures and 100 otherwise, which adds nothing to exact anonymity.)
type Fuzzy interface {
	Measure
	// AppendValues appends to dst the numbers the difference compares, two
	// for every level t = 1..d: for count (|B_t|−1, |E(G[B_t])|−(|B_t|−1)),
	// at t = 1 degree and triangles; for degree (deg, 0) at every level; for edgecount
	// (|E(G[B_t])|, 0). b is scratch space.
	AppendValues(dst []int, g *graph.Graph, v int32, d int, b *graph.Ball) []int
}

// Difference returns the difference from a to b in percent, for value
// slices from AppendValues: the largest difference over all coordinates,
// where the difference from x to y is 0 if x = y, 100 if x = 0 ≠ y, and
// otherwise max(1, ⌈100·|x−y|/x⌉). It is asymmetric: the difference is
// relative to a's values (SPEC §2.4, with its recommended fix for x = 0).
func Difference(a, b []int) int {
	d := 0
	for i := range a {
		d = max(d, coordDiff(a[i], b[i]))
	}
	return d
}

func coordDiff(x, y int) int {
	switch {
	case x == y:
		return 0
	case x == 0:
		return 100
	}
	diff := x - y
	if diff < 0 {
		diff = -diff
	}
	// ⌈100·diff/x⌉ in integers.
	return max(1, (100*diff+x-1)/x)
}

// AppendValues appends (|B_t|−1, |E(G[B_t])|−(|B_t|−1)) for t = 1..d.
func (Count) AppendValues(dst []int, g *graph.Graph, v int32, d int, b *graph.Ball) []int {
	return appendLevelCounts(dst, g, v, d, b, true)
}

// AppendValues appends (deg, 0) for every level t = 1..d.
func (Degree) AppendValues(dst []int, g *graph.Graph, v int32, d int, b *graph.Ball) []int {
	for range d {
		dst = append(dst, g.Degree(v), 0)
	}
	return dst
}

// AppendValues appends (|E(G[B_t])|, 0) for t = 1..d.
func (EdgeCount) AppendValues(dst []int, g *graph.Graph, v int32, d int, b *graph.Ball) []int {
	return appendLevelCounts(dst, g, v, d, b, false)
}

// appendLevelCounts appends, for t = 1..d, the node and edge counts of the
// ball B_t(v) as count (nodes = true) or edgecount writes them. The counts
// come from the layered degrees of Graph.BallDegrees, without building the
// ball's subgraph: an edge of G[B_d] between the layers s ≤ t belongs to
// B_t and first to B_t at t, where its farther end is counted by Lower (s <
// t) or, once from each end, by Same (s = t).
func appendLevelCounts(dst []int, g *graph.Graph, v int32, d int, b *graph.Ball, nodes bool) []int {
	b = g.BallDegrees(v, d, b)
	var nbuf, ebuf, sbuf [8]int // no allocation for d < 8
	nodesAt, edgesAt, sameAt := nbuf[:], ebuf[:], sbuf[:]
	if d+1 > len(nbuf) {
		nodesAt, edgesAt, sameAt = make([]int, d+1), make([]int, d+1), make([]int, d+1)
	}
	nodesAt, edgesAt, sameAt = nodesAt[:d+1], edgesAt[:d+1], sameAt[:d+1]
	for i, di := range b.Dist {
		nodesAt[di]++
		edgesAt[di] += int(b.Lower[i])
		sameAt[di] += int(b.Same[i])
	}
	nn, ne := nodesAt[0], 0
	for t := 1; t <= d; t++ {
		nn += nodesAt[t]
		ne += edgesAt[t] + sameAt[t]/2
		dst = appendCounts(dst, nn, ne, nodes)
	}
	return dst
}

// appendCounts appends the values of one level for a ball of nn nodes and
// ne edges: (nn−1, ne−(nn−1)) for count (nodes = true), (ne, 0) for
// edgecount.
func appendCounts(dst []int, nn, ne int, nodes bool) []int {
	if nodes {
		return append(dst, nn-1, ne-(nn-1))
	}
	return append(dst, ne, 0)
}
