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
)

// Series is one named set of points of a chart.
type Series struct {
	Name  string
	X, Y  []float64
	Style Style
	// Color is the index of the series' colour in the palette; series
	// with the same index (say "before" in several figures) share it.
	Color int
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
	for _, s := range c.Series {
		for i := range s.X {
			if !c.drawable(s.X[i], s.Y[i]) {
				n++
			}
		}
	}
	return n
}

func (c Chart) drawable(x, y float64) bool {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	return finite(x) && finite(y) && (!c.LogX || x > 0) && (!c.LogY || y > 0)
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
	if c.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if c.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	p.Add(plotter.NewGrid())
	drawn := 0
	for _, s := range c.Series {
		if len(s.X) != len(s.Y) {
			return nil, fmt.Errorf("chart %s, series %q: %d x values but %d y values", c.Name, s.Name, len(s.X), len(s.Y))
		}
		var xy plotter.XYs
		for i := range s.X {
			if c.drawable(s.X[i], s.Y[i]) {
				xy = append(xy, plotter.XY{X: s.X[i], Y: s.Y[i]})
			}
		}
		if len(xy) == 0 {
			continue
		}
		drawn++
		col := palette[s.Color%len(palette)]
		var thumbs []plot.Thumbnailer
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
	if drawn == 0 {
		// An empty plot still needs a range to draw its axes.
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 1, 10, 1, 10
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
	p.Legend.Top, p.Legend.Left, crowded = c.legendCorner()
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
func (c Chart) legendCorner() (top, left, crowded bool) {
	tr := func(v float64, log bool) float64 {
		if log {
			return math.Log10(v)
		}
		return v
	}
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for i := range s.X {
			if c.drawable(s.X[i], s.Y[i]) {
				x, y := tr(s.X[i], c.LogX), tr(s.Y[i], c.LogY)
				xmin, xmax, ymin, ymax = min(xmin, x), max(xmax, x), min(ymin, y), max(ymax, y)
			}
		}
	}
	var count [4]int // top right, top left, bottom right, bottom left
	for _, s := range c.Series {
		for i := range s.X {
			if !c.drawable(s.X[i], s.Y[i]) {
				continue
			}
			fx, fy := 0.5, 0.5
			if xmax > xmin {
				fx = (tr(s.X[i], c.LogX) - xmin) / (xmax - xmin)
			}
			if ymax > ymin {
				fy = (tr(s.Y[i], c.LogY) - ymin) / (ymax - ymin)
			}
			switch {
			case fy >= 0.7 && fx >= 0.55:
				count[0]++
			case fy >= 0.7 && fx <= 0.45:
				count[1]++
			case fy <= 0.3 && fx >= 0.55:
				count[2]++
			case fy <= 0.3 && fx <= 0.45:
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
