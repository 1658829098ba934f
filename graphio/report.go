package graphio

import (
	"fmt"
	"strings"

	"github.com/anonet-project/anonet/attribute"
)

// Report says what reading a file found and what it normalised.
//
// All records naming the same pair of nodes merge into one edge. If an
// undirected record names the pair, every other record of the pair is a
// duplicate (so "b a" after "a b" is one); if only arcs name it, one arc per
// direction is kept, so that an arc and its reverse make an edge without a
// duplicate, and further arcs are duplicates. Hence, for every format,
// Records = SelfLoops + Duplicates + Edges + the number of node pairs given
// by arcs in both directions.
type Report struct {
	File   string // name of the input
	Format Format // format read

	Nodes int // nodes of the graph read, isolated ones included
	Edges int // undirected edges of the graph read

	Records    int      // edge records read (edges, arcs or matrix entries)
	SelfLoops  int      // records {v, v}, dropped
	Duplicates int      // records repeating an edge or arc (see above), merged
	Directed   bool     // the file holds arcs (directed edges), made undirected edges
	Asymmetric int      // node pairs given by arcs in one direction only (nauty, directed input), symmetrised
	Isolated   int      // nodes without edges, kept
	Ties       int      // directed or layered reading (ReadOptions.Directed, LayerColumn): arcs, or edges counted once per layer; else 0
	Arcs       bool     // the ties were read as arcs (ReadOptions.Directed) and kept so
	Layers     []string // the layers read (ReadOptions.LayerColumn), in order of first appearance

	HeaderSkipped bool // edge list: the first data line was read as a column header
	// SourceColumn and TargetColumn name the header's columns of the node
	// ids, when a usual pair of names put them elsewhere than in columns 1
	// and 2 (see ReadOptions.SourceColumn); else "".
	SourceColumn, TargetColumn string
	Delimiter                  byte // edge list: the delimiter detected in the first lines (0: none detected)
	// FormatGuessed is the format the file's name suggested when its
	// content is clearly of another format (Format), which was read.
	FormatGuessed Format
	ExtraColumns  int  // records with columns beyond the two node ids (weights, timestamps, values), ignored
	LabelsIgnored bool // GML, Pajek: the labels in the file were not distinct; nodes are labelled by their ids instead

	// Attributes holds the node data of the file (GraphML, GML) when
	// ReadOptions.NodeAttributes asks for it, else nil.
	Attributes *attribute.Table
}

// Notes returns one human-readable sentence for every normalisation the
// reader made, in a fixed order; none when the file was a clean simple graph.
func (r *Report) Notes() []string {
	var out []string
	if r.HeaderSkipped && r.Format != CSV && r.Format != TSV { // tables have headers
		out = append(out, "first line read as a column header and skipped")
	}
	if r.FormatGuessed != "" {
		out = append(out, fmt.Sprintf("the content is %s, not %s as the file name says: read as %s", r.Format, r.FormatGuessed, r.Format))
	}
	if r.SourceColumn != "" {
		out = append(out, fmt.Sprintf("node ids read from the columns %q and %q", r.SourceColumn, r.TargetColumn))
	}
	if r.Delimiter != 0 {
		out = append(out, fmt.Sprintf("fields separated by %q (detected; give --delimiter to choose another)", r.Delimiter))
	}
	if r.ExtraColumns > 0 {
		out = append(out, count(r.ExtraColumns, "record", "records")+" had extra columns (weights, timestamps, values), ignored")
	}
	if r.LabelsIgnored {
		out = append(out, "node labels in the file are not distinct: nodes are labelled by their ids instead")
	}
	if r.Directed {
		out = append(out, "input is directed: arcs were made undirected edges")
	}
	switch {
	case r.Arcs && r.Layers != nil:
		out = append(out, fmt.Sprintf("directed: %s in %s (%s)", count(r.Ties, "arc", "arcs"), count(len(r.Layers), "layer", "layers"), strings.Join(r.Layers, ", ")))
	case r.Arcs:
		out = append(out, "directed: "+count(r.Ties, "arc", "arcs"))
	case r.Layers != nil:
		out = append(out, fmt.Sprintf("%s in %s (%s)", count(r.Ties, "tie", "ties"), count(len(r.Layers), "layer", "layers"), strings.Join(r.Layers, ", ")))
	}
	if r.Asymmetric > 0 {
		out = append(out, count(r.Asymmetric, "arc was", "arcs were")+" listed in one direction only and symmetrised")
	}
	if r.SelfLoops > 0 {
		out = append(out, count(r.SelfLoops, "self-loop", "self-loops")+" dropped")
	}
	if r.Duplicates > 0 {
		out = append(out, count(r.Duplicates, "duplicate or reverse-duplicate edge", "duplicate or reverse-duplicate edges")+" merged")
	}
	if r.Isolated > 0 {
		out = append(out, count(r.Isolated, "isolated node", "isolated nodes")+" kept")
	}
	return out
}

// count returns "n thing" with the singular or plural form of thing.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// ParseError is the error returned for malformed input. It names the file and
// the line (and column, when known) where the problem was found.
type ParseError struct {
	File   string // name of the input
	Line   int    // line number, starting at 1; 0 if the problem is not tied to a line
	Column int    // column (byte offset in the line, starting at 1); 0 if unknown
	Err    error  // the problem
}

// Error returns "read FILE:LINE:COLUMN: problem", leaving out the line and
// column when they are unknown.
func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("read %s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("read %s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("read %s: %v", e.File, e.Err)
}

// Unwrap returns the underlying problem.
func (e *ParseError) Unwrap() error { return e.Err }
