// Package graphio reads and writes networks in the file formats anonet
// supports, turning them into the simple undirected graphs of package graph.
//
// Supported formats (see Format): edge lists (whitespace-, tab- or
// comma-separated, with # or % comments), the nauty text format of the
// reference data sets (!n=…, v: a b c;), GraphML, GML, Pajek .net and
// Matrix Market coordinate files. Gzip compression is detected from the
// content when reading and chosen by the .gz extension when writing.
//
// Reading never normalises silently: self-loops, repeated and reverse
// duplicate edges, directed input and isolated nodes are counted in a Report.
// Every parse error is a *ParseError naming the file, line and problem, in
// the manner of encoding/csv.
//
// Writers are deterministic and lose nothing the format can hold: isolated
// nodes are kept and labels are written where the format has room for them.
// WriteFile writes to a temporary file in the target directory and renames it
// into place, so a failed write leaves no partial output behind.
package graphio
