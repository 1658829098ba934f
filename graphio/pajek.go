package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// Sections of a Pajek file.
type pajekSection int

const (
	pajekNone pajekSection = iota
	pajekVertices
	pajekEdges
	pajekArcs
	pajekEdgesList
	pajekArcsList
)

// readPajek reads a Pajek .net file:
//
//	*Vertices 3
//	1 "Ann" 0.1 0.2 0.5
//	2 "Bob"
//	*Edges
//	1 2 1.0
//	*Arcs
//	3 1
//
// Keywords are case-insensitive; '%' starts a comment line; "*Network" lines
// are ignored. "*Vertices n" comes first and fixes the node count (a second
// number, the size of the first mode of a two-mode network, is ignored).
// Vertex lines "i label …" are optional; a label is quoted ("…", no quote
// inside) or a single word, and what follows it (coordinates, shapes,
// colours) is ignored. Vertex i becomes node i-1. "*Edges" lines "u v …" add
// edges, "*Arcs" lines add arcs, "*Edgeslist"/"*Arcslist" lines "u v1 v2 …"
// add an edge or arc from u to each vi; columns after the two vertices of an
// edge or arc line (weights, options) are ignored and counted. Arcs make the
// input directed. A vertex without a label is labelled by its number; if
// that makes two labels equal, every vertex is labelled by its number
// (Report.LabelsIgnored). "*Matrix" and the sections of Pajek project files
// (*Partition, *Vector, …) are errors.
func readPajek(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lr := newLineReader(br, rep.File, opt, true)
	n := -1
	section := pajekNone
	// Labels of the vertex lines, by vertex: a map, so that memory follows
	// the file's content, not the declared count.
	named := map[int32]string{}
	listedOnly := map[int32]bool{} // listed without a label
	vertexLine := 0
	recs := newRecords(opt)
	var toks [][]byte
	perr := lr.errorf
	// vertex parses the vertex number tok of line.
	vertex := func(line, tok []byte) (int32, error) {
		col := column(line, tok)
		x, ok := numeric(tok)
		switch {
		case !ok && len(tok) > 0 && tok[0] == '-' && isNumeric(tok[1:]):
			return 0, perr(col, "negative vertex number %s; vertices are numbered 1..%d", tok, n)
		case !ok:
			return 0, perr(col, "vertex number %q is not a positive integer", tok)
		case n == 0:
			return 0, perr(col, "vertex %d out of range: *Vertices says 0", x)
		case x == 0 || x > uint64(n):
			return 0, perr(col, "vertex %d out of range: *Vertices says %d, so vertices are 1..%d", x, n, n)
		}
		return int32(x - 1), nil
	}
	sawAny := false
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		trimmed := bytes.TrimLeft(line, " \t\r\f\v")
		if len(trimmed) == 0 {
			continue
		}
		sawAny = true
		if trimmed[0] == '%' {
			continue
		}
		toks = asciiFields(toks, line)
		if trimmed[0] == '*' {
			kw := strings.ToLower(string(toks[0]))
			switch kw {
			case "*network":
				continue
			case "*vertices":
				if n >= 0 {
					return nil, perr(1, "a second *Vertices line")
				}
				if len(toks) < 2 {
					return nil, perr(1, "*Vertices must give the number of vertices")
				}
				x, ok := numeric(toks[1])
				if !ok {
					return nil, perr(column(line, toks[1]), "*Vertices count %q is not a non-negative integer", toks[1])
				}
				if x > uint64(opt.nodeLimit()) {
					return nil, perr(column(line, toks[1]), "*Vertices %d: %v", x, tooManyNodes(x, opt.nodeLimit()))
				}
				n = int(x)
				vertexLine = lr.line
				if err := opt.checkDeclared(n, pajekBytes(n), false); err != nil {
					return nil, perr(1, "%v", err)
				}
				section = pajekVertices
				continue
			case "*edges":
				section = pajekEdges
			case "*arcs":
				section = pajekArcs
			case "*edgeslist":
				section = pajekEdgesList
			case "*arcslist":
				section = pajekArcsList
			case "*matrix":
				return nil, perr(1, "*Matrix sections are not supported; use *Edges or *Arcs")
			default:
				return nil, perr(1, "unsupported section %s (a .net file holds *Vertices, *Edges, *Arcs, *Edgeslist or *Arcslist)", toks[0])
			}
			if n < 0 {
				return nil, perr(1, "%s before *Vertices", toks[0])
			}
			continue
		}
		switch section {
		case pajekNone:
			return nil, perr(1, "missing *Vertices line (is this a Pajek file?)")
		case pajekVertices:
			v, err := vertex(line, toks[0])
			if err != nil {
				return nil, err
			}
			if _, dup := named[v]; dup || listedOnly[v] {
				return nil, perr(1, "vertex %d is listed twice", v+1)
			}
			rest := bytes.TrimLeft(line[column(line, toks[0])-1+len(toks[0]):], " \t\r\f\v")
			if len(rest) == 0 {
				listedOnly[v] = true
				continue
			}
			var label []byte
			if rest[0] == '"' {
				end := bytes.IndexByte(rest[1:], '"')
				if end < 0 {
					return nil, perr(column(line, rest), "label quote not closed on this line")
				}
				label = rest[1 : 1+end]
			} else {
				label = rest
				if k := bytes.IndexFunc(label, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) }); k >= 0 {
					label = label[:k]
				}
			}
			if !utf8.Valid(label) {
				return nil, perr(column(line, rest), "label %q is not valid UTF-8 (convert the file to UTF-8)", label)
			}
			if len(label) == 0 { // "": no label
				listedOnly[v] = true
				continue
			}
			named[v] = string(label)
		case pajekEdges, pajekArcs:
			if len(toks) < 2 {
				return nil, perr(column(line, toks[0]), "line has one column; an edge needs two vertex numbers")
			}
			u, err := vertex(line, toks[0])
			if err != nil {
				return nil, err
			}
			w, err := vertex(line, toks[1])
			if err != nil {
				return nil, err
			}
			if len(toks) > 2 {
				rep.ExtraColumns++
			}
			if section == pajekArcs {
				recs.arc(u, w)
			} else {
				recs.edge(u, w)
			}
		case pajekEdgesList, pajekArcsList:
			u, err := vertex(line, toks[0])
			if err != nil {
				return nil, err
			}
			for _, t := range toks[1:] {
				w, err := vertex(line, t)
				if err != nil {
					return nil, err
				}
				if section == pajekArcsList {
					recs.arc(u, w)
				} else {
					recs.edge(u, w)
				}
			}
		}
	}
	if err := lr.readErr(); err != nil {
		return nil, err
	}
	if n < 0 {
		if !sawAny {
			return nil, &ParseError{File: rep.File, Err: errors.New("empty file")}
		}
		return nil, &ParseError{File: rep.File, Err: errors.New("missing *Vertices line (is this a Pajek file?)")}
	}
	if err := opt.checkDeclared(n, pajekBytes(n), true); err != nil {
		return nil, &ParseError{File: rep.File, Line: vertexLine, Column: 1, Err: err}
	}
	rep.Directed = recs.kinds != nil
	// Label every vertex by its label, or its number if it has none, unless
	// that makes two labels equal: two labels of vertex lines, or a label
	// that is the number of another vertex without one. Only the labels
	// of vertex lines are looked at, so that the work and memory follow
	// the file's content, not the declared count.
	labels := oneBasedLabels(n)
	seen := make(map[string]bool, len(named))
	for v, l := range named {
		if seen[l] {
			rep.LabelsIgnored = true
		}
		seen[l] = true
		if x, ok := numeric([]byte(l)); ok && x >= 1 && x <= uint64(n) && int32(x-1) != v {
			if _, other := named[int32(x-1)]; !other {
				rep.LabelsIgnored = true
			}
		}
	}
	if !rep.LabelsIgnored {
		for v, l := range named {
			labels[v] = l
		}
	}
	return recs.build(n, labels, rep)
}

// pajekBytes estimates the memory of reading a Pajek file of n vertices,
// labelled by their numbers (the labels of vertex lines are the file's
// content).
func pajekBytes(n int) int64 { return declaredBytes(n, true, numberedBytes(n)) }

// asciiFields splits line at ASCII white space (Pajek labels may hold other
// spaces, such as U+00A0) into dst[:0].
func asciiFields(dst [][]byte, line []byte) [][]byte {
	out := dst[:0]
	for i := 0; i < len(line); {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		if j > i {
			out = append(out, line[i:j])
		}
		i = j
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func pajekLabelProblem(l string) string {
	switch {
	case l == "":
		return "it is empty (read as no label)"
	case strings.ContainsAny(l, "\"\n\r"):
		return "it contains a double quote or a line break"
	case strings.IndexByte(l, 0) >= 0:
		return "it contains a NUL byte"
	case !utf8.ValidString(l):
		return "it is not valid UTF-8"
	}
	return ""
}

// writePajek writes "*Vertices n", a line `i "label"` for every vertex and
// the edges under "*Edges"; vertex i is node i-1.
func writePajek(w io.Writer, g *graph.Graph) error {
	if err := checkLabels(g, Pajek, pajekLabelProblem); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "%% written by anonet: %d nodes, %d edges\n*Vertices %d\n", g.NumNodes(), g.NumEdges(), g.NumNodes())
	var buf []byte
	for v := range int32(g.NumNodes()) {
		buf = strconv.AppendInt(buf[:0], int64(v)+1, 10)
		buf = append(buf, " \""...)
		buf = append(buf, g.Label(v)...)
		buf = append(buf, "\"\n"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	bw.WriteString("*Edges\n")
	if err := writeOneBasedEdges(bw, g, false); err != nil {
		return err
	}
	return bw.Flush()
}
