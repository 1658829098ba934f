package partition

import (
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/hashmix"
)

// Twins holds the twin classes of a graph and keeps them current when edges
// change. Nodes u ≠ v are open twins if N(u) = N(v) and closed twins if
// N(u) ∪ {u} = N(v) ∪ {v}; the two relations together partition the nodes
// (SPEC §3.4). Twins are exchanged by an automorphism, so no structural
// measure tells them apart.
//
// Every node is filed under its open neighbourhood and under its closed one
// (exact map keys of the sorted lists). A node's twin class is its open
// group if that has another member, else its closed group: a node cannot
// have both an open and a closed twin. Changing the edge {u, w} changes only
// N(u) and N(w), so only u and w need to be filed again (Update): the twin
// relation between any other two nodes is unchanged.
type Twins struct {
	g        *graph.Graph
	open     map[string]int32 // open neighbourhood → group
	closed   map[string]int32 // closed neighbourhood → group
	openOf   []int32          // node → its open group
	closedOf []int32          // node → its closed group
	size     []int32          // group → members
	key      []string         // group → its key in open or closed
	free     []int32          // unused group ids
	buf      []byte

	seen []int32 // scratch of TwinUnique
}

// NewTwins computes the twin classes of g.
func NewTwins(g *graph.Graph) *Twins {
	n := g.NumNodes()
	t := &Twins{
		g:    g,
		open: make(map[string]int32), closed: make(map[string]int32),
		openOf: make([]int32, n), closedOf: make([]int32, n),
	}
	for v := range int32(n) {
		t.file(v)
	}
	return t
}

// TwinClasses returns the twin class of every node of g, numbered in order
// of the classes' smallest nodes; all isolated nodes form one class, and the
// ends of an isolated edge another. It finds the classes from scratch by
// hashing (see smallestTwins), without the maps that Twins keeps for
// updates.
func TwinClasses(g *graph.Graph) []int32 {
	out := smallestTwins(g)
	next := int32(0)
	for v, r := range out {
		if r == int32(v) {
			out[v] = next
			next++
		} else {
			out[v] = out[r] // r < v is numbered already
		}
	}
	return out
}

// smallestTwins returns for every node the smallest node of its twin class.
// Every neighbourhood is hashed as the sum of a mixing function of its
// members (the closed one adds the node itself), nodes are sorted by hash,
// and nodes with equal hashes are compared list against list, so the
// classes are exact; it takes O(m + n log n) time and 16 bytes per node.
// As in Twins, a node's class is its open group if that has another member,
// else its closed group.
func smallestTwins(g *graph.Graph) []int32 {
	n := g.NumNodes()
	rep := make([]int32, n)
	type keyed struct {
		hash uint64
		v    int32
	}
	order := make([]keyed, n)
	for v := range int32(n) {
		rep[v] = v
		h := uint64(0)
		for _, x := range g.Neighbors(v) {
			h += hashmix.Mix(uint64(x))
		}
		order[v] = keyed{h, v}
	}
	// group joins every node of order to the smallest earlier node with the
	// same hash for which same holds (nodes are sorted by hash, then id).
	group := func(same func(u, v int32) bool) {
		slices.SortFunc(order, func(a, b keyed) int {
			if c := cmp.Compare(a.hash, b.hash); c != 0 {
				return c
			}
			return cmp.Compare(a.v, b.v)
		})
		for lo := 0; lo < len(order); {
			hi := lo + 1
			for hi < len(order) && order[hi].hash == order[lo].hash {
				hi++
			}
			for i := lo + 1; i < hi; i++ { // runs are short unless there are many twins
				v := order[i].v
				for j := lo; j < i; j++ {
					if u := order[j].v; rep[u] == u && same(u, v) {
						rep[v] = u
						break
					}
				}
			}
			lo = hi
		}
	}
	group(func(u, v int32) bool { return slices.Equal(g.Neighbors(u), g.Neighbors(v)) })
	// The nodes without an open twin, by closed neighbourhood.
	hasOpen := make([]bool, n)
	for v, r := range rep {
		if r != int32(v) {
			hasOpen[v], hasOpen[r] = true, true
		}
	}
	closed := order[:0]
	for _, k := range order {
		if !hasOpen[k.v] {
			closed = append(closed, keyed{k.hash + hashmix.Mix(uint64(k.v)), k.v})
		}
	}
	order = closed
	group(func(u, v int32) bool { return closedEqual(g, u, v) })
	return rep
}

// closedEqual reports whether N(u) ∪ {u} = N(v) ∪ {v} for u ≠ v: u and v
// are adjacent and their lists agree once each is removed from the other's.
func closedEqual(g *graph.Graph, u, v int32) bool {
	a, b := g.Neighbors(u), g.Neighbors(v)
	if len(a) != len(b) || !g.HasEdge(u, v) {
		return false
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && a[i] == v:
			i++
		case j < len(b) && b[j] == u:
			j++
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i++
			j++
		default:
			return false
		}
	}
	return true
}

// Update files v again after its neighbourhood changed. After a change of
// the edge {u, w}, Update(u) and Update(w) make the classes those of the
// current graph.
func (t *Twins) Update(v int32) {
	t.leave(t.openOf[v], t.open)
	t.leave(t.closedOf[v], t.closed)
	t.file(v)
}

// file puts v into the groups of its current open and closed
// neighbourhoods.
func (t *Twins) file(v int32) {
	nb := t.g.Neighbors(v)
	t.buf = t.buf[:0]
	for _, x := range nb {
		t.buf = binary.LittleEndian.AppendUint32(t.buf, uint32(x))
	}
	t.openOf[v] = t.join(t.open, t.buf)
	t.buf = t.buf[:0]
	inserted := false
	for _, x := range nb {
		if !inserted && v < x {
			t.buf = binary.LittleEndian.AppendUint32(t.buf, uint32(v))
			inserted = true
		}
		t.buf = binary.LittleEndian.AppendUint32(t.buf, uint32(x))
	}
	if !inserted {
		t.buf = binary.LittleEndian.AppendUint32(t.buf, uint32(v))
	}
	t.closedOf[v] = t.join(t.closed, t.buf)
}

// join adds a member to the group of key in index and returns the group.
func (t *Twins) join(index map[string]int32, key []byte) int32 {
	if c, ok := index[string(key)]; ok {
		t.size[c]++
		return c
	}
	var c int32
	if n := len(t.free); n > 0 {
		c = t.free[n-1]
		t.free = t.free[:n-1]
	} else {
		c = int32(len(t.size))
		t.size = append(t.size, 0)
		t.key = append(t.key, "")
	}
	s := string(key)
	index[s] = c
	t.size[c], t.key[c] = 1, s
	return c
}

// leave removes a member from group c of index, deleting an emptied group.
func (t *Twins) leave(c int32, index map[string]int32) {
	t.size[c]--
	if t.size[c] == 0 {
		delete(index, t.key[c])
		t.key[c] = ""
		t.free = append(t.free, c)
	}
}

// Class returns an id of v's twin class: two nodes are twins iff their ids
// are equal. Ids are valid until the next Update.
func (t *Twins) Class(v int32) int32 {
	if c := t.openOf[v]; t.size[c] > 1 {
		return c
	}
	return t.closedOf[v]
}

// Classes returns the twin class of every node, numbered in order of the
// classes' smallest nodes.
func (t *Twins) Classes() []int32 {
	n := len(t.openOf)
	out := make([]int32, n)
	number := make(map[int32]int32)
	for v := range int32(n) {
		c := t.Class(v)
		id, ok := number[c]
		if !ok {
			id = int32(len(number))
			number[c] = id
		}
		out[v] = id
	}
	return out
}

// TwinReduced returns the twin-reduced anonymity of every node: the number
// of distinct twin classes among the members of its equivalence class, i.e.
// how many structurally different positions share its signature. twins is
// the result of TwinClasses for the partition's current graph.
func (p *Partition) TwinReduced(twins []int32) []int32 {
	out := make([]int32, p.g.NumNodes())
	p.twinReduced(func(v int32) int32 { return twins[v] }, make([]int32, len(twins)), func(members []int32, distinct int32) {
		for _, x := range members {
			out[x] = distinct
		}
	})
	return out
}

// TwinUnique returns the number of twin-unique nodes: those whose class is
// made only of mutual twins (twin-reduced anonymity 1; the reference's
// twin-uniqueness counts them). t must hold the twins of the partition's
// current graph. It takes O(n) time.
func (p *Partition) TwinUnique(t *Twins) int {
	if len(t.seen) < len(t.size) {
		t.seen = make([]int32, len(t.size)+len(t.size)/4)
	}
	clear(t.seen)
	count := 0
	p.twinReduced(t.Class, t.seen, func(members []int32, distinct int32) {
		if distinct == 1 {
			count += len(members)
		}
	})
	return count
}

// twinReduced calls fn once for every equivalence class with its members and
// the number of distinct twin classes among them; twin gives a node's twin
// class id, which indexes seen (zeroed, one entry per id).
func (p *Partition) twinReduced(twin func(int32) int32, seen []int32, fn func(members []int32, distinct int32)) {
	n := p.g.NumNodes()
	members := make([]int32, 0, 16)
	done := make([]bool, n)
	for v := range int32(n) {
		if done[v] {
			continue
		}
		c := p.top.classOf[v]
		members = p.top.appendMembers(members[:0], c)
		distinct := int32(0)
		for _, x := range members {
			if tc := twin(x); seen[tc] != c+1 {
				seen[tc] = c + 1
				distinct++
			}
		}
		for _, x := range members {
			done[x] = true
		}
		fn(members, distinct)
	}
}
