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
//  3. every node's label, degree and list of higher-ranked neighbours
//     (those of higher degree, ties broken by label), sent to each
//     neighbour: 2m records holding Σ_v deg(v)·deg⁺(v) labels. From the
//     lists it receives a node finds the edges among its neighbours: each
//     such edge comes, once, with its lower-ranked end. So the node holds
//     its ego network, the subgraph induced by its 1-ball;
//  4. the signatures, counted per class (n records per measure, combined
//     before the shuffle), then the class sizes, counted per size.
//
// With Options.ListNodes, the signatures are joined with their class sizes
// once more to list the nodes that are not k-anonymous.
//
// Each node's signature is computed by package measure's own evaluator on
// the ego network (a small graph.Graph with the node as node 0), so the
// bytes are exactly those anonet computes on the whole graph: the ball of
// radius 1 holds everything these measures look at, except for vrq, which
// needs the neighbours' degrees in the whole graph and gets them from step 3
// (measure.VRQ.AppendNeighborDegrees).
//
// Beam keeps a process-wide registry of the functions and types that
// pipelines use; Register adds this package's to it and must be called
// before beam.Init, in the main function of every binary that runs the
// pipeline, workers included.
package signatures
