package graphio

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// readGraphML reads a GraphML document with one graph.
//
// The root element must be <graphml> (in any namespace) and hold exactly one
// <graph>. Node ids become labels; nodes are numbered as in every format
// that names nodes by label (numerically if all ids are decimal numbers,
// otherwise in order of first appearance). A node that is named by an edge
// but not declared is created. edgedefault="directed" makes every edge an
// arc, a per-edge directed="true" or "false" overrides it, and a missing
// edgedefault means undirected. <data>, <key>, <desc>, <default>, <port> and
// elements of other namespaces are skipped with their content. Hyperedges,
// nested graphs and <locator>s are errors: they have no faithful
// simple-graph reading.
func readGraphML(br *bufio.Reader, rep *Report, opt ReadOptions) (*graph.Graph, error) {
	d := xml.NewDecoder(&markupGuard{r: br, file: rep.File, limit: opt.plainLine()})
	d.CharsetReader = charsetReader
	b := newBuilder(opt.nodeLimit(), opt)
	var declared []bool // declared[t]: temporary node t has a <node> element
	perr := func(format string, args ...any) error {
		line, col := d.InputPos()
		return &ParseError{File: rep.File, Line: line, Column: col, Err: fmt.Errorf(format, args...)}
	}
	// path holds the local names of the open elements.
	var path []string
	var data nodeData        // with opt.NodeAttributes
	keys := map[string]int{} // node keys: GraphML key id → column of data
	node := ""               // the id of the open <node>
	var layer graphMLLayer   // with opt.LayerColumn
	if opt.LayerColumn != "" {
		layer.name = opt.LayerColumn
		b.startLayers()
	}
	graphs := 0
	directedDefault := false
	sawRoot := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, xmlError(rep.File, d, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			depth := len(path)
			path = append(path, name)
			if depth == 0 {
				if sawRoot {
					return nil, perr("a second root element <%s> after </graphml>", name)
				}
				if name != "graphml" {
					return nil, perr("not a GraphML document: the root element is <%s>, not <graphml>", name)
				}
				sawRoot = true
				continue
			}
			if (opt.NodeAttributes || opt.LayerColumn != "") && isGraphMLSpace(t.Name.Space) && (name == "key" || name == "data") {
				parent := path[depth-1]
				path = path[:depth]
				if !opt.NodeAttributes {
					keys = nil // only the layer key is wanted
				}
				if err := readGraphMLData(d, t, parent, node, keys, &data, &layer); err != nil {
					return nil, xmlError(rep.File, d, err)
				}
				if layer.value != nil {
					if err := b.addLayer(*layer.value); err != nil {
						return nil, perr("%v", err)
					}
					layer.value, layer.edgeDone = nil, true
				}
				continue
			}
			if !isGraphMLSpace(t.Name.Space) || skipElement(name) {
				// Data, descriptions and foreign elements (yEd, …) may hold
				// anything: their content is not read.
				path = path[:depth]
				if err := d.Skip(); err != nil {
					return nil, xmlError(rep.File, d, err)
				}
				continue
			}
			parent := path[depth-1]
			switch name {
			case "graph":
				if depth > 1 {
					return nil, perr("nested graphs (a <graph> inside <%s>) are not supported", parent)
				}
				graphs++
				if graphs > 1 {
					return nil, perr("the document holds more than one <graph>; anonet reads one graph per file")
				}
				switch v := attr(t, "edgedefault"); v {
				case "directed":
					directedDefault = true
				case "undirected", "":
				default:
					return nil, perr("edgedefault=%q: want \"directed\" or \"undirected\"", v)
				}
			case "node":
				if parent != "graph" {
					return nil, perr("<node> outside a <graph> (inside <%s>)", parent)
				}
				id, ok := attrOK(t, "id")
				if !ok || id == "" {
					return nil, perr("<node> without an id")
				}
				v := b.node([]byte(id))
				if b.overflow {
					return nil, perr("%v", b.overflowError())
				}
				for len(declared) <= int(v) {
					declared = append(declared, false)
				}
				if declared[v] {
					return nil, perr("node %q is declared twice", id)
				}
				declared[v] = true
				node = id
			case "edge":
				if parent != "graph" {
					return nil, perr("<edge> outside a <graph> (inside <%s>)", parent)
				}
				src, ok1 := attrOK(t, "source")
				dst, ok2 := attrOK(t, "target")
				if !ok1 || !ok2 || src == "" || dst == "" {
					return nil, perr("<edge> needs a source and a target")
				}
				directed := directedDefault
				switch v := attr(t, "directed"); v {
				case "true", "1":
					directed = true
				case "false", "0":
					directed = false
				case "":
				default:
					return nil, perr("directed=%q: want \"true\" or \"false\"", v)
				}
				u, w := b.node([]byte(src)), b.node([]byte(dst))
				if b.overflow {
					return nil, perr("%v", b.overflowError())
				}
				if directed {
					b.arc(u, w)
					rep.Directed = true
				} else {
					b.edge(u, w)
				}
				layer.edgeDone = false
			case "hyperedge":
				return nil, perr("hyperedges are not supported: anonet reads simple graphs (replace each hyperedge by edges, or by a node joined to its endpoints)")
			case "locator":
				return nil, perr("<locator> (a graph stored in another file) is not supported")
			}
		case xml.EndElement:
			if t.Name.Local == "edge" && len(path) == 3 && opt.LayerColumn != "" && !layer.edgeDone {
				if layer.def == "" {
					return nil, perr("<edge> without a layer (no <data> of the key %q and no default)", layer.name)
				}
				if err := b.addLayer(layer.def); err != nil {
					return nil, perr("%v", err)
				}
			}
			path = path[:len(path)-1]
		case xml.CharData:
			if len(path) == 0 && len(bytes.TrimSpace(t)) > 0 {
				return nil, perr("text outside the root element: not an XML document")
			}
		}
	}
	if !sawRoot {
		line, _ := d.InputPos()
		if line <= 1 {
			return nil, &ParseError{File: rep.File, Err: errors.New("empty document: no <graphml> element")}
		}
		return nil, &ParseError{File: rep.File, Err: errors.New("no <graphml> element")}
	}
	if graphs == 0 {
		return nil, &ParseError{File: rep.File, Err: errors.New("the document holds no <graph> element")}
	}
	g, err := b.build(rep)
	if err != nil {
		return nil, err
	}
	rep.Attributes = data.table(g)
	return g, nil
}

// readGraphMLData reads a <key> (a child of <graphml>: a node key becomes a
// column of data, named by attr.name, with its <default>) or a <data> (a
// child of the <node> with id node: its text is the node's value of the
// key's column) whose start element t was just read, up to its end.
// Anything else (graph and edge keys and data) is read and ignored.
func readGraphMLData(d *xml.Decoder, t xml.StartElement, parent, node string, keys map[string]int, data *nodeData, layer *graphMLLayer) error {
	if t.Name.Local == "key" {
		var k struct {
			ID      string `xml:"id,attr"`
			For     string `xml:"for,attr"`
			Name    string `xml:"attr.name,attr"`
			Default string `xml:"default"`
		}
		if err := d.DecodeElement(&k, &t); err != nil {
			return err
		}
		if layer.name != "" && parent == "graphml" && (k.For == "edge" || k.For == "all") && k.ID != "" && (k.Name == layer.name || k.Name == "" && k.ID == layer.name) {
			layer.key = k.ID
			layer.def = strings.TrimSpace(k.Default)
		}
		if keys != nil && parent == "graphml" && (k.For == "node" || k.For == "all") && k.ID != "" {
			name := k.Name
			if name == "" {
				name = k.ID
			}
			keys[k.ID] = data.column(name, strings.TrimSpace(k.Default))
		}
		return nil
	}
	var v struct {
		Key  string `xml:"key,attr"`
		Text string `xml:",chardata"`
	}
	if err := d.DecodeElement(&v, &t); err != nil {
		return err
	}
	if c, ok := keys[v.Key]; ok && parent == "node" {
		data.set(node, c, strings.TrimSpace(v.Text))
	}
	if layer.key != "" && v.Key == layer.key && parent == "edge" {
		val := strings.TrimSpace(v.Text)
		layer.value = &val
	}
	return nil
}

// graphMLLayer follows the edge key that holds the layer of every edge
// (ReadOptions.LayerColumn, matched against attr.name, else the key id).
type graphMLLayer struct {
	name     string  // the key's name; "" when layers are not read
	key      string  // its id, once its <key> was read
	def      string  // its <default>, trimmed; "" for none (a blank default is none)
	value    *string // the layer of the open <edge>, just read
	edgeDone bool    // the open (or last) <edge> has its layer
}

// skipElement reports whether readGraphML skips the content of the GraphML
// element with the given name.
func skipElement(name string) bool {
	switch name {
	case "data", "desc", "key", "default", "port":
		return true
	}
	return false
}

// isGraphMLSpace reports whether an element namespace is GraphML's (or
// none, as in many files written by hand).
func isGraphMLSpace(ns string) bool {
	return ns == "" || strings.HasPrefix(ns, "http://graphml.graphdrawing.org/")
}

// attr returns the value of the unqualified attribute name of t, or "".
func attr(t xml.StartElement, name string) string {
	v, _ := attrOK(t, name)
	return v
}

// attrOK returns the value of the unqualified attribute name of t and
// whether it is there.
func attrOK(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// xmlError turns an error of the XML decoder into a *ParseError.
func xmlError(file string, d *xml.Decoder, err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return err // from the markup guard
	}
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return &ParseError{File: file, Line: se.Line, Err: fmt.Errorf("XML: %s", se.Msg)}
	}
	line, col := d.InputPos()
	return &ParseError{File: file, Line: line, Column: col, Err: err}
}

// charsetReader lets the XML decoder read documents declared as Latin-1 or
// ASCII besides UTF-8.
func charsetReader(charset string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(charset) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
		return &latin1Reader{r: bufio.NewReader(in)}, nil
	case "us-ascii", "ascii", "utf8":
		return in, nil
	}
	return nil, fmt.Errorf("unsupported encoding %q (convert the file to UTF-8)", charset)
}

// latin1Reader converts ISO 8859-1 to UTF-8.
type latin1Reader struct {
	r   *bufio.Reader
	buf []byte // converted bytes not yet returned
}

func (l *latin1Reader) Read(p []byte) (int, error) {
	if len(l.buf) == 0 {
		var raw [2048]byte
		n, err := l.r.Read(raw[:])
		for _, c := range raw[:n] {
			l.buf = utf8.AppendRune(l.buf, rune(c))
		}
		if n == 0 {
			return 0, err
		}
	}
	n := copy(p, l.buf)
	l.buf = l.buf[n:]
	return n, nil
}

// graphMLLabelProblem says why label l cannot be a GraphML node id, or
// returns "".
func graphMLLabelProblem(l string) string {
	if l == "" {
		return "it is empty"
	}
	for i, r := range l {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(l[i:]); size <= 1 {
				return "it is not valid UTF-8"
			}
		}
		if !isXMLChar(r) {
			return fmt.Sprintf("it contains the character %U, which XML 1.0 cannot represent", r)
		}
	}
	return ""
}

// isXMLChar reports whether r is a character XML 1.0 documents may hold.
func isXMLChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// writeGraphML writes an undirected GraphML graph whose node ids are the
// labels of g, escaped as XML requires.
func writeGraphML(w io.Writer, g *graph.Graph) error {
	if err := checkLabels(g, GraphML, graphMLLabelProblem); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(xml.Header)
	bw.WriteString(`<graphml xmlns="http://graphml.graphdrawing.org/xmlns"` +
		` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
		` xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">` + "\n")
	fmt.Fprintf(bw, "  <!-- written by anonet: %d nodes, %d edges -->\n", g.NumNodes(), g.NumEdges())
	bw.WriteString(`  <graph id="G" edgedefault="undirected">` + "\n")
	// Escaped labels are kept only for graphs with labels of their own.
	var esc []string
	if g.HasLabels() {
		esc = make([]string, g.NumNodes())
		var sb strings.Builder
		for v := range esc {
			sb.Reset()
			xml.EscapeText(&sb, []byte(g.Label(int32(v))))
			esc[v] = sb.String()
		}
	}
	label := func(v int32) string {
		if esc != nil {
			return esc[v]
		}
		return g.Label(v)
	}
	for v := range int32(g.NumNodes()) {
		bw.WriteString(`    <node id="`)
		bw.WriteString(label(v))
		bw.WriteString("\"/>\n")
	}
	for u := range int32(g.NumNodes()) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				bw.WriteString(`    <edge source="`)
				bw.WriteString(label(u))
				bw.WriteString(`" target="`)
				bw.WriteString(label(v))
				bw.WriteString("\"/>\n")
			}
		}
	}
	bw.WriteString("  </graph>\n</graphml>\n")
	return bw.Flush()
}
