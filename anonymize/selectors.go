package anonymize

import "math/rand/v2"

// A selector is one of the paper's strategies as the scorer (scores.go)
// runs it: the counts its weights are made of, the weights, and how it
// draws the edges of an iteration by them. The scorer keeps the counts and
// the weights current as edges go and nodes flip; a new strategy of this
// kind is a type with these three methods and a line in strategyDefs
// (strategies.go).
type selector interface {
	// needs says which counts the weights are made of, and what the
	// scorer may take for granted about them.
	needs() weightNeeds
	// weight returns edge i's main and fill weights from the scorer's
	// counts.
	weight(sc *scorer, i int) (main, fill int64)
	// draw draws b edges, fewer than the graph has, without replacement:
	// it calls take with each (take zeroes the edge's weights and marks it
	// drawn). m is the number of edges.
	draw(sc *scorer, r *rand.Rand, m, b int, take func(int))
}

// weightNeeds says what a selector's weights need.
type weightNeeds struct {
	// counts: c(e) = |A(e) ∩ NA|, the nodes of e's affected set that are
	// not k-anonymous (ua, uao).
	counts bool
	// aff: |A(e)|, the size of e's affected set (aff).
	aff bool
	// atNA: whether e has an end in NA, and how many edges do (unique,
	// uao).
	atNA bool
	// uniformFill: the fill weight is 1 for every edge not drawn yet, so no
	// tree holds it (es, ua; see scorer.drawFill).
	uniformFill bool
	// fuseCounts: the main weight is c(e) itself, so that in incremental
	// mode the main tree holds the counts (ua; see scorer.fused).
	fuseCounts bool
	// degrees: the weights follow the degrees of the edge's ends, which a
	// deletion changes for every edge at them (degree).
	degrees bool
}

// drawMain draws b edges by main weight; every live edge must weigh at
// least 1.
func drawMain(sc *scorer, r *rand.Rand, b int, take func(int)) {
	for range b {
		take(sc.main.find(r.Int64N(sc.main.total())))
	}
}

// esSelector: every edge alike.
type esSelector struct{}

func (esSelector) needs() weightNeeds                     { return weightNeeds{uniformFill: true} }
func (esSelector) weight(*scorer, int) (main, fill int64) { return 0, 1 }
func (esSelector) draw(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	for range b {
		take(sc.drawFill(r))
	}
}

// degreeSelector: by the smaller degree of the ends.
type degreeSelector struct{}

func (degreeSelector) needs() weightNeeds { return weightNeeds{degrees: true} }
func (degreeSelector) weight(sc *scorer, i int) (main, fill int64) {
	e := sc.g.Edge(i)
	return int64(min(sc.g.Degree(e.U), sc.g.Degree(e.V))), 0
}

// draw draws by weight: every live edge weighs at least 1 (min degree ≥ 1),
// and b < m, so the total stays positive.
func (degreeSelector) draw(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	drawMain(sc, r, b, take)
}

// affSelector: by the size of the affected set.
type affSelector struct{}

func (affSelector) needs() weightNeeds { return weightNeeds{aff: true} }
func (affSelector) weight(sc *scorer, i int) (main, fill int64) {
	return int64(sc.aff[i]), 0
}

// draw draws by weight: |A(e)| ≥ 2 for every live edge.
func (affSelector) draw(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	drawMain(sc, r, b, take)
}

// uniqueSelector: edges at nodes that are not k-anonymous first.
type uniqueSelector struct{}

func (uniqueSelector) needs() weightNeeds { return weightNeeds{atNA: true} }
func (uniqueSelector) weight(sc *scorer, i int) (main, fill int64) {
	if sc.unique(i) {
		return 1, 0
	}
	return 0, 1
}
func (uniqueSelector) draw(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	drawUnique(sc, r, m, b, take)
}

// drawUnique draws the edges at nodes that are not k-anonymous first: all
// of them and then uniformly over the rest if b reaches their number, else
// b of them by main weight (unique, uao).
func drawUnique(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	if b < sc.eu {
		drawMain(sc, r, b, take)
		return
	}
	drawn := 0
	for i := range m {
		if sc.unique(i) {
			take(i)
			drawn++
		}
	}
	for ; drawn < b; drawn++ {
		take(sc.drawFill(r))
	}
}

// uaSelector: by the number of nodes not k-anonymous the deletion can
// affect, the paper's best.
type uaSelector struct{}

func (uaSelector) needs() weightNeeds {
	return weightNeeds{counts: true, uniformFill: true, fuseCounts: true}
}
func (uaSelector) weight(sc *scorer, i int) (main, fill int64) {
	return int64(sc.count(i)), 1
}

// draw draws with P(e) ∝ c(e) + 1/m: the integer part from main, the
// smoothing term (1/m per edge not yet drawn) from fill.
func (uaSelector) draw(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	for k := range b {
		c := float64(sc.main.total())
		u := float64(m-k) / float64(m)
		if x := r.Float64() * (c + u); x < c {
			take(sc.main.find(min(int64(x), sc.main.total()-1)))
		} else {
			take(sc.drawFill(r))
		}
	}
}

// uaoSelector: the edges at nodes that are not k-anonymous first, weighted
// as ua.
type uaoSelector struct{}

func (uaoSelector) needs() weightNeeds { return weightNeeds{counts: true, atNA: true} }
func (uaoSelector) weight(sc *scorer, i int) (main, fill int64) {
	if sc.unique(i) {
		return int64(sc.c[i]), 0
	}
	return 0, 1
}
func (uaoSelector) draw(sc *scorer, r *rand.Rand, m, b int, take func(int)) {
	drawUnique(sc, r, m, b, take)
}
