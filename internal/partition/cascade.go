package partition

import "errors"

// CascadeOptions configure Cascade.
type CascadeOptions struct {
	// MaxLevels bounds the number of levels after level 0; 0 means no bound.
	MaxLevels int
	// Twins, if not nil, is the result of TwinClasses for the graph and
	// selects the reference's twin-unique cascade: level 0 holds the
	// twin-unique nodes under start (those whose class is made only of
	// mutual twins, TwinReduced = 1) instead of the unique ones, and a
	// group of neighbours that are all mutual twins is identified as a
	// group. Twins cannot be told apart by any structural measure, but no
	// one else can be mistaken for them, so an attacker learns who they
	// are up to an automorphism.
	Twins []int32
}

// CascadeResult is the outcome of Cascade.
type CascadeResult struct {
	// Levels[i] is the number of nodes identified up to level i
	// (cumulative); Levels[0] is the number of unique (with Twins:
	// twin-unique) nodes. The last
	// level adds no node unless MaxLevels stopped the cascade.
	Levels []int
	// Level[v] is the level at which v was identified, or -1.
	Level []int32
}

// Total returns the number of identified nodes.
func (r *CascadeResult) Total() int { return r.Levels[len(r.Levels)-1] }

// Cascade computes the anonymity cascade (de Jong et al., §3; SPEC §4.2):
// the nodes that are unique under start (with CascadeOptions.Twins:
// twin-unique) are identified at level 0. Once a
// node x is identified, a neighbour y of x is identified too when no other
// neighbour of x is equivalent to y under cascade (the attacker who has
// found x can tell y apart among x's neighbours). This repeats outward.
//
// Both partitions must be of the same graph. Each node's neighbours are
// grouped once, when it is identified, so the cascade takes O(n + m) time in
// all beyond the partitions.
func Cascade(start, cascade *Partition, opt CascadeOptions) (*CascadeResult, error) {
	g := start.Graph()
	if cascade.Graph() != g {
		return nil, errors.New("anonymity: cascade partitions of different graphs")
	}
	n := g.NumNodes()
	res := &CascadeResult{Level: make([]int32, n)}
	var frontier []int32
	var reduced []int32 // twin-reduced anonymity under start
	if opt.Twins != nil {
		reduced = start.TwinReduced(opt.Twins)
	}
	for v := range int32(n) {
		res.Level[v] = -1
		if start.ClassSize(v) == 1 || (reduced != nil && reduced[v] == 1) {
			res.Level[v] = 0
			frontier = append(frontier, v)
		}
	}
	total := len(frontier)
	res.Levels = append(res.Levels, total)
	// count[c] is the number of neighbours of the current node in class c,
	// valid when stamp[c] is the current stamp; twin[c] is the twin class
	// shared by all of them, or -1 when they are not all mutual twins.
	classes := len(cascade.top.size)
	count := make([]int32, classes)
	stamp := make([]int32, classes)
	twin := make([]int32, classes)
	cur := int32(0)
	for level := int32(1); len(frontier) > 0 && (opt.MaxLevels == 0 || int(level) <= opt.MaxLevels); level++ {
		var next []int32
		for _, x := range frontier {
			cur++
			nb := g.Neighbors(x)
			for _, y := range nb {
				c := cascade.Class(y)
				if stamp[c] != cur {
					stamp[c], count[c] = cur, 0
					twin[c] = -1
					if opt.Twins != nil {
						twin[c] = opt.Twins[y]
					}
				}
				count[c]++
				if opt.Twins != nil && twin[c] != opt.Twins[y] {
					twin[c] = -1
				}
			}
			for _, y := range nb {
				c := cascade.Class(y)
				if res.Level[y] < 0 && (count[c] == 1 || twin[c] >= 0) {
					res.Level[y] = level
					next = append(next, y)
				}
			}
		}
		total += len(next)
		res.Levels = append(res.Levels, total)
		frontier = next
	}
	return res, nil
}
