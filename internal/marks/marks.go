package marks

// Set marks nodes (or any dense ids) in generations, so that unmarking
// every node costs nothing: a node is marked when its stamp belongs to the
// current generation, and Reset starts a new one. A generation has a few
// levels, stamps that tell marked nodes apart (a ball's interior from its
// outer layer, for example); a plain set uses one. The stamps are cleared
// only when the generation counter would wrap around, so a stamp left from
// an old generation never looks current, however many generations a long
// search starts. The zero value is ready for Reset.
type Set struct {
	stamp  []uint32
	gen    uint32 // the stamp of this generation's level 0; 0 is never one
	levels uint32
	next   uint64 // gen + levels, the first stamp after this generation; 0 before the first
}

// Reset unmarks every node and starts a generation of the given number of
// levels for ids 0..n-1; fewer than 1 level counts as 1.
func (m *Set) Reset(n, levels int) {
	levels = max(levels, 1)
	// The new generation's stamps follow the last one's.
	if end := m.next + uint64(levels); m.next != 0 && end <= 1<<32 && len(m.stamp) >= n {
		m.gen, m.levels, m.next = uint32(m.next), uint32(levels), end
		return
	}
	m.restart(n, levels)
}

// restart is Reset's slow path: the first generation, more room, or the
// stamps about to wrap around onto old ones, which are then cleared.
//
//go:noinline
func (m *Set) restart(n, levels int) {
	l := uint64(levels)
	switch {
	case len(m.stamp) < n:
		m.stamp = make([]uint32, n, n+n/4+8)
	case m.next != 0 && m.next+l > 1<<32:
		clear(m.stamp)
	case m.next != 0:
		m.gen, m.levels, m.next = uint32(m.next), uint32(l), m.next+l
		return
	}
	m.gen, m.levels, m.next = 1, uint32(l), 1+l
}

// Mark marks v at level 0.
func (m *Set) Mark(v int32) { m.stamp[v] = m.gen }

// MarkLevel marks v at level l, which must be below the generation's
// number of levels.
func (m *Set) MarkLevel(v int32, l int) { m.stamp[v] = m.gen + uint32(l) }

// Unmark unmarks v.
func (m *Set) Unmark(v int32) { m.stamp[v] = 0 }

// Marked reports whether v is marked, at any level.
func (m *Set) Marked(v int32) bool { return m.stamp[v]-m.gen < m.levels }

// MarkedAt reports whether v is marked at level l.
func (m *Set) MarkedAt(v int32, l int) bool { return m.stamp[v] == m.gen+uint32(l) }

// Stamps returns the stamps and the stamp of level l in this generation,
// for a loop that tests many ids: id v is marked at level l when
// stamps[v] == stamp. The stamps are valid until the next Reset.
func (m *Set) Stamps(l int) (stamps []uint32, stamp uint32) {
	return m.stamp, m.gen + uint32(l)
}

// Len returns the number of ids the marks have room for.
func (m *Set) Len() int { return len(m.stamp) }

// Next starts a new generation of one level for the ids of the last Reset,
// which must have been called: a cheaper Reset for loops that mark the
// neighbours of one node after another.
func (m *Set) Next() {
	if m.next >= 1<<32-1 {
		clear(m.stamp)
		m.next = 1
	}
	m.gen, m.levels, m.next = uint32(m.next), 1, m.next+1
}
