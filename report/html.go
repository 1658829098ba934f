package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteHTML writes the report of in to w: one self-contained HTML page
// (inline CSS and SVG figures, no script, no external reference).
func WriteHTML(w io.Writer, in *Input) error {
	page := struct {
		*Input
		Title    string
		Figures  map[string]figure
		Meaning  []string
		Preserve int
	}{Input: in, Title: in.Title, Figures: map[string]figure{}}
	if page.Title == "" {
		page.Title = "anonet report"
	}
	for _, c := range Figures(in) {
		svg, err := c.InlineSVG()
		if err != nil {
			return err
		}
		// The SVG comes from gonum/plot's renderer, not from user input;
		// text in it (titles, labels) is escaped by the renderer.
		page.Figures[c.Name] = figure{SVG: template.HTML(svg), Caption: c.Caption, Name: c.Name, Omitted: c.Omitted()}
	}
	for _, m := range in.Utility {
		if m.Preserved {
			page.Preserve++
		}
	}
	page.Meaning = Meaning(in)
	if err := reportTemplate.Execute(w, page); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

type figure struct {
	Name    string
	SVG     template.HTML
	Caption string
	Omitted int
}

// Thousands formats n with comma thousands separators, as 36,692.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// percent formats part/whole as a percentage with one decimal.
func percent(part, whole int) string {
	if whole == 0 {
		return "n/a"
	}
	return strconv.FormatFloat(100*float64(part)/float64(whole), 'f', 1, 64) + "%"
}

// value formats a metric value; NaN is "n/a".
func value(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return "n/a"
	case x == math.Trunc(x) && math.Abs(x) < 1e9:
		return Thousands(int(x))
	case math.Abs(x) >= 100:
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	return strconv.FormatFloat(x, 'f', 4, 64)
}

// seconds formats a duration in seconds with three significant digits.
func seconds(s float64) string {
	if s < 1 {
		return strconv.FormatFloat(1000*s, 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(s, 'f', 2, 64) + " s"
}

// change formats a relative change as a signed percentage.
func change(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "n/a"
	}
	return fmt.Sprintf("%+.1f%%", 100*x)
}

func cascadeTotal(s *Snapshot) int {
	if s == nil || len(s.Cascade) == 0 {
		return 0
	}
	return s.Cascade[len(s.Cascade)-1]
}

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"n":       Thousands,
	"pct":     percent,
	"value":   value,
	"change":  change,
	"cascade": cascadeTotal,
	"frac":    func(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" },
	"sub":     func(a, b int) int { return a - b },
	"seconds": seconds,
	"join":    strings.Join,
}).Parse(reportHTML))

const reportHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem 1.5rem 3rem; color: #1a1a1a; line-height: 1.45; }
h1 { font-size: 1.7rem; margin-bottom: .2rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.2rem; }
.sub { color: #555; margin-top: 0; }
.verdict { border-radius: 6px; padding: .8rem 1rem; font-size: 1.1rem; font-weight: 600; margin: 1rem 0; }
.verdict.met { background: #e3f4e6; border: 2px solid #1b7f35; color: #0f5a23; }
.verdict.unmet { background: #fbe4e2; border: 2px solid #b3261e; color: #7d1a14; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid #e2e2e2; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { border-bottom: 2px solid #999; }
td.yes { color: #1b7f35; font-weight: 600; }
td.no { color: #b3261e; font-weight: 600; }
figure { margin: 1rem 0 1.6rem; }
figure svg { display: block; width: 100%; max-width: 42rem; height: auto; }
figcaption { color: #444; font-size: .92rem; max-width: 42rem; }
.meaning { background: #f4f6fa; border-left: 4px solid #0072b2; padding: .6rem 1rem; }
.note { color: #555; font-size: .92rem; }
footer { margin-top: 3rem; color: #777; font-size: .85rem; }
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p class="sub">{{.Run.Input}}{{if .Run.Release}} → {{.Run.Release}}{{end}} · measure {{.Run.Measure}}{{with .Run.KnownAttributes}} with the attributes {{join . ", "}}{{end}}, d = {{.Run.D}}, k = {{.Run.K}}</p>
{{if .After}}{{if .Run.TargetMet}}<div class="verdict met" id="verdict" data-met="true">✔ Target met: {{n (sub .After.Nodes .After.NotKAnonymous)}} of {{n .After.Nodes}} nodes are {{.Run.K}}-anonymous in the release (needed: {{n .Run.Target}}).</div>
{{else}}<div class="verdict unmet" id="verdict" data-met="false">✘ Target NOT met: only {{n (sub .After.Nodes .After.NotKAnonymous)}} of {{n .After.Nodes}} nodes are {{.Run.K}}-anonymous in the release (needed: {{n .Run.Target}}). Do not publish it as anonymous.</div>
{{end}}{{end}}
</header>

<section id="meaning">
<h2>What this means</h2>
<div class="meaning">{{range .Meaning}}<p>{{.}}</p>{{end}}</div>
</section>

<section id="run">
<h2>The run</h2>
<table>
<tbody>
<tr><th>original network</th><td id="run-input">{{.Run.Input}}</td></tr>
{{if .Run.Release}}<tr><th>release</th><td id="run-release">{{.Run.Release}}</td></tr>{{end}}
<tr><th>anonymity measure</th><td id="run-measure">{{.Run.Measure}}{{with .Run.KnownAttributes}} with the attributes {{join . ", "}}{{end}}</td></tr>
<tr><th>distance d</th><td id="run-d">{{.Run.D}}</td></tr>
<tr><th>k</th><td id="run-k">{{.Run.K}}</td></tr>
{{if .Run.Anonymized}}<tr><th>variant</th><td id="run-variant">{{.Run.Variant}}</td></tr>
<tr><th>algorithm</th><td id="run-algorithm">{{.Run.Algorithm}}</td></tr>
<tr><th>operation</th><td id="run-operation">{{.Run.Operation}}</td></tr>
<tr><th>seed</th><td id="run-seed">{{.Run.Seed}}</td></tr>
<tr><th>budget (alterations)</th><td id="run-budget">{{n .Run.Budget}}</td></tr>
<tr><th>recompute gap (edges per iteration)</th><td id="run-recompute">{{n .Run.Recompute}}</td></tr>
{{if eq .Run.Variant "partial"}}<tr><th>alpha</th><td id="run-alpha">{{.Run.Alpha}}</td></tr>{{end}}
<tr><th>time</th><td id="run-seconds">{{seconds .Run.Seconds}}</td></tr>
{{else}}<tr><th>algorithm</th><td>unknown (report of an existing release)</td></tr>{{end}}
<tr><th>target (nodes k-anonymous)</th><td id="run-target">{{n .Run.Target}}</td></tr>
<tr><th>target met</th><td id="run-target-met" class="{{if .Run.TargetMet}}yes{{else}}no{{end}}">{{if .Run.TargetMet}}yes{{else}}no{{end}}</td></tr>
</tbody>
</table>
</section>

<section id="anonymity">
<h2>Anonymity before and after</h2>
<table>
<thead><tr><th></th><th>original</th>{{if .After}}<th>release</th>{{end}}</tr></thead>
<tbody>
<tr><th>nodes</th><td id="nodes-before">{{n .Before.Nodes}}</td>{{if .After}}<td id="nodes-after">{{n .After.Nodes}}</td>{{end}}</tr>
<tr><th>edges</th><td id="edges-before">{{n .Before.Edges}}</td>{{if .After}}<td id="edges-after">{{n .After.Edges}}</td>{{end}}</tr>
<tr><th>unique nodes</th><td id="unique-before">{{n .Before.Unique}}</td>{{if .After}}<td id="unique-after">{{n .After.Unique}}</td>{{end}}</tr>
<tr><th>unique (share)</th><td>{{pct .Before.Unique .Before.Nodes}}</td>{{if .After}}<td>{{pct .After.Unique .After.Nodes}}</td>{{end}}</tr>
<tr><th>not {{.Run.K}}-anonymous</th><td id="not-k-before">{{n .Before.NotKAnonymous}}</td>{{if .After}}<td id="not-k-after">{{n .After.NotKAnonymous}}</td>{{end}}</tr>
<tr><th>not {{.Run.K}}-anonymous (share)</th><td>{{pct .Before.NotKAnonymous .Before.Nodes}}</td>{{if .After}}<td>{{pct .After.NotKAnonymous .After.Nodes}}</td>{{end}}</tr>
<tr><th>equivalence classes</th><td id="classes-before">{{n .Before.Classes}}</td>{{if .After}}<td id="classes-after">{{n .After.Classes}}</td>{{end}}</tr>
{{if .Before.Cascade}}<tr><th>identifiable by the cascade</th><td id="cascade-before">{{n (cascade .Before)}}</td>{{if .After}}<td id="cascade-after">{{n (cascade .After)}}</td>{{end}}</tr>{{end}}
</tbody>
</table>
{{with index .Figures "class_sizes"}}{{template "fig" .}}{{end}}
{{with index .Figures "anonymity_cascade"}}{{template "fig" .}}{{end}}
</section>

{{with index .Figures "trace"}}<section id="trace">
<h2>The trace</h2>
<p>The algorithm alters a few edges, updates who is anonymous, and repeats. The released state is the one with the fewest nodes that are not k-anonymous, reached with the fewest alterations.</p>
{{template "fig" .}}
</section>{{end}}

{{if .Utility}}<section id="utility">
<h2>Utility: what is left of the network</h2>
<p>Each metric is computed on the original and on the release. A metric is <em>preserved</em> when its change (plus one standard deviation where it is estimated) stays under 5% of the original value. <span id="preserved-count">{{.Preserve}}</span> of {{len .Utility}} metrics are preserved.</p>
<table id="utility-table">
<thead><tr><th>metric</th><th>original</th><th>release</th><th>change</th><th>preserved</th></tr></thead>
<tbody>
{{range .Utility}}<tr id="metric-{{.Name}}"><td>{{.Name}}</td><td class="orig" data-value="{{.Original}}">{{value .Original}}</td><td class="anon" data-value="{{.Anonymized}}">{{value .Anonymized}}</td><td>{{change .RelativeChange}}</td>{{if .Defined}}<td class="{{if .Preserved}}yes{{else}}no{{end}} preserved">{{if .Preserved}}yes{{else}}no{{end}}</td>{{else}}<td title="{{.Note}}">n/a</td>{{end}}</tr>
{{end}}</tbody>
</table>
<p class="note">nmi: "original" is the agreement of Leiden runs on the original with each other (its stability), "release" the agreement between runs on the original and on the release. betweenness_top100_overlap: share of the 100 most central nodes that stay among the 100 most central. degree_ks: the largest gap between the two degree distributions.</p>
{{with index .Figures "degree_distribution"}}{{template "fig" .}}{{end}}
{{with index .Figures "clustering_by_degree"}}{{template "fig" .}}{{end}}
{{with index .Figures "community_sizes"}}{{template "fig" .}}{{end}}
</section>{{else}}{{if or (index .Figures "degree_distribution") (index .Figures "community_sizes")}}<section id="utility">
<h2>Structure</h2>
{{with index .Figures "degree_distribution"}}{{template "fig" .}}{{end}}
{{with index .Figures "clustering_by_degree"}}{{template "fig" .}}{{end}}
{{with index .Figures "community_sizes"}}{{template "fig" .}}{{end}}
</section>{{end}}{{end}}

{{if .After}}<section id="deleted">
<h2>Where the deleted edges were</h2>
{{if .Deleted}}<p><span id="deleted-count">{{n (len .Deleted)}}</span> edges were deleted{{if .Added}} and <span id="added-count">{{n .Added}}</span> added{{end}}. The figure compares the degrees of their ends with those of all edges of the original.</p>
{{with index .Figures "deleted_edges_by_degree"}}{{template "fig" .}}{{end}}
{{else}}<p class="note">Unknown: which node of the release is which node of the original is not known (give the mapping written by anonet anonymize --mapping).{{if .Added}} {{n .Added}} edges were added.{{end}}</p>{{end}}
</section>{{end}}

{{with .Attack}}<section id="reidentification">
<h2>Re-identification under attack</h2>
<table>
<thead><tr><th>seed nodes known</th><th>re-identified in the original</th><th>re-identified in the release</th></tr></thead>
<tbody>
{{range $i, $s := .Seeds}}<tr><td>{{$s}}</td><td>{{frac (index $.Attack.Original $i)}}</td><td>{{frac (index $.Attack.Release $i)}}</td></tr>
{{end}}</tbody>
</table>
{{with index $.Figures "reidentification"}}{{template "fig" .}}{{end}}
</section>{{end}}

<footer>Made by anonet. This page is self-contained: it needs no network access and runs no script.</footer>
</body>
</html>
{{define "fig"}}<figure id="fig-{{.Name}}">{{.SVG}}<figcaption>{{.Caption}}{{if eq .Omitted 1}} (1 point with a zero value is not drawn on the logarithmic scale.){{else if .Omitted}} ({{.Omitted}} points with a zero value are not drawn on the logarithmic scale.){{end}}</figcaption></figure>{{end}}
`
