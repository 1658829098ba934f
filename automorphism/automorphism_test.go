package automorphism

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testenv"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// TestHandExamples checks orbits worked out by hand.
func TestHandExamples(t *testing.T) {
	directedPath := graph.New(3)
	directedPath.SetTypes(true, nil)
	directedPath.SetKind(0, 1, graph.LayerKind(0, true))
	directedPath.SetKind(1, 2, graph.LayerKind(0, true))
	outStar := graph.New(4) // 0→1, 0→2, 3→0: 1 and 2 alike, 3 apart
	outStar.SetTypes(true, nil)
	outStar.SetKind(0, 1, graph.LayerKind(0, true))
	outStar.SetKind(0, 2, graph.LayerKind(0, true))
	outStar.SetKind(3, 0, graph.LayerKind(0, true))
	layered := graph.New(4) // a 4-cycle, layers alternating: a reflection swaps 0 and 2 only... and 1 and 3
	layered.SetTypes(false, []string{"a", "b"})
	layered.SetKind(0, 1, graph.LayersKind(0))
	layered.SetKind(1, 2, graph.LayersKind(1))
	layered.SetKind(2, 3, graph.LayersKind(0))
	layered.SetKind(3, 0, graph.LayersKind(1))
	mutual := graph.New(3) // 0↔1, 1→2: nothing moves
	mutual.SetTypes(true, nil)
	mutual.SetKind(0, 1, 3)
	mutual.SetKind(1, 2, graph.LayerKind(0, true))
	tests := []struct {
		name   string
		g      *graph.Graph
		colors []int32
		want   []int32
	}{
		{"empty", graph.New(0), nil, []int32{}},
		{"isolated", graph.New(3), nil, []int32{0, 0, 0}},
		{"isolated coloured", graph.New(3), []int32{5, 1, 5}, []int32{0, 1, 0}},
		{"path P4", path(4), nil, []int32{0, 1, 1, 0}},
		{"path P4 coloured end", path(4), []int32{1, 0, 0, 0}, []int32{0, 1, 2, 3}},
		{"star", fromEdges(4, [][2]int32{{0, 1}, {0, 2}, {0, 3}}), nil, []int32{0, 1, 1, 1}},
		{"two triangles and an edge", fromEdges(8, [][2]int32{{0, 1}, {1, 2}, {2, 0}, {5, 6}, {6, 7}, {7, 5}, {3, 4}}), nil, []int32{0, 0, 0, 3, 3, 0, 0, 0}},
		{"cycle C5", cycle(5), nil, []int32{0, 0, 0, 0, 0}},
		{"directed path", directedPath, nil, []int32{0, 1, 2}},
		{"out-star", outStar, nil, []int32{0, 1, 1, 3}},
		{"two-layer 4-cycle", layered, nil, []int32{0, 0, 0, 0}},
		{"mutual tie", mutual, nil, []int32{0, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := compute(t, tt.g, tt.colors)
			if !slices.Equal(got.Of, tt.want) {
				t.Errorf("orbits %v, want %v", got.Of, tt.want)
			}
			want := bruteOrbits(tt.g, tt.colors)
			if !slices.Equal(want, tt.want) {
				t.Errorf("brute force gives %v, the table %v", want, tt.want)
			}
		})
	}
}

// TestSizesAndCount checks the orbit sizes and counts of the star.
func TestSizesAndCount(t *testing.T) {
	o := compute(t, fromEdges(5, [][2]int32{{0, 1}, {0, 2}, {0, 3}}), nil)
	if got, want := o.Sizes(), []int32{1, 3, 3, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("Sizes() = %v, want %v", got, want)
	}
	if orbits, nonTrivial := o.Count(); orbits != 3 || nonTrivial != 1 {
		t.Errorf("Count() = %d, %d; want 3, 1", orbits, nonTrivial)
	}
}

// TestColorsLength checks the error for a colouring of the wrong length.
func TestColorsLength(t *testing.T) {
	if _, err := Compute(context.Background(), path(3), []int32{0, 1}); err == nil {
		t.Error("Compute accepted 2 colours for 3 nodes")
	}
}

// TestIsAutomorphism checks the exported verifier on hand examples.
func TestIsAutomorphism(t *testing.T) {
	directed := graph.New(3)
	directed.SetTypes(true, nil)
	directed.SetKind(0, 1, graph.LayerKind(0, true))
	directed.SetKind(2, 1, graph.LayerKind(0, true))
	dpath := graph.New(3)
	dpath.SetTypes(true, nil)
	dpath.SetKind(0, 1, graph.LayerKind(0, true))
	dpath.SetKind(1, 2, graph.LayerKind(0, true))
	layered := graph.New(3)
	layered.SetTypes(false, []string{"a", "b"})
	layered.SetKind(0, 1, graph.LayersKind(0))
	layered.SetKind(1, 2, graph.LayersKind(1))
	tests := []struct {
		name   string
		g      *graph.Graph
		colors []int32
		perm   []int32
		want   bool
	}{
		{"identity", path(4), nil, []int32{0, 1, 2, 3}, true},
		{"reversal", path(4), nil, []int32{3, 2, 1, 0}, true},
		{"shift", path(4), nil, []int32{1, 2, 3, 0}, false},
		{"reversal against colours", path(4), []int32{1, 0, 0, 0}, []int32{3, 2, 1, 0}, false},
		{"swap of in-arcs", directed, nil, []int32{2, 1, 0}, true},
		{"swap against direction", directed, nil, []int32{1, 0, 2}, false},
		{"reversal of a directed path", dpath, nil, []int32{2, 1, 0}, false},
		{"reversal of a two-layer path", layered, nil, []int32{2, 1, 0}, false},
	}
	for _, tt := range tests {
		got, err := IsAutomorphism(tt.g, tt.colors, tt.perm)
		if err != nil || got != tt.want {
			t.Errorf("%s: IsAutomorphism = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	for _, perm := range [][]int32{{0, 1, 2}, {0, 0, 1, 2}, {0, 1, 2, 4}} {
		if _, err := IsAutomorphism(path(4), nil, perm); err == nil {
			t.Errorf("IsAutomorphism(%v) accepted a non-permutation", perm)
		}
	}
}

// TestRelabelInvariance checks that relabelling a graph relabels its
// orbits, on the random graphs of internal/testgraphs with colours.
func TestRelabelInvariance(t *testing.T) {
	r := newRand(11)
	gs, err := testgraphs.Random(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range gs {
		g := blowUp(x.G, r)
		colors := make([]int32, g.NumNodes())
		for v := range colors {
			colors[v] = int32(r.IntN(2))
		}
		base := compute(t, g, colors)
		for range 3 {
			perm := r.Perm(g.NumNodes())
			h, c := relabelled(g, colors, perm)
			if got, want := compute(t, h, c).Of, relabelPartition(base.Of, perm); !slices.Equal(got, want) {
				t.Fatalf("%s: relabelled orbits differ in %d places", x.Name, differences(got, want))
			}
		}
	}
}

// TestExamples compares the orbits of every bundled network with
// dreadnaut's (village, directed and layered, through nautyOf's
// subdivisions).
func TestExamples(t *testing.T) {
	needDreadnaut(t)
	for _, name := range examples.Names() {
		g := examples.MustRead(name)
		want, _ := dreadnautOrbits(t, nautyOf(g, nil), g.NumNodes(), time.Minute)
		got := compute(t, g, nil)
		if !slices.Equal(got.Of, want) {
			t.Errorf("%s: orbits %v, dreadnaut %v", name, got.Of, want)
		}
	}
}

// TestTypedAgainstNauty compares the orbits of random typed graphs (and
// typed graphs with many twins and isomorphic components) with dreadnaut's
// on their subdivision encoding.
func TestTypedAgainstNauty(t *testing.T) {
	needDreadnaut(t)
	r := newRand(13)
	count := 80
	if testenv.IsHeavy() && !testing.Short() {
		count = 600
	}
	for i := range count {
		directed := i%3 != 1
		var layers []string
		if i%3 != 0 {
			layers = []string{"x", "y", "z"}[:2+r.IntN(2)]
		}
		n := 5 + r.IntN(40)
		g, err := testgraphs.RandomTyped(r, n, 1.5/float64(n)+r.Float64()*0.2, directed, layers)
		if err != nil {
			t.Fatal(err)
		}
		switch i % 4 {
		case 1:
			g = typedBlowUp(g, r)
		case 2:
			g = typedCopies(g, 2+r.IntN(6), r)
		}
		var colors []int32
		if r.IntN(3) == 0 {
			colors = make([]int32, g.NumNodes())
			for v := range colors {
				colors[v] = int32(r.IntN(2))
			}
		}
		g, colors = relabelled(g, colors, r.Perm(g.NumNodes()))
		want, _ := dreadnautOrbits(t, nautyOf(g, colors), g.NumNodes(), time.Minute)
		got := compute(t, g, colors)
		if !slices.Equal(got.Of, want) {
			t.Fatalf("graph %d (n %d, directed %v, layers %v): orbits %v, dreadnaut %v", i, g.NumNodes(), directed, layers, got.Of, want)
		}
	}
}

// TestLargeCopies checks isomorphic components too large for canonical
// labelling, which are searched together, against dreadnaut.
func TestLargeCopies(t *testing.T) {
	needDreadnaut(t)
	r := newRand(17)
	tree := randomTree(canonLimit+100, r)
	g := disjointUnion(copies(tree, 3, r), copies(randomRegular(canonLimit+2, 3, r), 2, r), randomTree(canonLimit+100, r))
	g, _ = relabelled(g, nil, r.Perm(g.NumNodes()))
	want, _ := dreadnautOrbits(t, nautyOf(g, nil), g.NumNodes(), time.Minute)
	if got := compute(t, g, nil); !slices.Equal(got.Of, want) {
		t.Errorf("orbits differ from dreadnaut's in %d places", differences(got.Of, want))
	}
}

// stopAfter is a context whose Err turns to context.Canceled after a
// given number of calls: it stops a computation at a chosen point, the
// same at every run.
type stopAfter struct {
	context.Context
	calls, limit int
}

func (c *stopAfter) Err() error {
	c.calls++
	if c.calls > c.limit {
		return context.Canceled
	}
	return nil
}

// TestCancel stops computations at every point where they look at their
// context (between twin rounds and components, and every 256 search
// nodes: the bare search, without twins and components, stops inside
// the search) and checks that the partial orbits are reported as such,
// with an error wrapping the context's, and that each class lies inside a
// true orbit.
func TestCancel(t *testing.T) {
	r := newRand(19)
	g := disjointUnion(blowUp(randomTree(300, r), r), copies(path(5), 40, r), cycle(2000), hypercube(9))
	for _, opt := range []Options{{}, {noTwins: true, noComponents: true}} {
		full := compute(t, g, nil, opt)
		partial, inSearch := 0, 0
		for limit := 0; ; limit++ {
			ctx := &stopAfter{Context: context.Background(), limit: limit}
			o, err := ComputeWith(ctx, g, nil, opt)
			if err == nil {
				if !o.Complete || !slices.Equal(o.Of, full.Of) {
					t.Fatalf("%+v, limit %d: finished, complete %v, orbits equal %v", opt, limit, o.Complete, slices.Equal(o.Of, full.Of))
				}
				break
			}
			if !errors.Is(err, context.Canceled) || o == nil || o.Complete {
				t.Fatalf("%+v, limit %d: error %v, orbits %v", opt, limit, err, o)
			}
			for v, r := range o.Of {
				if full.Of[v] != full.Of[r] {
					t.Fatalf("%+v, limit %d: node %d is put with %d, in another orbit", opt, limit, v, r)
				}
			}
			if !slices.Equal(o.Of, full.Of) {
				partial++
			}
			if o.SearchNodes > 0 && o.SearchNodes < full.SearchNodes {
				inSearch++
			}
		}
		if partial == 0 || inSearch == 0 {
			t.Errorf("%+v: %d stops left the orbits unfinished, %d stopped inside the search", opt, partial, inSearch)
		}
	}
}

// typedBlowUp replaces every node of a typed graph by 1 to 3 twins, false
// or true (tied to each other by one random tie kind that is the same both
// ways), each with the ties of the node.
func typedBlowUp(g *graph.Graph, r interface{ IntN(int) int }) *graph.Graph {
	n := g.NumNodes()
	first := make([]int32, n+1)
	for v := range n {
		first[v+1] = first[v] + int32(1+r.IntN(3))
	}
	h := graph.New(int(first[n]))
	h.SetTypes(g.Directed(), g.Layers())
	for v := range int32(n) {
		inner := graph.Kind(0)
		if r.IntN(2) == 0 {
			inner = graph.LayersKind(r.IntN(g.NumLayers()))
		}
		for a := first[v]; a < first[v+1]; a++ {
			if inner != 0 {
				for b := a + 1; b < first[v+1]; b++ {
					h.SetKind(a, b, inner)
				}
			}
			for _, w := range g.Neighbors(v) {
				for b := first[w]; b < first[w+1]; b++ {
					if w > v {
						h.SetKind(a, b, g.Kind(v, w))
					}
				}
			}
		}
	}
	return h
}

// typedCopies returns k disjoint copies of a typed graph, each randomly
// relabelled.
func typedCopies(g *graph.Graph, k int, r interface{ Perm(int) []int }) *graph.Graph {
	n := g.NumNodes()
	h := graph.New(n * k)
	h.SetTypes(g.Directed(), g.Layers())
	for c := range k {
		perm := r.Perm(n)
		for _, e := range g.Edges() {
			h.SetKind(int32(c*n+perm[e.U]), int32(c*n+perm[e.V]), g.Kind(e.U, e.V))
		}
	}
	return h
}

// TestMaxSearchNodes: a bound on the search nodes stops the bare search
// (without twins and components, so that the search does the work) with
// an error wrapping ErrSearchLimit and classes inside the true orbits, the
// same on every run; a bound above what the search needs changes nothing.
func TestMaxSearchNodes(t *testing.T) {
	r := newRand(23)
	g := disjointUnion(copies(path(5), 40, r), cycle(500), hypercube(7))
	bare := Options{noTwins: true, noComponents: true}
	full := compute(t, g, nil, bare)
	if full.SearchNodes < 20 {
		t.Fatalf("the search visits %d nodes: the test needs more", full.SearchNodes)
	}
	opt := bare
	opt.MaxSearchNodes = full.SearchNodes / 4
	o, err := ComputeWith(context.Background(), g, nil, opt)
	if !errors.Is(err, ErrSearchLimit) || o == nil || o.Complete || o.SearchNodes >= full.SearchNodes {
		t.Fatalf("bounded at %d: %v, complete %v, %d search nodes", opt.MaxSearchNodes, err, o != nil && o.Complete, o.SearchNodes)
	}
	for v, rep := range o.Of {
		if full.Of[v] != full.Of[rep] {
			t.Fatalf("node %d is put with %d, in another orbit", v, rep)
		}
	}
	if again, _ := ComputeWith(context.Background(), g, nil, opt); !slices.Equal(again.Of, o.Of) {
		t.Error("the same bound gave other classes")
	}
	opt.MaxSearchNodes = full.SearchNodes + 1
	if o, err := ComputeWith(context.Background(), g, nil, opt); err != nil || !o.Complete || !slices.Equal(o.Of, full.Of) {
		t.Errorf("a bound above the search's need: %v, complete %v", err, o.Complete)
	}
}
