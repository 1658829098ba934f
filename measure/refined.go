package measure

import (
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// Attributed is a measure refined by node attributes that the attacker
// knows (issue 17): Colors[v] codes v's known attribute values (two nodes
// have the same code exactly when they have the same values). A node's
// signature is its own code followed by the signature of Measure (for vrq
// implied by what follows, and left out); for the measures that look at
// the degrees of the nodes around v (vrq, degdist, hybrid) it also holds,
// for every level t = 1..d, the multiset of the pairs (code, degree) of
// the nodes at distance exactly t; for dk and
// hybrid the canonical form of the neighbourhood is coloured by the codes
// too (besides the distances from v when rooted), so an isomorphism must
// map every node to one with the same attribute values.
//
// Colors must have a code for every node of the graphs evaluated; codes
// never change, so the scope of a change is that of Measure, widened to
// Union when neighbours' degrees are part of the signature.
type Attributed struct {
	Measure Measure
	Colors  []int32
}

// Name returns the name of the refined measure.
func (a Attributed) Name() string { return a.Measure.Name() }

// neighbours reports whether the signature holds the neighbours' codes
// and degrees.
func (a Attributed) neighbours() bool {
	switch a.Measure.(type) {
	case VRQ, DegDist, Hybrid:
		return true
	}
	return false
}

// Scope returns the scope of the refined measure, or Union if the
// neighbours' degrees are part of the signature.
func (a Attributed) Scope() Scope {
	if a.neighbours() {
		return Union
	}
	return a.Measure.Scope()
}

// Prefilter returns the refined measure's prefilter, refined by the ego's
// code only (which the full signature implies), or nil.
func (a Attributed) Prefilter() Measure {
	p := a.Measure.Prefilter()
	if p == nil {
		return nil
	}
	return Attributed{Measure: p, Colors: a.Colors}
}

// NewEvaluator returns an evaluator of attributed signatures.
func (a Attributed) NewEvaluator(g *graph.Graph, d int) Evaluator {
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
	dst = appendUint(dst, int(e.colors[v]))
	if e.inner != nil {
		dst = e.inner.AppendSignature(dst, v)
	}
	if !e.neighbours {
		return dst
	}
	b := e.g.BallNodes(v, e.d, &e.ball)
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
