package graph

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// naive is an adjacency-matrix model used as an oracle.
type naive [][]bool

func newNaive(n int) naive {
	m := make(naive, n)
	for i := range m {
		m[i] = make([]bool, n)
	}
	return m
}

// check compares g with the oracle: sorted symmetric adjacency, edge array
// and positions, degrees and triangle counts.
func check(t *testing.T, g *Graph, o naive) {
	t.Helper()
	n := len(o)
	if g.NumNodes() != n {
		t.Fatalf("NumNodes = %d, want %d", g.NumNodes(), n)
	}
	m := 0
	for u := range n {
		var want []int32
		for v := range n {
			if o[u][v] {
				want = append(want, int32(v))
				if u < v {
					m++
				}
			}
		}
		if got := g.Neighbors(int32(u)); !slices.Equal(got, want) {
			t.Fatalf("Neighbors(%d) = %v, want %v", u, got, want)
		}
		if g.Degree(int32(u)) != len(want) {
			t.Fatalf("Degree(%d) = %d, want %d", u, g.Degree(int32(u)), len(want))
		}
	}
	if g.NumEdges() != m {
		t.Fatalf("NumEdges = %d, want %d", g.NumEdges(), m)
	}
	seen := map[Edge]bool{}
	for i, e := range g.Edges() {
		if e.U >= e.V || !o[e.U][e.V] || seen[e] {
			t.Fatalf("edge %d = %v is not a live edge in canonical form (or repeated)", i, e)
		}
		seen[e] = true
		if j, ok := g.EdgeIndex(e.V, e.U); !ok || j != i {
			t.Fatalf("EdgeIndex(%v) = %d, %v; want %d", e, j, ok, i)
		}
	}
	tri := g.TriangleCounts(3)
	tri1 := g.TriangleCounts(1)
	for v := range n {
		want := 0
		for a := range n {
			for b := a + 1; b < n; b++ {
				if o[v][a] && o[v][b] && o[a][b] {
					want++
				}
			}
		}
		if int(tri[v]) != want || int(tri1[v]) != want || g.NodeTriangles(int32(v)) != want {
			t.Fatalf("triangles(%d) = %d/%d/%d, want %d", v, tri[v], tri1[v], g.NodeTriangles(int32(v)), want)
		}
	}
}

func TestRandomAddDelete(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 20 {
		n := 2 + r.IntN(30)
		g := New(n)
		o := newNaive(n)
		for step := range 400 {
			u, v := int32(r.IntN(n)), int32(r.IntN(n))
			if r.IntN(3) == 0 {
				want, _ := g.EdgeIndex(u, v)
				last := g.NumEdges() - 1
				var moved Edge
				if last >= 0 {
					moved = g.Edge(last)
				}
				var changed bool
				if step%2 == 0 {
					changed = g.DeleteEdge(u, v)
				} else {
					var i int
					i, changed = g.DeleteEdgeIndex(u, v)
					// The last edge moves to the deleted one's index.
					if changed && (i != want || (i < last && g.Edge(i) != moved)) {
						t.Fatalf("trial %d step %d: DeleteEdgeIndex(%d,%d) = %d, want %d with %v there", trial, step, u, v, i, want, moved)
					}
				}
				if changed != (u != v && o[u][v]) {
					t.Fatalf("trial %d step %d: DeleteEdge(%d,%d) = %v", trial, step, u, v, changed)
				}
				o[u][v], o[v][u] = false, false
			} else {
				changed := g.AddEdge(u, v)
				if changed != (u != v && !o[u][v]) {
					t.Fatalf("trial %d step %d: AddEdge(%d,%d) = %v", trial, step, u, v, changed)
				}
				if u != v {
					o[u][v], o[v][u] = true, true
				}
			}
			if g.HasEdge(u, v) != (u != v && o[u][v]) {
				t.Fatalf("HasEdge(%d,%d) wrong", u, v)
			}
			if step%37 == 0 {
				check(t, g, o)
			}
		}
		check(t, g, o)
		c := g.Clone()
		check(t, c, o)
		// The clone is independent of the original.
		for _, e := range slices.Clone(c.Edges()) {
			c.DeleteEdge(e.U, e.V)
		}
		check(t, g, o)
		check(t, c, newNaive(n))
	}
}

func TestFromEdges(t *testing.T) {
	pairs := []Edge{{0, 1}, {1, 0}, {2, 2}, {1, 2}, {0, 1}, {3, 1}}
	g, norm, err := FromEdges(5, pairs, []string{"a", "b", "c", "d", "e"})
	if err != nil {
		t.Fatal(err)
	}
	if norm != (Normalization{SelfLoops: 1, Duplicates: 2}) {
		t.Errorf("normalization = %+v", norm)
	}
	o := newNaive(5)
	for _, e := range []Edge{{0, 1}, {1, 2}, {1, 3}} {
		o[e.U][e.V], o[e.V][e.U] = true, true
	}
	check(t, g, o)
	if got := g.Edges(); !slices.Equal(got, []Edge{{0, 1}, {1, 2}, {1, 3}}) {
		t.Errorf("edge order = %v, want sorted", got)
	}
	if g.Label(4) != "e" || g.Label(0) != "a" {
		t.Errorf("labels = %v", g.Labels())
	}
	if _, _, err := FromEdges(2, []Edge{{0, 2}}, nil); err == nil {
		t.Error("FromEdges accepted an out-of-range node")
	}
	if _, _, err := FromEdges(2, nil, []string{"x"}); err == nil {
		t.Error("FromEdges accepted the wrong number of labels")
	}
}

// TestFromEdgesThreads checks that the number of sorting goroutines
// changes nothing: a graph of several sorting chunks, with self-loops and
// repeated pairs, built with 1 to 3 threads and the default, against a
// naive adjacency matrix of the same pairs.
func TestFromEdgesThreads(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const n = 3*sortChunk + 17
	pairs := make([]Edge, 60000)
	for i := range pairs {
		u := int32(r.IntN(n))
		v := u
		if r.IntN(50) != 0 {
			v = int32(r.IntN(min(n, int(u)+200))) // near ids: many repeats
		}
		pairs[i] = Edge{u, v}
	}
	for _, threads := range []int{1, 2, 3, 0} {
		g, norm, err := FromEdgesThreads(n, slices.Clone(pairs), nil, threads)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[Edge]bool{}
		loops, dups := 0, 0
		for _, p := range pairs {
			if p.U == p.V {
				loops++
				continue
			}
			e := MakeEdge(p.U, p.V)
			if seen[e] {
				dups++
			}
			seen[e] = true
		}
		if norm != (Normalization{SelfLoops: loops, Duplicates: dups}) || g.NumEdges() != len(seen) {
			t.Fatalf("threads %d: %+v and %d edges, want %d loops, %d duplicates, %d edges", threads, norm, g.NumEdges(), loops, dups, len(seen))
		}
		for e := range seen {
			if !g.HasEdge(e.U, e.V) {
				t.Fatalf("threads %d: edge %v missing", threads, e)
			}
		}
		for v := range int32(n) {
			if !slices.IsSorted(g.Neighbors(v)) {
				t.Fatalf("threads %d: the list of %d is not sorted", threads, v)
			}
		}
	}
}

func TestLabels(t *testing.T) {
	g := New(2)
	if g.Label(1) != "1" || g.HasLabels() {
		t.Fatalf("default label = %q", g.Label(1))
	}
	if v := g.AddNode("2"); v != 2 || g.HasLabels() {
		t.Fatalf("AddNode(\"2\") = %d, labels %v", v, g.HasLabels())
	}
	if v := g.AddNode("x"); v != 3 || g.Label(3) != "x" || g.Label(0) != "0" {
		t.Fatalf("labels after AddNode = %v", g.Labels())
	}
	g.AddNode("yy")
	if !slices.Equal(g.Labels(), []string{"0", "1", "2", "x", "yy"}) {
		t.Fatalf("labels = %v", g.Labels())
	}
	idx := g.LabelIndex()
	if len(idx) != 5 || idx["0"] != 0 || idx["2"] != 2 || idx["x"] != 3 || idx["yy"] != 4 {
		t.Errorf("LabelIndex = %v", idx)
	}
}

func TestBall(t *testing.T) {
	// Path 0-1-2-3-4 plus chord 1-3 and pendant 5 at 4.
	g, _, _ := FromEdges(6, []Edge{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {1, 3}, {4, 5}}, nil)
	var b Ball
	for _, tc := range []struct {
		v     int32
		d     int
		nodes []int32
		dist  []int32
		edges int
	}{
		{2, 0, []int32{2}, []int32{0}, 0},
		{2, 1, []int32{2, 1, 3}, []int32{0, 1, 1}, 3},
		{2, 2, []int32{2, 1, 3, 0, 4}, []int32{0, 1, 1, 2, 2}, 5},
		{0, 9, []int32{0, 1, 2, 3, 4, 5}, []int32{0, 1, 2, 2, 3, 4}, 6},
	} {
		g.Ball(tc.v, tc.d, &b)
		if !slices.Equal(b.Nodes, tc.nodes) || !slices.Equal(b.Dist, tc.dist) || b.NumEdges() != tc.edges {
			t.Errorf("Ball(%d,%d) = %v %v %d edges; want %v %v %d", tc.v, tc.d, b.Nodes, b.Dist, b.NumEdges(), tc.nodes, tc.dist, tc.edges)
		}
		// Local adjacency mirrors graph adjacency.
		for i, x := range b.Nodes {
			for _, j := range b.Adj[b.Off[i]:b.Off[i+1]] {
				if !g.HasEdge(x, b.Nodes[j]) {
					t.Errorf("ball edge %d-%d not in graph", x, b.Nodes[j])
				}
			}
		}
		if b.Contains(5) != slices.Contains(tc.nodes, 5) {
			t.Errorf("Contains(5) wrong for Ball(%d,%d)", tc.v, tc.d)
		}
	}
	allocs := testing.AllocsPerRun(100, func() { g.Ball(1, 2, &b) })
	if allocs != 0 {
		t.Errorf("Ball allocates %v times per call in steady state", allocs)
	}
}

func TestComponents(t *testing.T) {
	g, _, _ := FromEdges(7, []Edge{{0, 3}, {3, 5}, {1, 2}}, nil)
	comp, sizes := g.Components()
	if !slices.Equal(comp, []int32{0, 1, 1, 0, 2, 0, 3}) || !slices.Equal(sizes, []int{3, 2, 1, 1}) {
		t.Errorf("Components = %v %v", comp, sizes)
	}
}

func TestForEachTriangle(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	g := New(25)
	for range 120 {
		g.AddEdge(int32(r.IntN(25)), int32(r.IntN(25)))
	}
	for range 30 {
		e := g.RandomEdge(r)
		g.DeleteEdge(e.U, e.V)
	}
	seen := map[[3]int32]bool{}
	g.ForEachTriangle(func(a, b, c int32, ab, ac, bc int32) {
		tri := [3]int32{a, b, c}
		slices.Sort(tri[:])
		if seen[tri] {
			t.Fatalf("triangle %v listed twice", tri)
		}
		seen[tri] = true
		for _, x := range []struct {
			u, v int32
			e    int32
		}{{a, b, ab}, {a, c, ac}, {b, c, bc}} {
			if i, ok := g.EdgeIndex(x.u, x.v); !ok || int32(i) != x.e {
				t.Fatalf("edge {%d,%d}: index %d, got %d", x.u, x.v, i, x.e)
			}
		}
	})
	want := 0
	for _, t := range g.TriangleCounts(1) {
		want += int(t)
	}
	if len(seen) != want/3 {
		t.Errorf("%d triangles listed, want %d", len(seen), want/3)
	}
	for v := range int32(25) {
		nb, ie := g.Neighbors(v), g.IncidentEdges(v)
		for i, w := range nb {
			if e := g.Edge(int(ie[i])); e != MakeEdge(v, w) {
				t.Fatalf("IncidentEdges(%d)[%d] = edge %v, want {%d,%d}", v, i, e, v, w)
			}
		}
	}
}

// TestForEachTriangleThreads checks that the triangles listed by several
// goroutines, each collecting its own, are those listed by one, edge
// indices included, on a graph of several chunks of nodes.
func TestForEachTriangleThreads(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	g := New(5000)
	for g.NumEdges() < 40000 {
		u := int32(r.IntN(5000))
		v := u + 1 + int32(r.IntN(40)) // close ids: many triangles
		g.AddEdge(u, v%5000)
	}
	type tri [6]int32
	var want []tri
	g.ForEachTriangle(func(a, b, c, ab, ac, bc int32) { want = append(want, tri{a, b, c, ab, ac, bc}) })
	per := make([][]tri, 3)
	g.ForEachTriangleThreads(3, func(w int, a, b, c, ab, ac, bc int32) { per[w] = append(per[w], tri{a, b, c, ab, ac, bc}) })
	got := slices.Concat(per...)
	cmp := func(x, y tri) int { return slices.Compare(x[:], y[:]) }
	slices.SortFunc(want, cmp)
	slices.SortFunc(got, cmp)
	if len(want) < 1000 || !slices.Equal(got, want) {
		t.Fatalf("%d triangles listed by 3 goroutines, %d by one (or too few to test)", len(got), len(want))
	}
}

// TestCommonNeighbors checks the three common-neighbour functions against
// a scan of all nodes, on a graph with hubs (where the short list is
// searched in the long one) and without.
func TestCommonNeighbors(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 300
	g := New(n)
	for u := range int32(n) {
		for v := u + 1; v < n; v++ {
			p := 0.03
			if u < 3 {
				p = 0.9 // hubs
			}
			if r.Float64() < p {
				g.AddEdge(u, v)
			}
		}
	}
	for range 2000 {
		u, v := int32(r.IntN(n)), int32(r.IntN(n))
		if r.IntN(4) == 0 {
			u = int32(r.IntN(3))
		}
		var want []int32
		for x := range int32(n) {
			if g.HasEdge(u, x) && g.HasEdge(v, x) {
				want = append(want, x)
			}
		}
		if got := g.CommonNeighbors(nil, u, v); !slices.Equal(got, want) {
			t.Fatalf("CommonNeighbors(%d, %d) = %v, want %v", u, v, got, want)
		}
		if got := g.CountCommonNeighbors(u, v); got != len(want) {
			t.Fatalf("CountCommonNeighbors(%d, %d) = %d, want %d", u, v, got, len(want))
		}
		var got []int32
		g.CommonNeighborEdges(u, v, func(x, eu, ev int32) {
			got = append(got, x)
			if e := g.Edge(int(eu)); e != MakeEdge(u, x) {
				t.Fatalf("edge index of {%d, %d} is that of %v", u, x, e)
			}
			if e := g.Edge(int(ev)); e != MakeEdge(v, x) {
				t.Fatalf("edge index of {%d, %d} is that of %v", v, x, e)
			}
		})
		if !slices.Equal(got, want) {
			t.Fatalf("CommonNeighborEdges(%d, %d) visits %v, want %v", u, v, got, want)
		}
	}
}

// TestBallHubs checks the induced subgraph of balls next to hubs, where
// Graph.Ball intersects a hub's list with the ball instead of scanning it,
// against the pairs of ball nodes that HasEdge joins, in the documented
// order (ascending graph id in every local list).
func TestBallHubs(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	const n = 2000
	g := New(n)
	for v := int32(3); v < n; v++ {
		for range 2 {
			if w := int32(3 + r.IntN(n-3)); w != v {
				g.AddEdge(v, w)
			}
		}
		if r.IntN(3) == 0 {
			g.AddEdge(v, int32(r.IntN(3))) // hubs 0, 1, 2
		}
	}
	var b Ball
	for range 300 {
		v, d := int32(3+r.IntN(n-3)), 1+r.IntN(2)
		g.Ball(v, d, &b)
		for i, x := range b.Nodes {
			var want []int32
			for _, y := range g.Neighbors(x) { // ascending ids
				if j, ok := b.Local(y); ok {
					want = append(want, j)
				}
			}
			if got := b.Adj[b.Off[i]:b.Off[i+1]]; !slices.Equal(got, want) {
				t.Fatalf("Ball(%d, %d): node %d has local neighbours %v, want %v", v, d, x, got, want)
			}
		}
	}
}

// TestIntersect checks Intersect against a from-scratch pairing of equal
// elements, on random ascending lists of every balance of lengths (merge,
// and galloping searches either way).
func TestIntersect(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 34))
	sorted := func(n, universe int) []int32 {
		seen := map[int32]bool{}
		for len(seen) < n {
			seen[int32(r.IntN(universe))] = true
		}
		out := make([]int32, 0, n)
		for x := range seen {
			out = append(out, x)
		}
		slices.Sort(out)
		return out
	}
	for trial := range 300 {
		na, nb := r.IntN(40), r.IntN(40)
		if trial%3 == 1 {
			nb = 200 + r.IntN(3000) // a hub's list against a short one
		}
		if trial%3 == 2 {
			na, nb = nb+1000, na // the long list first
		}
		universe := 4000
		a, b := sorted(na, universe), sorted(nb, universe)
		var want, got [][2]int
		for i, x := range a {
			if j, ok := slices.BinarySearch(b, x); ok {
				want = append(want, [2]int{i, j})
			}
		}
		Intersect(a, b, func(i, j int) { got = append(got, [2]int{i, j}) })
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (%d and %d elements): got %v, want %v", trial, len(a), len(b), got, want)
		}
	}
}

// TestRemoveAt removes every index from two-half lists of every length up to
// 9, by the front or the back way, and compares each half with the list
// without that entry.
func TestRemoveAt(t *testing.T) {
	for deg := 1; deg <= 9; deg++ {
		for i := range deg {
			a := make([]int32, 2*deg, 2*deg+3)
			for j := range deg {
				a[j], a[deg+j] = int32(10+j), int32(100+j)
			}
			want := slices.Concat(slices.Delete(slices.Clone(a[:deg]), i, i+1), slices.Delete(slices.Clone(a[deg:]), i, i+1))
			if got := removeAt(a, i); !slices.Equal(got, want) {
				t.Errorf("deg %d, removing %d: %v, want %v", deg, i, got, want)
			}
		}
	}
}
