// Package release turns an anonymized network into one that can be
// published.
//
// Anonymizing a graph (package anonymize) deletes ties but keeps every
// node's id and label, so the result still names its people. A release
// gives every node a fresh id from a permutation keyed on a secret Key and
// on the released graph itself, and lists the nodes in the order of those
// ids, so that nothing of the input's labels or order survives:
//
//   - Without the key nobody can recompute the permutation, not even
//     someone who holds the original network and guesses every option of
//     the run (the seed of the algorithm is not the key).
//   - Two different releases of one network get unrelated ids even under
//     one key, because the graph is part of what keys the permutation, so
//     they cannot be joined on their ids.
//
// The key and the mapping from original to release ids (WriteMapping) are
// secret: whoever holds either links the release back to the original.
// NewKey draws a key from a source of randomness such as crypto/rand;
// ParseKey reads one given by the user (to reproduce a release's ids
// exactly).
package release
