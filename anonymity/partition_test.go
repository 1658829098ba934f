package anonymity_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

// TestFacade checks that every method of the façade answers what the
// internal partition answers, on bundled graphs and a typed random one,
// after New and again after edge changes, and that the updated façade
// equals one built from scratch. The internal package's own tests check the
// answers against oracles.
func TestFacade(t *testing.T) {
	typed := func() *graph.Graph {
		g, err := testgraphs.RandomTyped(rand.New(rand.NewPCG(38, 5)), 40, 0.12, true, []string{"family", "work"})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	bundled := func(name string) func() *graph.Graph {
		return func() *graph.Graph { return examples.MustRead(name) }
	}
	cases := []struct {
		name  string
		graph func() *graph.Graph
		m     measure.Measure
		d, k  int
	}{
		{"example8 count d=1", bundled("example8"), measure.Count{}, 1, 2},
		{"karate count d=1 k=3", bundled("karate"), measure.Count{}, 1, 3},
		{"karate degree d=2", bundled("karate"), measure.Degree{}, 2, 2},
		{"dolphins edgecount d=2", bundled("dolphins"), measure.EdgeCount{}, 2, 2},
		{"dolphins dk d=1", bundled("dolphins"), measure.DK{}, 1, 2},
		{"typed count d=1", typed, measure.Count{}, 1, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.graph()
			pub, err := anonymity.New(g, tc.m, tc.d, anonymity.Options{K: tc.k, Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			in, err := partition.New(g.Clone(), tc.m, tc.d, partition.Options{K: tc.k, Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			compareFacade(t, "new", pub, in)

			// Change the same edges in both: delete every third edge
			// (for a typed graph, flip the kind of every fifth), add a
			// few absent ones.
			r := rand.New(rand.NewPCG(38, 1))
			edges := g.SortedEdges()
			for i, e := range edges {
				switch {
				case g.Typed() && i%5 == 0:
					k := g.Kind(e.U, e.V).Reverse()
					ok1, err1 := pub.SetKind(e.U, e.V, k)
					ok2, err2 := in.SetKind(e.U, e.V, k)
					if ok1 != ok2 || (err1 == nil) != (err2 == nil) {
						t.Fatalf("SetKind(%d, %d): façade %v, %v; internal %v, %v", e.U, e.V, ok1, err1, ok2, err2)
					}
				case i%3 == 0:
					if pub.DeleteEdge(e.U, e.V) != in.DeleteEdge(e.U, e.V) {
						t.Fatalf("DeleteEdge(%d, %d) differs", e.U, e.V)
					}
				}
			}
			n := int32(g.NumNodes())
			for range 10 {
				u, w := r.Int32N(n), r.Int32N(n)
				if u != w && pub.AddEdge(u, w) != in.AddEdge(u, w) {
					t.Fatalf("AddEdge(%d, %d) differs", u, w)
				}
			}
			pub.Update()
			in.Update()
			compareFacade(t, "updated", pub, in)
			fresh, err := anonymity.New(g.Clone(), tc.m, tc.d, anonymity.Options{K: tc.k, Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(pub.Classes(), fresh.Classes(), slices.Equal) {
				t.Errorf("updated classes %v, from scratch %v", pub.Classes(), fresh.Classes())
			}
		})
	}
}

// compareFacade reports every answer of the façade pub that differs from
// the internal partition in's, for partitions of equal graphs.
func compareFacade(t *testing.T, when string, pub *anonymity.Partition, in *partition.Partition) {
	t.Helper()
	g := pub.Graph()
	if pub.K() != in.K() || pub.D() != in.D() || pub.Exact() != in.Exact() || pub.Measure().Name() != in.Measure().Name() {
		t.Errorf("%s: K, D, Exact, Measure %d %d %v %s; internal %d %d %v %s", when,
			pub.K(), pub.D(), pub.Exact(), pub.Measure().Name(), in.K(), in.D(), in.Exact(), in.Measure().Name())
	}
	if pub.NumClasses() != in.NumClasses() || pub.Unique() != in.Unique() || pub.NotAnonymous() != in.NotAnonymous() ||
		pub.UniqueFraction() != in.UniqueFraction() {
		t.Errorf("%s: counts differ from the internal partition's", when)
	}
	if !slices.EqualFunc(pub.Classes(), in.Classes(), slices.Equal) {
		t.Errorf("%s: classes %v, internal %v", when, pub.Classes(), in.Classes())
	}
	if !slices.Equal(pub.NotAnonymousNodes(), in.NotAnonymousNodes()) {
		t.Errorf("%s: not anonymous %v, internal %v", when, pub.NotAnonymousNodes(), in.NotAnonymousNodes())
	}
	if !slices.Equal(pub.Histogram(), in.Histogram()) {
		t.Errorf("%s: histogram %v, internal %v", when, pub.Histogram(), in.Histogram())
	}
	var a, b []int32
	for v := range int32(g.NumNodes()) {
		a, b = pub.Members(a[:0], v), in.Members(b[:0], v)
		if pub.Class(v) != in.Class(v) || pub.ClassSize(v) != in.ClassSize(v) || pub.Anonymous(v) != in.Anonymous(v) || !slices.Equal(a, b) {
			t.Errorf("%s: node %d: class %d size %d anonymous %v members %v; internal %d %d %v %v", when, v,
				pub.Class(v), pub.ClassSize(v), pub.Anonymous(v), a, in.Class(v), in.ClassSize(v), in.Anonymous(v), b)
		}
	}
	twins := anonymity.TwinClasses(g)
	if !slices.Equal(twins, partition.TwinClasses(g)) {
		t.Errorf("%s: twin classes differ", when)
	}
	if !slices.Equal(pub.TwinReduced(twins), in.TwinReduced(twins)) {
		t.Errorf("%s: twin-reduced %v, internal %v", when, pub.TwinReduced(twins), in.TwinReduced(twins))
	}
	for _, opt := range []anonymity.CascadeOptions{{}, {MaxLevels: 1}, {Twins: twins}} {
		c1, err1 := anonymity.Cascade(pub, pub, opt)
		c2, err2 := partition.Cascade(in, in, opt)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: cascade errors %v, internal %v", when, err1, err2)
		}
		if !slices.Equal(c1.Levels, c2.Levels) || !slices.Equal(c1.Level, c2.Level) {
			t.Errorf("%s: cascade %+v: %v, internal %v", when, opt, c1.Levels, c2.Levels)
		}
	}
	if _, ok := pub.Measure().(measure.Fuzzy); !ok {
		return
	}
	for _, levels := range []anonymity.FuzzyLevels{anonymity.FuzzyTop, anonymity.FuzzyAll} {
		for _, phi := range []float64{0, 20} {
			f1, err1 := pub.FuzzyAt(phi, levels)
			f2, err2 := in.FuzzyAt(phi, levels)
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("%s: fuzzy φ=%v errors %v, internal %v", when, phi, err1, err2)
			}
			if err1 != nil {
				continue
			}
			if !slices.Equal(f1.Anonymity, f2.Anonymity) || f1.NotAnonymous != f2.NotAnonymous {
				t.Errorf("%s: fuzzy φ=%v levels %d: %v, internal %v", when, phi, levels, f1.Anonymity, f2.Anonymity)
			}
		}
	}
	f1, err1 := pub.Fuzzy(10)
	f2, err2 := in.Fuzzy(10)
	if err1 == nil && err2 == nil && !slices.Equal(f1.Anonymity, f2.Anonymity) {
		t.Errorf("%s: Fuzzy(10) %v, internal %v", when, f1.Anonymity, f2.Anonymity)
	}
}
