// Package measure defines the anonymity measures of anonet: what an attacker
// is assumed to know about a person's position in a network.
//
// A measure maps every node v to a signature; two nodes are equivalent when
// their signatures are equal, and a node is k-anonymous when at least k−1
// other nodes are equivalent to it. The measures are those of de Jong, van der
// Loo and Takes, "The anonymization problem in social networks" (arXiv
// 2409.16163), Table 1. With B_t(v) the ball of nodes within distance t of v
// and G[X] the subgraph induced by X:
//
//	degree     deg(v)
//	count      (|B_t(v)|, |E(G[B_t(v)])|)                  (d = 1: degree and triangles)
//	degdist    the multiset of degrees inside G[B_t(v)]
//	dk         the isomorphism class of G[B_t(v)] with v distinguished
//	           (d-k-anonymity; Zhou and Pei, ICDE 2008)
//	vrq        the multiset of degrees of the nodes at distance exactly t
//	           (vertex refinement queries; Hay et al., VLDB 2008, as simplified by the paper)
//	hybrid     dk and vrq together
//	edgecount  |E(G[B_t(v)])|
//	none       nothing: every node is equivalent (the reference tool's baseline)
//
// At distance d a signature holds the values for every t = 1..d, so two
// nodes are equivalent at distance d only if they are equivalent at every
// smaller distance. Signatures are byte strings compared for exact equality:
// the dk signature is the full canonical certificate of package canon, never
// a hash of it.
//
// Measures differ from the reference tool (SPEC-anonet-reference.md) where it
// is wrong: dk is rooted (the centre is coloured apart) unless the DK value
// says otherwise, heuristic pre-partitions never change a result, and
// edgecount is the pure edge count, not refined by degree.
//
// Besides signatures a measure tells which nodes an edge change can affect
// (its Scope and the function Affected), which is what makes incremental
// updates of the equivalence partition exact.
package measure
