package anonymize

import "testing"

// TestSearchMoves: the local search makes Config.Effort moves per edge it
// may reach: every edge (or the budget) on a network of up to
// searchReachMin edges, else at most searchReach per deleted edge, and at
// least one edge's worth.
func TestSearchMoves(t *testing.T) {
	for _, tc := range []struct {
		effort, budget, m, deleted int
		want                       int
	}{
		{20, 78, 78, 10, 20 * 78},                           // small: every edge
		{20, 20_000, 20_000, 5, 20 * 20_000},                // under searchReachMin
		{20, 183_831, 183_831, 64_190, 20 * 183_831},        // Enron: 3 · 64,190 > m
		{20, 807_700, 807_700, 54_437, 20 * 163_311},        // dblp-2010: 3 · 54,437
		{20, 807_700, 807_700, 1_000, 20 * 32_768},          // the floor
		{20, 16, 807_700, 16, 20 * 16},                      // budgeted: the budget
		{20, 807_700, 807_700, 0, 20 * 32_768},              // nothing deleted
		{1, 0, 0, 0, 1},                                     // no edges: one move
		{200, 2_779_575, 2_779_575, 263_626, 200 * 790_878}, // uk-2007 sample
	} {
		cfg := &Config{Effort: tc.effort, Budget: tc.budget}
		if got := searchMoves(cfg, tc.m, tc.deleted); got != tc.want {
			t.Errorf("searchMoves(effort %d, budget %d, m %d, deleted %d) = %d, want %d",
				tc.effort, tc.budget, tc.m, tc.deleted, got, tc.want)
		}
	}
}
