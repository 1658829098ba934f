package automorphism

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/anonet-project/anonet/canon"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/disjoint"
	"github.com/anonet-project/anonet/internal/hashmix"
)

// Orbits is the partition of the nodes of a graph into the orbits of its
// automorphism group: two nodes are in one orbit if and only if an
// automorphism maps one onto the other.
type Orbits struct {
	// Of[v] is the smallest node of v's orbit.
	Of []int32
	// Complete is false when the computation was stopped before the end
	// (its context ended). Of is then the orbits of the group generated
	// by the automorphisms found so far: every class lies inside a true
	// orbit, but a true orbit may be split into several classes.
	Complete bool
	// Generators is the number of automorphisms found and used, each
	// verified on the input graph (colours, edges and tie kinds).
	Generators int
	// SearchNodes is the number of nodes of the search trees visited
	// (refinements after an individualization).
	SearchNodes int
}

// Sizes returns the size of every node's orbit.
func (o *Orbits) Sizes() []int32 {
	count := make([]int32, len(o.Of))
	for _, r := range o.Of {
		count[r]++
	}
	sizes := make([]int32, len(o.Of))
	for v, r := range o.Of {
		sizes[v] = count[r]
	}
	return sizes
}

// Count returns the number of orbits and the number of them with more than
// one node.
func (o *Orbits) Count() (orbits, nonTrivial int) {
	count := make([]int32, len(o.Of))
	for _, r := range o.Of {
		count[r]++
	}
	for _, c := range count {
		if c > 0 {
			orbits++
		}
		if c > 1 {
			nonTrivial++
		}
	}
	return orbits, nonTrivial
}

// Options tune ComputeWith.
type Options struct {
	// Generator, if not nil, is called with every automorphism that is
	// used, after it has been verified: it maps from[i] to to[i] and fixes
	// every other node. The slices are valid only during the call. The
	// orbits are those of the group these automorphisms generate.
	Generator func(from, to []int32)

	// MaxSearchNodes, if positive, bounds the search: once it has visited
	// more search nodes it stops as a cancelled context stops it (Complete
	// false, each class a subset of a true orbit), with an error wrapping
	// ErrSearchLimit. Unlike a deadline, the bound gives the same result
	// on every machine.
	MaxSearchNodes int

	// For tests: skip the twin contraction, or search all components at
	// once instead of matching them.
	noTwins, noComponents bool
}

// Compute returns the orbits of the automorphisms of g that preserve the
// node colours (colors[v]; nil means one colour) and, on a typed graph
// (g.Typed()), the kind of every tie: its layers and direction. If ctx ends
// first, it returns the orbits found so far (Complete false, each class a
// subset of a true orbit) and an error wrapping ctx.Err().
func Compute(ctx context.Context, g *graph.Graph, colors []int32) (*Orbits, error) {
	return ComputeWith(ctx, g, colors, Options{})
}

// ComputeWith is Compute with options.
//
// The method: twins (nodes with the same neighbours, or the same
// neighbours and each other) are contracted, repeatedly; isomorphic
// connected components of what is left are matched by their canonical
// forms (package canon) when small, and the others are searched by
// individualization and refinement for generators of their automorphism
// group. Every automorphism, whichever step finds it, is mapped back to
// the nodes of g and verified on g before its orbits are joined.
func ComputeWith(ctx context.Context, g *graph.Graph, colors []int32, opt Options) (*Orbits, error) {
	n := g.NumNodes()
	if err := checkColors(n, colors); err != nil {
		return nil, err
	}
	s := &solver{ctx: ctx, g: g, onGen: opt.Generator, opt: opt}
	s.uf.Reset(n)
	s.vf.init(g, colors)
	s.eng.ctx, s.eng.maxNodes = ctx, opt.MaxSearchNodes
	s.eng.accept = s.liftWork
	err := s.run(colors)
	o := &Orbits{Of: make([]int32, n), Complete: err == nil, Generators: s.gens, SearchNodes: s.eng.nodes}
	least := make([]int32, n)
	for v := range least {
		least[v] = -1
	}
	for v := range int32(n) {
		if r := s.uf.Find(v); least[r] < 0 {
			least[r] = v
		}
	}
	for v := range int32(n) {
		o.Of[v] = least[s.uf.Find(v)]
	}
	return o, err
}

// canonLimit is the largest work graph whose isomorphic copies are
// matched by canonical labelling; larger ones are searched together.
const canonLimit = 512

// errInternal reports a candidate that failed verification: a bug.
var errInternal = errors.New("automorphism: internal error: a candidate generator is not an automorphism of the input graph")

// solver holds the state of one Compute.
type solver struct {
	ctx   context.Context
	g     *graph.Graph
	q     *quotient
	uf    disjoint.Sets // orbits over the nodes of g
	vf    verifier
	gens  int
	onGen func(from, to []int32)
	opt   Options
	err   error

	eng         engine
	work, work2 workGraph
	cz          canon.Canonizer
	loc         []int32 // quotient vertex → work vertex
	mask        []uint64
	base, arcs  []int32
	fill        []int32
	src, dst    []int32
}

// stopped returns the error that ends the computation, if any.
func (s *solver) stopped() error {
	if s.err != nil {
		return s.err
	}
	if err := s.ctx.Err(); err != nil {
		return fmt.Errorf("automorphism: stopped after %d generators: %w", s.gens, err)
	}
	if s.opt.MaxSearchNodes > 0 && s.eng.nodes > s.opt.MaxSearchNodes {
		return fmt.Errorf("automorphism: stopped after %d generators and %d search nodes: %w", s.gens, s.eng.nodes, ErrSearchLimit)
	}
	return nil
}

// ErrSearchLimit is wrapped by the error of a computation that reached
// Options.MaxSearchNodes.
var ErrSearchLimit = errors.New("search limit reached")

// run contracts twins, committing the transpositions of consecutive
// members of every class, until none are left, and then matches and
// searches the components of what remains.
func (s *solver) run(colors []int32) error {
	q := newQuotient(s.g, colors)
	for !s.opt.noTwins {
		if err := s.stopped(); err != nil {
			return err
		}
		tc := findTwins(q)
		if len(tc.start) == 1 {
			break
		}
		for i := range len(tc.start) - 1 {
			cls := tc.members[tc.start[i]:tc.start[i+1]]
			for j := 1; j < len(cls); j++ {
				a, b := q.members(cls[j-1]), q.members(cls[j])
				s.src = append(append(s.src[:0], a...), b...)
				s.dst = append(append(s.dst[:0], b...), a...)
				if !s.commit() {
					return s.err
				}
			}
		}
		q = contract(q, tc)
	}
	s.q = q
	s.loc = make([]int32, q.n)
	if s.opt.noComponents {
		all := make([]int32, q.n)
		for v := range all {
			all[v] = int32(v)
		}
		if err := s.search(all); err != nil {
			return err
		}
		return s.stopped()
	}
	return s.components()
}

// commit verifies the automorphism s.src → s.dst of g and joins its
// orbits.
func (s *solver) commit() bool {
	if !s.vf.check(s.src, s.dst) {
		s.err = errInternal
		return false
	}
	for i, a := range s.src {
		s.uf.Union(a, s.dst[i])
	}
	s.gens++
	if s.onGen != nil {
		s.onGen(s.src, s.dst)
	}
	return true
}

// liftWork maps an automorphism of the engine's work graph to the nodes
// of g (each quotient vertex's members onto those of its image, in order)
// and commits it.
func (s *solver) liftWork(src, dst []int32) bool {
	w := s.eng.w
	s.src, s.dst = s.src[:0], s.dst[:0]
	for i, a := range src {
		if int(a) >= w.orig {
			continue
		}
		s.src = append(s.src, s.q.members(w.q[a])...)
		s.dst = append(s.dst, s.q.members(w.q[dst[i]])...)
	}
	return s.commit()
}

// components splits the quotient into connected components, matches the
// isomorphic ones and searches one of each kind.
func (s *solver) components() error {
	q := s.q
	comp := make([]int32, q.n)
	for i := range comp {
		comp[i] = -1
	}
	var queue []int32
	ncomp := int32(0)
	for r := range int32(q.n) {
		if comp[r] >= 0 {
			continue
		}
		comp[r] = ncomp
		queue = append(queue[:0], r)
		for head := 0; head < len(queue); head++ {
			for _, u := range q.neighbors(queue[head]) {
				if comp[u] < 0 {
					comp[u] = ncomp
					queue = append(queue, u)
				}
			}
		}
		ncomp++
	}
	// The vertices of every component, in ascending order.
	start := make([]int32, ncomp+1)
	for _, c := range comp {
		start[c+1]++
	}
	for c := range ncomp {
		start[c+1] += start[c]
	}
	order := make([]int32, q.n)
	fill := slices.Clone(start[:ncomp])
	for v, c := range comp {
		order[fill[c]] = int32(v)
		fill[c]++
	}
	verts := func(c int32) []int32 { return order[start[c]:start[c+1]] }

	// Group the components by an invariant: size, ties, and a hash of
	// the colours, degrees and tie kinds of their vertices.
	type info struct {
		c, size, ties int32
		h             uint64
	}
	infos := make([]info, 0, ncomp)
	for c := range ncomp {
		vs := verts(c)
		if len(vs) == 1 {
			continue // a single vertex: no symmetry left inside
		}
		in := info{c: c, size: int32(len(vs))}
		for _, v := range vs {
			hv := hashmix.Mix(uint64(q.col[v])<<32 | uint64(q.degree(v)))
			for i := range q.degree(v) {
				hv += hashmix.Mix(uint64(q.kindAt(v, i)))
			}
			in.h += hashmix.Mix(hv)
			in.ties += q.degree(v)
		}
		infos = append(infos, in)
	}
	slices.SortFunc(infos, func(a, b info) int {
		return cmp.Or(cmp.Compare(a.size, b.size), cmp.Compare(a.ties, b.ties), cmp.Compare(a.h, b.h), cmp.Compare(a.c, b.c))
	})
	var union []int32
	for i := 0; i < len(infos); {
		j := i + 1
		for j < len(infos) && infos[j].size == infos[i].size && infos[j].ties == infos[i].ties && infos[j].h == infos[i].h {
			j++
		}
		group := infos[i:j]
		i = j
		if err := s.stopped(); err != nil {
			return err
		}
		switch {
		case len(group) == 1:
			if err := s.search(verts(group[0].c)); err != nil {
				return err
			}
		case s.workSize(verts(group[0].c)) <= canonLimit:
			cs := make([]int32, len(group))
			for k, in := range group {
				cs[k] = in.c
			}
			if err := s.matchSmall(cs, verts); err != nil {
				return err
			}
		default:
			union = union[:0]
			for _, in := range group {
				union = append(union, verts(in.c)...)
			}
			slices.Sort(union)
			if err := s.search(union); err != nil {
				return err
			}
		}
	}
	return s.stopped()
}

// workSize returns the number of vertices of the work graph of verts.
func (s *solver) workSize(verts []int32) int {
	if s.q.kind == nil {
		return len(verts)
	}
	s.buildWork(&s.work, verts)
	return s.work.n
}

// search searches the work graph of verts for generators of its
// automorphism group.
func (s *solver) search(verts []int32) error {
	s.buildWork(&s.work, verts)
	s.eng.run(&s.work)
	return s.stopped()
}

// canonGraph returns w as a graph of package canon.
func canonGraph(w *workGraph) canon.Graph {
	return canon.Graph{N: w.n, Off: w.off[:w.n+1], Adj: w.adj[:w.off[w.n]], Color: w.col[:w.n]}
}

// matchSmall sorts the small components cs, which share an invariant, by
// their canonical forms; in every class of equal forms, it maps the first
// onto each other one by their canonical labellings, which swap them, and
// searches the first.
func (s *solver) matchSmall(cs []int32, verts func(int32) []int32) error {
	type cert struct {
		c    int32
		form []byte
	}
	certs := make([]cert, len(cs))
	for k, c := range cs {
		s.buildWork(&s.work, verts(c))
		certs[k] = cert{c, s.cz.AppendCertificate(nil, canonGraph(&s.work))}
	}
	slices.SortStableFunc(certs, func(a, b cert) int { return bytes.Compare(a.form, b.form) })
	for i := 0; i < len(certs); {
		if err := s.stopped(); err != nil {
			return err
		}
		j := i + 1
		for j < len(certs) && bytes.Equal(certs[j].form, certs[i].form) {
			j++
		}
		rep := certs[i].c
		if j-i > 1 {
			s.buildWork(&s.work2, verts(rep))
			labRep := slices.Clone(s.cz.Labeling(canonGraph(&s.work2)))
			for _, other := range certs[i+1 : j] {
				s.buildWork(&s.work, verts(other.c))
				lab := s.cz.Labeling(canonGraph(&s.work))
				s.src, s.dst = s.src[:0], s.dst[:0]
				for p, a := range labRep {
					if int(a) >= s.work2.orig {
						continue
					}
					ma, mb := s.q.members(s.work2.q[a]), s.q.members(s.work.q[lab[p]])
					s.src = append(append(s.src, ma...), mb...)
					s.dst = append(append(s.dst, mb...), ma...)
				}
				if !s.commit() {
					return s.err
				}
			}
		}
		if err := s.search(verts(rep)); err != nil {
			return err
		}
		i = j
	}
	return nil
}
