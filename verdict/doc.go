// Package verdict says what a release protects against.
//
// A release meets its target against one attacker model: a measure at a
// distance d and a threshold k (package anonymity). Stronger attackers may
// still single people out, so a verdict shows the release against a ladder
// of measures, from the degree up to the automorphism group of the whole
// network, and against the seed-and-propagate attack of package attack at
// 0, 10 and 100 seeds, and gives it one of three states:
//
//   - Green: the target is met and no stronger rung singles anyone out.
//   - Amber: the target is met, but a stronger attacker still singles people
//     out (or a seeded attack re-identifies more than AttackLimit of them);
//     the verdict names the numbers and what would protect against the next
//     rung.
//   - Red: the target is not met.
package verdict
