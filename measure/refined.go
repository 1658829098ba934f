package measure

import (
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// Refined is a measure refined by what the attacker knows beyond the bare
// undirected structure (issue 17): the known node attributes, and on a typed
// graph (graph.Graph.Typed: directed, layered or both) the direction and
// layer of every tie.
//
// Colors, if not nil, codes every node's known attribute values (two nodes
// have the same code exactly when they have the same values). A node's
// signature then starts with its own code.
//
// On an untyped graph the rest is the signature of Measure (for vrq implied
// by what follows, and left out); for the measures that look at the degrees
// of the nodes around v (vrq, degdist, hybrid) it also holds, for every
// level t = 1..d, the multiset of the pairs (code, degree) of the nodes at
// distance exactly t; for dk and hybrid the canonical form of the
// neighbourhood is coloured by the codes too (besides the distances from v
// when rooted), so an isomorphism must map every node to one with the same
// attribute values.
//
// On a typed graph every degree becomes a tie vector: per layer, the
// numbers of ties in and out (directed) or of ties (undirected). The
// neighbourhood B_t(v) is still taken following ties both ways and in every
// layer. Per level t = 1..d:
//
//   - degree: v's tie vector (at every level the same, written once);
//   - count: |B_t(v)| − 1, then per layer the number of nodes with a tie of
//     the layer inside G[B_t(v)] and the number of its ties among B_t(v);
//   - edgecount: per layer the number of ties among B_t(v);
//   - degdist: the multiset of (code, tie vector inside G[B_t(v)]) over B_t(v);
//   - vrq: the multiset of (code, tie vector) over the nodes at distance t;
//   - dk: the canonical form of G[B_t(v)] with its ties as labelled arcs
//     (canon.LabelledGraph), nodes coloured by distance and code;
//   - hybrid: dk's, then vrq's.
//
// Colors must have a code for every node of the graphs evaluated; codes
// never change, so the scope of a change is that of Measure, widened to
// Union when neighbours' degrees are part of the signature.
type Refined struct {
	Measure Measure
	Colors  []int32

	// skeleton makes the signature ignore the kinds of ties: the prefilter
	// of count and vrq, whose typed signatures imply the skeleton degree
	// but not the tie vector.
	skeleton bool
}

// Refine returns m refined by what the attacker knows of g: the
// attribute codes colors (nil for none) and, on a typed graph, the kinds of
// ties. It returns m itself when there is nothing to refine by, and a
// measure already refined unchanged.
func Refine(m Measure, g *graph.Graph, colors []int32) Measure {
	if r, ok := m.(Refined); ok {
		return r
	}
	if colors == nil && !g.Typed() {
		return m
	}
	return Refined{Measure: m, Colors: colors}
}

// Name returns the name of the refined measure.
func (a Refined) Name() string { return a.Measure.Name() }

// Knows says what the refined measure's attacker knows: the base measure's
// knowledge, of the kinds of ties when they are typed (the refined measure
// does not know the graph: it says "with the direction and layer of every
// tie" when asked through KnowsOf), and each person's known attributes.
func (a Refined) Knows(d int) string {
	s := a.Measure.Knows(d)
	if a.Colors != nil {
		s += ", and each person's known attributes"
	}
	return s
}

// neighbours reports whether the signature holds the neighbours' codes
// and degrees.
func (a Refined) neighbours() bool {
	switch a.Measure.(type) {
	case VRQ, DegDist, Hybrid:
		return true
	}
	return false
}

// Scope returns the scope of the refined measure, or Union if the
// neighbours' degrees are part of the signature.
func (a Refined) Scope() Scope {
	if a.neighbours() {
		return Union
	}
	return a.Measure.Scope()
}

// Prefilter returns the refined measure's prefilter refined by the same
// codes, or nil. A degree prefilter sees the skeleton (not the kinds of
// ties, which the typed signatures of count and vrq do not imply); any
// other sees the kinds of ties as the measure does, on a typed graph.
func (a Refined) Prefilter() Measure {
	p := a.Measure.Prefilter()
	if p == nil {
		return nil
	}
	_, degree := p.(Degree)
	return Refined{Measure: p, Colors: a.Colors, skeleton: a.skeleton || degree}
}

// CodedLocal returns, for a refined measure whose signatures on an untyped
// graph are a node's attribute code (as AppendCode writes it) followed by
// its signature under a Local base measure (degree, count, edgecount,
// none: the measures that do not see the neighbours' degrees), that base
// measure and the codes, and true. Signatures of such a measure follow
// from a node's code, degree and triangles wherever the base measure's do.
func (a Refined) CodedLocal() (Local, []int32, bool) {
	if a.Colors == nil || a.neighbours() {
		return nil, nil, false
	}
	l, ok := a.Measure.(Local)
	return l, a.Colors, ok
}

// AppendCode appends an attribute code as refined signatures begin with it.
func AppendCode(dst []byte, code int32) []byte { return appendUint(dst, int(code)) }

// NewEvaluator returns an evaluator of attributed signatures.
func (a Refined) NewEvaluator(g *graph.Graph, d int) Evaluator {
	if w, ok := a.Measure.(Whole); ok {
		// The whole-graph computation sees the colours and the kinds of
		// ties itself.
		return &wholeEval{m: w, g: g, colors: a.Colors}
	}
	if g.Typed() && !a.skeleton {
		return newTypedEval(g, d, a.Measure, a.Colors)
	}
	if a.Colors == nil { // the skeleton prefilter: the bare measure ignores kinds
		return a.Measure.NewEvaluator(g, d)
	}
	e := &attributedEval{g: g, d: d, colors: a.Colors, neighbours: a.neighbours()}
	switch m := a.Measure.(type) {
	case VRQ:
		// vrq's multisets of degrees are implied by the (code, degree)
		// pairs: its own evaluator would walk the same ball again.
	case DK:
		e.inner = newDKEval(g, d, m.Unrooted, false, a.Colors)
	case Hybrid:
		e.inner = newDKEval(g, d, m.Unrooted, true, a.Colors)
	default:
		e.inner = a.Measure.NewEvaluator(g, d)
	}
	return e
}

// ballKeeper is an evaluator whose AppendSignature leaves the ball of the
// node it signed, nodes in breadth-first order with their distances.
type ballKeeper interface {
	lastBall() *graph.Ball
}

type attributedEval struct {
	g          *graph.Graph
	d          int
	colors     []int32
	inner      Evaluator // nil for vrq (see NewEvaluator)
	neighbours bool
	ball       graph.Ball
	pairs      []int64
}

// AppendSignature appends v's code, its signature under the refined
// measure and, for the measures that see neighbours' degrees, the sorted
// (code, degree) pairs of every level.
func (e *attributedEval) AppendSignature(dst []byte, v int32) []byte {
	dst = AppendCode(dst, e.colors[v])
	if e.inner != nil {
		dst = e.inner.AppendSignature(dst, v)
	}
	if !e.neighbours {
		return dst
	}
	var b *graph.Ball
	if k, ok := e.inner.(ballKeeper); ok {
		b = k.lastBall() // the inner evaluator's ball of v: not walked twice
	} else {
		b = e.g.BallNodes(v, e.d, &e.ball)
	}
	i := 1
	for t := int32(1); t <= int32(e.d); t++ {
		e.pairs = e.pairs[:0]
		for ; i < b.Size() && b.Dist[i] == t; i++ {
			x := b.Nodes[i]
			e.pairs = append(e.pairs, int64(e.colors[x])<<32|int64(e.g.Degree(x)))
		}
		slices.Sort(e.pairs)
		dst = appendUint(dst, len(e.pairs))
		for _, p := range e.pairs {
			dst = appendUint(dst, int(p>>32))
			dst = appendUint(dst, int(p&(1<<32-1)))
		}
	}
	return dst
}

// WholeOf returns the Whole measure of m, unwrapping a Refined one, and the
// attribute codes that refine it (nil for none), or false if m is not a
// Whole measure.
func WholeOf(m Measure) (Whole, []int32, bool) {
	if r, ok := m.(Refined); ok {
		w, ok := r.Measure.(Whole)
		return w, r.Colors, ok
	}
	w, ok := m.(Whole)
	return w, nil, ok
}
