package graph

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestKindReverse(t *testing.T) {
	tests := []struct {
		k, want Kind
	}{
		{0, 0},
		{1, 2},
		{2, 1},
		{3, 3},
		{1 << 4, 2 << 4},
		{1 | 2<<2 | 3<<4, 2 | 1<<2 | 3<<4},
		{1 << 62, 2 << 62},
	}
	for _, tt := range tests {
		if got := tt.k.Reverse(); got != tt.want {
			t.Errorf("%#x.Reverse() = %#x, want %#x", uint64(tt.k), uint64(got), uint64(tt.want))
		}
		if got := tt.k.Reverse().Reverse(); got != tt.k {
			t.Errorf("%#x reversed twice = %#x", uint64(tt.k), uint64(got))
		}
	}
}

func TestEachTie(t *testing.T) {
	tests := []struct {
		k        Kind
		directed bool
		want     string
	}{
		{0, true, ""},
		{1, true, "0out"},
		{2, true, "0in"},
		{3 | 2<<4, true, "0out 0in 2in"},
		{3 | 3<<2, false, "0out 1out"},
		{Kind(1) << (2 * (MaxLayers - 1)), true, "31out"},
	}
	for _, tt := range tests {
		var got []string
		tt.k.EachTie(tt.directed, func(l int, out bool) {
			dir := "in"
			if out {
				dir = "out"
			}
			got = append(got, fmt.Sprint(l, dir))
		})
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("%#x.EachTie(%v) visits %q, want %q", uint64(tt.k), tt.directed, s, tt.want)
		}
		// AppendTies splits k into exactly those ties, which make k again.
		var sum Kind
		ties := tt.k.AppendTies(nil, tt.directed)
		for _, x := range ties {
			sum |= x
		}
		if sum != tt.k || len(ties) != len(got) {
			t.Errorf("%#x.AppendTies(%v) = %v", uint64(tt.k), tt.directed, ties)
		}
	}
}

// TestTypedGraph builds a directed two-layer graph tie by tie and checks
// every kind from both ends, through deletion, restoration and cloning.
func TestTypedGraph(t *testing.T) {
	g := New(4)
	if err := g.SetTypes(true, []string{"family", "work"}); err != nil {
		t.Fatal(err)
	}
	if !g.Typed() || !g.Directed() || g.NumLayers() != 2 {
		t.Fatalf("Typed %v Directed %v NumLayers %d", g.Typed(), g.Directed(), g.NumLayers())
	}
	set := func(u, v int32, k Kind) {
		t.Helper()
		if _, err := g.SetKind(u, v, k); err != nil {
			t.Fatal(err)
		}
	}
	set(0, 1, LayerKind(0, true))                    // 0→1 family
	set(2, 1, LayerKind(1, true)|LayerKind(0, true)) // 2→1 work and family
	set(3, 2, LayerKind(1, true))                    // 3→2 work
	set(2, 3, LayerKind(1, true)|Kind(2)<<2)         // 2→3 and 3→2 work
	want := []struct {
		u, v int32
		k    Kind
	}{
		{0, 1, 1}, {1, 0, 2},
		{2, 1, 1 | 1<<2}, {1, 2, 2 | 2<<2},
		{2, 3, 3 << 2}, {3, 2, 3 << 2},
		{0, 2, 0}, {0, 3, 0},
	}
	check := func(g *Graph) {
		t.Helper()
		for _, w := range want {
			if got := g.Kind(w.u, w.v); got != w.k {
				t.Errorf("Kind(%d, %d) = %#x, want %#x", w.u, w.v, uint64(got), uint64(w.k))
			}
		}
		if got := g.NumTies(); got != 5 {
			t.Errorf("NumTies = %d, want 5", got)
		}
		for v := range int32(4) {
			for i, w := range g.Neighbors(v) {
				if g.IncidentKind(v, i) != g.Kind(v, w) {
					t.Errorf("IncidentKind(%d, %d) = %#x, Kind = %#x", v, i, uint64(g.IncidentKind(v, i)), uint64(g.Kind(v, w)))
				}
			}
		}
	}
	check(g)
	c := g.Clone()
	// Deleting moves the last edge into the hole; its kind must follow.
	if !g.DeleteEdge(0, 1) {
		t.Fatal("DeleteEdge(0, 1) = false")
	}
	if got := g.Kind(2, 3); got != 3<<2 {
		t.Errorf("after deletion Kind(2, 3) = %#x", uint64(got))
	}
	if got := g.NumTies(); got != 4 {
		t.Errorf("after deletion NumTies = %d, want 4", got)
	}
	check(c) // the clone is independent
	// Adding the edge back restores its ties.
	g.AddEdge(1, 0)
	check(g)
	// A new pair gets a tie both ways in layer 0.
	g.AddEdge(0, 3)
	if got := g.Kind(3, 0); got != 3 {
		t.Errorf("new edge Kind(3, 0) = %#x, want 3", uint64(got))
	}
	if changed, err := g.SetKind(0, 3, 0); err != nil || !changed || g.HasEdge(0, 3) {
		t.Errorf("SetKind(0, 3, 0) = %v, %v; edge left: %v", changed, err, g.HasEdge(0, 3))
	}
}

func TestSetKindErrors(t *testing.T) {
	und := New(3)
	if err := und.SetTypes(false, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	dir := New(3)
	if err := dir.SetTypes(true, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		g    *Graph
		u, v int32
		k    Kind
	}{
		{"untyped", New(3), 0, 1, 3},
		{"direction in an undirected graph", und, 0, 1, 1},
		{"layer beyond the graph's", und, 0, 1, 3 << 4},
		{"layer beyond a one-layer graph", dir, 0, 1, 1 << 2},
		{"self-loop", dir, 1, 1, 1},
	}
	for _, tt := range tests {
		if _, err := tt.g.SetKind(tt.u, tt.v, tt.k); err == nil {
			t.Errorf("%s: SetKind(%d, %d, %#x) succeeded", tt.name, tt.u, tt.v, uint64(tt.k))
		}
	}
	if err := New(1).SetTypes(true, make([]string, MaxLayers+1)); err == nil {
		t.Error("SetTypes with 33 layers succeeded")
	}
	one := New(2)
	if err := one.SetTypes(false, []string{"only"}); err != nil {
		t.Fatal(err)
	}
	if one.Typed() || one.NumLayers() != 1 || one.Layers()[0] != "only" {
		t.Errorf("one named layer: Typed %v NumLayers %d Layers %v", one.Typed(), one.NumLayers(), one.Layers())
	}
}

// TestKindTies: Ties counts what AppendTies lists, on random kinds of
// undirected ties (both bits of a layer) and of arcs.
func TestKindTies(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for range 500 {
		var und, dir Kind
		for l := range 8 {
			if r.IntN(2) == 0 {
				und |= LayerKind(l, false)
			}
			dir |= Kind(r.IntN(4)) << (2 * uint(l))
		}
		if got, want := und.Ties(false), len(und.AppendTies(nil, false)); got != want {
			t.Fatalf("undirected %#x: Ties %d, AppendTies %d", uint64(und), got, want)
		}
		if got, want := dir.Ties(true), len(dir.AppendTies(nil, true)); got != want {
			t.Fatalf("directed %#x: Ties %d, AppendTies %d", uint64(dir), got, want)
		}
	}
}
