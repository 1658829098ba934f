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
