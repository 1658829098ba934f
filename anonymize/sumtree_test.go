package anonymize

import (
	"math/rand/v2"
	"testing"
)

// TestSumTree checks total, get and find for every unit of weight against
// the weights themselves, while positions change a few at a time or many
// at a time (the tree then rebuilds, or its list of changed blocks fills
// up) or behind its back (addShared, moveShared, then resync), on sizes around the block size and the sizes of the tree's levels
// (16 blocks of 32 positions: 512, then 8192, 131072).
func TestSumTree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 7, 8, 9, 31, 32, 33, 64, 65, 100, 511, 512, 513, 1000, 8193, 40000} {
		w := make([]int64, n)
		for i := range w {
			w[i] = int64(r.IntN(4))
		}
		var f sumTree
		f.build(n, func(i int) int64 { return w[i] })
		steps := 300
		if n > 1000 {
			steps = 12
		}
		for step := range steps {
			// A few changes, or many (the tree then rebuilds), some
			// changed back, between two queries.
			changes := 0
			switch step % 4 {
			case 0:
				changes = 1
			case 1:
				changes = r.IntN(2*n + 1)
			case 3:
				// Weights changed behind the tree's back, then resync:
				// additions, and moves (to itself: cleared).
				for range r.IntN(n + 1) {
					i, j := r.IntN(n), r.IntN(n)
					if r.IntN(2) == 0 {
						d := int32(r.IntN(5)) - int32(w[i])
						w[i] += int64(d)
						f.addShared(i, d)
					} else {
						w[i], w[j] = w[j], 0
						f.moveShared(i, j)
					}
				}
				f.resync()
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

// TestDrawnSet checks the k-th undrawn position against a scan of the
// marks, with positions marked and unmarked across word boundaries, and
// selectZero against hand-computed bits.
func TestDrawnSet(t *testing.T) {
	for _, c := range []struct {
		x    uint64
		k    int
		want int
	}{{0, 0, 0}, {0, 63, 63}, {1, 0, 1}, {0b1011, 1, 4}, {^uint64(0) >> 1, 0, 63}, {0xF0F0, 4, 8}} {
		if got := selectZero(c.x, c.k); got != c.want {
			t.Errorf("selectZero(%#x, %d) = %d, want %d", c.x, c.k, got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(4, 5))
	for _, n := range []int{1, 63, 64, 65, 200, 700} {
		var d drawnSet
		d.reset(n)
		drawn := make([]bool, n)
		count := 0
		for step := range 60 {
			i := r.IntN(n)
			if drawn[i] && step%5 != 0 {
				continue
			}
			drawn[i] = !drawn[i]
			d.set(i, drawn[i])
			if drawn[i] {
				count++
			} else {
				count--
			}
			if d.len() != count {
				t.Fatalf("n=%d: len %d, want %d", n, d.len(), count)
			}
			var k int64
			for p, x := range drawn {
				if x {
					continue
				}
				if got := d.undrawn(k); got != p {
					t.Fatalf("n=%d: undrawn(%d) = %d, want %d (marks %v)", n, k, got, p, drawn)
				}
				k++
			}
		}
	}
}
