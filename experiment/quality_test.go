package experiment

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// TestQualityKarate runs the quality comparison on karate (ua and the
// default, full, two seeds): every release is verified inside Quality,
// the default keeps more edges than ua on each seed, and the table and the
// CSV carry every run.
func TestQualityKarate(t *testing.T) {
	nets := []Network{{"karate", examples.MustRead("karate")}}
	methods := []Method{
		{Name: "ua", Strategy: anonymize.UA, Refine: anonymize.NoRefinement},
		{Name: "default", Strategy: anonymize.Best},
	}
	s := QualitySetting{Name: "full", Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Full}
	runs, err := Quality(nets, methods, s, []uint64{1, 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 4 {
		t.Fatalf("%d runs, want 4", len(runs))
	}
	kept := map[string]map[uint64]int{"ua": {}, "default": {}}
	for _, r := range runs {
		if !r.Reached || r.NotAnonAfter != 0 || r.NotAnonBefore != 15 || r.Setting != "full" {
			t.Errorf("%+v", r)
		}
		kept[r.Method][r.Seed] = r.EdgesKept
	}
	for seed, k := range kept["default"] {
		if k <= kept["ua"][seed] {
			t.Errorf("seed %d: default keeps %d edges, ua %d", seed, k, kept["ua"][seed])
		}
	}
	var table bytes.Buffer
	ratios := QualityTable(&table, runs, methods, false)
	if ratios["default"] <= 1 || !strings.Contains(table.String(), "| karate | 34 | 78 | 15 |") {
		t.Errorf("ratio %v, table:\n%s", ratios["default"], table.String())
	}
	var b bytes.Buffer
	if err := WriteQualityCSV(&b, runs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 5 || rows[0][0] != "setting" || rows[1][0] != "full" {
		t.Errorf("CSV %v (%v)", rows, err)
	}
}
