package partition

import (
	"cmp"
	"encoding/binary"

	"github.com/anonet-project/anonet/internal/members"
)

// level is a partition of the nodes into classes keyed by signature, with
// member lists and the counts derived from class sizes, all updated in O(1)
// per node moved (plus the index operation on the signature).
type level struct {
	k       int32
	index   shortIndex       // signature of at most 15 bytes → class
	long    map[string]int32 // longer signature → class
	classOf []int32          // node → class
	members members.Lists    // the classes' member lists

	size []int32    // class → number of members
	key  []shortKey // class → signature, if keyed and short
	lkey []string   // class → signature, if keyed and long
	kind []keyKind  // class → where its signature is indexed
	free []int32    // unused class ids, reused last-in first-out

	hist       []int32 // size → number of classes of that size
	numClasses int
	unique     int // nodes in classes of size 1
	belowK     int // nodes in classes of size < k

	touched   []int32 // classes whose size changed since the last reset
	before    []int32 // their sizes before the first change
	isTouched []bool

	// record turns on the journal: the changes since the last forget,
	// which revert undoes.
	record    bool
	journal   []levelOp
	freedKeys []shortKey // the short signatures of the classes freed, in journal order
	freedLong []string   // the long ones
}

// A levelOp is one change of a level, as its journal records it: enough to
// undo it exactly, with the signature of a freed class in the level's
// freedKeys or freedLong (no pointers here: the journal takes a few
// entries per node moved, written on every update).
type levelOp struct {
	op         opKind
	kind       keyKind // opFree: where the class's signature was indexed
	v, c       int32   // the node (opJoin, opRemove) and the class
	prev, next int32   // opRemove: v's neighbours in c's member list
}

// An opKind names a change of a level.
type opKind uint8

const (
	opReuse  opKind = iota // class c taken from the free list
	opAppend               // class c appended
	opKey                  // class c indexed by its signature
	opJoin                 // node v joined class c
	opRemove               // node v left class c
	opFree                 // empty class c unindexed and freed
)

func newLevel(n int, k int32) *level {
	l := &level{
		k:       k,
		long:    make(map[string]int32),
		classOf: make([]int32, n),
		members: members.New(n),
		hist:    make([]int32, n+1),
	}
	for i := range l.classOf {
		l.classOf[i] = -1
	}
	return l
}

// newClass returns a fresh empty class id.
func (l *level) newClass() int32 {
	if n := len(l.free); n > 0 {
		c := l.free[n-1]
		l.free = l.free[:n-1]
		l.log(levelOp{op: opReuse, c: c})
		return c
	}
	c := int32(len(l.size))
	l.log(levelOp{op: opAppend, c: c})
	l.size = append(l.size, 0)
	l.members.AddClass()
	l.key = append(l.key, shortKey{})
	l.lkey = append(l.lkey, "")
	l.kind = append(l.kind, unkeyed)
	l.isTouched = append(l.isTouched, false)
	return c
}

// log appends op to the journal if it is on.
func (l *level) log(op levelOp) {
	if l.record {
		l.journal = append(l.journal, op)
	}
}

// resize records that class c changes from size s to s+delta and updates
// the counts.
func (l *level) resize(c int32, delta int32) {
	if !l.isTouched[c] {
		l.isTouched[c] = true
		l.touched = append(l.touched, c)
		l.before = append(l.before, l.size[c])
	}
	l.recount(c, delta)
}

// recount changes the size of class c by delta and updates the counts,
// without recording c as touched.
func (l *level) recount(c int32, delta int32) {
	s := l.size[c]
	t := s + delta
	if s > 0 {
		l.hist[s]--
		l.count(s, -1)
	} else {
		l.numClasses++
	}
	if t > 0 {
		l.hist[t]++
		l.count(t, +1)
	} else {
		l.numClasses--
	}
	l.size[c] = t
}

// count adds sign times the nodes of a class of size s to the node counts.
func (l *level) count(s int32, sign int) {
	if s == 1 {
		l.unique += sign
	}
	if s < l.k {
		l.belowK += sign * int(s)
	}
}

// insert puts node v into the class with signature key, creating it if
// needed. A nil key puts v alone into a class of its own without a
// signature (a node known to be unique without computing its signature).
func (l *level) insert(v int32, key []byte) {
	var c int32
	if key == nil {
		c = l.newClass()
	} else if sk, short := packShort(key); short {
		found, ok := l.index.get(sk)
		if c = found; !ok {
			c = l.newClass()
			l.index.set(sk, c)
			l.key[c], l.kind[c] = sk, shortKeyed
			l.log(levelOp{op: opKey, c: c})
		}
	} else if found, ok := l.long[string(key)]; ok {
		c = found
	} else {
		c = l.newClass()
		s := string(key)
		l.long[s] = c
		l.lkey[c], l.kind[c] = s, longKeyed
		l.log(levelOp{op: opKey, c: c})
	}
	l.join(v, c)
}

// lookup returns the class with signature key, if there is one.
func (l *level) lookup(key []byte) (int32, bool) {
	if sk, short := packShort(key); short {
		return l.index.get(sk)
	}
	c, ok := l.long[string(key)]
	return c, ok
}

// appendKey appends the signature of class c (nothing if c is not keyed).
func (l *level) appendKey(dst []byte, c int32) []byte {
	switch l.kind[c] {
	case shortKeyed:
		return append(dst, l.key[c][1:1+l.key[c][0]]...)
	case longKeyed:
		return append(dst, l.lkey[c]...)
	}
	return dst
}

// keyed reports whether class c is indexed by its signature (else it holds
// a lone node whose signature was not needed).
func (l *level) keyed(c int32) bool { return l.kind[c] != unkeyed }

// join puts node v into the existing class c.
func (l *level) join(v, c int32) {
	l.classOf[v] = c
	l.members.Push(v, c)
	l.resize(c, +1)
	l.log(levelOp{op: opJoin, v: v, c: c})
}

// remove takes node v out of its class. A class that empties stays in the
// index until resetTouched, so that a node entering it again in the same
// update (a common neighbour of a deleted edge taking the triangle count
// another one leaves) finds it without deleting and re-inserting its key.
func (l *level) remove(v int32) {
	c := l.classOf[v]
	l.log(levelOp{op: opRemove, v: v, c: c, prev: l.members.Prev[v], next: l.members.Next[v]})
	l.members.Remove(v, c)
	l.classOf[v] = -1
	l.resize(c, -1)
}

// appendMembers appends the members of class c in list order.
func (l *level) appendMembers(dst []int32, c int32) []int32 {
	for x := l.members.Head[c]; x >= 0; x = l.members.Next[x] {
		dst = append(dst, x)
	}
	return dst
}

// minMember returns the smallest member of class c.
func (l *level) minMember(c int32) int32 {
	m := l.members.Head[c]
	for x := m; x >= 0; x = l.members.Next[x] {
		m = min(m, x)
	}
	return m
}

// resetTouched forgets which classes changed and frees those of them that
// are empty.
func (l *level) resetTouched() {
	for _, c := range l.touched {
		l.isTouched[c] = false
		if l.size[c] > 0 {
			continue
		}
		if l.record {
			l.journal = append(l.journal, levelOp{op: opFree, c: c, kind: l.kind[c]})
			switch l.kind[c] {
			case shortKeyed:
				l.freedKeys = append(l.freedKeys, l.key[c])
			case longKeyed:
				l.freedLong = append(l.freedLong, l.lkey[c])
			}
		}
		l.unindex(c)
		l.free = append(l.free, c)
	}
	l.touched = l.touched[:0]
	l.before = l.before[:0]
}

// unindex removes class c's signature from the index: c is then unkeyed.
func (l *level) unindex(c int32) {
	switch l.kind[c] {
	case shortKeyed:
		l.index.del(l.key[c])
		l.key[c] = shortKey{}
	case longKeyed:
		delete(l.long, l.lkey[c])
		l.lkey[c] = ""
	}
	l.kind[c] = unkeyed
}

// revert undoes the changes in the journal, last first, and empties it:
// the level is then as it was when the journal was last emptied, class
// ids, member lists and free list included. Nothing may be touched (the
// journal covers whole updates, which end with resetTouched).
func (l *level) revert() {
	for i := len(l.journal) - 1; i >= 0; i-- {
		op := &l.journal[i]
		c := op.c
		switch op.op {
		case opFree:
			l.free = l.free[:len(l.free)-1] // c, freed last
			l.kind[c] = op.kind
			switch op.kind {
			case shortKeyed:
				k := l.freedKeys[len(l.freedKeys)-1]
				l.freedKeys = l.freedKeys[:len(l.freedKeys)-1]
				l.key[c] = k
				l.index.set(k, c)
			case longKeyed:
				k := l.freedLong[len(l.freedLong)-1]
				l.freedLong = l.freedLong[:len(l.freedLong)-1]
				l.lkey[c] = k
				l.long[k] = c
			}
		case opKey:
			l.unindex(c)
		case opReuse:
			l.free = append(l.free, c)
		case opAppend:
			// The class appended last: c = len(l.size)-1.
			l.size = l.size[:c]
			l.members.Head = l.members.Head[:c]
			l.key = l.key[:c]
			l.lkey = l.lkey[:c]
			l.kind = l.kind[:c]
			l.isTouched = l.isTouched[:c]
		case opJoin:
			v := l.members.Pop(c) // op.v, joined last
			l.classOf[v] = -1
			l.recount(c, -1)
		case opRemove:
			l.classOf[op.v] = c
			l.members.PutBack(op.v, c, op.prev, op.next)
			l.recount(c, +1)
		}
	}
	l.forget()
}

// forget empties the journal.
func (l *level) forget() {
	l.journal = l.journal[:0]
	l.freedKeys = l.freedKeys[:0]
	clear(l.freedLong) // let the strings go
	l.freedLong = l.freedLong[:0]
}

// A keyKind says where a class's signature is indexed.
type keyKind uint8

const (
	unkeyed    keyKind = iota // a lone node without a computed signature
	shortKeyed                // in level.index
	longKeyed                 // in level.long
)

// A shortKey holds a signature of at most 15 bytes: its length, then its
// bytes, then zeros. Distinct signatures give distinct keys. The
// arithmetic signatures (a code and two varints) are all this short;
// indexing them by value instead of by string spares the class index a
// pointer to follow and an allocation per class (on the uk-2007 sample the
// string index took 40% of the local search), and a table of their own
// (shortIndex) spares it the general map's hashing and probing.
type shortKey [16]byte

// compare orders shortKeys by their two halves as integers (not as
// strings: a total order that sorts faster).
func (a shortKey) compare(b shortKey) int {
	if c := cmp.Compare(binary.NativeEndian.Uint64(a[:8]), binary.NativeEndian.Uint64(b[:8])); c != 0 {
		return c
	}
	return cmp.Compare(binary.NativeEndian.Uint64(a[8:]), binary.NativeEndian.Uint64(b[8:]))
}

// packShort returns key as a shortKey, and false if it is too long.
func packShort(key []byte) (shortKey, bool) {
	var sk shortKey
	if len(key) >= len(sk) {
		return sk, false
	}
	sk[0] = byte(copy(sk[1:], key))
	return sk, true
}
