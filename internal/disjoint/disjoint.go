package disjoint

// Sets is a partition of 0..n−1 into disjoint sets. The zero value holds
// no elements; Reset makes n singletons. It is not safe for concurrent
// use.
type Sets struct {
	parent []int32
	size   []int32
}

// Reset makes every element of 0..n−1 a set of its own, reusing memory.
func (s *Sets) Reset(n int) {
	if cap(s.parent) < n {
		s.parent, s.size = make([]int32, n, n+n/4), make([]int32, n, n+n/4)
	}
	s.parent, s.size = s.parent[:n], s.size[:n]
	for i := range n {
		s.parent[i], s.size[i] = int32(i), 1
	}
}

// Len returns the number of elements.
func (s *Sets) Len() int { return len(s.parent) }

// Single makes x a set of its own again. Every element that was merged
// with x must be made single too before the sets are used (a caller that
// starts a partition of some elements over).
func (s *Sets) Single(x int32) { s.parent[x], s.size[x] = x, 1 }

// Find returns the root of x's set: two elements are in one set exactly
// when they have the same root.
func (s *Sets) Find(x int32) int32 {
	p := s.parent
	for p[x] != x {
		p[x] = p[p[x]]
		x = p[x]
	}
	return x
}

// Union merges the sets of a and b and returns the root of the merged set
// and whether the two were apart. The larger set's root stays the root
// (the smaller of the two roots if they are as large).
func (s *Sets) Union(a, b int32) (int32, bool) {
	a, b = s.Find(a), s.Find(b)
	if a == b {
		return a, false
	}
	if s.size[a] < s.size[b] || s.size[a] == s.size[b] && b < a {
		a, b = b, a
	}
	s.parent[b] = a
	s.size[a] += s.size[b]
	return a, true
}

// Size returns the number of elements in x's set.
func (s *Sets) Size(x int32) int32 { return s.size[s.Find(x)] }
