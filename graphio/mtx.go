package graphio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/anonet-project/anonet/graph"
)

// readMatrixMarket reads a Matrix Market coordinate file as the adjacency
// matrix of a graph:
//
//	%%MatrixMarket matrix coordinate pattern symmetric
//	% comments
//	4 4 3
//	2 1
//	3 1
//	4 3
//
// The banner must declare a coordinate matrix of field pattern, real,
// integer or complex and symmetry general, symmetric, skew-symmetric or
// hermitian. The size line gives rows, columns and entries; the matrix must
// be square, and row/column i is node i-1, labelled "i", so that nodes
// without entries are kept. Each entry "i j [value…]" is an edge {i, j}
// whatever its value (explicit zeros included); values are ignored and
// counted in Report.ExtraColumns. In a general matrix every entry is an arc
// i→j (Report.Directed). The number of entries must match the size line.
func readMatrixMarket(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lr := newLineReader(br, rep.File, opt, false)
	perr := lr.errorf
	line, ok := lr.next()
	if !ok {
		if err := lr.readErr(); err != nil {
			return nil, err
		}
		return nil, &ParseError{File: rep.File, Err: errors.New("empty file")}
	}
	banner := asciiFields(nil, line)
	if len(banner) == 0 || !strings.EqualFold(string(banner[0]), "%%MatrixMarket") {
		return nil, perr(1, "not a Matrix Market file: the first line must start with %%%%MatrixMarket")
	}
	if len(banner) < 5 {
		return nil, perr(1, "the banner must read %%%%MatrixMarket matrix coordinate FIELD SYMMETRY")
	}
	word := func(i int) string { return strings.ToLower(string(banner[i])) }
	if word(1) != "matrix" {
		return nil, perr(column(line, banner[1]), "object %q is not supported; want matrix", banner[1])
	}
	switch word(2) {
	case "coordinate":
	case "array":
		return nil, perr(column(line, banner[2]), "dense (array) Matrix Market files are not supported; want coordinate")
	default:
		return nil, perr(column(line, banner[2]), "format %q is not supported; want coordinate", banner[2])
	}
	switch word(3) {
	case "pattern", "real", "integer", "complex", "double":
	default:
		return nil, perr(column(line, banner[3]), "field %q is not supported; want pattern, real, integer or complex", banner[3])
	}
	directed := false
	switch word(4) {
	case "general":
		directed = true
	case "symmetric", "skew-symmetric", "hermitian":
	default:
		return nil, perr(column(line, banner[4]), "symmetry %q is not supported; want general, symmetric, skew-symmetric or hermitian", banner[4])
	}
	n, entries := -1, uint64(0)
	sizeLine := 0
	var read uint64
	recs := newRecords(opt)
	var toks [][]byte
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		toks = asciiFields(toks, line)
		if len(toks) == 0 || toks[0][0] == '%' {
			continue
		}
		if n < 0 {
			if len(toks) != 3 {
				return nil, perr(1, "the size line must give rows, columns and entries")
			}
			var v [3]uint64
			for i, t := range toks {
				x, ok := numeric(t)
				if !ok {
					return nil, perr(column(line, t), "size %q is not a non-negative integer", t)
				}
				v[i] = x
			}
			if v[0] != v[1] {
				return nil, perr(1, "the matrix is %d×%d; an adjacency matrix is square", v[0], v[1])
			}
			if v[0] > uint64(opt.nodeLimit()) {
				return nil, perr(1, "%d rows: %v", v[0], tooManyNodes(v[0], opt.nodeLimit()))
			}
			n, entries = int(v[0]), v[2]
			sizeLine = lr.line
			if err := opt.checkDeclared(n, mtxBytes(n), false); err != nil {
				return nil, perr(1, "%v", err)
			}
			continue
		}
		if len(toks) < 2 {
			return nil, perr(column(line, toks[0]), "entry has one column; it needs a row and a column")
		}
		if read == entries {
			return nil, perr(1, "more entries than the %d the size line declares", entries)
		}
		read++
		var ij [2]int32
		for k, t := range toks[:2] {
			x, ok := numeric(t)
			switch {
			case !ok && len(t) > 1 && t[0] == '-' && isNumeric(t[1:]):
				return nil, perr(column(line, t), "negative index %s; rows and columns are numbered 1..%d", t, n)
			case !ok:
				return nil, perr(column(line, t), "index %q is not a positive integer", t)
			case x == 0 || x > uint64(n):
				return nil, perr(column(line, t), "index %d out of range: the matrix is %d×%d (indices 1..%d)", x, n, n, n)
			}
			ij[k] = int32(x - 1)
		}
		if len(toks) > 2 {
			rep.ExtraColumns++
		}
		if directed {
			recs.arc(ij[0], ij[1])
		} else {
			recs.edge(ij[0], ij[1])
		}
	}
	if err := lr.readErr(); err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, &ParseError{File: rep.File, Line: lr.line, Err: errors.New("missing size line (rows columns entries)")}
	}
	if read < entries {
		return nil, &ParseError{File: rep.File, Line: lr.line, Err: fmt.Errorf("file ends after %d of the %d entries the size line declares (truncated?)", read, entries)}
	}
	if err := opt.checkDeclared(n, mtxBytes(n), true); err != nil {
		return nil, &ParseError{File: rep.File, Line: sizeLine, Column: 1, Err: err}
	}
	rep.Directed = directed && read > 0
	return recs.build(n, oneBasedLabels(n), rep)
}

// oneBasedLabels returns the labels "1".."n", sharing one allocation of
// exactly their digits (numberedBytes(n) bytes) without a list of numbers.
func oneBasedLabels(n int) []string {
	var sb strings.Builder
	sb.Grow(int(numberedBytes(n)))
	var tmp [20]byte
	for i := range n {
		sb.Write(strconv.AppendInt(tmp[:0], int64(i)+1, 10))
	}
	all := sb.String()
	labels := make([]string, n)
	start := 0
	for i := range labels {
		end := start + decimalLen(uint64(i)+1)
		labels[i] = all[start:end]
		start = end
	}
	return labels
}

// mtxBytes estimates the memory of reading a matrix of n rows: a graph
// whose nodes are labelled 1..n.
func mtxBytes(n int) int64 { return declaredBytes(n, true, numberedBytes(n)) }

// writeMatrixMarket writes the adjacency matrix of g as a symmetric pattern
// matrix: one entry "i j" with i > j per edge, in column order; node v is
// row and column v+1. Labels are not written.
func writeMatrixMarket(w io.Writer, g *graph.Graph) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "%%%%MatrixMarket matrix coordinate pattern symmetric\n"+
		"%% written by anonet: %d nodes, %d edges; entry i j is the edge between nodes i-1 and j-1\n"+
		"%d %d %d\n", g.NumNodes(), g.NumEdges(), g.NumNodes(), g.NumNodes(), g.NumEdges())
	if err := writeOneBasedEdges(bw, g, true); err != nil {
		return err
	}
	return bw.Flush()
}

// writeOneBasedEdges writes every edge {u, v}, u < v, as the line "u+1 v+1"
// (or "v+1 u+1" if larger first), in ascending order of u.
func writeOneBasedEdges(bw *bufio.Writer, g *graph.Graph, largerFirst bool) error {
	var buf []byte
	for u := range int32(g.NumNodes()) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				a, b := u, v
				if largerFirst {
					a, b = v, u
				}
				buf = strconv.AppendInt(buf[:0], int64(a)+1, 10)
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, int64(b)+1, 10)
				buf = append(buf, '\n')
				if _, err := bw.Write(buf); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
