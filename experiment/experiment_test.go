package experiment

import (
	"bytes"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
)

func TestCompareAndTables(t *testing.T) {
	nets := []Network{{"karate", examples.MustRead("karate")}, {"example8", examples.MustRead("example8")}}
	runs, err := Compare(nets, []anonymize.Strategy{anonymize.ES, anonymize.UA}, []uint64{1, 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2*2*2*2 {
		t.Fatalf("%d runs", len(runs))
	}
	for _, r := range runs {
		if r.Variant == anonymize.Full && r.UniqueAfter != 0 {
			t.Errorf("full run left %d nodes: %+v", r.UniqueAfter, r)
		}
		if r.Variant == anonymize.Budgeted && r.EdgesAltered > anonymize.BudgetOf(0.05, r.Edges) {
			t.Errorf("budgeted run over budget: %+v", r)
		}
	}
	var buf bytes.Buffer
	kept, _ := StrategyTable(&buf, runs)
	if !strings.Contains(buf.String(), "| karate | 34 | 78 | 15 |") || kept <= 0 {
		t.Errorf("table:\n%s", buf.String())
	}
	rows, err := Cascades(nets[1:])
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	CascadeTable(&buf, rows)
	if !strings.Contains(buf.String(), "| example8 | 8 | 2 (0.250) | 3 (0.375) | 1.5× | 2, 3, 3 |") {
		t.Errorf("cascade table:\n%s", buf.String())
	}
}

func TestKDegreeTable(t *testing.T) {
	nets := []Network{{"karate", examples.MustRead("karate")}}
	runs, err := KDegree(nets, KDegreeMethods(), []int{2, 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2*len(KDegreeMethods()) {
		t.Fatalf("%d runs", len(runs))
	}
	for _, r := range runs {
		if !r.Reached || (r.Method == "liu-terzi add") != (r.Added > 0) || (r.Added > 0 && r.Deleted > 0) {
			t.Errorf("run %+v", r)
		}
	}
	var buf bytes.Buffer
	KDegreeTable(&buf, runs)
	if !strings.Contains(buf.String(), "| network | n | m | k=2 liu-terzi add | k=2 liu-terzi delete | k=2 ua | k=2 default | k=5 liu-terzi add |") ||
		!strings.Contains(buf.String(), "| karate | 34 | 78 | +") {
		t.Errorf("table:\n%s", buf.String())
	}
}
