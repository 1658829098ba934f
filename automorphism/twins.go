package automorphism

import (
	"cmp"
	"slices"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/hashmix"
)

// quotient is a graph whose vertices stand for sets of nodes of the input
// graph (their members): the input itself, or the graph left after twins
// are contracted. Adjacency lists are sorted; kind, when not nil, holds the
// kind of every tie read from the list's owner, parallel to adj.
type quotient struct {
	n      int
	off    []int32
	adj    []int32
	kind   []graph.Kind
	col    []int32 // dense colours, 0..ncol-1
	ncol   int
	expOff []int32 // the members of v are exp[expOff[v]:expOff[v+1]]
	exp    []int32
}

func (q *quotient) neighbors(v int32) []int32 { return q.adj[q.off[v]:q.off[v+1]] }
func (q *quotient) members(v int32) []int32   { return q.exp[q.expOff[v]:q.expOff[v+1]] }
func (q *quotient) degree(v int32) int32      { return q.off[v+1] - q.off[v] }

// kindAt returns the kind of v's i-th tie (3, both ways in layer 0, when
// untyped).
func (q *quotient) kindAt(v int32, i int32) graph.Kind {
	if q.kind == nil {
		return 3
	}
	return q.kind[q.off[v]+i]
}

// newQuotient returns g as a quotient whose vertices are its nodes, with
// the colours ranked in ascending order of value.
func newQuotient(g *graph.Graph, colors []int32) *quotient {
	n := g.NumNodes()
	q := &quotient{n: n, off: make([]int32, n+1), col: make([]int32, n)}
	for v := range int32(n) {
		q.off[v+1] = q.off[v] + int32(g.Degree(v))
	}
	q.adj = make([]int32, q.off[n])
	for v := range int32(n) {
		copy(q.adj[q.off[v]:], g.Neighbors(v))
	}
	if g.Typed() {
		q.kind = make([]graph.Kind, q.off[n])
		for v := range int32(n) {
			for i := range g.Degree(v) {
				q.kind[q.off[v]+int32(i)] = g.IncidentKind(v, i)
			}
		}
	}
	if colors != nil {
		vals := slices.Clone(colors)
		slices.Sort(vals)
		vals = slices.Compact(vals)
		for v, c := range colors {
			r, _ := slices.BinarySearch(vals, c)
			q.col[v] = int32(r)
		}
		q.ncol = len(vals)
	} else if n > 0 {
		q.ncol = 1
	}
	q.expOff = make([]int32, n+1)
	q.exp = make([]int32, n)
	for v := range int32(n) {
		q.expOff[v+1] = v + 1
		q.exp[v] = v
	}
	return q
}

// twinClasses is the result of one round of twin detection: the classes
// of at least two vertices, each in ascending order.
type twinClasses struct {
	rep     []int32 // rep[v]: the smallest member of v's class
	members []int32 // the non-trivial classes, one after the other
	start   []int32 // class i is members[start[i]:start[i+1]]
}

// findTwins groups the vertices of q into classes of twins: vertices with
// the same colour and either the same neighbours (false twins, not
// adjacent) or the same neighbours and each other (true twins, adjacent),
// the kinds of their ties to every common neighbour equal and, between
// true twins, the same both ways. Any permutation of a class, fixing the
// rest, is an automorphism. A vertex cannot have both a false and a true
// twin, so the two kinds of class never overlap. Candidates are bucketed
// by a hash of their neighbourhood and then compared in full.
func findTwins(q *quotient) twinClasses {
	n := q.n
	tc := twinClasses{rep: make([]int32, n), start: []int32{0}}
	hopen := make([]uint64, n)
	hclosed := make([]uint64, n)
	for v := range int32(n) {
		var ho, hc uint64
		for i, w := range q.neighbors(v) {
			hw := hashmix.Mix(uint64(w))
			ho += hashmix.Mix(hw ^ uint64(q.kindAt(v, int32(i))))
			hc += hw
		}
		hopen[v] = ho
		hclosed[v] = hc + hashmix.Mix(uint64(v))
		tc.rep[v] = v
	}
	order := make([]keyed, n)
	scratch := make([]keyed, n)
	var reps []int32
	// group sorts the vertices by a key mixing colour, degree and the
	// hash h, and splits every run of equal keys into classes of vertices
	// that same says are twins of the class's first member.
	group := func(h []uint64, same func(a, b int32) bool) {
		for v := range int32(n) {
			order[v] = keyed{hashmix.Mix(uint64(q.col[v])<<32|uint64(q.degree(v))) ^ h[v], v}
		}
		order = radixSort(order, scratch)
		for i := 0; i < n; {
			j := i + 1
			for j < n && order[j].key == order[i].key {
				j++
			}
			if j-i > 1 {
				reps = reps[:0]
				for _, x := range order[i:j] {
					v := x.v
					if tc.rep[v] != v {
						continue // already in a class of the other kind
					}
					for _, r := range reps {
						if same(r, v) {
							tc.rep[v] = r
							break
						}
					}
					if tc.rep[v] == v {
						reps = append(reps, v)
					}
				}
			}
			i = j
		}
	}
	group(hopen, q.falseTwins)
	group(hclosed, q.trueTwins)
	// Collect the classes in ascending order of their smallest member,
	// each in ascending order.
	size := make([]int32, n)
	for v := range n {
		size[tc.rep[v]]++
	}
	cursor := make([]int32, n)
	total := int32(0)
	for v := range int32(n) {
		if tc.rep[v] == v && size[v] > 1 {
			cursor[v] = total
			total += size[v]
			tc.start = append(tc.start, total)
		}
	}
	tc.members = make([]int32, total)
	for v := range int32(n) {
		if r := tc.rep[v]; size[r] > 1 {
			tc.members[cursor[r]] = v
			cursor[r]++
		}
	}
	return tc
}

// keyed is a vertex with a sort key.
type keyed struct {
	key uint64
	v   int32
}

// radixSort sorts a by key, keeping the order of equal keys, in four
// passes over 16-bit digits (short slices, which must be in ascending
// order of v, by comparisons of key and then v), with scratch as large as
// a; it returns the sorted slice, a or scratch.
func radixSort(a, scratch []keyed) []keyed {
	if len(a) < 1<<12 {
		// The callers list the vertices in ascending order, so ordering
		// equal keys by vertex keeps their order, as a stable sort would,
		// with a faster sort (a stable one was 40% of the time of the
		// orbits of moreno_health, recomputed at every move of a
		// refinement under automorphism).
		slices.SortFunc(a, func(x, y keyed) int {
			if c := cmp.Compare(x.key, y.key); c != 0 {
				return c
			}
			return cmp.Compare(x.v, y.v)
		})
		return a
	}
	var count [1 << 16]int32
	for shift := uint(0); shift < 64; shift += 16 {
		clear(count[:])
		for _, x := range a {
			count[x.key>>shift&0xffff]++
		}
		sum := int32(0)
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, x := range a {
			d := x.key >> shift & 0xffff
			scratch[count[d]] = x
			count[d]++
		}
		a, scratch = scratch, a
	}
	return a
}

// falseTwins reports whether u and v have the same colour, the same
// neighbours and the same kinds of tie to each.
func (q *quotient) falseTwins(u, v int32) bool {
	if q.col[u] != q.col[v] || q.degree(u) != q.degree(v) {
		return false
	}
	if !slices.Equal(q.neighbors(u), q.neighbors(v)) {
		return false
	}
	if q.kind != nil && !slices.Equal(q.kind[q.off[u]:q.off[u+1]], q.kind[q.off[v]:q.off[v+1]]) {
		return false
	}
	return true
}

// trueTwins reports whether u and v are adjacent, with a tie that is the
// same both ways, and have the same colour, the same other neighbours and
// the same kinds of tie to each.
func (q *quotient) trueTwins(u, v int32) bool {
	if q.col[u] != q.col[v] || q.degree(u) != q.degree(v) {
		return false
	}
	nu, nv := q.neighbors(u), q.neighbors(v)
	iv, ok := slices.BinarySearch(nu, v)
	if !ok {
		return false
	}
	if k := q.kindAt(u, int32(iv)); k != k.Reverse() {
		return false
	}
	i, j := 0, 0
	for {
		for i < len(nu) && nu[i] == v {
			i++
		}
		for j < len(nv) && nv[j] == u {
			j++
		}
		if i == len(nu) || j == len(nv) {
			return i == len(nu) && j == len(nv)
		}
		if nu[i] != nv[j] || q.kindAt(u, int32(i)) != q.kindAt(v, int32(j)) {
			return false
		}
		i++
		j++
	}
}

// contract returns the quotient of q by its twin classes: one vertex per
// class (in ascending order of the class's smallest member), coloured by
// the class's colour, its kind (single vertex, false twins, or true twins
// and the kind of their ties to each other) and its size, and tied to the
// classes its members are tied to. Twins have the same ties, so one member
// speaks for its class, and the members of a vertex are those of its
// class's vertices, in order.
func contract(q *quotient, tc twinClasses) *quotient {
	n := q.n
	id := make([]int32, n)
	m := 0
	for v := range int32(n) {
		if tc.rep[v] == v {
			id[v] = int32(m)
			m++
		}
	}
	classOf := make([]int32, n) // for a class's representative: 1 + its index, else 0
	for i := range len(tc.start) - 1 {
		classOf[tc.members[tc.start[i]]] = int32(i + 1)
	}
	type tuple struct {
		col   int32
		typ   uint8 // 0 single, 1 false twins, 2 true twins
		ikind graph.Kind
		size  int32
	}
	tup := make([]tuple, m)
	for v := range int32(n) {
		if tc.rep[v] != v {
			continue
		}
		t := tuple{col: q.col[v], size: 1}
		if c := classOf[v]; c > 0 {
			cls := tc.members[tc.start[c-1]:tc.start[c]]
			t.size, t.typ = int32(len(cls)), 1
			if i, ok := slices.BinarySearch(q.neighbors(v), cls[1]); ok {
				t.typ, t.ikind = 2, q.kindAt(v, int32(i))
			}
		}
		tup[id[v]] = t
	}
	cmpTuple := func(a, b tuple) int {
		return cmp.Or(cmp.Compare(a.col, b.col), cmp.Compare(a.typ, b.typ), cmp.Compare(a.ikind, b.ikind), cmp.Compare(a.size, b.size))
	}
	vals := slices.Clone(tup)
	slices.SortFunc(vals, cmpTuple)
	vals = slices.CompactFunc(vals, func(a, b tuple) bool { return cmpTuple(a, b) == 0 })
	r := &quotient{n: m, off: make([]int32, m+1), col: make([]int32, m), ncol: len(vals), expOff: make([]int32, m+1)}
	for i, t := range tup {
		k, _ := slices.BinarySearchFunc(vals, t, cmpTuple)
		r.col[i] = int32(k)
	}
	type tie struct {
		w int32
		k graph.Kind
	}
	var ties []tie
	r.adj = make([]int32, 0, len(q.adj))
	if q.kind != nil {
		r.kind = make([]graph.Kind, 0, len(q.kind))
	}
	r.exp = make([]int32, 0, len(q.exp))
	for v := range int32(n) {
		if tc.rep[v] != v {
			continue
		}
		ties = ties[:0]
		for i, w := range q.neighbors(v) {
			if tc.rep[w] != v {
				ties = append(ties, tie{id[tc.rep[w]], q.kindAt(v, int32(i))})
			}
		}
		slices.SortFunc(ties, func(a, b tie) int { return cmp.Compare(a.w, b.w) })
		ties = slices.CompactFunc(ties, func(a, b tie) bool { return a.w == b.w })
		for _, t := range ties {
			r.adj = append(r.adj, t.w)
			if r.kind != nil {
				r.kind = append(r.kind, t.k)
			}
		}
		x := id[v]
		r.off[x+1] = int32(len(r.adj))
		if c := classOf[v]; c > 0 {
			for _, u := range tc.members[tc.start[c-1]:tc.start[c]] {
				r.exp = append(r.exp, q.members(u)...)
			}
		} else {
			r.exp = append(r.exp, q.members(v)...)
		}
		r.expOff[x+1] = int32(len(r.exp))
	}
	return r
}
