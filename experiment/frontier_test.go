package experiment

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/verdict"
)

// TestFrontier runs the frontier on two bundled networks under degree and
// automorphism: every release meets its target (verified from scratch by
// Frontier), automorphism keeps no more than degree, the attack's shares
// are shares, and the table names every rung.
func TestFrontier(t *testing.T) {
	nets := []Network{{Name: "karate", Graph: examples.MustRead("karate")}, {Name: "dolphins", Graph: examples.MustRead("dolphins")}}
	rungs := []verdict.Step{{Measure: measure.Degree{}, D: 1}, {Measure: measure.Automorphism{}, D: 1}}
	rows, err := Frontier(nets, rungs, []int{2}, FrontierMethods(), []uint64{1}, time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2*2*2 {
		t.Fatalf("%d rows", len(rows))
	}
	kept := map[string]int{}
	for _, r := range rows {
		if r.Skipped != "" || !r.Reached || r.Kept > r.Edges || r.Metrics == 0 || len(r.ReIdentified) != len(FrontierSeeds()) {
			t.Errorf("%+v", r)
		}
		for _, x := range r.ReIdentified {
			if !math.IsNaN(x) && (x < 0 || x > 1) {
				t.Errorf("%s %s %s: re-identified %v", r.Network, r.Measure, r.Method, r.ReIdentified)
			}
		}
		kept[r.Network+" "+r.Measure+" "+r.Method] = r.Kept
		// Every node of a release k-anonymous under automorphism has k − 1
		// automorphic twins, which an attacker with no seed cannot tell
		// apart: it does no better than a guess among them (issue 35).
		if r.Measure == "automorphism" && r.ReIdentified[0] > 1/float64(r.K) {
			t.Errorf("%s %s: the attack with no seed re-identifies %.1f%% of a %d-automorphic release", r.Network, r.Method, 100*r.ReIdentified[0], r.K)
		}
	}
	for _, net := range []string{"karate", "dolphins"} {
		if kept[net+" automorphism default"] > kept[net+" degree default"] {
			t.Errorf("%s: automorphism keeps %d edges, more than degree's %d", net, kept[net+" automorphism default"], kept[net+" degree default"])
		}
	}
	var b strings.Builder
	if err := FrontierTable(&b, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| degree, k = 2 | 2 |") || !strings.Contains(b.String(), "| automorphism, k = 2 | 2 |") {
		t.Errorf("table:\n%s", b.String())
	}
	// The ceiling, by hand: a release keeping every edge of karate (78)
	// and dolphins (159) over ua's.
	var ceil float64
	for _, r := range rows {
		if r.Measure == "degree" && r.Method == "ua" {
			ceil += float64(r.Edges) / float64(r.Kept) / 2
		}
	}
	if want := fmt.Sprintf("| %.2f× |", ceil); !strings.Contains(b.String(), want) {
		t.Errorf("no ceiling %s in the degree row:\n%s", want, b.String())
	}
	if c, err := FrontierChart(rows, 1); err != nil || len(c.Series) != 2 || len(c.Series[1].X) != 2 {
		t.Errorf("chart %+v, %v", c, err)
	}
	// The CSV reads back to the same table.
	checkCSVTable(t, rows, b.String())
}

// checkCSVTable writes rows as CSV, reads them back and checks that they
// make table again; it returns the CSV.
func checkCSVTable(t *testing.T, rows []FrontierRow, table string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.csv")
	if err := WriteFrontierCSV(path, rows); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadFrontierCSV(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := FrontierTable(&b, back); err != nil || b.String() != table {
		t.Errorf("the table from the CSV differs:\n%s\nfrom:\n%s", b.String(), table)
	}
	return data
}

// TestFrontierTableSeeds checks the table's means over run seeds against
// figures by hand: each network is first averaged over the seeds where
// both methods finished, then the networks are averaged.
func TestFrontierTableSeeds(t *testing.T) {
	nan := math.NaN()
	re := func(x float64) []float64 { return []float64{x, nan, nan} }
	row := func(net string, seed uint64, method string, edges, kept int, x float64) FrontierRow {
		return FrontierRow{Network: net, Measure: "count", D: 1, K: 2, Method: method, Seed: seed, Edges: edges, Kept: kept, Reached: true, ReIdentified: re(x)}
	}
	skipped := row("b", 2, "default", 50, 0, nan)
	skipped.Skipped = "no release within 1m0s"
	rows := []FrontierRow{
		// a: ua keeps 25 of 100 on average, the default 60: 2.4×, ceiling 4.
		row("a", 1, "ua", 100, 20, 0.2), row("a", 1, "default", 100, 60, 0),
		row("a", 2, "ua", 100, 30, 0.4), row("a", 2, "default", 100, 60, 0.1),
		// b: only seed 1 counts: 10 and 40 of 50, 4×, ceiling 5.
		row("b", 1, "ua", 50, 10, 0.5), row("b", 1, "default", 50, 40, 0.1),
		row("b", 2, "ua", 50, 10, 0.9), skipped,
	}
	if len(FrontierSeeds()) != 3 {
		t.Skipf("the hand-made rows have 3 attack seeds, FrontierSeeds has %d", len(FrontierSeeds()))
	}
	var b strings.Builder
	if err := FrontierTable(&b, rows); err != nil {
		t.Fatal(err)
	}
	want := "| 2 | 22.5% | 70.0% | 3.20× (2.40×) | 4.50× | 40.0% / 7.5% | – | – |"
	if !strings.Contains(b.String(), want) {
		t.Errorf("table:\n%s\nwant a row ending %s", b.String(), want)
	}
	// The seeds survive the CSV, and a CSV without the seed column (runs
	// of seed 1 before it) still reads.
	data := checkCSVTable(t, rows, b.String())
	var old strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		old.WriteString(line[:strings.LastIndex(line, ",")] + "\n")
	}
	back, err := ReadFrontierCSV(strings.NewReader(old.String()))
	if err != nil || len(back) != len(rows) || back[2].Seed != 1 {
		t.Errorf("a CSV without seeds: %d rows, %v", len(back), err)
	}
}
