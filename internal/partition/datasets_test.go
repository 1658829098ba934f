package partition

import (
	"math"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/measure"
)

// readDataset reads one of the shared reference networks, or skips.
func readDataset(t testing.TB, name string) *graph.Graph {
	t.Helper()
	return readShared(t, "anonet", name)
}

// readShared reads the network at elem in the shared data sets, or skips.
func readShared(t testing.TB, elem ...string) *graph.Graph {
	t.Helper()
	g, _, err := graphio.ReadFile(shareddata.Path(t, elem...), graphio.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestReferenceUniqueness checks numbers of unique nodes against the reference
// tool's values (SPEC §8.6, §8.7), all at k = 2. The reference's dk is
// unrooted, which equals rooted dk at d = 1 and dk-unrooted at d = 2; its
// edgecount is refined by degree, so edgecount is not compared.
func TestReferenceUniqueness(t *testing.T) {
	tests := []struct {
		file    string
		measure string
		d       int
		unique  int     // nodes, or -1 to check only the fraction
		frac    float64 // reference "Fraction unique", 6 significant digits
	}{
		{"fb_friends.nauty", "count", 1, 390, 0.4875},
		{"out.arenas-email.nauty", "count", 1, 261, 0.230362},
		{"out.moreno_innovation.nauty", "count", 1, 59, 0.244813},
		{"out.radoslaw_email.nauty", "degree", 1, 25, 0.1497},
		{"out.radoslaw_email.nauty", "count", 1, 128, 0.7665},
		{"out.radoslaw_email.nauty", "degdist", 1, 128, 0.7665},
		{"out.radoslaw_email.nauty", "dk", 1, 128, 0.7665},
		{"out.radoslaw_email.nauty", "vrq", 1, 151, 0.9042},
		{"out.radoslaw_email.nauty", "hybrid", 1, 151, 0.9042},
		{"out.radoslaw_email.nauty", "count", 2, 148, 0.8862},
		{"primaryschool.nauty", "count", 1, 236, 0.9752},
		{"primaryschool.nauty", "degdist", 1, 242, 1},
		{"primaryschool.nauty", "count", 2, 238, 0.9835},
		{"out.moreno_innovation.nauty", "degdist", 1, 146, 0.6058},
		{"out.moreno_innovation.nauty", "dk", 1, 153, 0.6349},
		{"out.moreno_innovation.nauty", "vrq", 1, 229, 0.9502},
		{"out.moreno_innovation.nauty", "hybrid", 1, 231, 0.9585},
		{"out.moreno_innovation.nauty", "count", 2, 235, 0.9751},
		{"out.gene_fusion.nauty", "dk", 1, 7, 0.0241},
		{"out.gene_fusion.nauty", "vrq", 1, 44, 0.1512},
		{"out.gene_fusion.nauty", "count", 2, 46, 0.1581},
		{"out.gene_fusion.nauty", "degdist", 2, -1, 0.161512},
		{"out.gene_fusion.nauty", "dk-unrooted", 2, -1, 0.161512},
		{"out.gene_fusion.nauty", "vrq", 2, -1, 0.216495},
		{"out.gene_fusion.nauty", "hybrid-unrooted", 2, -1, 0.216495},
		{"calls.nauty", "degree", 1, 4, 0.0075},
		{"calls.nauty", "count", 1, 13, 0.0243},
		{"calls.nauty", "dk", 1, 21, 0.0392},
		{"calls.nauty", "vrq", 1, 114, 0.2127},
		{"calls.nauty", "hybrid", 1, 142, 0.2649},
		{"calls.nauty", "count", 2, 153, 0.2854},
		{"calls.nauty", "degdist", 2, -1, 0.339552},
		{"calls.nauty", "dk-unrooted", 2, -1, 0.345149},
		{"calls.nauty", "vrq", 2, -1, 0.488806},
		{"calls.nauty", "hybrid-unrooted", 2, -1, 0.496269},
		{"sms.nauty", "degree", 1, 0, 0},
		{"sms.nauty", "count", 1, 15, 0.0264},
		{"sms.nauty", "dk", 1, 25, 0.0440},
		{"sms.nauty", "vrq", 1, 146, 0.2570},
		{"sms.nauty", "hybrid", 1, 177, 0.3116},
		{"sms.nauty", "count", 2, 161, 0.2835},
		{"sms.nauty", "degdist", 2, -1, 0.413732},
		{"sms.nauty", "dk-unrooted", 2, -1, 0.417254},
		{"sms.nauty", "vrq", 2, -1, 0.573944},
		{"sms.nauty", "hybrid-unrooted", 2, -1, 0.584507},
	}
	graphs := map[string]*graph.Graph{}
	for _, tc := range tests {
		t.Run(tc.file+"/"+tc.measure, func(t *testing.T) {
			g, ok := graphs[tc.file]
			if !ok {
				g = readDataset(t, tc.file)
				graphs[tc.file] = g
			}
			m, err := measure.Parse(tc.measure)
			if err != nil {
				t.Fatal(err)
			}
			p, err := New(g, m, tc.d, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tc.unique >= 0 && p.Unique() != tc.unique {
				t.Errorf("d=%d: %d unique nodes, reference %d", tc.d, p.Unique(), tc.unique)
			}
			if math.Abs(p.UniqueFraction()-tc.frac) > 5e-5 {
				t.Errorf("d=%d: U = %.6f, reference %v", tc.d, p.UniqueFraction(), tc.frac)
			}
		})
	}
}
