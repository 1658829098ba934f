// Package disjoint holds disjoint sets of the integers 0..n−1, merged by
// union and queried by find (a union-find forest with union by size and
// path halving): the orbits of the automorphisms found so far, in package
// canon's search of small graphs and package automorphism's of whole
// networks.
package disjoint
