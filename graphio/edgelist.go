package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// edgeListMagic starts the first line of edge lists written by anonet. Such
// files may list an isolated node as a line with a single id; in other files
// a line with one column is an error, because it is far more often a
// truncated or mangled edge than an intended isolated node.
const edgeListMagic = "# anonet edge list"

// split2 returns the first two fields of an edge-list line, split at
// spaces, tabs and commas, and the number of fields.
func split2(line []byte) (f0, f1 []byte, n int) {
	i := 0
	for {
		for i < len(line) && isSep(line[i]) {
			i++
		}
		if i == len(line) {
			return f0, f1, n
		}
		j := i
		for j < len(line) && !isSep(line[j]) {
			j++
		}
		switch n {
		case 0:
			f0 = line[i:j]
		case 1:
			f1 = line[i:j]
		}
		n++
		i = j
	}
}

func isSep(c byte) bool {
	return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\v' || c == '\f'
}

// column returns the 1-based byte column of tok within line.
func column(line, tok []byte) int {
	if len(tok) == 0 {
		return 0
	}
	off := cap(line) - cap(tok)
	if off < 0 || off > len(line) {
		return 0
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
// by spaces, tabs or commas, columns after the second ignored (and counted),
// lines starting with # or % ignored, and an optional column header (see
// ReadOptions.Header). In files whose first comment line starts with
// edgeListMagic, a line with a single id is an isolated node and no header
// is detected.
func readEdgeList(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lr := newLineReader(br, rep.File, opt)
	b := newBuilder(opt.nodeLimit())
	anonetFile := false
	dataLines := 0
	// A held-back first data line, while it is not known whether it is a header.
	var held []byte
	heldLine := 0
	// id returns the node of field tok of line lineNo.
	id := func(tok, line []byte, lineNo int) (int32, error) {
		if x, ok := numeric(tok); ok {
			return b.numNode(x), nil
		}
		if !utf8.Valid(tok) {
			return 0, &ParseError{File: rep.File, Line: lineNo, Column: column(line, tok),
				Err: fmt.Errorf("node id %q is not valid UTF-8 (is this a binary file?)", tok)}
		}
		return b.node(tok), nil
	}
	addRecord := func(line []byte, lineNo int) error {
		f0, f1, nf := split2(line)
		switch {
		case nf == 1 && !anonetFile:
			if !utf8.Valid(f0) {
				return &ParseError{File: rep.File, Line: lineNo, Column: column(line, f0),
					Err: fmt.Errorf("%q is not valid UTF-8 (is this a binary file?)", f0)}
			}
			return &ParseError{File: rep.File, Line: lineNo, Column: column(line, f0),
				Err: errors.New("line has one column; an edge needs two node ids (only files written by anonet list isolated nodes this way)")}
		case nf > 2:
			rep.ExtraColumns++
		}
		u, err := id(f0, line, lineNo)
		if err != nil {
			return err
		}
		if nf == 1 {
			if b.overflow {
				return &ParseError{File: rep.File, Line: lineNo, Err: b.overflowError()}
			}
			return nil
		}
		v, err := id(f1, line, lineNo)
		if err != nil {
			return err
		}
		b.edge(u, v)
		if b.overflow {
			return &ParseError{File: rep.File, Line: lineNo, Err: b.overflowError()}
		}
		return nil
	}
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		i := 0
		for i < len(line) && isSep(line[i]) {
			i++
		}
		if i == len(line) { // blank, or separators only such as ",,"
			continue
		}
		if line[i] == '#' || line[i] == '%' {
			if dataLines == 0 && bytes.HasPrefix(line[i:], []byte(edgeListMagic)) {
				anonetFile = true
			}
			continue
		}
		dataLines++
		if dataLines <= 2 && opt.Header != HeaderNo {
			f0, f1, nf := split2(line)
			switch {
			case dataLines == 1 && opt.Header == HeaderYes:
				rep.HeaderSkipped = true
				continue
			case dataLines == 1 && !anonetFile && nf >= 2 && !isNumeric(f0) && !isNumeric(f1):
				// Files written by anonet never have a header: their
				// labels may well look like column names.
				if isHeaderWord(f0) && isHeaderWord(f1) {
					rep.HeaderSkipped = true
					continue
				}
				// Decide when the second data line is seen.
				held = append(held[:0], line...)
				heldLine = lr.line
				continue
			case held != nil:
				if isNumeric(f0) && nf >= 2 && isNumeric(f1) {
					rep.HeaderSkipped = true
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
	// An empty graph written by anonet is read back; anywhere else, a file
	// without edges is a mistake.
	if b.numNodes() == 0 && !anonetFile {
		return nil, &ParseError{File: rep.File, Err: errors.New("no edges or nodes found (empty file?)")}
	}
	return b.build(rep)
}

// edgeListLabelProblem says why label l cannot be written to an edge list,
// or returns "".
func edgeListLabelProblem(l string) string {
	switch {
	case l == "":
		return "it is empty"
	case l[0] == '#' || l[0] == '%':
		return "it starts with a comment character"
	case strings.ContainsAny(l, " \t,\r\n\v\f"):
		return "it contains a separator (space, tab, comma or line break)"
	case strings.IndexByte(l, 0) >= 0:
		return "it contains a NUL byte"
	case !utf8.ValidString(l):
		return "it is not valid UTF-8"
	}
	return ""
}

// writeEdgeList writes the anonet header comment, one line "u v" per edge in
// ascending order of node ids, then one line per isolated node.
func writeEdgeList(w io.Writer, g *graph.Graph) error {
	if err := checkLabels(g, EdgeList, edgeListLabelProblem); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "%s: %d nodes, %d edges; a line with a single id is an isolated node\n", edgeListMagic, g.NumNodes(), g.NumEdges())
	var buf []byte
	label := func(v int32) []byte { // appends the label of v to buf
		if g.HasLabels() {
			return append(buf, g.Label(v)...)
		}
		return strconv.AppendInt(buf, int64(v), 10)
	}
	for u := range int32(g.NumNodes()) {
		nb := g.Neighbors(u)
		// Neighbours are sorted: those above u are a suffix.
		k, _ := slices.BinarySearch(nb, u)
		if k == len(nb) {
			continue
		}
		buf = buf[:0]
		buf = label(u)
		buf = append(buf, ' ')
		prefix := len(buf)
		for _, v := range nb[k:] {
			buf = label(v)
			buf = append(buf, '\n')
			if _, err := bw.Write(buf); err != nil {
				return err
			}
			buf = buf[:prefix]
		}
	}
	for v := range int32(g.NumNodes()) {
		if g.Degree(v) == 0 {
			buf = buf[:0]
			buf = append(label(v), '\n')
			if _, err := bw.Write(buf); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}
