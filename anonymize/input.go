package anonymize

import (
	"iter"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// inputEdges is the input's edge list, sorted by (U, V) with U < V, and the
// ids of the edges at every node, in 8¼ bytes per edge and 8 per node: an
// edge's id is its index in the list. It stores each edge's higher end;
// the edges of lower end u are the ids first[u] to first[u+1]−1, so an
// edge's lower end is found by a binary search over the nodes, narrowed by
// the lower ends of every 16th edge (where callers know it, they avoid the
// search). The ids at v are those of its edges
// to lower nodes (listed in back), then those to higher nodes (a range of
// ids, first[v] to first[v+1]−1): in increasing id order, since every edge
// with higher end v comes before the first edge with lower end v. So only
// half of the incidences are listed. A pair with several ties (a typed
// graph) is listed once per tie.
type inputEdges struct {
	hi      []int32 // hi[id] is the higher end of edge id
	low     []int32 // low[j] is the lower end of edge j<<lowShift; a last entry that of the last edge
	first   []int32 // the edges of lower end u are first[u]..first[u+1]−1
	back    []int32 // the ids of the edges of higher end v are back[backOff[v]:backOff[v+1]], ascending
	backOff []int32
}

// newInputEdges indexes the edge list on n nodes that edges yields, twice,
// sorted by (U, V), with U < V in every edge. The list is never stored
// whole: at 10^8 edges it would take 800 MB.
func newInputEdges(n int, edges iter.Seq[graph.Edge]) inputEdges {
	in := inputEdges{first: make([]int32, n+1), backOff: make([]int32, n+1)}
	m := 0
	for e := range edges {
		in.first[e.U+1]++
		in.backOff[e.V+1]++
		m++
	}
	in.hi, in.back = make([]int32, m), make([]int32, m)
	in.low = make([]int32, 0, m>>lowShift+2)
	for v := range n {
		in.first[v+1] += in.first[v]
		in.backOff[v+1] += in.backOff[v]
	}
	fill := slices.Clone(in.backOff[:n])
	id := int32(0)
	for e := range edges {
		if id&(1<<lowShift-1) == 0 {
			in.low = append(in.low, e.U)
		}
		if int(id) == m-1 {
			in.low = append(in.low, e.U)
		}
		in.hi[id] = e.V
		in.back[fill[e.V]] = id
		fill[e.V]++
		id++
	}
	return in
}

// numNodes returns the number of nodes.
func (in *inputEdges) numNodes() int { return len(in.first) - 1 }

// len returns the number of edges.
func (in *inputEdges) len() int { return len(in.hi) }

// edge returns edge id.
func (in *inputEdges) edge(id int32) graph.Edge {
	// The lower end is the last node whose first id is at most id: one of
	// the nodes from the lower end of the sampled id at or before id to
	// that of the next sample, usually a handful.
	j := id >> lowShift
	lo, hi := in.low[j], in.low[j+1]
	k, _ := slices.BinarySearch(in.first[lo+1:hi+1], id+1)
	return graph.Edge{U: lo + int32(k), V: in.hi[id]}
}

// lowShift sets how often inputEdges samples lower ends: every 16 ids,
// a quarter of a byte per edge, which narrows the search for an edge's
// lower end from all nodes to a few (on the Enron network the search over
// all nodes took 5% of the default's time).
const lowShift = 4

// walk returns the ends of edges given in increasing id order without a
// search: the lower end is tracked from one id to the next, in O(n + m)
// over all ids. Used where every id, or every id of a set, is visited.
func (in *inputEdges) walk() func(id int32) graph.Edge {
	var u int32
	return func(id int32) graph.Edge {
		for id >= in.first[u+1] {
			u++
		}
		return graph.Edge{U: u, V: in.hi[id]}
	}
}

// degree returns the number of edges at v.
func (in *inputEdges) degree(v int32) int {
	return int(in.backOff[v+1] - in.backOff[v] + in.first[v+1] - in.first[v])
}

// incidentAt returns the i-th id at v, in increasing id order.
func (in *inputEdges) incidentAt(v int32, i int) int32 {
	b := in.back[in.backOff[v]:in.backOff[v+1]]
	if i < len(b) {
		return b[i]
	}
	return in.first[v] + int32(i-len(b))
}

// incident yields the ids of the edges at v, in increasing order.
func (in *inputEdges) incident(v int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for _, id := range in.back[in.backOff[v]:in.backOff[v+1]] {
			if !yield(id) {
				return
			}
		}
		for id := in.first[v]; id < in.first[v+1]; id++ {
			if !yield(id) {
				return
			}
		}
	}
}

// upward returns the ids of the edges from v to higher nodes: the ids
// from the first to the second result, the last excluded.
func (in *inputEdges) upward(v int32) (int32, int32) { return in.first[v], in.first[v+1] }

// id returns the id of edge {u, v} (the first, if the pair has several
// ties), or −1.
func (in *inputEdges) id(u, v int32) int32 {
	e := graph.MakeEdge(u, v)
	lo := in.first[e.U]
	i, ok := slices.BinarySearch(in.hi[lo:in.first[e.U+1]], e.V)
	if !ok {
		return -1
	}
	return lo + int32(i)
}

// all yields the edges in id order.
func (in *inputEdges) all() iter.Seq[graph.Edge] {
	return func(yield func(graph.Edge) bool) {
		for u := range int32(in.numNodes()) {
			for _, v := range in.hi[in.first[u]:in.first[u+1]] {
				if !yield(graph.Edge{U: u, V: v}) {
					return
				}
			}
		}
	}
}

// edges returns the edge list.
func (in *inputEdges) edges() []graph.Edge {
	return slices.AppendSeq(make([]graph.Edge, 0, in.len()), in.all())
}
