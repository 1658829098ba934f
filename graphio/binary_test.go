package graphio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// triangleFile is the binary file of the triangle a–b–c plus an isolated
// node d, written out by hand from the layout in binary.go.
func triangleFile() []byte {
	var b []byte
	b = append(b, 0x89, 'A', 'N', 'O', 'N', 'E', 'T', '\n')
	b = binary.LittleEndian.AppendUint32(b, 1) // version
	b = binary.LittleEndian.AppendUint32(b, 1) // flags: labels
	b = binary.LittleEndian.AppendUint64(b, 4) // n
	b = binary.LittleEndian.AppendUint64(b, 3) // m
	b = binary.LittleEndian.AppendUint64(b, 4) // label bytes
	for _, e := range [][2]uint32{{0, 1}, {0, 2}, {1, 2}} {
		b = binary.LittleEndian.AppendUint32(b, e[0])
		b = binary.LittleEndian.AppendUint32(b, e[1])
	}
	for _, end := range []uint32{1, 2, 3, 4} {
		b = binary.LittleEndian.AppendUint32(b, end)
	}
	b = append(b, "abcd"...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
}

// TestBinaryLayout: the writer produces the documented bytes exactly, and
// the reader reads them back.
func TestBinaryLayout(t *testing.T) {
	g := mustGraph(t, 4, [][2]int32{{1, 2}, {0, 2}, {1, 0}}, []string{"a", "b", "c", "d"})
	var buf bytes.Buffer
	if err := Write(&buf, g, Binary); err != nil {
		t.Fatal(err)
	}
	want := triangleFile()
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatalf("wrote\n%x\nwant\n%x", buf.Bytes(), want)
	}
	h, rep, err := Read(bytes.NewReader(want), "t.anonet", ReadOptions{Format: Binary})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameGraph(g, h, true); err != nil || rep.Nodes != 4 || rep.Edges != 3 || rep.Isolated != 1 {
		t.Errorf("%v, report %+v", err, rep)
	}
}

// TestBinaryCorrupt: any single flipped byte, any truncation and any
// appended byte is refused with an error (never a panic, never a graph).
func TestBinaryCorrupt(t *testing.T) {
	good := triangleFile()
	check := func(name string, data []byte, msg string) {
		t.Helper()
		for _, viaFile := range []bool{false, true} {
			var err error
			if viaFile {
				path := filepath.Join(t.TempDir(), "c.anonet")
				os.WriteFile(path, data, 0o644)
				_, _, err = ReadFile(path, ReadOptions{})
			} else {
				_, _, err = Read(bytes.NewReader(data), "c.anonet", ReadOptions{Format: Binary})
			}
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), msg) {
				t.Errorf("%s (file %v): %v, want a ParseError with %q", name, viaFile, err, msg)
			}
		}
	}
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x10
		check("flip", bad, "byte ")
	}
	for k := range len(good) - 1 {
		check("truncated", good[:k], "byte ")
	}
	check("appended", append(bytes.Clone(good), 0), "byte ")
	// Wrong content with a correct checksum is refused by the structure checks.
	resum := func(b []byte) []byte {
		b = b[:len(b)-4]
		return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	}
	bad := bytes.Clone(good)
	binary.LittleEndian.PutUint32(bad[8:], 2)
	check("version 2", resum(bad), "byte 8: format version 2")
	bad = bytes.Clone(good)
	binary.LittleEndian.PutUint32(bad[40:], 1) // edge 0 becomes {1, 1}
	check("loop", resum(bad), "byte 40: edge 0 {1, 1}")
	bad = bytes.Clone(good)
	binary.LittleEndian.PutUint32(bad[48:], 1) // edge 1 becomes {1, 2}, edge 2 is {1, 2}
	check("order", resum(bad), "out of order")
	bad = bytes.Clone(good)
	bad[len(bad)-5] = 'a' // labels a b c a
	check("duplicate label", resum(bad), `same label "a"`)
	bad = bytes.Clone(good)
	binary.LittleEndian.PutUint32(bad[64:], 3) // label ends 3 2 3 4
	check("label ends", resum(bad), "byte 68: label end 2 of node 1")
	// Labels no text reader gives (issue 37): empty, with NUL, not UTF-8.
	for _, tc := range []struct {
		name  string
		patch func(b []byte)
		msg   string
	}{
		{"NUL label", func(b []byte) { b[80] = 0 }, "node 0 has a label no file may hold: it contains a NUL byte"},
		{"bad UTF-8 label", func(b []byte) { b[81] = 0xff }, "node 1 has a label no file may hold: it is not valid UTF-8"},
		{"empty label", func(b []byte) { binary.LittleEndian.PutUint32(b[64:], 0) }, "node 0 has a label no file may hold: it is empty"},
	} {
		bad := bytes.Clone(good)
		tc.patch(bad)
		check(tc.name, resum(bad), tc.msg)
	}
	check("not anonet", []byte("1 2\n2 3\n3 1\n"+strings.Repeat(" ", 40)), "not an anonet binary graph file")
}

// TestBinaryDeclared: a small file declaring many isolated nodes is
// trusted only with --max-nodes, like the other formats' headers.
func TestBinaryDeclared(t *testing.T) {
	header := func(n uint64) []byte {
		b := triangleFile()[:40]
		binary.LittleEndian.PutUint32(b[12:], 0) // no labels
		binary.LittleEndian.PutUint64(b[16:], n)
		binary.LittleEndian.PutUint64(b[24:], 0)
		binary.LittleEndian.PutUint64(b[32:], 0)
		return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	}
	tests := []struct {
		n        uint64
		maxNodes int
		msg      string // "" for a graph of n nodes
	}{
		{2000000000, 0, "more than a file of 44 bytes can describe"},
		{100000, 0, "more than a file of 44 bytes can describe"},
		{100000, 200000, ""},
		{100000, 1000, "exceed the limit of 1000 set by ReadOptions.MaxNodes"},
	}
	path := filepath.Join(t.TempDir(), "big.anonet")
	for _, tc := range tests {
		opt := ReadOptions{Format: Binary, MaxNodes: tc.maxNodes}
		g, _, err := Read(bytes.NewReader(header(tc.n)), "big.anonet", opt)
		switch {
		case tc.msg == "" && (err != nil || g.NumNodes() != int(tc.n)):
			t.Errorf("n = %d, MaxNodes %d: %v", tc.n, tc.maxNodes, err)
		case tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg)):
			t.Errorf("n = %d, MaxNodes %d: %v, want %q", tc.n, tc.maxNodes, err, tc.msg)
		}
		// A file is mapped, or read in chunks for its triangles: its
		// size bounds the trust all the same.
		os.WriteFile(path, header(tc.n), 0o644)
		g, _, err = ReadFile(path, opt)
		fw, _, ferr := ReadForward(path, opt)
		switch {
		case tc.msg == "" && (err != nil || g.NumNodes() != int(tc.n) || ferr != nil || fw.NumNodes() != int(tc.n)):
			t.Errorf("file, n = %d, MaxNodes %d: %v, %v", tc.n, tc.maxNodes, err, ferr)
		case tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg) || ferr == nil || !strings.Contains(ferr.Error(), tc.msg)):
			t.Errorf("file, n = %d, MaxNodes %d: %v, %v; want %q", tc.n, tc.maxNodes, err, ferr, tc.msg)
		}
	}
}
