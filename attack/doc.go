// Package attack re-identifies the nodes of a released network with a
// structural attack, as an independent check of an anonymization: an
// attacker who knows the original network's structure (but not which
// release node is whom) tries to map each original node to its node in the
// release.
//
// The attack is a seed-and-propagate attack in the style of Narayanan and
// Shmatikov ("De-anonymizing social networks", 2009). It starts from s
// correctly matched seed pairs, given to the attacker, and from the nodes
// whose structural signature (degree and sorted degrees of the neighbours)
// is unique in the original and matches exactly one unmatched node of the
// release; with s = 0 the signatures are all it has. It then propagates: an unmatched original node u scores each
// unmatched release node v by how many matched neighbours of u are matched
// to neighbours of v (each weighted by 1/√deg(v)), and takes the best v when
// it stands out (eccentricity, the gap between the two best scores over
// their standard deviation, at least Config.Theta) and u is in turn the best
// match of v the other way round. Passes repeat until nothing new is
// matched.
//
// The attacker never sees node ids: the release is renumbered at random
// before the attack, so that equal ids cannot leak the answer. The true
// correspondence is used only to score the result. See docs/attack.md for
// what the attack does not model.
package attack
