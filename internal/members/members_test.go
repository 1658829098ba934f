package members

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLists moves nodes at random between classes, undoing some moves, and
// checks every list against the classes kept apart in a slice, in both
// directions.
func TestLists(t *testing.T) {
	const n, classes = 40, 6
	r := rand.New(rand.NewPCG(1, 2))
	l := New(n)
	for c := range int32(classes) {
		if got := l.AddClass(); got != c {
			t.Fatalf("AddClass returned %d, want %d", got, c)
		}
	}
	of := make([]int32, n)
	for v := range int32(n) {
		of[v] = int32(r.IntN(classes))
		l.Push(v, of[v])
	}
	check := func(step int) {
		t.Helper()
		for c := range int32(classes) {
			var fwd, want []int32
			last := int32(-1)
			for x := l.Head[c]; x >= 0; x = l.Next[x] {
				if l.Prev[x] != last {
					t.Fatalf("step %d: class %d: %d's previous is %d, want %d", step, c, x, l.Prev[x], last)
				}
				fwd = append(fwd, x)
				last = x
			}
			for v := range int32(n) {
				if of[v] == c {
					want = append(want, v)
				}
			}
			slices.Sort(fwd)
			if !slices.Equal(fwd, want) {
				t.Fatalf("step %d: class %d holds %v, want %v", step, c, fwd, want)
			}
		}
	}
	check(0)
	for step := 1; step <= 500; step++ {
		v, c := int32(r.IntN(n)), int32(r.IntN(classes))
		from, p, nx := of[v], l.Prev[v], l.Next[v]
		l.Remove(v, from)
		if r.IntN(3) == 0 {
			l.PutBack(v, from, p, nx) // the move undone
			check(step)
			continue
		}
		l.Push(v, c)
		of[v] = c
		check(step)
		if r.IntN(4) == 0 {
			if got := l.Pop(c); got != v {
				t.Fatalf("step %d: Pop gave %d, want %d, joined last", step, got, v)
			}
			l.Push(v, c) // back, for the next steps
		}
	}
}
