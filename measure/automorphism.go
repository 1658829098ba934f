package measure

import (
	"context"
	"encoding/binary"

	"github.com/anonet-project/anonet/automorphism"
	"github.com/anonet-project/anonet/graph"
)

// Automorphism is the measure of the strongest structural attacker: one
// who knows the whole network up to the names of its people. Two nodes
// are equivalent when an automorphism of the whole graph maps one onto the
// other (one that keeps known attributes and, on a typed graph, the
// direction and layer of every tie): the classes are the orbits of the
// graph's automorphism group, computed exactly by package automorphism.
// Nodes in one orbit have equal signatures under every other measure at
// every distance, so a release k-anonymous under automorphism is
// k-anonymous under all of them. The distance plays no part.
type Automorphism struct {
	// SearchLimit bounds the search for automorphisms, in search nodes
	// (0: DefaultSearchLimit). A search cut short gives classes that are
	// subsets of the orbits, so nodes are counted as less anonymous than
	// they are, never more (Whole.Classes reports it).
	SearchLimit int
}

// DefaultSearchLimit is the bound on the search nodes of Automorphism when
// none is given: far above what real networks need (cnr-2000's 3.2 million
// edges take 30,908), it stops the rare graphs whose search would run for
// hours, the same way on every machine.
const DefaultSearchLimit = 10_000_000

// Name returns "automorphism".
func (Automorphism) Name() string { return "automorphism" }

// Scope returns Everything: an edge change can change any node's orbit.
func (Automorphism) Scope() Scope { return Everything }

// Knows says that the attacker knows the whole structure.
func (Automorphism) Knows(d int) string {
	return "the whole network's structure, every tie of every person, but not who is who"
}

// Prefilter returns nil: the classes come from the whole graph at once.
func (Automorphism) Prefilter() Measure { return nil }

// Classes returns the orbits of g's automorphisms that keep colors (if not
// nil) and the kinds of ties: class[v] is the smallest node of v's orbit.
// complete is false if the search reached its limit; the classes are then
// subsets of the orbits.
func (a Automorphism) Classes(g *graph.Graph, colors []int32) (class []int32, complete bool) {
	limit := a.SearchLimit
	if limit <= 0 {
		limit = DefaultSearchLimit
	}
	o, err := automorphism.ComputeWith(context.Background(), g, colors, automorphism.Options{MaxSearchNodes: limit})
	if o == nil { // colors of the wrong length: a caller's bug, every node its own class
		class = make([]int32, g.NumNodes())
		for v := range class {
			class[v] = int32(v)
		}
		return class, err == nil
	}
	return o.Of, o.Complete
}

// NewEvaluator returns an evaluator whose signature of a node is its
// class: the orbits are computed once for every state of g (its Version).
func (a Automorphism) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return &wholeEval{m: a, g: g}
}

// A Whole measure computes the classes of all the nodes of a graph at once
// from the whole graph, not a signature of each node's neighbourhood;
// its Scope is Everything. Package anonymity computes its partition from
// Classes; its Evaluator gives each node its class as signature.
type Whole interface {
	Measure
	// Classes returns a class for every node of g, two nodes being
	// equivalent exactly when they have the same class, and with colors
	// (attribute codes, or nil) only if they also have the same colour.
	// complete is false when the computation was cut short: every class
	// is then a subset of a true one.
	Classes(g *graph.Graph, colors []int32) (class []int32, complete bool)
}

// wholeEval evaluates a Whole measure, recomputing its classes when the
// graph has changed. It keeps the classes of the state before too: a move
// tried and undone (the anonymizer's common case) returns the graph to it,
// and the classes are then taken back, not computed again.
type wholeEval struct {
	m          Whole
	g          *graph.Graph
	colors     []int32
	cur, prev  wholeState
	hasCur     bool
	curVersion uint64
}

// wholeState is a graph's edges (and kinds of ties) and its classes.
type wholeState struct {
	n        int
	edges    []graph.Edge
	kinds    []graph.Kind // typed graphs only
	class    []int32
	complete bool
	valid    bool
}

// matches reports whether s is the state of g: the same nodes, edges and
// kinds of ties, checked edge by edge (never by a hash).
func (s *wholeState) matches(g *graph.Graph) bool {
	if !s.valid || s.n != g.NumNodes() || len(s.edges) != g.NumEdges() {
		return false
	}
	for i, e := range s.edges {
		if !g.HasEdge(e.U, e.V) || s.kinds != nil && g.Kind(e.U, e.V) != s.kinds[i] {
			return false
		}
	}
	return true
}

// AppendSignature appends v's class.
func (e *wholeEval) AppendSignature(dst []byte, v int32) []byte {
	if !e.hasCur || e.curVersion != e.g.Version() {
		e.refresh()
	}
	return binary.AppendUvarint(dst, uint64(e.cur.class[v]))
}

// refresh makes cur the state of the graph: the previous one if the graph
// has returned to it, else computed.
func (e *wholeEval) refresh() {
	g := e.g
	switch {
	case e.hasCur && e.cur.matches(g):
	case e.prev.matches(g):
		e.cur, e.prev = e.prev, e.cur
	default:
		next := e.prev // its slices are reused
		next.n, next.valid = g.NumNodes(), true
		next.edges = append(next.edges[:0], g.Edges()...)
		next.kinds = next.kinds[:0]
		if g.Typed() {
			for _, ed := range next.edges {
				next.kinds = append(next.kinds, g.Kind(ed.U, ed.V))
			}
		} else {
			next.kinds = nil
		}
		next.class, next.complete = e.m.Classes(g, e.colors)
		if e.hasCur {
			e.prev = e.cur
		}
		e.cur = next
	}
	e.hasCur, e.curVersion = true, g.Version()
}

// Complete reports whether the classes of the last computation are exact
// (see Whole).
func (e *wholeEval) Complete() bool { return !e.hasCur || e.cur.complete }

var (
	_ Measure = Automorphism{}
	_ Whole   = Automorphism{}
)
