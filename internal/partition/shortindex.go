package partition

import (
	"encoding/binary"
	"math/bits"
)

// shortIndex maps short signatures to class ids: a hash table with open
// addressing and linear probing, whose deletions shift the entries after
// the hole back instead of leaving markers, so that a long local search,
// which makes and frees classes millions of times, never slows it down.
// A lookup hashes the key's two words and compares it with a few slots,
// mostly in one cache line; on the local search of dblp-2010 the map it
// replaced spent a tenth of the run on hashing and probing (see
// docs/performance.md).
//
// The hash is fixed, not seeded: the keys are degrees, triangle counts and
// attribute codes of the network being anonymized, and a network crafted
// so that its classes collide would only slow its own owner's run.
type shortIndex struct {
	slots []indexSlot // a power of two of them
	n     int         // entries
}

// An indexSlot holds a key and its class plus one; 0 marks an empty slot.
type indexSlot struct {
	key shortKey
	val int32
}

// minIndexSlots is the size of an empty index's table.
const minIndexSlots = 16

// indexHome returns the home slot of k in a table of mask+1 slots.
func indexHome(k shortKey, mask uint64) uint64 {
	a := binary.LittleEndian.Uint64(k[:8])
	b := binary.LittleEndian.Uint64(k[8:])
	h := a*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(b*0xc2b2ae3d27d4eb4f, 31)
	h ^= h >> 32
	h *= 0xd6e8feb86659fd93
	h ^= h >> 32
	return h & mask
}

// get returns the class of signature k, if it has one.
func (x *shortIndex) get(k shortKey) (int32, bool) {
	if x.n == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for i := indexHome(k, mask); ; i = (i + 1) & mask {
		s := &x.slots[i]
		if s.val == 0 {
			return 0, false
		}
		if s.key == k {
			return s.val - 1, true
		}
	}
}

// set makes c the class of signature k.
func (x *shortIndex) set(k shortKey, c int32) {
	if 2*(x.n+1) > len(x.slots) {
		x.grow()
	}
	mask := uint64(len(x.slots) - 1)
	for i := indexHome(k, mask); ; i = (i + 1) & mask {
		s := &x.slots[i]
		if s.val == 0 {
			s.key, s.val = k, c+1
			x.n++
			return
		}
		if s.key == k {
			s.val = c + 1
			return
		}
	}
}

// grow doubles the table (at least 16 slots) and places every entry anew.
func (x *shortIndex) grow() {
	old := x.slots
	x.slots = make([]indexSlot, max(minIndexSlots, 2*len(old)))
	mask := uint64(len(x.slots) - 1)
	for _, s := range old {
		if s.val == 0 {
			continue
		}
		i := indexHome(s.key, mask)
		for x.slots[i].val != 0 {
			i = (i + 1) & mask
		}
		x.slots[i] = s
	}
}

// del removes signature k, if present. The entries after it in its run
// move back into the hole where their probe sequence passes it, so that
// every entry stays reachable from its home slot without markers.
func (x *shortIndex) del(k shortKey) {
	if x.n == 0 {
		return
	}
	mask := uint64(len(x.slots) - 1)
	i := indexHome(k, mask)
	for ; x.slots[i].key != k || x.slots[i].val == 0; i = (i + 1) & mask {
		if x.slots[i].val == 0 {
			return
		}
	}
	x.n--
	for {
		x.slots[i] = indexSlot{}
		j := i
		for {
			j = (j + 1) & mask
			s := x.slots[j]
			if s.val == 0 {
				return
			}
			// s may fill the hole at i when i lies on its way from its
			// home to j: no farther from j than its home is.
			if (j-indexHome(s.key, mask))&mask >= (j-i)&mask {
				x.slots[i] = s
				i = j
				break
			}
		}
	}
}
