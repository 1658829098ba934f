package graphio

import (
	"fmt"
)

// Report says what reading a file found and what it normalised.
type Report struct {
	File   string // name of the input
	Format Format // format read

	Nodes int // nodes of the graph read, isolated ones included
	Edges int // undirected edges of the graph read

	Records       int  // edge records read (lines, arcs or entries)
	SelfLoops     int  // records {v, v}, dropped
	Duplicates    int  // records repeating an earlier edge (in either orientation), merged
	Directed      bool // the file declared itself directed; arcs were made undirected edges
	Asymmetric    int  // arcs u→v listed without v→u (nauty, directed formats), symmetrised
	Isolated      int  // nodes without edges, kept
	HeaderSkipped bool // edge list: the first line was read as a column header
	ExtraColumns  int  // edge list: records with columns beyond the two ids, ignored
}

// Notes returns one human-readable sentence for every normalisation the
// reader made, in a fixed order; none when the file was a clean simple graph.
func (r *Report) Notes() []string {
	var out []string
	if r.HeaderSkipped {
		out = append(out, "first line read as a column header and skipped")
	}
	if r.ExtraColumns > 0 {
		out = append(out, fmt.Sprintf("%d records had extra columns (weights, timestamps, …), ignored", r.ExtraColumns))
	}
	if r.Directed {
		out = append(out, "input is directed: arcs were made undirected edges")
	}
	if r.Asymmetric > 0 {
		out = append(out, fmt.Sprintf("%d arcs were listed in one direction only and were symmetrised", r.Asymmetric))
	}
	if r.SelfLoops > 0 {
		out = append(out, fmt.Sprintf("%d self-loops dropped", r.SelfLoops))
	}
	if r.Duplicates > 0 {
		out = append(out, fmt.Sprintf("%d duplicate or reverse-duplicate edges merged", r.Duplicates))
	}
	if r.Isolated > 0 {
		out = append(out, fmt.Sprintf("%d isolated nodes kept", r.Isolated))
	}
	return out
}

// ParseError is the error returned for malformed input. It names the file and
// the line (and column, when known) where the problem was found.
type ParseError struct {
	File   string // name of the input
	Line   int    // line number, starting at 1; 0 if the problem is not tied to a line
	Column int    // column (byte offset in the line, starting at 1); 0 if unknown
	Err    error  // the problem
}

func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("read %s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("read %s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("read %s: %v", e.File, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }
