package anonymity

import (
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// DefaultK is the anonymity threshold when none is given: a node is
// anonymous when one other node shares its signature.
const DefaultK = partition.DefaultK

// Options configure a Partition. Its fields:
//
//   - K is the anonymity threshold: a node is k-anonymous when its class
//     has at least K members. Zero means DefaultK.
//   - Threads is the number of goroutines that compute signatures; values
//     below 1 mean GOMAXPROCS. Results do not depend on it.
//   - Progress, if not nil, is called now and then during a build with the
//     number of signatures computed and the number to compute.
//   - Context, if not nil, stops a build that has not finished when it
//     ends: New then returns its error (checked between chunks of a few
//     thousand signatures, and before a Whole measure's computation).
type Options = partition.Options

// SizeCount is one entry of the class-size histogram (Partition.Histogram):
// Size is a class size and Classes the number of classes of that size.
type SizeCount = partition.SizeCount

// Partition is the equivalence partition of the nodes of a graph under a
// measure at a distance d. Classes are identified by small integers that
// are reused after a class empties; Classes lists the classes in an order
// that does not depend on the ids (by their smallest members).
//
// A Partition owns the changes of its graph: edges must be added and
// deleted through AddEdge, DeleteEdge and SetKind, followed by Update, so
// that the partition knows which nodes to recompute. It is not safe for
// concurrent use.
type Partition struct {
	p *partition.Partition
}

// New computes the partition of g's nodes under measure m at distance d
// (at least 1). On a directed or layered graph every measure also sees the
// kinds of ties (measure.Refine).
func New(g *graph.Graph, m measure.Measure, d int, opt Options) (*Partition, error) {
	p, err := partition.New(g, m, d, opt)
	if err != nil {
		return nil, err
	}
	return &Partition{p}, nil
}

// AddEdge adds the edge {u, w} to the graph and marks the nodes whose
// signature it can change; it reports whether the edge was new. The
// partition reflects the change after the next Update.
func (p *Partition) AddEdge(u, w int32) bool { return p.p.AddEdge(u, w) }

// DeleteEdge deletes the edge {u, w} from the graph and marks the nodes
// whose signature it can change; it reports whether the edge existed. The
// partition reflects the change after the next Update.
func (p *Partition) DeleteEdge(u, w int32) bool { return p.p.DeleteEdge(u, w) }

// SetKind sets the ties between u and w of a typed graph, read from u (see
// graph.Graph.SetKind), adding or deleting the edge {u, w} as needed, and
// marks the nodes whose signature it can change; it reports whether the
// graph changed. The partition reflects the change after the next Update.
func (p *Partition) SetKind(u, w int32, k graph.Kind) (bool, error) { return p.p.SetKind(u, w, k) }

// Update recomputes the signatures of the nodes marked by edge changes
// since the last Update and re-buckets them, in time proportional to the
// number of marked nodes (plus their signature computations). Afterwards
// the partition equals the one New would compute for the current graph.
func (p *Partition) Update() { p.p.Update() }

// Graph returns the partitioned graph.
func (p *Partition) Graph() *graph.Graph { return p.p.Graph() }

// Measure returns the measure (as refined by New on a typed graph).
func (p *Partition) Measure() measure.Measure { return p.p.Measure() }

// D returns the distance given to New. Signatures are computed at
// min(d, n−1): no ball grows beyond distance n−1, so the partition is the
// same at any larger distance.
func (p *Partition) D() int { return p.p.D() }

// K returns the anonymity threshold.
func (p *Partition) K() int { return p.p.K() }

// Exact reports whether the classes are exact. They are, but under a Whole
// measure whose computation was cut short at the last build or Update
// (measure.Automorphism's search limit): its classes are then subsets of
// the true ones, so that nodes count as less anonymous than they are,
// never more.
func (p *Partition) Exact() bool { return p.p.Exact() }

// NumClasses returns the number of equivalence classes.
func (p *Partition) NumClasses() int { return p.p.NumClasses() }

// Class returns the class id of node v: two nodes are equivalent iff their
// ids are equal. Ids are valid until the next Update.
func (p *Partition) Class(v int32) int32 { return p.p.Class(v) }

// ClassSize returns the number of nodes equivalent to v, v included: its
// anonymity.
func (p *Partition) ClassSize(v int32) int { return p.p.ClassSize(v) }

// Anonymous reports whether v is k-anonymous.
func (p *Partition) Anonymous(v int32) bool { return p.p.Anonymous(v) }

// Members appends the members of v's class to dst in ascending order.
func (p *Partition) Members(dst []int32, v int32) []int32 { return p.p.Members(dst, v) }

// Classes returns the classes, each in ascending order, ordered by their
// smallest member.
func (p *Partition) Classes() [][]int32 { return p.p.Classes() }

// Unique returns the number of nodes alone in their class.
func (p *Partition) Unique() int { return p.p.Unique() }

// UniqueFraction returns Unique()/n, the uniqueness U(G) of the reference
// paper (0 for a graph without nodes).
func (p *Partition) UniqueFraction() float64 { return p.p.UniqueFraction() }

// NotAnonymous returns the number of nodes that are not k-anonymous.
func (p *Partition) NotAnonymous() int { return p.p.NotAnonymous() }

// NotAnonymousNodes returns the nodes that are not k-anonymous, in
// ascending order.
func (p *Partition) NotAnonymousNodes() []int32 { return p.p.NotAnonymousNodes() }

// Histogram returns the number of classes of every size that occurs, in
// ascending order of size. The nodes with anonymity s number s·Classes.
func (p *Partition) Histogram() []SizeCount { return p.p.Histogram() }

// FuzzyResult is fuzzy (φ-)anonymity, the result of Partition.Fuzzy and
// Partition.FuzzyAt: an attacker whose knowledge of a signature is
// imprecise by up to φ percent confuses a node with every node whose
// signature differs from its own by at most φ (measure.Difference). Its
// fields are Phi and K, as given; Anonymity[v], the size of v's fuzzy set
// (the nodes whose signature differs from v's by at most Phi percent, v's
// own class included; similarity is not symmetric); and NotAnonymous, the
// number of nodes whose fuzzy set has fewer than K nodes. Its methods
// NotAnonymousNode and Set tell whether a node's fuzzy set is below K and
// list the set.
type FuzzyResult = partition.FuzzyResult

// FuzzyLevels says which levels of the signature fuzzy similarity compares
// at distance d ≥ 2 (at d = 1 there is one level and both agree):
// FuzzyTop or FuzzyAll.
type FuzzyLevels = partition.FuzzyLevels

const (
	// FuzzyTop compares the level-d values only: the reference tool's
	// definition (SPEC §4.1, the stored top-level values), and anonet's
	// default. Two nodes whose level-d values are equal are then similar
	// even if they differ at a lower level, so φ = 0 is k-anonymity under
	// the level-d values alone.
	FuzzyTop = partition.FuzzyTop
	// FuzzyAll requires the difference to be within φ at every level
	// 1..d, so φ = 0 is exactly k-anonymity at distance d.
	FuzzyAll = partition.FuzzyAll
)

// Fuzzy computes fuzzy anonymity with tolerance phi (percent, ≥ 0) for a
// partition whose measure implements measure.Fuzzy, comparing the level-d
// values (FuzzyTop, the reference's definition): FuzzyAt(phi, FuzzyTop).
func (p *Partition) Fuzzy(phi float64) (*FuzzyResult, error) { return p.p.Fuzzy(phi) }

// FuzzyAt computes fuzzy anonymity with tolerance phi (percent, ≥ 0) for a
// partition whose measure implements measure.Fuzzy. A node is similar to
// another when the difference from its values to the other's is at most
// phi at level d (FuzzyTop) or at every level 1..d (FuzzyAll). The fuzzy
// set of a node always holds its own class.
//
// Only classes whose values at level d lie close enough are compared, so no
// all-pairs comparison is made unless phi is large enough to make every
// class similar.
func (p *Partition) FuzzyAt(phi float64, levels FuzzyLevels) (*FuzzyResult, error) {
	return p.p.FuzzyAt(phi, levels)
}

// TwinClasses returns the twin class of every node of g, numbered in order
// of the classes' smallest nodes. Nodes u ≠ v are open twins if
// N(u) = N(v) and closed twins if N(u) ∪ {u} = N(v) ∪ {v}; the two
// relations together partition the nodes (SPEC §3.4). Twins are exchanged
// by an automorphism, so no structural measure tells them apart. All
// isolated nodes form one class, and the ends of an isolated edge another.
func TwinClasses(g *graph.Graph) []int32 { return partition.TwinClasses(g) }

// TwinReduced returns the twin-reduced anonymity of every node: the number
// of distinct twin classes among the members of its equivalence class, i.e.
// how many structurally different positions share its signature. twins is
// the result of TwinClasses for the partition's current graph.
func (p *Partition) TwinReduced(twins []int32) []int32 { return p.p.TwinReduced(twins) }

// CascadeOptions configure Cascade. Its fields:
//
//   - MaxLevels bounds the number of levels after level 0; 0 means no bound.
//   - Twins, if not nil, is the result of TwinClasses for the graph and
//     selects the reference's twin-unique cascade: level 0 holds the
//     twin-unique nodes under start (those whose class is made only of
//     mutual twins, TwinReduced = 1) instead of the unique ones, and a
//     group of neighbours that are all mutual twins is identified as a
//     group. Twins cannot be told apart by any structural measure, but no
//     one else can be mistaken for them, so an attacker learns who they
//     are up to an automorphism.
type CascadeOptions = partition.CascadeOptions

// CascadeResult is the outcome of Cascade. Its fields:
//
//   - Levels[i] is the number of nodes identified up to level i
//     (cumulative); Levels[0] is the number of unique (with Twins:
//     twin-unique) nodes. The last level adds no node unless MaxLevels
//     stopped the cascade.
//   - Level[v] is the level at which v was identified, or -1.
//
// Its method Total returns the number of identified nodes.
type CascadeResult = partition.CascadeResult

// Cascade computes the anonymity cascade (de Jong et al., §3; SPEC §4.2):
// the nodes that are unique under start (with CascadeOptions.Twins:
// twin-unique) are identified at level 0. Once a node x is identified, a
// neighbour y of x is identified too when no other neighbour of x is
// equivalent to y under cascade (the attacker who has found x can tell y
// apart among x's neighbours). This repeats outward.
//
// Both partitions must be of the same graph, else Cascade returns an
// error. It takes O(n + m) time beyond the partitions.
func Cascade(start, cascade *Partition, opt CascadeOptions) (*CascadeResult, error) {
	return partition.Cascade(start.p, cascade.p, opt)
}
