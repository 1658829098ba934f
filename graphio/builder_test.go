package graphio

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
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

// TestSizeHints checks the sizes the edge-list reader reserves room by: a
// file's size, a gzip file's recorded size (not for two members whose last
// is small, nor for data in memory read through gzip), and the lines
// estimated from the first 64 KiB.
func TestSizeHints(t *testing.T) {
	dir := t.TempDir()
	var content bytes.Buffer
	for i := range 100_000 {
		fmt.Fprintf(&content, "%d %d\n", i%10, 10+i%90) // 5 bytes a line
	}
	gz := func(parts ...[]byte) []byte {
		var b bytes.Buffer
		for _, p := range parts {
			zw := gzip.NewWriter(&b)
			zw.Write(p)
			zw.Close()
		}
		return b.Bytes()
	}
	write := func(name string, data []byte) *os.File {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	n := int64(content.Len())
	if got := contentSize(write("plain", content.Bytes())); got != n {
		t.Errorf("contentSize(plain file) = %d, want %d", got, n)
	}
	if got := contentSize(bytes.NewReader(content.Bytes())); got != n {
		t.Errorf("contentSize(bytes.Reader) = %d, want %d", got, n)
	}
	// Random ids compress about as real edge lists do.
	var random bytes.Buffer
	r := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		fmt.Fprintf(&random, "%d %d\n", r.IntN(1e6), r.IntN(1e6))
	}
	if got, want := gzipSize(write("one.gz", gz(random.Bytes()))), int64(random.Len()); got != want {
		t.Errorf("gzipSize(one member) = %d, want %d", got, want)
	}
	if got := gzipSize(write("two.gz", gz(random.Bytes(), []byte("1 2\n")))); got != 0 {
		t.Errorf("gzipSize(two members, the last of 4 bytes) = %d, want 0 (unknown)", got)
	}
	if got := gzipSize(write("zeros.gz", gz(make([]byte, 1<<20)))); got != 0 {
		t.Errorf("gzipSize(1 MiB of zeros, compressed about 1000 times) = %d, want 0 (not believed)", got)
	}
	if got := gzipSize(bytes.NewReader(gz(content.Bytes()))); got != 0 {
		t.Errorf("gzipSize(bytes.Reader) = %d, want 0 (not a file)", got)
	}
	// The first 64 KiB hold 65536/5 = 13107 whole lines and a part: an
	// estimate of 500,000 × 13107 / 65536 = 99,998 lines.
	br := bufio.NewReaderSize(bytes.NewReader(content.Bytes()), 1<<16)
	want := 99_998
	if got := estimateLines(br, n); got != want {
		t.Errorf("estimateLines = %d, want %d (of %d lines)", got, want, 100_000)
	}
	if got := estimateLines(br, 0); got != 0 {
		t.Errorf("estimateLines(unknown size) = %d, want 0", got)
	}
	if b, _ := br.Peek(3); string(b) != "0 1" {
		t.Errorf("estimateLines consumed input: next bytes %q", b)
	}
}
