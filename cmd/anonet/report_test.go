package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/report"
)

// htmlValue returns the text of the element with the given id, without
// thousands separators.
func htmlValue(t *testing.T, page, id string) string {
	t.Helper()
	m := regexp.MustCompile(`id="` + regexp.QuoteMeta(id) + `"[^>]*>([^<]*)<`).FindStringSubmatch(page)
	if m == nil {
		t.Errorf("report has no element with id %q", id)
		return ""
	}
	return strings.ReplaceAll(strings.TrimSpace(m[1]), ",", "")
}

// anonymizeReported runs anonet anonymize with args, which must ask for
// --json and --report html, and returns its JSON result and the page.
func anonymizeReported(t *testing.T, html string, args ...string) (anonymizeResult, string) {
	t.Helper()
	stdout, stderr, code := runCLI(t, append([]string{"anonymize"}, args...)...)
	if code != 0 {
		t.Fatalf("anonymize: exit %d: %s", code, stderr)
	}
	var r anonymizeResult
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	return r, string(b)
}

// externalURLs returns the http(s) URLs of page other than the SVG and
// XLink namespace declarations.
func externalURLs(page string) []string {
	ns := regexp.MustCompile(`xmlns(:xlink)?="http://www\.w3\.org/(2000/svg|1999/xlink)"`)
	rest := ns.ReplaceAllString(page, "")
	return regexp.MustCompile(`(?i)https?://[^\s"'<>)]*`).FindAllString(rest, -1)
}

// TestReportKarate renders the report of the bundled karate network and
// checks that every section is there and that its numbers are those of
// anonymize --json and utility --json.
func TestReportKarate(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "karate-anon.edges")
	html := filepath.Join(dir, "report.html")
	mapping := filepath.Join(dir, "map.tsv")
	trace := filepath.Join(dir, "trace.csv")
	plots := filepath.Join(dir, "plots")
	r, page := anonymizeReported(t, html, "karate", "-o", out, "--variant", "full",
		"--report", html, "--plot", plots, "--mapping", mapping, "--trace", trace, "--json")

	for _, id := range []string{"verdict", "meaning", "run", "anonymity", "trace", "utility", "deleted",
		"fig-class_sizes", "fig-anonymity_cascade", "fig-trace", "fig-degree_distribution",
		"fig-clustering_by_degree", "fig-community_sizes", "fig-deleted_edges_by_degree",
		"reidentification", "fig-reidentification"} {
		if !strings.Contains(page, `id="`+id+`"`) {
			t.Errorf("report lacks the element %q", id)
		}
	}
	if n := strings.Count(page, "<svg"); n != 8 {
		t.Errorf("report has %d <svg> figures, want 8", n)
	}
	if u := externalURLs(page); len(u) > 0 {
		t.Errorf("report references external URLs: %v", u)
	}
	for _, tag := range []string{"<script", "<link", "<img", "<iframe", "@import"} {
		if strings.Contains(strings.ToLower(page), tag) {
			t.Errorf("report contains %s", tag)
		}
	}

	want := map[string]string{
		"nodes-before": fmt.Sprint(r.Nodes), "nodes-after": fmt.Sprint(r.Nodes),
		"edges-before": fmt.Sprint(r.EdgesBefore), "edges-after": fmt.Sprint(r.EdgesAfter),
		"unique-before": fmt.Sprint(r.UniqueBefore), "unique-after": fmt.Sprint(r.UniqueAfter),
		"not-k-before": fmt.Sprint(r.NotKAnonymousBefore), "not-k-after": fmt.Sprint(r.NotKAnonymousAfter),
		"run-input": r.Graph, "run-release": r.Output, "run-measure": r.Measure,
		"run-d": fmt.Sprint(r.D), "run-k": fmt.Sprint(r.K), "run-variant": r.Variant,
		"run-algorithm": r.Algorithm, "run-operation": r.Operation, "run-seed": fmt.Sprint(r.Seed),
		"run-budget": fmt.Sprint(r.Budget), "run-recompute": fmt.Sprint(r.Recompute),
		"run-target": fmt.Sprint(r.Target), "run-target-met": map[bool]string{true: "yes", false: "no"}[r.TargetReached],
		"deleted-count": fmt.Sprint(r.EdgesAltered),
	}
	for id, v := range want {
		if got := htmlValue(t, page, id); got != v {
			t.Errorf("report %s = %q, anonymize --json says %q", id, got, v)
		}
	}
	if !strings.Contains(page, fmt.Sprintf(`data-met="%v"`, r.TargetReached)) {
		t.Errorf("verdict does not say target met = %v", r.TargetReached)
	}
	// The hand-checkable karate numbers: 15 of 34 nodes are unique under
	// count at d = 1 (the reference paper's Table 2 reports 44% for karate).
	if r.UniqueBefore != 15 || r.Nodes != 34 {
		t.Errorf("karate: %d of %d unique, want 15 of 34", r.UniqueBefore, r.Nodes)
	}

	// Every metric of anonet utility, with the same values.
	ustdout, stderr, code := runCLI(t, "utility", "karate", out, "--mapping", mapping, "--json")
	if code != 0 {
		t.Fatalf("utility: exit %d: %s", code, stderr)
	}
	var u utilityResult
	if err := json.Unmarshal([]byte(ustdout), &u); err != nil {
		t.Fatal(err)
	}
	if len(u.Metrics) == 0 {
		t.Fatal("utility --json has no metrics")
	}
	for _, m := range u.Metrics {
		row := regexp.MustCompile(`<tr id="metric-` + regexp.QuoteMeta(m.Name) + `">.*</tr>`).FindString(page)
		if row == "" {
			t.Errorf("report lacks the utility metric %s", m.Name)
			continue
		}
		vals := regexp.MustCompile(`data-value="([^"]*)"`).FindAllStringSubmatch(row, -1)
		if len(vals) != 2 {
			t.Errorf("metric %s: row %q has %d values", m.Name, row, len(vals))
			continue
		}
		for i, jv := range []*float64{m.Original, m.Anonymized} {
			got, err := strconv.ParseFloat(vals[i][1], 64)
			if err != nil {
				t.Errorf("metric %s: %v", m.Name, err)
				continue
			}
			if (jv == nil) != math.IsNaN(got) || (jv != nil && *jv != got) {
				t.Errorf("metric %s: report %v, utility --json %v", m.Name, got, *jv)
			}
		}
		pres := strings.Contains(row, `class="yes preserved"`)
		if m.Preserved != nil && *m.Preserved != pres {
			t.Errorf("metric %s: report preserved %v, utility --json %v", m.Name, pres, *m.Preserved)
		}
	}
	if got := htmlValue(t, page, "preserved-count"); got != fmt.Sprint(u.Preserved) {
		t.Errorf("preserved count %s, utility --json %d", got, u.Preserved)
	}

	// --plot wrote every figure of the report as SVG and PNG.
	for _, name := range []string{"class_sizes", "anonymity_cascade", "trace", "degree_distribution",
		"clustering_by_degree", "community_sizes", "deleted_edges_by_degree"} {
		for _, ext := range []string{".svg", ".png"} {
			if st, err := os.Stat(filepath.Join(plots, name+ext)); err != nil || st.Size() == 0 {
				t.Errorf("--plot: %s%s missing or empty", name, ext)
			}
		}
	}

	// anonet report on the written pair shows the same numbers.
	html2 := filepath.Join(dir, "report2.html")
	rstdout, stderr, code := runCLI(t, "report", "karate", out, "--trace", trace, "--mapping", mapping, "-o", html2, "--json")
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	var rr reportResult
	if err := json.Unmarshal([]byte(rstdout), &rr); err != nil {
		t.Fatal(err)
	}
	if rr.UniqueBefore != r.UniqueBefore || rr.NotKAnonymousAfter != r.NotKAnonymousAfter || rr.TargetReached != r.TargetReached ||
		rr.EdgesDeleted == nil || *rr.EdgesDeleted != r.EdgesAltered || rr.MetricsPreserved != u.Preserved {
		t.Errorf("report --json %+v disagrees with anonymize --json %+v or utility --json (%d preserved)", rr, r, u.Preserved)
	}
	b2, err := os.ReadFile(html2)
	if err != nil {
		t.Fatal(err)
	}
	page2 := string(b2)
	for _, id := range []string{"nodes-before", "edges-before", "edges-after", "unique-before", "unique-after",
		"not-k-before", "not-k-after", "run-target", "run-target-met", "deleted-count", "cascade-before", "cascade-after", "preserved-count"} {
		if a, b := htmlValue(t, page, id), htmlValue(t, page2, id); a != b {
			t.Errorf("%s: anonymize --report %q, report %q", id, a, b)
		}
	}
	if !strings.Contains(page2, `id="fig-trace"`) {
		t.Errorf("report --trace has no trace figure")
	}
}

func TestReportErrors(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, []byte("x"), 0o644)
	badTrace := filepath.Join(dir, "trace.csv")
	os.WriteFile(badTrace, []byte("a,b\n1,2\n"), 0o644)
	out := filepath.Join(dir, "o.html")
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report", "karate"}, 2, "needs ORIGINAL and RELEASE"},
		{[]string{"report", "karate", "karate"}, 2, "no output file"},
		{[]string{"report", "karate", "karate", "-o", out, "--trace", badTrace}, 2, `no column "edges_altered"`},
		{[]string{"report", "karate", "karate", "-o", out, "--plot", notDir}, 2, "is a file"},
		{[]string{"anonymize", "karate", "-o", filepath.Join(dir, "a.edges"), "--report", filepath.Join(dir, "a.edges")}, 2, "name the same file"},
		{[]string{"report", "karate", "karate", "-o", out, "--alpha", "2"}, 2, "--alpha"},
	}
	for _, tc := range tests {
		_, stderr, code := runCLI(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("anonet %s: exit %d, stderr %q; want exit %d with %q", strings.Join(tc.args, " "), code, stderr, tc.code, tc.msg)
		}
	}
}

// TestPlotFlags checks that --plot on measure and utility writes their
// figures as SVG and PNG files.
func TestPlotFlags(t *testing.T) {
	dir := t.TempDir()
	anon, mapping := filepath.Join(dir, "a.edges"), filepath.Join(dir, "map.tsv")
	if _, stderr, code := runCLI(t, "anonymize", "karate", "-o", anon, "--mapping", mapping, "--variant", "full"); code != 0 {
		t.Fatalf("anonymize: %s", stderr)
	}
	tests := []struct {
		args  []string
		files []string
	}{
		{[]string{"measure", "karate"}, []string{"class_sizes", "anonymity_cascade", "degree_distribution", "clustering_by_degree", "community_sizes"}},
		{[]string{"measure", "karate", "--measure", "degree,count"}, []string{"degree/class_sizes", "count/class_sizes", "count/degree_distribution"}},
		{[]string{"utility", "karate", anon, "--mapping", mapping}, []string{"degree_distribution", "clustering_by_degree", "community_sizes", "deleted_edges_by_degree"}},
	}
	for i, tc := range tests {
		plots := filepath.Join(dir, fmt.Sprint("plots", i))
		if _, stderr, code := runCLI(t, append(tc.args, "--plot", plots)...); code != 0 {
			t.Errorf("anonet %s --plot: exit %d: %s", strings.Join(tc.args, " "), code, stderr)
			continue
		}
		for _, f := range tc.files {
			for _, ext := range []string{".svg", ".png"} {
				if st, err := os.Stat(filepath.Join(plots, f+ext)); err != nil || st.Size() == 0 {
					t.Errorf("anonet %s --plot: %s%s missing or empty", strings.Join(tc.args, " "), f, ext)
				}
			}
		}
	}
}

// TestReportFuzzyAndStdout: with a fuzzy target the report's verdict and
// counts are the run's (the exact partition would call the release unsafe),
// and anonet report -o - writes the page to stdout, not to a file named -.
func TestReportFuzzyAndStdout(t *testing.T) {
	dir := t.TempDir()
	out, html := filepath.Join(dir, "k.edges"), filepath.Join(dir, "r.html")
	r, page := anonymizeReported(t, html, "karate", "-o", out, "--variant", "full", "--fuzzy", "20",
		"--mapping", filepath.Join(dir, "m.tsv"), "--report", html, "--json")
	if !r.TargetReached || !strings.Contains(page, `data-met="true"`) {
		t.Errorf("run reached %v, report verdict: met=%v", r.TargetReached, strings.Contains(page, `data-met="true"`))
	}
	if got := htmlValue(t, page, "not-k-after"); got != fmt.Sprint(r.NotKAnonymousAfter) {
		t.Errorf("report not-k-after = %s, the run says %d", got, r.NotKAnonymousAfter)
	}

	t.Chdir(dir) // restored by the test framework
	stdout, stderr, code := runCLI(t, "report", "karate", out, "--mapping", "m.tsv", "-o", "-")
	if code != 0 {
		t.Fatalf("report -o -: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `id="verdict"`) {
		t.Errorf("report -o - did not write the page to stdout")
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Errorf("report -o - created a file named -")
	}
}

// TestReportReleaseRecord: anonet report takes its target from the record
// beside the release (RELEASE.anonet.json) unless flags say otherwise,
// ignores a record of another release and refuses a malformed one; and
// --public writes the public report.
func TestReportReleaseRecord(t *testing.T) {
	dir := t.TempDir()
	rel := filepath.Join(dir, "k.edges")
	if _, stderr, code := runCLI(t, "convert", "karate", rel); code != 0 {
		t.Fatalf("convert: %s", stderr)
	}
	html := filepath.Join(dir, "r.html")
	report := func(args ...string) reportResult {
		t.Helper()
		stdout, stderr, code := runCLI(t, append([]string{"report", "karate", rel, "-o", html, "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("report %v: exit %d: %s", args, code, stderr)
		}
		var r reportResult
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	record := func(rec releaseRecord) {
		t.Helper()
		f, err := os.Create(recordPath(rel))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := writeReleaseRecord(f, rec); err != nil {
			t.Fatal(err)
		}
	}
	// Without a record, every node must be 2-anonymous under count: karate
	// itself has 15 unique nodes.
	if r := report(); r.Target != 34 || r.TargetReached || r.State != "red" || r.Public {
		t.Errorf("no record: target %d, reached %v, state %s, public %v; want 34, false, red, false", r.Target, r.TargetReached, r.State, r.Public)
	}
	partial := releaseRecord{Format: recordFormat, Version: 1, Measure: "count", D: 1, K: 2, Variant: "partial", Alpha: 0.5, Nodes: 34, Edges: 78, Target: 17, Met: true}
	record(partial)
	// The target met, the verdict is not red (amber: stronger attackers
	// single out people in karate itself).
	if r := report(); r.Target != 17 || !r.TargetReached || r.State == "red" {
		t.Errorf("record alpha 0.5: target %d, reached %v, state %s; want 17, true, not red", r.Target, r.TargetReached, r.State)
	}
	if r := report("--alpha", "1"); r.Target != 34 || r.TargetReached {
		t.Errorf("--alpha 1 over the record: target %d, reached %v; want 34, false", r.Target, r.TargetReached)
	}
	// The record's k is the report's: karate has 17 nodes in classes
	// smaller than 3 under count (15 unique and a pair; anonet measure
	// karate -k 3 says the same).
	k3 := partial
	k3.K = 3
	record(k3)
	if r := report(); r.NotKAnonymousAfter != 17 {
		t.Errorf("record k = 3: %d nodes not 3-anonymous, want 17", r.NotKAnonymousAfter)
	}
	if r := report("-k", "2"); r.NotKAnonymousAfter != 15 {
		t.Errorf("-k 2 over the record: %d nodes not 2-anonymous, want 15", r.NotKAnonymousAfter)
	}
	stale := partial
	stale.Edges = 77
	record(stale)
	if r := report(); r.Target != 34 {
		t.Errorf("a record of another release was used: target %d, want 34", r.Target)
	}
	bad := partial
	bad.Format = "something"
	record(bad)
	if _, stderr, code := runCLI(t, "report", "karate", rel, "-o", html); code != 2 || !strings.Contains(stderr, "release record") {
		t.Errorf("a malformed record: exit %d, %q; want exit 2 naming the release record", code, stderr)
	}
	os.Remove(recordPath(rel))

	// --public: the release's statistics, nothing of the original.
	if r := report("--public"); !r.Public {
		t.Errorf("--public: the result says public = false")
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"run-input", "unique-before", "not-k-before", "utility-table", "fig-deleted_edges_by_degree", "internal-notice"} {
		if strings.Contains(string(page), `id="`+id+`"`) {
			t.Errorf("public report has %s", id)
		}
	}
	if !strings.Contains(string(page), `id="public-notice"`) {
		t.Errorf("public report does not say so")
	}
}

// TestReleaseRecordRoundTrip: the record of a run reads back as written,
// with the run's target.
func TestReleaseRecordRoundTrip(t *testing.T) {
	g, _, err := graph.FromEdges(6, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}, {U: 3, V: 4}, {U: 4, V: 5}, {U: 1, V: 4}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := anonymize.Run(g, anonymize.Config{Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Partial, Alpha: 0.5, Strategy: anonymize.UA, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := newReleaseRecord(res, []string{"sex"}, g.NumNodes(), g.NumEdges())
	want := releaseRecord{Format: recordFormat, Version: 1, Measure: "count", D: 1, K: 2, Variant: "partial", Alpha: 0.5,
		Known: []string{"sex"}, Nodes: 6, Edges: g.NumEdges(), Target: 3, Met: res.TargetReached}
	if !reflect.DeepEqual(rec, want) {
		t.Errorf("record %+v, want %+v", rec, want)
	}
	path := filepath.Join(t.TempDir(), "r.edges")
	f, err := os.Create(recordPath(path))
	if err != nil {
		t.Fatal(err)
	}
	if err := writeReleaseRecord(f, rec); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, p, err := readReleaseRecord(path)
	if err != nil || p != path+".anonet.json" || !reflect.DeepEqual(*got, rec) {
		t.Errorf("read back %+v from %s (%v), want %+v", got, p, err, rec)
	}
	if got, p, err := readReleaseRecord(filepath.Join(t.TempDir(), "none.edges")); got != nil || p != "" || err != nil {
		t.Errorf("no record: %v, %q, %v", got, p, err)
	}
	if recordPath("-") != "" {
		t.Errorf("stdout has a record path")
	}
}

// TestReadTracePhases: the released state of a trace is found by the run's
// rule (a refinement row is always the best so far), and the phases are
// kept for the figure.
func TestReadTracePhases(t *testing.T) {
	path := filepath.Join(t.TempDir(), "trace.csv")
	os.WriteFile(path, []byte(anonymize.TraceHeader+"\n"+
		"0,0,0,3,0.3,3,0,0,strategy,3\n"+
		"1,2,0.2,1,0.1,1,0,0,strategy,1\n"+
		"2,4,0.4,0,0,0,0,0,strategy,0\n"+
		"3,3,0.3,0,0,0,0,0,restore,0\n"+
		"4,2,0.2,0,0,0,0,0,anneal,0\n"), 0o644)
	pts, best, err := readTrace(path)
	if err != nil {
		t.Fatal(err)
	}
	if best != 4 || len(pts) != 5 || pts[3].Phase != "restore" || pts[0].Phase != "strategy" {
		t.Errorf("best %d, points %+v; want the last refinement row", best, pts)
	}
	// An old trace without the phase column: every row is the strategy's.
	old := filepath.Join(t.TempDir(), "old.csv")
	os.WriteFile(old, []byte("iteration,edges_altered,unique,not_k_anonymous\n0,0,3,3\n1,2,1,1\n2,4,0,0\n3,5,0,0\n"), 0o644)
	if pts, best, err := readTrace(old); err != nil || best != 2 || pts[3].Phase != "strategy" {
		t.Errorf("old trace: best %d (%v), points %+v; want 2", best, err, pts)
	}
}

// TestReportFlagsOutputs: --report and --public-report are two outputs of
// one input, the second made public.
func TestReportFlagsOutputs(t *testing.T) {
	dir := t.TempDir()
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, quiet: true}
	rf := reportFlags{html: filepath.Join(dir, "full.html"), public: filepath.Join(dir, "public.html")}
	if !rf.wanted() || !(&reportFlags{public: "p"}).wanted() {
		t.Errorf("wanted() is false with a report asked for")
	}
	outs := e.newOutputs()
	if err := rf.addOutputs(outs); err != nil {
		t.Fatal(err)
	}
	in := &report.Input{
		Run:    report.Run{Input: "secret-original.edges", Release: "r.edges", Measure: "count", D: 1, K: 2, Target: 2, TargetMet: true},
		Before: &report.Snapshot{Nodes: 2, Edges: 1, Classes: 1, ClassSizes: []report.SizeCount{{Size: 2, Classes: 1}}},
		After:  &report.Snapshot{Nodes: 2, Edges: 1, Classes: 1, ClassSizes: []report.SizeCount{{Size: 2, Classes: 1}}},
	}
	rf.setOutputs(outs, in)
	if err := outs.commit(); err != nil {
		t.Fatal(err)
	}
	full, _ := os.ReadFile(rf.html)
	pub, _ := os.ReadFile(rf.public)
	if !strings.Contains(string(full), `id="internal-notice"`) || !strings.Contains(string(full), "secret-original.edges") {
		t.Errorf("--report is not the full report")
	}
	if !strings.Contains(string(pub), `id="public-notice"`) || strings.Contains(string(pub), "secret-original.edges") {
		t.Errorf("--public-report is not the public report")
	}
	if in.Public {
		t.Errorf("setOutputs made the caller's input public")
	}
}
