package experiment

import (
	"testing"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/internal/testenv"
)

// TestDefaultReachesOptimum: on small random graphs (three models, k = 2
// and 3) the default method at anonymize.ThoroughEffort keeps the proven
// optimum on at least 90% and within 10% of it on all, at the default
// effort within 20% on all, and no method keeps more than the optimum
// (which would mean the solver is wrong).
func TestDefaultReachesOptimum(t *testing.T) {
	testenv.Heavy(t)
	graphs, err := SmallGraphs(24, 7)
	if err != nil {
		t.Fatal(err)
	}
	methods := []Method{
		{Name: "ua", Strategy: anonymize.UA, Refine: anonymize.NoRefinement},
		{Name: "default", Strategy: anonymize.Best},
		{Name: "thorough", Strategy: anonymize.Best, Effort: anonymize.ThoroughEffort},
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
	d, th := sums[1], sums[2]
	t.Logf("default: %d of %d optimal, mean %.3f, worst %.3f; thorough: %d optimal, mean %.3f, worst %.3f; ua: %d optimal, mean %.3f",
		d.Optimal, d.Graphs, d.MeanFraction, d.MinFraction, th.Optimal, th.MeanFraction, th.MinFraction, sums[0].Optimal, sums[0].MeanFraction)
	if 10*th.Optimal < 9*th.Graphs || th.MinFraction < 0.9 {
		t.Errorf("thorough: optimal on %d of %d graphs, worst %.3f of the optimum", th.Optimal, th.Graphs, th.MinFraction)
	}
	if d.MinFraction < 0.8 {
		t.Errorf("default: worst %.3f of the optimum", d.MinFraction)
	}
}
