package release

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/anonet-project/anonet/examples"
)

// keyOf returns the key whose bytes are all b.
func keyOf(b byte) Key {
	var k Key
	for i := range k {
		k[i] = b
	}
	return k
}

func TestKeys(t *testing.T) {
	k, err := NewKey(bytes.NewReader(bytes.Repeat([]byte{0xab}, KeySize)))
	if err != nil || k != keyOf(0xab) {
		t.Fatalf("NewKey = %v, %v", k, err)
	}
	if _, err := NewKey(iotest.ErrReader(errors.New("no entropy"))); err == nil || !strings.Contains(err.Error(), "no entropy") {
		t.Errorf("NewKey from a failing source: %v", err)
	}
	if _, err := NewKey(bytes.NewReader(make([]byte, KeySize-1))); err == nil {
		t.Error("NewKey accepted a short source")
	}
	s := k.String()
	if s != strings.Repeat("ab", KeySize) {
		t.Errorf("String = %s", s)
	}
	for _, tc := range []struct {
		in   string
		want Key
		ok   bool
	}{
		{s, k, true},
		{" " + strings.ToUpper(s) + "\n", k, true},
		{s[:63], Key{}, false},
		{s + "0", Key{}, false},
		{strings.Repeat("g", 64), Key{}, false},
		{"", Key{}, false},
	} {
		got, err := ParseKey(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseKey(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestReadKey: a key file, and a mapping that WriteMapping wrote, give the
// key back; anything else is an error.
func TestReadKey(t *testing.T) {
	k := keyOf(0x5c)
	g := examples.MustRead("karate")
	perm, names := Publish(g, k)
	var m bytes.Buffer
	if err := WriteMapping(&m, k, names, perm); err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{"key file": k.String() + "\n", "mapping": m.String()} {
		if got, err := ReadKey(strings.NewReader(in)); err != nil || got != k {
			t.Errorf("%s: ReadKey = %v, %v", name, got, err)
		}
	}
	for _, in := range []string{"", "original\tanonymized\n", "# a comment\n" + k.String()} {
		if _, err := ReadKey(strings.NewReader(in)); err == nil {
			t.Errorf("ReadKey(%q) accepted it", in)
		}
	}
}

// TestPermutation: a permutation of the nodes that depends on the key and
// on every part of the graph (a label, an edge), and on nothing else.
func TestPermutation(t *testing.T) {
	g := examples.MustRead("karate")
	n := g.NumNodes()
	p := Permutation(keyOf(1), g)
	if q := slices.Sorted(slices.Values(p)); !slices.Equal(q, identity(n)) {
		t.Fatalf("not a permutation: %v", p)
	}
	if !slices.Equal(p, Permutation(keyOf(1), g.Clone())) {
		t.Error("the same key and graph gave other ids")
	}
	// The ids are part of the format: a key given again must give them in
	// every version (karate's nodes "1" and "2" under the key ...07, as
	// anonet anonymize karate -k 1 --key-file wrote them on 2026-11-30,
	// before PermutationOf).
	seven, err := ParseKey(strings.Repeat("0", 63) + "7")
	if err != nil {
		t.Fatal(err)
	}
	if q := Permutation(seven, g); q[0] != 10 || q[1] != 12 {
		t.Errorf("key ...07: nodes 1 and 2 have ids %d and %d, want 10 and 12", q[0], q[1])
	}
	// PermutationOf reads the same graph through its labels and higher
	// neighbours.
	higher := func(v int32, buf []int32) []int32 {
		for _, w := range g.Neighbors(v) {
			if w > v {
				buf = append(buf, w)
			}
		}
		return buf
	}
	if q := PermutationOf(keyOf(1), n, g.Label, higher); !slices.Equal(q, p) {
		t.Errorf("PermutationOf = %v, Permutation %v", q, p)
	}
	fewer := g.Clone()
	fewer.DeleteEdge(0, 1)
	relabelled := examples.MustRead("karate")
	labels := relabelled.Labels()
	labels[5] = "x"
	if err := relabelled.SetLabels(labels); err != nil {
		t.Fatal(err)
	}
	for name, other := range map[string][]int{
		"another key":   Permutation(keyOf(2), g),
		"an edge fewer": Permutation(keyOf(1), fewer),
		"a label other": Permutation(keyOf(1), relabelled),
	} {
		same := 0
		for v := range p {
			if p[v] == other[v] {
				same++
			}
		}
		// Unrelated permutations of 34 nodes share about one id; 6 or more
		// happen with probability below 0.001.
		if same >= 6 {
			t.Errorf("%s: %d of %d ids unchanged", name, same, n)
		}
	}
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// TestPublishAndNew: Publish renumbers in place what New copies, and its
// names keep the original labels, which the mapping lists.
func TestPublishAndNew(t *testing.T) {
	k := keyOf(7)
	orig := examples.MustRead("lesmis")
	r := New(orig, k)
	if orig.Label(0) != examples.MustRead("lesmis").Label(0) {
		t.Fatal("New changed its input")
	}
	g := orig.Clone()
	perm, names := Publish(g, k)
	if !slices.Equal(perm, r.ID) || !slices.Equal(g.Edges(), r.Graph.Edges()) {
		t.Fatal("Publish and New differ")
	}
	for v := range int32(orig.NumNodes()) {
		if names.Label(v) != orig.Label(v) {
			t.Fatalf("names: node %d is %q, want %q", v, names.Label(v), orig.Label(v))
		}
		if g.Label(int32(perm[v])) != itoa(perm[v]) {
			t.Fatalf("release node %d labelled %q", perm[v], g.Label(int32(perm[v])))
		}
		// Every edge of the original is in the release under the ids.
		for _, w := range orig.Neighbors(v) {
			if !g.HasEdge(int32(perm[v]), int32(perm[w])) {
				t.Fatalf("edge %d-%d lost", v, w)
			}
		}
	}
	if g.NumEdges() != orig.NumEdges() {
		t.Errorf("%d edges, want %d", g.NumEdges(), orig.NumEdges())
	}
	var m bytes.Buffer
	if err := WriteMapping(&m, k, names, perm); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(m.String(), "\n"), "\n")
	if len(lines) != orig.NumNodes()+2 || lines[1] != "original\tanonymized" ||
		lines[2] != orig.Label(0)+"\t"+itoa(perm[0]) {
		t.Errorf("mapping starts %q", lines[:3])
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
