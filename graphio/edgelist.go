package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// edgeListMagic starts the first line of edge lists written by anonet. Such
// files may list an isolated node as a line with a single id; in other files
// a line with one column is an error, because it is far more often a
// truncated or mangled edge than an intended isolated node.
const edgeListMagic = "# anonet edge list"

var headerWords = map[string]bool{
	"source": true, "target": true, "from": true, "to": true, "src": true, "dst": true,
	"u": true, "v": true, "i": true, "j": true, "node1": true, "node2": true,
	"id1": true, "id2": true, "head": true, "tail": true, "sender": true, "receiver": true,
	"node": true, "nodes": true, "a": true, "b": true,
}

// fields splits an edge-list line at spaces, tabs and commas into dst.
func fields(dst [][]byte, line []byte) [][]byte {
	dst = dst[:0]
	i := 0
	for i < len(line) {
		for i < len(line) && isSep(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSep(line[j]) {
			j++
		}
		if j > i {
			dst = append(dst, line[i:j])
		}
		i = j
	}
	return dst
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

func isHeaderWord(tok []byte) bool {
	return headerWords[strings.ToLower(strings.Trim(string(tok), `"'`))]
}

func readEdgeList(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lr := &lineReader{r: br}
	b := newBuilder()
	var toks [][]byte
	anonetFile := false
	dataLines := 0
	// A held-back first data line, while it is not known whether it is a header.
	var held [][]byte
	heldLine := 0
	var heldText []byte
	addRecord := func(toks [][]byte, line []byte, lineNo int) error {
		switch {
		case len(toks) == 1:
			if !anonetFile {
				return &ParseError{File: rep.File, Line: lineNo, Column: column(line, toks[0]),
					Err: errors.New("line has one column; an edge needs two node ids")}
			}
			b.node(toks[0])
			return nil
		case len(toks) > 2:
			rep.ExtraColumns++
		}
		for _, t := range toks[:2] {
			if !utf8.Valid(t) {
				return &ParseError{File: rep.File, Line: lineNo, Column: column(line, t),
					Err: fmt.Errorf("node id %q is not valid UTF-8 (is this a binary file?)", t)}
			}
		}
		rep.Records++
		u := b.node(toks[0])
		v := b.node(toks[1])
		b.edge(u, v)
		return nil
	}
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		trimmed := bytes.TrimLeft(line, " \t")
		if len(trimmed) == 0 {
			continue
		}
		if trimmed[0] == '#' || trimmed[0] == '%' {
			if dataLines == 0 && bytes.HasPrefix(trimmed, []byte(edgeListMagic)) {
				anonetFile = true
			}
			continue
		}
		if bytes.IndexByte(line, 0) >= 0 {
			return nil, &ParseError{File: rep.File, Line: lr.line, Err: errors.New("NUL byte in text (is this a binary file?)")}
		}
		toks = fields(toks, line)
		dataLines++
		if dataLines == 1 && opt.Header != HeaderNo {
			if opt.Header == HeaderYes {
				rep.HeaderSkipped = true
				continue
			}
			if len(toks) >= 2 {
				_, n0 := numeric(toks[0])
				_, n1 := numeric(toks[1])
				if !n0 && !n1 {
					if isHeaderWord(toks[0]) && isHeaderWord(toks[1]) {
						rep.HeaderSkipped = true
						continue
					}
					// Decide when the second data line is seen.
					heldText = append(heldText[:0], line...)
					held = fields(nil, heldText)
					heldLine = lr.line
					continue
				}
			}
		}
		if held != nil {
			_, n0 := numeric(toks[0])
			n1 := len(toks) > 1
			if n1 {
				_, n1 = numeric(toks[1])
			}
			if n0 && n1 {
				rep.HeaderSkipped = true
			} else if err := addRecord(held, heldText, heldLine); err != nil {
				return nil, err
			}
			held = nil
		}
		if err := addRecord(toks, line, lr.line); err != nil {
			return nil, err
		}
	}
	if err := lr.readErr(); err != nil {
		return nil, &ParseError{File: rep.File, Line: lr.line + 1, Err: err}
	}
	if held != nil {
		if err := addRecord(held, heldText, heldLine); err != nil {
			return nil, err
		}
	}
	if b.numNodes() == 0 {
		return nil, &ParseError{File: rep.File, Err: errors.New("no edges or nodes found (empty file?)")}
	}
	return b.build(rep)
}
