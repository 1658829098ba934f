package graphio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/anonet-project/anonet/graph"
)

// The anonet binary graph format (Binary, ".anonet"), version 1: a graph
// parsed once and then read back without parsing, memory-mapped where the
// system allows (ReadFile). Every number is little-endian:
//
//	offset      size      field
//	0           8         magic: 0x89 'A' 'N' 'O' 'N' 'E' 'T' '\n'
//	8           4         version: 1
//	12          4         flags: bit 0 set if the file holds node labels; other bits 0
//	16          8         n, the number of nodes (at most 2^31-1)
//	24          8         m, the number of edges
//	32          8         L, the number of label bytes (0 without labels)
//	40          8m        the edges: m pairs (u uint32, v uint32) with u < v < n,
//	                      in strictly increasing order of (u, v)
//	40+8m       4n        with labels: the end offset of every node's label in the
//	                      label bytes (non-decreasing, the last equal to L)
//	40+8m+4n    L         with labels: the labels, concatenated, all distinct
//	end-4       4         CRC-32C (Castagnoli) of every byte before it
//
// The size of a valid file is therefore exactly 44 + 8m (+ 4n + L with
// labels); a reader refuses a file of any other size, a wrong magic number,
// version or flag, an edge out of order or out of range, bad label offsets,
// a repeated label and a checksum mismatch, each with the byte offset of
// the problem. A graph without labels has nodes labelled by their ids.
const (
	binaryVersion   = 1
	binaryHeader    = 40
	binaryHasLabels = 1
)

// binaryMagic starts every file of the binary format: a byte that is not
// text (0x89) guards against a text transfer, the name says what it is.
var binaryMagic = [8]byte{0x89, 'A', 'N', 'O', 'N', 'E', 'T', '\n'}

// castagnoli is the CRC-32C table, computed in hardware where possible.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// binaryLayout is what a file's header declares.
type binaryLayout struct {
	n, m, labelBytes uint64
	labels           bool
}

// size returns the exact size of a file with this layout.
func (l binaryLayout) size() uint64 {
	s := binaryHeader + 8*l.m + 4
	if l.labels {
		s += 4*l.n + l.labelBytes
	}
	return s
}

// memory estimates the memory of reading a file with this layout beyond its
// edges: the graph's nodes, and with labels, the labels decoded and the
// order by which decodeLabels finds repeated ones.
func (l binaryLayout) memory() int64 {
	b := declaredBytes(int(l.n), l.labels, int64(l.labelBytes))
	if l.labels {
		b += 4 * int64(l.n)
	}
	return b
}

// header returns the header of a file with this layout.
func (l binaryLayout) header() []byte {
	h := make([]byte, binaryHeader)
	copy(h, binaryMagic[:])
	binary.LittleEndian.PutUint32(h[8:], binaryVersion)
	if l.labels {
		binary.LittleEndian.PutUint32(h[12:], binaryHasLabels)
	}
	binary.LittleEndian.PutUint64(h[16:], l.n)
	binary.LittleEndian.PutUint64(h[24:], l.m)
	binary.LittleEndian.PutUint64(h[32:], l.labelBytes)
	return h
}

// binaryError is the error of a malformed binary file at byte offset off.
func binaryError(file string, off uint64, format string, args ...any) error {
	return &ParseError{File: file, Err: fmt.Errorf("byte %d: %s", off, fmt.Sprintf(format, args...))}
}

// parseBinaryHeader checks the header h (binaryHeader bytes) and returns
// the layout it declares.
func parseBinaryHeader(h []byte, file string, opt ReadOptions) (binaryLayout, error) {
	if !bytes.Equal(h[:8], binaryMagic[:]) {
		return binaryLayout{}, binaryError(file, 0, "not an anonet binary graph file (its first 8 bytes are not the format's magic number)")
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != binaryVersion {
		return binaryLayout{}, binaryError(file, 8, "format version %d, but this anonet reads version %d only", v, binaryVersion)
	}
	flags := binary.LittleEndian.Uint32(h[12:])
	if flags&^binaryHasLabels != 0 {
		return binaryLayout{}, binaryError(file, 12, "unknown flags %#x", flags)
	}
	l := binaryLayout{
		n:          binary.LittleEndian.Uint64(h[16:]),
		m:          binary.LittleEndian.Uint64(h[24:]),
		labelBytes: binary.LittleEndian.Uint64(h[32:]),
		labels:     flags&binaryHasLabels != 0,
	}
	if l.n > uint64(opt.nodeLimit()) {
		return l, binaryError(file, 16, "%v", tooManyNodes(l.n, opt.nodeLimit()))
	}
	if l.m > l.n*(l.n-min(l.n, 1))/2 || l.m > 1<<31-1 {
		return l, binaryError(file, 24, "%d edges cannot exist between %d nodes of a simple graph (or exceed 2^31-1)", l.m, l.n)
	}
	if !l.labels && l.labelBytes != 0 || l.labelBytes > 1<<32-1 {
		return l, binaryError(file, 32, "%d label bytes %s", l.labelBytes, map[bool]string{true: "exceed 4 GiB", false: "in a file without labels"}[l.labels])
	}
	return l, nil
}

// readBinary reads a binary graph file from br, holding its bytes in memory
// as they arrive (never more than the file holds), and decodes it.
func readBinary(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	h := make([]byte, binaryHeader)
	if k, err := io.ReadFull(br, h); err != nil {
		return nil, binaryError(rep.File, uint64(k), "the file ends inside the %d-byte header", binaryHeader)
	}
	l, err := parseBinaryHeader(h, rep.File, opt)
	if err != nil {
		return nil, err
	}
	if err := opt.checkDeclared(int(l.n), l.memory(), false); err != nil {
		return nil, &ParseError{File: rep.File, Err: fmt.Errorf("byte 16: %w", err)}
	}
	var buf bytes.Buffer
	buf.Write(h)
	k, err := io.CopyN(&buf, br, int64(l.size()-binaryHeader))
	if err != nil {
		return nil, binaryError(rep.File, uint64(binaryHeader+k), "the file ends early: its header declares %d bytes (truncated?)", l.size())
	}
	if _, err := br.ReadByte(); err == nil {
		return nil, binaryError(rep.File, l.size(), "bytes after the checksum: the header declares %d bytes", l.size())
	}
	return decodeBinary(buf.Bytes(), rep, opt)
}

// decodeBinary decodes the whole file data (read, or memory-mapped: it is
// never written to) and builds the graph, which shares no memory with data.
func decodeBinary(data []byte, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	file := rep.File
	if len(data) < binaryHeader {
		return nil, binaryError(file, uint64(len(data)), "the file ends inside the %d-byte header", binaryHeader)
	}
	l, err := parseBinaryHeader(data[:binaryHeader], file, opt)
	if err != nil {
		return nil, err
	}
	if err := l.checkSize(file, uint64(len(data))); err != nil {
		return nil, err
	}
	body := data[:len(data)-4]
	if err := checksumError(file, uint64(len(body)), crc32.Checksum(body, castagnoli), binary.LittleEndian.Uint32(data[len(data)-4:])); err != nil {
		return nil, err
	}
	n, m := int(l.n), int(l.m)
	raw := data[binaryHeader : binaryHeader+8*m]
	pairs := edgesOf(raw)
	if err := newEdgeOrder(file, n).check(pairs); err != nil {
		return nil, err
	}
	if opt.src == nil {
		opt.stored = max(opt.stored, int64(len(data)))
	}
	if err := opt.checkDeclared(n, l.memory(), true); err != nil {
		return nil, &ParseError{File: file, Err: fmt.Errorf("byte 16: %w", err)}
	}
	var labels []string
	if l.labels {
		if labels, err = decodeLabels(data[binaryHeader+8*m:len(body)], n, file, uint64(binaryHeader+8*m)); err != nil {
			return nil, err
		}
	}
	g, _, err := graph.FromEdgesThreads(n, pairs, labels, opt.Threads)
	if err != nil {
		return nil, &ParseError{File: file, Err: err}
	}
	rep.Nodes, rep.Edges, rep.Records = n, m, m
	for v := range int32(n) {
		if g.Degree(v) == 0 {
			rep.Isolated++
		}
	}
	return g, nil
}

// edgesOf returns the pairs of raw (8 bytes each, little-endian): the
// bytes themselves, seen as edges, on a little-endian machine (no copy),
// else a decoded copy.
func edgesOf(raw []byte) []graph.Edge {
	m := len(raw) / 8
	if m == 0 {
		return nil
	}
	if littleEndian() && uintptr(unsafe.Pointer(&raw[0]))%4 == 0 {
		return unsafe.Slice((*graph.Edge)(unsafe.Pointer(&raw[0])), m)
	}
	pairs := make([]graph.Edge, m)
	for i := range pairs {
		pairs[i] = graph.Edge{U: int32(binary.LittleEndian.Uint32(raw[8*i:])), V: int32(binary.LittleEndian.Uint32(raw[8*i+4:]))}
	}
	return pairs
}

// decodeLabels decodes the label section b (end offsets, then bytes) of n
// nodes, which starts at byte off of the file.
func decodeLabels(b []byte, n int, file string, off uint64) ([]string, error) {
	ends, text := b[:4*n], b[4*n:]
	all := string(text) // one copy, shared by every label
	labels := make([]string, n)
	start := uint32(0)
	for v := range n {
		end := binary.LittleEndian.Uint32(ends[4*v:])
		if end < start || int(end) > len(all) || v == n-1 && int(end) != len(all) {
			return nil, binaryError(file, off+uint64(4*v), "label end %d of node %d is out of order or out of range", end, v)
		}
		labels[v] = all[start:end]
		if p := labelProblem(labels[v]); p != "" {
			return nil, binaryError(file, off+uint64(4*n)+uint64(start), "node %d has a label no file may hold: %s", v, p)
		}
		start = end
	}
	order := make([]int32, n)
	for v := range order {
		order[v] = int32(v)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(labels[a], labels[b]) })
	for i := 1; i < n; i++ {
		if labels[order[i]] == labels[order[i-1]] {
			return nil, binaryError(file, off+uint64(4*n), "nodes %d and %d have the same label %q", order[i-1], order[i], labels[order[i]])
		}
	}
	return labels, nil
}

// nextEdgeOK reports whether e may follow prev in the edge section of the
// binary format: u < v < n, in strictly ascending order of (u, v). The first
// edge follows {-1, 0}.
func nextEdgeOK(prev, e graph.Edge, n int) bool {
	return e.U >= 0 && e.U < e.V && int(e.V) < n && (e.U > prev.U || e.U == prev.U && e.V > prev.V)
}

// edgeOrder checks the edges of a binary file as they come, chunk after
// chunk: each must follow the one before (nextEdgeOK).
type edgeOrder struct {
	file  string
	n     int
	prev  graph.Edge
	count int64 // edges checked
}

func newEdgeOrder(file string, n int) *edgeOrder {
	return &edgeOrder{file: file, n: n, prev: graph.Edge{U: -1}}
}

// next takes the next chunk of edges and returns the index in it of the
// first one out of range or out of order (the edges before it taken), or
// -1 if all are in order.
func (c *edgeOrder) next(es []graph.Edge) int {
	for i, e := range es {
		if !nextEdgeOK(c.prev, e, c.n) {
			c.count += int64(i)
			return i
		}
		c.prev = e
	}
	c.count += int64(len(es))
	return -1
}

// check is next for a file being read: a *ParseError at the first edge out
// of range or out of order, with its offset.
func (c *edgeOrder) check(es []graph.Edge) error {
	if i := c.next(es); i >= 0 {
		k, e := c.count, es[i]
		return binaryError(c.file, uint64(binaryHeader+8*k), "edge %d {%d, %d} is out of range (want u < v < %d) or out of order", k, uint32(e.U), uint32(e.V), c.n)
	}
	return nil
}

// checkSize returns an error if a file of the given size cannot hold what
// l declares.
func (l binaryLayout) checkSize(file string, size uint64) error {
	if size != l.size() {
		return binaryError(file, size, "the file has %d bytes, but its header declares %d (truncated or appended to?)", size, l.size())
	}
	return nil
}

// checksumError returns the error of a file whose checksum, at offset off,
// says want where the content gives got (nil if they agree).
func checksumError(file string, off uint64, got, want uint32) error {
	if got == want {
		return nil
	}
	return binaryError(file, off, "checksum mismatch (CRC-32C %#08x, the file says %#08x): the file is corrupt", got, want)
}

// writeBinary writes g in the binary format.
func writeBinary(w io.Writer, g *graph.Graph) error {
	if err := checkLabels(g, Binary, labelProblem); err != nil {
		return err
	}
	labels := g.HasLabels()
	var labelBytes uint64
	if labels {
		for v := range int32(g.NumNodes()) {
			labelBytes += uint64(len(g.Label(v)))
		}
		if labelBytes > 1<<32-1 {
			return errors.New("labels take more than 4 GiB, more than the binary format holds")
		}
	}
	l := binaryLayout{n: uint64(g.NumNodes()), m: uint64(g.NumEdges()), labelBytes: labelBytes, labels: labels}
	edges := ByLowerEnd(g.NumNodes(), func(u int32) []int32 {
		nb := g.Neighbors(u)
		i, _ := slices.BinarySearch(nb, u+1)
		return nb[i:]
	})
	return writeBinaryFile(w, l, edges, func(bw *bufio.Writer) {
		var rec [4]byte
		end := uint32(0)
		for v := range int32(g.NumNodes()) {
			end += uint32(len(g.Label(v)))
			binary.LittleEndian.PutUint32(rec[:], end)
			bw.Write(rec[:])
		}
		for v := range int32(g.NumNodes()) {
			bw.WriteString(g.Label(v))
		}
	})
}
