// Package partition implements the equivalence partition of a network under
// an anonymity measure that package anonymity presents to library users.
//
// Besides what anonymity exposes, it exports the hooks the anonymizer
// (package anonymize) and the command line need: gains of edge deletions
// and additions evaluated without changing anything (DeletionGain,
// AdditionGain, GainEvaluator, Untouched), batched deletions that report
// the triangles they destroy (DeleteEdgeCommon, DeleteEdgesAt), the nodes
// whose k-anonymity flipped in the last Update (Flipped), the exact undoing
// of the last Update from its journal (Revert, Generation), the fast path's
// triangle counts (NodeTriangles, Arithmetic), and twin classes kept
// current under edge changes (Twins, TwinUnique). Package anonymity's
// documentation describes the partition itself.
package partition
