package experiment

import (
	"testing"

	"github.com/anonet-project/anonet/anonymize"
)

// TestDefaultReachesOptimum: on small random graphs (three models, k = 2
// and 3) the default method keeps the proven optimum on at least 90% and
// within 10% of it on all, and ua never keeps more than the optimum (which
// would mean the solver is wrong).
func TestDefaultReachesOptimum(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the exact solver on 24 graphs; skipped with -short")
	}
	graphs, err := SmallGraphs(24, 7)
	if err != nil {
		t.Fatal(err)
	}
	methods := []Method{
		{Name: "ua", Strategy: anonymize.UA, Refine: anonymize.NoRefinement},
		{Name: "default", Strategy: anonymize.Best},
	}
	rows, err := Optimality(graphs, methods, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if !r.Proven {
			t.Errorf("%s: optimum not proven", r.Graph)
		}
		if r.Proved && !r.Optimal {
			t.Errorf("%s %s proved its release of %d edges optimal; the optimum keeps %d", r.Graph, r.Method, r.Kept, r.Optimum)
		}
		if r.Kept > r.Optimum {
			t.Errorf("%s %s keeps %d edges, more than the optimum %d", r.Graph, r.Method, r.Kept, r.Optimum)
		}
	}
	sums := SummarizeGaps(rows, methods)
	d := sums[1]
	t.Logf("default: %d of %d optimal, mean %.3f, worst %.3f; ua: %d optimal, mean %.3f", d.Optimal, d.Graphs, d.MeanFraction, d.MinFraction, sums[0].Optimal, sums[0].MeanFraction)
	if 10*d.Optimal < 9*d.Graphs || d.MinFraction < 0.9 {
		t.Errorf("default optimal on %d of %d graphs, worst %.3f of the optimum", d.Optimal, d.Graphs, d.MinFraction)
	}
}
