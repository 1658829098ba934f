package marks

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSet checks Set against a plain array of levels cleared at every
// Reset and Next, over random marks and resets with changing numbers of levels,
// with the generation counter started near the end of its range so that
// it wraps around several times.
func TestSet(t *testing.T) {
	for _, start := range []uint32{0, math.MaxUint32 - 40, math.MaxUint32 - 3} {
		r := rand.New(rand.NewPCG(uint64(start), 9))
		const n = 50
		var m Set
		m.Reset(n, 1)
		if start != 0 {
			m.gen, m.next = start, uint64(start)+uint64(m.levels) // as if after many generations
		}
		want := make([]int, n) // the level of each id, -1 when unmarked
		levels := 1
		reset := func() {
			levels = r.IntN(4) - 1 // -1 and 0 count as 1
			m.Reset(n, levels)
			levels = max(levels, 1)
			for i := range want {
				want[i] = -1
			}
		}
		reset()
		for step := range 5000 {
			v := int32(r.IntN(n))
			switch op := r.IntN(10); {
			case op == 0:
				reset()
			case op == 1:
				m.Next()
				levels = 1
				for i := range want {
					want[i] = -1
				}
			case op < 5:
				l := r.IntN(levels)
				m.MarkLevel(v, l)
				want[v] = l
			case op < 6:
				m.Unmark(v)
				want[v] = -1
			case op < 7:
				m.Mark(v)
				want[v] = 0
			}
			for x := range int32(n) {
				if m.Marked(x) != (want[x] >= 0) {
					t.Fatalf("start %d, step %d: Marked(%d) = %v, want level %d (gen %d, levels %d)", start, step, x, m.Marked(x), want[x], m.gen, m.levels)
				}
				for l := range levels {
					if m.MarkedAt(x, l) != (want[x] == l) {
						t.Fatalf("start %d, step %d: MarkedAt(%d, %d) = %v, want level %d", start, step, x, l, m.MarkedAt(x, l), want[x])
					}
				}
			}
		}
		if start != 0 && m.gen > start {
			t.Errorf("start %d: the generation never wrapped (now %d)", start, m.gen)
		}
	}
}

// TestSetGrow checks that a larger Reset keeps nothing marked.
func TestSetGrow(t *testing.T) {
	var m Set
	m.Reset(3, 1)
	m.Mark(2)
	m.Reset(100, 2)
	if m.Len() < 100 {
		t.Fatalf("Len %d after Reset(100)", m.Len())
	}
	for v := range int32(100) {
		if m.Marked(v) {
			t.Errorf("%d marked after Reset", v)
		}
	}
	m.MarkLevel(99, 1)
	if !m.Marked(99) || m.MarkedAt(99, 0) || !m.MarkedAt(99, 1) {
		t.Errorf("level 1 of 99 not as marked")
	}
}
