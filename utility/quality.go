package utility

import (
	"fmt"
	"math"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// Modularity returns the modularity of the partition of g given by
// membership (membership[v] is the community of node v, any int32 >= 0):
//
//	Q = Σ_c [ L_c/m − γ (K_c / 2m)² ]
//
// where L_c is the number of edges inside community c, K_c the sum of the
// degrees of its nodes, m the number of edges and γ the resolution (Newman
// and Girvan 2004; Reichardt and Bornholdt 2006 for γ). It is NaN for a graph
// without edges.
func Modularity(g *graph.Graph, membership []int32, resolution float64) (float64, error) {
	n := g.NumNodes()
	if len(membership) != n {
		return math.NaN(), fmt.Errorf("modularity: membership has %d entries for %d nodes", len(membership), n)
	}
	memb, k, err := denseLabels(membership)
	if err != nil {
		return math.NaN(), fmt.Errorf("modularity: %w", err)
	}
	m := g.NumEdges()
	if m == 0 {
		return math.NaN(), nil
	}
	in := make([]int64, k)
	tot := make([]int64, k)
	for v := range n {
		c := memb[v]
		tot[c] += int64(g.Degree(int32(v)))
		for _, u := range g.Neighbors(int32(v)) {
			if int32(v) < u && memb[u] == c {
				in[c]++
			}
		}
	}
	q := 0.0
	twoM := 2 * float64(m)
	for c := range k {
		x := float64(tot[c]) / twoM
		q += float64(in[c])/float64(m) - resolution*x*x
	}
	return q, nil
}

// denseLabels renumbers labels to 0..k-1 in order of first appearance and
// returns them with k. Labels must be >= 0.
func denseLabels(labels []int32) ([]int32, int, error) {
	out := make([]int32, len(labels))
	maxl := int32(-1)
	for i, l := range labels {
		if l < 0 {
			return nil, 0, fmt.Errorf("label %d of element %d is negative", l, i)
		}
		maxl = max(maxl, l)
	}
	if int(maxl) < 4*len(labels)+64 {
		id := make([]int32, int(maxl)+1)
		for i := range id {
			id[i] = -1
		}
		k := int32(0)
		for i, l := range labels {
			if id[l] < 0 {
				id[l] = k
				k++
			}
			out[i] = id[l]
		}
		return out, int(k), nil
	}
	// Sparse labels: rank them by sorting.
	u := slices.Clone(labels)
	slices.Sort(u)
	u = slices.Compact(u)
	for i, l := range labels {
		j, _ := slices.BinarySearch(u, l)
		out[i] = int32(j)
	}
	return out, len(u), nil
}

// NMI returns the normalized mutual information of two partitions of the
// same elements, a[i] and b[i] being the parts of element i (any int32 >=
// 0):
//
//	NMI(a, b) = 2 I(a; b) / (H(a) + H(b))
//
// with I the mutual information and H the entropy of the part sizes (Danon et
// al. 2005; sklearn's normalized_mutual_info_score with the arithmetic mean,
// igraph's compare_communities with method "nmi"). It is 1 for identical
// partitions (up to the names of the parts), also when both have a single
// part, and 0 for independent ones. It returns an error if the lengths differ
// or are 0, or if a label is negative.
func NMI(a, b []int32) (float64, error) {
	if len(a) != len(b) {
		return math.NaN(), fmt.Errorf("nmi: partitions of %d and %d elements", len(a), len(b))
	}
	if len(a) == 0 {
		return math.NaN(), fmt.Errorf("nmi: empty partitions")
	}
	da, ka, err := denseLabels(a)
	if err != nil {
		return math.NaN(), fmt.Errorf("nmi: first partition: %w", err)
	}
	db, kb, err := denseLabels(b)
	if err != nil {
		return math.NaN(), fmt.Errorf("nmi: second partition: %w", err)
	}
	return nmiDense(da, ka, db, kb), nil
}

// nmiDense is NMI for labels a in 0..ka-1 and b in 0..kb-1, in O(n + ka + kb).
func nmiDense(a []int32, ka int, b []int32, kb int) float64 {
	n := len(a)
	na := make([]int, ka)
	nb := make([]int, kb)
	for i := range a {
		na[a[i]]++
		nb[b[i]]++
	}
	// Group the elements by their part in a (counting sort), then count
	// the parts in b within each group.
	start := make([]int, ka+1)
	for c, x := range na {
		start[c+1] = start[c] + x
	}
	pos := slices.Clone(start[:ka])
	byA := make([]int32, n)
	for i := range a {
		byA[pos[a[i]]] = int32(i)
		pos[a[i]]++
	}
	cnt := make([]int, kb)
	var touched []int32
	fn := float64(n)
	mi := 0.0
	cells := 0
	for c := range ka {
		touched = touched[:0]
		for _, i := range byA[start[c]:start[c+1]] {
			if cnt[b[i]] == 0 {
				touched = append(touched, b[i])
			}
			cnt[b[i]]++
		}
		for _, d := range touched {
			x := float64(cnt[d])
			mi += x / fn * math.Log(fn*x/(float64(na[c])*float64(nb[d])))
			cnt[d] = 0
		}
		cells += len(touched)
	}
	// Identical partitions up to naming: every part of a meets exactly one
	// part of b and vice versa. Say 1 exactly rather than a rounded ratio.
	if cells == ka && cells == kb {
		return 1
	}
	h := entropy(na, fn) + entropy(nb, fn)
	if h == 0 {
		return 1
	}
	return max(0, min(1, 2*mi/h))
}

func entropy(sizes []int, n float64) float64 {
	h := 0.0
	for _, s := range sizes {
		if s > 0 {
			p := float64(s) / n
			h -= p * math.Log(p)
		}
	}
	return h
}
