package anonymize

import (
	"errors"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// TestReachable on karate, whose degrees are shared by 1 (degree 1), 11
// (2), 6 (3), 6 (4), 3 (5), 2 (6) and 1 node each (9, 10, 12, 16, 17):
// rewiring can make at most 28 nodes 2-anonymous and 26 nodes
// 3-anonymous under a measure that tells degrees apart.
func TestReachable(t *testing.T) {
	g := examples.MustRead("karate")
	tests := []struct {
		name        string
		c           Config
		unreachable bool
	}{
		{"k above n", Config{K: 35, Alpha: 1, Operation: Delete, Measure: measure.Count{}}, true},
		{"k above n, no node required", Config{K: 35, Alpha: 0, Operation: Delete, Measure: measure.Count{}}, false},
		{"k = n by deletion", Config{K: 34, Alpha: 1, Operation: Delete, Measure: measure.Count{}}, false},
		{"k = n by addition", Config{K: 34, Alpha: 1, Operation: Add, Measure: measure.DK{}}, false},
		{"rewire count k=3", Config{K: 3, Alpha: 1, Operation: Rewire, Measure: measure.Count{}}, true},
		{"rewire count k=3, 26 nodes", Config{K: 3, Alpha: 26.0 / 34, Operation: Rewire, Measure: measure.Count{}}, false},
		{"rewire count k=3, 27 nodes", Config{K: 3, Alpha: 27.0 / 34, Operation: Rewire, Measure: measure.Count{}}, true},
		{"rewire degree k=2, 28 nodes", Config{K: 2, Alpha: 28.0 / 34, Operation: Rewire, Measure: measure.Degree{}}, false},
		{"rewire degree k=2, 29 nodes", Config{K: 2, Alpha: 29.0 / 34, Operation: Rewire, Measure: measure.Degree{}}, true},
		{"rewire degdist", Config{K: 2, Alpha: 1, Operation: Rewire, Measure: measure.DegDist{}}, true},
		{"rewire vrq", Config{K: 2, Alpha: 1, Operation: Rewire, Measure: measure.VRQ{}}, true},
		{"rewire dk", Config{K: 2, Alpha: 1, Operation: Rewire, Measure: measure.DK{}}, true},
		// edgecount and none do not tell degrees apart; fuzzy may join them.
		{"rewire edgecount", Config{K: 2, Alpha: 1, Operation: Rewire, Measure: measure.EdgeCount{}}, false},
		{"rewire none", Config{K: 2, Alpha: 1, Operation: Rewire, Measure: measure.None{}}, false},
		{"rewire fuzzy", Config{K: 2, Alpha: 1, Operation: Rewire, Measure: measure.Count{}, Fuzzy: true}, false},
	}
	for _, tc := range tests {
		err := tc.c.Reachable(g)
		if got := errors.Is(err, ErrUnreachable); got != tc.unreachable || (err != nil) != tc.unreachable {
			t.Errorf("%s: %v, want unreachable %v", tc.name, err, tc.unreachable)
		}
	}
}

// TestBudgetOf: ⌈fraction·m⌉, at least 1, without the rounding error of
// the product.
func TestBudgetOf(t *testing.T) {
	for _, tc := range []struct {
		fraction float64
		m, want  int
	}{
		{0.05, 78, 4}, {0.03, 78, 3}, {0.10, 70, 7}, {0.05, 20, 1}, {0.05, 10, 1}, {0.0001, 5, 1}, {1, 78, 78}, {0.05, 2738969, 136949},
	} {
		if got := BudgetOf(tc.fraction, tc.m); got != tc.want {
			t.Errorf("BudgetOf(%v, %d) = %d, want %d", tc.fraction, tc.m, got, tc.want)
		}
	}
}
