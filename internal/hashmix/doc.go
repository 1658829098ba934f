// Package hashmix scrambles integers into well-spread 64-bit words, for
// hashing a set as the sum of its scrambled members: a node's
// neighbourhood, whose hash then does not depend on the order of its
// list and can be brought up to date member by member. Twins (nodes of
// equal neighbourhoods) are found that way in package automorphism,
// canon and internal/partition, and estimated from a stream of edges by
// the command line.
package hashmix
