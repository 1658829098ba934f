package utility

import (
	"cmp"
	"math"
	"slices"
)

// TopK returns the min(k, len(values)) nodes with the largest values, largest
// first. Ties are broken in favour of the smaller node id, so the result is
// fully determined by the values.
func TopK(values []float64, k int) []int32 {
	return topK(values, k, nil)
}

// topK is TopK with ties broken by key[v] instead of v when key is not nil.
func topK(values []float64, k int, key []int32) []int32 {
	k = max(0, min(k, len(values)))
	idx := allNodes(len(values))
	id := func(v int32) int32 {
		if key != nil {
			return key[v]
		}
		return v
	}
	slices.SortFunc(idx, func(a, b int32) int {
		if c := cmp.Compare(values[b], values[a]); c != 0 {
			return c
		}
		return cmp.Compare(id(a), id(b))
	})
	return idx[:k:k]
}

// TopOverlap returns the fraction of the k most central nodes of the first
// graph (by values a) whose counterparts are among the k most central nodes
// of the second (by values b): |Top_k(a) ∩ Top_k(b)| / k, the reference's
// centrality utility for k = 100. corr[v] is the node of the second graph
// that corresponds to node v of the first, or -1 if none; nil means that
// node v corresponds to node v. k is first reduced to the number of nodes of
// the smaller graph; the overlap is NaN if that leaves 0. Ties in the second
// graph are broken by the ids of the corresponding nodes of the first, so
// that equal graphs have overlap 1.
func TopOverlap(a, b []float64, k int, corr []int32) float64 {
	k = min(k, len(a), len(b))
	if k <= 0 {
		return math.NaN()
	}
	// key[w] is the first graph's id of w, or a larger id if w has none.
	key := make([]int32, len(b))
	for w := range key {
		key[w] = int32(len(a) + w)
	}
	for v := range a {
		w := int32(v)
		if corr != nil {
			w = corr[v]
		}
		if w >= 0 && int(w) < len(b) {
			key[w] = int32(v)
		}
	}
	inB := make([]bool, len(b))
	for _, w := range topK(b, k, key) {
		inB[w] = true
	}
	hits := 0
	for _, v := range topK(a, k, nil) {
		w := v
		if corr != nil {
			w = corr[v]
		}
		if w >= 0 && int(w) < len(b) && inB[w] {
			hits++
		}
	}
	return float64(hits) / float64(k)
}
