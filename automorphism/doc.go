// Package automorphism computes the orbits of the automorphism group of a
// whole graph, exactly: two nodes are in one orbit if and only if some
// automorphism of the graph (a permutation of its nodes that maps edges
// onto edges, keeps node colours and, on a typed graph, the direction and
// layers of every tie) maps one onto the other. No attacker who knows the
// whole graph up to relabelling can tell apart the nodes of one orbit,
// which makes the orbits anonet's strongest structural anonymity measure.
//
// See docs/automorphism.md for the method, its checks and its speed.
package automorphism
