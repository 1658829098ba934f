package graphio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"

	"github.com/anonet-project/anonet/graph"
)

// ErrNotPlainBinary is the error of ReadForward on a file that is not an
// uncompressed binary graph file: read it with ReadFile instead.
var ErrNotPlainBinary = errors.New("not an uncompressed anonet binary graph file")

// forwardChunk is the number of edges ReadForward reads at a time.
const forwardChunk = 1 << 20

// ForwardBytesPerEdge and ForwardBytesPerNode are the memory ReadForward
// takes: the out-lists (4 bytes per edge), degrees and offsets (12 bytes
// per node), and a read buffer of a few megabytes; counting triangles on
// the result takes 8 bytes per node and thread more.
const (
	ForwardBytesPerEdge = 4
	ForwardBytesPerNode = 12
)

// ReadForward reads a binary graph file (Binary, uncompressed) into the
// forward orientation of its graph (graph.Forward) without building a
// graph.Graph: the structure for counting triangles and degrees at a
// fraction of the memory (ForwardBytesPerEdge, ForwardBytesPerNode). The
// file is read three times, in chunks through the page cache, never
// mapped, so that its pages are not part of the process's memory: once to
// check it exactly as ReadFile does (header, size, checksum, edges in
// range and in order, labels, refused with the same errors) and count the
// degrees (OpenBinary, BinaryScan.Check), then twice by graph.NewForward. Labels are checked
// but not kept. A file that is not an uncompressed binary graph file gives
// ErrNotPlainBinary (wrapped).
func ReadForward(path string, opt ReadOptions) (*graph.Forward, *Report, error) {
	s, err := OpenBinary(path, opt)
	if err != nil {
		return nil, nil, err
	}
	defer s.Close()
	if err := s.Check(ForwardBytesPerEdge, ForwardBytesPerNode, "for its triangles"); err != nil {
		return nil, nil, err
	}
	fw, err := graph.NewForward(s.Degrees, s.Edges)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	return fw, s.Report, nil
}

// A BinaryScan is an uncompressed binary graph file read without holding
// its edges: OpenBinary reads its header, Check checks it whole and counts
// the degrees, and Edges reads its edges again each time it is called, a
// chunk at a time, through the page cache, never mapped.
type BinaryScan struct {
	// Nodes and NumEdges are the counts the header declares.
	Nodes, NumEdges int
	// Labelled reports whether the file has a label section; its labels
	// are checked but not kept (ReadBinaryLabels reads some).
	Labelled bool
	// Report is the file's report, as ReadFile's, and Degrees the degree
	// of every node, once Check has passed.
	Report  *Report
	Degrees []int32
	f       *os.File
	path    string
	h       []byte
	l       binaryLayout
	opt     ReadOptions
	buf     []byte
}

// OpenBinary opens the binary graph file (Binary, uncompressed) at path
// and reads its header, checking it and the file's size as ReadFile does.
// A file that is not an uncompressed binary graph file gives
// ErrNotPlainBinary (wrapped). The caller closes the scan.
func OpenBinary(path string, opt ReadOptions) (*BinaryScan, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, err
	}
	s, err := openBinary(f, path, opt)
	if err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

func openBinary(f *os.File, path string, opt ReadOptions) (*BinaryScan, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: %w", path, ErrNotPlainBinary)
	}
	h := make([]byte, binaryHeader)
	if k, err := f.ReadAt(h, 0); k >= len(binaryMagic) && string(h[:len(binaryMagic)]) != string(binaryMagic[:]) || k < len(binaryMagic) && err != nil {
		return nil, fmt.Errorf("read %s: %w", path, ErrNotPlainBinary)
	} else if k < binaryHeader {
		return nil, binaryError(path, uint64(k), "the file ends inside the %d-byte header", binaryHeader)
	}
	l, err := parseBinaryHeader(h, path, opt)
	if err != nil {
		return nil, err
	}
	if err := l.checkSize(path, uint64(st.Size())); err != nil {
		return nil, err
	}
	opt.stored = st.Size()
	return &BinaryScan{Nodes: int(l.n), NumEdges: int(l.m), Labelled: l.labels, f: f, path: path, h: h, l: l, opt: opt}, nil
}

// Check checks the whole file exactly as ReadFile does (edges in range
// and in order, labels, checksum, refused with the same errors), counting
// the degrees (Degrees) and making the report (Report). Before reading the
// edges it checks that the process may hold perEdge bytes per edge and
// perNode per node, for the purpose named (CheckMemory).
func (s *BinaryScan) Check(perEdge, perNode int64, purpose string) error {
	l, path, f := s.l, s.path, s.f
	// The labels section (and the checksum) are read whole, to be checked.
	rest := int64(l.size() - binaryHeader - 8*l.m)
	need := perEdge*int64(l.m) + perNode*int64(l.n) + rest
	if err := s.opt.checkDeclared(int(l.n), need, false); err != nil {
		return &ParseError{File: path, Err: fmt.Errorf("byte 16: %w", err)}
	}
	if err := CheckMemory(need, fmt.Sprintf("reading %s (%d edges, %d nodes) %s", path, l.m, l.n, purpose)); err != nil {
		return err
	}
	n, m := int(l.n), int64(l.m)
	deg := make([]int32, n)
	s.buf = make([]byte, 8*forwardChunk)
	// Check everything, count the degrees.
	crc := crc32.Update(0, castagnoli, s.h)
	// A bad edge is reported after the checksum, as ReadFile does.
	var edgeErr error
	order := newEdgeOrder(path, n)
	err := readEdgeChunks(f, m, s.buf, func(first int64, es []graph.Edge, raw []byte) error {
		crc = crc32.Update(crc, castagnoli, raw)
		if edgeErr != nil {
			return nil
		}
		if edgeErr = order.check(es); edgeErr != nil {
			return nil
		}
		for _, e := range es {
			deg[e.U]++
			deg[e.V]++
		}
		return nil
	})
	if err != nil {
		return err
	}
	tail := make([]byte, rest) // labels and checksum
	if _, err := f.ReadAt(tail, int64(binaryHeader+8*l.m)); err != nil && !(errors.Is(err, io.EOF) && len(tail) == 0) {
		return fmt.Errorf("read %s: %w", path, err)
	}
	body := tail[:len(tail)-4]
	crc = crc32.Update(crc, castagnoli, body)
	if err := checksumError(path, l.size()-4, crc, binary.LittleEndian.Uint32(tail[len(tail)-4:])); err != nil {
		return err
	}
	if edgeErr != nil {
		return edgeErr
	}
	if l.labels {
		if _, err := decodeLabels(body, n, path, uint64(binaryHeader+8*l.m)); err != nil {
			return err
		}
	}
	rep := &Report{File: path, Format: Binary, Nodes: n, Edges: int(m), Records: int(m)}
	for _, d := range deg {
		if d == 0 {
			rep.Isolated++
		}
	}
	s.Report, s.Degrees = rep, deg
	return nil
}

// Edges reads the file's edges again and calls yield with each, in the
// file's order (ascending (u, v), u < v); it returns the first error of
// reading or of yield. An edge whose ends are not nodes of the file
// (which has changed since it was checked) is an error too, so that
// yield may index by them.
func (s *BinaryScan) Edges(yield func(u, v int32) error) error {
	if s.buf == nil {
		s.buf = make([]byte, 8*forwardChunk)
	}
	n := uint32(s.l.n)
	return readEdgeChunks(s.f, int64(s.l.m), s.buf, func(first int64, es []graph.Edge, _ []byte) error {
		for i, e := range es {
			if uint32(e.U) >= n || uint32(e.V) >= n {
				return binaryError(s.path, binaryHeader+8*uint64(first+int64(i)), "edge {%d, %d} has an end that is not one of the %d nodes (the file changed since it was checked)", e.U, e.V, n)
			}
			if err := yield(e.U, e.V); err != nil {
				return err
			}
		}
		return nil
	})
}

// Close closes the file.
func (s *BinaryScan) Close() error { return s.f.Close() }

// readEdgeChunks reads the m edges of the binary file f in chunks of buf's
// size and calls fn with the index of each chunk's first edge, its edges
// and its bytes.
func readEdgeChunks(f *os.File, m int64, buf []byte, fn func(first int64, es []graph.Edge, raw []byte) error) error {
	per := int64(len(buf) / 8)
	for first := int64(0); first < m; first += per {
		raw := buf[:8*min(per, m-first)]
		if _, err := f.ReadAt(raw, binaryHeader+8*first); err != nil {
			return fmt.Errorf("read %s: %w", f.Name(), err)
		}
		if err := fn(first, edgesOf(raw), raw); err != nil {
			return err
		}
	}
	return nil
}

// ReadBinaryLabels returns the labels of nodes in the uncompressed binary
// graph file at path, reading only the label ends and bytes they need: for
// a file that ReadForward has checked, which does not keep its labels. In a
// file without labels every node is labelled by its id. A node out of
// range, or a label end out of order or range (the file changed since it
// was checked), is an error.
func ReadBinaryLabels(path string, opt ReadOptions, nodes []int32) ([]string, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := make([]byte, binaryHeader)
	if _, err := f.ReadAt(h, 0); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	l, err := parseBinaryHeader(h, path, opt)
	if err != nil {
		return nil, err
	}
	endsAt := uint64(binaryHeader) + 8*l.m // the label ends, 4 bytes per node
	textAt := endsAt + 4*l.n               // the label bytes
	out := make([]string, len(nodes))
	var b [8]byte
	for i, v := range nodes {
		if v < 0 || uint64(v) >= l.n {
			return nil, fmt.Errorf("read %s: node %d of %d nodes", path, v, l.n)
		}
		if !l.labels {
			out[i] = strconv.Itoa(int(v))
			continue
		}
		// The label of v spans the end of v-1's (0 for node 0) to its own.
		at, ends := endsAt+4*uint64(v)-4, b[:]
		if v == 0 {
			at, ends = endsAt, b[4:]
		}
		if _, err := f.ReadAt(ends, int64(at)); err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		start, end := binary.LittleEndian.Uint32(b[:]), binary.LittleEndian.Uint32(b[4:])
		if v == 0 {
			start = 0
		}
		if end < start || uint64(end) > l.labelBytes {
			return nil, binaryError(path, endsAt+4*uint64(v), "label end %d of node %d is out of order or out of range", end, v)
		}
		text := make([]byte, end-start)
		if _, err := f.ReadAt(text, int64(textAt+uint64(start))); err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		out[i] = string(text)
	}
	return out, nil
}
