package partition

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// Options configure a Partition.
type Options struct {
	// K is the anonymity threshold: a node is k-anonymous when its class
	// has at least K members. Zero means 2.
	K int
	// Threads is the number of goroutines that compute signatures; values
	// below 1 mean GOMAXPROCS. Results do not depend on it.
	Threads int
	// Progress, if not nil, is called now and then during a build with the
	// number of signatures computed and the number to compute.
	Progress func(done, total int)
	// Context, if not nil, stops a build that has not finished when it
	// ends: New then returns its error (checked between chunks of a few
	// thousand signatures, and before a Whole measure's computation).
	Context context.Context
}

// Partition is the equivalence partition of the nodes of a graph under a
// measure at a distance d. Classes are identified by small integers that are
// reused after a class empties; use Representative for ids that are stable
// across partitions.
//
// A Partition owns the changes of its graph: edges must be added and deleted
// through AddEdge and DeleteEdge, followed by Update, so that the partition
// knows which nodes to recompute. It is not safe for concurrent use.
type Partition struct {
	g       *graph.Graph
	m       measure.Measure
	d, k    int   // d is capped at n−1 (see New); k is as given
	dReq    int   // d as given
	kt      int32 // the threshold compared with class sizes: min(k, n+1)
	threads int

	local    *localSig // the arithmetic fast path, or nil
	preLocal *localSig // the arithmetic fast path of the prefilter, or nil
	tri      []int32   // triangles at every node, kept current, if a fast path needs them

	pre *level // prefilter classes, or nil
	top *level // the classes of the measure

	sigs    *signer // signatures of the measure (nil for local measures)
	preSigs *signer // signatures of the prefilter (nil for local prefilters)

	// Incremental state.
	finder  measure.AffectedFinder
	dirty   []int32
	isDirty []bool
	below   []bool  // below[v]: v's class had fewer than k members at the last Update
	flipped []int32 // nodes whose k-anonymity changed in the last Update
	buf     []int32
	key     []byte

	batchMarks []uint64 // DeleteEdgesAt: the common neighbours to mark, a bit per node, clear between calls

	// The journal that Revert undoes: the edge changes before the last
	// Update, the classes' changes in it (the levels' journals) and the
	// nodes whose anonymity it changed.
	edits       edgeJournal // edge changes since the last Update
	last        edgeJournal // the edge changes that the last Update took in
	lastFlips   []int32
	revertible  bool // the last Update can be reverted
	unjournaled bool // a change since the last Update cannot be
	generation  uint64
	exactBefore bool // exact before the last Update

	exact bool // the classes are exact (see Exact), as of the last build, Update or Revert

	gain *GainEvaluator // DeletionGain's own evaluator, made on first use

	taken     [takenSlots]rememberedAnswer     // signatureTaken's answers
	adjacency [adjacencySlots]rememberedAnswer // commonNeighbour's answers
}

// DefaultK is the anonymity threshold when none is given: a node is
// anonymous when one other node shares its signature.
const DefaultK = 2

// New computes the partition of g's nodes under measure m at distance d.
func New(g *graph.Graph, m measure.Measure, d int, opt Options) (*Partition, error) {
	if d < 1 {
		return nil, fmt.Errorf("anonymity: distance d must be at least 1, got %d", d)
	}
	if m == nil {
		return nil, errors.New("anonymity: no measure")
	}
	// On a directed or layered graph every measure sees the kinds of ties
	// (and none of the fast paths for bare structure applies).
	m = measure.Refine(m, g, nil)
	if r, ok := m.(measure.Refined); ok && r.Colors != nil && len(r.Colors) != g.NumNodes() {
		return nil, fmt.Errorf("anonymity: %d attribute codes for %d nodes", len(r.Colors), g.NumNodes())
	}
	k := opt.K
	if k == 0 {
		k = DefaultK
	}
	if k < 1 {
		return nil, fmt.Errorf("anonymity: k must be at least 1, got %d", k)
	}
	threads := graph.Threads(opt.Threads)
	n := g.NumNodes()
	// Beyond distance n−1 no ball grows, so every signature level repeats
	// the previous one and the partition no longer changes.
	p := &Partition{
		g: g, m: m, d: min(d, max(1, n-1)), dReq: d, k: k, kt: int32(min(k, n+1)), threads: threads,
		isDirty: make([]bool, n),
		below:   make([]bool, n),
	}
	// localAt returns m as a fast path at distance d and whether it needs
	// triangles, or nil: a Local measure, or on an untyped graph one refined
	// by attribute codes only.
	localAt := func(m measure.Measure) (*localSig, bool) {
		var codes []int32
		if r, ok := m.(measure.Refined); ok && !g.Typed() {
			l, c, ok := r.CodedLocal()
			if !ok {
				return nil, false
			}
			m, codes = l, c
		}
		if l, ok := m.(measure.Local); ok {
			if local, tri := l.LocalAt(p.d); local {
				return &localSig{l: l, codes: codes}, tri
			}
		}
		return nil, false
	}
	var needTri bool
	p.local, needTri = localAt(m)
	pm := m.Prefilter()
	if p.local == nil && pm != nil {
		// A local prefilter (count at d = 1 under dk, degdist and
		// hybrid) splits by the triangle counts, not by balls.
		var preTri bool
		p.preLocal, preTri = localAt(pm)
		needTri = needTri || preTri
	}
	if needTri {
		p.tri = g.TriangleCounts(threads)
	}
	p.top = newLevel(n, p.kt)
	if p.local != nil {
		for v := range int32(n) {
			p.top.insert(v, p.localKey(p.local, v))
		}
	} else {
		p.sigs = newSigner(g, m, p.d, threads)
		if pm != nil {
			p.pre = newLevel(n, 2)
			if p.preLocal == nil {
				p.preSigs = newSigner(g, pm, p.d, threads)
			}
		}
		if err := p.build(opt.Context, opt.Progress); err != nil {
			return nil, fmt.Errorf("anonymity: %w", err)
		}
	}
	for v := range n {
		p.below[v] = p.top.size[p.top.classOf[v]] < p.kt
	}
	p.top.resetTouched()
	if p.pre != nil {
		p.pre.resetTouched()
	}
	p.exact = p.sigsComplete()
	return p, nil
}

// localSig is a measure's arithmetic fast path: a Local measure, and the
// attribute codes that begin its signatures (nil for none).
type localSig struct {
	l     measure.Local
	codes []int32
}

// append appends the signature of node v with degree deg and tri
// triangles.
func (s *localSig) append(dst []byte, v, deg, tri int32) []byte {
	if s.codes != nil {
		dst = measure.AppendCode(dst, s.codes[v])
	}
	return s.l.AppendLocal(dst, deg, tri)
}

// code returns the attribute code of node v (0 without attributes).
func (s *localSig) code(v int32) int32 {
	if s.codes == nil {
		return 0
	}
	return s.codes[v]
}

// NodeTriangles returns the number of triangles at v in the graph's
// current state: the count the partition keeps for its fast path, or else
// counted.
func (p *Partition) NodeTriangles(v int32) int {
	if p.tri != nil {
		return int(p.tri[v])
	}
	return p.g.NodeTriangles(v)
}

// localKey returns the signature of v under the local measure l, from its
// degree and triangles (valid until the next call).
func (p *Partition) localKey(l *localSig, v int32) []byte {
	var t int32
	if p.tri != nil {
		t = p.tri[v]
	}
	p.key = l.append(p.key[:0], v, int32(p.g.Degree(v)), t)
	return p.key
}

// computePre computes the prefilter signatures of nodes; preSig(i, v) then
// returns the one of v = nodes[i] (valid until the next call).
func (p *Partition) computePre(nodes []int32) {
	if p.preLocal == nil {
		p.preSigs.compute(nodes)
	}
}

func (p *Partition) preSig(i int, v int32) []byte {
	if p.preLocal != nil {
		return p.localKey(p.preLocal, v)
	}
	return p.preSigs.sig(i)
}

// twinsPay reports whether computing one signature per twin class saves
// more than finding the twin classes costs: only for structural measures,
// and neither for signatures computed arithmetically (p.local) nor for
// vrq's multisets of degrees (measured on the 17 shared networks at
// d = 1: the twin pass made vrq 60% slower and none 14%; dblp, vrq at
// d = 2: 14% slower).
func (p *Partition) twinsPay() bool {
	if p.local != nil || !measure.Structural(p.m) {
		return false
	}
	if _, _, whole := measure.WholeOf(p.m); whole {
		return false // its classes come from the whole graph at once, twins contracted there
	}
	_, vrq := p.m.(measure.VRQ)
	return !vrq
}

// build computes every signature from scratch, in chunks so that memory
// stays bounded, inserting in node order so the result is deterministic.
// Twins are exchanged by an automorphism, so every structural measure
// gives them equal signatures: only the smallest node of each twin class is
// computed, and the other members join its class.
func (p *Partition) build(ctx context.Context, progress func(done, total int)) error {
	stopped := func() error {
		if ctx == nil {
			return nil
		}
		return ctx.Err()
	}
	if err := stopped(); err != nil {
		return err
	}
	n := int32(p.g.NumNodes())
	var twin, rep []int32 // node → twin class → its smallest node
	if p.twinsPay() {
		twin = TwinClasses(p.g)
		for v, c := range twin {
			if int(c) == len(rep) { // classes are numbered by their smallest nodes
				rep = append(rep, int32(v))
			}
		}
	} else { // every node its own class
		twin = make([]int32, n)
		for v := range twin {
			twin[v] = int32(v)
		}
		rep = twin
	}
	const chunk = 4096
	nodes := make([]int32, 0, chunk)
	total := int(n)
	if p.pre != nil {
		total *= 2
	}
	done := 0
	report := func() {
		if progress != nil {
			progress(done, total)
		}
	}
	if p.pre != nil {
		for lo := int32(0); lo < n; lo += chunk {
			nodes = nodes[:0]
			for v := lo; v < min(lo+chunk, n); v++ {
				if rep[twin[v]] == v {
					nodes = append(nodes, v)
				}
			}
			p.computePre(nodes)
			j := 0
			for v := lo; v < min(lo+chunk, n); v++ {
				if r := rep[twin[v]]; r != v {
					p.pre.join(v, p.pre.classOf[r])
					continue
				}
				p.pre.insert(v, p.preSig(j, v))
				j++
			}
			done += int(min(lo+chunk, n) - lo)
			report()
			if err := stopped(); err != nil {
				return err
			}
		}
	}
	for lo := int32(0); lo < n; lo += chunk {
		nodes = nodes[:0]
		for v := lo; v < min(lo+chunk, n); v++ {
			if rep[twin[v]] == v && p.needsSig(v) {
				nodes = append(nodes, v)
			}
		}
		p.sigs.compute(nodes)
		j := 0
		for v := lo; v < min(lo+chunk, n); v++ {
			switch {
			case rep[twin[v]] != v: // a twin is in the class of its smallest twin, which has a signature
				p.top.join(v, p.top.classOf[rep[twin[v]]])
			case j < len(nodes) && nodes[j] == v:
				p.top.insert(v, p.fullKey(v, p.sigs.sig(j)))
				j++
			default:
				p.top.insert(v, nil)
			}
		}
		done += int(min(lo+chunk, n) - lo)
		report()
		if err := stopped(); err != nil {
			return err
		}
	}
	return nil
}

// fullKey returns the top-level key of v given its signature: with a
// prefilter, the prefilter signature followed by sig, so that classes refine
// prefilter classes by construction. Valid until the next call.
func (p *Partition) fullKey(v int32, sig []byte) []byte {
	if p.pre == nil {
		return sig
	}
	p.key = p.pre.appendKey(p.key[:0], p.pre.classOf[v])
	p.key = append(p.key, sig...)
	return p.key
}

// needsSig reports whether v's full signature is needed: it is unless v is
// alone in its prefilter class.
func (p *Partition) needsSig(v int32) bool {
	return p.pre == nil || p.pre.size[p.pre.classOf[v]] > 1
}

// Graph returns the partitioned graph.
func (p *Partition) Graph() *graph.Graph { return p.g }

// Exact reports whether the classes are exact. They are, but under a Whole
// measure whose computation was cut short at the last build or Update
// (measure.Automorphism's search limit): its classes are then subsets of
// the true ones, so that nodes count as less anonymous than they are,
// never more.
func (p *Partition) Exact() bool { return p.exact }

// sigsComplete reports whether every signature was computed in full (see
// Exact), as of now; Exact keeps its answer from the last build, Update or
// Revert.
func (p *Partition) sigsComplete() bool { return p.sigs == nil || p.sigs.complete() }

// Measure returns the measure.
func (p *Partition) Measure() measure.Measure { return p.m }

// D returns the distance given to New. Signatures are computed at
// min(d, n−1): no ball grows beyond distance n−1, so the partition is the
// same at any larger distance.
func (p *Partition) D() int { return p.dReq }

// K returns the anonymity threshold.
func (p *Partition) K() int { return p.k }

// Arithmetic reports whether the signatures follow from the degrees and
// triangle counts (the arithmetic fast path: degree, count, edgecount and
// none at distance 1, also refined by known attributes on an untyped
// graph), so that an update costs a few lookups per changed node and
// DeletionGain answers.
func (p *Partition) Arithmetic() bool { return p.local != nil }

// NumClasses returns the number of equivalence classes.
func (p *Partition) NumClasses() int { return p.top.numClasses }

// Class returns the class id of node v.
func (p *Partition) Class(v int32) int32 { return p.top.classOf[v] }

// ClassSize returns the number of nodes equivalent to v, v included: its
// anonymity.
func (p *Partition) ClassSize(v int32) int { return int(p.top.size[p.top.classOf[v]]) }

// Anonymous reports whether v is k-anonymous.
func (p *Partition) Anonymous(v int32) bool { return p.top.size[p.top.classOf[v]] >= p.kt }

// Unique returns the number of nodes alone in their class.
func (p *Partition) Unique() int { return p.top.unique }

// NotAnonymous returns the number of nodes that are not k-anonymous.
func (p *Partition) NotAnonymous() int { return p.top.belowK }

// UniqueFraction returns Unique()/n, the uniqueness U(G) of the reference
// paper (0 for a graph without nodes).
func (p *Partition) UniqueFraction() float64 {
	if p.g.NumNodes() == 0 {
		return 0
	}
	return float64(p.top.unique) / float64(p.g.NumNodes())
}

// Members appends the members of v's class to dst in ascending order.
func (p *Partition) Members(dst []int32, v int32) []int32 {
	start := len(dst)
	dst = p.top.appendMembers(dst, p.top.classOf[v])
	slices.Sort(dst[start:])
	return dst
}

// NotAnonymousNodes returns the nodes that are not k-anonymous, in ascending
// order.
func (p *Partition) NotAnonymousNodes() []int32 {
	out := make([]int32, 0, p.top.belowK)
	for v := range int32(p.g.NumNodes()) {
		if !p.Anonymous(v) {
			out = append(out, v)
		}
	}
	return out
}

// SizeCount is one entry of the class-size histogram.
type SizeCount struct {
	Size    int // class size
	Classes int // number of classes of that size
}

// Histogram returns the number of classes of every size that occurs, in
// ascending order of size. The nodes with anonymity s number s·Classes.
func (p *Partition) Histogram() []SizeCount {
	var out []SizeCount
	for s, c := range p.top.hist {
		if c > 0 {
			out = append(out, SizeCount{s, int(c)})
		}
	}
	return out
}

// Representative returns the smallest node of v's class. Representatives
// identify classes independently of class ids: two partitions of the same
// nodes are equal iff every node has the same representative in both.
func (p *Partition) Representative(v int32) int32 {
	return p.top.minMember(p.top.classOf[v])
}

// Representatives returns the representative of every node.
func (p *Partition) Representatives() []int32 {
	n := p.g.NumNodes()
	out := make([]int32, n)
	for i := range out {
		out[i] = -1
	}
	for v := range int32(n) {
		if out[v] >= 0 {
			continue
		}
		c := p.top.classOf[v]
		// v is the smallest member: nodes are visited in ascending order.
		for x := p.top.members.Head[c]; x >= 0; x = p.top.members.Next[x] {
			out[x] = v
		}
	}
	return out
}

// Classes returns the classes, each in ascending order, ordered by their
// smallest member.
func (p *Partition) Classes() [][]int32 {
	reps := p.Representatives()
	out := make([][]int32, 0, p.top.numClasses)
	index := make([]int32, len(reps)) // representative → position in out
	for v, r := range reps {
		if r == int32(v) {
			index[v] = int32(len(out))
			out = append(out, nil)
		}
		out[index[r]] = append(out[index[r]], int32(v))
	}
	return out
}
