package measure

import (
	"fmt"
	"strings"

	"github.com/anonet-project/anonet/graph"
)

// A Measure is an anonymity measure.
type Measure interface {
	// Name returns the measure's name as written on the command line.
	Name() string
	// Scope tells which nodes a change of an edge can affect.
	Scope() Scope
	// NewEvaluator returns an evaluator of the measure on g at distance d
	// (d >= 1). An evaluator holds scratch space: it is not safe for
	// concurrent use, so every goroutine needs its own.
	NewEvaluator(g *graph.Graph, d int) Evaluator
	// Prefilter returns a cheaper measure implied by this one (equal
	// signatures under this measure imply equal signatures under the
	// prefilter), or nil. A node alone under the prefilter is alone under
	// the measure, so its expensive signature need not be computed.
	Prefilter() Measure
	// Knows says in plain words what an attacker who uses the measure at
	// distance d knows about each person, to follow "someone who knows":
	// for count at d = 1, "each person's number of contacts and the number
	// of ties among those contacts". Verdicts and reports use it.
	Knows(d int) string
}

// An Evaluator computes signatures.
type Evaluator interface {
	// AppendSignature appends the signature of node v (covering every
	// distance 1..d) to dst and returns the extended slice. Two nodes of
	// the graph are equivalent iff their signatures are equal.
	AppendSignature(dst []byte, v int32) []byte
}

// Local is implemented by measures whose signature, at some distances, is a
// function of a node's degree and triangle count alone. For them the
// equivalence partition is kept up to date arithmetically, without
// extracting any subgraph.
type Local interface {
	Measure
	// LocalAt reports whether the signature at distance d is local, and
	// whether it needs the triangle count.
	LocalAt(d int) (local, needsTriangles bool)
	// AppendLocal appends the signature of a node with the given degree and
	// number of triangles; it equals what an Evaluator at a local distance
	// appends.
	AppendLocal(dst []byte, deg, tri int32) []byte
}

// StarLocal is implemented by measures under which, at some distances, the
// signature of a node in a graph without triangles is a function of its
// degree alone. At distance 1 a node's ball in such a graph induces a star
// centred on the node, so every measure that sees no more than G[B_1(v)]
// (count, edgecount, degdist, dk) is one: a release that keeps no triangle
// and whose degrees are k-anonymous is k-anonymous under it (the cut start
// of package anonymize). Degree is not: its signature is the degree in
// every graph, and releases of degrees alone have a plan of their own.
type StarLocal interface {
	Measure
	// StarLocalAt reports whether the signature at distance d is, in every
	// graph without triangles, a function of the node's degree alone.
	StarLocalAt(d int) bool
}

// Scope says which nodes can change signature when an edge {u, w} is added
// or deleted. It is evaluated in the graph in which the edge is present
// (before a deletion, after an addition).
type Scope int

const (
	// Endpoints: only u and w.
	Endpoints Scope = iota
	// Intersection: the nodes within distance d of both u and w (ball-based
	// measures: a node's ball changes only if both ends lie in it).
	Intersection
	// Union: the nodes within distance d of u or of w (measures that see
	// the degrees of nodes in the ball).
	Union
	// Everything: every node (Whole measures, whose classes depend on the
	// whole graph).
	Everything
)

// String returns the name of the scope.
func (s Scope) String() string {
	switch s {
	case Endpoints:
		return "endpoints"
	case Intersection:
		return "intersection"
	case Union:
		return "union"
	case Everything:
		return "everything"
	}
	return fmt.Sprintf("Scope(%d)", int(s))
}

// Names lists the measures accepted by Parse, in the order of the reference
// paper's Table 1, then the reference tool's baseline none, then the
// strongest structural measure, automorphism.
var names = []string{"degree", "count", "degdist", "dk", "vrq", "hybrid", "edgecount", "none", "automorphism"}

// Names returns the names of all measures.
func Names() []string { return append([]string(nil), names...) }

// Parse returns the measure with the given name. The names "dk-unrooted" and
// "hybrid-unrooted" select the reference tool's unrooted d-k-anonymity.
func Parse(name string) (Measure, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "degree":
		return Degree{}, nil
	case "count":
		return Count{}, nil
	case "degdist":
		return DegDist{}, nil
	case "dk":
		return DK{}, nil
	case "dk-unrooted":
		return DK{Unrooted: true}, nil
	case "vrq":
		return VRQ{}, nil
	case "hybrid":
		return Hybrid{}, nil
	case "hybrid-unrooted":
		return Hybrid{Unrooted: true}, nil
	case "edgecount":
		return EdgeCount{}, nil
	case "none":
		return None{}, nil
	case "automorphism":
		return Automorphism{}, nil
	}
	return nil, fmt.Errorf("unknown measure %q (known: %s, dk-unrooted, hybrid-unrooted)", name, strings.Join(names, ", "))
}

// Structural reports whether the signatures of m depend on the graph's
// structure alone, so that nodes exchanged by an automorphism of the graph
// (twins, for one) have equal signatures. It holds for the measures of
// Names (dk and hybrid rooted or not); a measure that also sees something
// else about the nodes, or one it does not know, is not structural.
func Structural(m Measure) bool {
	switch m.(type) {
	case Degree, Count, DegDist, DK, VRQ, Hybrid, EdgeCount, None, Automorphism:
		return true
	}
	return false
}

// Every measure of the package and the optional interfaces it implements,
// checked when the package compiles (Automorphism's are in
// automorphism.go).
var (
	_ Local     = Count{}
	_ Fuzzy     = Count{}
	_ Local     = Degree{}
	_ Fuzzy     = Degree{}
	_ Local     = EdgeCount{}
	_ Fuzzy     = EdgeCount{}
	_ Local     = None{}
	_ Fuzzy     = None{}
	_ StarLocal = Count{}
	_ StarLocal = EdgeCount{}
	_ StarLocal = DegDist{}
	_ Measure   = VRQ{}
	_ StarLocal = DK{}
	_ Measure   = Hybrid{}
	_ Measure   = Refined{}
)
