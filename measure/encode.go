package measure

import (
	"encoding/binary"
	"slices"
)

// Signatures are sequences of unsigned varints; every value a measure writes
// is self-delimiting, so concatenating the values of the levels 1..d is an
// injective encoding of the tuple.

func appendUint(dst []byte, x int) []byte { return binary.AppendUvarint(dst, uint64(x)) }

// appendMultiset appends a multiset of non-negative integers: its size, then
// its elements in ascending order. It sorts vals in place.
func appendMultiset(dst []byte, vals []int32) []byte {
	slices.Sort(vals)
	dst = appendUint(dst, len(vals))
	for _, v := range vals {
		dst = appendUint(dst, int(v))
	}
	return dst
}
