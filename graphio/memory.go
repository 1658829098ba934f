package graphio

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
)

// ErrNotEnoughMemory is wrapped by the error of a read that would need more
// memory than the process may use: a resource limit, not bad input.
var ErrNotEnoughMemory = errors.New("not enough memory")

// graphBytesPerNode is what graph.FromEdges takes per node while it builds
// a graph: an adjacency slice header (24 bytes, kept), a degree (4) and an
// offset (8), all held at once.
const graphBytesPerNode = 24 + 4 + 8

// declaredBytes estimates the peak memory of building a graph of n nodes
// declared by a header, beyond its edges: graph.FromEdges's, and with
// labels (labelled) the labels given to it (a string header per node and
// labelBytes of text) and the graph's own copy (the text and an end offset
// per node). TestDeclaredMemory checks it against the peak resident memory
// of reading such files.
func declaredBytes(n int, labelled bool, labelBytes int64) int64 {
	b := graphBytesPerNode * int64(n)
	if labelled {
		b += (16+4)*int64(n) + 2*labelBytes
	}
	return b
}

// numberedBytes is the text of the labels "1".."n" (or "0".."n-1": the
// same number of digits give or take one).
func numberedBytes(n int) int64 {
	var total int64
	for lo, digits := int64(1), int64(1); lo <= int64(n); lo, digits = lo*10, digits+1 {
		total += (min(int64(n), lo*10-1) - lo + 1) * digits
	}
	return total
}

// CheckMemory returns an error wrapping ErrNotEnoughMemory if need bytes,
// what the work described by what takes, exceed the memory the process may
// use: GOMEMLIMIT when set, else the machine's physical memory (where the
// system says; elsewhere there is no check).
func CheckMemory(need int64, what string) error {
	limit := debug.SetMemoryLimit(-1)
	of := "the memory limit (GOMEMLIMIT)"
	if limit == math.MaxInt64 {
		limit, of = physicalMemory(), "the machine's memory"
	}
	if limit <= 0 || need <= limit {
		return nil
	}
	return fmt.Errorf("%w: %s need about %s, more than %s of %s", ErrNotEnoughMemory, what, size(need), of, size(limit))
}

// size formats a byte count.
func size(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", b)
}
