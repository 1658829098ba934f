package anonymize

import (
	"iter"
	"slices"
	"sort"

	"github.com/anonet-project/anonet/graph"
)

// Alterations is a list of edge changes in the order they were made. It
// stores a change in 8 bytes, 16 once a change carries ties (a directed or
// layered graph), instead of the 24 of an Alteration value: a full run of
// the paper's strategies on a network of 10^8 edges keeps nearly 10^8
// changes, which as Alteration values alone took 24 of the 68 bytes per
// edge it needed (docs/performance.md). The zero value is an empty list.
type Alterations struct {
	pairs []uint64     // U<<32 | V of each change, with addedBit set for an addition
	ties  []graph.Kind // the Ties of each change; nil while every change has none
}

// addedBit marks an addition in a packed pair. Node ids are non-negative
// int32 values, so the top bit of U's half is free.
const addedBit = 1 << 63

// MakeAlterations returns a list holding alts, in order.
func MakeAlterations(alts ...Alteration) Alterations {
	var l Alterations
	l.Append(alts...)
	return l
}

// Len returns the number of changes in the list.
func (l Alterations) Len() int { return len(l.pairs) }

// At returns the i-th change; it panics if i is out of range, as indexing
// a slice does.
func (l Alterations) At(i int) Alteration {
	p := l.pairs[i]
	a := Alteration{U: int32(uint32(p>>32) &^ (addedBit >> 32)), V: int32(uint32(p)), Added: p&addedBit != 0}
	if l.ties != nil {
		a.Ties = l.ties[i]
	}
	return a
}

// All returns an iterator over the changes, in order, with their positions.
func (l Alterations) All() iter.Seq2[int, Alteration] {
	return func(yield func(int, Alteration) bool) {
		for i := range l.pairs {
			if !yield(i, l.At(i)) {
				return
			}
		}
	}
}

// Slice returns the changes as a new slice of Alteration values.
func (l Alterations) Slice() []Alteration {
	out := make([]Alteration, l.Len())
	for i, a := range l.All() {
		out[i] = a
	}
	return out
}

// Counts returns how many changes are additions and how many deletions.
func (l Alterations) Counts() (added, deleted int) {
	for _, p := range l.pairs {
		if p&addedBit != 0 {
			added++
		}
	}
	return added, len(l.pairs) - added
}

// Append adds alts at the end of the list.
func (l *Alterations) Append(alts ...Alteration) {
	for _, a := range alts {
		p := uint64(uint32(a.U))<<32 | uint64(uint32(a.V))
		if a.Added {
			p |= addedBit
		}
		if a.Ties != 0 && l.ties == nil {
			l.ties = make([]graph.Kind, len(l.pairs), cap(l.pairs))
		}
		l.pairs = append(l.pairs, p)
		if l.ties != nil {
			l.ties = append(l.ties, a.Ties)
		}
	}
}

// Grow makes room for n more changes at once, so that appending them does
// not copy the list again and again (fresh pages count in a process's
// memory only once written).
func (l *Alterations) Grow(n int) {
	l.pairs = grow(l.pairs, n)
	if l.ties != nil {
		l.ties = grow(l.ties, n)
	}
}

// grow returns s with room for n more elements. Unlike slices.Grow, which
// clears the new room and so writes every page of it, it copies s into a
// fresh array: the pages of a large fresh array are counted in the
// process's memory only once the list reaches them.
func grow[E any](s []E, n int) []E {
	if n <= cap(s)-len(s) {
		return s
	}
	t := make([]E, len(s), len(s)+n)
	copy(t, s)
	return t
}

// Truncate keeps the first n changes; it panics if n is out of range.
func (l *Alterations) Truncate(n int) {
	l.pairs = l.pairs[:n]
	if l.ties != nil {
		l.ties = l.ties[:n]
	}
}

// sortByPair puts the changes in the order of their node pairs, each pair
// with its lower node first (its ties reversed if it had not), ties moved
// along; the order of the changes is lost. It is for a list that is about to be replaced: sorting in place
// needs no copy of a list that may hold 10^8 changes.
func (l *Alterations) sortByPair() {
	for i, p := range l.pairs {
		a := l.At(i)
		if a.U > a.V {
			// Ties are relative to the pair's order: a tie from U to V.
			if l.ties != nil {
				l.ties[i] = a.Ties.Reverse()
			}
			a.U, a.V = a.V, a.U
		}
		l.pairs[i] = p&addedBit | uint64(a.U)<<32 | uint64(uint32(a.V))
	}
	if l.ties == nil {
		slices.Sort(l.pairs)
		return
	}
	sort.Sort(byPair{l})
}

// byPair sorts an Alterations with ties by pair.
type byPair struct{ l *Alterations }

func (b byPair) Len() int           { return len(b.l.pairs) }
func (b byPair) Less(i, j int) bool { return b.l.pairs[i]&^addedBit < b.l.pairs[j]&^addedBit }
func (b byPair) Swap(i, j int) {
	b.l.pairs[i], b.l.pairs[j] = b.l.pairs[j], b.l.pairs[i]
	b.l.ties[i], b.l.ties[j] = b.l.ties[j], b.l.ties[i]
}
