package graphio

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestBuilderNumbering checks the node numbering of the builder against a
// simple model on random mixes of small, sparse and huge numeric labels and
// string labels: numeric labels are numbered in ascending order when every
// label is numeric, and all labels in order of first appearance otherwise.
func TestBuilderNumbering(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		withStrings := trial%3 == 0
		b := newBuilder(maxNodes, ReadOptions{})
		var order []string // labels in order of first appearance
		seen := map[string]bool{}
		var pairs [][2]string
		tok := func() string {
			switch k := r.IntN(10); {
			case withStrings && k == 0:
				return "s" + strconv.Itoa(r.IntN(50))
			case k < 5:
				return strconv.Itoa(r.IntN(100))
			case k < 8:
				return strconv.Itoa(r.IntN(1 << 22)) // grows the direct table
			default:
				return strconv.FormatUint(r.Uint64N(1e18), 10) // stays in the map
			}
		}
		for range r.IntN(300) {
			u, v := tok(), tok()
			for _, l := range []string{u, v} {
				if !seen[l] {
					seen[l] = true
					order = append(order, l)
				}
			}
			pairs = append(pairs, [2]string{u, v})
			b.edge(b.node([]byte(u)), b.node([]byte(v)))
		}
		g, err := b.build(&Report{})
		if err != nil {
			t.Fatal(err)
		}
		want := slices.Clone(order)
		if !withStrings {
			slices.SortFunc(want, func(a, c string) int {
				x, _ := strconv.ParseUint(a, 10, 64)
				y, _ := strconv.ParseUint(c, 10, 64)
				return cmpUint(x, y)
			})
		}
		if got := g.Labels(); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("trial %d: labels %v, want %v", trial, got, want)
		}
		id := map[string]int32{}
		for v, l := range g.Labels() {
			id[l] = int32(v)
		}
		for _, p := range pairs {
			if p[0] != p[1] && !g.HasEdge(id[p[0]], id[p[1]]) {
				t.Fatalf("trial %d: edge %v missing", trial, p)
			}
		}
	}
}

func cmpUint(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// TestBuilderDenseIDs checks that labels 0..n-1 are stored as no labels.
func TestBuilderDenseIDs(t *testing.T) {
	g, _, err := readString("2 1\n0 1\n", EdgeList)
	if err != nil {
		t.Fatal(err)
	}
	if g.HasLabels() || g.Label(2) != "2" {
		t.Errorf("labels 0..2 were stored: %v", g.Labels())
	}
}

// TestBuilderLimit checks that the builder stops at its node limit.
func TestBuilderLimit(t *testing.T) {
	b := newBuilder(2, ReadOptions{})
	b.node([]byte("a"))
	b.node([]byte("5"))
	if b.overflow {
		t.Fatal("overflow at the limit")
	}
	b.node([]byte("a"))
	if b.overflow {
		t.Fatal("overflow on a known label")
	}
	b.node([]byte("6"))
	if !b.overflow {
		t.Fatal("no overflow beyond the limit")
	}
	if _, err := b.build(&Report{}); err == nil {
		t.Fatal("build succeeded after overflow")
	}
}

// TestStrTable checks the interning table against a map, with short keys
// (held in the slots) and long ones (held in the arena).
func TestStrTable(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	st := newStrTable()
	want := map[string]int{}
	var keys []string
	for range 20000 {
		k := "k" + strconv.Itoa(r.IntN(5000))
		if r.IntN(4) == 0 {
			k += "-a-much-longer-key-than-sixteen-bytes"
		}
		val, isNew := st.intern([]byte(k))
		if isNew {
			*val = int32(st.len()-1) * 3
		}
		idx := int(*val / 3)
		w, ok := want[k]
		if !ok {
			w = len(want)
			want[k] = w
			keys = append(keys, k)
		}
		if idx != w || isNew == ok {
			t.Fatalf("intern(%q) = %d, %v; want %d, %v", k, idx, isNew, w, !ok)
		}
	}
	if st.len() != len(keys) || !slices.Equal(st.strings(), keys) {
		t.Fatal("strings() differs from the keys in order of appearance")
	}
}
