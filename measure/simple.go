package measure

import (
	"fmt"

	"github.com/anonet-project/anonet/graph"
)

// Degree is the degree measure: a node's number of neighbours, at every
// distance.
type Degree struct{}

// Name returns "degree".
func (Degree) Name() string { return "degree" }

// Scope returns Endpoints: only the ends of an edge change degree.
func (Degree) Scope() Scope { return Endpoints }

// Knows says that the attacker knows each person's number of contacts.
func (Degree) Knows(d int) string { return "each person's number of contacts" }

// Prefilter returns nil: degree is the cheapest measure.
func (Degree) Prefilter() Measure { return nil }

// LocalAt reports that degree is local at every distance and needs no
// triangles.
func (Degree) LocalAt(d int) (bool, bool) { return true, false }

// AppendLocal appends the degree.
func (Degree) AppendLocal(dst []byte, deg, tri int32) []byte { return appendUint(dst, int(deg)) }

// NewEvaluator returns an evaluator of degrees.
func (Degree) NewEvaluator(g *graph.Graph, d int) Evaluator { return degreeEval{g} }

type degreeEval struct{ g *graph.Graph }

func (e degreeEval) AppendSignature(dst []byte, v int32) []byte {
	return appendUint(dst, e.g.Degree(v))
}

// Count is the count measure: for t = 1..d, the number of nodes and the
// number of edges of the subgraph induced by the ball B_t(v). At d = 1 it is
// equivalent to (degree, triangles through v).
//
// Each level is written as the pair (|B_t|−1, |E(G[B_t])| − (|B_t|−1)), the
// reference tool's stored value: at t = 1, (degree, triangles).
type Count struct{}

// Name returns "count".
func (Count) Name() string { return "count" }

// Scope returns Intersection.
func (Count) Scope() Scope { return Intersection }

// Knows says that the attacker knows the number of people around each
// person and of ties among them.
func (Count) Knows(d int) string {
	if d == 1 {
		return "each person's number of contacts and the number of ties among those contacts"
	}
	return fmt.Sprintf("how many people are within %s of each person and how many ties they have among them, at every distance up to %d", steps(d), d)
}

// Prefilter returns Degree, which count implies.
func (Count) Prefilter() Measure { return Degree{} }

// LocalAt reports that count is local at distance 1, where it needs triangles.
func (Count) LocalAt(d int) (bool, bool) { return d == 1, true }

// StarLocalAt reports that count is star-local at distance 1: without
// triangles its signature there is (degree, 0).
func (Count) StarLocalAt(d int) bool { return d == 1 }

// AppendLocal appends (deg, tri), the count signature at distance 1.
func (Count) AppendLocal(dst []byte, deg, tri int32) []byte {
	return appendUint(appendUint(dst, int(deg)), int(tri))
}

// NewEvaluator returns an evaluator of count signatures.
func (Count) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return &levelCounter{g: g, d: d, nodes: true}
}

// EdgeCount is the edge-count measure: for t = 1..d, the number of edges of
// the subgraph induced by B_t(v). Unlike the reference tool's default it is
// not refined by degree, so it is coarser than count (at d = 1 it is
// deg + triangles).
type EdgeCount struct{}

// Name returns "edgecount".
func (EdgeCount) Name() string { return "edgecount" }

// Scope returns Intersection.
func (EdgeCount) Scope() Scope { return Intersection }

// Knows says that the attacker knows the number of ties around each person.
func (EdgeCount) Knows(d int) string {
	if d == 1 {
		return "the number of ties among each person and their contacts"
	}
	return fmt.Sprintf("the number of ties among the people within %s of each person, at every distance up to %d", steps(d), d)
}

// steps writes a distance d in words: "1 step", "2 steps".
func steps(d int) string {
	if d == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", d)
}

// Prefilter returns nil.
func (EdgeCount) Prefilter() Measure { return nil }

// LocalAt reports that edgecount is local at distance 1.
func (EdgeCount) LocalAt(d int) (bool, bool) { return d == 1, true }

// StarLocalAt reports that edgecount is star-local at distance 1: without
// triangles its signature there is the degree.
func (EdgeCount) StarLocalAt(d int) bool { return d == 1 }

// AppendLocal appends deg + tri, the edge count of the 1-ball.
func (EdgeCount) AppendLocal(dst []byte, deg, tri int32) []byte {
	return appendUint(dst, int(deg)+int(tri))
}

// NewEvaluator returns an evaluator of edge-count signatures.
func (EdgeCount) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return &levelCounter{g: g, d: d}
}

// levelCounter counts the nodes and edges of the balls B_1..B_d: at d = 2
// with a graph.TwoHopCounter, which moves one ball from centre to centre
// (the signer hands each evaluator runs of consecutive nodes), otherwise
// from the layered degrees of graph.BallDegrees.
type levelCounter struct {
	g      *graph.Graph
	d      int
	nodes  bool // write node counts too (count), or only edge counts (edgecount)
	ball   graph.Ball
	twoHop graph.TwoHopCounter
	vals   []int
}

func (e *levelCounter) AppendSignature(dst []byte, v int32) []byte {
	if e.d == 2 {
		n1, e1, n2, e2 := e.twoHop.Count(e.g, v)
		e.vals = appendCounts(e.vals[:0], n1, e1, e.nodes)
		e.vals = appendCounts(e.vals, n2, e2, e.nodes)
	} else {
		e.vals = appendLevelCounts(e.vals[:0], e.g, v, e.d, &e.ball, e.nodes)
	}
	for t := range e.d {
		dst = appendUint(dst, e.vals[2*t])
		if e.nodes {
			dst = appendUint(dst, e.vals[2*t+1])
		}
	}
	return dst
}
