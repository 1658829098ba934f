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

// bytesPerNode is about what a node costs in a graph read from a file:
// adjacency offsets, the node's slice header and a label.
const bytesPerNode = 64

// checkMemory returns an error wrapping ErrNotEnoughMemory if n nodes would
// not fit in the memory the process may use: GOMEMLIMIT when set, else the
// machine's physical memory (where the system says; elsewhere no check).
func checkMemory(n int) error {
	return CheckMemory(int64(n)*bytesPerNode, fmt.Sprintf("%d nodes", n))
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
