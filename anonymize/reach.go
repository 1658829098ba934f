package anonymize

import (
	"errors"
	"fmt"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// ErrUnreachable is wrapped by the errors of Reachable: no release that
// the configured operation can make meets the target.
var ErrUnreachable = errors.New("the target cannot be met")

// Reachable returns nil unless it can prove, before any work, that no
// network the configuration's operation can make from g meets its target
// (⌈Alpha·n⌉ k-anonymous nodes); then it returns an error wrapping
// ErrUnreachable that says why. c must have its defaults (WithDefaults).
//
// Two cases are proven. No class can hold K nodes when K exceeds the
// number of nodes. Rewiring keeps every node's degree, so under a measure
// that tells degrees apart (Degree, or one whose prefilter chain reaches
// it: count, degdist, vrq, dk at every d) a node whose degree fewer than K
// nodes share can never become k-anonymous; fuzzy similarity may join
// different degrees and is not checked. Deletion and addition can always
// reach every target with K ≤ n: the empty and the complete graph give
// every node one signature under every measure.
func (c Config) Reachable(g *graph.Graph) error {
	n := g.NumNodes()
	target := Target(c.Alpha, n)
	if target == 0 {
		return nil
	}
	if c.K > n {
		return fmt.Errorf("%w: k = %d is more than the %d nodes of the network, so no node can be %d-anonymous", ErrUnreachable, c.K, n, c.K)
	}
	if c.Operation != Rewire || c.Fuzzy || !refinesDegree(c.Measure) {
		return nil
	}
	possible := 0
	for _, nodes := range g.DegreeHistogram() {
		if nodes >= int64(c.K) {
			possible += int(nodes)
		}
	}
	if possible < target {
		return fmt.Errorf("%w: rewiring keeps every node's degree and measure %s tells degrees apart, and only %d nodes have a degree that at least %d nodes share, fewer than the %d that must become %d-anonymous", ErrUnreachable, c.Measure.Name(), possible, c.K, target, c.K)
	}
	return nil
}

// refinesDegree reports whether m gives nodes of different degrees
// different signatures at every distance: m is Degree or implies it
// through its prefilters.
func refinesDegree(m measure.Measure) bool {
	for ; m != nil; m = m.Prefilter() {
		if _, ok := m.(measure.Degree); ok {
			return true
		}
	}
	return false
}
