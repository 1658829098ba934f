// Package utility measures how useful a network still is after it has been
// anonymized: it computes the structural properties that analysts rely on and
// compares them between an original network and its anonymized version, as
// de Jong, van der Loo and Takes do in "The anonymization problem in social
// networks" (arXiv 2409.16163, §4.4).
//
// The metrics are:
//
//   - the average local clustering coefficient (nodes of degree < 2 count
//     as 0, as in networkx) and the global transitivity (three times the
//     number of triangles over the number of connected triples);
//   - the average shortest-path length over the ordered pairs of nodes in the
//     same component, exact by a breadth-first search from every node or
//     estimated from a seeded sample of source nodes with its standard
//     error;
//   - the number of connected components and the fraction of nodes in the
//     largest one;
//   - betweenness centrality by the algorithm of Brandes, "A faster algorithm
//     for betweenness centrality", J. Math. Sociol. 25(2), 2001 (exact, or
//     estimated from sampled pivots as in Brandes and Pich, "Centrality
//     estimation in large networks", Int. J. Bifurc. Chaos 17(7), 2007), and
//     the overlap of the 100 most central nodes before and after;
//   - communities found by the Leiden algorithm of Traag, Waltman and van Eck,
//     "From Louvain to Leiden: guaranteeing well-connected communities",
//     Sci. Rep. 9:5233, 2019, optimising modularity, compared by normalized
//     mutual information (Danon, Díaz-Guilera, Duch and Arenas, "Comparing
//     community structure identification", J. Stat. Mech. P09008, 2005) with
//     the reference's correction for Leiden's own run-to-run variation;
//   - the degree assortativity coefficient of Newman, "Assortative mixing in
//     networks", Phys. Rev. Lett. 89:208701, 2002, and the Kolmogorov–Smirnov
//     distance between the degree distributions.
//
// Compare computes any subset of them for two graphs and says, for each,
// whether the anonymized value is "preserved": whether its change, widened by
// one standard deviation of its estimate, stays under 5% of the original
// value. docs/utility.md defines every metric and the rule precisely.
//
// Every function is deterministic: the same graphs, options and seed give the
// same results whatever the number of threads. Parallel sums are combined in
// a fixed order or in exact integer arithmetic, and all randomness comes from
// seeded math/rand/v2 generators passed in explicitly. A value that is
// undefined (the average clustering of a graph without nodes, the
// assortativity of a graph whose edges all join nodes of equal degree) is
// NaN.
package utility
