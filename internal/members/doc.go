// Package members holds the members of classes of nodes as doubly linked
// lists threaded through the nodes: a node joins or leaves a class in
// O(1), and a class's members are read without a slice per class. The
// partition's levels (internal/partition) and the lean path's classes of
// signatures (anonymize) keep their members so.
package members
