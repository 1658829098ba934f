package graph

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
)

func TestForChunks(t *testing.T) {
	for _, tc := range []struct{ n, chunk, workers int }{
		{0, 4, 2}, {1, 4, 2}, {10, 3, 1}, {10, 3, 4}, {1000, 7, 3}, {1000, 0, 2},
	} {
		seen := make([]atomic.Int32, tc.n)
		busy := make([]atomic.Int32, max(1, tc.workers))
		ForChunks(tc.n, tc.chunk, tc.workers, func(w, lo, hi int) {
			if busy[w].Add(1) != 1 {
				t.Errorf("worker %d runs twice at once", w)
			}
			for i := lo; i < hi; i++ {
				seen[i].Add(1)
			}
			busy[w].Add(-1)
		})
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Fatalf("n=%d chunk=%d workers=%d: item %d done %d times", tc.n, tc.chunk, tc.workers, i, c)
			}
		}
	}
}

func TestForwardOrientation(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 30 {
		n := 1 + r.IntN(40)
		g := New(n)
		for range r.IntN(n * 4) {
			g.AddEdge(int32(r.IntN(n)), int32(r.IntN(n)))
		}
		deg := make([]int32, n)
		for v := range n {
			deg[v] = int32(g.Degree(int32(v)))
		}
		f, err := NewForward(deg, func(yield func(u, v int32) error) error {
			for _, e := range g.Edges() {
				if err := yield(e.V, e.U); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if f.NumEdges() != g.NumEdges() || f.NumNodes() != n {
			t.Fatalf("trial %d: %d nodes %d edges, want %d, %d", trial, f.NumNodes(), f.NumEdges(), n, g.NumEdges())
		}
		// Every edge once, at its lower-ranked end.
		var got []Edge
		for u := range int32(n) {
			for _, v := range f.Out(u) {
				du, dv := g.Degree(u), g.Degree(v)
				if du > dv || du == dv && u > v {
					t.Fatalf("trial %d: %d → %d points down", trial, u, v)
				}
				got = append(got, MakeEdge(u, v))
			}
		}
		slices.SortFunc(got, func(a, b Edge) int { return int(a.U-b.U)*1000 + int(a.V-b.V) })
		if !slices.Equal(got, g.SortedEdges()) {
			t.Fatalf("trial %d: edges %v, want %v", trial, got, g.SortedEdges())
		}
		// The components, from the out-lists alone.
		_, want := g.Components()
		sizes := f.ComponentSizes()
		slices.Sort(want)
		slices.Sort(sizes)
		if !slices.Equal(sizes, want) {
			t.Fatalf("trial %d: component sizes %v, want %v", trial, sizes, want)
		}
	}
}

func TestForwardRefusesChangingStreams(t *testing.T) {
	deg := []int32{1, 2, 1}
	calls := 0
	_, err := NewForward(deg, func(yield func(u, v int32) error) error {
		calls++
		if err := yield(0, 1); err != nil {
			return err
		}
		if calls == 2 {
			return yield(0, 1) // a third edge on the second reading
		}
		return yield(1, 2)
	})
	if !errors.Is(err, errChanged) {
		t.Fatalf("a stream that changes: err = %v", err)
	}
	_, err = NewForward([]int32{1, 1}, func(yield func(u, v int32) error) error { return yield(0, 5) })
	if !errors.Is(err, errChanged) {
		t.Fatalf("an edge out of range: err = %v", err)
	}
	_, err = NewForward([]int32{2, 2, 2}, func(yield func(u, v int32) error) error { return yield(0, 1) })
	if !errors.Is(err, errChanged) {
		t.Fatalf("fewer edges than the degrees say: err = %v", err)
	}
}
