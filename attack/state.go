package attack

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/anonet-project/anonet/graph"
)

// state is the attacker's partial mapping between the two graphs.
type state struct {
	g     [2]*graph.Graph // 0: original, 1: release
	to    [2][]int32      // to[0]: original → release, to[1]: release → original; -1 unmatched
	fixed []bool          // original nodes whose match propagation keeps
	theta float64
	// wide makes a match also stand out when it does among the candidates
	// alone (best).
	wide  bool
	color [2][]int32 // attribute codes of both sides, or nil (Config.Colors)
	// weight[side][v] is 1/√deg(v) in g[side], a candidate's contribution
	// per shared matched neighbour.
	weight [2][]float64
	count  [2][]int32 // per candidate of that side: shared matched neighbours; zero outside touch
	touch  [2][]int32
	free   [2]freeLists // the unmatched neighbours of every node
	clock
	evaluateAll bool // Config.evaluateAll
}

// clock tells which original nodes propagation must evaluate again. An
// evaluation of u reads whether u's neighbours are matched and to whom,
// whether the neighbours of their partners are matched, and the same for
// u's best candidate v scored the other way round. Unless one of these
// changed since u was last evaluated, evaluating u again repeats the
// outcome, which is u's current match, so propagation skips it: the passes
// make exactly the matches of passes that evaluate every node.
type clock struct {
	now       uint32   // the time of the last change; times start at 1
	evaluated []uint32 // per original node: when it was last evaluated; 0 never
	inputs    []uint32 // per original node: when its inputs last changed
	reverse   []uint32 // per release node: when its inputs as a candidate scored the other way round last changed
	winner    []int32  // per original node: its best candidate at its last evaluation, or -1
}

func newState(orig, rel *graph.Graph, theta float64) (*state, error) {
	a := &state{g: [2]*graph.Graph{orig, rel}, theta: theta, fixed: make([]bool, orig.NumNodes())}
	n1, n2 := orig.NumNodes(), rel.NumNodes()
	a.clock = clock{now: 1, evaluated: make([]uint32, n1), inputs: make([]uint32, n1), reverse: make([]uint32, n2), winner: make([]int32, n1)}
	for side, g := range a.g {
		n := g.NumNodes()
		a.to[side] = make([]int32, n)
		a.weight[side] = make([]float64, n)
		a.count[side] = make([]int32, n)
		var err error
		if a.free[side], err = newFreeLists(g); err != nil {
			return nil, err
		}
		for v := range n {
			a.to[side][v] = -1
			if d := g.Degree(int32(v)); d > 0 {
				a.weight[side][v] = 1 / math.Sqrt(float64(d))
			}
		}
	}
	return a, nil
}

// match matches original node u to release node v; both must be unmatched.
func (a *state) match(u, v int32) {
	a.to[0][u], a.to[1][v] = v, u
	a.free[0].setMatched(u, true)
	a.free[1].setMatched(v, true)
}

// unmatch undoes match(u, v).
func (a *state) unmatch(u, v int32) {
	a.to[0][u], a.to[1][v] = -1, -1
	a.free[0].setMatched(u, false)
	a.free[1].setMatched(v, false)
}

// fix makes propagation keep every match made so far.
func (a *state) fix() {
	for u, v := range a.to[0] {
		if v >= 0 {
			a.fixed[u] = true
		}
	}
}

// matchSignatures matches every unmatched original node whose signature no
// other unmatched original node has to the one unmatched release node with
// that signature, if there is exactly one, and returns how many it
// matched.
func (a *state) matchSignatures() int {
	type entry struct {
		count int
		node  int32
	}
	index := func(side int) ([]string, map[string]entry) {
		g := a.g[side]
		sigs := make([]string, g.NumNodes())
		m := make(map[string]entry)
		var degs []int
		var buf []byte
		for v := range int32(g.NumNodes()) {
			if a.to[side][v] >= 0 {
				continue
			}
			degs = degs[:0]
			for _, w := range g.Neighbors(v) {
				degs = append(degs, g.Degree(w))
			}
			slices.Sort(degs)
			buf = buf[:0]
			if a.color[side] != nil {
				buf = binary.AppendUvarint(buf, uint64(a.color[side][v]))
			}
			buf = binary.AppendUvarint(buf, uint64(len(degs)))
			for _, d := range degs {
				buf = binary.AppendUvarint(buf, uint64(d))
			}
			sigs[v] = string(buf)
			e := m[sigs[v]]
			m[sigs[v]] = entry{e.count + 1, v}
		}
		return sigs, m
	}
	s1, m1 := index(0)
	_, m2 := index(1)
	matched := 0
	for u, s := range s1 {
		if a.to[0][u] < 0 && m1[s].count == 1 && m2[s].count == 1 {
			a.match(int32(u), m2[s].node)
			matched++
		}
	}
	return matched
}

// propagate runs passes over the original nodes that are not fixed, in id
// order, until a pass changes nothing or max passes ran, and returns the
// passes run. A node is evaluated as if it and its partner, if it has
// one, were unmatched: it is matched to its best candidate v if v stands
// out and it is in turn v's best candidate, and keeps its partner
// otherwise. So a match made early from little evidence is revisited once
// more of the graph is matched.
func (a *state) propagate(max int) int {
	clear(a.evaluated) // matches changed outside propagation
	passes := 0
	for passes < max {
		passes++
		changed := false
		for u := range int32(len(a.to[0])) {
			if a.fixed[u] || a.current(u) {
				continue
			}
			a.evaluated[u] = a.now
			old := a.to[0][u]
			if old >= 0 {
				a.unmatch(u, old)
			}
			keep := old
			a.winner[u] = -1
			if v, ok := a.best(0, u); ok {
				a.winner[u] = v
				if back, ok := a.best(1, v); ok && back == u {
					keep = v
				}
			}
			if keep >= 0 {
				a.match(u, keep)
			}
			if keep != old {
				changed = true
				a.tick()
				a.touched(0, u)
				for _, v := range [2]int32{old, keep} {
					if v >= 0 {
						a.touched(1, v)
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return passes
}

// current reports whether nothing that original node u's evaluation reads
// changed since its last evaluation.
func (a *state) current(u int32) bool {
	t := a.evaluated[u]
	if t == 0 || a.evaluateAll || a.inputs[u] >= t {
		return false
	}
	v := a.winner[u]
	return v < 0 || a.reverse[v] < t
}

// tick starts a new time for the changes that follow; when the times
// would wrap around, it forgets every evaluation instead.
func (a *state) tick() {
	if a.now == math.MaxUint32 {
		a.now = 1
		clear(a.evaluated)
		clear(a.inputs)
		clear(a.reverse)
	}
	a.now++
}

// touched records that node x of graph side was matched or unmatched: the
// evaluations that read it must run again. Evaluations of original nodes
// read x if it is the neighbour of one (its match) or a neighbour of the
// partner of one's neighbour (whether it is a candidate); release nodes'
// reverse evaluations read it in the same way, the sides swapped.
func (a *state) touched(side int, x int32) {
	other := 1 - side
	g, h := a.g[side], a.g[other]
	stamp := [2][]uint32{a.inputs, a.reverse}
	for _, y := range g.Neighbors(x) {
		stamp[side][y] = a.now // y's own evaluation reads x's match
		if p := a.to[side][y]; p >= 0 {
			for _, w := range h.Neighbors(p) {
				stamp[other][w] = a.now // w's scores count y's match and x as a candidate
			}
		}
	}
}

// best returns the unmatched node of the other graph that matches node x
// of graph side (0: original, 1: release) best, if it stands out. A
// candidate's score is the number of matched neighbours of x whose
// partners are its neighbours, divided by the square root of its degree.
// The best candidate stands out when its eccentricity, the gap between the
// two highest scores over the standard deviation of the scores of all the
// other graph's nodes (those without a score counting as zeros), is at
// least θ. With wide it also stands out when the gap is at least θ times
// the standard deviation of the candidates' scores and one zero, standing
// for all the other nodes. The two disagree where many nodes are
// candidates: in a dense release, where most nodes have a matched
// neighbour, the zeros are few and the deviation over all nodes is large
// (half the nodes scoring c give c/2), while the candidates' own scores
// may be close together and one of them stand clear of the rest.
func (a *state) best(side int, x int32) (int32, bool) {
	other := 1 - side
	g, h := a.g[side], a.g[other]
	to, free := a.to[side], &a.free[other]
	count, touched := a.count[other], a.touch[other][:0]
	colors, want := a.color[other], int32(0)
	if colors != nil {
		want = a.color[side][x]
	}
	for _, y := range g.Neighbors(x) {
		z := to[y]
		if z < 0 {
			continue
		}
		for _, w := range free.unmatched(z) {
			if colors != nil && colors[w] != want {
				continue
			}
			if count[w] == 0 {
				touched = append(touched, w)
			}
			count[w]++
		}
	}
	a.touch[other] = touched
	if len(touched) == 0 {
		return -1, false
	}
	var best int32 = -1
	max1, max2, sum, sumSq := math.Inf(-1), math.Inf(-1), 0.0, 0.0
	for _, w := range touched {
		// count × weight: candidates with equal counts and degrees score
		// exactly the same, so that nodes that the matching cannot tell
		// apart (automorphic ones) tie and are never taken.
		s := float64(count[w]) * a.weight[other][w]
		count[w] = 0
		sum += s
		sumSq += s * s
		if s > max1 {
			max1, max2, best = s, max1, w
		} else if s > max2 {
			max2 = s // a tie with max1 leaves no gap: no match
		}
	}
	// The scores are positive, so the zeros count only as the second
	// highest score when there is one candidate (the wide test's zero) or
	// nodes without a score.
	n, second := h.NumNodes(), max2
	if len(touched) < n {
		second = max(max2, 0)
	}
	if a.eccentric(max1-second, sum, sumSq, n) || a.wide && a.eccentric(max1-max(max2, 0), sum, sumSq, len(touched)+1) {
		return best, true
	}
	return -1, false
}

// eccentric reports whether gap is positive and at least θ standard
// deviations of n scores of the given sum and sum of squares.
func (a *state) eccentric(gap, sum, sumSq float64, n int) bool {
	mean := sum / float64(n)
	sd := math.Sqrt(max(sumSq/float64(n)-mean*mean, 0))
	return gap > 0 && sd > 0 && gap/sd >= a.theta
}
