package anonymize

import (
	"math/rand/v2"
	"testing"
)

// TestFenwick checks total, get and find for every unit of weight against
// the weights themselves, while positions change a few at a time or many
// at a time (the tree then rebuilds, or its list of changed blocks fills
// up), on sizes around the block size.
func TestFenwick(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 7, 8, 9, 31, 32, 33, 64, 65, 100, 1000} {
		w := make([]int64, n)
		for i := range w {
			w[i] = int64(r.IntN(4))
		}
		var f fenwick
		f.build(n, func(i int) int64 { return w[i] })
		for step := range 300 {
			// A few changes, or many (the tree then rebuilds), some
			// changed back, between two queries.
			changes := 0
			switch step % 3 {
			case 0:
				changes = 1
			case 1:
				changes = r.IntN(2*n + 1)
			}
			for range changes {
				i := r.IntN(n)
				old := w[i]
				if r.IntN(2) == 0 {
					w[i] = int64(r.IntN(5))
					f.set(i, w[i])
				} else {
					d := int64(r.IntN(5)) - w[i]
					w[i] += d
					f.add(i, d)
				}
				if r.IntN(4) == 0 {
					w[i] = old
					f.set(i, old)
				}
			}
			var total int64
			for _, x := range w {
				total += x
			}
			if f.total() != total {
				t.Fatalf("n=%d: total %d, want %d", n, f.total(), total)
			}
			// Every unit of weight maps to its position.
			var k int64
			for i, x := range w {
				for j := range x {
					if got := f.find(k); got != i {
						t.Fatalf("n=%d: find(%d) = %d, want %d (weights %v)", n, k, got, i, w)
					}
					if got, rest := f.locate(k); got != i || rest != j {
						t.Fatalf("n=%d: locate(%d) = %d, %d, want %d, %d (weights %v)", n, k, got, rest, i, j, w)
					}
					k++
				}
				if f.get(i) != x {
					t.Fatalf("get(%d) = %d, want %d", i, f.get(i), x)
				}
			}
		}
	}
}
