package graphio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// GML tokens.
type gmlKind int

const (
	gmlEOF    gmlKind = iota
	gmlKey            // an identifier: [A-Za-z_][A-Za-z0-9_]*
	gmlInt            // an integer
	gmlReal           // a real number
	gmlString         // a quoted string, without its quotes and not unescaped
	gmlOpen           // [
	gmlClose          // ]
)

func (k gmlKind) String() string {
	return [...]string{"end of file", "key", "integer", "real number", "string", "'['", "']'"}[k]
}

type gmlToken struct {
	kind      gmlKind
	text      string
	line, col int
}

// gmlLexer splits GML into tokens. '#' outside a string starts a comment
// that runs to the end of the line.
type gmlLexer struct {
	r         *bufio.Reader
	file      string
	line, col int // position of the next byte
	buf       []byte
	err       error // a read error
	max       int   // the longest token accepted
}

// grow appends c to the token being read, or returns an error if the token
// becomes longer than lx.max bytes.
func (lx *gmlLexer) grow(c byte, line, col int) error {
	if len(lx.buf) >= lx.max {
		return lx.errorf(line, col, "token longer than %d bytes (is this a GML file?)", lx.max)
	}
	lx.buf = append(lx.buf, c)
	return nil
}

func (lx *gmlLexer) errorf(line, col int, format string, args ...any) error {
	return &ParseError{File: lx.file, Line: line, Column: col, Err: fmt.Errorf(format, args...)}
}

// readByte returns the next byte, or false at the end of input (or on a
// read error, kept in lx.err).
func (lx *gmlLexer) readByte() (byte, bool) {
	c, err := lx.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			lx.err = err
		}
		return 0, false
	}
	if c == 0 {
		// As in every text format (a NUL is never text), even inside
		// a string.
		lx.err = &ParseError{File: lx.file, Line: lx.line, Column: lx.col, Err: errors.New("NUL byte in text (is this a binary file?)")}
		return 0, false
	}
	if c == '\n' {
		lx.line++
		lx.col = 1
	} else {
		lx.col++
	}
	return c, true
}

// readError returns the read error kept in lx.err as a *ParseError at
// line and col, unless it is one already.
func (lx *gmlLexer) readError(line, col int) error {
	var pe *ParseError
	if errors.As(lx.err, &pe) {
		return lx.err
	}
	return lx.errorf(line, col, "%w", lx.err)
}

func (lx *gmlLexer) peekByte() (byte, bool) {
	b, err := lx.r.Peek(1)
	if err != nil {
		return 0, false
	}
	return b[0], true
}

func isGMLKeyStart(c byte) bool { return isLetter(c) || c == '_' }
func isGMLKeyByte(c byte) bool  { return isLetter(c) || c == '_' || isDigit(c) }

// next returns the next token.
func (lx *gmlLexer) next() (gmlToken, error) {
	for {
		line, col := lx.line, lx.col
		c, ok := lx.readByte()
		if !ok {
			if lx.err != nil {
				return gmlToken{}, lx.readError(line, col)
			}
			return gmlToken{kind: gmlEOF, line: line, col: col}, nil
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
		case c == '#':
			for {
				c, ok := lx.readByte()
				if !ok || c == '\n' {
					break
				}
			}
		case c == '[':
			return gmlToken{kind: gmlOpen, text: "[", line: line, col: col}, nil
		case c == ']':
			return gmlToken{kind: gmlClose, text: "]", line: line, col: col}, nil
		case c == '"':
			lx.buf = lx.buf[:0]
			for {
				c, ok := lx.readByte()
				if !ok {
					if lx.err != nil {
						return gmlToken{}, lx.readError(lx.line, lx.col)
					}
					return gmlToken{}, lx.errorf(line, col, "string not closed before the end of the file")
				}
				if c == '"' {
					break
				}
				if err := lx.grow(c, line, col); err != nil {
					return gmlToken{}, err
				}
			}
			return gmlToken{kind: gmlString, text: string(lx.buf), line: line, col: col}, nil
		case isGMLKeyStart(c):
			lx.buf = append(lx.buf[:0], c)
			for {
				c, ok := lx.peekByte()
				if !ok || !isGMLKeyByte(c) {
					break
				}
				lx.readByte()
				if err := lx.grow(c, line, col); err != nil {
					return gmlToken{}, err
				}
			}
			var text string
			switch string(lx.buf) { // the common keys without allocating
			case "node":
				text = "node"
			case "edge":
				text = "edge"
			case "id":
				text = "id"
			case "label":
				text = "label"
			case "source":
				text = "source"
			case "target":
				text = "target"
			default:
				text = string(lx.buf)
			}
			switch strings.ToLower(text) {
			case "inf", "infinity", "nan":
				return gmlToken{kind: gmlReal, text: text, line: line, col: col}, nil
			}
			return gmlToken{kind: gmlKey, text: text, line: line, col: col}, nil
		case isDigit(c) || c == '-' || c == '+' || c == '.':
			lx.buf = append(lx.buf[:0], c)
			for {
				c, ok := lx.peekByte()
				if !ok || !(isGMLKeyByte(c) || c == '.' || c == '+' || c == '-') {
					break
				}
				lx.readByte()
				if err := lx.grow(c, line, col); err != nil {
					return gmlToken{}, err
				}
			}
			text := string(lx.buf)
			if _, err := strconv.ParseInt(text, 10, 64); err == nil {
				return gmlToken{kind: gmlInt, text: text, line: line, col: col}, nil
			}
			// Numbers too large for int64 or float64 are reals: they are
			// harmless in attributes that are not read.
			_, err := strconv.ParseFloat(text, 64)
			if (err == nil || errors.Is(err, strconv.ErrRange)) && !strings.ContainsAny(text, "_xXpP") {
				return gmlToken{kind: gmlReal, text: text, line: line, col: col}, nil
			}
			return gmlToken{}, lx.errorf(line, col, "malformed number %q", text)
		default:
			return gmlToken{}, lx.errorf(line, col, "unexpected character %s", quoteByte(c))
		}
	}
}

// isIntText reports whether s is an optionally signed string of digits.
func isIntText(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if len(s) == 0 {
		return false
	}
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// gmlNode is a node of a GML graph while it is read.
type gmlNode struct {
	id       string // the id, as a key (see gmlReader.idKey)
	label    string
	hasLabel bool
	declared bool
	extra    []gmlToken // other keys and values, with ReadOptions.NodeAttributes
}

// readGML reads a GML file: a list of key-value pairs holding one
// "graph [ … ]" list, in which "node [ id … label … ]" and
// "edge [ source … target … ]" lists and "directed 0|1" are read and every
// other key is skipped, nested lists included.
//
// Node ids are integers or strings; they are matched by value, so id 1 and
// id "1" are the same node. A node is labelled by its label attribute, or by
// its id if it has none; if two nodes would get the same label, every node is
// labelled by its id instead (Report.LabelsIgnored). Nodes are numbered by
// their labels as in every format that names nodes by label. Edges may name
// nodes that are not declared: they are created. Strings may hold the
// character references &#N; and &#xH; and the entities &amp; &quot; &lt;
// &gt; &apos;, which are decoded.
func readGML(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	lx := &gmlLexer{r: br, file: rep.File, line: 1, col: 1, max: opt.plainLine()}
	var (
		nodes    []gmlNode
		index    = map[string]int32{}
		recs     = newRecords(opt)
		directed bool
		graphs   int
		sawAny   bool
	)
	if opt.LayerColumn != "" {
		recs.startLayers()
	}
	nodeOf := func(key string) int32 {
		if v, ok := index[key]; ok {
			return v
		}
		v := int32(len(nodes))
		nodes = append(nodes, gmlNode{id: key})
		index[key] = v
		return v
	}
	// value reads the token after key k; a list is skipped entirely.
	value := func(k gmlToken) (gmlToken, error) {
		t, err := lx.next()
		if err != nil {
			return t, err
		}
		switch t.kind {
		case gmlInt, gmlReal, gmlString:
			return t, nil
		case gmlOpen:
			return t, skipGMLList(lx, t)
		}
		return t, lx.errorf(t.line, t.col, "key %s has no value (found %s)", k.text, t.kind)
	}
	for {
		k, err := lx.next()
		if err != nil {
			return nil, err
		}
		if k.kind == gmlEOF {
			break
		}
		sawAny = true
		if k.kind != gmlKey {
			return nil, lx.errorf(k.line, k.col, "expected a key, found %s", k.kind)
		}
		if k.text != "graph" {
			if _, err := value(k); err != nil {
				return nil, err
			}
			continue
		}
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		if t.kind != gmlOpen {
			return nil, lx.errorf(t.line, t.col, "graph must be followed by '[', found %s", t.kind)
		}
		graphs++
		if graphs > 1 {
			return nil, lx.errorf(k.line, k.col, "the file holds more than one graph; anonet reads one graph per file")
		}
		// The graph list.
		for {
			k, err := lx.next()
			if err != nil {
				return nil, err
			}
			if k.kind == gmlClose {
				break
			}
			if k.kind == gmlEOF {
				return nil, lx.errorf(t.line, t.col, "graph list opened here is not closed")
			}
			if k.kind != gmlKey {
				return nil, lx.errorf(k.line, k.col, "expected a key in the graph list, found %s", k.kind)
			}
			switch k.text {
			case "directed":
				v, err := value(k)
				if err != nil {
					return nil, err
				}
				if v.kind != gmlInt || (v.text != "0" && v.text != "1") {
					return nil, lx.errorf(v.line, v.col, "directed must be 0 or 1, not %s", v.text)
				}
				directed = v.text == "1"
			case "node", "edge":
				open, err := lx.next()
				if err != nil {
					return nil, err
				}
				if open.kind != gmlOpen {
					return nil, lx.errorf(open.line, open.col, "%s must be followed by '[', found %s", k.text, open.kind)
				}
				attrs, err := readGMLAttrs(lx, open, k.text, opt.NodeAttributes && k.text == "node" || opt.LayerColumn != "" && k.text == "edge")
				if err != nil {
					return nil, err
				}
				if k.text == "node" {
					id, ok := attrs.get("id")
					if !ok {
						return nil, lx.errorf(k.line, k.col, "node without an id")
					}
					key, err := gmlIDKey(lx, id)
					if err != nil {
						return nil, err
					}
					v := nodeOf(key)
					if nodes[v].declared {
						return nil, lx.errorf(k.line, k.col, "node id %s is declared twice", id.text)
					}
					nodes[v].declared = true
					nodes[v].extra = attrs.extra
					if l, ok := attrs.get("label"); ok {
						if l.kind == gmlString {
							l.text = gmlUnescape(l.text)
						}
						switch p := labelProblem(l.text); {
						case l.text == "":
							// An empty label is no label: the node is
							// labelled by its id.
						case !utf8.ValidString(l.text):
							return nil, lx.errorf(l.line, l.col, "label %q is not valid UTF-8 (convert the file to UTF-8)", l.text)
						case p != "":
							return nil, lx.errorf(l.line, l.col, "label %q cannot be a node label: %s", l.text, p)
						default:
							nodes[v].label, nodes[v].hasLabel = l.text, true
						}
					}
				} else {
					src, ok1 := attrs.get("source")
					dst, ok2 := attrs.get("target")
					if !ok1 || !ok2 {
						return nil, lx.errorf(k.line, k.col, "edge needs a source and a target")
					}
					ks, err := gmlIDKey(lx, src)
					if err != nil {
						return nil, err
					}
					kt, err := gmlIDKey(lx, dst)
					if err != nil {
						return nil, err
					}
					recs.edge(nodeOf(ks), nodeOf(kt))
					if opt.LayerColumn != "" {
						layer, ok := attrs.extraValue(opt.LayerColumn)
						if !ok {
							return nil, lx.errorf(k.line, k.col, "edge without a %s (the layer key)", opt.LayerColumn)
						}
						if err := recs.addLayer(layer); err != nil {
							return nil, lx.errorf(k.line, k.col, "%v", err)
						}
					}
				}
				if len(nodes) > opt.nodeLimit() {
					return nil, lx.errorf(k.line, k.col, "%v", tooManyNodes(uint64(len(nodes)), opt.nodeLimit()))
				}
			default:
				if _, err := value(k); err != nil {
					return nil, err
				}
			}
		}
	}
	if graphs == 0 {
		if !sawAny {
			return nil, &ParseError{File: rep.File, Err: errors.New("empty file")}
		}
		return nil, &ParseError{File: rep.File, Err: errors.New("no \"graph [ … ]\" list found (is this a GML file?)")}
	}
	if directed && len(recs.pairs) > 0 {
		recs.kinds = make([]bool, len(recs.pairs))
		for i := range recs.kinds {
			recs.kinds[i] = true
		}
		rep.Directed = true
	}
	// Label every node by its label attribute or else its id, unless that
	// makes two labels equal.
	labels := make([]string, len(nodes))
	seen := make(map[string]bool, len(nodes))
	for i, nd := range nodes {
		labels[i] = nd.id
		if nd.hasLabel {
			labels[i] = nd.label
		}
		if seen[labels[i]] {
			rep.LabelsIgnored = true
		}
		seen[labels[i]] = true
	}
	b := newBuilder(maxNodes, opt)
	for i, nd := range nodes {
		if rep.LabelsIgnored {
			labels[i] = nd.id
		}
		if b.node([]byte(labels[i])) != int32(i) {
			return nil, errors.New("internal error: GML labels are not distinct")
		}
	}
	b.records = recs
	g, err := b.build(rep)
	if err != nil {
		return nil, err
	}
	var data nodeData
	for i, nd := range nodes {
		for j := 0; j+1 < len(nd.extra); j += 2 {
			k, v := nd.extra[j], nd.extra[j+1]
			if v.kind == gmlString {
				v.text = gmlUnescape(v.text)
			}
			data.set(labels[i], data.column(k.text, ""), v.text)
		}
	}
	rep.Attributes = data.table(g)
	return g, nil
}

// gmlAttrs holds the attributes of a node or edge list that matter.
type gmlAttrs struct {
	val [4]gmlToken
	has [4]bool
	// extra holds the other scalar keys and their values (pairs), when
	// readGMLAttrs is asked to keep them.
	extra []gmlToken
}

// gmlAttrSlot returns the index of attribute name in gmlAttrs, or -1 for
// attributes that are not kept.
func gmlAttrSlot(name string) int {
	switch name {
	case "id":
		return 0
	case "label":
		return 1
	case "source":
		return 2
	case "target":
		return 3
	}
	return -1
}

// extraValue returns the value of the extra key name (kept by
// readGMLAttrs with keepExtra), unescaped, and whether it was given.
func (a *gmlAttrs) extraValue(name string) (string, bool) {
	for j := 0; j+1 < len(a.extra); j += 2 {
		if a.extra[j].text == name {
			v := a.extra[j+1]
			if v.kind == gmlString {
				return gmlUnescape(v.text), true
			}
			return v.text, true
		}
	}
	return "", false
}

// get returns attribute name and whether it was given.
func (a *gmlAttrs) get(name string) (gmlToken, bool) {
	i := gmlAttrSlot(name)
	return a.val[i], a.has[i]
}

// readGMLAttrs reads the scalar attributes of a node or edge list up to its
// closing ']', skipping nested lists. It keeps the values of id, label,
// source and target; any of them given twice is an error.
func readGMLAttrs(lx *gmlLexer, open gmlToken, what string, keepExtra bool) (*gmlAttrs, error) {
	attrs := new(gmlAttrs)
	for {
		k, err := lx.next()
		if err != nil {
			return nil, err
		}
		switch k.kind {
		case gmlClose:
			return attrs, nil
		case gmlEOF:
			return nil, lx.errorf(open.line, open.col, "%s list opened here is not closed", what)
		case gmlKey:
		default:
			return nil, lx.errorf(k.line, k.col, "expected a key in the %s list, found %s", what, k.kind)
		}
		v, err := lx.next()
		if err != nil {
			return nil, err
		}
		switch v.kind {
		case gmlOpen:
			if err := skipGMLList(lx, v); err != nil {
				return nil, err
			}
			if gmlAttrSlot(k.text) >= 0 {
				return nil, lx.errorf(v.line, v.col, "%s %s must be a number or a string, not a list", what, k.text)
			}
			continue
		case gmlInt, gmlReal, gmlString:
		default:
			return nil, lx.errorf(v.line, v.col, "key %s has no value (found %s)", k.text, v.kind)
		}
		if i := gmlAttrSlot(k.text); i >= 0 {
			if attrs.has[i] {
				return nil, lx.errorf(k.line, k.col, "%s has two %ss", what, k.text)
			}
			attrs.val[i], attrs.has[i] = v, true
		} else if keepExtra {
			attrs.extra = append(attrs.extra, k, v)
		}
	}
}

// skipGMLList reads up to the ']' that closes the list opened by open.
func skipGMLList(lx *gmlLexer, open gmlToken) error {
	depth := 1
	for depth > 0 {
		t, err := lx.next()
		if err != nil {
			return err
		}
		switch t.kind {
		case gmlOpen:
			depth++
		case gmlClose:
			depth--
		case gmlEOF:
			return lx.errorf(open.line, open.col, "list opened here is not closed")
		}
	}
	return nil
}

// gmlIDKey returns the key that identifies the node named by a node id or
// an edge end: integers in canonical decimal form, strings unescaped.
func gmlIDKey(lx *gmlLexer, t gmlToken) (string, error) {
	switch t.kind {
	case gmlInt:
		x, _ := strconv.ParseInt(t.text, 10, 64)
		return strconv.FormatInt(x, 10), nil
	case gmlString:
		s := gmlUnescape(t.text)
		if !utf8.ValidString(s) {
			return "", lx.errorf(t.line, t.col, "node id %q is not valid UTF-8 (convert the file to UTF-8)", s)
		}
		if p := labelProblem(s); p != "" {
			return "", lx.errorf(t.line, t.col, "node id %q cannot name a node: %s", s, p)
		}
		return s, nil
	}
	if isIntText(t.text) {
		return "", lx.errorf(t.line, t.col, "integer node id %s out of range", t.text)
	}
	return "", lx.errorf(t.line, t.col, "node id %s is a %s; ids are integers or strings", t.text, t.kind)
}

// gmlUnescape decodes the character references and the five XML entities in
// a GML string. Other '&' are kept as they are.
func gmlUnescape(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	var sb strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			sb.WriteString(s)
			return sb.String()
		}
		sb.WriteString(s[:i])
		s = s[i:]
		semi := strings.IndexByte(s, ';')
		if semi < 0 || semi > 12 {
			sb.WriteByte('&')
			s = s[1:]
			continue
		}
		ref := s[1:semi]
		r, ok := rune(0), false
		switch ref {
		case "amp":
			r, ok = '&', true
		case "quot":
			r, ok = '"', true
		case "lt":
			r, ok = '<', true
		case "gt":
			r, ok = '>', true
		case "apos":
			r, ok = '\'', true
		default:
			if len(ref) > 1 && ref[0] == '#' {
				var x uint64
				var err error
				if ref[1] == 'x' || ref[1] == 'X' {
					x, err = strconv.ParseUint(ref[2:], 16, 32)
				} else {
					x, err = strconv.ParseUint(ref[1:], 10, 32)
				}
				if err == nil && x <= utf8.MaxRune && utf8.ValidRune(rune(x)) && isDigitOrHex(ref[1:]) {
					r, ok = rune(x), true
				}
			}
		}
		if !ok {
			sb.WriteByte('&')
			s = s[1:]
			continue
		}
		sb.WriteRune(r)
		s = s[semi+1:]
	}
}

// isDigitOrHex reports whether s is "xH…" or "D…" with no sign.
func isDigitOrHex(s string) bool {
	if s[0] == 'x' || s[0] == 'X' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !isDigit(c) && !(c >= 'a' && c <= 'f') && !(c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// appendGMLString appends s as a quoted GML string: printable ASCII other
// than '"' and '&' as it is, every other character as &#N;. The output is
// pure ASCII and gmlUnescape restores s exactly.
func appendGMLString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for _, r := range s {
		if r >= 0x20 && r < 0x7f && r != '"' && r != '&' {
			dst = append(dst, byte(r))
			continue
		}
		dst = append(dst, "&#"...)
		dst = strconv.AppendInt(dst, int64(r), 10)
		dst = append(dst, ';')
	}
	return append(dst, '"')
}

func gmlLabelProblem(l string) string { return labelProblem(l) }

// writeGML writes an undirected GML graph in which node v has id v and the
// label of v in g.
func writeGML(w io.Writer, g *graph.Graph) error {
	if err := checkLabels(g, GML, gmlLabelProblem); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "Creator \"anonet: %d nodes, %d edges\"\ngraph [\n  directed 0\n", g.NumNodes(), g.NumEdges())
	var buf []byte
	for v := range int32(g.NumNodes()) {
		buf = append(buf[:0], "  node [\n    id "...)
		buf = strconv.AppendInt(buf, int64(v), 10)
		buf = append(buf, "\n    label "...)
		buf = appendGMLString(buf, g.Label(v))
		buf = append(buf, "\n  ]\n"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	for u := range int32(g.NumNodes()) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				buf = append(buf[:0], "  edge [\n    source "...)
				buf = strconv.AppendInt(buf, int64(u), 10)
				buf = append(buf, "\n    target "...)
				buf = strconv.AppendInt(buf, int64(v), 10)
				buf = append(buf, "\n  ]\n"...)
				if _, err := bw.Write(buf); err != nil {
					return err
				}
			}
		}
	}
	bw.WriteString("]\n")
	return bw.Flush()
}
