// Package automorphism computes the orbits of the automorphism group of a
// whole graph, exactly: two nodes are in one orbit if and only if some
// automorphism of the graph (a permutation of its nodes that maps edges
// onto edges, keeps node colours and, on a typed graph, the direction and
// layers of every tie) maps one onto the other. No attacker who knows the
// whole graph up to the names of its nodes can tell apart the nodes of one
// orbit, which makes the orbits anonet's strongest structural anonymity
// measure.
//
// [Compute] contracts twins (nodes with the same neighbours) repeatedly,
// matches isomorphic connected components by their canonical forms
// (package canon), and searches the rest by individualization and
// refinement in the manner of saucy: a refinement with an undo trail, and
// a comparison of two search nodes only where their refinements changed
// them, so that a generator of small support costs about the refinement of
// its support. Every automorphism found, by whichever step, is verified on
// the input graph before its orbits are joined; a computation stopped by
// its context returns a partition finer than the orbits, never coarser.
//
// See docs/automorphism.md for the method, the checks against nauty and
// brute force, speed on networks of up to 2.8 million edges, and limits.
package automorphism
