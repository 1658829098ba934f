package graphio

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// chunked streams the sorted edges of g in chunks of random sizes.
func chunked(g *graph.Graph, r *rand.Rand) EdgeChunks {
	return func(yield func([]graph.Edge) error) error {
		es := g.SortedEdges()
		for len(es) > 0 {
			k := min(len(es), r.IntN(5))
			if err := yield(es[:k]); err != nil {
				return err
			}
			es = es[k:]
		}
		return nil
	}
}

func TestWriteBinaryStream(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for trial := range 40 {
		n := 1 + r.IntN(60)
		g := randomGraph(n, r.IntN(3*n), uint64(trial))
		var want, got bytes.Buffer
		if err := Write(&want, g, Binary); err != nil {
			t.Fatal(err)
		}
		if err := WriteBinaryStream(&got, n, int64(g.NumEdges()), chunked(g, r)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("trial %d: the streamed file differs from Write's", trial)
		}
		back, _, err := Read(bytes.NewReader(got.Bytes()), "s.anonet", ReadOptions{Format: Binary})
		if err != nil || !slices.Equal(back.SortedEdges(), g.SortedEdges()) || back.NumNodes() != n {
			t.Fatalf("trial %d: read back: %v", trial, err)
		}
	}
	// Wrong streams are refused.
	for _, tc := range []struct {
		name  string
		n     int
		m     int64
		edges []graph.Edge
	}{
		{"out of order", 4, 2, []graph.Edge{{U: 1, V: 2}, {U: 0, V: 1}}},
		{"repeated", 4, 2, []graph.Edge{{U: 0, V: 1}, {U: 0, V: 1}}},
		{"loop", 4, 1, []graph.Edge{{U: 1, V: 1}}},
		{"out of range", 4, 1, []graph.Edge{{U: 1, V: 4}}},
		{"too few", 4, 3, []graph.Edge{{U: 0, V: 1}}},
		{"too many", 4, 1, []graph.Edge{{U: 0, V: 1}, {U: 0, V: 2}}},
		{"m too large", 4, 7, nil},
	} {
		err := WriteBinaryStream(new(bytes.Buffer), tc.n, tc.m, func(yield func([]graph.Edge) error) error { return yield(tc.edges) })
		if err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// writeFile writes data to a new file and returns its path.
func writeFile(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.anonet")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkForward checks that ReadForward reads the file at path as ReadFile
// does: the same degrees, triangles and report, or the same error.
func checkForward(t *testing.T, name, path string) {
	t.Helper()
	g, rep, err := ReadFile(path, ReadOptions{})
	f, frep, ferr := ReadForward(path, ReadOptions{})
	if errors.Is(ferr, ErrNotPlainBinary) {
		if err == nil {
			if data, _ := os.ReadFile(path); !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
				t.Errorf("%s: ReadForward says not a binary file, ReadFile reads it", name)
			}
		}
		return
	}
	if (err == nil) != (ferr == nil) || err != nil && err.Error() != ferr.Error() {
		t.Errorf("%s: ReadForward: %v; ReadFile: %v", name, ferr, err)
		return
	}
	if err != nil {
		return
	}
	if f.NumNodes() != g.NumNodes() || f.NumEdges() != g.NumEdges() {
		t.Fatalf("%s: %d nodes %d edges, want %d, %d", name, f.NumNodes(), f.NumEdges(), g.NumNodes(), g.NumEdges())
	}
	for v := range int32(g.NumNodes()) {
		if int(f.Degree(v)) != g.Degree(v) {
			t.Fatalf("%s: degree of %d is %d, want %d", name, v, f.Degree(v), g.Degree(v))
		}
	}
	if got, want := f.TriangleCounts(2), g.TriangleCounts(1); !slices.Equal(got, want) {
		t.Fatalf("%s: triangles %v, want %v", name, got, want)
	}
	if frep.Nodes != rep.Nodes || frep.Edges != rep.Edges || frep.Isolated != rep.Isolated || frep.Format != rep.Format {
		t.Fatalf("%s: report %+v, want %+v", name, frep, rep)
	}
}

func TestReadForward(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for trial := range 30 {
		n := 1 + r.IntN(300)
		g := randomGraph(n, r.IntN(8*n), uint64(trial))
		if trial%3 == 0 {
			labels := make([]string, n)
			for v := range labels {
				labels[v] = string(rune('a'+v%26)) + string(rune('A'+v/26%26)) + string(rune('0'+v/676))
			}
			if err := g.SetLabels(labels); err != nil {
				t.Fatal(err)
			}
		}
		var b bytes.Buffer
		if err := Write(&b, g, Binary); err != nil {
			t.Fatal(err)
		}
		path := writeFile(t, b.Bytes())
		checkForward(t, "random", path)
		// Labels read one by one, in a shuffled order with repeats.
		nodes := make([]int32, 2*n)
		for i := range nodes {
			nodes[i] = int32(r.IntN(n))
		}
		nodes[0] = 0
		got, err := ReadBinaryLabels(path, ReadOptions{}, nodes)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range nodes {
			if got[i] != g.Label(v) {
				t.Fatalf("trial %d: label of %d %q, want %q", trial, v, got[i], g.Label(v))
			}
		}
		if _, err := ReadBinaryLabels(path, ReadOptions{}, []int32{int32(n)}); err == nil {
			t.Errorf("trial %d: node %d of %d read", trial, n, n)
		}
		if trial%3 == 0 && n >= 2 {
			// A label end past the label bytes (the file changed since
			// it was checked) is an error, not a slice out of range.
			bad := bytes.Clone(b.Bytes())
			binary.LittleEndian.PutUint32(bad[binaryHeader+8*g.NumEdges()+4:], 1<<31)
			if _, err := ReadBinaryLabels(writeFile(t, bad), ReadOptions{}, []int32{1}); err == nil || !strings.Contains(err.Error(), "out of order or out of range") {
				t.Errorf("trial %d: corrupt label end: %v", trial, err)
			}
		}
	}
	// Every corruption of a small file is refused with ReadFile's error.
	good := triangleFile()
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x10
		checkForward(t, "flip", writeFile(t, bad))
	}
	for k := range len(good) {
		checkForward(t, "truncated", writeFile(t, good[:k]))
	}
	checkForward(t, "appended", writeFile(t, append(bytes.Clone(good), 0)))
	resum := func(b []byte) []byte {
		b = b[:len(b)-4]
		return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	}
	for _, at := range []int{40, 44, 48, 52, 56, 64, 75} {
		for _, x := range []byte{1, 3, 0x80} {
			bad := bytes.Clone(good)
			bad[at] ^= x
			checkForward(t, "resummed", writeFile(t, resum(bad)))
		}
	}
	// A compressed file is left to ReadFile.
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(good)
	zw.Close()
	if _, _, err := ReadForward(writeFile(t, z.Bytes()), ReadOptions{}); !errors.Is(err, ErrNotPlainBinary) {
		t.Errorf("gzip: %v, want ErrNotPlainBinary", err)
	}
	if _, _, err := ReadForward(t.TempDir(), ReadOptions{}); !errors.Is(err, ErrNotPlainBinary) {
		t.Errorf("a directory: %v, want ErrNotPlainBinary", err)
	}
}

// TestBinaryScanChanged: a file rewritten after Check, with an edge whose
// end is no longer a node, makes Edges fail with the edge's offset rather
// than hand its caller an id out of range.
func TestBinaryScanChanged(t *testing.T) {
	path := writeFile(t, triangleFile())
	s, err := OpenBinary(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Check(0, 0, "to test"); err != nil {
		t.Fatal(err)
	}
	count := func() (int, error) {
		k := 0
		err := s.Edges(func(u, v int32) error { k++; return nil })
		return k, err
	}
	if k, err := count(); k != 3 || err != nil {
		t.Fatalf("the checked file: %d edges, %v", k, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The second edge's higher end becomes node 4 of 4.
	if _, err := f.WriteAt(binary.LittleEndian.AppendUint32(nil, 4), binaryHeader+8+4); err != nil {
		t.Fatal(err)
	}
	f.Close()
	k, err := count()
	if want := fmt.Sprintf("byte %d: edge {", binaryHeader+8); k != 1 || err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "changed since it was checked") {
		t.Errorf("the changed file: %d edges before %v, want 1 and %q", k, err, want)
	}
}
