package graphio

import (
	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/graph"
)

// nodeData collects node attributes while a file is read, by node label:
// the columns in order of first appearance, with defaults (GraphML's
// <default>), and each node's values.
type nodeData struct {
	cols     []string
	col      map[string]int
	defaults []string
	rows     map[string][]string
}

// column returns the index of column name, adding it with the default
// value def if new.
func (d *nodeData) column(name, def string) int {
	if d.col == nil {
		d.col, d.rows = map[string]int{}, map[string][]string{}
	}
	c, ok := d.col[name]
	if !ok {
		c = len(d.cols)
		d.col[name] = c
		d.cols = append(d.cols, name)
		d.defaults = append(d.defaults, def)
	}
	return c
}

// set gives the node labelled label the value val in column c.
func (d *nodeData) set(label string, c int, val string) {
	row := d.rows[label]
	for len(row) <= c {
		row = append(row, "")
	}
	row[c] = val
	d.rows[label] = row
}

// table returns the attribute table of the nodes of g (nil if the file had
// no node data), every node without a value of a column taking the
// column's default.
func (d *nodeData) table(g *graph.Graph) *attribute.Table {
	if len(d.cols) == 0 {
		return nil
	}
	for v := range int32(g.NumNodes()) {
		l := g.Label(v)
		row := d.rows[l]
		for c, def := range d.defaults {
			if def == "" {
				continue
			}
			for len(row) <= c {
				row = append(row, "")
			}
			if row[c] == "" {
				row[c] = def
			}
		}
		if row != nil {
			d.rows[l] = row
		}
	}
	return attribute.FromRows("id", d.cols, g, d.rows)
}
