// Package anonymize alters a network until its nodes are k-anonymous: the
// anonymization framework of de Jong, van der Loo and Takes, "The
// anonymization problem in social networks" (arXiv 2409.16163), Algorithm 1.
//
// Run repeats: a strategy selects B' = min(R, remaining budget) edges, they
// are altered (deleted by default), the equivalence partition is updated
// incrementally, and the anonymity reached is recorded. It stops when the
// budget is spent or the target is reached, and returns the best state seen:
// the one with the most k-anonymous nodes, and among those the one reached
// with the fewest alterations.
//
// The variants set target and budget: Full (every node k-anonymous, budget
// all edges), Partial (a fraction α of the nodes, budget all edges) and
// Budgeted (every node, at most B alterations). The strategies choose which
// edges to delete, with the probabilities of the paper (|E| is the current
// number of edges, A(e) the nodes whose signature the deletion of e can
// change, NA the nodes that are not k-anonymous):
//
//	es      uniform: 1/|E|
//	degree  ∝ min(deg u, deg w)
//	aff     ∝ |A(e)|
//	unique  uniform over the edges with an end in NA if there are more than
//	        B' of them; otherwise all of those, then uniform over the rest
//	ua      ∝ |A(e) ∩ NA| + 1/|E|
//	uao     like unique, but drawing from the edges with an end in NA with
//	        weight |A(e) ∩ NA| (at least 1 on such edges)
//
// Edges are drawn without replacement, exactly: a tree of sums over blocks of
// the edge weights gives each draw in O(log m). For the measures whose affected sets at
// d = 1 are the ends of an edge and their common neighbours (degree, count,
// degdist, dk, edgecount), the weights are maintained incrementally: deleting
// an edge or changing a node's anonymity updates only the weights of the
// edges around it. Other measures recompute all weights once per iteration.
//
// Besides deletion, the es strategy can add random non-edges or rewire pairs
// of edges, for the paper's comparison of operations.
//
// Beyond the paper, every strategy is a composition of a start and a
// refinement. The start makes the first release: Algorithm 1 with one of
// the paper's selectors, the exact-gain greedy (Greedy), or Liu and Terzi's
// plan of the degree sequence (LiuTerzi). Every run then returns to the
// start's best state and refines it (Config.Refine): the default, Best,
// starts as ua does and tries a k-automorphic release of the input as well,
// restores deleted edges while the target stays met, and searches locally,
// with every move checked exactly and incrementally. The strategies are one
// registry, and each optimizer one type; docs/extending.md says where a new
// one goes.
package anonymize
