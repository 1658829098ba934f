package measure

import (
	"fmt"

	"github.com/anonet-project/anonet/graph"
)

// DegDist is the degree-distribution measure: for t = 1..d, the multiset of
// the degrees that the nodes of B_t(v) have inside the subgraph G[B_t(v)]
// (v included).
type DegDist struct{}

// Name returns "degdist".
func (DegDist) Name() string { return "degdist" }

// Scope returns Intersection.
func (DegDist) Scope() Scope { return Intersection }

// Knows says that the attacker knows the numbers of contacts inside each
// person's neighbourhood.
func (DegDist) Knows(d int) string {
	if d == 1 {
		return "how many contacts each of a person's contacts has among the person's contacts"
	}
	return fmt.Sprintf("how many contacts each person within %s of someone has among the people within %s of them", steps(d), steps(d))
}

// Prefilter returns Count: the multiset determines |B_t| (its size) and
// |E(G[B_t])| (half its sum).
func (DegDist) Prefilter() Measure { return Count{} }

// StarLocalAt reports that degdist is star-local at distance 1: without
// triangles the degrees inside a node's ball are its own and as many 1s.
func (DegDist) StarLocalAt(d int) bool { return d == 1 }

// NewEvaluator returns an evaluator of degree-distribution signatures.
func (DegDist) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return &degDistEval{g: g, d: d}
}

type degDistEval struct {
	g    *graph.Graph
	d    int
	ball graph.Ball
	vals []int32
}

func (e *degDistEval) lastBall() *graph.Ball { return &e.ball }

// AppendSignature reads the degrees inside every G[B_t(v)] off the layered
// degrees of Graph.BallDegrees: a node at distance s ≤ t has in G[B_t] its
// neighbours at distances s−1 and s, and also those at s+1 when s < t.
func (e *degDistEval) AppendSignature(dst []byte, v int32) []byte {
	b := e.g.BallDegrees(v, e.d, &e.ball)
	for t := int32(1); t <= int32(e.d); t++ {
		e.vals = e.vals[:0]
		for i, di := range b.Dist {
			if di > t {
				break // BFS order: the rest are farther
			}
			deg := b.Lower[i] + b.Same[i]
			if di < t {
				deg += b.Higher[i]
			}
			e.vals = append(e.vals, deg)
		}
		dst = appendMultiset(dst, e.vals)
	}
	return dst
}

// VRQ is the vertex-refinement-query measure as simplified by the reference
// paper: for t = 1..d, the multiset of the degrees (in the whole graph) of
// the nodes at distance exactly t from v.
type VRQ struct{}

// Name returns "vrq".
func (VRQ) Name() string { return "vrq" }

// Scope returns Union: a change of degree at u or w is seen from every node
// within distance d of them.
func (VRQ) Scope() Scope { return Union }

// Knows says that the attacker knows the numbers of contacts of the people
// around each person.
func (VRQ) Knows(d int) string {
	if d == 1 {
		return "how many contacts each of a person's contacts has in the whole network"
	}
	return fmt.Sprintf("how many contacts in the whole network each person has at every distance up to %d from someone", d)
}

// Prefilter returns Degree (|S_1(v)| = deg(v)).
func (VRQ) Prefilter() Measure { return Degree{} }

// NewEvaluator returns an evaluator of VRQ signatures.
func (VRQ) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return &vrqEval{g: g, d: d}
}

// AppendNeighborDegrees appends the vrq signature at distance 1 of a node
// whose neighbours have the given degrees (in the whole graph): the bytes an
// evaluator of VRQ at d = 1 appends for that node. It is for callers that
// hold the degrees but not the graph, such as a pipeline that computes
// signatures on a distributed engine. It sorts degrees in place.
func (VRQ) AppendNeighborDegrees(dst []byte, degrees []int32) []byte {
	return appendMultiset(dst, degrees)
}

type vrqEval struct {
	g    *graph.Graph
	d    int
	ball graph.Ball
	vals []int32
}

func (e *vrqEval) AppendSignature(dst []byte, v int32) []byte {
	b := e.g.BallNodes(v, e.d, &e.ball)
	return appendVRQ(dst, e.g, b, e.d, &e.vals)
}

// appendVRQ appends the VRQ levels 1..d of the ball b (filled to distance d).
func appendVRQ(dst []byte, g *graph.Graph, b *graph.Ball, d int, vals *[]int32) []byte {
	for t := int32(1); t <= int32(d); t++ {
		dst = appendVRQLevel(dst, g, b, t, vals)
	}
	return dst
}

// appendVRQLevel appends the multiset of the degrees of the nodes of b at
// distance exactly t.
func appendVRQLevel(dst []byte, g *graph.Graph, b *graph.Ball, t int32, vals *[]int32) []byte {
	*vals = (*vals)[:0]
	for i := 1; i < b.Size(); i++ {
		if b.Dist[i] == t {
			*vals = append(*vals, int32(g.Degree(b.Nodes[i])))
		} else if b.Dist[i] > t {
			break
		}
	}
	return appendMultiset(dst, *vals)
}
