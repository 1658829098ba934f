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

// smallRandomGraph returns a graph of 1 to maxN nodes and fewer than
// perNode times as many edge draws (repeats and loops dropped), drawn
// from r; with hubs, every edge has one end among the first eighth of
// the nodes.
func smallRandomGraph(r *rand.Rand, maxN, perNode int, hubs bool) *Graph {
	n := 1 + r.IntN(maxN)
	g := New(n)
	for range r.IntN(n * perNode) {
		u := int32(r.IntN(n))
		if hubs {
			u = int32(r.IntN(1 + n/8))
		}
		g.AddEdge(u, int32(r.IntN(n)))
	}
	return g
}

func TestForwardOrientation(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 30 {
		g := smallRandomGraph(r, 40, 4, false)
		n := g.NumNodes()
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

// shuffledLattice returns the forward orientation of the ring lattice on
// n nodes in which every node is tied to its next w nodes round the ring,
// with its ids drawn at random from r.
func shuffledLattice(n, w int, r *rand.Rand) *Forward {
	perm := make([]int32, n)
	for i, p := range r.Perm(n) {
		perm[i] = int32(p)
	}
	deg := make([]int32, n)
	for v := range deg {
		deg[v] = int32(2 * w)
	}
	f, err := NewForward(deg, func(yield func(u, v int32) error) error {
		for i := range n {
			for j := 1; j <= w; j++ {
				if err := yield(perm[i], perm[(i+j)%n]); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		panic(err) // the stream gives each node the degree it is said to have
	}
	return f
}

// TestLocalized checks that Localized renumbers the graph and nothing
// else (a permutation of the ids, the same edges renumbered, the same
// triangle counts by the old ids, on random graphs with hubs and
// isolated nodes), and that it gathers what its name says: a shuffled
// ring lattice, whose ids are scattered, has none far apart once
// renumbered breadth-first.
func TestLocalized(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 60 {
		g := smallRandomGraph(r, 60, 5, trial%3 == 0)
		n := g.NumNodes()
		f := g.forward(false)
		h, newID := f.Localized()
		seen := make([]bool, n)
		for _, id := range newID {
			if id < 0 || int(id) >= n || seen[id] {
				t.Fatalf("trial %d: new ids %v are not a permutation", trial, newID)
			}
			seen[id] = true
		}
		want := make([]Edge, 0, g.NumEdges())
		for _, e := range g.Edges() {
			want = append(want, MakeEdge(newID[e.U], newID[e.V]))
		}
		var got []Edge
		for v, id := range newID {
			if h.Degree(id) != f.Degree(int32(v)) {
				t.Fatalf("trial %d: node %d (%d before) has degree %d, want %d", trial, id, v, h.Degree(id), f.Degree(int32(v)))
			}
		}
		for u := range int32(n) {
			for _, v := range h.Out(u) {
				got = append(got, MakeEdge(u, v))
			}
		}
		cmp := func(a, b Edge) int { return int(a.U-b.U)*1000 + int(a.V-b.V) }
		slices.SortFunc(want, cmp)
		slices.SortFunc(got, cmp)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: edges %v, want %v", trial, got, want)
		}
		for _, threads := range []int{1, 3} {
			if got, want := f.TriangleCountsLocalized(threads), g.TriangleCounts(1); !slices.Equal(got, want) {
				t.Fatalf("trial %d, %d threads: triangles %v, want %v", trial, threads, got, want)
			}
		}
	}

	const n, w = 1 << 18, 3
	f := shuffledLattice(n, w, r)
	h, _ := f.Localized()
	// Out of a node's 2w neighbours the count scans, per edge, the
	// out-list of one of higher rank, which holds fewer than w of them
	// (about (2w−1)/3); only the shuffled ids are scattered; the real
	// bounds ask for more nodes and more work.
	for _, tc := range []struct {
		f                 *Forward
		minNodes, minWork int
		want              bool
	}{
		{f, n, 1, true}, {f, n, w, false}, {f, n + 1, 1, false}, {h, n, 1, false},
		{f, localizeMinNodes, localizeMinWork, false},
	} {
		if got := tc.f.localizingPays(tc.minNodes, tc.minWork); got != tc.want {
			t.Errorf("localizingPays(%d, %d) on the lattice (localized: %t) = %t, want %t", tc.minNodes, tc.minWork, tc.f == h, got, tc.want)
		}
	}
	// Breadth-first from one node of the ring, every layer of the search
	// is the next w nodes along both arcs, and neighbours lie in the same
	// layer or next ones: fewer than 4w ids apart.
	for u := range int32(n) {
		for _, v := range h.Out(u) {
			if d := max(u-v, v-u); d >= 4*w {
				t.Fatalf("nodes %d and %d, neighbours, are %d ids apart", u, v, d)
			}
		}
	}
	// Every node of the lattice is in w(w−1)/2 triangles with two
	// neighbours on either side of it, and in w(w−1)/2 with one on each.
	want := make([]int32, n)
	for v := range want {
		want[v] = int32(3 * w * (w - 1) / 2)
	}
	if got := f.TriangleCountsLocalized(2); !slices.Equal(got, want) {
		t.Errorf("the lattice's triangles: %v…, want %d at every node", got[:8], want[0])
	}
}
