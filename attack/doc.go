// Package attack re-identifies the nodes of a released network with a
// structural attack, as an independent check of an anonymization: an
// attacker who knows the original network's structure (but not which
// release node is whom) tries to map each original node to its node in the
// release.
//
// The attack is the seed-and-propagate attack of Narayanan and Shmatikov
// ("De-anonymizing social networks", IEEE S&P 2009), extended. It is given s
// correctly matched seed pairs. Propagation then matches an original node u
// to a release node v when v stands out among the release nodes scored by
// how many matched neighbours of u are matched to neighbours of v (each
// counting 1/√deg(v)): its eccentricity, the gap between the two best
// scores over the standard deviation of the scores of all release nodes, is
// at least Config.Theta; and when u is in turn the best match of v the
// other way round. Passes over the original nodes repeat, revisiting the
// matches made, until one changes nothing. What this finds from the seeds
// alone is kept. The attack then also matches the nodes whose structural
// signature (degree and sorted degrees of the neighbours) is unique among
// the unmatched nodes of both graphs, and propagates again from everything
// matched, now also taking a match that stands out among the candidates
// alone. With s = 0 the signatures are all it starts from.
//
// The attacker never sees node ids: the release is renumbered at random
// before the attack, so that equal ids cannot leak the answer, and a tie
// is never broken. The true correspondence is used only to score the
// result. See docs/attack.md for what the attack does not model.
package attack
