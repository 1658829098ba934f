package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/anonet-project/anonet/verdict"
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
		Banner   Banner
		Risk     []riskRow
		Bands    []bandRow
		Ladder   []rungRow
		Attacks  []attackRow
		Costs    []costRow
	}{Input: in, Title: in.Title, Figures: map[string]figure{}}
	if page.Title == "" {
		page.Title = "anonet report"
		if in.Public {
			page.Title = "anonet report (public)"
		}
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
	page.Banner = NewBanner(in)
	page.Risk, page.Bands = riskRows(in), bandRows(in)
	page.Ladder, page.Attacks = ladderRows(in.Verdict), attackRows(in.Verdict)
	if !in.Public {
		page.Costs = costRows(in.Costs)
	}
	if err := reportTemplate.Execute(w, page); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// riskRow is a row of the risk summary: a label and the values for the
// original and the release ("" when not shown).
type riskRow struct {
	ID, Label, Before, After string
}

// sidesShown returns the original's and the release's snapshots as far as
// the report shows them (a public report does not show the original).
func (in *Input) sidesShown() (before, after *Snapshot) {
	before, after = in.Before, in.After
	if in.Public && after != nil {
		before = nil
	}
	if before != nil && len(before.ClassSizes) == 0 {
		before = nil
	}
	if after != nil && len(after.ClassSizes) == 0 {
		after = nil
	}
	return before, after
}

// riskRows are the rows of the risk summary of the networks shown.
func riskRows(in *Input) []riskRow {
	before, after := in.sidesShown()
	if before == nil && after == nil {
		return nil
	}
	k := in.Run.K
	rb, ra := NewRisk(before, k), NewRisk(after, k)
	cell := func(s *Snapshot, r Risk, f func(Risk) string) string {
		if s == nil {
			return ""
		}
		return f(r)
	}
	share := func(n func(Risk) int) func(Risk) string {
		return func(r Risk) string { return Thousands(n(r)) + " (" + percent(n(r), r.People) + ")" }
	}
	rows := []struct {
		id, label string
		f         func(Risk) string
	}{
		{"risk-people", "people", func(r Risk) string { return Thousands(r.People) }},
		{"risk-expected", "expected re-identifications (number of classes)", func(r Risk) string { return Thousands(r.Classes) }},
		{"risk-average", "average risk per person", func(r Risk) string { return percentOf(r.Average()) }},
		{"risk-highest", "highest individual risk (1 / smallest class)", func(r Risk) string {
			return percentOf(r.Highest()) + " (a class of " + Thousands(r.Smallest) + ")"
		}},
		{"risk-unique", "people alone in their class (unique)", share(func(r Risk) int { return r.Unique })},
		{"risk-below3", "people in classes smaller than 3", share(func(r Risk) int { return r.Below3 })},
		{"risk-below5", "people in classes smaller than 5", share(func(r Risk) int { return r.Below5 })},
		{"risk-below10", "people in classes smaller than 10", share(func(r Risk) int { return r.Below10 })},
	}
	var out []riskRow
	for _, row := range rows {
		out = append(out, riskRow{ID: row.id, Label: row.label, Before: cell(before, rb, row.f), After: cell(after, ra, row.f)})
	}
	if k != 2 && k != 3 && k != 5 && k != 10 && k > 1 {
		f := share(func(r Risk) int { return r.BelowK })
		out = append(out, riskRow{ID: "risk-belowk", Label: fmt.Sprintf("people in classes smaller than k = %d", k), Before: cell(before, rb, f), After: cell(after, ra, f)})
	}
	return out
}

// bandRow is a row of the class-size table.
type bandRow struct {
	Band          string
	Risk          string // the individual risk of its people
	AtRisk        bool   // smaller than k
	Before, After *BandCount
	BeforeShare   string
	AfterShare    string
}

// bandRows are the rows of the class-size table, in the bands of the
// class-size figure.
func bandRows(in *Input) []bandRow {
	before, after := in.sidesShown()
	if before == nil && after == nil {
		return nil
	}
	bands := ClassBands(in.Run.K)
	rows := make([]bandRow, len(bands))
	for i, b := range bands {
		rows[i] = bandRow{Band: b.String(), Risk: bandRisk(b), AtRisk: b.Lo < in.Run.K}
	}
	for _, side := range []struct {
		s     *Snapshot
		count func(*bandRow) **BandCount
		share func(*bandRow) *string
	}{
		{before, func(r *bandRow) **BandCount { return &r.Before }, func(r *bandRow) *string { return &r.BeforeShare }},
		{after, func(r *bandRow) **BandCount { return &r.After }, func(r *bandRow) *string { return &r.AfterShare }},
	} {
		if side.s == nil {
			continue
		}
		total := 0
		for _, h := range side.s.ClassSizes {
			total += h.Size * h.Classes
		}
		for i, bc := range CountBands(side.s.ClassSizes, bands) {
			*side.count(&rows[i]) = &bc
			*side.share(&rows[i]) = percent(bc.People, total)
		}
	}
	return rows
}

// bandRisk is the individual risk, 1/size, of the people of a band.
func bandRisk(b Band) string {
	pc := func(size int) string {
		x := 100 / float64(size)
		if x >= 10 || x == math.Trunc(x) {
			return strconv.FormatFloat(math.Round(x), 'f', -1, 64) + "%"
		}
		return strconv.FormatFloat(x, 'f', 1, 64) + "%"
	}
	switch {
	case b.Hi == 0:
		return "≤ " + pc(b.Lo)
	case b.Hi == b.Lo:
		return pc(b.Lo)
	}
	return pc(b.Hi) + "–" + pc(b.Lo)
}

// rungRow is a row of the ladder table.
type rungRow struct {
	Attacker, Measure    string
	Unique, NotAnonymous string
	Skipped, Note, Class string
}

// ladderRows are the rows of the verdict's ladder.
func ladderRows(v *verdict.Verdict) []rungRow {
	if v == nil {
		return nil
	}
	var out []rungRow
	for _, r := range v.Ladder {
		row := rungRow{Attacker: attackerWords(r.Attacker, r.Measure, r.D), Measure: fmt.Sprintf("%s, d = %d", r.Measure, r.D)}
		if r.Skipped != "" {
			row.Skipped = "skipped: " + r.Skipped
		} else {
			atMost := ""
			if r.UpperBound {
				atMost = "at most "
			}
			row.Unique = atMost + Thousands(r.Unique) + " (" + percent(r.Unique, v.Target.Nodes) + ")"
			row.NotAnonymous = atMost + Thousands(r.NotAnonymous) + " (" + percent(r.NotAnonymous, v.Target.Nodes) + ")"
		}
		switch {
		case isTarget(v, r):
			row.Note, row.Class = "the target", "target"
		case r.Stronger:
			row.Note = "knows more than the target's attacker"
			if r.Skipped == "" && r.Unique > 0 {
				row.Class = "exposed"
			}
		default:
			row.Note = "knows less, or other things"
		}
		out = append(out, row)
	}
	return out
}

// attackRow is a row of the verdict's attack table.
type attackRow struct {
	Seeds                              int
	Targets, Correct, Share, Precision string
	Skipped                            string
	Over                               bool // above verdict.AttackLimit
}

// attackRows are the rows of the verdict's attacks.
func attackRows(v *verdict.Verdict) []attackRow {
	if v == nil {
		return nil
	}
	var out []attackRow
	for _, a := range v.Attacks {
		row := attackRow{Seeds: a.Seeds}
		if a.Skipped != "" {
			row.Skipped = "skipped: " + a.Skipped
		} else {
			row.Targets, row.Correct = Thousands(a.Targets), Thousands(a.Correct)
			row.Share, row.Precision = percentOf(a.Fraction), percentOf(a.Precision)
			row.Over = a.Targets > 0 && a.Fraction > verdict.AttackLimit
		}
		out = append(out, row)
	}
	return out
}

// costRow is a row of the "what stronger protection would cost" table.
type costRow struct {
	Attacker, Measure, Kept, ReIdentified, Note string
}

// costRows are the rows of the cost table.
func costRows(cs []Cost) []costRow {
	var out []costRow
	for _, c := range cs {
		row := costRow{Attacker: attackerWords(c.Attacker, c.Measure, c.D), Measure: fmt.Sprintf("%s, d = %d", c.Measure, c.D), Note: c.Note}
		if c.Note == "" {
			row.Kept = Thousands(c.EdgesKept) + " of " + Thousands(c.Edges) + " (" + percent(c.EdgesKept, c.Edges) + ")"
			row.ReIdentified = "n/a"
			if !math.IsNaN(c.ReIdentified) {
				row.ReIdentified = percentOf(c.ReIdentified) + " (" + Plural(c.Seeds, "seed", "seeds") + ")"
			}
		}
		out = append(out, row)
	}
	return out
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
	"frac":    percentOf,
	"sub":     func(a, b int) int { return a - b },
	"seconds": seconds,
	"join":    strings.Join,
	"plural":  Plural,
	"limit":   func() string { return percentOf(verdict.AttackLimit) },
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
h3 { font-size: 1.05rem; margin: 1.4rem 0 .3rem; }
.sub { color: #555; margin-top: 0; }
.notice { border-radius: 6px; padding: .6rem 1rem; margin: 1rem 0; font-size: .95rem; }
.notice.internal { background: #fff8e1; border: 2px dashed #8a5a00; color: #4d3300; }
.notice.public { background: #eef4fb; border: 1px solid #0072b2; color: #0b3a5c; }
.verdict { border-radius: 6px; padding: .8rem 1rem; margin: 1rem 0; }
.verdict .headline { font-size: 1.1rem; font-weight: 600; margin: 0; }
.verdict p, .verdict ul { margin: .5rem 0 0; }
.verdict.green, .verdict.met { background: #e3f4e6; border: 2px solid #1b7f35; color: #0f5a23; }
.verdict.amber { background: #fff3d6; border: 2px solid #b86e00; color: #5c3700; }
.verdict.red, .verdict.unmet { background: #fbe4e2; border: 2px solid #b3261e; color: #7d1a14; }
.verdict code, .advice code { display: block; background: #fff; color: #1a1a1a; border: 1px solid #ccc; border-radius: 4px; padding: .4rem .6rem; margin-top: .3rem; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid #e2e2e2; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td.text, th.text { text-align: left; }
thead th { border-bottom: 2px solid #999; }
td.yes { color: #1b7f35; font-weight: 600; }
td.no { color: #b3261e; font-weight: 600; }
tr.risk td:first-child::after { content: " ◀ below k"; color: #b3261e; font-size: .8rem; }
tr.target { background: #f1f6fb; }
tr.exposed td { color: #8a3b00; font-weight: 600; }
td.over { color: #b3261e; font-weight: 600; }
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
<p class="sub">{{if not .Public}}{{.Run.Input}}{{if .Run.Release}} → {{end}}{{end}}{{.Run.Release}} · measure {{.Run.Measure}}{{with .Run.KnownAttributes}} with the attributes {{join . ", "}}{{end}}, d = {{.Run.D}}, k = {{.Run.K}}</p>
{{if .Public}}<div class="notice public" id="public-notice">Public report: it describes the release and the verdict on it. Of the original network it gives only the number of edges; nothing else of the original is in this page.</div>
{{else}}<div class="notice internal" id="internal-notice"><strong>Internal: do not publish.</strong> This report contains statistics of the original network (its anonymity, degree distribution, clustering, communities, the anonymization's trace, where edges were deleted) that help to re-identify people in the release. Keep it with the original; to publish a report, make one with <em>anonet report --public</em>.</div>
{{end}}{{if .After}}{{with .Banner}}<div class="verdict {{.State}}{{if eq .State "green"}} met{{else if eq .State "red"}} unmet{{end}}" id="verdict" data-state="{{.State}}" data-met="{{if eq .State "red"}}false{{else}}true{{end}}">
<p class="headline">{{if eq .State "green"}}✔{{else if eq .State "amber"}}⚠{{else}}✘{{end}} {{.Headline}}</p>
{{with .Covers}}<p id="verdict-covers">{{.}}</p>{{end}}
{{with .Reasons}}<ul id="verdict-reasons">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{with .Advice}}<p id="verdict-advice">Next: {{.}}{{with $.Banner.Command}}<code id="verdict-command">{{.}}</code>{{end}}</p>{{end}}
</div>{{end}}
{{end}}
</header>

<section id="meaning">
<h2>What this means</h2>
<div class="meaning">{{range .Meaning}}<p>{{.}}</p>{{end}}</div>
</section>

{{with .Verdict}}<section id="ladder">
<h2>Against stronger attackers</h2>
<p>The target protects people against one attacker. Attackers who know more can still single people out. Each row measures the release against one of them: how many people it singles out (alone in their class) and how many are in classes smaller than k = {{.Target.K}}.</p>
<table id="ladder-table">
<thead><tr><th class="text">the attacker knows</th><th class="text">measure</th><th>singled out</th><th>not {{.Target.K}}-anonymous</th><th class="text"></th></tr></thead>
<tbody>
{{range $.Ladder}}<tr{{with .Class}} class="{{.}}"{{end}}><td class="text">{{.Attacker}}</td><td class="text">{{.Measure}}</td>{{if .Skipped}}<td colspan="2" class="text">{{.Skipped}}</td>{{else}}<td>{{.Unique}}</td><td>{{.NotAnonymous}}</td>{{end}}<td class="text note">{{.Note}}</td></tr>
{{end}}</tbody>
</table>
{{with $.Attacks}}<h3>Re-identification by the seed-and-propagate attack</h3>
<p>The attacker is given some people whose identity in the release is known (the seeds), matches the rest of the network outward from them, and names everyone it can. A share above {{limit}} makes the verdict amber.</p>
<table id="verdict-attacks">
<thead><tr><th>seeds</th><th>people targeted</th><th>re-identified</th><th>share</th><th>precision</th></tr></thead>
<tbody>
{{range .}}<tr><td>{{.Seeds}}</td>{{if .Skipped}}<td colspan="4" class="text">{{.Skipped}}</td>{{else}}<td>{{.Targets}}</td><td>{{.Correct}}</td><td{{if .Over}} class="over"{{end}}>{{.Share}}</td><td>{{.Precision}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
<p class="note">Precision: the share of the attacker's matches that are right.</p>{{end}}
{{with $.Costs}}<h3 id="costs">What stronger protection would cost here</h3>
<p>Releases of this network made against each stronger attacker: how many edges they keep and how many people the attack still re-identifies.</p>
<table id="costs-table">
<thead><tr><th class="text">protected against an attacker who knows</th><th class="text">measure</th><th>edges kept</th><th>re-identified</th></tr></thead>
<tbody>
{{range .}}<tr><td class="text">{{.Attacker}}</td><td class="text">{{.Measure}}</td>{{if .Note}}<td colspan="2" class="text">{{.Note}}</td>{{else}}<td>{{.Kept}}</td><td>{{.ReIdentified}}</td>{{end}}</tr>
{{end}}</tbody>
</table>{{end}}
</section>{{end}}

{{if .Risk}}<section id="risk">
<h2>Re-identification risk</h2>
<p>Risk as ARX and sdcMicro measure it: an attacker who knows what the measure describes ({{.Run.Measure}}, d = {{.Run.D}}) finds a person's class and picks one of its people at random, so a person in a class of c people is re-identified with probability 1/c. Added up over everyone, the expected number of people re-identified is the number of classes.</p>
<table id="risk-table">
<thead><tr><th></th>{{if (index .Risk 0).Before}}<th>original</th>{{end}}{{if (index .Risk 0).After}}<th>release</th>{{end}}</tr></thead>
<tbody>
{{range .Risk}}<tr><th>{{.Label}}</th>{{if .Before}}<td id="{{.ID}}-before">{{.Before}}</td>{{end}}{{if .After}}<td id="{{.ID}}-after">{{.After}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{with index .Figures "class_sizes"}}{{template "fig" .}}{{end}}
{{with .Bands}}<table id="class-size-table">
<thead><tr><th>class size</th><th>risk per person</th>{{if (index . 0).Before}}<th>original: classes</th><th>people</th><th>share</th>{{end}}{{if (index . 0).After}}<th>release: classes</th><th>people</th><th>share</th>{{end}}</tr></thead>
<tbody>
{{range .}}{{$r := .}}<tr{{if .AtRisk}} class="risk"{{end}}><td>{{.Band}}</td><td>{{.Risk}}</td>{{with .Before}}<td>{{n .Classes}}</td><td>{{n .People}}</td><td>{{$r.BeforeShare}}</td>{{end}}{{with .After}}<td>{{n .Classes}}</td><td>{{n .People}}</td><td>{{$r.AfterShare}}</td>{{end}}</tr>
{{end}}</tbody>
</table>{{end}}
</section>{{end}}

<section id="run">
<h2>The run</h2>
<table>
<tbody>
{{if not .Public}}<tr><th>original network</th><td id="run-input">{{.Run.Input}}</td></tr>{{end}}
{{if .Run.Release}}<tr><th>release</th><td id="run-release">{{.Run.Release}}</td></tr>{{end}}
<tr><th>anonymity measure</th><td id="run-measure">{{.Run.Measure}}{{with .Run.KnownAttributes}} with the attributes {{join . ", "}}{{end}}</td></tr>
<tr><th>distance d (how far around a person the attacker looks)</th><td id="run-d">{{.Run.D}}</td></tr>
<tr><th>k (smallest allowed class)</th><td id="run-k">{{.Run.K}}</td></tr>
{{if .Run.Anonymized}}<tr><th>variant</th><td id="run-variant">{{.Run.Variant}}</td></tr>
<tr><th>algorithm</th><td id="run-algorithm">{{.Run.Algorithm}}</td></tr>
<tr><th>operation</th><td id="run-operation">{{.Run.Operation}}</td></tr>
<tr><th>seed</th><td id="run-seed">{{.Run.Seed}}</td></tr>
<tr><th>budget (alterations)</th><td id="run-budget">{{n .Run.Budget}}</td></tr>
<tr><th>recompute gap (edges per iteration)</th><td id="run-recompute">{{n .Run.Recompute}}</td></tr>
{{if eq .Run.Variant "partial"}}<tr><th>alpha (share of people to protect)</th><td id="run-alpha">{{.Run.Alpha}}</td></tr>{{end}}
<tr><th>time</th><td id="run-seconds">{{seconds .Run.Seconds}}</td></tr>
{{else}}<tr><th>algorithm</th><td>unknown (report of an existing release)</td></tr>{{end}}
<tr><th>target (people k-anonymous)</th><td id="run-target">{{n .Run.Target}}</td></tr>
<tr><th>target met</th><td id="run-target-met" class="{{if .Run.TargetMet}}yes{{else}}no{{end}}">{{if .Run.TargetMet}}yes{{else}}no{{end}}</td></tr>
</tbody>
</table>
</section>

<section id="anonymity">
<h2>Anonymity {{if .Public}}of the release{{else}}before and after{{end}}</h2>
<table>
<thead><tr><th></th>{{if not .Public}}<th>original</th>{{end}}{{if .After}}<th>release</th>{{end}}</tr></thead>
<tbody>
<tr><th>nodes (people)</th>{{if not .Public}}<td id="nodes-before">{{n .Before.Nodes}}</td>{{end}}{{if .After}}<td id="nodes-after">{{n .After.Nodes}}</td>{{end}}</tr>
<tr><th>edges (ties)</th>{{if not .Public}}<td id="edges-before">{{n .Before.Edges}}</td>{{end}}{{if .After}}<td id="edges-after">{{n .After.Edges}}</td>{{end}}</tr>
<tr><th>unique people</th>{{if not .Public}}<td id="unique-before">{{n .Before.Unique}}</td>{{end}}{{if .After}}<td id="unique-after">{{n .After.Unique}}</td>{{end}}</tr>
<tr><th>unique (share)</th>{{if not .Public}}<td>{{pct .Before.Unique .Before.Nodes}}</td>{{end}}{{if .After}}<td>{{pct .After.Unique .After.Nodes}}</td>{{end}}</tr>
<tr><th>not {{.Run.K}}-anonymous</th>{{if not .Public}}<td id="not-k-before">{{n .Before.NotKAnonymous}}</td>{{end}}{{if .After}}<td id="not-k-after">{{n .After.NotKAnonymous}}</td>{{end}}</tr>
<tr><th>not {{.Run.K}}-anonymous (share)</th>{{if not .Public}}<td>{{pct .Before.NotKAnonymous .Before.Nodes}}</td>{{end}}{{if .After}}<td>{{pct .After.NotKAnonymous .After.Nodes}}</td>{{end}}</tr>
<tr><th>equivalence classes</th>{{if not .Public}}<td id="classes-before">{{n .Before.Classes}}</td>{{end}}{{if .After}}<td id="classes-after">{{n .After.Classes}}</td>{{end}}</tr>
{{if .Before.Cascade}}<tr><th>identifiable by the cascade</th>{{if not .Public}}<td id="cascade-before">{{n (cascade .Before)}}</td>{{end}}{{if .After}}<td id="cascade-after">{{n (cascade .After)}}</td>{{end}}</tr>{{end}}
</tbody>
</table>
{{if .Public}}<p class="note">The original network had <span id="edges-before">{{n .Before.Edges}}</span> edges{{with .After}}; the release keeps {{pct .Edges $.Before.Edges}} of that number{{end}}. This is the only number of the original in this report.</p>{{end}}
{{if not .Risk}}{{with index .Figures "class_sizes"}}{{template "fig" .}}{{end}}{{end}}
{{with index .Figures "anonymity_cascade"}}{{template "fig" .}}{{end}}
</section>

{{with index .Figures "trace"}}<section id="trace">
<h2>The trace</h2>
<p>The algorithm's strategy alters a few edges, updates who is anonymous, and repeats until the target is met; a refinement may then give edges back while the target holds. The released state is the one with the fewest people who are not k-anonymous, reached with the fewest alterations.</p>
{{template "fig" .}}
</section>{{end}}

{{if and .Utility (not .Public)}}<section id="utility">
<h2>Utility: what is left of the network</h2>
<p>Each metric is computed on the original and on the release. A metric is <em>preserved</em> when its change (plus one standard deviation where it is estimated) stays under 5% of the original value. <span id="preserved-count">{{.Preserve}}</span> of {{len .Utility}} metrics are preserved.</p>
<table id="utility-table">
<thead><tr><th>metric</th><th>original</th><th>release</th><th>change</th><th>preserved</th></tr></thead>
<tbody>
{{range .Utility}}<tr id="metric-{{.Name}}"><td>{{.Name}}</td><td class="orig" data-value="{{.Original}}">{{value .Original}}</td><td class="anon" data-value="{{.Anonymized}}">{{value .Anonymized}}</td><td>{{change .RelativeChange}}</td>{{if .Defined}}<td class="{{if .Preserved}}yes{{else}}no{{end}} preserved">{{if .Preserved}}yes{{else}}no{{end}}</td>{{else}}<td title="{{.Note}}">n/a</td>{{end}}</tr>
{{end}}</tbody>
</table>
<p class="note">nmi: "original" is the agreement of Leiden runs on the original with each other (its stability), "release" the agreement between runs on the original and on the release. betweenness_top100_overlap: share of the 100 most central nodes that stay among the 100 most central. degree_ks: the largest gap between the two degree distributions (0: identical).</p>
{{with index .Figures "degree_distribution"}}{{template "fig" .}}{{end}}
{{with index .Figures "clustering_by_degree"}}{{template "fig" .}}{{end}}
{{with index .Figures "community_sizes"}}{{template "fig" .}}{{end}}
</section>{{else}}{{if or (index .Figures "degree_distribution") (index .Figures "community_sizes")}}<section id="utility">
<h2>Structure{{if .Public}} of the release{{end}}</h2>
{{with index .Figures "degree_distribution"}}{{template "fig" .}}{{end}}
{{with index .Figures "clustering_by_degree"}}{{template "fig" .}}{{end}}
{{with index .Figures "community_sizes"}}{{template "fig" .}}{{end}}
</section>{{end}}{{end}}

{{if and .After (not .Public)}}<section id="deleted">
<h2>Where the deleted edges were</h2>
{{if .Deleted}}<p><span id="deleted-count">{{n (len .Deleted)}}</span> {{if eq (len .Deleted) 1}}edge was{{else}}edges were{{end}} deleted{{if .Added}} and <span id="added-count">{{n .Added}}</span> added{{end}}. The figure compares the degrees of their ends with those of all edges of the original.</p>
{{with index .Figures "deleted_edges_by_degree"}}{{template "fig" .}}{{end}}
{{else}}<p class="note">Unknown: which node of the release is which node of the original is not known (give the mapping written by anonet anonymize --mapping).{{if .Added}} {{plural .Added "edge was" "edges were"}} added.{{end}}</p>{{end}}
</section>{{end}}

{{with .Attack}}<section id="reidentification">
<h2>Re-identification under attack</h2>
<table>
<thead><tr><th>seeds (people known to the attacker)</th>{{if not $.Public}}<th>re-identified in the original</th>{{end}}<th>re-identified in the release</th></tr></thead>
<tbody>
{{range $i, $s := .Seeds}}<tr><td>{{$s}}</td>{{if not $.Public}}<td>{{frac (index $.Attack.Original $i)}}</td>{{end}}<td>{{frac (index $.Attack.Release $i)}}</td></tr>
{{end}}</tbody>
</table>
{{with index $.Figures "reidentification"}}{{template "fig" .}}{{end}}
</section>{{end}}

<footer>Made by anonet. This page is self-contained: it needs no network access and runs no script.</footer>
</body>
</html>
{{define "fig"}}<figure id="fig-{{.Name}}">{{.SVG}}<figcaption>{{.Caption}}{{if eq .Omitted 1}} (1 point with a zero value is not drawn on the logarithmic scale.){{else if .Omitted}} ({{.Omitted}} points with a zero value are not drawn on the logarithmic scale.){{end}}</figcaption></figure>{{end}}
`
