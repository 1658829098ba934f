package graphio

import (
	"math"

	"github.com/anonet-project/anonet/graph"
)

// An edge list is read in parallel past its first data lines (where its
// header is decided): one goroutine reads lines into batches, workers
// split the lines of a batch into fields, and the caller's goroutine adds
// the records in the order of the file, through the same addFields and
// addRecord as the sequential reader. Node numbering (first appearance), duplicates, errors
// and their line numbers are therefore those of the sequential reader; the
// fields are found by the same splitter and blank and comment lines by the
// same test (dataStart). Only the splitting, the skipping and the reading
// of lines (with gzip, its decompression) move off the caller's goroutine.

// parallelBatchLines and parallelBatchBytes bound a batch: about three
// batches per worker are in flight at a time (inOrder), and there are at
// most GOMAXPROCS−1 workers, so the memory the parallel reader holds is a
// few times parallelBatchBytes per processor (plus one line) whatever the
// file.
const (
	parallelBatchLines = 16384
	parallelBatchBytes = 4 << 20
)

// lineBatch is a run of consecutive lines of an edge list and, once a
// worker has seen it, their fields.
type lineBatch struct {
	first int     // line number of the first line
	buf   []byte  // the lines, concatenated
	ends  []int32 // ends[i]: the end of line i in buf (it starts at ends[i-1])
	// Per line: data reports a data line (not blank, not a comment);
	// fields hold the offsets in buf of its first two fields and their
	// number; a line whose split failed is left to addRecord, which
	// reports the error.
	data   []bool
	f0, f1 [][2]int32
	nf     []int32
	bad    []bool
}

// line returns line i of b.
func (b *lineBatch) line(i int) []byte {
	start := int32(0)
	if i > 0 {
		start = b.ends[i-1]
	}
	return b.buf[start:b.ends[i]]
}

// split fills the fields of every line of b.
func (b *lineBatch) split(sp *fieldSplitter, comments string) {
	n := len(b.ends)
	b.data = append(b.data[:0], make([]bool, n)...)
	b.f0 = append(b.f0[:0], make([][2]int32, n)...)
	b.f1 = append(b.f1[:0], make([][2]int32, n)...)
	b.nf = append(b.nf[:0], make([]int32, n)...)
	b.bad = append(b.bad[:0], make([]bool, n)...)
	for i := range n {
		line := b.line(i)
		if _, data := dataStart(sp, line, comments); !data {
			continue
		}
		b.data[i] = true
		f0, f1, nf, _, bad := sp.split2(line)
		if bad != "" || len(sp.scratch) > 0 {
			// An error, or a quoted field unquoted into scratch: addRecord
			// splits it again.
			b.bad[i] = true
			continue
		}
		b.f0[i], b.f1[i], b.nf[i] = offsets(b.buf, f0), offsets(b.buf, f1), int32(nf)
	}
}

// offsets returns the position of field f within buf (f is a subslice of
// buf, or nil).
func offsets(buf, f []byte) [2]int32 {
	if f == nil {
		return [2]int32{-1, -1}
	}
	if len(f) == 0 {
		return [2]int32{0, 0}
	}
	start := int32(cap(buf) - cap(f))
	return [2]int32{start, start + int32(len(f))}
}

// field returns the field at offsets o of b, as split2 returned it.
func (b *lineBatch) field(o [2]int32) []byte {
	if o[0] < 0 {
		return nil
	}
	return b.buf[o[0]:o[1]] // capacity as split2's, for column
}

// readRecordsParallel reads the rest of lr's lines with workers splitting
// them, calling add(f0, f1, nf, line, lineNo) in file order for every data
// line whose fields were split, and redo(line, lineNo) for the others
// (which splits it again and reports its error). It stops at the first
// error of either and returns it, with the number of lines added from a
// worker's split; read errors are left in lr.
func readRecordsParallel(lr *lineReader, sp fieldSplitter, comments string, workers, batchLines int,
	add func(f0, f1 []byte, nf int, line []byte, lineNo int) error,
	redo func(line []byte, lineNo int) error) (int, error) {
	splitters := make([]fieldSplitter, workers)
	for w := range splitters {
		splitters[w] = sp // each worker its own scratch
		splitters[w].scratch = nil
	}
	split := 0
	err := inOrder(workers,
		func(b *lineBatch) bool {
			b.first, b.buf, b.ends = lr.line+1, b.buf[:0], b.ends[:0]
			for len(b.ends) < batchLines {
				line, ok := lr.next()
				if !ok {
					break
				}
				b.buf = append(b.buf, line...)
				b.ends = append(b.ends, int32(len(b.buf)))
				if len(b.buf) >= parallelBatchBytes {
					break
				}
			}
			return len(b.ends) > 0
		},
		func(w int, b *lineBatch) { b.split(&splitters[w], comments) },
		func(b *lineBatch) error {
			for i := range b.ends {
				if !b.data[i] {
					continue
				}
				line, lineNo := b.line(i), b.first+i
				if b.bad[i] {
					if err := redo(line, lineNo); err != nil {
						return err
					}
					continue
				}
				if err := add(b.field(b.f0[i]), b.field(b.f1[i]), int(b.nf[i]), line, lineNo); err != nil {
					return err
				}
				split++
			}
			return nil
		})
	return split, err
}

// parallelWorkers returns the number of splitting workers for an edge list
// read with opt: 0 to read sequentially (one thread, or a source that may
// block).
func parallelWorkers(opt ReadOptions) int {
	if !opt.steady {
		return 0
	}
	return graph.Workers(graph.Threads(opt.Threads), math.MaxInt) - 1 // the line reader is one of them
}
