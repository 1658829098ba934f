package measure

import "github.com/anonet-project/anonet/graph"

// None is the measure under which every node is equivalent to every other:
// an attacker who knows nothing. It is the reference tool's measure 0, its
// baseline for timing and for the second partition of the anonymity cascade
// (with cascade measure none, an identified node's neighbour is identified
// only when it is the node's only neighbour).
type None struct{}

// Name returns "none".
func (None) Name() string { return "none" }

// Scope returns Endpoints. No signature ever changes; the ends of the edge
// are marked so that, unlike in the reference tool (its defect D6), no
// affected set is empty and the affected-set strategies still have weights.
func (None) Scope() Scope { return Endpoints }

// Knows says that the attacker knows nothing.
func (None) Knows(d int) string { return "nothing about the network" }

// Prefilter returns nil.
func (None) Prefilter() Measure { return nil }

// LocalAt reports that none is local at every distance.
func (None) LocalAt(d int) (bool, bool) { return true, false }

// AppendLocal appends the constant signature (one zero byte, so that the
// signature is never empty).
func (None) AppendLocal(dst []byte, deg, tri int32) []byte { return append(dst, 0) }

// NewEvaluator returns an evaluator of the constant signature.
func (None) NewEvaluator(g *graph.Graph, d int) Evaluator { return noneEval{} }

type noneEval struct{}

func (noneEval) AppendSignature(dst []byte, v int32) []byte { return append(dst, 0) }

// AppendValues appends (0, 0) for every level t = 1..d: the difference
// between any two nodes is 0, as in the reference tool.
func (None) AppendValues(dst []int, g *graph.Graph, v int32, d int, b *graph.Ball) []int {
	for range d {
		dst = append(dst, 0, 0)
	}
	return dst
}
