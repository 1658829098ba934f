package anonymity

// level is a partition of the nodes into classes keyed by signature, with
// member lists and the counts derived from class sizes, all updated in O(1)
// per node moved (plus the map operation on the signature).
type level struct {
	k       int32
	index   map[string]int32 // signature → class
	classOf []int32          // node → class
	next    []int32          // node → next member of its class, or -1
	prev    []int32          // node → previous member, or -1

	size  []int32  // class → number of members
	head  []int32  // class → first member, or -1
	key   []string // class → signature, if keyed
	keyed []bool   // class → has a signature in index (else a lone node whose signature was not needed)
	free  []int32  // unused class ids, reused last-in first-out

	hist       []int32 // size → number of classes of that size
	numClasses int
	unique     int // nodes in classes of size 1
	belowK     int // nodes in classes of size < k

	touched   []int32 // classes whose size changed since the last reset
	before    []int32 // their sizes before the first change
	isTouched []bool
}

func newLevel(n int, k int32) *level {
	l := &level{
		k:       k,
		index:   make(map[string]int32),
		classOf: make([]int32, n),
		next:    make([]int32, n),
		prev:    make([]int32, n),
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
		return c
	}
	c := int32(len(l.size))
	l.size = append(l.size, 0)
	l.head = append(l.head, -1)
	l.key = append(l.key, "")
	l.keyed = append(l.keyed, false)
	l.isTouched = append(l.isTouched, false)
	return c
}

// resize records that class c changes from size s to s+delta and updates
// the counts.
func (l *level) resize(c int32, delta int32) {
	s := l.size[c]
	if !l.isTouched[c] {
		l.isTouched[c] = true
		l.touched = append(l.touched, c)
		l.before = append(l.before, s)
	}
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
	} else if found, ok := l.index[string(key)]; ok {
		c = found
	} else {
		c = l.newClass()
		s := string(key)
		l.index[s] = c
		l.key[c] = s
		l.keyed[c] = true
	}
	l.join(v, c)
}

// join puts node v into the existing class c.
func (l *level) join(v, c int32) {
	l.classOf[v] = c
	h := l.head[c]
	l.next[v], l.prev[v] = h, -1
	if h >= 0 {
		l.prev[h] = v
	}
	l.head[c] = v
	l.resize(c, +1)
}

// remove takes node v out of its class, deleting the class if it empties.
func (l *level) remove(v int32) {
	c := l.classOf[v]
	if p := l.prev[v]; p >= 0 {
		l.next[p] = l.next[v]
	} else {
		l.head[c] = l.next[v]
	}
	if n := l.next[v]; n >= 0 {
		l.prev[n] = l.prev[v]
	}
	l.classOf[v] = -1
	l.resize(c, -1)
	if l.size[c] == 0 {
		if l.keyed[c] {
			delete(l.index, l.key[c])
			l.key[c], l.keyed[c] = "", false
		}
		l.free = append(l.free, c)
	}
}

// appendMembers appends the members of class c in list order.
func (l *level) appendMembers(dst []int32, c int32) []int32 {
	for x := l.head[c]; x >= 0; x = l.next[x] {
		dst = append(dst, x)
	}
	return dst
}

// minMember returns the smallest member of class c.
func (l *level) minMember(c int32) int32 {
	m := l.head[c]
	for x := m; x >= 0; x = l.next[x] {
		m = min(m, x)
	}
	return m
}

// resetTouched forgets which classes changed.
func (l *level) resetTouched() {
	for _, c := range l.touched {
		l.isTouched[c] = false
	}
	l.touched = l.touched[:0]
	l.before = l.before[:0]
}
