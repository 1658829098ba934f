package graphio

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"unsafe"

	"github.com/anonet-project/anonet/graph"
)

// EdgeChunks calls yield with the edges of a graph, a chunk at a time, in
// strictly increasing order of (u, v) with u < v, and returns the first
// error of yield or of drawing the edges; yield may not keep a chunk.
type EdgeChunks func(yield func([]graph.Edge) error) error

// ByLowerEnd returns the edges of a graph of n nodes given by their
// lower ends, in chunks: the edges {u, v} with v in higher(u), which must
// be ascending and greater than u, node after node, so that the edges
// come in the order of the binary format (WriteBinaryStream).
func ByLowerEnd(n int, higher func(u int32) []int32) EdgeChunks {
	return func(yield func([]graph.Edge) error) error {
		chunk := make([]graph.Edge, 0, 1<<16)
		for u := range int32(n) {
			for _, v := range higher(u) {
				if len(chunk) == cap(chunk) {
					if err := yield(chunk); err != nil {
						return err
					}
					chunk = chunk[:0]
				}
				chunk = append(chunk, graph.Edge{U: u, V: v})
			}
		}
		return yield(chunk)
	}
}

// WriteBinaryStream writes a graph of n nodes, labelled by their ids, and
// m edges in the binary format (Binary) without building a graph.Graph:
// the edges come from edges, which must give exactly m edges in strictly
// increasing order of (u, v), u < v < n, the order of the file. It holds
// one chunk at a time, so a network of any size is written in a few
// megabytes; a generator that cannot count its edges in advance runs
// twice, once to count them. The output is byte for byte what Write gives
// for the same graph. Edges out of order or out of range, or another
// number of them than m, are an error (the output is then incomplete).
func WriteBinaryStream(w io.Writer, n int, m int64, edges EdgeChunks) error {
	if n < 0 || int64(n) > maxNodes || m < 0 || m > 1<<31-1 || uint64(m) > uint64(n)*uint64(max(n, 1)-1)/2 {
		return fmt.Errorf("write binary: %d nodes and %d edges out of range (at most 2^31-1 of each, and a simple graph)", n, m)
	}
	return writeBinaryFile(w, binaryLayout{n: uint64(n), m: uint64(m)}, edges, nil)
}

// writeBinaryFile writes a file of the binary format with the given
// layout: its header, the edges (checked for order and range, and counted
// against the layout), then, if the layout has labels, the label section
// that labels writes, and the checksum of all of it. It is the one writer
// of the format's framing, for Write and WriteBinaryStream.
func writeBinaryFile(w io.Writer, l binaryLayout, edges EdgeChunks, labels func(bw *bufio.Writer)) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	if _, err := bw.Write(l.header()); err != nil {
		return err
	}
	m := int64(l.m)
	order := newEdgeOrder("", int(l.n))
	var scratch []byte
	err := edges(func(es []graph.Edge) error {
		if i := order.next(es); i >= 0 {
			e, prev := es[i], order.prev
			return fmt.Errorf("write binary: edge %d {%d, %d} after {%d, %d}: out of range (want u < v < %d) or out of order", order.count, e.U, e.V, prev.U, prev.V, order.n)
		}
		if order.count > m {
			return fmt.Errorf("write binary: more than the %d edges declared", m)
		}
		var raw []byte
		raw, scratch = edgeBytes(es, scratch)
		_, err := bw.Write(raw)
		return err
	})
	if err != nil {
		return err
	}
	if order.count != m {
		return fmt.Errorf("write binary: %d edges given, %d declared", order.count, m)
	}
	if l.labels {
		labels(bw)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], crc.Sum32())
	_, err = w.Write(sum[:])
	return err
}

// littleEndian reports whether this machine stores numbers little-endian,
// the byte order of the binary format.
func littleEndian() bool {
	probe := uint32(1)
	return *(*byte)(unsafe.Pointer(&probe)) == 1
}

// edgeBytes returns the bytes of es in the binary format: their memory
// itself on a little-endian machine, else an encoding in scratch (returned
// for reuse).
func edgeBytes(es []graph.Edge, scratch []byte) ([]byte, []byte) {
	if len(es) == 0 {
		return nil, scratch
	}
	if littleEndian() {
		return unsafe.Slice((*byte)(unsafe.Pointer(&es[0])), 8*len(es)), scratch
	}
	scratch = scratch[:0]
	for _, e := range es {
		scratch = binary.LittleEndian.AppendUint32(scratch, uint32(e.U))
		scratch = binary.LittleEndian.AppendUint32(scratch, uint32(e.V))
	}
	return scratch, scratch
}
