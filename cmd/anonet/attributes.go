package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

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

func (f *attributeFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.path, "attributes", "", "CSV file (RFC 4180, header row) of node attributes the attacker may know: an id column, then one column per attribute")
	fs.StringSliceVar(&f.known, "known", nil, "the attributes the attacker knows, comma-separated (default: every column of --attributes)")
	fs.StringVar(&f.idColumn, "id-column", "", "the column of --attributes that holds node ids (default: the first)")
}

// check refuses --known and --id-column without --attributes, and
// attributes with a fuzzy target.
func (f *attributeFlags) check(fuzzy bool) error {
	switch {
	case f.path == "" && len(f.known) > 0:
		return usageErrorf("--known needs --attributes")
	case f.path == "" && f.idColumn != "":
		return usageErrorf("--id-column needs --attributes")
	case f.path != "" && fuzzy:
		return usageErrorf("--fuzzy cannot be combined with --attributes yet: fuzzy differences are defined on numeric signatures only")
	}
	return nil
}

// refine reads the attribute table of g, if --attributes was given, and
// returns ms refined by the known attributes (measure.Attributed) with the
// table; without --attributes it returns ms and nil.
func (e *env) refine(f *attributeFlags, ms []measure.Measure, g *graph.Graph) ([]measure.Measure, *attribute.Table, error) {
	if f.path == "" {
		return ms, nil, nil
	}
	r, err := os.Open(f.path)
	if err != nil {
		return nil, nil, inputError(fmt.Errorf("--attributes: %w", err))
	}
	defer r.Close()
	t, err := attribute.ReadCSV(r, f.path, g, f.idColumn)
	if err != nil {
		return nil, nil, inputError(err)
	}
	colors, n, err := t.Colors(f.known)
	if err != nil {
		return nil, nil, usageErrorf("--known: %v", err)
	}
	if !e.quiet {
		known := f.knownOf(t)
		fmt.Fprintf(e.stderr, "attributes: the attacker knows %v: %d combinations of values; %d nodes without a row, %d rows of ids not in the network ignored\n", known, n, t.Missing, t.Ignored)
	}
	out := make([]measure.Measure, len(ms))
	for i, m := range ms {
		out[i] = measure.Attributed{Measure: m, Colors: colors}
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
