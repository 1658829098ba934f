package verdict

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// path returns the path 0-1-…-(n−1).
func path(n int) *graph.Graph {
	g := graph.New(n)
	for v := range int32(n - 1) {
		g.AddEdge(v, v+1)
	}
	return g
}

// rung returns the rung of v's ladder for measure m at distance d.
func rung(t *testing.T, v *Verdict, m string, d int) Rung {
	t.Helper()
	for _, r := range v.Ladder {
		if r.Measure == m && r.D == d {
			return r
		}
	}
	t.Fatalf("no rung %s at d = %d in %+v", m, d, v.Ladder)
	return Rung{}
}

func TestVerdict(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		g      *graph.Graph
		opt    Options
		state  State
		reason string // in some reason
		advice string // in the recommendation
	}{
		// Karate itself under count: 15 people are not 2-anonymous.
		{"karate", examples.MustRead("karate"), Options{Target: measure.Count{}}, Red, "15 of 34 people are not 2-anonymous", "--measure count -d 1 -k 2"},
		// A path of 5 is 2-anonymous under count (ends, and three middle
		// nodes of degree 2), but vrq tells the centre apart (its
		// neighbours both have degree 2), and so does automorphism.
		{"path", path(5), Options{Target: measure.Count{}}, Amber, "vrq at d = 1 (someone who knows how many contacts", "--measure vrq -d 1 -k 2"},
		// Two disjoint triangles: everyone is automorphic to five others.
		{"triangles", twoTriangles(), Options{Target: measure.Count{}, K: 3}, Green, "", ""},
		// The same under a partial target that lets the centre go.
		{"path 80%", path(5), Options{Target: measure.Count{}, Alpha: 0.8}, Green, "", ""},
	} {
		v, err := Compute(ctx, tc.g, tc.opt)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if v.State != tc.state {
			t.Errorf("%s: state %s, want %s (%v)", tc.name, v.State, tc.state, v.Reasons)
		}
		if tc.reason != "" && !strings.Contains(strings.Join(v.Reasons, "; "), tc.reason) {
			t.Errorf("%s: reasons %q lack %q", tc.name, v.Reasons, tc.reason)
		}
		if !strings.Contains(v.Recommendation, tc.advice) || (tc.state == Green) != (v.Recommendation == "") {
			t.Errorf("%s: recommendation %q, want one with %q", tc.name, v.Recommendation, tc.advice)
		}
		if len(v.Ladder) != len(Ladder()) {
			t.Errorf("%s: %d rungs", tc.name, len(v.Ladder))
		}
	}
	// The path's numbers, by hand: vrq and automorphism single out the
	// centre, degree puts the two ends together and the middle three
	// together (weaker than count: not stronger), dk at d = 1 sees the
	// same as count on a tree.
	v, _ := Compute(ctx, path(5), Options{Target: measure.Count{}})
	if r := rung(t, v, "vrq", 1); r.Unique != 1 || r.NotAnonymous != 1 || !r.Stronger {
		t.Errorf("vrq rung %+v", r)
	}
	if r := rung(t, v, "automorphism", 1); r.Unique != 1 || !r.Stronger || r.UpperBound {
		t.Errorf("automorphism rung %+v", r)
	}
	if r := rung(t, v, "degree", 1); r.Unique != 0 || r.Stronger {
		t.Errorf("degree rung %+v", r)
	}
	if v.Target.Attacker != (measure.Count{}).Knows(1) || v.Target.Required != 5 || !v.Target.Met {
		t.Errorf("target %+v", v.Target)
	}
}

func twoTriangles() *graph.Graph {
	g := graph.New(6)
	for _, e := range [][2]int32{{0, 1}, {1, 2}, {0, 2}, {3, 4}, {4, 5}, {3, 5}} {
		g.AddEdge(e[0], e[1])
	}
	return g
}

// TestVerdictBounds: a rung that does not finish in time is skipped, not
// counted; the attack runs with the original and says what it found.
func TestVerdictBounds(t *testing.T) {
	g := examples.MustRead("lesmis")
	v, err := Compute(context.Background(), g, Options{Target: measure.Degree{}, RungTime: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if r := rung(t, v, "dk", 1); r.Skipped == "" || r.Unique != 0 {
		t.Errorf("dk within a nanosecond: %+v", r)
	}
	truth := make([]int32, g.NumNodes())
	for u := range truth {
		truth[u] = int32(u)
	}
	v, err = Compute(context.Background(), g, Options{Target: measure.Count{}, Original: g, Truth: truth, Seeds: []int{0, 10, 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Attacks) != 3 || v.Attacks[0].Targets != g.NumNodes() || v.Attacks[2].Skipped == "" || v.Attacks[1].Skipped != "" {
		t.Errorf("attacks %+v", v.Attacks)
	}
	// The original against itself: its unique nodes are found with no
	// seed at all.
	if a := v.Attacks[0]; a.Correct == 0 || a.Precision != 1 {
		t.Errorf("the network attacked with itself, no seed: %+v", a)
	}
}

// TestVerdictSeededOnly: a release that is already automorphic, amber only
// through the seeded attack, is told to take a larger k, not to do what it
// did.
func TestVerdictSeededOnly(t *testing.T) {
	v := &Verdict{Target: Target{Measure: "automorphism", D: 1, K: 2, Nodes: 10, Required: 10, Met: true},
		Attacks: []Attack{{Seeds: 10, Targets: 10, Correct: 5, Fraction: 0.5}}}
	v.judge(0, Options{Command: "anonet anonymize g -o OUT"})
	if v.State != Amber || !strings.Contains(v.Recommendation, "--measure automorphism -k 5") || strings.Contains(v.Recommendation, "-k 2") {
		t.Errorf("state %s, recommendation %q", v.State, v.Recommendation)
	}
}
