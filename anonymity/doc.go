// Package anonymity holds the equivalence partition of a network under an
// anonymity measure: which nodes share a signature, how large each class is,
// which nodes are k-anonymous, and how all of that changes when edges change.
//
// A Partition is built from scratch once, in parallel, and then kept up to
// date incrementally: every edge change marks the nodes its measure's scope
// can affect (computed in the graph in which the edge is present, so the set
// is exact also for d ≥ 2 and for batches), and Update re-buckets just those
// nodes. For degree, and for count and edgecount at distance 1, signatures
// follow arithmetically from maintained degree and triangle counts, with no
// subgraph extraction. For the expensive measures (dk, hybrid) a cheaper
// implied measure pre-partitions the nodes, and the expensive signature is
// computed only for nodes that are not already alone.
//
// Signatures are compared as whole byte strings (Go map keys), so two nodes
// are equivalent only if their signatures are truly equal.
//
// The package also finds twin nodes (nodes with the same open or closed
// neighbourhood), which no structural measure can tell apart, and the
// twin-reduced anonymity that counts structurally distinct positions only.
package anonymity
