package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// attributeFlags are the flags of the attributes an attacker knows:
// --attributes, --known and --id-column.
type attributeFlags struct {
	path     string
	known    []string
	idColumn string
}

// register adds the flags to fs.
func (f *attributeFlags) register(fs *cli.FlagSet) {
	fs.StringVar(&f.path, "attributes", "", "CSV file (RFC 4180, header row) of node attributes the attacker may know: an id column, then one column per attribute")
	fs.StringSliceVar(&f.known, "known", nil, "the attributes the attacker knows, comma-separated (default: every column of --attributes); without --attributes, node attributes of the network file itself (GraphML, GML)")
	fs.StringVar(&f.idColumn, "id-column", "", "the column of --attributes that holds node ids (default: the first)")
}

// used reports whether the attacker knows attributes: from --attributes,
// or, with --known alone, from the network file.
func (f *attributeFlags) used() bool { return f.path != "" || len(f.known) > 0 }

// check refuses --id-column without --attributes and attributes with a
// fuzzy target, and asks the reader for the network file's node data when
// --known comes without --attributes.
func (f *attributeFlags) check(e *env, fuzzy bool) error {
	switch {
	case f.path == "" && f.idColumn != "":
		return usageErrorf("--id-column needs --attributes")
	case f.used() && fuzzy:
		return usageErrorf("--fuzzy cannot be combined with attributes yet: fuzzy differences are defined on numeric signatures only")
	}
	e.read.NodeAttributes = f.path == "" && len(f.known) > 0
	return nil
}

// checkPair is check for the commands that read an original and its
// release (report, attack): --attributes, the original's table, and
// release, the release's, go together.
func (f *attributeFlags) checkPair(e *env, release string) error {
	if (f.path == "") != (release == "") {
		return usageErrorf("--attributes (the original's table) and --release-attributes (the release's, from anonymize --attributes-out) go together")
	}
	return f.check(e, false)
}

// attributeTable reads the attribute table of the input's graph: from the
// CSV file path, or, if path is empty and --known was given, from the
// network file's own node data; nil without either.
func (e *env) attributeTable(f *attributeFlags, path string, in *input) (*attribute.Table, error) {
	switch {
	case path != "":
		r, err := os.Open(path)
		if err != nil {
			return nil, inputError(fmt.Errorf("attributes: %w", err))
		}
		defer r.Close()
		t, err := attribute.ReadCSV(r, path, in.g, f.idColumn)
		if err != nil {
			return nil, inputError(err)
		}
		return t, nil
	case len(f.known) > 0:
		var t *attribute.Table
		if in.report != nil {
			t = in.report.Attributes
		}
		if t == nil {
			return nil, usageErrorf("--known %s: %s holds no node attributes (GraphML <data> of node keys, GML node keys); give them in a table with --attributes FILE", strings.Join(f.known, ","), in.name)
		}
		return t, nil
	}
	return nil, nil
}

// noteAttributes says on stderr what the attacker knows and what the table
// missed.
func (e *env) noteAttributes(f *attributeFlags, t *attribute.Table, combinations int) {
	if !e.quiet {
		fmt.Fprintf(e.stderr, "attributes: the attacker knows %v: %d combinations of values; %d nodes without a row, %d rows of ids not in the network ignored\n", f.knownOf(t), combinations, t.Missing, t.Ignored)
	}
}

// refine reads the attribute table of the input's graph (from --attributes,
// or from the network file with --known alone) and returns ms refined by
// the known attributes (measure.Refined) with the table; without
// attributes it returns ms and nil.
func (e *env) refine(f *attributeFlags, ms []measure.Measure, in *input) ([]measure.Measure, *attribute.Table, error) {
	t, err := e.attributeTable(f, f.path, in)
	if err != nil || t == nil {
		return ms, nil, err
	}
	colors, n, err := t.Colors(f.known)
	if err != nil {
		return nil, nil, usageErrorf("--known: %v", err)
	}
	e.noteAttributes(f, t, n)
	out := make([]measure.Measure, len(ms))
	for i, m := range ms {
		out[i] = measure.Refined{Measure: m, Colors: colors}
	}
	return out, t, nil
}

// knownOf returns the attributes of t the attacker knows (every column
// unless --known names some), or nil without a table.
func (f *attributeFlags) knownOf(t *attribute.Table) []string {
	switch {
	case t == nil:
		return nil
	case len(f.known) > 0:
		return f.known
	}
	return t.Columns
}

// writeReleaseAttributes writes the attribute table t for the release
// anon, whose node perm[v] is node v of the input.
func writeReleaseAttributes(w io.Writer, t *attribute.Table, perm []int, anon *graph.Graph) error {
	order := make([]int32, len(perm))
	for v, i := range perm {
		order[i] = int32(v)
	}
	return t.WriteCSV(w, order, func(i int) string { return anon.Label(int32(i)) })
}
