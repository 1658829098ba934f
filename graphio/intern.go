package graphio

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
)

// strTable interns byte strings: it numbers the distinct strings in order
// of first appearance and keeps an int32 value for each.
//
// It is an open-addressing hash table with linear probing, built for the
// edge-list reader, where looking up ids is most of the work: every 32-byte
// slot keeps the full 64-bit hash and the length of its key, and the key
// itself when it has at most 16 bytes (else its offset in the arena), so
// that a lookup of a short id touches one cache line. All keys are also kept
// in one arena, so interning allocates nothing per key. On millions of short
// ids it is several times faster than a map[string]int32.
type strTable struct {
	seed  maphash.Seed
	slots []strSlot // length a power of two, at most 3/4 full
	arena []byte    // the keys, concatenated in order of first appearance
	ends  []int     // ends[i] is the end of key i in arena
}

// inlineKey is the longest key kept in its slot.
const inlineKey = 16

// usedBit marks an occupied slot in strSlot.n.
const usedBit = 1 << 31

type strSlot struct {
	hash uint64
	n    uint32          // usedBit | key length; 0 marks an empty slot
	val  int32           // the value of the key
	data [inlineKey]byte // the key if its length is at most inlineKey, else its arena offset
}

func newStrTable() *strTable {
	return &strTable{seed: maphash.MakeSeed(), slots: make([]strSlot, 64)}
}

// len returns the number of distinct keys; a new key gets index len()-1.
func (t *strTable) len() int { return len(t.ends) }

// matches reports whether the occupied slot s holds key.
func (t *strTable) matches(s *strSlot, key []byte) bool {
	if int(s.n&^usedBit) != len(key) {
		return false
	}
	if len(key) <= inlineKey {
		return bytes.Equal(s.data[:len(key)], key)
	}
	off := binary.LittleEndian.Uint64(s.data[:8])
	return bytes.Equal(t.arena[off:off+uint64(len(key))], key)
}

// intern returns a pointer to the value of key, adding the key with value 0
// if it is new, and whether it was new. The pointer is valid until the next
// call. key may be reused by the caller afterwards. Keys must be shorter
// than 2 GiB.
func (t *strTable) intern(key []byte) (*int32, bool) {
	h := maphash.Bytes(t.seed, key)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.n == 0 {
			s.hash, s.n = h, usedBit|uint32(len(key))
			if len(key) <= inlineKey {
				copy(s.data[:], key)
			} else {
				binary.LittleEndian.PutUint64(s.data[:8], uint64(len(t.arena)))
			}
			t.arena = append(t.arena, key...)
			t.ends = append(t.ends, len(t.arena))
			if 4*len(t.ends) > 3*len(t.slots) {
				t.grow()
				return t.find(key, h), true
			}
			return &s.val, true
		}
		if s.hash == h && t.matches(s, key) {
			return &s.val, false
		}
	}
}

// find returns the value of key, whose hash is h; key must be present.
func (t *strTable) find(key []byte, h uint64) *int32 {
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if s := &t.slots[i]; s.hash == h && t.matches(s, key) {
			return &s.val
		}
	}
}

// grow doubles the slot array.
func (t *strTable) grow() {
	slots := make([]strSlot, 2*len(t.slots))
	mask := uint64(len(slots) - 1)
	for _, s := range t.slots {
		if s.n == 0 {
			continue
		}
		i := s.hash & mask
		for slots[i].n != 0 {
			i = (i + 1) & mask
		}
		slots[i] = s
	}
	t.slots = slots
}

// strings returns all keys in order of first appearance, sharing one
// allocation, and releases the table.
func (t *strTable) strings() []string {
	all := string(t.arena)
	out := make([]string, len(t.ends))
	start := 0
	for i, end := range t.ends {
		out[i] = all[start:end]
		start = end
	}
	t.slots, t.arena, t.ends = nil, nil, nil
	return out
}
