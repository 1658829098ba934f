package graphio

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// EdgeListMagic starts the first line of edge lists written by anonet
// (other readers of edge lists, such as the Beam pipeline, look for it too).
// Such files may list an isolated node as a line with a single id; in other
// files a line with one column is an error, because it is far more often a
// truncated or mangled edge than an intended isolated node.
const EdgeListMagic = "# anonet edge list"

// fieldSplitter splits edge-list lines into fields: at spaces, tabs and
// commas, or at one delimiter only (with spaces around fields trimmed). A
// field that starts with a double quote is quoted as in RFC 4180 CSV: it
// runs to the next lone quote, "" in it is one quote, and it may hold the
// separators; it must end on its line.
type fieldSplitter struct {
	delim   byte   // 0: any of space, tab and comma
	scratch []byte // unquoted fields with "" in them
	// src and dst, if positive, are the 1-based columns of the node ids
	// that split2 returns (0: columns 1 and 2).
	src, dst int
	// extra, if at least 2, is the index of one more field that split2
	// keeps in field (the layer column); field is nil when the line has
	// no such field.
	extra int
	field []byte
}

// cols returns the 0-based columns of the source and target node ids.
func (s *fieldSplitter) cols() (int, int) {
	c0, c1 := 0, 1
	if s.src > 0 {
		c0 = s.src - 1
	}
	if s.dst > 0 {
		c1 = s.dst - 1
	}
	return c0, c1
}

// all returns every field of line (unquoted), or an error for a malformed
// quoted field.
func (s *fieldSplitter) all(line []byte) ([][]byte, error) {
	t := fieldSplitter{delim: s.delim}
	var out [][]byte
	for col := 2; ; col++ {
		t.extra = col
		f0, f1, n, badCol, bad := t.split2(line)
		if bad != "" {
			return nil, fmt.Errorf("column %d: %s", badCol, bad)
		}
		if col == 2 {
			out = append(out, bytes.Clone(f0), bytes.Clone(f1))[:min(n, 2)]
		}
		if t.field == nil {
			return out, nil
		}
		out = append(out, bytes.Clone(t.field))
	}
}

// sep reports whether c separates fields.
func (s *fieldSplitter) sep(c byte) bool {
	if s.delim != 0 {
		return c == s.delim
	}
	return isSep(c)
}

// split2 returns the fields of line in the columns of the node ids (the
// first two, unless src and dst say otherwise) and the number of fields,
// or a column and message for a malformed quoted field.
func (s *fieldSplitter) split2(line []byte) (f0, f1 []byte, n int, badCol int, bad string) {
	s.scratch = s.scratch[:0]
	s.field = nil
	c0, c1 := s.cols()
	i := 0
	for {
		if s.delim == 0 {
			for i < len(line) && isSep(line[i]) {
				i++
			}
			if i == len(line) {
				return f0, f1, n, 0, ""
			}
		} else {
			for i < len(line) && isBlank(line[i]) && line[i] != s.delim {
				i++
			}
			if i == len(line) && (n == 0 || line[len(line)-1] != s.delim) {
				return f0, f1, n, 0, ""
			}
		}
		var field []byte
		if i < len(line) && line[i] == '"' {
			start := i
			j := i + 1
			escaped := false
			for {
				k := bytes.IndexByte(line[j:], '"')
				if k < 0 {
					return nil, nil, 0, start + 1, "quoted field not closed on its line"
				}
				j += k
				if j+1 < len(line) && line[j+1] == '"' {
					escaped = true
					j += 2
					continue
				}
				break
			}
			field = line[start+1 : j]
			if escaped {
				from := len(s.scratch)
				s.scratch = append(s.scratch, bytes.ReplaceAll(field, []byte(`""`), []byte(`"`))...)
				field = s.scratch[from:]
			}
			i = j + 1
			for i < len(line) && isBlank(line[i]) && !s.sep(line[i]) {
				i++
			}
			if i < len(line) && !s.sep(line[i]) {
				return nil, nil, 0, i + 1, "text after the closing quote of a quoted field"
			}
		} else if s.delim == 0 {
			j := i
			for j < len(line) && !isSep(line[j]) {
				j++
			}
			field, i = line[i:j], j
		} else {
			j := i
			for j < len(line) && line[j] != s.delim {
				j++
			}
			field, i = bytes.TrimRight(line[i:j], " \t\r\v\f"), j
		}
		switch n {
		case c0:
			f0 = field
		case c1:
			f1 = field
		case s.extra:
			s.field = field
		}
		n++
		if s.delim != 0 {
			if i == len(line) {
				return f0, f1, n, 0, ""
			}
			i++ // past the delimiter
		}
	}
}

// separators are the bytes that separate edge-list fields by default;
// fieldBreaks adds the line break: the bytes that end an unquoted field. A
// written field holding one is quoted (quoteField), or refused as a label
// (edgeListLabelProblem).
const (
	separators  = " \t,\r\v\f"
	fieldBreaks = separators + "\n"
)

// isSep reports whether c is one of separators (a switch, for speed).
func isSep(c byte) bool {
	return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\v' || c == '\f'
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// looksNumeric reports whether tok looks like a number of some kind, as
// ids in the rows under a header do: a canonical decimal, or digits with a
// leading + (phone numbers such as +31612345678) or with dashes and dots.
func looksNumeric(tok []byte) bool {
	if isNumeric(tok) {
		return true
	}
	tok = bytes.TrimPrefix(tok, []byte("+"))
	digits := 0
	for _, c := range tok {
		switch {
		case isDigit(c):
			digits++
		case c == '-' || c == '.':
		default:
			return false
		}
	}
	return digits > 0
}

// column returns the 1-based byte column of tok within line, or 0 if tok
// is not a part of line (a field unquoted into scratch memory).
func column(line, tok []byte) int {
	if len(tok) == 0 {
		return 0
	}
	off := cap(line) - cap(tok)
	if off < 0 || off+len(tok) > len(line) || &line[off] != &tok[0] {
		return 0 // not in line: unquoted into the splitter's scratch
	}
	return off + 1
}

// isHeaderWord reports whether tok is a usual name of an edge-list column
// of node ids (case-insensitive, quotes ignored).
func isHeaderWord(tok []byte) bool {
	switch strings.ToLower(strings.Trim(string(tok), `"'`)) {
	case "source", "target", "from", "to", "src", "dst", "u", "v", "i", "j",
		"node1", "node2", "id1", "id2", "head", "tail", "sender", "receiver", "node", "nodes":
		return true
	}
	return false
}

// isNumeric reports whether tok is a canonical decimal number.
func isNumeric(tok []byte) bool {
	_, ok := numeric(tok)
	return ok
}

// readEdgeList reads an edge list: one edge "u v" per line, fields separated
// by spaces, tabs or commas (or ReadOptions.Delimiter only, or a delimiter
// detected in the first lines: see sniffDelimiter), quoted as in RFC 4180
// CSV when they start with a double quote, columns other than those of the
// node ids ignored (and counted), lines starting with # or % (or
// ReadOptions.Comments) ignored, and an optional column header (see
// ReadOptions.Header), which may name the columns of the node ids (see
// ReadOptions.SourceColumn). In files whose first comment line starts with
// EdgeListMagic, or that have a header, a line without a target is a node
// alone (an isolated node if no other line names it); files written by
// anonet have no header.
func readEdgeList(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lr := newLineReader(br, rep.File, opt, false)
	b := newBuilder(opt.nodeLimit(), opt)
	b.reserve(estimateLines(br, opt.size))
	sp := &fieldSplitter{delim: opt.Delimiter}
	comments := opt.comments()
	head, whole := peekHead(br, opt.steady)
	anonetFile := hasMagicFirst(head, comments)
	if opt.Delimiter == 0 && !anonetFile {
		sample := sampleLines(head, whole, comments)
		if d := sniffDelimiter(sample, opt.Format); d != 0 {
			sp.delim = d
			if t := tableOf(opt.Format); t == nil || t.delim != d {
				rep.Delimiter = d // a CSV file's commas go without saying
			}
		} else if len(opt.SourceColumn)+len(opt.TargetColumn)+len(opt.LayerColumn) == 0 {
			if err := notEdgeList(sample, opt.Header); err != nil {
				return nil, &ParseError{File: rep.File, Err: err}
			}
		}
	}
	// The columns: numbers now, or names found in the header line.
	var names [3]string // source, target, layer
	for i, c := range [3]string{opt.SourceColumn, opt.TargetColumn, opt.LayerColumn} {
		if c == "" {
			continue
		}
		k, err := strconv.Atoi(c)
		switch {
		case err != nil:
			names[i] = c
		case k < 1:
			return nil, fmt.Errorf("column %d: columns are numbered from 1", k)
		case i == 0:
			sp.src = k
		case i == 1:
			sp.dst = k
		default:
			sp.extra = k - 1
		}
	}
	layered := opt.LayerColumn != ""
	if err := checkColumns(sp, layered && names[2] == ""); err != nil {
		return nil, err
	}
	if layered {
		b.startLayers()
	}
	used := 2 // columns read
	if layered {
		used = 3
	}
	named := names != [3]string{}
	dataLines := 0
	// A held-back first data line, while it is not known whether it is a header.
	var held []byte
	heldLine := 0
	// id returns the node of field tok of line lineNo.
	id := func(tok, line []byte, lineNo int) (int32, error) {
		if x, ok := numeric(tok); ok {
			return b.numNode(x), nil
		}
		if len(tok) == 0 {
			return 0, &ParseError{File: rep.File, Line: lineNo, Err: errors.New("empty node id (two delimiters in a row?)")}
		}
		if !utf8.Valid(tok) {
			return 0, &ParseError{File: rep.File, Line: lineNo, Column: column(line, tok),
				Err: fmt.Errorf("node id %q is not valid UTF-8 (is this a binary file?)", tok)}
		}
		return b.node(tok), nil
	}
	split := func(line []byte, lineNo int) (f0, f1 []byte, nf int, err error) {
		f0, f1, nf, col, bad := sp.split2(line)
		if bad != "" {
			return nil, nil, 0, &ParseError{File: rep.File, Line: lineNo, Column: col, Err: errors.New(bad)}
		}
		return f0, f1, nf, nil
	}
	c0, c1 := sp.cols()
	// addFields adds the record of a data line from the fields of its node
	// ids and its number of fields.
	addFields := func(f0, f1 []byte, nf int, line []byte, lineNo int) error {
		alone := nf <= c1 || len(f1) == 0 && (anonetFile || rep.HeaderSkipped)
		switch {
		case nf <= c0:
			return &ParseError{File: rep.File, Line: lineNo, Err: fmt.Errorf("line has %d columns, no column %d of source node ids", nf, c0+1)}
		case alone && !anonetFile && !rep.HeaderSkipped:
			if !utf8.Valid(f0) {
				return &ParseError{File: rep.File, Line: lineNo, Column: column(line, f0),
					Err: fmt.Errorf("%q is not valid UTF-8 (is this a binary file?)", f0)}
			}
			return &ParseError{File: rep.File, Line: lineNo, Column: column(line, f0), Err: oneColumn(line, sp, c1)}
		case nf > used:
			rep.ExtraColumns++
		}
		u, err := id(f0, line, lineNo)
		if err != nil {
			return err
		}
		if alone {
			if b.overflow {
				return &ParseError{File: rep.File, Line: lineNo, Err: b.overflowError()}
			}
			return nil
		}
		v, err := id(f1, line, lineNo)
		if err != nil {
			return err
		}
		if opt.Directed {
			b.arc(u, v)
		} else {
			b.edge(u, v)
		}
		if layered {
			if sp.field == nil {
				return &ParseError{File: rep.File, Line: lineNo, Err: fmt.Errorf("no layer in column %d", sp.extra+1)}
			}
			if err := b.addLayer(string(sp.field)); err != nil {
				return &ParseError{File: rep.File, Line: lineNo, Column: column(line, sp.field), Err: err}
			}
		}
		if b.overflow {
			return &ParseError{File: rep.File, Line: lineNo, Err: b.overflowError()}
		}
		return nil
	}
	addRecord := func(line []byte, lineNo int) error {
		f0, f1, nf, err := split(line, lineNo)
		if err != nil {
			return err
		}
		return addFields(f0, f1, nf, line, lineNo)
	}
	// header reads the first data line as the column header: it resolves
	// the columns named, and takes the node columns from a usual pair of
	// names (source and target, from and to, …) unless they were given.
	header := func(line []byte) error {
		rep.HeaderSkipped = true
		fields, err := sp.all(line)
		if err != nil {
			return err
		}
		for i, name := range names {
			if name == "" {
				continue
			}
			k := slices.IndexFunc(fields, func(f []byte) bool { return string(f) == name })
			if k < 0 {
				return fmt.Errorf("no column named %q in the header line %q", name, line)
			}
			if c0, c1 := sp.cols(); i == 2 && (k == c0 || k == c1) && opt.SourceColumn == "" && opt.TargetColumn == "" {
				return fmt.Errorf("column %q holds node ids, not layers", name)
			}
			switch i {
			case 0:
				sp.src = k + 1
			case 1:
				sp.dst = k + 1
			default:
				sp.extra = k
			}
		}
		if opt.SourceColumn == "" && opt.TargetColumn == "" {
			pair, err := headerPair(fields)
			if err != nil {
				return err
			}
			if pair[0] >= 0 && (pair[0] != 0 || pair[1] != 1) {
				sp.src, sp.dst = pair[0]+1, pair[1]+1
				rep.SourceColumn, rep.TargetColumn = string(fields[pair[0]]), string(fields[pair[1]])
			}
		}
		if err := checkColumns(sp, layered); err != nil {
			return err
		}
		c0, c1 = sp.cols()
		return nil
	}
	workers := parallelWorkers(opt)
	for {
		if workers > 0 && dataLines >= 2 && held == nil && !layered {
			// The header is decided: split the rest in parallel.
			batch := opt.batchLines
			if batch <= 0 {
				batch = parallelBatchLines
			}
			split, err := readRecordsParallel(lr, *sp, comments, workers, batch, addFields, addRecord)
			if opt.splitLines != nil {
				*opt.splitLines += split
			}
			if err != nil {
				return nil, err
			}
			break
		}
		line, ok := lr.next()
		if !ok {
			break
		}
		if i, data := dataStart(sp, line, comments); !data {
			if i < len(line) && dataLines == 0 && bytes.HasPrefix(line[i:], []byte(EdgeListMagic)) {
				anonetFile = true
			}
			continue
		}
		dataLines++
		if dataLines == 1 && !anonetFile && (named || opt.Header == HeaderYes ||
			opt.Header == HeaderAuto && isHeaderLine(sp, line)) {
			// Files written by anonet never have a header: their
			// labels may well look like column names.
			if err := header(line); err != nil {
				return nil, &ParseError{File: rep.File, Line: lr.line, Err: err}
			}
			continue
		}
		if dataLines <= 2 && opt.Header == HeaderAuto && !anonetFile {
			f0, f1, nf, err := split(line, lr.line)
			if err != nil {
				return nil, err
			}
			switch {
			case dataLines == 1 && nf > c1 && !looksNumeric(f0) && !looksNumeric(f1):
				// Decide when the second data line is seen.
				held = append(held[:0], line...)
				heldLine = lr.line
				continue
			case held != nil:
				// Under a header, ids look like numbers ("+316…" too).
				if nf > c1 && looksNumeric(f0) && looksNumeric(f1) {
					if err := header(held); err != nil {
						return nil, &ParseError{File: rep.File, Line: heldLine, Err: err}
					}
				} else if err := addRecord(held, heldLine); err != nil {
					return nil, err
				}
				held = nil
			}
		}
		if err := addRecord(line, lr.line); err != nil {
			return nil, err
		}
	}
	if err := lr.readErr(); err != nil {
		return nil, err
	}
	if held != nil {
		if err := addRecord(held, heldLine); err != nil {
			return nil, err
		}
	}
	// An empty graph written by anonet (or a table with a header only) is
	// read back; anywhere else, a file without edges is a mistake.
	if b.numNodes() == 0 && !anonetFile && !rep.HeaderSkipped {
		return nil, &ParseError{File: rep.File, Err: errors.New("no edges or nodes found (empty file?)")}
	}
	return b.build(rep)
}

// checkColumns returns an error if the splitter's node and layer columns
// (layer: whether a layer column is read) are not three different ones.
func checkColumns(sp *fieldSplitter, layer bool) error {
	c0, c1 := sp.cols()
	switch {
	case c0 == c1:
		return fmt.Errorf("the source and target node ids are both in column %d", c0+1)
	case layer && (sp.extra == c0 || sp.extra == c1):
		return fmt.Errorf("layer column %d: columns %d and %d hold the node ids", sp.extra+1, c0+1, c1+1)
	}
	return nil
}

// oneColumn describes the error of a line without a target node id in a
// file without a header, with a hint at the delimiter it may use.
func oneColumn(line []byte, sp *fieldSplitter, c1 int) error {
	msg := "line has one column; an edge needs two node ids (a node alone is read only in files with a header line, or written by anonet)"
	if c1 > 1 {
		msg = fmt.Sprintf("line has no column %d of target node ids (a node alone is read only in files with a header line, or written by anonet)", c1+1)
	}
	for _, d := range []byte{';', '|', '\t', ','} {
		if sp.delim != d && bytes.IndexByte(line, d) >= 0 {
			name := string(d)
			if d == '\t' {
				name = `\t`
			}
			return fmt.Errorf("%s; the line holds %q: if it separates the fields, give --delimiter '%s' (ReadOptions.Delimiter)", msg, d, name)
		}
	}
	return errors.New(msg)
}

// nodePairs are the usual names of the columns of an edge's two node ids,
// source first, compared without case: a header line that names one pair
// (anywhere in the line) is a header, and its columns are the node ids.
var nodePairs = [][2]string{
	{"source", "target"}, {"src", "dst"}, {"src", "dest"}, {"from", "to"}, {"u", "v"},
	{"node1", "node2"}, {"node_1", "node_2"}, {"id1", "id2"}, {"source_id", "target_id"},
	{"sender", "receiver"}, {"caller", "callee"}, {"tail", "head"}, {"i", "j"},
}

// headerPair returns the 0-based columns of the one usual pair of node
// names in a header's fields ({-1, -1} if there is none), or an error if
// there are two.
func headerPair(fields [][]byte) ([2]int, error) {
	found := [2]int{-1, -1}
	var foundNames [2]string
	for _, p := range nodePairs {
		var at [2]int
		for k, name := range p {
			at[k] = slices.IndexFunc(fields, func(f []byte) bool {
				return strings.EqualFold(strings.Trim(string(f), `"' `), name)
			})
		}
		if at[0] < 0 || at[1] < 0 {
			continue
		}
		if found[0] >= 0 {
			return found, fmt.Errorf("the header names two pairs of node columns, %s/%s (columns %d, %d) and %s/%s (columns %d, %d): choose with --source-column and --target-column (ReadOptions.SourceColumn, TargetColumn)",
				foundNames[0], foundNames[1], found[0]+1, found[1]+1, p[0], p[1], at[0]+1, at[1]+1)
		}
		found, foundNames = at, p
	}
	return found, nil
}

// isHeaderLine reports whether a first data line is a column header by its
// words alone: it names a usual pair of node columns (headerPair), or its
// node fields are both usual column names.
func isHeaderLine(sp *fieldSplitter, line []byte) bool {
	fields, err := sp.all(line)
	if err != nil {
		return false
	}
	if pair, err := headerPair(fields); err != nil || pair[0] >= 0 {
		return true // an ambiguous pair is a header too, refused by header
	}
	f0, f1, nf, _, _ := sp.split2(line)
	_, c1 := sp.cols()
	return nf > c1 && isHeaderWord(f0) && isHeaderWord(f1)
}

// dataStart returns the index of the first byte of an edge-list line that
// is not a separator, and whether the line holds data: it is neither blank
// (or separators only, such as ",,") nor a comment (its first byte
// after separators is one of comments).
func dataStart(sp *fieldSplitter, line []byte, comments string) (int, bool) {
	i := 0
	for i < len(line) && (isSep(line[i]) || sp.sep(line[i])) {
		i++
	}
	return i, i < len(line) && strings.IndexByte(comments, line[i]) < 0
}

// appendLabel appends the label of v to buf.
func appendLabel(buf []byte, g *graph.Graph, v int32) []byte {
	if g.HasLabels() {
		return append(buf, g.Label(v)...)
	}
	return strconv.AppendInt(buf, int64(v), 10)
}

// appendTies appends to buf a line per tie between u and v, whose kind
// read from u is k: "u v" for a tie from u to v (every tie of an
// undirected layer), "v u" for one from v to u, each followed by the
// layer's name when the graph has named layers; in a table (tab not nil)
// the fields are quoted as it needs and separated by its delimiter.
func appendTies(buf []byte, g *graph.Graph, u, v int32, k graph.Kind, names [][]byte, tab *table) []byte {
	sep := byte(' ')
	if tab != nil {
		sep = tab.delim
	}
	k.EachTie(g.Directed(), func(l int, out bool) {
		a, b := u, v
		if !out {
			a, b = v, u
		}
		buf = tab.appendLabel(buf, g, a)
		buf = append(buf, sep)
		buf = tab.appendLabel(buf, g, b)
		if names != nil {
			buf = append(buf, sep)
			buf = append(buf, names[l]...)
		}
		buf = append(buf, '\n')
	})
	return buf
}

// table is how an edge list is written as a table (CSV, TSV): a header line
// naming the columns, fields separated by delim, quoted as in RFC 4180 when
// they need it, and a node alone as a row with an empty target. A nil
// *table is the plain edge list anonet writes.
type table struct{ delim byte }

// tableOf returns the table of format f, or nil for a plain edge list.
func tableOf(f Format) *table {
	switch f {
	case CSV:
		return &table{','}
	case TSV:
		return &table{'\t'}
	}
	return nil
}

// appendLabel appends the label of v as a field of t.
func (t *table) appendLabel(buf []byte, g *graph.Graph, v int32) []byte {
	if t == nil || !g.HasLabels() {
		return appendLabel(buf, g, v)
	}
	return t.appendField(buf, g.Label(v))
}

// appendField appends s as a field of t: quoted (and its quotes doubled)
// if it holds the delimiter or a quote, starts with a comment character
// or with or ends with blank space, which reading would take otherwise.
func (t *table) appendField(buf []byte, s string) []byte {
	if s != "" && !strings.ContainsAny(s, string(t.delim)+`"`) && s[0] != '#' && s[0] != '%' &&
		!isBlank(s[0]) && !isBlank(s[len(s)-1]) {
		return append(buf, s...)
	}
	buf = append(buf, '"')
	buf = append(buf, strings.ReplaceAll(s, `"`, `""`)...)
	return append(buf, '"')
}

// tableLabelProblem says why label l cannot be written to a table, or
// returns "": a line break would end its row (a quoted field may not span
// lines when anonet reads it).
func tableLabelProblem(l string) string {
	if p := labelProblem(l); p != "" {
		return p
	}
	if strings.ContainsAny(l, "\r\n") {
		return "it contains a line break"
	}
	return ""
}

// quoteField returns s as an edge-list field: quoted as in RFC 4180 when it
// is empty or holds a separator, a quote or a comment mark at its start.
func quoteField(s string) []byte {
	if s != "" && !strings.ContainsAny(s, fieldBreaks+`"`) && s[0] != '#' && s[0] != '%' {
		return []byte(s)
	}
	return []byte(`"` + strings.ReplaceAll(s, `"`, `""`) + `"`)
}

// edgeListLabelProblem says why label l cannot be written to an edge list,
// or returns "".
func edgeListLabelProblem(l string) string {
	switch {
	case l == "":
		return "it is empty"
	case l[0] == '#' || l[0] == '%':
		return "it starts with a comment character"
	case l[0] == '"':
		return "it starts with a double quote (read as a quoted field)"
	case strings.ContainsAny(l, fieldBreaks):
		return "it contains a separator (space, tab, comma or line break)"
	case strings.IndexByte(l, 0) >= 0:
		return "it contains a NUL byte"
	case !utf8.ValidString(l):
		return "it is not valid UTF-8"
	}
	return ""
}

// writeChunkEdges is about the number of edges in a chunk of an edge list
// that is formatted (and, into a .gz file, compressed) as one piece.
const writeChunkEdges = 1 << 16

// edgeListChunk is a run of nodes of an edge list being written: the lines
// of their edges to later nodes or, if isolated, of those of them that
// have no edges.
type edgeListChunk struct {
	lo, hi   int32
	isolated bool
	text     []byte // the lines
	member   []byte // text as a gzip member, for a memberWriter
}

// writeEdgeList writes the anonet header comment, one line "u v" per edge in
// ascending order of node ids, then one line per isolated node; as a table
// (CSV, TSV: tab not nil) a header line of column names instead of the
// comment, and rows "u,v" and "w," (see table). threads goroutines format
// the lines in chunks (0: GOMAXPROCS) and, when w is a .gz file (a
// memberWriter), compress every chunk as a gzip member of its own; the
// bytes are the same for every number of threads, and their decompression
// too.
func writeEdgeList(w io.Writer, g *graph.Graph, threads int, tab *table) error {
	return writeEdgeListChunks(w, g, threads, writeChunkEdges, tab)
}

// writeEdgeListChunks is writeEdgeList with chunks of about chunkEdges
// edges (tests use small ones).
func writeEdgeListChunks(w io.Writer, g *graph.Graph, threads, chunkEdges int, tab *table) error {
	problem, f := edgeListLabelProblem, EdgeList
	if tab != nil {
		problem, f = tableLabelProblem, map[byte]Format{',': CSV, '\t': TSV}[tab.delim]
	}
	if err := checkLabels(g, f, problem); err != nil {
		return err
	}
	var hdr bytes.Buffer
	fmt.Fprintf(&hdr, "%s: %d nodes, %d edges; a line with a single id is an isolated node", EdgeListMagic, g.NumNodes(), g.NumEdges())
	// A typed graph has a line per tie: "u v" is the arc u→v when
	// directed, and the third column names the layer.
	layers := g.Layers()
	var names [][]byte // nil without layers
	for _, name := range layers {
		if strings.ContainsAny(name, "\r\n") {
			return fmt.Errorf("layer %q has a line break, which an edge list cannot hold", name)
		}
		if tab != nil {
			names = append(names, tab.appendField(nil, name))
		} else {
			names = append(names, quoteField(name))
		}
	}
	if g.Directed() {
		fmt.Fprintf(&hdr, "; %d arcs, a line u v is the arc u→v (read with --directed)", g.NumTies())
	}
	if layers != nil {
		fmt.Fprintf(&hdr, "; the third column is the layer (read with --layer-column 3)")
	}
	hdr.WriteByte('\n')
	if tab != nil {
		hdr.Reset()
		hdr.WriteString("source" + string(tab.delim) + "target")
		if layers != nil {
			hdr.WriteString(string(tab.delim) + "layer")
		}
		hdr.WriteByte('\n')
	}
	mw, ok := w.(memberWriter)
	members := ok && mw.gzipMembers()
	workers := graph.Workers(graph.Threads(threads), 1+g.NumEdges()/chunkEdges)
	zws := make([]*gzip.Writer, workers)
	n := int32(g.NumNodes())
	next, isolated := int32(0), false
	header := true
	return inOrder(workers,
		func(c *edgeListChunk) bool {
			if next == n && !isolated {
				next, isolated = 0, true
			}
			if next == n && !header {
				return false
			}
			c.lo, c.isolated = next, isolated
			for weight := 0; next < n && weight < 2*chunkEdges; next++ {
				weight++
				if !isolated {
					weight += g.Degree(next)
				}
			}
			c.hi = next
			c.text = c.text[:0]
			if header {
				c.text, header = append(c.text, hdr.Bytes()...), false
			}
			return true
		},
		func(worker int, c *edgeListChunk) {
			c.text = appendEdgeListLines(c.text, g, c.lo, c.hi, c.isolated, names, tab)
			if members && len(c.text) > 0 {
				c.member = gzipMember(&zws[worker], c.member[:0], c.text)
			}
		},
		func(c *edgeListChunk) error {
			if len(c.text) == 0 { // most chunks of isolated nodes
				return nil
			}
			if members {
				return mw.writeMember(c.member)
			}
			_, err := w.Write(c.text)
			return err
		})
}

// appendEdgeListLines appends the lines of nodes lo..hi−1: with isolated
// those of the nodes without edges, else the edges (or ties) to later
// nodes; as rows of tab when it is not nil.
func appendEdgeListLines(buf []byte, g *graph.Graph, lo, hi int32, isolated bool, names [][]byte, tab *table) []byte {
	typed := g.Directed() || g.Layers() != nil
	sep := byte(' ')
	if tab != nil {
		sep = tab.delim
	}
	for u := lo; u < hi; u++ {
		if isolated {
			if g.Degree(u) == 0 {
				buf = tab.appendLabel(buf, g, u)
				if tab != nil { // an empty target (and layer)
					buf = append(buf, sep)
					if names != nil {
						buf = append(buf, sep)
					}
				}
				buf = append(buf, '\n')
			}
			continue
		}
		nb := g.Neighbors(u)
		// Neighbours are sorted: those above u are a suffix.
		k, _ := slices.BinarySearch(nb, u)
		if typed {
			for i, v := range nb[k:] {
				buf = appendTies(buf, g, u, v, g.IncidentKind(u, k+i), names, tab)
			}
			continue
		}
		start, prefix := len(buf), 0 // "u " is formatted once, then copied
		for _, v := range nb[k:] {
			if prefix == 0 {
				buf = append(tab.appendLabel(buf, g, u), sep)
				prefix = len(buf) - start
			} else {
				buf = append(buf, buf[start:start+prefix]...)
			}
			buf = append(tab.appendLabel(buf, g, v), '\n')
		}
	}
	return buf
}

// gzipMember appends to dst the gzip member holding text, with the
// compressor *zw (made on first use).
func gzipMember(zw **gzip.Writer, dst, text []byte) []byte {
	buf := bytes.NewBuffer(dst)
	if *zw == nil {
		*zw = gzip.NewWriter(buf)
	} else {
		(*zw).Reset(buf)
	}
	(*zw).Write(text) // a bytes.Buffer does not fail
	(*zw).Close()
	return buf.Bytes()
}

// HasEdgeListMagic reports whether line is the comment that marks an edge
// list written by anonet (EdgeListMagic after any separators), which Read
// honours when it comes before the first data line.
func HasEdgeListMagic(line []byte) bool {
	var sp fieldSplitter
	i, _ := dataStart(&sp, line, ReadOptions{}.comments())
	return bytes.HasPrefix(line[i:], []byte(EdgeListMagic))
}

// SplitEdgeLine splits one line of an edge list (without its line break)
// as Read does with the default options, for programs that read edge
// lists line by line elsewhere (the Beam pipeline in distributed/). It
// reports whether the line holds data: false for a blank line (or
// separators only) and for a comment, whose first byte after separators
// is # or %. For a data line it returns the first two fields, unquoted
// (RFC 4180: a quoted field may hold separators, and "" in it is one
// quote), and the number of fields; a malformed quoted field is an error.
// The fields share memory with line unless they held "".
func SplitEdgeLine(line []byte) (f0, f1 []byte, n int, data bool, err error) {
	var sp fieldSplitter
	if _, data := dataStart(&sp, line, ReadOptions{}.comments()); !data {
		return nil, nil, 0, false, nil
	}
	f0, f1, n, col, bad := sp.split2(line)
	if bad != "" {
		return nil, nil, 0, true, fmt.Errorf("column %d: %s", col, bad)
	}
	return f0, f1, n, true, nil
}

// estimateLines estimates the number of lines of content of size bytes (0:
// unknown, and so is the estimate) from the lines in br's first 64 KiB,
// which it peeks at without consuming them.
func estimateLines(br *bufio.Reader, size int64) int {
	if size <= 0 {
		return 0
	}
	head, _ := br.Peek(min(1<<16, br.Size()))
	lines := bytes.Count(head, []byte{'\n'})
	if lines < 16 || int64(len(head)) >= size {
		return lines
	}
	return int(min(size*int64(lines)/int64(len(head)), maxNodes))
}
