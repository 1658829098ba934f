package partition

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// FuzzyResult is fuzzy (φ-)anonymity: an attacker whose knowledge of a
// signature is imprecise by up to φ percent confuses a node with every node
// whose signature differs from its own by at most φ (measure.Difference).
type FuzzyResult struct {
	Phi float64
	K   int
	// Anonymity[v] is the size of v's fuzzy set: the nodes whose
	// signature differs from v's by at most Phi percent, v's own class
	// included. Similarity is not symmetric.
	Anonymity []int32
	// NotAnonymous is the number of nodes whose fuzzy set has fewer than K
	// nodes.
	NotAnonymous int

	p       *Partition
	classes []fuzzyClass // sorted by values
	index   []int32      // class id → position in classes
	limit   int          // ⌊Phi⌋, capped where it no longer matters
	levels  FuzzyLevels
}

// FuzzyLevels says which levels of the signature fuzzy similarity compares
// at distance d ≥ 2 (at d = 1 there is one level and both agree).
type FuzzyLevels int

const (
	// FuzzyTop compares the level-d values only: the reference tool's
	// definition (SPEC §4.1, the stored top-level values), and anonet's
	// default. Two nodes whose level-d values are equal are then similar
	// even if they differ at a lower level, so φ = 0 is k-anonymity under
	// the level-d values alone.
	FuzzyTop FuzzyLevels = iota
	// FuzzyAll requires the difference to be within φ at every level
	// 1..d, so φ = 0 is exactly k-anonymity at distance d.
	FuzzyAll
)

type fuzzyClass struct {
	id   int32 // class id in the partition
	size int32
	vals []int // the measure's values for the class
}

// Fuzzy computes fuzzy anonymity with tolerance phi (percent, ≥ 0) for a
// partition whose measure implements measure.Fuzzy, comparing the level-d
// values (FuzzyTop, the reference's definition): FuzzyAt(phi, FuzzyTop).
func (p *Partition) Fuzzy(phi float64) (*FuzzyResult, error) { return p.FuzzyAt(phi, FuzzyTop) }

// FuzzyAt computes fuzzy anonymity with tolerance phi (percent, ≥ 0). A
// node is similar to another when the difference from its values to the
// other's is at most phi at level d (FuzzyTop) or at every level 1..d
// (FuzzyAll). The fuzzy set of a node always holds its own class.
//
// Classes are sorted by their values at level d; the classes similar to a
// class lie in a window of that order (the difference bounds how far the
// first two values may be), which is scanned, so no all-pairs comparison is
// made unless phi is large enough to make every class similar.
func (p *Partition) FuzzyAt(phi float64, levels FuzzyLevels) (*FuzzyResult, error) {
	fm, ok := p.m.(measure.Fuzzy)
	if _, refined := p.m.(measure.Refined); refined {
		return nil, fmt.Errorf("anonymity: fuzzy anonymity is not defined for %s refined by node attributes or by the direction or layers of ties", p.m.Name())
	}
	if !ok {
		return nil, fmt.Errorf("anonymity: fuzzy anonymity is not defined for measure %s (only count, degree, edgecount and none)", p.m.Name())
	}
	if math.IsNaN(phi) || math.IsInf(phi, 0) || phi < 0 {
		return nil, fmt.Errorf("anonymity: fuzzy tolerance must be a finite percentage of at least 0, got %v", phi)
	}
	n := p.g.NumNodes()
	// Differences are at most 100·(largest value), below 2^50; a larger
	// tolerance means the same as 2^50 and must not overflow.
	r := &FuzzyResult{Phi: phi, K: p.k, Anonymity: make([]int32, n), p: p, limit: int(min(math.Floor(phi), 1<<50)), levels: levels}
	var ball graph.Ball
	seen := make([]bool, len(p.top.size))
	for v := range int32(n) {
		c := p.top.classOf[v]
		if seen[c] {
			continue
		}
		seen[c] = true
		vals := fm.AppendValues(nil, p.g, v, p.d, &ball)
		r.classes = append(r.classes, fuzzyClass{id: c, size: p.top.size[c], vals: vals})
	}
	top := 2 * (p.d - 1) // index of the level-d values
	slices.SortStableFunc(r.classes, func(a, b fuzzyClass) int {
		if c := cmp.Compare(a.vals[top], b.vals[top]); c != 0 {
			return c
		}
		return slices.Compare(a.vals, b.vals)
	})
	r.index = make([]int32, len(p.top.size))
	for i, c := range r.classes {
		r.index[c.id] = int32(i)
	}
	sizes := make([]int32, len(r.classes))
	for i := range r.classes {
		r.similar(i, func(j int) { sizes[i] += r.classes[j].size })
	}
	for v := range int32(n) {
		a := sizes[r.index[p.top.classOf[v]]]
		r.Anonymity[v] = a
		if a < p.kt {
			r.NotAnonymous++
		}
	}
	return r, nil
}

// similar calls fn for every class j similar to class i (i included).
func (r *FuzzyResult) similar(i int, fn func(j int)) {
	top := 2 * (r.p.d - 1)
	a := r.classes[i].vals
	// The window of first values y with coordDiff(x, y) ≤ phi: y = x, or
	// |x − y| ≤ ⌊phi⌋·x/100 (for x = 0 only y = 0, unless phi ≥ 100).
	lo, hi := 0, len(r.classes)
	if x := a[top]; x > 0 || r.limit < 100 {
		w := int(min(math.Floor(float64(r.limit)*float64(x)/100), 1<<52))
		lo, _ = slices.BinarySearchFunc(r.classes, x-w, func(c fuzzyClass, t int) int { return cmp.Compare(c.vals[top], t) })
		hi, _ = slices.BinarySearchFunc(r.classes, x+w+1, func(c fuzzyClass, t int) int { return cmp.Compare(c.vals[top], t) })
	}
	from := 0 // the first value compared
	if r.levels == FuzzyTop {
		from = top
	}
	for j := lo; j < hi; j++ {
		if j == i || measure.Difference(a[from:], r.classes[j].vals[from:]) <= r.limit {
			fn(j)
		}
	}
}

// NotAnonymousNode reports whether v's fuzzy set has fewer than K nodes.
func (r *FuzzyResult) NotAnonymousNode(v int32) bool { return r.Anonymity[v] < r.p.kt }

// Set appends the members of v's fuzzy set to dst, in ascending order.
func (r *FuzzyResult) Set(dst []int32, v int32) []int32 {
	start := len(dst)
	r.similar(int(r.index[r.p.top.classOf[v]]), func(j int) {
		dst = r.p.top.appendMembers(dst, r.classes[j].id)
	})
	slices.Sort(dst[start:])
	return dst
}
