package measure

import (
	"fmt"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// typedEval computes the signatures of a measure refined by the kinds of
// ties of a typed graph (and by attribute codes, if any): see Refined for
// what each measure becomes.
type typedEval struct {
	g        *graph.Graph
	d        int
	m        Measure
	colors   []int32 // attribute codes, or nil
	layers   int
	directed bool
	width    int     // entries of a tie vector: layers, or 2·layers when directed
	dk       *dkEval // dk and hybrid
	ball     graph.Ball
	rows     []int32 // tie vectors (with the code first when colors != nil), one per row
	order    []int32 // a permutation of the rows, for sorting
	ties     []int   // per level and layer, the ties among a ball, for count and edgecount
	first    []int32 // per ball node and layer, the first level with a tie of the layer (count)
}

func newTypedEval(g *graph.Graph, d int, m Measure, colors []int32) Evaluator {
	e := &typedEval{g: g, d: d, m: m, colors: colors, layers: g.NumLayers(), directed: g.Directed()}
	e.width = e.layers
	if e.directed {
		e.width *= 2
	}
	switch m := m.(type) {
	case DK:
		e.dk = newDKEval(g, d, m.Unrooted, false, colors)
	case Hybrid:
		e.dk = newDKEval(g, d, m.Unrooted, true, colors)
	}
	if e.dk != nil {
		e.dk.typed = e
	}
	return e
}

// appendRow appends a row to e.rows for node x: its code when there are
// codes, then its tie vector, counting only its neighbours in the ball b at
// distance at most t when b is not nil.
func (e *typedEval) appendRow(x int32, b *graph.Ball, t int32) {
	if e.colors != nil {
		e.rows = append(e.rows, e.colors[x])
	}
	base := len(e.rows)
	for range e.width {
		e.rows = append(e.rows, 0)
	}
	row := e.rows[base:]
	for i, y := range e.g.Neighbors(x) {
		if b != nil {
			ly, ok := b.Local(y)
			if !ok || b.Dist[ly] > t {
				continue
			}
		}
		// Per layer l: entries 2l (in) and 2l+1 (out) when directed, l
		// when not.
		e.g.IncidentKind(x, i).EachTie(e.directed, func(l int, out bool) {
			switch {
			case !e.directed:
				row[l]++
			case out:
				row[2*l+1]++
			default:
				row[2*l]++
			}
		})
	}
}

// rowWidth is the length of a row of e.rows.
func (e *typedEval) rowWidth() int {
	if e.colors != nil {
		return e.width + 1
	}
	return e.width
}

// appendRows appends the multiset of the rows in e.rows: their number, then
// the rows in lexicographic order. It empties e.rows.
func (e *typedEval) appendRows(dst []byte) []byte {
	w := e.rowWidth()
	n := len(e.rows) / w
	e.order = e.order[:0]
	for i := range int32(n) {
		e.order = append(e.order, i)
	}
	row := func(i int32) []int32 { return e.rows[int(i)*w : int(i+1)*w] }
	slices.SortFunc(e.order, func(a, b int32) int { return slices.Compare(row(a), row(b)) })
	dst = appendUint(dst, n)
	for _, i := range e.order {
		for _, x := range row(i) {
			dst = appendUint(dst, int(x))
		}
	}
	e.rows = e.rows[:0]
	return dst
}

// AppendSignature appends v's code (if any) and its typed signature.
func (e *typedEval) AppendSignature(dst []byte, v int32) []byte {
	if e.colors != nil {
		dst = appendUint(dst, int(e.colors[v]))
	}
	switch e.m.(type) {
	case None:
		return append(dst, 0) // never empty, as None's own
	case Degree:
		e.rows = e.rows[:0]
		e.appendRow(v, nil, 0)
		for _, x := range e.rows[e.rowWidth()-e.width:] {
			dst = appendUint(dst, int(x))
		}
		e.rows = e.rows[:0]
		return dst
	case DK, Hybrid:
		return e.dk.AppendSignature(dst, v)
	}
	b := e.g.BallNodes(v, e.d, &e.ball)
	switch e.m.(type) {
	case Count, EdgeCount:
		_, nodes := e.m.(Count)
		return e.appendTieCounts(dst, b, nodes)
	case DegDist:
		for t := int32(1); t <= int32(e.d); t++ {
			for i, x := range b.Nodes {
				if b.Dist[i] > t {
					break
				}
				e.appendRow(x, b, t)
			}
			dst = e.appendRows(dst)
		}
		return dst
	case VRQ:
		return e.appendVRQ(dst, b, 1, int32(e.d))
	}
	// Every measure of Names is handled above (TestTypedEveryMeasure); a
	// new one must be, or be Whole, never fall to another measure's
	// signature.
	panic(fmt.Sprintf("measure: no signature of measure %s on a directed or layered graph", e.m.Name()))
}

// appendVRQ appends, for the levels t = from..to, the multiset of the rows
// (code and tie vector in the whole graph) of the nodes of b at distance t.
func (e *typedEval) appendVRQ(dst []byte, b *graph.Ball, from, to int32) []byte {
	i := 1
	for i < b.Size() && b.Dist[i] < from {
		i++
	}
	for t := from; t <= to; t++ {
		for ; i < b.Size() && b.Dist[i] == t; i++ {
			e.appendRow(b.Nodes[i], nil, 0)
		}
		dst = e.appendRows(dst)
	}
	return dst
}

// appendTieCounts appends, for t = 1..d, with nodes (count) |B_t| − 1 and
// per layer the number of nodes with a tie of that layer inside G[B_t] and
// the number of its ties among B_t; without (edgecount) the numbers of ties
// only. A tie joining nodes at distances s and s' lies in every B_t with
// t ≥ max(s, s').
func (e *typedEval) appendTieCounts(dst []byte, b *graph.Ball, nodes bool) []byte {
	L := e.layers
	e.ties = slices.Grow(e.ties[:0], e.d*L)[:e.d*L]
	clear(e.ties)
	// first[i·L+l]: the first level at which local node i has a tie of
	// layer l inside the ball (d+1: none), for count.
	if nodes {
		e.first = slices.Grow(e.first[:0], b.Size()*L)[:b.Size()*L]
		for i := range e.first {
			e.first[i] = int32(e.d + 1)
		}
	}
	for i, x := range b.Nodes {
		for j, y := range e.g.Neighbors(x) {
			ly, ok := b.Local(y)
			if !ok || y < x {
				continue // outside, or counted from y
			}
			t := max(b.Dist[i], b.Dist[ly])
			level := e.ties[int(t-1)*L:]
			e.g.IncidentKind(x, j).EachTie(e.directed, func(l int, _ bool) {
				level[l]++
				if nodes {
					e.first[i*L+l] = min(e.first[i*L+l], t)
					e.first[int(ly)*L+l] = min(e.first[int(ly)*L+l], t)
				}
			})
		}
	}
	size := 0
	for t := 1; t <= e.d; t++ {
		for size < b.Size() && int(b.Dist[size]) <= t {
			size++
		}
		if nodes {
			dst = appendUint(dst, size-1)
		}
		for l := range L {
			if nodes {
				n := 0
				for i := range size {
					if e.first[i*L+l] <= int32(t) {
						n++
					}
				}
				dst = appendUint(dst, n)
			}
			// Ties among B_t: those of level t and below.
			n := 0
			for s := range t {
				n += e.ties[s*L+l]
			}
			dst = appendUint(dst, n)
		}
	}
	return dst
}
