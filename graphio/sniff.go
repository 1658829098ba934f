package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// sniffLines is the most data lines the first bytes of an edge list are
// judged by (delimiter, prose).
const sniffLines = 200

// peekHead returns the first bytes of br without consuming them: as many as
// its buffer holds from a steady source (see steadySource), else what one
// read gives (a pipe may not have more yet), and whether they are all
// the input.
func peekHead(br *bufio.Reader, steady bool) ([]byte, bool) {
	if steady {
		head, err := br.Peek(br.Size())
		return head, err != nil
	}
	if _, err := br.Peek(1); err != nil {
		return nil, true
	}
	head, _ := br.Peek(br.Buffered())
	return head, false
}

// hasMagicFirst reports whether a comment line starting with EdgeListMagic
// comes before the first data line of head.
func hasMagicFirst(head []byte, comments string) bool {
	var sp fieldSplitter
	for len(head) > 0 {
		line := head
		if k := bytes.IndexByte(head, '\n'); k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		i, data := dataStart(&sp, line, comments)
		if data {
			return false
		}
		if bytes.HasPrefix(line[i:], []byte(EdgeListMagic)) {
			return true
		}
	}
	return false
}

// sampleLines returns up to sniffLines data lines of head (neither blank
// nor comments, without line breaks), leaving out a last line that may be
// cut short when head is not the whole input (complete).
func sampleLines(head []byte, complete bool, comments string) [][]byte {
	var sp fieldSplitter
	var out [][]byte
	for len(head) > 0 && len(out) < sniffLines {
		k := bytes.IndexAny(head, "\r\n")
		var line []byte
		if k < 0 {
			if !complete && len(out) > 0 {
				break
			}
			line, head = head, nil
		} else {
			line, head = head[:k], head[k+1:]
		}
		if _, data := dataStart(&sp, line, comments); data {
			out = append(out, line)
		}
	}
	return out
}

// sniffDelimiter returns the delimiter that splits every sampled line
// into the same number (at least two) of fields, the first not empty, when the default
// separators (any run of spaces, tabs and commas) would split some line
// otherwise, or 0. Candidates are tab, ';', '|' and ','; the format's own
// (',' for CSV, tab for TSV) is taken whenever it splits every line
// alike.
func sniffDelimiter(sample [][]byte, f Format) byte {
	if len(sample) == 0 {
		return 0
	}
	own := map[Format]byte{CSV: ',', TSV: '\t'}[f]
	candidates := []byte{'\t', ';', '|', ','}
	if own != 0 {
		candidates = append([]byte{own}, candidates...)
	}
	def := fieldSplitter{}
	for _, d := range candidates {
		sp := fieldSplitter{delim: d}
		consistent, needed := true, d == own || d == ';' || d == '|'
		n := -1
		for _, line := range sample {
			fields, err := sp.all(line)
			if err != nil || len(fields) < 2 || len(fields[0]) == 0 || n >= 0 && len(fields) != n {
				consistent = false
				break
			}
			n = len(fields)
			if !needed {
				other, err := def.all(line)
				needed = err != nil || !sameFields(fields, other)
			}
		}
		if consistent && needed {
			return d
		}
	}
	return 0
}

// sameFields reports whether two lists of fields are equal.
func sameFields(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// notEdgeList returns an error if the sampled lines (split at the default
// separators) read as prose rather than an edge list: most lines hold
// four fields or more, not always as many (or six or more on average),
// and most fields beyond the second are words of letters, not numbers,
// dates, names of layers or attribute data. An edge list with a column of free text separated by
// spaces reads so too; --delimiter says how to split it.
func notEdgeList(sample [][]byte, h Header) error {
	if len(sample) < 2 || h == HeaderYes {
		return nil
	}
	var sp fieldSplitter
	wide, words, rest, total := 0, 0, 0, 0
	counts := map[int]bool{}
	for _, line := range sample {
		fields, err := sp.all(line)
		if err != nil {
			return nil
		}
		counts[len(fields)] = true
		total += len(fields)
		if len(fields) >= 4 {
			wide++
		}
		for _, f := range fields[min(2, len(fields)):] {
			rest++
			if isWord(f) {
				words++
			}
		}
	}
	if 3*wide < 2*len(sample) || 2*words < rest || len(counts) < 2 && total < 6*len(sample) {
		return nil
	}
	return errors.New("this does not look like an edge list: its lines hold sentences of words, not two node ids each (is it text of another kind?); if it is an edge list, say how its fields are separated with --delimiter (ReadOptions.Delimiter)")
}

// isWord reports whether f is a word of prose: letters (and inner
// apostrophes and hyphens), perhaps followed by punctuation.
func isWord(f []byte) bool {
	f = bytes.TrimRight(f, `.!?;:"')`)
	f = bytes.TrimLeft(f, `"'(`)
	if len(f) == 0 {
		return false
	}
	for len(f) > 0 {
		r, size := utf8.DecodeRune(f)
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= 0x80 && r != utf8.RuneError:
		case r == '\'' || r == '-':
		default:
			return false
		}
		f = f[size:]
	}
	return true
}

// sniffFormat returns the format that the first bytes of a file clearly
// are, or "" when they could be an edge list: the binary format's magic
// number, XML (GraphML), a Matrix Market banner, a Pajek *Vertices or
// *Network line, a nauty !n= header, or GML's "graph [" after a key. What
// says so is returned too, for messages.
func sniffFormat(head []byte) (Format, string) {
	if bytes.HasPrefix(head, binaryMagic[:]) {
		return Binary, "the magic number of anonet's binary format"
	}
	text := bytes.TrimLeft(head, " \t\r\n")
	switch {
	case len(text) >= 14 && strings.EqualFold(string(text[:14]), "%%MatrixMarket"):
		return MatrixMarket, "a %%MatrixMarket banner"
	case bytes.HasPrefix(text, []byte("<?xml")) || bytes.HasPrefix(text, []byte("<graphml")) ||
		bytes.HasPrefix(text, []byte("<!--")) && bytes.Contains(text, []byte("<graphml")):
		return GraphML, "XML markup"
	}
	// The first line that is not blank, nor a % comment (Pajek's).
	rest := text
	for len(rest) > 0 {
		line := rest
		if k := bytes.IndexAny(rest, "\r\n"); k >= 0 {
			line, rest = rest[:k], rest[k+1:]
		} else {
			rest = nil
		}
		line = bytes.TrimLeft(line, " \t")
		if len(line) == 0 || line[0] == '%' {
			continue
		}
		word := strings.ToLower(string(line[:min(len(line), 9)]))
		switch {
		case strings.HasPrefix(word, "*vertices") || strings.HasPrefix(word, "*network"):
			return Pajek, "a " + strings.Fields(string(line))[0] + " line"
		case line[0] == '!' && nautyHeader(line):
			return Nauty, "a !n= header"
		}
		break
	}
	if gmlStart(text) {
		return GML, `a "graph [" list`
	}
	return "", ""
}

// nautyHeader reports whether a line starting with '!' gives n=N.
func nautyHeader(line []byte) bool {
	for i := 0; i+2 < len(line); i++ {
		if line[i] == 'n' && line[i+1] == '=' && isDigit(line[i+2]) && (i == 0 || !isLetter(line[i-1])) {
			return true
		}
	}
	return false
}

// gmlStart reports whether text starts as a GML file does: after blank
// space and # comments, a key followed by a value, and a key "graph"
// followed by '[' somewhere in text.
func gmlStart(text []byte) bool {
	for len(text) > 0 && text[0] == '#' {
		k := bytes.IndexByte(text, '\n')
		if k < 0 {
			return false
		}
		text = bytes.TrimLeft(text[k+1:], " \t\r\n")
	}
	k := 0
	for k < len(text) && isGMLKeyByte(text[k]) {
		k++
	}
	if k == 0 || !isGMLKeyStart(text[0]) || k == len(text) || !isSpace(text[k]) && text[k] != '\n' {
		return false
	}
	v := bytes.TrimLeft(text[k:], " \t\r\n")
	if len(v) == 0 || !(v[0] == '[' || v[0] == '"' || v[0] == '-' || isDigit(v[0])) {
		return false
	}
	for i := bytes.Index(text, []byte("graph")); i >= 0; {
		after := bytes.TrimLeft(text[i+5:], " \t\r\n")
		if (i == 0 || !isGMLKeyByte(text[i-1])) && len(after) > 0 && after[0] == '[' {
			return true
		}
		j := bytes.Index(text[i+5:], []byte("graph"))
		if j < 0 {
			break
		}
		i += 5 + j
	}
	return false
}

// mismatch describes a file read as format want whose content is clearly
// of format got.
func mismatch(got Format, why string, want Format) error {
	return fmt.Errorf("the content is %s (it starts with %s), not %s: read it with --from %s (ReadOptions.Format), or without --from to let anonet tell", got, why, want, got)
}
