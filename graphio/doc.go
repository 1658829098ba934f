// Package graphio reads and writes networks in the file formats anonet
// supports, turning them into the simple undirected graphs of package graph.
//
// Supported formats (see Format): edge lists (whitespace-, tab- or
// comma-separated, with # or % comments and an optional header line; a
// delimiter such as ';' is detected), CSV and TSV tables with a header
// (written so that pandas and networkx read them), the nauty text format of the reference data sets (!n=…, v: a b c;), GraphML,
// GML, Pajek .net and Matrix Market coordinate files. Content clearly of
// one format is read as such whatever the file is called. Gzip compression
// is detected from the content when reading and chosen by the .gz
// extension when writing. docs/formats.md in the repository describes every format in
// full.
//
// Formats that name nodes by label (edge list, GraphML, GML) number the
// nodes in ascending numeric order if every label is a decimal number, and
// in order of first appearance otherwise; Pajek, nauty and Matrix Market
// keep the file's numbering.
//
// Reading never normalises silently: self-loops, repeated and reverse
// duplicate edges, directed input, header lines, extra columns and isolated
// nodes are counted in a Report, whose Notes describe them. Every parse
// error is a *ParseError naming the file, line (and column, where cheap) and
// problem, in the manner of encoding/csv.
//
// Writers are deterministic and lose nothing the format can hold: isolated
// nodes are kept, labels are written (escaped as the format requires) where
// the format has room for them, and a label a format cannot hold is refused
// with an error naming the node. WriteFile writes to a temporary file in the
// target directory and renames it into place, so a failed write leaves no
// partial output behind; a failure of the system to store it (a full disk)
// is a *WriteError.
//
// Edge lists without a layer column, in a file or in memory, are read in
// parallel (ReadOptions.Threads): one goroutine reads and decompresses lines, others
// split them into fields, and the records are added in file order, so the
// graph, the report and any error are those of a sequential read.
//
// Two functions handle binary files of a billion edges without a
// graph.Graph: WriteBinaryStream writes one from sorted chunks of edges,
// and ReadForward reads one into a graph.Forward (4 bytes per edge) for
// degrees and triangle counts.
package graphio
