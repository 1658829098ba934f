package automorphism

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/internal/testenv"
)

// readShared reads a shared data set, skipping tb when it is absent.
func readShared(tb testing.TB, elem ...string) *graph.Graph {
	tb.Helper()
	p := shareddata.Path(tb, elem...)
	g, _, err := graphio.ReadFile(p, graphio.ReadOptions{})
	if err != nil {
		tb.Fatalf("%s: %v", p, err)
	}
	return g
}

// sharedNames lists the shared networks: the 17 ANONET files and the four
// larger edge lists.
func sharedNames(tb testing.TB) [][]string {
	var out [][]string
	for _, p := range shareddata.Glob(tb, "anonet/*.nauty") {
		out = append(out, []string{"anonet", filepath.Base(p)})
	}
	for _, f := range []string{"enron-email.edges.gz", "dblp-2010.edges.gz", "cnr-2000.edges.gz", "uk-2007-05-100000.edges.gz"} {
		out = append(out, []string{f})
	}
	return out
}

// slowForNauty lists the ANONET networks on which dreadnaut takes seconds
// (Traces: 22 s on CA-GrQc, 1 s on netscience, on the development
// machine); they are compared in the heavy test only.
var slowForNauty = map[string]bool{"CA-GrQc.nauty": true, "out.dimacs10-netscience.nauty": true}

// TestSharedAgainstNauty compares the orbits of the 17 ANONET networks
// with dreadnaut's (the two slow ones in the heavy test only). The four
// larger networks are not compared: dreadnaut does not finish enron-email
// in 5 minutes (Traces and sparse nauty alike; it spends seconds on each
// of thousands of levels), so TestSharedConsistency checks those.
func TestSharedAgainstNauty(t *testing.T) {
	needDreadnaut(t)
	for _, p := range shareddata.Glob(t, "anonet/*.nauty") {
		name := filepath.Base(p)
		t.Run(name, func(t *testing.T) {
			if slowForNauty[name] {
				testenv.Heavy(t)
			}
			g := readShared(t, "anonet", name)
			want, _ := dreadnautOrbits(t, nautyOf(g, nil), g.NumNodes(), 5*time.Minute)
			got := compute(t, g, nil)
			if !slices.Equal(got.Of, want) {
				t.Errorf("orbits differ from dreadnaut's in %d places", differences(got.Of, want))
			}
		})
	}
}

// differences counts the nodes whose orbit differs in a and b.
func differences(a, b []int32) int {
	d := 0
	for v := range a {
		if a[v] != b[v] {
			d++
		}
	}
	return d
}

// TestSharedConsistency checks the orbits of the four larger shared
// networks, which dreadnaut cannot compute in reasonable time, three ways:
// every generator is checked independently (compute); the search alone,
// without twin contraction and component matching, finds the same orbits
// as the whole method; and a random relabelling of the network gives the
// relabelled orbits.
func TestSharedConsistency(t *testing.T) {
	testenv.Heavy(t)
	for _, name := range sharedNames(t) {
		if name[0] == "anonet" {
			continue
		}
		t.Run(name[0], func(t *testing.T) {
			g := readShared(t, name...)
			base := compute(t, g, nil)
			bare := compute(t, g, nil, Options{noTwins: true, noComponents: true})
			if !slices.Equal(base.Of, bare.Of) {
				t.Errorf("the search alone gives other orbits in %d places", differences(base.Of, bare.Of))
			}
			perm := newRand(5).Perm(g.NumNodes())
			h, _ := relabelled(g, nil, perm)
			moved := compute(t, h, nil)
			if want := relabelPartition(base.Of, perm); !slices.Equal(moved.Of, want) {
				t.Errorf("relabelled: orbits differ in %d places", differences(moved.Of, want))
			}
			orbits, nonTrivial := base.Count()
			t.Logf("%d orbits, %d non-trivial, %d generators, %d search nodes", orbits, nonTrivial, base.Generators, base.SearchNodes)
		})
	}
}

// TestSharedTyped gives the ties of enron-email random directions and
// layers and checks the typed orbits as TestSharedConsistency does: the
// generators independently, and the whole method against the bare
// search (gadgets, typed twins and typed components at scale).
func TestSharedTyped(t *testing.T) {
	testenv.Heavy(t)
	g := readShared(t, "enron-email.edges.gz")
	r := newRand(29)
	for _, layers := range [][]string{nil, {"a", "b"}} {
		h := g.Clone()
		if err := h.SetTypes(true, layers); err != nil {
			t.Fatal(err)
		}
		for i := range h.Edges() {
			k := graph.Kind(1 + r.IntN(3))
			if layers != nil && r.IntN(2) == 0 {
				k <<= 2
			}
			if err := h.SetEdgeKind(i, k); err != nil {
				t.Fatal(err)
			}
		}
		base := compute(t, h, nil)
		bare := compute(t, h, nil, Options{noTwins: true, noComponents: true})
		if !slices.Equal(base.Of, bare.Of) {
			t.Errorf("layers %v: the search alone gives other orbits in %d places", layers, differences(base.Of, bare.Of))
		}
		orbits, nonTrivial := base.Count()
		t.Logf("layers %v: %d orbits, %d non-trivial, %d generators", layers, orbits, nonTrivial, base.Generators)
	}
}

// relabelPartition returns the partition of of (in Orbits.Of form) with
// node v renamed perm[v].
func relabelPartition(of []int32, perm []int) []int32 {
	class := make([]int32, len(of))
	for v, r := range of {
		class[perm[v]] = int32(perm[r])
	}
	return partitionOf(class)
}
