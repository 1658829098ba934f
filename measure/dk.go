package measure

import (
	"slices"

	"github.com/anonet-project/anonet/canon"
	"github.com/anonet-project/anonet/graph"
)

// DK is d-k-anonymity (Zhou and Pei, ICDE 2008): two nodes are equivalent
// when their d-neighbourhoods are isomorphic.
//
// By default the neighbourhood is rooted: the isomorphism must map the one
// node to the other (the centre is coloured apart). This is the attacker
// model of the paper for d ≥ 2. With Unrooted set, any isomorphism of the
// induced subgraphs G[B_t(v)] counts, as in the reference tool. The two agree
// at d = 1: a 1-ball is its centre joined to every other node, and two such
// cones are isomorphic exactly when their bases G[N(v)] are.
//
// The rooted signature at distance d is the canonical certificate of G[B_d(v)]
// with every node coloured by its distance from v. A rooted isomorphism
// preserves distances from the centre, so it also maps B_t(v) onto B_t(v')
// for every t < d: the certificate at level d alone decides equivalence at
// every level. The unrooted signature holds one certificate per level.
type DK struct {
	Unrooted bool
}

// Name returns "dk" (or "dk-unrooted").
func (m DK) Name() string {
	if m.Unrooted {
		return "dk-unrooted"
	}
	return "dk"
}

// Scope returns Intersection.
func (DK) Scope() Scope { return Intersection }

// Knows says that the attacker knows the exact shape of each person's
// neighbourhood.
func (m DK) Knows(d int) string {
	who := "the person's contacts"
	if d > 1 {
		who = "the people within " + steps(d) + " of the person"
	}
	if m.Unrooted {
		return "the exact pattern of ties among each person and " + who + ", without knowing which one is the person"
	}
	return "the exact pattern of ties among each person and " + who
}

// Prefilter returns Count: isomorphic balls have equal node and edge counts.
func (DK) Prefilter() Measure { return Count{} }

// StarLocalAt reports that dk, rooted or not, is star-local at distance 1:
// without triangles a node's ball is a star, whose shape is its size.
func (DK) StarLocalAt(d int) bool { return d == 1 }

// NewEvaluator returns an evaluator of d-k signatures.
func (m DK) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return newDKEval(g, d, m.Unrooted, false, nil)
}

type dkEval struct {
	g        *graph.Graph
	d        int
	unrooted bool
	vrq      bool // hybrid: add the VRQ levels
	canon    *canon.Canonizer
	ball     graph.Ball
	off, adj []int32 // a level's subgraph, for unrooted signatures
	cert     []byte
	vals     []int32
	// colors, if not nil, are node attribute codes (see Refined) that
	// colour the neighbourhood besides the distances; tint holds a ball's
	// combined colours.
	colors []int32
	ncolor int32 // one more than the largest code
	tint   []int32
	// typed, on a typed graph, makes the certificates those of the
	// neighbourhoods with their ties as labelled arcs, and the VRQ levels
	// those of typedEval.appendVRQ (see Refined).
	typed    *typedEval
	labelled canon.LabelledGraph
}

// newDKEval returns the evaluator of dk (hybrid with vrq set), its
// neighbourhoods coloured by the node codes colors when not nil (see
// Refined).
func newDKEval(g *graph.Graph, d int, unrooted, vrq bool, colors []int32) *dkEval {
	e := &dkEval{g: g, d: d, unrooted: unrooted, vrq: vrq, canon: canon.NewCanonizer()}
	if len(colors) > 0 {
		e.colors, e.ncolor = colors, slices.Max(colors)+1
	}
	return e
}

// tinted returns the colours of the first n nodes of ball b for the
// canonical form: base (the distances, or nil) combined with the nodes'
// attribute codes when there are any.
func (e *dkEval) tinted(b *graph.Ball, n int, base []int32) []int32 {
	if e.colors == nil {
		return base
	}
	e.tint = e.tint[:0]
	for i, x := range b.Nodes[:n] {
		c := e.colors[x]
		if base != nil {
			c += base[i] * e.ncolor
		}
		e.tint = append(e.tint, c)
	}
	return e.tint
}

func (e *dkEval) lastBall() *graph.Ball { return &e.ball }

func (e *dkEval) AppendSignature(dst []byte, v int32) []byte {
	b := e.g.Ball(v, e.d, &e.ball)
	if !e.unrooted {
		dst = e.appendCert(dst, canon.Graph{N: b.Size(), Off: b.Off, Adj: b.Adj, Color: e.tinted(b, b.Size(), b.Dist)}, b.Nodes)
		if e.vrq {
			dst = e.appendVRQ(dst, b, 1, int32(e.d))
		}
		return dst
	}
	start := 1 // local ids below start have distance < t
	for t := int32(1); t <= int32(e.d); t++ {
		end := start
		for end < b.Size() && b.Dist[end] <= t {
			end++
		}
		start = end
		// G[B_t] is the subgraph on the local ids 0..end-1 (BFS order).
		e.off = append(e.off[:0], 0)
		e.adj = e.adj[:0]
		for i := range end {
			for _, j := range b.Adj[b.Off[i]:b.Off[i+1]] {
				if int(j) < end {
					e.adj = append(e.adj, j)
				}
			}
			e.off = append(e.off, int32(len(e.adj)))
		}
		dst = e.appendCert(dst, canon.Graph{N: end, Off: e.off, Adj: e.adj, Color: e.tinted(b, end, nil)}, b.Nodes)
		if e.vrq {
			dst = e.appendVRQ(dst, b, t, t)
		}
	}
	return dst
}

// appendVRQ appends the VRQ levels from..to of the ball b.
func (e *dkEval) appendVRQ(dst []byte, b *graph.Ball, from, to int32) []byte {
	if e.typed != nil {
		return e.typed.appendVRQ(dst, b, from, to)
	}
	for t := from; t <= to; t++ {
		dst = appendVRQLevel(dst, e.g, b, t, &e.vals)
	}
	return dst
}

// appendCert appends a length-prefixed certificate of h, a subgraph of the
// graph on the nodes nodes[0..h.N-1] (local id i is graph node nodes[i]).
// On a typed graph the certificate is that of h with the ties of its edges
// as labelled arcs: per layer l, the arcs of l with label l in a directed
// graph, the edges of l with label l in an undirected one.
func (e *dkEval) appendCert(dst []byte, h canon.Graph, nodes []int32) []byte {
	if e.typed == nil {
		e.cert = e.canon.AppendCertificate(e.cert[:0], h)
	} else {
		lg := &e.labelled
		lg.N, lg.Color, lg.Arcs = h.N, h.Color, lg.Arcs[:0]
		directed := e.g.Directed()
		for i := range int32(h.N) {
			for _, j := range h.Adj[h.Off[i]:h.Off[i+1]] {
				if j < i {
					continue // each edge once, from its smaller local id
				}
				e.g.Kind(nodes[i], nodes[j]).EachTie(directed, func(l int, out bool) {
					a := canon.Arc{From: i, To: j, Label: int32(l), Directed: directed}
					if !out {
						a.From, a.To = j, i
					}
					lg.Arcs = append(lg.Arcs, a)
				})
			}
		}
		e.cert = e.canon.AppendLabelledCertificate(e.cert[:0], *lg)
	}
	dst = appendUint(dst, len(e.cert))
	return append(dst, e.cert...)
}

// Hybrid combines d-k-anonymity and VRQ: two nodes are equivalent when their
// neighbourhoods are isomorphic and the nodes at each distance have the same
// multiset of degrees. Unrooted selects the reference tool's unrooted d-k
// part.
type Hybrid struct {
	Unrooted bool
}

// Name returns "hybrid" (or "hybrid-unrooted").
func (m Hybrid) Name() string {
	if m.Unrooted {
		return "hybrid-unrooted"
	}
	return "hybrid"
}

// Scope returns Union, the larger of the scopes of dk and vrq.
func (Hybrid) Scope() Scope { return Union }

// Knows says that the attacker knows what dk's and vrq's attackers know.
func (m Hybrid) Knows(d int) string {
	return DK(m).Knows(d) + ", and " + VRQ{}.Knows(d)
}

// Prefilter returns Count, which dk implies.
func (Hybrid) Prefilter() Measure { return Count{} }

// NewEvaluator returns an evaluator of hybrid signatures.
func (m Hybrid) NewEvaluator(g *graph.Graph, d int) Evaluator {
	return newDKEval(g, d, m.Unrooted, true, nil)
}
