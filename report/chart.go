package report

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/anonet-project/anonet/graphio"
)

// Chart is one figure: a title, labelled axes and a set of series.
type Chart struct {
	// Name is the file name of the figure without extension, such as
	// "degree_distribution".
	Name string
	// Title is printed above the plot.
	Title string
	// XLabel and YLabel name the axes, with their unit in parentheses.
	XLabel, YLabel string
	// LogX and LogY draw the axis on a logarithmic scale; points with a
	// value ≤ 0 on a logarithmic axis are left out (and counted in
	// Omitted).
	LogX, LogY bool
	// Series are drawn in order; the legend lists them when there is
	// more than one.
	Series []Series
	// Caption is a sentence shown under the figure in the HTML report.
	Caption string
	// Categories, if not empty, make the x axis nominal: category i is
	// drawn at x = i and labelled with its name. A Bars series gives one
	// value per category in Y (its X is not used); several Bars series
	// stand side by side within each category.
	Categories []string
	// ZeroY starts the y axis at zero (a chart with bars always does).
	ZeroY bool
	// PercentY labels the y axis' ticks as percentages of 1.
	PercentY bool
	// MaxY, if positive, is the top of the y axis (1 for a share that can
	// reach everyone).
	MaxY float64
	// Rules are vertical lines across the plot, such as a threshold.
	Rules []Rule
}

// Rule is a labelled vertical line across a chart at X.
type Rule struct {
	X     float64
	Label string
}

// Style is how a series is drawn.
type Style int

// The styles of a series.
const (
	LinePoints Style = iota // a line through the points, with markers
	Line                    // a line only
	Points                  // markers only
	Marker                  // a large marker, to point at one state
	Dashed                  // a dashed line (thresholds, targets)
	Bars                    // a bar from zero to every value (Chart.Categories)
)

// Series is one named set of points of a chart.
type Series struct {
	Name  string
	X, Y  []float64
	Style Style
	// Color is the index of the series' colour in the palette; series
	// with the same index (say "before" in several figures) share it.
	Color int
	// Labels, if not nil, are written above the bars of a Bars series
	// (one per value; an empty one writes nothing).
	Labels []string
	// Hollow draws the markers as rings, so that the points of another
	// series at the same place stay visible.
	Hollow bool
}

// palette: colour-blind-safe colours (Okabe and Ito): before is blue,
// after is vermilion, then green, purple, orange, sky blue, yellow, black.
var palette = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff},
	{0xd5, 0x5e, 0x00, 0xff},
	{0x00, 0x9e, 0x73, 0xff},
	{0xcc, 0x79, 0xa7, 0xff},
	{0xe6, 0x9f, 0x00, 0xff},
	{0x56, 0xb4, 0xe9, 0xff},
	{0xb0, 0x9c, 0x00, 0xff},
	{0x00, 0x00, 0x00, 0xff},
}

// Colour indices used by the report's figures.
const (
	ColorBefore = 0
	ColorAfter  = 1
)

// Width and Height are the size of every figure.
const (
	Width  = 16 * vg.Centimeter
	Height = 10 * vg.Centimeter
)

// Omitted returns the number of points that cannot be drawn because they
// are not positive on a logarithmic axis, or not finite.
func (c Chart) Omitted() int {
	n := 0
	for i := range c.Series {
		x, y := c.positions(i)
		for j := range x {
			if !c.drawable(x[j], y[j]) {
				n++
			}
		}
	}
	return n
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func (c Chart) drawable(x, y float64) bool {
	return finite(x) && finite(y) && (!c.LogX || x > 0) && (!c.LogY || y > 0)
}

// barLayout returns the number of Bars series and the width of one bar,
// in units of the x axis: the bars of a category fill 80% of its width.
func (c Chart) barLayout() (n int, width float64) {
	for _, s := range c.Series {
		if s.Style == Bars {
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return n, 0.8 / float64(n)
}

// positions returns where the points of series i are drawn: its X and Y,
// or for bars the centre of each bar (its category, shifted to its place
// beside the other series' bars) and its value.
func (c Chart) positions(i int) (x, y []float64) {
	s := c.Series[i]
	if s.Style != Bars {
		return s.X, s.Y
	}
	n, w := c.barLayout()
	k := 0 // this series' place among the bars
	for _, o := range c.Series[:i] {
		if o.Style == Bars {
			k++
		}
	}
	shift := (float64(k) - float64(n-1)/2) * w
	x = make([]float64, len(s.Y))
	for j := range x {
		x[j] = float64(j) + shift
	}
	return x, s.Y
}

// Plot builds the gonum plot of the chart.
func (c Chart) Plot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text = c.XLabel
	p.Y.Label.Text = c.YLabel
	p.Title.TextStyle.Font.Size = vg.Points(12)
	for _, f := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font, &p.Legend.TextStyle.Font} {
		f.Variant = "Sans"
	}
	nbars, barWidth := c.barLayout()
	if nbars > 0 && len(c.Categories) == 0 {
		return nil, fmt.Errorf("chart %s: bars need categories", c.Name)
	}
	if c.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if c.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	if !c.LogX {
		p.X.Tick.Marker = niceTicks{}
	}
	if !c.LogY {
		p.Y.Tick.Marker = niceTicks{}
	}
	if c.PercentY {
		p.Y.Tick.Marker = percentTicks{}
	}
	grid := plotter.NewGrid()
	if len(c.Categories) > 0 {
		grid.Vertical.Color = nil // categories are not a scale
		var ticks plot.ConstantTicks
		for i, name := range c.Categories {
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: name})
		}
		p.X.Tick.Marker = ticks
	}
	p.Add(grid)
	drawn := 0
	labelled := false
	for i, s := range c.Series {
		if s.Style == Bars {
			if len(s.Y) != len(c.Categories) {
				return nil, fmt.Errorf("chart %s, series %q: %d values for %d categories", c.Name, s.Name, len(s.Y), len(c.Categories))
			}
			if s.Labels != nil && len(s.Labels) != len(s.Y) {
				return nil, fmt.Errorf("chart %s, series %q: %d labels for %d values", c.Name, s.Name, len(s.Labels), len(s.Y))
			}
		} else if len(s.X) != len(s.Y) {
			return nil, fmt.Errorf("chart %s, series %q: %d x values but %d y values", c.Name, s.Name, len(s.X), len(s.Y))
		}
		sx, sy := c.positions(i)
		var xy plotter.XYs
		var labels []string
		for j := range sx {
			if c.drawable(sx[j], sy[j]) {
				xy = append(xy, plotter.XY{X: sx[j], Y: sy[j]})
				if s.Labels != nil {
					labels = append(labels, s.Labels[j])
				}
			}
		}
		if len(xy) == 0 {
			continue
		}
		drawn++
		col := palette[s.Color%len(palette)]
		var thumbs []plot.Thumbnailer
		if s.Style == Bars {
			b := &barPlotter{xy: xy, width: barWidth, color: col, labels: labels}
			labelled = labelled || len(labels) > 0
			p.Add(b)
			thumbs = append(thumbs, b)
		}
		if s.Style == LinePoints || s.Style == Line || s.Style == Dashed {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return nil, fmt.Errorf("chart %s, series %q: %w", c.Name, s.Name, err)
			}
			l.Color = col
			l.Width = vg.Points(1.5)
			if s.Style == Dashed {
				l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
				l.Width = vg.Points(1)
			}
			p.Add(l)
			thumbs = append(thumbs, l)
		}
		if s.Style == LinePoints || s.Style == Points || s.Style == Marker {
			sc, err := plotter.NewScatter(xy)
			if err != nil {
				return nil, fmt.Errorf("chart %s, series %q: %w", c.Name, s.Name, err)
			}
			sc.Color = col
			sc.Radius = vg.Points(2.5)
			sc.Shape = draw.CircleGlyph{}
			if s.Hollow {
				sc.Radius = vg.Points(3.5)
				sc.Shape = draw.RingGlyph{}
			}
			if s.Style == Marker {
				sc.Radius = vg.Points(6)
				sc.Shape = draw.RingGlyph{}
				sc.GlyphStyle.Color = col
			}
			p.Add(sc)
			thumbs = append(thumbs, sc)
		}
		if len(c.Series) > 1 && s.Name != "" {
			p.Legend.Add(s.Name, thumbs...)
		}
	}
	for _, r := range c.Rules {
		p.Add(rulePlotter(r))
	}
	if drawn == 0 {
		// An empty plot still needs a range to draw its axes.
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 1, 10, 1, 10
		if !c.LogY {
			p.Y.Min = 0
		}
	}
	if len(c.Categories) > 0 {
		p.X.Min, p.X.Max = -0.5, float64(len(c.Categories))-0.5
	}
	if (c.ZeroY || nbars > 0) && !c.LogY {
		p.Y.Min = 0
		if p.Y.Max <= 0 {
			p.Y.Max = 1
		}
	}
	if c.MaxY > 0 {
		p.Y.Max = max(p.Y.Max, c.MaxY)
	}
	if labelled && !c.LogY {
		p.Y.Max += 0.1 * (p.Y.Max - p.Y.Min) // room for the labels above the bars
	}
	// gonum widens an empty range by ±1, which on a logarithmic axis can
	// reach 0: widen it by a factor instead.
	for _, ax := range []struct {
		a   *plot.Axis
		log bool
	}{{&p.X, c.LogX}, {&p.Y, c.LogY}} {
		if ax.log && ax.a.Min == ax.a.Max {
			ax.a.Min, ax.a.Max = ax.a.Min/2, ax.a.Max*2
		}
	}
	var crowded bool
	p.Legend.Top, p.Legend.Left, crowded = c.legendCorner(p.Y.Min, p.Y.Max)
	if crowded && drawn > 1 {
		// Every corner holds data: make room above the data for the
		// legend, about 12 points of a 10 cm high plot per entry.
		f := min(0.6, 0.06*float64(drawn)+0.05)
		lo, hi := p.Y.Min, p.Y.Max
		if c.LogY {
			lo, hi = math.Log10(lo), math.Log10(hi)
		}
		top := hi + (hi-lo)*f/(1-f)
		if c.LogY {
			top = math.Pow(10, top)
		}
		p.Y.Max = top
		p.Legend.Top, p.Legend.Left = true, false
	}
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Legend.XOffs = vg.Points(-6)
	if p.Legend.Left {
		p.Legend.XOffs = vg.Points(6)
	}
	p.Legend.YOffs = vg.Points(-4)
	if !p.Legend.Top {
		p.Legend.YOffs = vg.Points(4)
	}
	return p, nil
}

// legendCorner returns the corner of the plotting area with the fewest
// points, where the legend hides the least: top right first, then top
// left, bottom right, bottom left; crowded if even that one holds points.
// A bar counts as the point at its top; ylo and yhi are the y axis' range
// when it is known to be wider than the data (bars start at zero).
func (c Chart) legendCorner(ylo, yhi float64) (top, left, crowded bool) {
	tr := func(v float64, log bool) float64 {
		if log {
			return math.Log10(v)
		}
		return v
	}
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	if len(c.Categories) > 0 {
		xmin, xmax = -0.5, float64(len(c.Categories))-0.5
	}
	if !c.LogY && ylo < yhi {
		ymin, ymax = ylo, yhi
	}
	for i := range c.Series {
		x, y := c.positions(i)
		for j := range x {
			if c.drawable(x[j], y[j]) {
				x, y := tr(x[j], c.LogX), tr(y[j], c.LogY)
				xmin, xmax, ymin, ymax = min(xmin, x), max(xmax, x), min(ymin, y), max(ymax, y)
			}
		}
	}
	var count [4]int // top right, top left, bottom right, bottom left
	for i, s := range c.Series {
		x, y := c.positions(i)
		for j := range x {
			if !c.drawable(x[j], y[j]) {
				continue
			}
			fx, fy := 0.5, 0.5
			if xmax > xmin {
				fx = (tr(x[j], c.LogX) - xmin) / (xmax - xmin)
			}
			if ymax > ymin {
				fy = (tr(y[j], c.LogY) - ymin) / (ymax - ymin)
			}
			bottom := fy <= 0.3
			if s.Style == Bars {
				bottom = true // a bar fills the bottom of its column
			}
			switch {
			case fy >= 0.7 && fx >= 0.55:
				count[0]++
			case fy >= 0.7 && fx <= 0.45:
				count[1]++
			}
			switch {
			case bottom && fx >= 0.55:
				count[2]++
			case bottom && fx <= 0.45:
				count[3]++
			}
		}
	}
	best := 0
	for i := 1; i < 4; i++ {
		if count[i] < count[best] {
			best = i
		}
	}
	return best < 2, best%2 == 1, count[best] > 0
}

// barPlotter draws bars from zero to each point, centred on its x, with an
// optional label above each.
type barPlotter struct {
	xy     plotter.XYs
	width  float64 // in units of the x axis
	color  color.Color
	labels []string
}

// Plot implements plot.Plotter.
func (b *barPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := draw.TextStyle{
		Color:   color.Black,
		Font:    font.From(font.Font{Typeface: plot.DefaultFont.Typeface, Variant: "Sans"}, vg.Points(7.5)),
		Handler: plot.DefaultTextHandler,
		XAlign:  draw.XCenter,
	}
	for i, pt := range b.xy {
		x0, x1 := trX(pt.X-b.width/2), trX(pt.X+b.width/2)
		y0, y1 := trY(0), trY(pt.Y)
		if pt.Y != 0 {
			poly := c.ClipPolygonY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
			c.FillPolygon(b.color, poly)
		}
		if i < len(b.labels) && b.labels[i] != "" {
			c.FillText(sty, vg.Point{X: (x0 + x1) / 2, Y: max(y0, y1) + vg.Points(2)}, b.labels[i])
		}
	}
}

// DataRange implements plot.DataRanger: the bars' extent and zero.
func (b *barPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), 0, 0
	for _, pt := range b.xy {
		xmin, xmax = min(xmin, pt.X-b.width/2), max(xmax, pt.X+b.width/2)
		ymin, ymax = min(ymin, pt.Y), max(ymax, pt.Y)
	}
	return xmin, xmax, ymin, ymax
}

// Thumbnail implements plot.Thumbnailer: a filled square.
func (b *barPlotter) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}}
	c.FillPolygon(b.color, c.ClipPolygonY(pts))
}

// rulePlotter draws a labelled dashed vertical line across the plot.
type rulePlotter Rule

// Plot implements plot.Plotter.
func (r rulePlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x := trX(r.X)
	if !c.ContainsX(x) {
		return
	}
	c.StrokeLine2(draw.LineStyle{Color: color.Black, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}, x, c.Min.Y, x, c.Max.Y)
	if r.Label != "" {
		sty := draw.TextStyle{
			Color:   color.Black,
			Font:    font.From(font.Font{Typeface: plot.DefaultFont.Typeface, Variant: "Sans"}, vg.Points(8.5)),
			Handler: plot.DefaultTextHandler,
			YAlign:  draw.YTop,
		}
		c.FillText(sty, vg.Point{X: x + vg.Points(3), Y: c.Max.Y - vg.Points(2)}, r.Label)
	}
}

// niceTicks marks a linear axis every 1, 2 or 5 times a power of ten,
// with four to ten labelled ticks, labelled without trailing zeros (and
// whole numbers with thousands separators).
type niceTicks struct{}

// Ticks implements plot.Ticker.
func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || !finite(lo) || !finite(hi) {
		return nil
	}
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/4)))
	for _, m := range []float64{1, 2, 5, 10} {
		if (hi-lo)/(m*step) <= 8 {
			step *= m
			break
		}
	}
	var ticks []plot.Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+1e-9*step; i++ {
		v := i * step
		if math.Abs(v) < 1e-12*step {
			v = 0 // not -0, nor a rounding error
		}
		label := strconv.FormatFloat(v, 'f', -1, 64)
		if step >= 1 {
			label = Thousands(int(math.Round(v)))
		} else {
			decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
			label = strconv.FormatFloat(v, 'f', decimals, 64)
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	return ticks
}

// percentTicks marks a linear axis of shares (0 to 1) in percent: every
// 10% up to 50%, every 20% above, finer when the axis is short.
type percentTicks struct{}

// Ticks implements plot.Ticker.
func (percentTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 0.2
	switch span := hi - lo; {
	case span <= 0:
		return nil
	case span <= 0.05:
		step = 0.01
	case span <= 0.1:
		step = 0.02
	case span <= 0.25:
		step = 0.05
	case span <= 0.6:
		step = 0.1
	}
	var ticks []plot.Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+1e-9; i++ {
		v := i * step
		if v == 0 {
			v = 0 // not -0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(math.Round(1000*v)/10, 'f', -1, 64) + "%"})
	}
	return ticks
}

// logTicks marks a logarithmic axis: 1, 2 and 5 times the powers of ten
// when the axis spans less than three decades, the powers of ten
// otherwise, with unlabelled minor ticks in between.
type logTicks struct{}

// Ticks implements plot.Ticker.
func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi >= lo) {
		return nil
	}
	labelled := []float64{1}
	if hi/lo < 1000 {
		labelled = []float64{1, 2, 5}
	}
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		base := math.Pow(10, e)
		for m := 1.0; m < 10; m++ {
			v := m * base
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if slices.Contains(labelled, m) {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// Render returns the chart as an image in format "svg" or "png".
func (c Chart) Render(format string) ([]byte, error) {
	p, err := c.Plot()
	if err != nil {
		return nil, err
	}
	wt, err := p.WriterTo(Width, Height, format)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", c.Name, err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("chart %s: render %s: %w", c.Name, format, err)
	}
	return buf.Bytes(), nil
}

// InlineSVG returns the chart as an <svg> element to place in an HTML
// page: the SVG without its XML declaration and comment.
func (c Chart) InlineSVG() (string, error) {
	b, err := c.Render("svg")
	if err != nil {
		return "", err
	}
	s := string(b)
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return s, nil
}

// WriteFiles writes every chart to dir as NAME.svg and NAME.png, creating
// dir if needed, and returns the paths written. Each file is written to a
// temporary name and renamed into place (graphio.AtomicWrite).
func WriteFiles(dir string, charts []Chart) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("plot directory: %w", err)
	}
	var paths []string
	for _, c := range charts {
		for _, format := range []string{"svg", "png"} {
			b, err := c.Render(format)
			if err != nil {
				return paths, err
			}
			path := filepath.Join(dir, c.Name+"."+format)
			if err := graphio.AtomicWrite(path, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
				return paths, err
			}
			paths = append(paths, path)
		}
	}
	return paths, nil
}
