// Package generate draws random graphs from the models used in the
// experiments of de Jong, van der Loo and Takes, "The anonymization problem in
// social networks" (arXiv 2409.16163): Erdős–Rényi, Barabási–Albert and
// Watts–Strogatz.
//
//   - ErdosRenyi draws G(n, p) (Gilbert 1959; Erdős and Rényi 1959) with
//     p = d/(n−1) for an expected average degree d, in O(n + m) time by the
//     geometric skipping of Batagelj and Brandes, "Efficient generation of
//     large random networks", Phys. Rev. E 71:036113, 2005.
//   - BarabasiAlbert grows a graph by preferential attachment (Barabási and
//     Albert, "Emergence of scaling in random networks", Science 286:509,
//     1999): each new node links to m distinct existing nodes chosen with
//     probability proportional to their degree, drawn in O(1) from the list
//     of edge ends (Batagelj and Brandes 2005). It starts, like networkx's
//     barabasi_albert_graph, from a star of m+1 nodes.
//   - WattsStrogatz builds a ring lattice in which every node is linked to
//     its k nearest neighbours and rewires every edge with probability p to
//     a uniformly chosen new end (Watts and Strogatz, "Collective dynamics of
//     'small-world' networks", Nature 393:440, 1998), exactly as networkx's
//     watts_strogatz_graph does, so the edge count stays nk/2.
//   - Population draws a synthetic population network of any size, up to a
//     national person network's (17.2 million people, 1.42 billion ties):
//     a layered stochastic block model of households, neighbourhoods,
//     schools and work places with heavy-tailed degrees and high
//     clustering, streamed region by region in sorted order, so that it can
//     be written without holding the graph (see Population).
//
// Every generator takes its randomness from the *rand.Rand it is given, so a
// seeded generator gives the same graph every time. Nodes are labelled by
// their ids 0..n−1.
package generate
