package graphio

import (
	"bufio"
	"errors"
	"fmt"
	"slices"

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
// accepted and ignored. In the body, "v:" makes v the current vertex, a bare
// number w adds the arc current→w, ';' advances the current vertex by one and
// '.' ends the input; spaces, tabs and commas separate, and '!' starts a
// comment. Arcs are made undirected edges; those listed in one direction only
// are counted in Report.Asymmetric. Node v gets label "v".
func readNauty(br *bufio.Reader, rep *Report) (*graph.Graph, error) {
	lr := &lineReader{r: br}
	n := -1
	inHeader := true
	cur := 0
	var arcs []uint64
	perr := func(col int, format string, args ...any) error {
		return &ParseError{File: rep.File, Line: lr.line, Column: col, Err: fmt.Errorf(format, args...)}
	}
lines:
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		if inHeader && len(line) > 0 && line[0] == '!' {
			for i := 0; i+1 < len(line); i++ {
				if line[i] != 'n' || line[i+1] != '=' || (i > 0 && isLetter(line[i-1])) {
					continue
				}
				j := i + 2
				v, k, ok := parseUint(line, j)
				if !ok {
					return nil, perr(j+1, "header n= is not followed by a number")
				}
				if n >= 0 {
					return nil, perr(i+1, "header gives n= twice")
				}
				if v > 1<<31-1 {
					return nil, perr(j+1, "n=%d is too large", v)
				}
				n = int(v)
				i = k - 1
			}
			continue
		}
		if inHeader {
			inHeader = false
			if n < 0 {
				if len(line) == 0 && lr.line == 1 {
					return nil, perr(0, "empty file")
				}
				return nil, perr(0, "missing !n= header line (nauty format)")
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
				break lines
			case c == '-':
				return nil, perr(i+1, "negative vertex number (nauty arc deletion with '-' is not supported)")
			case c >= '0' && c <= '9':
				v, k, _ := parseUint(line, i)
				col := i + 1
				i = k
				// A number followed by ':' on the same line names the current vertex.
				j := i
				for j < len(line) && (line[j] == ' ' || line[j] == '\t' || line[j] == ',' || line[j] == '\r') {
					j++
				}
				if v >= uint64(n) {
					return nil, perr(col, "vertex %d out of range: the header says n=%d (ids 0..%d)", v, n, n-1)
				}
				if j < len(line) && line[j] == ':' {
					cur = int(v)
					i = j + 1
					continue
				}
				if cur >= n {
					return nil, perr(col, "arc from vertex %d, but the header says n=%d (too many ';')", cur, n)
				}
				arcs = append(arcs, uint64(cur)<<32|v)
			default:
				return nil, perr(i+1, "unexpected character %q", c)
			}
		}
	}
	if err := lr.readErr(); err != nil {
		return nil, &ParseError{File: rep.File, Line: lr.line + 1, Err: err}
	}
	if n < 0 {
		if lr.line == 0 {
			return nil, &ParseError{File: rep.File, Err: errors.New("empty file")}
		}
		return nil, &ParseError{File: rep.File, Err: errors.New("missing !n= header line (nauty format)")}
	}
	if n == 0 {
		return nil, &ParseError{File: rep.File, Err: errors.New("header says n=0: the graph has no nodes")}
	}
	rep.Records = len(arcs)
	slices.Sort(arcs)
	distinct := slices.Compact(arcs)
	rep.Duplicates = len(arcs) - len(distinct)
	edges := make([]graph.Edge, 0, len(distinct)/2+1)
	for _, a := range distinct {
		u, v := int32(a>>32), int32(uint32(a))
		if u == v {
			rep.SelfLoops++
			continue
		}
		_, reverse := slices.BinarySearch(distinct, uint64(v)<<32|uint64(u))
		if !reverse {
			rep.Asymmetric++
			edges = append(edges, graph.MakeEdge(u, v))
		} else if u < v {
			edges = append(edges, graph.Edge{U: u, V: v})
		}
	}
	g, _, err := graph.FromEdges(n, edges, nil)
	if err != nil {
		return nil, err
	}
	fillCounts(rep, g)
	return g, nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// parseUint parses the decimal digits of line starting at i. It returns the
// value (saturated at 2^63), the index after the digits and whether there was
// at least one digit.
func parseUint(line []byte, i int) (uint64, int, bool) {
	start := i
	var v uint64
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		if v < 1<<59 {
			v = v*10 + uint64(line[i]-'0')
		} else {
			v = 1 << 63
		}
		i++
	}
	return v, i, i > start
}
