package verdict

// State is the colour of a verdict.
type State string

// The states of a verdict.
const (
	Green State = "green" // the target is met; no stronger rung singles anyone out
	Amber State = "amber" // the target is met; a stronger attacker still singles people out
	Red   State = "red"   // the target is not met
)

// AttackLimit is the share of people a seeded attack may re-identify before
// a release that meets its target turns amber.
const AttackLimit = 0.05

// Target is what a release was made to meet. The JSON names are those of
// the command line's --json results.
type Target struct {
	Measure string  `json:"measure"` // the measure's name, e.g. "count"
	D       int     `json:"d"`       // its distance
	K       int     `json:"k"`       // the threshold: every counted node shares its class with k−1 others
	Alpha   float64 `json:"alpha"`   // the fraction of the nodes that must be k-anonymous (1: all)
	// Attacker says in plain words what the attacker of the target knows
	// (measure.Measure.Knows), to follow "someone who knows": "each
	// person's number of contacts and the number of ties among those
	// contacts".
	Attacker string `json:"attacker"`
	Nodes    int    `json:"nodes"`    // nodes of the release
	Required int    `json:"required"` // nodes that must be k-anonymous: ⌈Alpha·Nodes⌉
	Met      bool   `json:"met"`
	// NotAnonymous is the number of nodes that are not k-anonymous under
	// the target's measure (fuzzily, with Fuzzy).
	NotAnonymous int `json:"not_k_anonymous"`
	// Fuzzy, if not nil, is the tolerance of a fuzzy target (percent).
	Fuzzy *float64 `json:"fuzzy,omitempty"`
}

// A Rung is the release measured against one attacker of the ladder.
type Rung struct {
	Measure  string `json:"measure"`  // the measure's name
	D        int    `json:"d"`        // its distance
	Attacker string `json:"attacker"` // what this attacker knows, in plain words (as Target.Attacker)
	// Unique is the number of people this attacker singles out (alone in
	// their class); NotAnonymous the number in classes of fewer than k.
	Unique       int `json:"unique"`
	NotAnonymous int `json:"not_k_anonymous"`
	// Stronger reports that this attacker tells apart people whom the
	// target's attacker cannot (on this release, some class of the
	// target's measure is split by this rung's), so that its numbers bear
	// on the verdict; a rung that is not stronger can single out no one
	// the target does not.
	Stronger bool `json:"stronger"`
	// Skipped, if not empty, says why the rung was not measured (it did
	// not finish within its time bound); its numbers are then zero.
	Skipped string `json:"skipped,omitempty"`
	// UpperBound reports that the rung's computation was cut short where
	// that errs on the safe side: its classes are finer than the true ones
	// (the automorphism orbits found so far), so the counts are at least
	// the true ones: the people at risk are at most that many.
	UpperBound bool    `json:"upper_bound,omitempty"`
	Seconds    float64 `json:"seconds"`
}

// An Attack is the outcome of the seed-and-propagate attack with a number
// of seeds (package attack).
type Attack struct {
	Seeds     int     `json:"seeds"`                 // seed pairs given to the attacker
	Targets   int     `json:"targets"`               // nodes it tried to re-identify
	Correct   int     `json:"correct"`               // of them re-identified
	Fraction  float64 `json:"fraction_reidentified"` // Correct / Targets
	Precision float64 `json:"precision"`             // Correct / matched
	Skipped   string  `json:"skipped,omitempty"`     // why it was not run, if it was not
}

// A Verdict is what a release protects against.
type Verdict struct {
	State   State    `json:"state"`
	Target  Target   `json:"target"`
	Ladder  []Rung   `json:"ladder"`
	Attacks []Attack `json:"attacks,omitempty"`
	// Reasons say, in plain words with the numbers, why the state is not
	// green (empty when it is).
	Reasons []string `json:"reasons,omitempty"`
	// Recommendation is what would protect against the next rung (or
	// meet the target), with the command that does it, when the state is
	// not green.
	Recommendation string `json:"recommendation,omitempty"`
}
