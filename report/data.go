package report

import "github.com/anonet-project/anonet/verdict"

// Input is everything a report shows. The command line computes it (see
// NewSnapshot, EdgeEndDegrees and Metrics) and WriteHTML and Figures render
// it. A nil or empty part is left out of the report.
type Input struct {
	// Title heads the report; empty means "anonet report".
	Title string
	// Run describes how the release was made.
	Run Run
	// Before describes the original network, After the release (nil when
	// there is no release, as for anonet measure --plot).
	Before, After *Snapshot
	// Trace is the anonymization's trace, one point per iteration starting
	// with the input; Best is the index of the released state in it.
	Trace []TracePoint
	Best  int
	// Utility holds the metrics of anonet utility, in its order.
	Utility []Metric
	// Deleted gives the degrees, in the original, of the ends of every
	// deleted edge, and EdgesByLowerDegree[d] the number of the
	// original's edges whose lower-degree end has degree d, to compare
	// with. Nil Deleted: unknown (no correspondence between the graphs).
	Deleted            []EdgeEnds
	EdgesByLowerDegree []int
	// Added is the number of edges the release has that the original
	// has not (alterations by adding or rewiring).
	Added int
	// Attack holds re-identification results when an attack test was
	// run; nil leaves its section out.
	Attack *Attack
	// Verdict, if not nil, is the verdict on the release (package
	// verdict): the report then shows its three states, the attacker the
	// target covers, the ladder of stronger attackers and the attacks. Nil
	// leaves two states: the target of Run is met or not.
	Verdict *verdict.Verdict
	// Costs say what protection against stronger attackers would cost
	// this network, one row per rung; empty leaves the section out.
	Costs []Cost
	// Public makes the report one that may be published: it shows the
	// release's own statistics, the verdict and aggregate edge counts,
	// and nothing else of the original (no distributions, no anonymity
	// before, no trace, no utility comparison, no deleted edges). A report
	// that is not public says at its top that it must be kept internal.
	Public bool
}

// Cost is what a release protected against one stronger attacker (a rung
// of the verdict's ladder) keeps of the network and how well it resists
// the attack.
type Cost struct {
	Measure  string // the rung's measure
	D        int    // its distance
	Attacker string // what that attacker knows, in plain words
	// EdgesKept is the number of edges of such a release, of Edges in the
	// original.
	EdgesKept, Edges int
	// ReIdentified is the share of people the seed-and-propagate attack
	// re-identifies in such a release (NaN: not measured), with Seeds seed
	// pairs.
	ReIdentified float64
	Seeds        int
	// Note, if not empty, replaces the numbers (say, why the release could
	// not be made).
	Note string
}

// Run describes the anonymization that made the release.
type Run struct {
	Input   string // the original network, as named on the command line
	Release string // the released file
	Measure string
	// KnownAttributes are the node attributes the attacker knows besides
	// the structure (measure.Refined), if any.
	KnownAttributes []string
	D, K            int
	// Anonymized is false when the report compares an existing pair of
	// files, whose algorithm, seed and budget are unknown.
	Anonymized bool
	Algorithm  string
	Operation  string
	Variant    string
	Seed       uint64
	Alpha      float64 // partial variant
	Budget     int     // alterations allowed
	Recompute  int
	Seconds    float64
	// Target is the number of nodes that must be k-anonymous and TargetMet
	// whether the release has that many.
	Target    int
	TargetMet bool
}

// Snapshot describes one network: its anonymity under the run's measure
// and the distributions the report plots.
type Snapshot struct {
	Nodes, Edges  int
	Unique        int // nodes alone in their class
	NotKAnonymous int // nodes in classes of fewer than k
	Classes       int // number of equivalence classes
	// ClassSizes lists the number of classes of every size that occurs,
	// by ascending size.
	ClassSizes []SizeCount
	// Cascade[i] is the number of nodes identified up to level i of the
	// anonymity cascade (Cascade[0]: the unique nodes); nil if not
	// computed.
	Cascade []int
	// Degrees[d] is the number of nodes of degree d.
	Degrees []int
	// ClusteringByDegree[d] is the mean local clustering coefficient of
	// the nodes of degree d (NaN when there are none, and for d < 2).
	ClusteringByDegree []float64
	// CommunitySizes are the sizes of the Leiden communities, largest
	// first; nil if not computed.
	CommunitySizes []int
}

// SizeCount is the number of equivalence classes of one size.
type SizeCount struct {
	Size, Classes int
}

// TracePoint is the state after one iteration of the anonymization.
type TracePoint struct {
	EdgesAltered  int
	NotKAnonymous int
	Unique        int
	// Phase is the stage of the run that recorded the point, as the trace
	// names it: "strategy" (or empty) for the strategy's iterations and
	// the input, another name ("restore", "anneal", …) for a refinement.
	Phase string
}

// Metric is one utility metric of anonet utility.
type Metric struct {
	Name                 string
	Original, Anonymized float64 // NaN: undefined
	RelativeChange       float64 // NaN: undefined
	Defined              bool
	Preserved            bool
	Note                 string
}

// EdgeEnds are the degrees of an edge's ends in the original network,
// Low ≤ High.
type EdgeEnds struct {
	Low, High int
}

// Attack holds the results of a re-identification attack test: for every
// number of seed nodes known to the attacker, the fraction of the nodes
// re-identified in the original network (the attacker's baseline) and in
// the release.
type Attack struct {
	// Name says which attack was run.
	Name string
	// Seeds[i] is a number of seed nodes; Original[i] and Release[i] the
	// fractions of nodes re-identified with that many seeds.
	Seeds             []int
	Original, Release []float64
}
