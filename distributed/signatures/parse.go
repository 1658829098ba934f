package signatures

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graphio"
)

// A LineParser reads one line of an edge list at a time, as graphio reads
// edge lists with the default options and with graphio's own splitting
// (graphio.SplitEdgeLine): fields are separated by spaces, tabs or commas
// and may be quoted as in RFC 4180, lines whose first field starts with #
// or % are comments, blank lines are skipped, columns after the second are
// ignored, and a node's id is its field's text, unquoted (graphio's
// numeric ids are its canonical decimals, so equal text is the same node
// there too).
//
// What graphio decides from the order of the lines is decided once, before
// the pipeline runs, by Inspect: whether the file was written by anonet (a
// line with one id is then an isolated node; elsewhere it is an error) and
// which line is a column header to skip. The pipeline reads the lines in
// no order, so it skips every line equal to the header.
type LineParser struct {
	// AnonetFile is set when the file was written by anonet.
	AnonetFile bool
	// Header, if not empty, is the header line to skip.
	Header string
}

// A Record is what one line of an edge list holds.
type Record struct {
	// N is the number of ids: 0 for a blank line, a comment or the header,
	// 1 for an isolated node, 2 for an edge.
	N    int
	U, V string
}

// Parse returns the record of line (without its line break).
func (p LineParser) Parse(line string) (Record, error) {
	if p.Header != "" && line == p.Header {
		return Record{}, nil
	}
	if strings.IndexByte(line, 0) >= 0 {
		return Record{}, fmt.Errorf("line %q holds a NUL byte (is this a binary file?)", line)
	}
	b := []byte(line)
	f0, f1, n, data, err := graphio.SplitEdgeLine(b)
	if err != nil {
		return Record{}, fmt.Errorf("line %q: %w", line, err)
	}
	if !data {
		return Record{}, nil
	}
	for _, f := range [][]byte{f0, f1}[:min(n, 2)] {
		if len(f) == 0 {
			return Record{}, fmt.Errorf("line %q: empty node id (two delimiters in a row?)", line)
		}
		if !utf8.Valid(f) {
			return Record{}, fmt.Errorf("line %q: node id %q is not valid UTF-8", line, f)
		}
	}
	if n == 1 && !p.AnonetFile {
		return Record{}, fmt.Errorf("line %q has one column; an edge needs two node ids (only files written by anonet list isolated nodes this way)", line)
	}
	return Record{N: min(n, 2), U: field(line, b, f0), V: field(line, b, f1)}, nil
}

// field returns f, a field SplitEdgeLine found in b = []byte(line), as a
// string: a substring of line when f lies in b (no copy), else a copy of
// the field it unquoted elsewhere.
func field(line string, b, f []byte) string {
	if len(f) == 0 {
		return ""
	}
	if start := cap(b) - cap(f); start >= 0 && start+len(f) <= len(b) && &b[start] == &f[0] {
		return line[start : start+len(f)]
	}
	return string(f)
}

// inspectBytes bounds how much of a file Inspect reads.
const inspectBytes = 1 << 20

// Inspect reads the beginning of an edge list from r and returns the parser
// for its lines: whether anonet wrote it, and its header line, if graphio
// would skip one in the given mode. graphio decides both from the first two
// data lines and the comments above them, which the first MiB holds unless
// the comments alone are longer.
func Inspect(r io.Reader, header graphio.Header) (LineParser, error) {
	head, err := io.ReadAll(io.LimitReader(r, inspectBytes))
	if err != nil {
		return LineParser{}, fmt.Errorf("reading the head of the edge list: %w", err)
	}
	if len(head) == inspectBytes {
		if k := bytes.LastIndexByte(head, '\n'); k >= 0 {
			head = head[:k+1]
		}
	}
	var p LineParser
	first := ""
	sc := bufio.NewScanner(bytes.NewReader(head))
	sc.Buffer(nil, inspectBytes)
	for sc.Scan() {
		line := sc.Bytes()
		if _, _, _, data, _ := graphio.SplitEdgeLine(line); !data {
			if graphio.HasEdgeListMagic(line) {
				p.AnonetFile = true
			}
			continue
		}
		first = string(line)
		break
	}
	if first == "" || p.AnonetFile || header == graphio.HeaderNo {
		return p, nil
	}
	// graphio's header rule, applied by graphio itself to the head.
	_, rep, err := graphio.Read(bytes.NewReader(head), "head", graphio.ReadOptions{Format: graphio.EdgeList, Header: header})
	if err != nil {
		return LineParser{}, fmt.Errorf("the head of the edge list: %w", err)
	}
	if rep.HeaderSkipped {
		p.Header = first
	}
	return p, nil
}
