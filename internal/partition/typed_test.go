package partition

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

// typedGraph builds a typed graph on n nodes from ties "u>v/l" (an arc u→v
// in layer l of a directed graph) or "u-v/l" (an edge of layer l of an
// undirected one); "/l" may be left out for layer 0.
func typedGraph(t testing.TB, n int, directed bool, layers []string, ties string) *graph.Graph {
	t.Helper()
	g := graph.New(n)
	if err := g.SetTypes(directed, layers); err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(ties) {
		var u, v int32
		l := 0
		sep := "-"
		if directed {
			sep = ">"
		}
		ends, layer, _ := strings.Cut(f, "/")
		if layer != "" {
			if _, err := fmt.Sscan(layer, &l); err != nil {
				t.Fatalf("tie %q: %v", f, err)
			}
		}
		a, b, ok := strings.Cut(ends, sep)
		if !ok {
			t.Fatalf("tie %q has no %q", f, sep)
		}
		if _, err := fmt.Sscan(a, &u); err != nil {
			t.Fatal(err)
		}
		if _, err := fmt.Sscan(b, &v); err != nil {
			t.Fatal(err)
		}
		if _, err := g.SetKind(u, v, g.Kind(u, v)|graph.LayerKind(l, directed)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestTypedHandExamples checks partitions of directed and layered graphs
// worked out by hand.
func TestTypedHandExamples(t *testing.T) {
	// A directed path 0→1→2 and a directed 2-cycle 3⇄4: as undirected
	// graphs 0, 2 and 3, 4 all have degree 1.
	path := typedGraph(t, 5, true, nil, "0>1 1>2 3>4 4>3")
	// A star with centre 0 whose ties to 1, 2 are family and to 3, 4 work,
	// and a family tie 5-6.
	star := typedGraph(t, 7, false, []string{"family", "work"}, "0-1/0 0-2/0 0-3/1 0-4/1 5-6/0")
	// A directed triangle 0→1→2→0 and a transitive one 3→4→5, 3→5.
	tri := typedGraph(t, 6, true, nil, "0>1 1>2 2>0 3>4 4>5 3>5")
	// 0's ball holds a triangle of layer 0 and a layer-1 tie to 3; 4's a
	// star of layer 0 and a layer-1 tie to 7: the same three layer-0 ties
	// and one layer-1 tie among four nodes, but the layer-0 ties touch
	// three nodes around 0 and four around 4.
	spread := typedGraph(t, 8, false, []string{"a", "b"}, "0-1/0 0-2/0 1-2/0 0-3/1 4-5/0 4-6/0 4-7/0 4-7/1")
	tests := []struct {
		name string
		g    *graph.Graph
		m    measure.Measure
		d    int
		want string
	}{
		// (in, out): 0 (0,1), 1 (1,1), 2 (1,0), 3 and 4 (1,1).
		{"path degree", path, measure.Degree{}, 1, "0 | 1,3,4 | 2"},
		// count: 1 and 3, 4 have one more node in 1's ball.
		{"path count", path, measure.Count{}, 1, "0,2 | 1 | 3,4"},
		// vrq: 0 sees (1,1), 2 sees (1,1), 3 and 4 see (1,1); 1 sees (0,1), (1,0).
		{"path vrq", path, measure.VRQ{}, 1, "0,2,3,4 | 1"},
		// dk rooted: 0's ball is an arc out of the centre, 2's an arc in.
		{"path dk", path, measure.DK{}, 1, "0 | 1 | 2 | 3,4"},
		// Per layer: 1, 2 have one family tie, 3, 4 one work tie, 5, 6 a
		// family tie too; the centre has (2, 2).
		{"star degree", star, measure.Degree{}, 1, "0 | 1,2,5,6 | 3,4"},
		// 5, 6 see a node with one family tie; 1..4 the centre with (2, 2).
		{"star vrq", star, measure.VRQ{}, 1, "0 | 1,2,3,4 | 5,6"},
		// At d = 2 the balls of 1..4 are the whole star, but 1's 1-ball
		// holds a family tie and 3's a work tie.
		{"star count d=2", star, measure.Count{}, 2, "0 | 1,2 | 3,4 | 5,6"},
		// In the cycle every node has (1, 1) and sees a 3-cycle; in the
		// transitive triangle 3 is (0,2), 4 (1,1), 5 (2,0).
		{"triangle degree", tri, measure.Degree{}, 1, "0,1,2,4 | 3 | 5"},
		{"triangle count", tri, measure.Count{}, 1, "0,1,2,3,4,5"},
		{"triangle dk", tri, measure.DK{}, 1, "0,1,2 | 3 | 4 | 5"},
		// Inside the balls: (1,1) three times against (0,2), (1,1), (2,0).
		{"triangle degdist", tri, measure.DegDist{}, 1, "0,1,2 | 3,4,5"},
		// count sees per layer the nodes with a tie and the ties;
		// edgecount the ties only, which 0 and 4 share.
		{"spread count", spread, measure.Count{}, 1, "0 | 1,2 | 3 | 4 | 5,6 | 7"},
		{"spread edgecount", spread, measure.EdgeCount{}, 1, "0,4 | 1,2 | 3 | 5,6 | 7"},
		{"spread none", spread, measure.None{}, 1, "0,1,2,3,4,5,6,7"},
		// hybrid: dk's classes of the path, which vrq does not split.
		{"path hybrid", path, measure.Hybrid{}, 1, "0 | 1 | 2 | 3,4"},
		// Unrooted, 0's and 2's balls are the same single arc at d = 1
		// and the same path at d = 2: only the root tells them apart.
		{"path dk-unrooted d=2", path, measure.DK{Unrooted: true}, 2, "0,2 | 1 | 3,4"},
	}
	for _, tt := range tests {
		p := mustPartition(t, tt.g, tt.m, tt.d)
		if got := formatClasses(p.Classes()); got != formatClasses(parseClasses(tt.want)) {
			t.Errorf("%s: classes %s, want %s", tt.name, got, tt.want)
		}
	}
}

// naiveTyped is an independent model of a typed graph for the oracle: the
// ties as a matrix per layer, balls by a plain breadth-first search.
type naiveTyped struct {
	n, layers int
	directed  bool
	typed     bool       // directed or layered (else attributes alone refine)
	tie       [][][]bool // tie[l][x][y]: x has a tie to y in layer l
	colors    []int32
}

func newNaiveTyped(g *graph.Graph, colors []int32) *naiveTyped {
	n, L := g.NumNodes(), g.NumLayers()
	nt := &naiveTyped{n: n, layers: L, directed: g.Directed(), typed: g.Typed(), colors: colors}
	nt.tie = make([][][]bool, L)
	for l := range L {
		nt.tie[l] = make([][]bool, n)
		for x := range n {
			nt.tie[l][x] = make([]bool, n)
		}
	}
	for _, e := range g.SortedEdges() {
		k := g.Kind(e.U, e.V)
		for l := range L {
			nt.tie[l][e.U][e.V] = k.Out(l)
			nt.tie[l][e.V][e.U] = k.In(l)
		}
	}
	return nt
}

func (nt *naiveTyped) adjacent(x, y int) bool {
	for l := range nt.layers {
		if nt.tie[l][x][y] || nt.tie[l][y][x] {
			return true
		}
	}
	return false
}

// dist returns the distances from v following ties both ways (-1 beyond reach).
func (nt *naiveTyped) dist(v int) []int {
	return testgraphs.NaiveDistances(nt.n, nt.adjacent, v)
}

// deg is the number of x's neighbours y with in(y), ties of any kind.
func (nt *naiveTyped) deg(x int, in func(y int) bool) int {
	k := 0
	for y := range nt.n {
		if in(y) && nt.adjacent(x, y) {
			k++
		}
	}
	return k
}

// vector is x's tie vector counting the neighbours y with in(y).
func (nt *naiveTyped) vector(x int, in func(y int) bool) string {
	var parts []string
	if nt.colors != nil {
		parts = append(parts, fmt.Sprint("c", nt.colors[x]))
	}
	for l := range nt.layers {
		ins, outs := 0, 0
		for y := range nt.n {
			if !in(y) {
				continue
			}
			if nt.tie[l][y][x] {
				ins++
			}
			if nt.tie[l][x][y] {
				outs++
			}
		}
		if nt.directed {
			parts = append(parts, fmt.Sprint(ins, "/", outs))
		} else {
			parts = append(parts, fmt.Sprint(outs))
		}
	}
	return strings.Join(parts, ":")
}

// signature is the naive signature of v under the measures other than dk.
func (nt *naiveTyped) signature(name string, v, d int) string {
	dist := nt.dist(v)
	all := func(int) bool { return true }
	within := func(t int) func(int) bool {
		return func(y int) bool { return dist[y] >= 0 && dist[y] <= t }
	}
	var sb strings.Builder
	if nt.colors != nil {
		fmt.Fprint(&sb, "code", nt.colors[v], ";")
	}
	switch name {
	case "degree":
		sb.WriteString(nt.vector(v, all))
		return sb.String()
	case "none":
		return sb.String()
	}
	for t := 1; t <= d; t++ {
		in := within(t)
		var rows []string
		switch name {
		case "count", "edgecount":
			nodes := 0
			for y := range nt.n {
				if in(y) {
					nodes++
				}
			}
			if name == "count" {
				fmt.Fprint(&sb, nodes, ",")
			}
			for l := range nt.layers {
				if name == "count" {
					// Nodes of the ball with a tie of layer l inside it.
					inLayer := 0
					for x := range nt.n {
						for y := range nt.n {
							if in(x) && in(y) && (nt.tie[l][x][y] || nt.tie[l][y][x]) {
								inLayer++
								break
							}
						}
					}
					fmt.Fprint(&sb, "n", inLayer, ",")
				}
				ties := 0
				for x := range nt.n {
					for y := range nt.n {
						if in(x) && in(y) && nt.tie[l][x][y] && (nt.directed || x < y) {
							ties++
						}
					}
				}
				fmt.Fprint(&sb, ties, ",")
			}
		case "degdist":
			if !nt.typed && nt.colors != nil {
				// On a bare graph known attributes refine degdist as they
				// refine vrq (measure.Refined): the degrees inside the
				// ball as they are, then the (code, degree) pairs of the
				// nodes at distance t.
				var inner, sphere []string
				for x := range nt.n {
					if in(x) {
						inner = append(inner, fmt.Sprint(nt.deg(x, in)))
					}
					if dist[x] == t {
						sphere = append(sphere, nt.vector(x, all))
					}
				}
				slices.Sort(inner)
				slices.Sort(sphere)
				fmt.Fprint(&sb, "[", strings.Join(inner, " "), "][", strings.Join(sphere, " "), "]")
				continue
			}
			for x := range nt.n {
				if in(x) {
					rows = append(rows, nt.vector(x, in))
				}
			}
		case "vrq":
			for x := range nt.n {
				if dist[x] == t {
					rows = append(rows, nt.vector(x, all))
				}
			}
		}
		slices.Sort(rows)
		fmt.Fprint(&sb, "[", strings.Join(rows, " "), "]")
	}
	return sb.String()
}

// isoBalls reports whether the balls of radius t around u and v are
// isomorphic by a map that keeps every tie, its direction and layer, the
// codes and (rooted) the centre.
func (nt *naiveTyped) isoBalls(u, v, t int, rooted bool) bool {
	du, dv := nt.dist(u), nt.dist(v)
	var a, b []int
	for x := range nt.n {
		if du[x] >= 0 && du[x] <= t {
			a = append(a, x)
		}
		if dv[x] >= 0 && dv[x] <= t {
			b = append(b, x)
		}
	}
	if len(a) != len(b) {
		return false
	}
	same := func(x, y, x2, y2 int) bool {
		for l := range nt.layers {
			if nt.tie[l][x][y] != nt.tie[l][x2][y2] {
				return false
			}
		}
		return true
	}
	return bruteIsomorphic(len(a),
		func(i, j int) bool {
			return (!rooted || (a[i] == u) == (b[j] == v)) && (nt.colors == nil || nt.colors[a[i]] == nt.colors[b[j]])
		},
		func(i, k, j, m int) bool {
			return same(a[i], a[k], b[j], b[m]) && same(a[k], a[i], b[m], b[j])
		})
}

// automorphic reports whether some permutation of all the nodes that keeps
// colours and every tie maps u to v.
func (nt *naiveTyped) automorphic(u, v int) bool {
	return bruteIsomorphic(nt.n,
		func(i, j int) bool {
			return (i == u) == (j == v) && (nt.colors == nil || nt.colors[i] == nt.colors[j])
		},
		func(i, k, j, m int) bool {
			for l := range nt.layers {
				if nt.tie[l][i][k] != nt.tie[l][j][m] || nt.tie[l][k][i] != nt.tie[l][m][j] {
					return false
				}
			}
			return true
		})
}

func (nt *naiveTyped) equivalent(name string, u, v, d int) bool {
	if nt.colors != nil && nt.colors[u] != nt.colors[v] {
		return false
	}
	switch name {
	case "automorphism":
		return nt.automorphic(u, v)
	case "dk", "dk-unrooted", "hybrid", "hybrid-unrooted":
		rooted := name == "dk" || name == "hybrid"
		for t := 1; t <= d; t++ {
			if !nt.isoBalls(u, v, t, rooted) {
				return false
			}
		}
		if strings.HasPrefix(name, "hybrid") {
			return nt.signature("vrq", u, d) == nt.signature("vrq", v, d)
		}
		return true
	}
	return nt.signature(name, u, d) == nt.signature(name, v, d)
}

// TestTypedOracle compares every measure's partition of random directed,
// layered and attributed graphs with the naive model, from scratch and
// after deleting ties one edge at a time.
func TestTypedOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	configs := []struct {
		directed bool
		layers   []string
		colors   bool
	}{
		{true, nil, false},
		{false, []string{"a", "b"}, false},
		{true, []string{"a", "b", "c"}, false},
		{true, nil, true},
		{false, nil, true}, // untyped with attributes: the arithmetic fast path at d = 1
	}
	for trial, c := range configs {
		for _, p := range []float64{0.25, 0.5} {
			g, err := testgraphs.RandomTyped(r, 10, p, c.directed, c.layers)
			if err != nil {
				t.Fatal(err)
			}
			var colors []int32
			if c.colors {
				colors = make([]int32, g.NumNodes())
				for v := range colors {
					colors[v] = int32(r.IntN(2))
				}
			}
			for _, base := range allMeasures {
				for d := 1; d <= 2; d++ {
					m := measure.Refine(base, g, colors)
					p, err := New(g, m, d, Options{Threads: 2})
					if err != nil {
						t.Fatal(err)
					}
					check := func(when string) {
						nt := newNaiveTyped(g, colors)
						for u := range nt.n {
							for v := u + 1; v < nt.n; v++ {
								want := nt.equivalent(base.Name(), u, v, d)
								if got := p.Class(int32(u)) == p.Class(int32(v)); got != want {
									t.Fatalf("config %d %s d=%d %s: %d~%d is %v, naive model says %v", trial, base.Name(), d, when, u, v, got, want)
								}
							}
						}
					}
					check("from scratch")
					// Delete two edges and add one back: the kinds must
					// follow, and the incremental update agree.
					es := g.SortedEdges()
					if len(es) < 3 {
						continue
					}
					e1, e2 := es[r.IntN(len(es))], es[r.IntN(len(es))]
					p.DeleteEdge(e1.U, e1.V)
					p.Update()
					p.DeleteEdge(e2.U, e2.V)
					p.Update()
					check("after deletions")
					p.AddEdge(e1.U, e1.V)
					p.Update()
					check("after restoring")
					p.AddEdge(e2.U, e2.V)
					p.Update()
				}
			}
		}
	}
}

func TestTypedFuzzyRefused(t *testing.T) {
	g := typedGraph(t, 3, true, nil, "0>1 1>2")
	p := mustPartition(t, g, measure.Count{}, 1)
	if _, err := p.FuzzyAt(10, FuzzyTop); err == nil || !strings.Contains(err.Error(), "direction or layers") {
		t.Errorf("fuzzy anonymity of a directed graph: error %v", err)
	}
}
