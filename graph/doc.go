// Package graph holds the mutable simple graph that every anonet algorithm
// works on: undirected, or with a kind per edge (Kind) that says which ties
// of which layers join its ends and in which direction, for directed and
// layered networks.
//
// Nodes are dense int32 ids 0..n-1; each node keeps the label it had in the
// input file (a string) beside its id. The adjacency list of every node is kept
// sorted, so HasEdge is a binary search and two neighbour lists intersect by a
// linear merge. The live edge set is also kept as an array of edges with a
// position index, so that a uniformly random edge can be drawn in O(1) and an
// edge removed in O(deg) without scanning the array: anonymization samples and
// deletes edges millions of times. DeleteEdgesAt deletes a batch of edges at
// once with the result of deleting them one after another (the edge array's
// order replayed alone, each list rewritten once, in parallel), and lists
// the triangles the batch destroys, each once.
//
// Memory is about 24 bytes per edge (two adjacency entries with their edge
// positions, and the edge array) and about 30 bytes per node (one slice header,
// a label offset and the label bytes), so a graph of 10^7 edges and 10^6 nodes
// takes about 270 MB.
//
// The package also extracts d-neighbourhoods (balls) as compact induced
// subgraphs into reusable buffers, counts the nodes and edges of 2-balls
// by moving one ball from node to node (TwoHopCounter), counts triangles and
// finds connected components. It knows nothing of files, measures or anonymity.
//
// For networks too large for a Graph, Forward holds only the forward
// orientation (every edge once, at its end of lower rank in the order
// (degree, id): 4 bytes per edge), built from the degrees and a stream of
// edges, which is enough for degrees and triangle counts. ForChunks is the
// parallel loop of the package's passes: workers take chunks of nodes from
// a shared counter and keep their own scratch.
package graph
