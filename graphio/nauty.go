package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/anonet-project/anonet/graph"
)

// readNauty reads the nauty text format used by the reference data sets:
//
//	!n=6
//	!m=8
//	0: 1;
//	1: 0 2;
//
// Header lines start with '!' and must give n exactly once ("n=6"); "m=" is
// accepted and ignored; blank lines may come between them. In the body,
// "v:" makes v the current vertex, a bare number w adds the arc current→w,
// ';' advances the current vertex by one and '.' ends the input; spaces,
// tabs and commas separate, and '!' starts a comment. Arcs are made
// undirected edges; pairs listed in one direction only are counted in
// Report.Asymmetric. Node v gets label "v". "!n=0" is the empty graph.
func readNauty(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lr := newLineReader(br, rep.File, opt, true)
	n := -1
	headerLine, headerCol := 0, 0
	inHeader := true
	cur := 0
	recs := newRecords(opt)
	perr := lr.errorf
lines:
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		if inHeader {
			trimmed := bytes.TrimLeft(line, " \t\r")
			if len(trimmed) == 0 {
				continue
			}
			if trimmed[0] == '!' {
				off := len(line) - len(trimmed)
				for i := 0; i+1 < len(trimmed); i++ {
					if trimmed[i] != 'n' || trimmed[i+1] != '=' || (i > 0 && isLetter(trimmed[i-1])) {
						continue
					}
					j := i + 2
					v, k, ok := parseUint(trimmed, j)
					if !ok {
						return nil, perr(off+j+1, "header n= is not followed by a number")
					}
					if n >= 0 {
						return nil, perr(off+i+1, "header gives n= twice")
					}
					if v > uint64(opt.nodeLimit()) {
						return nil, perr(off+j+1, "header n=%d: %v", v, tooManyNodes(v, opt.nodeLimit()))
					}
					n = int(v)
					headerLine, headerCol = lr.line, off+j+1
					if err := opt.checkDeclared(n, declaredBytes(n, false, 0), false); err != nil {
						return nil, perr(headerCol, "%v", err)
					}
					i = k - 1
				}
				continue
			}
			inHeader = false
			if n < 0 {
				return nil, perr(0, "missing !n= header line (nauty format starts with a line such as \"!n=6\")")
			}
		}
		for i := 0; i < len(line); {
			c := line[i]
			switch {
			case c == ' ' || c == '\t' || c == ',' || c == '\r':
				i++
			case c == '!':
				continue lines
			case c == ';':
				cur++
				i++
			case c == '.':
				if i+1 < len(line) && isDigit(line[i+1]) {
					return nil, perr(i+1, "unexpected '.' in a number (vertex numbers are non-negative integers)")
				}
				break lines
			case c == '-':
				return nil, perr(i+1, "negative vertex number (nauty arc deletion with '-' is not supported)")
			case isDigit(c):
				v, k, _ := parseUint(line, i)
				col := i + 1
				i = k
				// A number followed by ':' on the same line names the current vertex.
				j := i
				for j < len(line) && (line[j] == ' ' || line[j] == '\t' || line[j] == ',' || line[j] == '\r') {
					j++
				}
				if n == 0 {
					return nil, perr(col, "vertex %s out of range: the header says n=0, so there are no vertices", line[col-1:k])
				}
				if v >= uint64(n) {
					return nil, perr(col, "vertex %s out of range: the header says n=%d, so vertices are 0..%d", line[col-1:k], n, n-1)
				}
				if j < len(line) && line[j] == ':' {
					cur = int(v)
					i = j + 1
					continue
				}
				if cur >= n {
					return nil, perr(col, "arc from vertex %d, but the header says n=%d (too many ';')", cur, n)
				}
				recs.arc(int32(cur), int32(v))
			default:
				return nil, perr(i+1, "unexpected character %s (nauty vertex numbers are non-negative integers)", quoteByte(c))
			}
		}
	}
	if err := lr.readErr(); err != nil {
		return nil, err
	}
	if n < 0 {
		if lr.line == 0 {
			return nil, &ParseError{File: rep.File, Err: errors.New("empty file")}
		}
		return nil, &ParseError{File: rep.File, Err: errors.New("missing !n= header line (nauty format starts with a line such as \"!n=6\")")}
	}
	if err := opt.checkDeclared(n, declaredBytes(n, false, 0), true); err != nil {
		return nil, &ParseError{File: rep.File, Line: headerLine, Column: headerCol, Err: err}
	}
	return recs.build(n, nil, rep)
}

// writeNauty writes the nauty text format with every edge listed from both
// ends, as the reference data sets are. Labels are not written.
func writeNauty(w io.Writer, g *graph.Graph) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "!n=%d\n!m=%d\n", g.NumNodes(), 2*g.NumEdges())
	var buf []byte
	for v := range g.NumNodes() {
		buf = strconv.AppendInt(buf[:0], int64(v), 10)
		buf = append(buf, ':')
		for _, u := range g.Neighbors(int32(v)) {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(u), 10)
		}
		buf = append(buf, ";\n"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// quoteByte quotes a byte for an error message: printable ASCII as 'c',
// anything else in hex.
func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// parseUint parses the decimal digits of line starting at i. It returns the
// value (saturated at 2^63), the index after the digits and whether there was
// at least one digit.
func parseUint(line []byte, i int) (uint64, int, bool) {
	start := i
	var v uint64
	for i < len(line) && isDigit(line[i]) {
		if v < 1<<59 {
			v = v*10 + uint64(line[i]-'0')
		} else {
			v = 1 << 63
		}
		i++
	}
	return v, i, i > start
}
