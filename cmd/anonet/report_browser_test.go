package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/internal/testenv"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/report"
)

// chromium returns the path of a headless-capable Chromium, or skips.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium not found; install the Debian package chromium to run the browser test")
	return ""
}

// runChromium runs headless Chromium on url with extra arguments and
// returns its stdout and stderr.
func runChromium(t *testing.T, bin, url string, args ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), url)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
	}
	return out.String(), errb.String()
}

// consoleLines returns the page's console messages in Chromium's log: the
// report runs no script, so every one is an error (a failed load, a CSS
// or SVG parse error reported by the page).
func consoleLines(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, ":CONSOLE") {
			out = append(out, l)
		}
	}
	return out
}

// probe is added to a copy of the report, only in this test: it records
// the laid-out size of every <svg>, every error event (a script error or a
// resource that failed to load), the page's full height, the verdict's
// state, and for every figure the number of filled shapes at least a pixel
// wide and high (bars, legend keys) in the original's blue and the
// release's vermilion, and the number of marks of any kind in that blue,
// as JSON in a <pre> that --dump-dom prints.
const probe = `<script>
window.__errors = [];
window.addEventListener("error", function (e) { window.__errors.push(String(e.message || (e.target && e.target.outerHTML))); }, true);
window.addEventListener("load", function () {
  var sizes = [], figures = {}, blue = 0;
  document.querySelectorAll("svg").forEach(function (s) { var r = s.getBoundingClientRect(); sizes.push([r.width, r.height]); });
  document.querySelectorAll("figure").forEach(function (f) {
    var n = {blue: 0, orange: 0};
    f.querySelectorAll("svg path").forEach(function (p) {
      var st = p.getAttribute("style") || "", b = p.getBBox();
      if (st.indexOf("#0072B2") >= 0) blue++;
      if (b.width < 1 || b.height < 1) return;
      if (st.indexOf("fill:#0072B2") >= 0) n.blue++;
      if (st.indexOf("fill:#D55E00") >= 0) n.orange++;
    });
    figures[f.id] = n;
  });
  var v = document.getElementById("verdict");
  var p = document.createElement("pre");
  p.id = "anonet-probe";
  p.textContent = JSON.stringify({svgs: sizes, errors: window.__errors, height: document.documentElement.scrollHeight,
    state: v ? v.getAttribute("data-state") : "", figures: figures, blue_marks: blue});
  document.body.appendChild(p);
});
</script>`

// pageCheck is what the browser saw of a page.
type pageCheck struct {
	Console []string     // console messages in Chromium's log
	SVGs    [][2]float64 `json:"svgs"`   // laid-out width and height of every <svg>
	Errors  []string     `json:"errors"` // error events: script errors, failed loads
	Height  int          `json:"height"` // the page's full height in pixels
	State   string       `json:"state"`  // the verdict's data-state
	// Figures counts, by figure id, the filled shapes (bars and legend
	// keys) in the original's blue and the release's vermilion.
	Figures map[string]struct{ Blue, Orange int } `json:"figures"`
	// BlueMarks counts the marks of any kind in the original's blue.
	BlueMarks int `json:"blue_marks"`
}

// inspect loads the page at path twice in headless Chromium: as it is,
// collecting the console messages from Chromium's log, and as a copy with
// the probe, whose result --dump-dom returns.
func inspect(t *testing.T, bin, path string) pageCheck {
	t.Helper()
	_, log := runChromium(t, bin, "file://"+path, "--virtual-time-budget=5000", "--dump-dom")
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	probed := filepath.Join(t.TempDir(), "probed.html")
	if err := os.WriteFile(probed, bytes.Replace(page, []byte("<head>"), []byte("<head>"+probe), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	dom, _ := runChromium(t, bin, "file://"+probed, "--window-size=1100,900", "--virtual-time-budget=5000", "--dump-dom")
	m := regexp.MustCompile(`<pre id="anonet-probe">([^<]*)</pre>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the probe did not run; DOM:\n%.500s", dom)
	}
	var c pageCheck
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &c); err != nil {
		t.Fatalf("probe result %q: %v", m[1], err)
	}
	c.Console = consoleLines(log)
	return c
}

// problems lists what is wrong with a page that should show nsvg figures.
func (c pageCheck) problems(nsvg int) []string {
	var out []string
	for _, l := range c.Console {
		out = append(out, "console: "+l)
	}
	for _, e := range c.Errors {
		out = append(out, "error event: "+e)
	}
	if len(c.SVGs) != nsvg {
		out = append(out, fmt.Sprintf("browser laid out %d <svg>, the file has %d", len(c.SVGs), nsvg))
	}
	for i, s := range c.SVGs {
		if s[0] < 100 || s[1] < 50 {
			out = append(out, fmt.Sprintf("<svg> %d is %v×%v pixels", i, s[0], s[1]))
		}
	}
	return out
}

// TestReportInBrowser opens the report of a shared network in headless
// Chromium: the page must load without console messages or error events,
// every figure must be laid out with a non-zero size, and a full-page
// screenshot must show the page (not a blank one) with the figures' colours
// in it. The same checks must catch a deliberately broken copy.
func TestReportInBrowser(t *testing.T) {
	bin := chromium(t)
	network := shareddata.Path(t, "anonet", "out.moreno_innovation.nauty")
	dir := t.TempDir()
	report := filepath.Join(dir, "report.html")
	anon, mapping := filepath.Join(dir, "anon.edges"), filepath.Join(dir, "map.tsv")
	if _, stderr, code := runCLI(t, "anonymize", network, "-o", anon, "--mapping", mapping, "--variant", "full", "--report", report); code != 0 {
		t.Fatalf("anonymize --report: exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	nsvg := bytes.Count(page, []byte("<svg"))
	if nsvg != 8 {
		t.Fatalf("report has %d figures, want 8", nsvg)
	}
	res := inspect(t, bin, report)
	for _, p := range res.problems(nsvg) {
		t.Error(p)
	}
	if res.Height < 2000 {
		t.Errorf("page height %d pixels; too short for the report", res.Height)
	}
	// The class sizes and the attack are drawn as bars of both sides
	// (one of the release's class-size bands may be empty: at least two
	// shapes each, with the legend's key).
	for _, fig := range []string{"fig-class_sizes", "fig-reidentification"} {
		if n := res.Figures[fig]; n.Blue < 2 || n.Orange < 2 {
			t.Errorf("%s: %d blue and %d vermilion bars laid out, want at least 2 of each", fig, n.Blue, n.Orange)
		}
	}
	// The default release meets its target (count, d = 1, k = 2), but
	// stronger attackers still single people out (vrq at d = 1 finds 225 of
	// the 241 unique), so the banner must be amber, not green.
	if res.State != "amber" {
		t.Errorf("verdict state %q, want amber", res.State)
	}

	// The public report of the same release shows nothing of the
	// original: no mark in the original's blue, in any figure.
	public := filepath.Join(dir, "public.html")
	if _, stderr, code := runCLI(t, "report", network, anon, "--mapping", mapping, "--public", "-o", public); code != 0 {
		t.Fatalf("report --public: exit %d: %s", code, stderr)
	}
	ppage, err := os.ReadFile(public)
	if err != nil {
		t.Fatal(err)
	}
	pres := inspect(t, bin, public)
	for _, p := range pres.problems(bytes.Count(ppage, []byte("<svg"))) {
		t.Errorf("public report: %s", p)
	}
	if pres.BlueMarks != 0 {
		t.Errorf("public report: %d marks in the original's blue", pres.BlueMarks)
	}
	if n := pres.Figures["fig-class_sizes"]; n.Orange < 1 {
		t.Errorf("public report: the class-size figure has no bar of the release")
	}
	for _, id := range []string{"fig-trace", "fig-deleted_edges_by_degree", "utility-table", "internal-notice"} {
		if bytes.Contains(ppage, []byte(`id="`+id+`"`)) {
			t.Errorf("public report has %s", id)
		}
	}

	// The checks can fail: a copy with a script error, a missing image and
	// an empty figure must show all three.
	broken := filepath.Join(dir, "broken.html")
	bad := bytes.Replace(page, []byte("<footer>"), []byte(`<script>undefinedFunction();</script><img src="missing.png"><svg width="0" height="0"></svg><footer>`), 1)
	if err := os.WriteFile(broken, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	bres := inspect(t, bin, broken)
	if len(bres.Console) == 0 || len(bres.Errors) < 2 || len(bres.problems(nsvg+1)) < 4 {
		t.Errorf("the checks missed a broken page: %q", bres.problems(nsvg+1))
	}
	t.Logf("a broken copy is caught: %q", bres.problems(nsvg+1))

	// A full-page screenshot: the window as tall as the page.
	shot := filepath.Join(dir, "report.png")
	runChromium(t, bin, "file://"+report, "--window-size=1100,"+strconv.Itoa(res.Height), "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dy() < res.Height {
		t.Errorf("screenshot is %d pixels high, the page %d", b.Dy(), res.Height)
	}
	dark, blue, orange := countPixels(img)
	total := img.Bounds().Dx() * img.Bounds().Dy()
	if dark < total/200 {
		t.Errorf("screenshot nearly blank: %d of %d pixels dark", dark, total)
	}
	if blue == 0 || orange == 0 {
		t.Errorf("screenshot lacks the figures' colours: %d blue, %d orange pixels", blue, orange)
	}
}

// countPixels counts dark pixels (text, axes) and pixels of the figures'
// "original" blue and "release" orange.
func countPixels(img image.Image) (dark, blue, orange int) {
	near := func(a, b uint32) bool { return a/257+12 >= b && a/257 <= b+12 }
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r/257 < 100 && g/257 < 100 && bl/257 < 100 {
				dark++
			}
			if near(r, 0x00) && near(g, 0x72) && near(bl, 0xb2) {
				blue++
			}
			if near(r, 0xd5) && near(g, 0x5e) && near(bl, 0x00) {
				orange++
			}
		}
	}
	return dark, blue, orange
}

// example is a report the screenshot test builds: a release, with its
// mapping and trace, of an original network.
type example struct {
	name, state               string
	orig, rel, mapping, trace string
	measure                   string
	k                         int
	title                     string
	costs                     []report.Cost // what stronger protection would cost here
}

// build makes the report of the example as anonet report does, with its
// real verdict.
func (x example) build(t *testing.T) *report.Input {
	t.Helper()
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, quiet: true, seed: 1, threads: 2}
	e.intr.ctx = context.Background()
	og, _, err := graphio.ReadFile(x.orig, graphio.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rg, _, err := graphio.ReadFile(x.rel, graphio.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := measure.Parse(x.measure)
	if err != nil {
		t.Fatal(err)
	}
	corr, err := readMapping(x.mapping, og, rg)
	if err != nil {
		t.Fatal(err)
	}
	rp := releasePair{orig: og, release: rg, corr: corr, m: m, best: -1, run: report.Run{
		Input: filepath.Base(x.orig), Release: filepath.Base(x.rel), Measure: m.Name(), D: 1, K: x.k,
		Variant: "full", Alpha: 1, Target: anonymize.Target(1, rg.NumNodes()),
	}}
	if rp.trace, rp.best, err = readTrace(x.trace); err != nil {
		t.Fatal(err)
	}
	in, err := e.buildReport(rp)
	if err != nil {
		t.Fatal(err)
	}
	in.Title, in.Costs = x.title, x.costs
	return in
}

// - red: karate with a budget of 3 deletions (--allow-unmet).
func TestReportScreenshots(t *testing.T) {
	testenv.Heavy(t)
	bin := chromium(t)
	health := shareddata.Path(t, "anonet", "out.moreno_health_health.nauty")
	dir := t.TempDir()
	karate := filepath.Join(dir, "karate.edges")
	if _, stderr, code := runCLI(t, "convert", "karate", karate); code != 0 {
		t.Fatalf("convert: %s", stderr)
	}
	anonymizeTo := func(name, orig string, args ...string) (rel, mapping, trace string) {
		rel, mapping, trace = filepath.Join(dir, name+".edges"), filepath.Join(dir, name+".tsv"), filepath.Join(dir, name+".csv")
		if _, stderr, code := runCLI(t, append([]string{"anonymize", orig, "-o", rel, "--mapping", mapping, "--trace", trace, "--no-ladder"}, args...)...); code != 0 {
			t.Fatalf("anonymize %s: exit %d: %s", name, code, stderr)
		}
		return rel, mapping, trace
	}
	var examples []example
	{
		// A release no attacker of the ladder or the seeded attack breaks:
		// lesmis, 5-automorphic.
		lesmis := filepath.Join(dir, "lesmis.edges")
		if _, stderr, code := runCLI(t, "convert", "lesmis", lesmis); code != 0 {
			t.Fatalf("convert: %s", stderr)
		}
		rel, mapping, trace := anonymizeTo("lesmis-auto5", lesmis, "--measure", "automorphism", "-k", "5")
		examples = append(examples, example{name: "green", state: "green", orig: lesmis, rel: rel, mapping: mapping, trace: trace,
			measure: "automorphism", k: 5, title: "Les Misérables, 5-anonymous under automorphism"})
	}
	{
		rel, mapping, trace := anonymizeTo("health-count", health)
		// What stronger protection costs here: releases made under dk and
		// under automorphism, and the attack on them with 10 seeds.
		var costs []report.Cost
		for _, c := range []struct{ measure, k string }{{"dk", "2"}, {"automorphism", "2"}} {
			name := "health-" + c.measure
			crel, cmapping, _ := anonymizeTo(name, health, "--measure", c.measure, "-k", c.k)
			stdout, stderr, code := runCLI(t, "attack", health, crel, "--mapping", cmapping, "--seeds", "10", "--json")
			if code != 0 {
				t.Fatalf("attack %s: %s", name, stderr)
			}
			var a attackResult
			if err := json.Unmarshal([]byte(stdout), &a); err != nil {
				t.Fatal(err)
			}
			g, _, err := graphio.ReadFile(crel, graphio.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			m, _ := measure.Parse(c.measure)
			costs = append(costs, report.Cost{Measure: c.measure, D: 1, Attacker: m.Knows(1), EdgesKept: g.NumEdges(), Edges: 10455,
				ReIdentified: a.Attacks[0].Fraction, Seeds: 10})
		}
		examples = append(examples, example{name: "amber", state: "amber", orig: health, rel: rel, mapping: mapping, trace: trace,
			measure: "count", k: 2, title: "moreno_health, 2-anonymous under count", costs: costs})
	}
	{
		rel, mapping, trace := anonymizeTo("karate-budget3", karate, "--budget", "3", "--allow-unmet")
		examples = append(examples, example{name: "red", state: "red", orig: karate, rel: rel, mapping: mapping, trace: trace,
			measure: "count", k: 2, title: "karate, 3 deletions allowed"})
	}
	save := os.Getenv("ANONET_SCREENSHOTS")
	for _, x := range examples {
		in := x.build(t)
		if got := string(report.State(in)); got != x.state {
			t.Errorf("%s: the report's state is %s", x.name, got)
		}
		page := filepath.Join(dir, x.name+".html")
		f, err := os.Create(page)
		if err != nil {
			t.Fatal(err)
		}
		if err := report.WriteHTML(f, in); err != nil {
			t.Fatal(err)
		}
		f.Close()
		b, _ := os.ReadFile(page)
		res := inspect(t, bin, page)
		for _, p := range res.problems(bytes.Count(b, []byte("<svg"))) {
			t.Errorf("%s: %s", x.name, p)
		}
		if res.State != x.state {
			t.Errorf("%s: the browser shows the state %q", x.name, res.State)
		}
		if n := res.Figures["fig-class_sizes"]; n.Blue < 2 || n.Orange < 2 {
			t.Errorf("%s: class-size figure with %d blue and %d vermilion bars", x.name, n.Blue, n.Orange)
		}
		shot := filepath.Join(dir, "report-"+x.name+".png")
		runChromium(t, bin, "file://"+page, "--window-size=1000,"+strconv.Itoa(res.Height), "--screenshot="+shot)
		if save != "" {
			png, err := os.ReadFile(shot)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(save, "report-"+x.name+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s (%d bytes)", filepath.Join(save, "report-"+x.name+".png"), len(png))
		}
	}
}
