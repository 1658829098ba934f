package attribute

import (
	"encoding/binary"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/anonet-project/anonet/graph"
)

// Table holds categorical attributes of the nodes of one network.
type Table struct {
	// IDColumn is the name of the column that held the node ids.
	IDColumn string
	// Columns are the attribute names, in the file's order.
	Columns []string
	// Missing is the number of nodes without a row (empty values).
	Missing int
	// Ignored is the number of rows whose id is not a node of the network.
	Ignored int

	nodes  int        // nodes of the network
	values [][]string // per column: code → value; code 0 is ""
	codes  [][]int32  // per column: node → code
}

// ParseError is the error of a malformed attribute table, at a line of
// its file.
type ParseError struct {
	File string
	Line int
	Err  error
}

// Error returns "FILE:LINE: problem".
func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// ReadCSV reads the attribute table of the nodes of g from r, a CSV file
// (RFC 4180, comma-separated, with a header row) named file in errors. The
// column idColumn (the first column if empty) holds node labels as g has
// them (g.Label); every other column is an attribute. A label that appears
// twice is an error; a row whose label is not a node of g is counted in
// Ignored; a node without a row gets the empty value everywhere (Missing).
func ReadCSV(r io.Reader, file string, g *graph.Graph, idColumn string) (*Table, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &ParseError{File: file, Line: 1, Err: errors.New("empty file: want a header row naming the id column and the attributes")}
	}
	if err != nil {
		return nil, csvError(file, err)
	}
	header = slices.Clone(header)
	id := 0
	if idColumn != "" {
		if id = slices.Index(header, idColumn); id < 0 {
			return nil, &ParseError{File: file, Line: 1, Err: fmt.Errorf("no column %q in the header (columns: %s)", idColumn, strings.Join(header, ", "))}
		}
	}
	t := &Table{}
	for i, name := range header {
		if i == id {
			continue
		}
		if name == "" || slices.Contains(t.Columns, name) {
			return nil, &ParseError{File: file, Line: 1, Err: fmt.Errorf("column %d: attribute names must be non-empty and distinct, got %q", i+1, name)}
		}
		t.Columns = append(t.Columns, name)
	}
	if len(t.Columns) == 0 {
		return nil, &ParseError{File: file, Line: 1, Err: fmt.Errorf("the header names only the id column %q: an attribute table needs at least one attribute column", header[id])}
	}
	n := g.NumNodes()
	node := g.LabelIndex()
	b := newBuilder(header[id], t.Columns, n)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvError(file, err)
		}
		line, _ := cr.FieldPos(0)
		v, ok := node[rec[id]]
		if !ok {
			b.t.Ignored++
			continue
		}
		if b.seen[v] {
			return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("node %q has a second row", rec[id])}
		}
		b.seen[v] = true
		c := 0
		for i, val := range rec {
			if i != id {
				b.set(v, c, val)
				c++
			}
		}
	}
	return b.finish(), nil
}

// FromRows returns the table of the nodes of g from rows, which maps node
// labels to their values of the attributes columns (an empty value, or a
// row shorter than columns, is the empty value); idColumn names the ids
// when the table is written. Labels that are not nodes of g are counted in
// Ignored, nodes without a row in Missing. Readers of formats that carry
// node data (GraphML, GML) use it.
func FromRows(idColumn string, columns []string, g *graph.Graph, rows map[string][]string) *Table {
	n := g.NumNodes()
	b := newBuilder(idColumn, columns, n)
	for v := range int32(n) {
		row, ok := rows[g.Label(v)]
		if !ok {
			continue
		}
		for c := range min(len(row), len(columns)) {
			b.set(v, c, row[c])
		}
		b.seen[v] = true
	}
	b.t.Ignored = max(0, len(rows)-b.rows())
	return b.finish()
}

// builder codes the values of a table as they are set.
type builder struct {
	t     *Table
	index []map[string]int32 // per column: value → code
	seen  []bool             // nodes with a row
}

// newBuilder returns a builder of a table of n nodes.
func newBuilder(idColumn string, columns []string, n int) *builder {
	b := &builder{t: &Table{IDColumn: idColumn, Columns: columns, nodes: n}, index: make([]map[string]int32, len(columns)), seen: make([]bool, n)}
	b.t.values = make([][]string, len(columns))
	b.t.codes = make([][]int32, len(columns))
	for c := range columns {
		b.index[c] = map[string]int32{"": 0}
		b.t.values[c] = []string{""}
		b.t.codes[c] = make([]int32, n)
	}
	return b
}

// set gives node v the value val in column c and marks v as having a row.
func (b *builder) set(v int32, c int, val string) {
	b.seen[v] = true
	code, ok := b.index[c][val]
	if !ok {
		code = int32(len(b.t.values[c]))
		b.index[c][val] = code
		b.t.values[c] = append(b.t.values[c], val)
	}
	b.t.codes[c][v] = code
}

// rows returns the number of nodes with a row.
func (b *builder) rows() int {
	k := 0
	for _, s := range b.seen {
		if s {
			k++
		}
	}
	return k
}

// finish counts the nodes without a row and returns the table.
func (b *builder) finish() *Table {
	b.t.Missing = len(b.seen) - b.rows()
	return b.t
}

// csvError turns an error of encoding/csv into a ParseError.
func csvError(file string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &ParseError{File: file, Line: pe.Line, Err: pe.Err}
	}
	return fmt.Errorf("read %s: %w", file, err)
}

// Value returns the value of attribute column c (an index of Columns) of
// node v.
func (t *Table) Value(c int, v int32) string { return t.values[c][t.codes[c][v]] }

// Colors returns a code for every node such that two nodes have the same
// code exactly when they have the same values of the known attributes
// (every column if known is empty), and the number of codes. Codes are
// numbered in the order of the nodes that first have them.
func (t *Table) Colors(known []string) ([]int32, int, error) {
	colors, n, err := JointColors(known, t)
	if err != nil {
		return nil, 0, err
	}
	return colors[0], n, nil
}

// JointColors codes the nodes of several tables at once (an original
// network's and its release's, say): two nodes, of one table or of two,
// get the same code exactly when they have the same values of the known
// attributes (every column of the first table if known is empty), which
// every table must have. It returns the codes of each table's nodes and the
// number of codes.
func JointColors(known []string, tables ...*Table) ([][]int32, int, error) {
	if len(known) == 0 && len(tables) > 0 {
		known = tables[0].Columns
	}
	out := make([][]int32, len(tables))
	tuples := map[string]int32{}
	var key []byte
	for i, t := range tables {
		cols, err := t.columns(known)
		if err != nil {
			return nil, 0, err
		}
		n := t.nodes
		out[i] = make([]int32, n)
		for v := range int32(n) {
			key = key[:0]
			for _, c := range cols {
				val := t.Value(c, v)
				key = binary.AppendUvarint(key, uint64(len(val)))
				key = append(key, val...)
			}
			code, ok := tuples[string(key)]
			if !ok {
				code = int32(len(tuples))
				tuples[string(key)] = code
			}
			out[i][v] = code
		}
	}
	return out, len(tuples), nil
}

// columns returns the indices of the named columns (all if names is
// empty).
func (t *Table) columns(names []string) ([]int, error) {
	if len(names) == 0 {
		cols := make([]int, len(t.Columns))
		for i := range cols {
			cols[i] = i
		}
		return cols, nil
	}
	var cols []int
	for _, name := range names {
		c := slices.Index(t.Columns, name)
		if c < 0 {
			return nil, fmt.Errorf("no attribute %q (attributes: %s)", name, strings.Join(t.Columns, ", "))
		}
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	return cols, nil
}

// WriteCSV writes the table for a release whose node i is node order[i]
// of the table's network: a header row (the id column's name, then the
// attributes), then one row per release node, its id being the release's
// label label(i). Values are written unchanged.
func (t *Table) WriteCSV(w io.Writer, order []int32, label func(i int) string) error {
	cw := csv.NewWriter(w)
	row := append([]string{t.IDColumn}, t.Columns...)
	if err := cw.Write(row); err != nil {
		return err
	}
	for i, v := range order {
		row[0] = label(i)
		for c := range t.Columns {
			row[c+1] = t.Value(c, v)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
