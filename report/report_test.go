package report

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/verdict"
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
		Trace: []TracePoint{{0, 6, 4, "strategy"}, {6, 2, 2, "strategy"}, {12, 0, 0, "strategy"}, {9, 0, 0, "restore"}}, Best: 3,
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
		"no one is now",
		"6 people were not 2-anonymous before; everyone is now.",
		"2 of the 100 ties (2.0%) were removed",
		"single out 7 people (70.0%) in the original and 0 (0.0%) in the release",
		"1 of 2 utility metrics is preserved",
		"not preserved: avg_clustering (-10.0%)",
		"NMI 0.93 (1 is full agreement), against 0.95",
		"The target is met: at least 10 people are 2-anonymous.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("meaning lacks %q:\n%s", want, got)
		}
	}
	in := sample()
	in.Run.TargetMet = false
	in.After.NotKAnonymous = 3
	if got := strings.Join(Meaning(in), " "); !strings.Contains(got, "NOT met: 10 people had to be 2-anonymous, 7 are") || !strings.Contains(got, "6 people were not 2-anonymous before; 3 are now.") {
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
		if !strings.Contains(page, `data-state="green"`) {
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

// chartNamed returns the figure of in with the given name.
func chartNamed(t *testing.T, in *Input, name string) Chart {
	t.Helper()
	for _, c := range Figures(in) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no figure %s", name)
	return Chart{}
}

func TestClassSizesChart(t *testing.T) {
	in := sample()
	c := chartNamed(t, in, FigClassSizes)
	// k = 2: bands 1, 2–9, 10+. Original: 4 unique, a pair and a class of
	// 4; release: a pair and two classes of 4.
	if want := []string{"1", "2–9", "10+"}; !slices.Equal(c.Categories, want) {
		t.Errorf("categories %v, want %v", c.Categories, want)
	}
	want := map[string][]float64{"original": {4, 6, 0}, "release": {0, 10, 0}}
	if len(c.Series) != 2 {
		t.Fatalf("%d series, want 2", len(c.Series))
	}
	for _, s := range c.Series {
		if s.Style != Bars || !slices.Equal(s.Y, want[s.Name]) {
			t.Errorf("series %s: style %v, values %v; want bars %v", s.Name, s.Style, s.Y, want[s.Name])
		}
		if len(s.Labels) != len(s.Y) || s.Labels[1] != fmt.Sprint(s.Y[1]) {
			t.Errorf("series %s: labels %v", s.Name, s.Labels)
		}
	}
	if want := []Rule{{X: 0.5, Label: "k = 2"}}; !slices.Equal(c.Rules, want) {
		t.Errorf("rules %v, want %v", c.Rules, want)
	}
	in.Run.K = 5
	c = chartNamed(t, in, FigClassSizes)
	if want := []Rule{{X: 3.5, Label: "k = 5"}}; !slices.Equal(c.Rules, want) || len(c.Categories) != 6 {
		t.Errorf("k = 5: rules %v, categories %v", c.Rules, c.Categories)
	}
	svg, err := c.InlineSVG()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg, "fill:#0072B2") || !strings.Contains(svg, "fill:#D55E00") || !strings.Contains(svg, ">k = 5<") {
		t.Errorf("the class-size SVG lacks its bars or the k marker")
	}
}

func TestTraceChart(t *testing.T) {
	c := chartNamed(t, sample(), FigTrace)
	byName := map[string]Series{}
	for _, s := range c.Series {
		byName[strings.SplitN(s.Name, " (", 2)[0]] = s
	}
	st, ref := byName["strategy"], byName["refinement"]
	if !slices.Equal(st.X, []float64{0, 6, 12}) || !slices.Equal(st.Y, []float64{6, 2, 0}) || st.Style != Points {
		t.Errorf("strategy series %+v", st)
	}
	if !slices.Equal(ref.X, []float64{9}) || !slices.Equal(ref.Y, []float64{0}) || ref.Style != Points || ref.Name != "refinement (restore)" {
		t.Errorf("refinement series %+v", ref)
	}
	if m := byName["released state"]; !slices.Equal(m.X, []float64{9}) || m.Style != Marker {
		t.Errorf("released state %+v, want the refinement's point", m)
	}
	if !c.ZeroY {
		t.Errorf("the trace's axis of counts does not start at zero")
	}
	for _, s := range c.Series {
		if s.Style == LinePoints || s.Style == Line {
			t.Errorf("series %s joins its points with a line", s.Name)
		}
	}
}

func TestAttackChart(t *testing.T) {
	in := sample()
	in.Attack = &Attack{Name: "seed-and-propagate", Seeds: []int{0, 10, 100}, Original: []float64{0.4, 0.45, 0.47}, Release: []float64{0.41, 0.44, 0.46}}
	c := chartNamed(t, in, FigAttack)
	if !slices.Equal(c.Categories, []string{"0", "10", "100"}) || !c.ZeroY || c.MaxY != 1 || len(c.Series) != 2 {
		t.Fatalf("attack chart %+v", c)
	}
	for _, s := range c.Series {
		if s.Style != Bars {
			t.Errorf("series %s is not drawn as bars", s.Name)
		}
	}
	p, err := c.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Min != 0 || p.Y.Max < 1 {
		t.Errorf("y axis [%v, %v], want it to start at 0 and reach 100%%", p.Y.Min, p.Y.Max)
	}
	if strings.Contains(c.Title, ".md") || strings.Contains(c.Title, "/") {
		t.Errorf("title names a file: %q", c.Title)
	}
	in.Public = true
	c = chartNamed(t, in, FigAttack)
	if len(c.Series) != 1 || c.Series[0].Name != "release" {
		t.Errorf("public attack chart has series %v", c.Series)
	}
}

func TestNiceAndPercentTicks(t *testing.T) {
	labels := func(tk plot.Ticker, lo, hi float64) []string {
		var out []string
		for _, x := range tk.Ticks(lo, hi) {
			out = append(out, x.Label)
		}
		return out
	}
	for _, tc := range []struct {
		tk     plot.Ticker
		lo, hi float64
		want   []string
	}{
		{niceTicks{}, 0, 25, []string{"0", "5", "10", "15", "20", "25"}},
		{niceTicks{}, 0, 36692, []string{"0", "5,000", "10,000", "15,000", "20,000", "25,000", "30,000", "35,000"}},
		{niceTicks{}, 0, 0.9, []string{"0.0", "0.2", "0.4", "0.6", "0.8"}},
		{percentTicks{}, 0, 1, []string{"0%", "20%", "40%", "60%", "80%", "100%"}},
		{percentTicks{}, 0, 0.3, []string{"0%", "10%", "20%", "30%"}},
	} {
		if got := labels(tc.tk, tc.lo, tc.hi); !slices.Equal(got, tc.want) {
			t.Errorf("%T on [%v, %v]: %v, want %v", tc.tk, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// amberInput is sample() with an amber verdict: dk singles out 3 people,
// the automorphism rung was skipped, an attack re-identifies 30%.
func amberInput() *Input {
	in := sample()
	in.Verdict = &verdict.Verdict{
		State:  verdict.Amber,
		Target: verdict.Target{Measure: "count", D: 1, K: 2, Alpha: 1, Nodes: 10, Required: 10, Met: true},
		Ladder: []verdict.Rung{
			{Measure: "degree", D: 1},
			{Measure: "count", D: 1, Stronger: true},
			{Measure: "dk", D: 1, Unique: 3, NotAnonymous: 4, Stronger: true},
			{Measure: "automorphism", D: 1, Stronger: true, Skipped: "did not finish within 1m0s"},
		},
		Attacks: []verdict.Attack{{Seeds: 0, Targets: 10, Correct: 3, Fraction: 0.3, Precision: 0.75}, {Seeds: 100, Skipped: "fewer than 100 nodes"}},
	}
	return in
}

func TestWriteHTMLVerdict(t *testing.T) {
	in := amberInput()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, in); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		`data-state="amber"`, `id="ladder"`, `id="ladder-table"`, `id="verdict-attacks"`, `id="verdict-command"`,
		`<tr class="target"><td class="text">each person&#39;s number of contacts and of ties among them</td>`,
		`<tr class="exposed"><td class="text">each person&#39;s neighbourhood&#39;s exact shape</td><td class="text">dk, d = 1</td><td>3 (30.0%)</td><td>4 (40.0%)</td>`,
		`<td colspan="2" class="text">skipped: did not finish within 1m0s</td>`,
		`<td class="over">30.0%</td>`, `<td colspan="4" class="text">skipped: fewer than 100 nodes</td>`,
		"--measure dk -d 1 -k 2 --variant full",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(page, `id="costs"`) {
		t.Errorf("the cost section is shown without costs")
	}
	in.Costs = []Cost{{Measure: "dk", D: 1, EdgesKept: 80, Edges: 100, ReIdentified: 0.02, Seeds: 10}, {Measure: "automorphism", D: 1, Note: "not measured"}}
	buf.Reset()
	if err := WriteHTML(&buf, in); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="costs"`, "<td>80 of 100 (80.0%)</td><td>2.0% (10 seeds)</td>", `<td colspan="2" class="text">not measured</td>`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("page with costs lacks %s", want)
		}
	}
}

// originalIDs are the elements that show the original's statistics.
var originalIDs = []string{"run-input", "nodes-before", "unique-before", "not-k-before", "classes-before", "cascade-before",
	"risk-people-before", "risk-unique-before", "utility-table", "preserved-count", "fig-trace", "deleted", "fig-deleted_edges_by_degree", "internal-notice"}

func TestWriteHTMLPublic(t *testing.T) {
	in := amberInput()
	in.Attack = &Attack{Name: "seed-and-propagate", Seeds: []int{0, 10}, Original: []float64{0.31, 0.82}, Release: []float64{0.02, 0.05}}
	in.Costs = []Cost{{Measure: "dk", D: 1, EdgesKept: 80, Edges: 100, ReIdentified: 0.02, Seeds: 10}}
	var full bytes.Buffer
	if err := WriteHTML(&full, in); err != nil {
		t.Fatal(err)
	}
	for _, id := range originalIDs {
		if !strings.Contains(full.String(), `id="`+id+`"`) {
			t.Errorf("the full report lacks %s", id)
		}
	}
	in.Public = true
	var pub bytes.Buffer
	if err := WriteHTML(&pub, in); err != nil {
		t.Fatal(err)
	}
	page := pub.String()
	for _, id := range originalIDs {
		if strings.Contains(page, `id="`+id+`"`) {
			t.Errorf("the public report shows %s", id)
		}
	}
	for _, leak := range []string{"net.edges", "original: classes", "31.0%", "82.0%", "re-identified in the original", `id="costs"`, "fill:#0072B2"} {
		if strings.Contains(page, leak) {
			t.Errorf("the public report contains %q", leak)
		}
	}
	for _, want := range []string{`id="public-notice"`, `id="edges-before">100<`, `id="unique-after"`, `id="risk-people-after"`, `id="fig-class_sizes"`, `id="ladder-table"`, "5.0%"} {
		if !strings.Contains(page, want) {
			t.Errorf("the public report lacks %s", want)
		}
	}
	for _, s := range Meaning(in) {
		for _, leak := range []string{"original", "were unique", "before"} {
			if strings.Contains(s, leak) {
				t.Errorf("public meaning speaks of the original (%q): %s", leak, s)
			}
		}
	}
}

func TestMeaningAttackAndVerdict(t *testing.T) {
	for _, tc := range []struct {
		orig, rel float64
		seeds     int
		want      string
	}{
		{0.667, 0.667, 10, "Under the seed-and-propagate attack given 10 known people, the attacker re-identifies about as many people in the release (66.7%) as in the original (66.7%)"},
		{0.996, 0.991, 100, "about as many people in the release (99.1%) as in the original (99.6%)"},
		{0.5, 0.05, 1, "given 1 known person, the attacker re-identifies 50.0% of the people in the original but only 5.0% in the release."},
		{0.1, 0.3, 0, "with no one known to start from, the attacker re-identifies 10.0% of the people in the original and 30.0% in the release."},
	} {
		in := sample()
		in.Attack = &Attack{Name: "seed-and-propagate", Seeds: []int{tc.seeds}, Original: []float64{tc.orig}, Release: []float64{tc.rel}}
		if got := in.attackSentence(); !strings.Contains(got, tc.want) {
			t.Errorf("attack %v/%v: %q, want %q", tc.orig, tc.rel, got, tc.want)
		}
	}
	in := amberInput()
	got := strings.Join(Meaning(in), " ")
	want := "The target is met against an attacker who knows each person's number of contacts and of ties among them, but a stronger attacker singles out 3 people (30.0%), and the seed-and-propagate attack re-identifies up to 30.0% (the verdict at the top lists them)."
	if !strings.Contains(got, want) {
		t.Errorf("amber meaning lacks %q:\n%s", want, got)
	}
	in.Verdict.Ladder = append(in.Verdict.Ladder, verdict.Rung{Measure: "hybrid", D: 1, Unique: 5, Stronger: true})
	if got := strings.Join(Meaning(in), " "); !strings.Contains(got, "2 stronger attackers single out up to 5 people (50.0%)") {
		t.Errorf("amber meaning with two rungs: %s", got)
	}
	in.Verdict.State, in.Verdict.Target.Met, in.Verdict.Target.NotAnonymous = verdict.Red, false, 4
	if got := strings.Join(Meaning(in), " "); !strings.Contains(got, "The target is NOT met: 10 people had to be 2-anonymous against an attacker who knows each person's number of contacts and of ties among them; 6 are.") {
		t.Errorf("red meaning: %s", got)
	}
}
