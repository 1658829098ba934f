// Package signatures is an Apache Beam pipeline that computes the anonymity
// of every node of a network too large for one machine: the signatures of
// the d = 1 measures degree, count, degdist, vrq and dk, the sizes of the
// equivalence classes they define, the number of unique nodes and the
// number of nodes that are not k-anonymous.
//
// The pipeline reads an edge list in anonet's edge-list format (see
// LineParser for what it accepts) and runs on any Beam runner: prism on one
// machine, or Flink, Spark and Dataflow through Beam's portable runners. It
// shuffles, for a network of n nodes and m edges:
//
//  1. every edge as two arcs, grouped at their tail into adjacency lists
//     (duplicates dropped there): 2m records;
//  2. every node's label and degree, sent to each neighbour: 2m records;
//  3. every node's label and degree, sent to each neighbour, with the list
//     of its higher-ranked neighbours (higher degree, ties broken by label)
//     to every neighbour for degdist and dk (Σ_v deg(v)·deg⁺(v) labels),
//     to the higher-ranked ones only for count without them (Σ_v deg⁺(v)²
//     labels), to nobody for degree and vrq alone;
//  4. the signatures, counted per class (n records per measure, combined
//     before the shuffle), then the class sizes, counted per size.
//
// With every list of step 3, a node finds the edges among its neighbours,
// each once, in the list of its lower-ranked end: it holds its ego network,
// the subgraph induced by its 1-ball, and package measure's own evaluator
// computes its signatures on it (a small graph.Graph with the node as node
// 0), so the bytes are exactly those anonet computes on the whole graph.
//
// With the lists sent upwards only, each triangle is seen once, at its
// middle-ranked corner, which credits its three corners; the credits are
// summed per node (combined before the shuffle) and joined with the node's
// degree, and measure.Local's AppendLocal writes the signatures of degree
// and count. vrq needs only the neighbours' degrees, which every node
// receives in step 3 (measure.VRQ.AppendNeighborDegrees).
//
// With Options.ListNodes, the signatures are joined with their class sizes
// once more to list the nodes that are not k-anonymous.
//
// Beam keeps a process-wide registry of the functions and types that
// pipelines use; Register adds this package's to it and must be called
// before beam.Init, in the main function of every binary that runs the
// pipeline, workers included.
package signatures
