// Package canon computes canonical labelings and exact isomorphism
// certificates of small and medium coloured graphs, in pure Go.
//
// A [Canonizer] maps a [Graph] (compressed sparse rows over vertices
// 0..N-1, with an optional vertex colouring) to a canonical labeling, a
// permutation of its vertices such that isomorphic graphs are relabeled into
// identical graphs, and to a certificate, a byte string that two graphs share
// if and only if they are isomorphic by a colour-preserving isomorphism. The
// certificate is the canonical form itself, never a hash of it: equal
// certificates prove isomorphism, which is what a privacy measure that calls
// two people "equivalent" must be able to rely on. Callers may hash
// certificates to bucket them but must compare them in full.
//
// Directed, edge-labelled (layered) and mixed graphs, [LabelledGraph], get
// certificates of their own by an exact reduction to coloured graphs: see
// "Labelled and directed graphs" below.
//
// # Algorithm
//
// The method is individualization–refinement, as in nauty and Traces
// (McKay 1981; McKay and Piperno 2014) and bliss (Junttila and Kaski 2007,
// 2011):
//
//   - Refinement splits the cells of an ordered partition by the number of
//     neighbours in a splitter cell until the partition is equitable, with
//     Hopcroft's rule of skipping the largest fragment, singleton splitters
//     first. Every choice depends on cell positions, sizes and counts only,
//     so refinement commutes with relabeling; the sequence of splits is
//     recorded as a trace, an invariant of the search node.
//   - The search individualizes a vertex of the first largest non-singleton
//     cell, refines, and recurses until the partition is discrete (a leaf).
//     The canonical leaf is the greatest by (trace path, relabeled graph).
//   - Pruning: a node whose trace is smaller than the best path's (and
//     different from the first path's) is cut, even in the middle of its
//     refinement; a leaf whose relabeled graph equals that of the first or
//     best leaf yields an automorphism, after which the search jumps back to
//     where the two paths diverge; children in the orbit of an explored
//     child, under the automorphisms found that fix the current path, are
//     skipped.
//   - The automorphism group order follows from the orbit sizes along the
//     first path ([Canonizer.GroupSize]).
//
// # Fast paths
//
// All fast paths are exact; each is chosen by an isomorphism-invariant test,
// so that isomorphic graphs always take the same path.
//
//   - Complete and empty graphs: sorting by colour is canonical.
//   - Refinement of the colouring is discrete: no search at all. This is the
//     common case for neighbourhoods in social networks.
//   - Reduction: edges between two cells of the root partition that are
//     completely joined carry no information and are removed before the
//     search (the centre of an ego network is joined to all its
//     neighbours). The group is unchanged.
//   - Components: a disconnected (reduced) graph is solved component by
//     component, coloured by the root cells, and the components are sorted
//     by certificate (component recursion, as in Junttila and Kaski 2011).
//   - Forests: trees are rooted at their centre and typed bottom-up by
//     (colour, sorted child types) as in Aho, Hopcroft and Ullman (1974),
//     in O(n log n) time.
//   - Twins: vertices with equal open or closed neighbourhoods are
//     interchangeable; a cell made only of twins is split into singletons
//     without branching, and twins never branch against each other.
//
// # Certificate format
//
// A certificate is: a version byte (1); uvarint N; uvarint R and R runs of
// (varint colour, uvarint length) giving the colour of each canonical
// position; then either a tag byte 0 followed, for every canonical vertex j,
// by the uvarint count k of its neighbours i < j and the uvarint gaps
// i1, i2-i1-1, ..., or a tag byte 1 followed by the lower triangle of the
// adjacency matrix as a bitmap (bit j(j-1)/2+i for the pair i < j, least
// significant bit first), whichever is shorter. A nil colouring is encoded
// as all colours zero. The format may change between versions of this
// package; certificates are meant to be compared within one run, not stored.
//
// # Labelled and directed graphs
//
// A [LabelledGraph] has vertex colours and arcs, each directed or undirected
// and carrying an int32 label: directed, layered (multiplex) and mixed
// networks. [Canonizer.AppendLabelledCertificate] reduces it to a
// vertex-coloured undirected graph G' (the gadget graph) and canonicalizes
// that. Let the kinds of g be the distinct pairs (directedness, label) of its
// arcs, sorted undirected first, then by label value; the smallest
// undirected kind, if any, is the direct kind, and every other kind gets
// sublayers: one for an undirected kind, two (out, in) for a directed one.
// G' has
//
//   - the vertices of g, coloured by the rank of their colour among the
//     distinct colour values of g;
//   - one gadget vertex (s, v) for every sublayer s and every vertex v that
//     is an end of an arc of s (its tail for "out", its head for "in"),
//     coloured by the number of distinct colour values plus s, and joined to
//     its owner v;
//   - an edge u–v for every arc {u, v} of the direct kind, an edge
//     (s, u)–(s, v) for every undirected arc {u, v} of a kind with sublayer
//     s, and an edge (out, u)–(in, v) for every directed arc u→v of a kind
//     with sublayers out, in.
//
// The certificate is a tag byte (0x81), N, the sorted distinct colour values,
// the sorted kinds (directedness byte, label) and the certificate of G'.
//
// Exactness. Suppose φ is a colour-preserving isomorphism from G' (of g) to
// H' (of h), and g and h have the same colour values and kinds, so that
// colours mean the same in both. Original vertices have the colours below
// the gadget range, so φ maps them onto original vertices; call the
// restriction φ0. It preserves vertex colours. A gadget vertex has exactly
// one original neighbour, its owner, and an original vertex has at most one
// gadget neighbour of each sublayer colour, so φ maps (s, v) to (s, φ0(v)).
// Hence an edge u–v between original vertices (an arc of the direct kind)
// maps to φ0(u)–φ0(v), an edge (s, u)–(s, v) to (s, φ0(u))–(s, φ0(v)) and
// (out, u)–(in, v) to (out, φ0(u))–(in, φ0(v)): φ0 maps every arc of g to an
// arc of h of the same kind and direction, injectively, and φ⁻¹ does the
// same from h to g, so φ0 maps the arc set of g onto that of h. Conversely,
// an isomorphism φ0 of labelled graphs preserves colours and kinds, so g
// and h have the same colour values and kinds, and extends to G' by
// (s, v) ↦ (s, φ0(v)). Since gadget vertices exist only for ends of arcs,
// the extension is onto. So g and h are isomorphic if and only if their
// value tables are equal and G' and H' are isomorphic, that is, if and only
// if their certificates are equal; and the extension is unique, so the
// automorphism groups of g and G' are isomorphic and [Canonizer.GroupSize]
// is that of g. The certificate does not depend on the numbering of the
// gadget vertices, hence not on the order of the arcs.
//
// Size: G' has at most N + Σ (vertices incident to each sublayer) ≤ N + 2M
// vertices and M + (number of gadget vertices) edges; for a digraph with one
// label, at most 3N vertices and 2N + M edges, so an ego network of n
// vertices and m arcs becomes a graph of about 3n vertices and 2n + m edges,
// far smaller than subdividing every arc when m ≫ n. An undirected graph
// with one label is its own gadget graph.
//
// # Use
//
// A Canonizer keeps scratch buffers between calls and does not allocate in
// steady state; it is not safe for concurrent use, so use one per goroutine.
// Graphs are not validated on the hot path: see [Graph.Validate].
//
// # References
//
//   - B. D. McKay, Practical graph isomorphism, Congressus Numerantium 30
//     (1981) 45–87.
//   - B. D. McKay and A. Piperno, Practical graph isomorphism, II, Journal
//     of Symbolic Computation 60 (2014) 94–112.
//   - T. Junttila and P. Kaski, Engineering an efficient canonical labeling
//     tool for large and sparse graphs, ALENEX 2007, 135–149.
//   - T. Junttila and P. Kaski, Conflict propagation and component recursion
//     for canonical labeling, TAPAS 2011, LNCS 6595, 151–162.
//   - A. V. Aho, J. E. Hopcroft and J. D. Ullman, The Design and Analysis of
//     Computer Algorithms, Addison-Wesley 1974 (tree isomorphism).
//   - J.-Y. Cai, M. Fürer and N. Immerman, An optimal lower bound on the
//     number of variables for graph identification, Combinatorica 12 (1992)
//     389–410 (the hard instances used in the tests).
package canon
