package graph

import (
	"errors"
	"fmt"
	"slices"
)

// Forward is the forward orientation of a simple undirected graph, the
// structure of triangle listing: every edge is kept once, at its end of
// lower rank in the order (degree, id), so that a node's out-list holds
// its neighbours of higher rank. Out-lists are short even at hubs (at most
// √(2m) long), which bounds the work of listing triangles by O(m^1.5). It
// takes 4 bytes per edge and 12 per node, and needs no Graph: it is built
// from the degrees and a stream of edges (NewForward), so a network far
// larger than a Graph could hold can still be measured.
type Forward struct {
	deg []int32 // the degree of every node
	off []int64 // node u's out-list is out[off[u]:off[u+1]]
	out []int32
	ids []int32 // ids[i]: the index of edge out[i] in its Graph, if kept (ForEachTriangle)
}

// EdgeStream calls yield once for every edge {u, v} of a graph, in any
// order, and returns the first error of reading them (or of yield).
type EdgeStream func(yield func(u, v int32) error) error

// errChanged is the error of a stream that gives other edges the second
// time it is read than the degrees say.
var errChanged = errors.New("the edges changed between two readings (or do not match the degrees)")

// NewForward builds the forward orientation of the graph with the given
// degrees whose edges edges streams; it reads the stream twice (to size
// the out-lists, then to fill them) and checks that both readings agree
// with the degrees. It takes ownership of deg.
func NewForward(deg []int32, edges EdgeStream) (*Forward, error) {
	return newForward(deg, func(yield func(u, v, id int32) error) error {
		return edges(func(u, v int32) error { return yield(u, v, -1) })
	}, false)
}

// newForward is NewForward for a stream that also gives every edge's index,
// which the out-lists keep (Forward.ids) if ids is set.
func newForward(deg []int32, edges func(yield func(u, v, id int32) error) error, ids bool) (*Forward, error) {
	n := len(deg)
	f := &Forward{deg: deg, off: make([]int64, n+1)}
	lower := func(u, v int32) (int32, int32, error) {
		if u < 0 || v < 0 || int(u) >= n || int(v) >= n || u == v {
			return 0, 0, fmt.Errorf("forward orientation: edge {%d, %d} out of range 0..%d: %w", u, v, n-1, errChanged)
		}
		if f.lowerRank(v, u) {
			u, v = v, u
		}
		return u, v, nil
	}
	// The out-degrees, counted in off[u+1].
	err := edges(func(u, v, _ int32) error {
		u, _, err := lower(u, v)
		if err == nil {
			f.off[u+1]++
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	var total int64
	for u := range n {
		if f.off[u+1] > int64(deg[u]) {
			return nil, fmt.Errorf("forward orientation: node %d has %d higher neighbours but degree %d: %w", u, f.off[u+1], deg[u], errChanged)
		}
		total += int64(deg[u])
		f.off[u+1] += f.off[u]
	}
	if total != 2*f.off[n] {
		return nil, fmt.Errorf("forward orientation: %d edges, but the degrees add up to %d: %w", f.off[n], total, errChanged)
	}
	f.out = make([]int32, f.off[n])
	if ids {
		f.ids = make([]int32, f.off[n])
	}
	// Fill: next[u] is the next free slot of u's out-list, kept in off
	// shifted by one and restored at the end.
	next := f.off[:n]
	err = edges(func(u, v, id int32) error {
		u, v, err := lower(u, v)
		if err != nil {
			return err
		}
		if next[u] >= f.off[u+1] {
			return fmt.Errorf("forward orientation: node %d: %w", u, errChanged)
		}
		f.out[next[u]] = v
		if ids {
			f.ids[next[u]] = id
		}
		next[u]++
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Every list is full (the counts matched), so next[u] == off[u+1]:
	// shift back to the starts.
	for u := n - 1; u > 0; u-- {
		next[u] = next[u-1]
	}
	if n > 0 {
		next[0] = 0
	}
	return f, nil
}

// lowerRank reports whether u comes before v in the order (degree, id).
func (f *Forward) lowerRank(u, v int32) bool {
	du, dv := f.deg[u], f.deg[v]
	return du < dv || (du == dv && u < v)
}

// NumNodes returns the number of nodes.
func (f *Forward) NumNodes() int { return len(f.deg) }

// NumEdges returns the number of edges.
func (f *Forward) NumEdges() int { return len(f.out) }

// Degree returns the degree of v.
func (f *Forward) Degree(v int32) int32 { return f.deg[v] }

// Degrees returns the degree of every node; the slice is f's own.
func (f *Forward) Degrees() []int32 { return f.deg }

// Out returns the neighbours of u of higher rank in the order
// (degree, id), in the order they were streamed; the slice is f's own.
func (f *Forward) Out(u int32) []int32 { return f.out[f.off[u]:f.off[u+1]] }

// ComponentSizes returns the number of nodes of every connected component
// (Graph.Components' sizes, in no particular order), found by joining the
// ends of every edge in a union-find forest: 8 bytes per node beside f.
func (f *Forward) ComponentSizes() []int {
	n := len(f.deg)
	parent := make([]int32, n)
	size := make([]int32, n)
	for v := range parent {
		parent[v], size[v] = int32(v), 1
	}
	root := func(v int32) int32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]] // path halving
			v = parent[v]
		}
		return v
	}
	for u := range int32(n) {
		for _, w := range f.Out(u) {
			a, b := root(u), root(w)
			if a == b {
				continue
			}
			if size[a] < size[b] {
				a, b = b, a
			}
			parent[b] = a
			size[a] += size[b]
		}
	}
	var sizes []int
	for v := range int32(n) {
		if parent[v] == v {
			sizes = append(sizes, int(size[v]))
		}
	}
	return sizes
}

// TriangleCounts returns the number of triangles through every node, using
// up to threads goroutines (threads < 1 means one; at most GOMAXPROCS).
// Each triangle {u, v, w} is found once, from its lowest-ranked node u, as
// a node w of u's out-list that is also in the out-list of v, another node
// of u's out-list; u's out-list is marked in a stamp array first. Every
// goroutine counts into its own array (8 bytes per node of scratch,
// including the stamps), and the arrays are added at the end, so the result
// does not depend on threads.
func (f *Forward) TriangleCounts(threads int) []int32 {
	n := len(f.deg)
	tri := make([]int32, n)
	if n == 0 {
		return tri
	}
	workers := Workers(threads, n)
	counts := make([][]int32, workers)
	marks := make([][]int32, workers)
	counts[0] = tri
	ForChunks(n, 256, workers, func(w, lo, hi int) {
		if marks[w] == nil {
			marks[w] = make([]int32, n)
			if counts[w] == nil {
				counts[w] = make([]int32, n)
			}
		}
		t, mark := counts[w], marks[w]
		for u := lo; u < hi; u++ {
			ou := f.out[f.off[u]:f.off[u+1]]
			if len(ou) < 2 {
				continue
			}
			stamp := int32(u) + 1
			for _, v := range ou {
				mark[v] = stamp
			}
			found := int32(0)
			for _, v := range ou {
				c := int32(0)
				for _, x := range f.out[f.off[v]:f.off[v+1]] {
					// Branch-free: in clustered networks about half of
					// the checks hit, which no predictor guesses.
					h := int32(0)
					if mark[x] == stamp {
						h = 1
					}
					t[x] += h
					c += h
				}
				t[v] += c
				found += c
			}
			t[u] += found
		}
	})
	for _, t := range counts[1:] {
		if t == nil {
			continue
		}
		for v, c := range t {
			tri[v] += c
		}
	}
	return tri
}

// LocalizingPays reports whether counting the triangles of f's graph is
// likely faster on it renumbered first (Localized, the renumbering
// included): where it has at least 2^20 nodes, so that the arrays that
// the count touches at random outgrow the caches; its ids are scattered:
// of the edges at a sample of about 4,096 nodes, more than half join
// nodes more than max(n/64, 2^16) ids apart, as a release's ids, drawn at
// random, do, and a generated population network's, whose ties lie
// mostly within regions of consecutive ids, do not; and the count's work
// per edge, the out-list scanned for each (sampled too), is at least
// localizeMinWork: renumbering costs a few visits per edge, so it does
// not pay where the out-lists are short. On a release of a population
// network of 4.8 million people (215,607,261 ties, ids at random) anonet
// measure took 188.8 s, and 132.5 s with the renumbering; on a ring lattice of 2^22 nodes tied to
// their next 8, ids shuffled (fewer than 8 scanned per edge), 5.1 s, and
// 8.7 s with it (BenchmarkTriangleCountsScattered, medians of 6).
func (f *Forward) LocalizingPays() bool {
	return f.localizingPays(localizeMinNodes, localizeMinWork)
}

// localizingPays is LocalizingPays with the bounds given.
func (f *Forward) localizingPays(minNodes, minWork int) bool {
	n := len(f.deg)
	if n < minNodes {
		return false
	}
	far := max(int32(n/64), 1<<16)
	step := max(1, n/4096)
	var edges, apart, work int
	for u := 0; u < n; u += step {
		for _, v := range f.Out(int32(u)) {
			edges++
			work += int(f.off[v+1] - f.off[v])
			if d := v - int32(u); d > far || d < -far {
				apart++
			}
		}
	}
	return 2*apart > edges && work >= minWork*edges
}

// localizeMinNodes and localizeMinWork are LocalizingPays's bounds: the
// fewest nodes, and the least work of the triangle count per edge.
const (
	localizeMinNodes = 1 << 20
	localizeMinWork  = 32
)

// LocalizedBytesPerEdge and LocalizedBytesPerNode are the memory
// Localized takes beside f at its peak: the transposed out-lists, then
// the renumbered ones (4 bytes per edge each, both counted, since the
// first may not yet be collected when the second is filled), and the
// offsets, the breadth-first order, the new ids and degrees.
const (
	LocalizedBytesPerEdge = 8
	LocalizedBytesPerNode = 32
)

// Localized returns the forward orientation of f's graph with its nodes
// renumbered in breadth-first order, and newID, every node's id in it
// (newID[v] for f's node v). Counting triangles touches, for every node,
// the marks and counters of its neighbours' neighbours: where a graph's
// ids are scattered (LocalizingPays) those lie all over arrays far larger than
// the caches, and in breadth-first order they lie close together. The
// search reads every node's lower neighbours from a transposed copy of
// the out-lists, dropped before the renumbered lists are filled
// (LocalizedBytesPerEdge, LocalizedBytesPerNode).
func (f *Forward) Localized() (*Forward, []int32) {
	n := len(f.deg)
	inOff := make([]int64, n+1) // v's lower neighbours: in[inOff[v]:inOff[v+1]]
	for _, v := range f.out {
		inOff[v+1]++
	}
	for v := range n {
		inOff[v+1] += inOff[v]
	}
	in := make([]int32, len(f.out))
	fill := slices.Clone(inOff[:n])
	for u := range int32(n) {
		for _, v := range f.Out(u) {
			in[fill[v]] = u
			fill[v]++
		}
	}
	_, newID, _ := breadthFirst(n, func(u int32, visit func(int32)) {
		for _, v := range in[inOff[u]:inOff[u+1]] {
			visit(v)
		}
		for _, v := range f.Out(u) {
			visit(v)
		}
	})
	// in, inOff and the search's order are dead from here on, and
	// collected once the renumbered lists need the memory.
	deg := make([]int32, n)
	for v, d := range f.deg {
		deg[newID[v]] = d
	}
	g, err := newForward(deg, func(yield func(u, v, id int32) error) error {
		for u := range int32(n) {
			for _, v := range f.Out(u) {
				if err := yield(newID[u], newID[v], -1); err != nil {
					return err
				}
			}
		}
		return nil
	}, false)
	if err != nil {
		panic("graph: a renumbered forward orientation disagrees with its degrees: " + err.Error()) // f's own edges
	}
	return g, newID
}

// TriangleCountsLocalized is TriangleCounts counted on f renumbered
// (Localized), and given by f's ids: the same counts, faster where f's
// ids are scattered and its arrays larger than the caches, at the memory
// of Localized beside f.
func (f *Forward) TriangleCountsLocalized(threads int) []int32 {
	g, newID := f.Localized()
	local := g.TriangleCounts(threads)
	tri := make([]int32, len(newID))
	for v, id := range newID {
		tri[v] = local[id]
	}
	return tri
}
