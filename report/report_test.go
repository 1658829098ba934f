package report

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

func TestThousands(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {36692, "36,692"}, {1234567, "1,234,567"}, {-2344, "-2,344"}} {
		if got := Thousands(tc.n); got != tc.want {
			t.Errorf("Thousands(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestLogTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (logTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	if got, want := labels(1, 15), []string{"1", "2", "5", "10"}; !slices.Equal(got, want) {
		t.Errorf("ticks on [1, 15]: %v, want %v", got, want)
	}
	if got, want := labels(1, 36692), []string{"1", "10", "100", "1000", "10000"}; !slices.Equal(got, want) {
		t.Errorf("ticks on [1, 36692]: %v, want %v", got, want)
	}
	if got := (logTicks{}).Ticks(0, 10); got != nil {
		t.Errorf("ticks on [0, 10]: %v, want none", got)
	}
}

// path4 is the path 0-1-2-3 plus the isolated node 4.
func path4(t *testing.T) *graph.Graph {
	g, _, err := graph.FromEdges(5, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNewSnapshot(t *testing.T) {
	g := path4(t)
	p, err := anonymity.New(g, measure.Degree{}, 1, anonymity.Options{K: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSnapshot(g, p, SnapshotOptions{Cascade: true, Communities: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Degrees 1,2,2,1,0: classes {0,3}, {1,2}, {4}.
	if s.Nodes != 5 || s.Edges != 3 || s.Unique != 1 || s.NotKAnonymous != 1 || s.Classes != 3 {
		t.Errorf("snapshot %+v", s)
	}
	if want := []SizeCount{{1, 1}, {2, 2}}; !slices.Equal(s.ClassSizes, want) {
		t.Errorf("class sizes %v, want %v", s.ClassSizes, want)
	}
	if want := []int{1, 2, 2}; !slices.Equal(s.Degrees, want) {
		t.Errorf("degrees %v, want %v", s.Degrees, want)
	}
	if len(s.ClusteringByDegree) != 3 || s.ClusteringByDegree[2] != 0 || !math.IsNaN(s.ClusteringByDegree[1]) {
		t.Errorf("clustering by degree %v, want [NaN NaN 0]", s.ClusteringByDegree)
	}
	// The isolated node is unique; it has no neighbours, so the cascade
	// stops there.
	if len(s.Cascade) == 0 || s.Cascade[0] != 1 || s.Cascade[len(s.Cascade)-1] != 1 {
		t.Errorf("cascade %v, want 1 identified", s.Cascade)
	}
	total := 0
	for _, c := range s.CommunitySizes {
		total += c
	}
	if total != 5 || !slices.IsSortedFunc(s.CommunitySizes, func(a, b int) int { return b - a }) {
		t.Errorf("community sizes %v: want 5 nodes, largest first", s.CommunitySizes)
	}
	if _, err := NewSnapshot(path4(t), p, SnapshotOptions{}); err == nil {
		t.Errorf("NewSnapshot accepted a partition of another graph")
	}
}

func TestEdgeEndDegrees(t *testing.T) {
	g := path4(t)
	ends, byLower := EdgeEndDegrees(g, []graph.Edge{{U: 0, V: 1}})
	if want := []EdgeEnds{{1, 2}}; !slices.Equal(ends, want) {
		t.Errorf("ends %v, want %v", ends, want)
	}
	// Edges 0-1 and 2-3 have a lower end of degree 1, edge 1-2 of 2.
	if want := []int{0, 2, 1}; !slices.Equal(byLower, want) {
		t.Errorf("by lower degree %v, want %v", byLower, want)
	}
}

// sample is a small complete input.
func sample() *Input {
	return &Input{
		Run: Run{Input: "net.edges", Release: "anon.edges", Measure: "count", D: 1, K: 2, Anonymized: true,
			Algorithm: "ua", Operation: "delete", Variant: "full", Seed: 1, Budget: 100, Recompute: 1, Target: 10, TargetMet: true},
		Before: &Snapshot{Nodes: 10, Edges: 100, Unique: 4, NotKAnonymous: 6, Classes: 5,
			ClassSizes: []SizeCount{{1, 4}, {2, 1}, {4, 1}}, Cascade: []int{4, 7, 7}, Degrees: []int{0, 2, 3, 5},
			ClusteringByDegree: []float64{math.NaN(), math.NaN(), 0.5, 0.2}, CommunitySizes: []int{6, 4}},
		After: &Snapshot{Nodes: 10, Edges: 88, Unique: 0, NotKAnonymous: 0, Classes: 3,
			ClassSizes: []SizeCount{{2, 1}, {4, 2}}, Cascade: []int{0}, Degrees: []int{1, 2, 3, 4},
			ClusteringByDegree: []float64{math.NaN(), math.NaN(), 0.4, 0.1}, CommunitySizes: []int{5, 5}},
		Trace: []TracePoint{{0, 6, 4}, {6, 2, 2}, {12, 0, 0}}, Best: 2,
		Utility: []Metric{
			{Name: "avg_clustering", Original: 0.5, Anonymized: 0.45, RelativeChange: -0.1, Defined: true},
			{Name: "nmi", Original: 0.95, Anonymized: 0.93, RelativeChange: -0.02, Defined: true, Preserved: true},
			{Name: "betweenness_top100_overlap", Original: math.NaN(), Anonymized: math.NaN(), RelativeChange: math.NaN(), Note: "no correspondence"},
		},
		Deleted: []EdgeEnds{{1, 3}, {2, 3}}, EdgesByLowerDegree: []int{0, 50, 50},
	}
}

func TestMeaning(t *testing.T) {
	got := strings.Join(Meaning(sample()), " ")
	for _, want := range []string{
		"4 of 10 people were unique under count, d = 1",
		"none is now",
		"2 of the 100 ties (2.0%) were removed",
		"single out 7 people (70.0%) in the original and 0 (0.0%) in the release",
		"1 of 2 utility metrics are preserved",
		"not preserved: avg_clustering (-10.0%)",
		"NMI 0.93, against 0.95",
		"The target is met",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("meaning lacks %q:\n%s", want, got)
		}
	}
	in := sample()
	in.Run.TargetMet = false
	in.After.NotKAnonymous = 3
	if got := strings.Join(Meaning(in), " "); !strings.Contains(got, "NOT met: 10 nodes had to be 2-anonymous, 7 are") {
		t.Errorf("unmet meaning: %s", got)
	}
}

func TestWriteHTML(t *testing.T) {
	for _, withAttack := range []bool{false, true} {
		in := sample()
		if withAttack {
			in.Attack = &Attack{Name: "seed-and-propagate", Seeds: []int{0, 10}, Original: []float64{0.3, 0.8}, Release: []float64{0, 0.05}}
		}
		var buf bytes.Buffer
		if err := WriteHTML(&buf, in); err != nil {
			t.Fatal(err)
		}
		page := buf.String()
		for _, id := range []string{"verdict", "meaning", "run", "anonymity", "trace", "utility", "deleted"} {
			if !strings.Contains(page, `id="`+id+`"`) {
				t.Errorf("no section %s", id)
			}
		}
		if got := strings.Contains(page, `id="reidentification"`); got != withAttack {
			t.Errorf("attack %v: re-identification section shown %v", withAttack, got)
		}
		if withAttack && !strings.Contains(page, "<td>10</td><td>80.0%</td><td>5.0%</td>") {
			t.Errorf("attack table lacks the row for 10 seeds")
		}
		want := 7
		if withAttack {
			want = 8
		}
		if n := strings.Count(page, "<svg"); n != want {
			t.Errorf("%d figures, want %d", n, want)
		}
		if !strings.Contains(page, `class="verdict met"`) {
			t.Errorf("no green verdict")
		}
	}
}

func TestFiguresLeaveOutMissingData(t *testing.T) {
	in := &Input{Run: Run{Measure: "degree", D: 1, K: 2}, Before: &Snapshot{Nodes: 3, Degrees: []int{0, 2, 1}, ClusteringByDegree: []float64{math.NaN(), math.NaN(), 0}}}
	var names []string
	for _, c := range Figures(in) {
		names = append(names, c.Name)
	}
	if want := []string{FigDegrees, FigClusteringByDegree}; !slices.Equal(names, want) {
		t.Errorf("figures %v, want %v", names, want)
	}
}

func TestChart(t *testing.T) {
	c := Chart{Name: "c", Title: "T", XLabel: "x (u)", YLabel: "y (u)", LogY: true, Series: []Series{
		{Name: "a", X: []float64{1, 2, 3}, Y: []float64{0, 10, 100}},
		{Name: "b", X: []float64{1, 2}, Y: []float64{math.NaN(), 5}},
	}}
	if got := c.Omitted(); got != 2 {
		t.Errorf("Omitted = %d, want 2 (a zero on a log axis and a NaN)", got)
	}
	svg, err := c.InlineSVG()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, ">T<") || !strings.Contains(svg, "x (u)") {
		t.Errorf("SVG lacks its element, title or label: %.200s", svg)
	}
	dir := filepath.Join(t.TempDir(), "plots")
	paths, err := WriteFiles(dir, []Chart{c})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 {
		t.Fatalf("wrote %v", paths)
	}
	png, err := os.ReadFile(filepath.Join(dir, "c.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("c.png is not a PNG (%v)", err)
	}
	bad := Chart{Name: "bad", Series: []Series{{X: []float64{1}, Y: nil}}}
	if _, err := bad.Render("svg"); err == nil {
		t.Errorf("a series with unequal x and y rendered")
	}
}
