package disjoint

import (
	"math/rand/v2"
	"testing"
)

// TestSets merges random pairs and compares every answer with a naive
// labelling of the elements (relabel one set's members on every merge).
func TestSets(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 200
	var s Sets
	s.Reset(n)
	label := make([]int, n)
	for i := range label {
		label[i] = i
	}
	for step := range 400 {
		a, b := int32(r.IntN(n)), int32(r.IntN(n))
		_, merged := s.Union(a, b)
		if merged != (label[a] != label[b]) {
			t.Fatalf("step %d: Union(%d, %d) merged %v, naive %v", step, a, b, merged, label[a] != label[b])
		}
		if la, lb := label[a], label[b]; la != lb {
			for i := range label {
				if label[i] == lb {
					label[i] = la
				}
			}
		}
		x, y := int32(r.IntN(n)), int32(r.IntN(n))
		if (s.Find(x) == s.Find(y)) != (label[x] == label[y]) {
			t.Fatalf("step %d: %d and %d together %v, naive %v", step, x, y, s.Find(x) == s.Find(y), label[x] == label[y])
		}
		size := 0
		for i := range label {
			if label[i] == label[x] {
				size++
			}
		}
		if int(s.Size(x)) != size {
			t.Fatalf("step %d: Size(%d) = %d, naive %d", step, x, s.Size(x), size)
		}
	}
	// Single starts a subset over: the elements of one set, made single,
	// are apart again.
	root := s.Find(0)
	var members []int32
	for i := range int32(n) {
		if s.Find(i) == root {
			members = append(members, i)
		}
	}
	for _, m := range members {
		s.Single(m)
	}
	for _, m := range members {
		if s.Find(m) != m || s.Size(m) != 1 {
			t.Fatalf("%d is not single after Single", m)
		}
	}
}
