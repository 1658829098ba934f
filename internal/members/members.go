package members

// Lists holds the member lists of classes of nodes 0..n−1, each node in
// one class at most. Head grows with the classes (AddClass); Next and
// Prev have one entry per node. −1 ends a list and marks no class.
type Lists struct {
	Head []int32 // class → first member, or −1
	Next []int32 // node → next member of its class, or −1
	Prev []int32 // node → previous member, or −1
}

// New returns the lists of n nodes and no class.
func New(n int) Lists {
	return Lists{Next: make([]int32, n), Prev: make([]int32, n)}
}

// AddClass appends an empty class and returns its id.
func (l *Lists) AddClass() int32 {
	l.Head = append(l.Head, -1)
	return int32(len(l.Head) - 1)
}

// Push puts v first in class c's list.
func (l *Lists) Push(v, c int32) {
	h := l.Head[c]
	l.Next[v], l.Prev[v] = h, -1
	if h >= 0 {
		l.Prev[h] = v
	}
	l.Head[c] = v
}

// Remove takes v out of class c's list, which holds it.
func (l *Lists) Remove(v, c int32) {
	if p := l.Prev[v]; p >= 0 {
		l.Next[p] = l.Next[v]
	} else {
		l.Head[c] = l.Next[v]
	}
	if n := l.Next[v]; n >= 0 {
		l.Prev[n] = l.Prev[v]
	}
}

// PutBack undoes Remove(v, c): v goes back between p and n, the
// neighbours it had in c's list (−1 for an end).
func (l *Lists) PutBack(v, c, p, n int32) {
	l.Prev[v], l.Next[v] = p, n
	if p >= 0 {
		l.Next[p] = v
	} else {
		l.Head[c] = v
	}
	if n >= 0 {
		l.Prev[n] = v
	}
}

// Pop undoes Push: it takes the first member out of class c's list and
// returns it.
func (l *Lists) Pop(c int32) int32 {
	v := l.Head[c]
	n := l.Next[v]
	l.Head[c] = n
	if n >= 0 {
		l.Prev[n] = -1
	}
	l.Next[v] = -1
	return v
}
