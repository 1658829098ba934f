package main

import (
	"fmt"
	"strconv"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/graphio"
)

// readFlags are the flags of every command that reads a network: how edge
// lists are split and how far declared sizes are trusted.
type readFlags struct {
	header, noHeader bool
	delimiter        string
	comments         string
	maxNodes         int
	directed         bool
	layerColumn      string
	layers           string
	sourceColumn     string
	targetColumn     string
}

// register adds the reading flags to fs (the root's persistent flags).
func (r *readFlags) register(fs *cli.FlagSet) {
	fs.BoolVar(&r.header, "header", false, "edge lists: the first data line is a column header (default: detected)")
	fs.BoolVar(&r.noHeader, "no-header", false, "edge lists: the first data line is an edge, never a header")
	fs.StringVar(&r.delimiter, "delimiter", "", `edge lists: the one character between fields, such as ";" or "\t" (default: any of space, tab and comma)`)
	fs.StringVar(&r.comments, "comments", "#%", "edge lists: characters that start a comment line")
	fs.BoolVar(&r.directed, "directed", false, "keep the direction of ties: an edge-list line u v is the arc u→v, and the arcs of GraphML, GML, Pajek and Matrix Market files stay arcs (default: undirected)")
	fs.StringVar(&r.layerColumn, "layer-column", "", "where the layer of every tie is: an edge-list column (a number from 3, or a name in the header line), or the name of a GraphML or GML edge key")
	fs.StringVar(&r.sourceColumn, "source-column", "", "edge lists: the column of every edge's first node id, a name in the header line or a number from 1 (default: a header's source/target, from/to, u/v… columns, else column 1)")
	fs.StringVar(&r.targetColumn, "target-column", "", "edge lists: the column of every edge's second node id, a name in the header line or a number from 1 (default: as --source-column, else column 2)")
	fs.StringVar(&r.layers, "layers", "keep", "keep: signatures see the layer of every tie; ignore: a layer-blind attacker (the layer column is not read)")
	fs.IntVar(&r.maxNodes, "max-nodes", 0, "largest node count a file may declare (nauty !n=, Pajek *Vertices, Matrix Market); default: what the file's size can describe")
}

// options validates the flags and returns the reading options they give.
func (r *readFlags) options() (graphio.ReadOptions, error) {
	var opt graphio.ReadOptions
	switch {
	case r.header && r.noHeader:
		return opt, usageErrorf("--header and --no-header contradict each other")
	case r.header:
		opt.Header = graphio.HeaderYes
	case r.noHeader:
		opt.Header = graphio.HeaderNo
	}
	switch d := r.delimiter; {
	case d == `\t` || d == "tab":
		opt.Delimiter = '\t'
	case d == "":
	case len(d) == 1 && d[0] != '"' && d[0] != '\n' && d[0] != '\r':
		opt.Delimiter = d[0]
	default:
		return opt, usageErrorf("--delimiter %q: want one character (not a quote or line break), or \\t", d)
	}
	if r.comments == "" {
		return opt, usageErrorf(`--comments needs at least one character (default "#%%")`)
	}
	opt.Comments = r.comments
	if r.maxNodes < 0 {
		return opt, usageErrorf("--max-nodes must be at least 1 (or 0 for the default), got %d", r.maxNodes)
	}
	opt.MaxNodes = r.maxNodes
	for _, c := range []struct{ flag, v string }{{"--source-column", r.sourceColumn}, {"--target-column", r.targetColumn}} {
		if n, err := strconv.Atoi(c.v); err == nil && n < 1 {
			return opt, usageErrorf("%s %d: columns are numbered from 1", c.flag, n)
		}
	}
	if r.sourceColumn != "" && r.sourceColumn == r.targetColumn {
		return opt, usageErrorf("--source-column and --target-column both name column %q", r.sourceColumn)
	}
	opt.SourceColumn, opt.TargetColumn = r.sourceColumn, r.targetColumn
	opt.Directed = r.directed
	switch r.layers {
	case "keep":
		opt.LayerColumn = r.layerColumn
	case "ignore":
	default:
		return opt, usageErrorf("--layers %q: want keep or ignore", r.layers)
	}
	return opt, nil
}

// onto returns the reading options of a bundled network: base, its own
// (say, village's direction and layer column), with every reading flag the
// command line set (changed reports which) taken from opt, what options
// made of the flags.
func (r *readFlags) onto(base, opt graphio.ReadOptions, changed func(name string) bool) graphio.ReadOptions {
	if changed("header") || changed("no-header") {
		base.Header = opt.Header
	}
	if changed("delimiter") {
		base.Delimiter = opt.Delimiter
	}
	if changed("comments") {
		base.Comments = opt.Comments
	}
	if changed("max-nodes") {
		base.MaxNodes = opt.MaxNodes
	}
	if changed("directed") {
		base.Directed = opt.Directed
	}
	if changed("source-column") || changed("target-column") {
		base.SourceColumn, base.TargetColumn = opt.SourceColumn, opt.TargetColumn
	}
	if changed("layer-column") || r.layers == "ignore" {
		base.LayerColumn = opt.LayerColumn
	}
	base.Threads = opt.Threads
	return base
}

// registerFrom adds --from, the input format, with its old name --format
// kept as a hidden alias.
func registerFrom(fs *cli.FlagSet, p *string, what string) {
	fs.StringVar(p, "from", "", fmt.Sprintf("input format of %s (default: from the file extension; edgelist for stdin)", what))
	fs.StringVar(p, "format", "", "old name of --from")
	fs.MarkHidden("format")
}

// registerTo adds --to, the output format of what, whose default is
// deflt (a phrase such as "from the file extension"). With oldName the old
// name --format is kept as a hidden alias (for commands that read no
// graph, where --format named the output).
func registerTo(fs *cli.FlagSet, p *string, what, deflt string, oldName bool) {
	fs.StringVar(p, "to", "", fmt.Sprintf("output format of %s (default: %s)", what, deflt))
	if oldName {
		fs.StringVar(p, "format", "", "old name of --to")
		fs.MarkHidden("format")
	}
}

// checkOneFormat rejects --from or --to together with --format, the old
// name of one of them, since both are bound to the same value.
func checkOneFormat(cmd *cli.Command) error {
	f := cmd.Flags()
	for _, name := range []string{"from", "to"} {
		if alias := f.Lookup("format"); alias != nil && f.Changed(name) && f.Changed("format") && alias.Usage == "old name of --"+name {
			return usageErrorf("--format is the old name of --%s: give one of them", name)
		}
	}
	return nil
}
