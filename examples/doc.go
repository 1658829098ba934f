// Package examples bundles small networks inside the anonet binary, so that
// commands such as "anonet info karate" work without any file.
//
// The classic networks are Zachary's karate club (34 nodes, 78 edges), the
// Les Misérables co-appearance network (77, 254), Lusseau's dolphins (62, 159)
// and the Girvan–Newman college football network (115, 613), as edge lists
// with their original node ids. The hand-checkable examples example1 …
// example9, startri and rooted9 are the test graphs of the reference tool's
// specification, in its nauty text format; example9 is kept as the reference
// ships it, with two arcs listed in one direction only.
package examples
