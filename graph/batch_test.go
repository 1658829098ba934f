package graph

import (
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// batchGraph returns a random graph on n nodes with about m edges, a few
// of them hubs tied to a third of the nodes (so that lists lose many
// entries at once), typed (directed, with random kinds) if typed is set.
func batchGraph(t *testing.T, r *rand.Rand, n, m int, typed bool) *Graph {
	t.Helper()
	g := New(n)
	if typed {
		if err := g.SetTypes(true, nil); err != nil {
			t.Fatal(err)
		}
	}
	tie := func(u, v int32) {
		if u == v {
			return
		}
		if !typed {
			g.AddEdge(u, v)
			return
		}
		if _, err := g.SetKind(u, v, Kind(1+r.IntN(3))); err != nil {
			t.Fatal(err)
		}
	}
	for h := range int32(3) {
		for v := range int32(n) {
			if r.IntN(3) == 0 {
				tie(h, v)
			}
		}
	}
	for g.NumEdges() < m {
		u := int32(r.IntN(n))
		tie(u, (u+1+int32(r.IntN(12)))%int32(n)) // close ids: triangles
	}
	return g
}

// randomPositions returns b distinct positions of 0..m−1 in random order.
func randomPositions(r *rand.Rand, m, b int) []int32 {
	pos := make([]int32, m)
	for i := range pos {
		pos[i] = int32(i)
	}
	r.Shuffle(m, func(i, j int) { pos[i], pos[j] = pos[j], pos[i] })
	return pos[:b]
}

// TestDeleteEdgesAt checks a batch of deletions against DeleteEdgeIndex
// called for each edge in the same order on a copy: the same edge array,
// neighbours and edge positions per node, kinds and deleted kinds, and the
// same moves reported, for batches of one edge to all of them, with one
// goroutine and several, on plain and typed graphs.
func TestDeleteEdgesAt(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 11))
	for _, typed := range []bool{false, true} {
		for _, frac := range []float64{0, 0.01, 0.2, 0.7, 1} {
			for _, threads := range []int{1, 3} {
				g := batchGraph(t, r, 400, 3000, typed)
				m := g.NumEdges()
				b := max(1, int(frac*float64(m)))
				pos := randomPositions(r, m, b)
				want := g.Clone()
				var wantMoves, gotMoves [][2]int
				for _, s := range pos {
					e := g.Edge(int(s))
					last := want.NumEdges() - 1
					p, ok := want.DeleteEdgeIndex(e.U, e.V)
					if !ok {
						t.Fatalf("edge %v not in the copy", e)
					}
					wantMoves = append(wantMoves, [2]int{p, last})
				}
				g.DeleteEdgesAt(pos, threads, nil, func(p, last int) { gotMoves = append(gotMoves, [2]int{p, last}) })
				if !slices.Equal(gotMoves, wantMoves) {
					t.Fatalf("typed %v, %d of %d edges, %d threads: moves differ", typed, b, m, threads)
				}
				if !slices.Equal(g.Edges(), want.Edges()) {
					t.Fatalf("typed %v, %d of %d edges, %d threads: edge arrays differ", typed, b, m, threads)
				}
				for v := range int32(g.NumNodes()) {
					if !slices.Equal(g.Neighbors(v), want.Neighbors(v)) || !slices.Equal(g.IncidentEdges(v), want.IncidentEdges(v)) {
						t.Fatalf("typed %v, %d of %d edges, %d threads: node %d's lists differ", typed, b, m, threads, v)
					}
				}
				if typed && (!slices.Equal(g.t.kind, want.t.kind) || !maps.Equal(g.t.gone, want.t.gone)) {
					t.Fatalf("%d of %d edges, %d threads: kinds differ", b, m, threads)
				}
			}
		}
	}
}

// TestLostTriangles checks the triangles DeleteEdgesAt reports lost against
// those of the graph before, listed by ForEachTriangle: every triangle
// with a deleted edge is
// reported once, with the deleted edge of its smallest position, and
// the positions of its two other edges, −1 for those deleted too.
func TestLostTriangles(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1))
	type report struct{ u, w, x, eu, ew int32 }
	for _, frac := range []float64{0.01, 0.3, 1} {
		for _, threads := range []int{1, 3} {
			g := batchGraph(t, r, 300, 2500, false)
			m := g.NumEdges()
			pos := randomPositions(r, m, max(1, int(frac*float64(m))))
			del := map[int32]bool{}
			for _, s := range pos {
				del[s] = true
			}
			var want []report
			g.ForEachTriangle(func(a, b, c, ab, ac, bc int32) {
				// The triangle's edges with their opposite nodes.
				es := []struct{ e, x int32 }{{ab, c}, {ac, b}, {bc, a}}
				first := int32(-1)
				for _, s := range es {
					if del[s.e] && (first < 0 || s.e < first) {
						first = s.e
					}
				}
				if first < 0 {
					return
				}
				for _, s := range es {
					if s.e != first {
						continue
					}
					e := g.Edge(int(s.e))
					eu, _ := g.EdgeIndex(e.U, s.x)
					ew, _ := g.EdgeIndex(e.V, s.x)
					rep := report{e.U, e.V, s.x, int32(eu), int32(ew)}
					if del[rep.eu] {
						rep.eu = -1
					}
					if del[rep.ew] {
						rep.ew = -1
					}
					want = append(want, rep)
				}
			})
			var mu sync.Mutex
			var got []report
			g.DeleteEdgesAt(pos, threads, func(u, w int32, lost []CommonEdge) {
				mu.Lock()
				defer mu.Unlock()
				for _, c := range lost {
					got = append(got, report{u, w, c.X, c.EU, c.EW})
				}
			}, nil)
			cmp := func(a, b report) int {
				return slices.Compare([]int32{a.u, a.w, a.x, a.eu, a.ew}, []int32{b.u, b.w, b.x, b.eu, b.ew})
			}
			slices.SortFunc(want, cmp)
			slices.SortFunc(got, cmp)
			if len(want) < 50 || !slices.Equal(got, want) {
				t.Fatalf("%d of %d edges, %d threads: %d triangles reported, want %d (or too few to test)", len(pos), m, threads, len(got), len(want))
			}
		}
	}
}
