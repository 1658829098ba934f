package experiment

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/internal/testenv"
)

// paperFigures are the figures the reproduction must produce.
var paperFigures = []string{
	"operations_er_delete", "operations_er_add", "operations_er_rewire",
	"operations_ba_delete", "operations_ba_add", "operations_ba_rewire",
	"operations_ws_delete", "operations_ws_add", "operations_ws_rewire",
	"measures_uniqueness", "algorithms_full", "algorithms_partial", "algorithms_budgeted",
	"utility_preserved", "utility_nmi", "recompute_gap", "recompute_gap_time", "runtimes",
}

// TestPaperReduced runs a reduced quick reproduction on bundled networks
// and checks that every figure and table is written, named after what it
// reproduces, and that the numbers that can be checked by hand are right.
func TestPaperReduced(t *testing.T) {
	nets := []Network{{"karate", examples.MustRead("karate")}, {"example8", examples.MustRead("example8")}}
	opt := PaperOptions{Networks: nets, Seeds: []uint64{1}}
	opt.ModelNodes, opt.ModelDegrees, opt.MaxAltered = 100, []int{4}, 0.1
	opt.Budgets, opt.Alphas, opt.Gaps, opt.LeidenRuns = []float64{0.05}, []float64{0.9}, []float64{0.01, 0.1}, 2
	dir := t.TempDir()
	res, err := Paper(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range paperFigures {
		for _, ext := range []string{".svg", ".png", ".csv"} {
			if st, err := os.Stat(filepath.Join(dir, name+ext)); err != nil || st.Size() == 0 {
				t.Errorf("%s%s missing or empty", name, ext)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "measures_table.csv")); err != nil {
		t.Errorf("measures_table.csv: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	index := string(b)
	for _, it := range res.Items {
		if it.Reproduces == "" || it.Verdict == "" {
			t.Errorf("%s: says neither what it reproduces nor whether it agrees", it.Name)
		}
		if !strings.Contains(index, `id="`+it.Name+`"`) {
			t.Errorf("index.html lacks %s", it.Name)
		}
		if it.Chart != nil && len(it.Chart.Series) > 1 && strings.Contains(it.Name, "algorithms") &&
			len(it.Chart.Series) != len(anonymize.Strategies()) {
			t.Errorf("%s: %d series, want one per strategy (%d)", it.Name, len(it.Chart.Series), len(anonymize.Strategies()))
		}
	}
	if n := strings.Count(index, "<img "); n != len(paperFigures) {
		t.Errorf("index.html shows %d figures, want %d", n, len(paperFigures))
	}
	if regexp.MustCompile(`(src|href)="(https?:)?//`).MatchString(index) {
		t.Errorf("index.html references an external URL")
	}

	// The measures table: karate has 15 unique nodes of 34 under count
	// and 34 nodes, 78 edges.
	csv, err := os.ReadFile(filepath.Join(dir, "measures_table.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	header := strings.Split(lines[0], ",")
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	var karate []string
	for _, l := range lines[1:] {
		if f := strings.Split(l, ","); f[0] == "karate" {
			karate = f
		}
	}
	if karate == nil {
		t.Fatalf("measures_table.csv has no karate row:\n%s", csv)
	}
	if karate[col["nodes"]] != "34" || karate[col["edges"]] != "78" {
		t.Errorf("karate row %v", karate)
	}
	if u, _ := strconv.ParseFloat(karate[col["U_count"]], 64); math.Abs(u-15.0/34) > 1e-6 {
		t.Errorf("karate U_count = %v, want 15/34", u)
	}
}

// TestPaperQuick runs the quick reproduction itself (anonet-experiments
// paper -quick) on the shared small networks and checks that it writes
// every figure.
func TestPaperQuick(t *testing.T) {
	testenv.Heavy(t)
	var nets []Network
	for _, name := range QuickNetworks() {
		g, _, err := graphio.ReadFile(shareddata.Path(t, "anonet", name+".nauty"), graphio.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, Network{Name: name + ".nauty", Graph: g})
	}
	dir := t.TempDir()
	if _, err := Paper(dir, PaperOptions{Networks: nets, Seeds: []uint64{1, 2, 3, 4, 5}}); err != nil {
		t.Fatal(err)
	}
	for _, name := range paperFigures {
		for _, ext := range []string{".svg", ".png", ".csv"} {
			if st, err := os.Stat(filepath.Join(dir, name+ext)); err != nil || st.Size() == 0 {
				t.Errorf("%s%s missing or empty", name, ext)
			}
		}
	}
	// The measures table reproduces the reference's value for
	// moreno_innovation: U = 0.244813 under count (59 of 241 nodes).
	b, err := os.ReadFile(filepath.Join(dir, "measures_table.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\nout.moreno_innovation,241,923,") || !strings.Contains(string(b), ",0.244813,") {
		t.Errorf("measures_table.csv lacks moreno_innovation's U = 0.244813 under count:\n%s", b)
	}
}
