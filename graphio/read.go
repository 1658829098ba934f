package graphio

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/anonet-project/anonet/graph"
)

// Header says whether the first data line of an edge list is a column header.
type Header int

// Header modes.
const (
	HeaderAuto Header = iota // a header if it looks like one (see ReadOptions)
	HeaderYes                // the first data line is a header
	HeaderNo                 // the first data line is an edge
)

// ReadOptions control reading.
type ReadOptions struct {
	// Format of the input; empty means: from the content when it is
	// clearly of one format (GraphML, GML, Pajek, Matrix Market, nauty, the
	// binary format), else from the file name (FormatOf; an edge list for
	// Read). A format given is read as such, and content clearly of
	// another format is an error that names it.
	Format Format
	// Header applies to edge lists. In HeaderAuto mode the first data line
	// is a header when its first two fields are non-numeric while those of
	// the second data line are numeric, or when they are common column
	// names such as "source target", "from,to" or "u v"; edge lists
	// written by anonet never have one.
	Header Header
	// MaxNodes, if positive, is the largest number of nodes accepted; a
	// file that declares or names more is rejected with a *ParseError
	// before the memory for them is taken. Node counts declared in headers
	// (nauty !n=, Pajek *Vertices, the Matrix Market size line, the binary
	// format's header) create that many nodes; they are trusted up to
	// MaxNodes when it is set. Zero means the format limit, 2^31-1, and
	// then a declared count is trusted only up to what the input could
	// describe: DeclaredPerByte nodes per byte of the input as stored
	// (compressed, for gzip), and at least DeclaredFloor, so that a tiny
	// file (or a small gzip file that decompresses to a large one)
	// declaring millions of nodes is refused instead of taking gigabytes.
	// Memory for declared nodes is taken only at the end of reading.
	MaxNodes int
	// MaxLineBytes, if positive, is the longest line accepted by the
	// line-based formats (all but GraphML and GML); zero means
	// DefaultMaxLineBytes. A NUL byte is refused as soon as it is read,
	// whatever the length of its line.
	MaxLineBytes int
	// Delimiter, if not 0, is the only byte that separates the fields of
	// an edge list (spaces around fields are trimmed); 0 means any of
	// space, tab and comma.
	Delimiter byte
	// SourceColumn and TargetColumn choose the columns of an edge list
	// that hold the node ids of an edge, by a name in the header line
	// (which the file must then have) or a number from 1; empty means:
	// the columns of a usual pair of names in a header line (source and
	// target, from and to, u and v, node1 and node2, …, anywhere in the
	// line), else columns 1 and 2.
	SourceColumn, TargetColumn string
	// Comments lists the bytes that start a comment line in an edge list;
	// empty means "#%".
	Comments string
	// NodeAttributes makes the readers of formats with node data (GraphML
	// <data> of node keys, GML scalar keys of node lists other than id and
	// label) collect it into Report.Attributes.
	NodeAttributes bool
	// Directed keeps the direction of ties: an edge-list line "u v" is the
	// arc u→v, and the arcs of GraphML, Pajek and Matrix Market files stay
	// arcs, so that the graph read is typed (graph.Graph.Directed).
	// Undirected records (GraphML and Pajek edges, symmetric matrices) are
	// ties both ways.
	Directed bool
	// LayerColumn names where the layer of every tie is: in an edge list,
	// a column number (3 or more) or a name in the header line (which the
	// file must then have); in GraphML, the attr.name (or id) of an edge
	// key, whose default applies to edges without its <data>; in GML, a
	// key of every edge list. Every distinct value is a layer, in order
	// of first appearance, up to graph.MaxLayers; a node pair may be tied
	// in several layers. Empty: no layers.
	LayerColumn string
	// Threads is the number of goroutines that read an edge list: past its
	// first two data lines, one reads lines (and decompresses them) and
	// Threads−1 split them into fields, while the caller's adds them to
	// the graph in file order. 0 means GOMAXPROCS; 1 reads sequentially,
	// and so do input that may block (a pipe, a terminal, a network
	// stream: anything but a regular file or data in memory) and layered
	// edge lists (LayerColumn). It also bounds the goroutines that sort
	// the graph's adjacency lists once read, in every format. The graph,
	// the report and any error are the same for every value.
	Threads int

	fromName   bool            // Format came from the file name (ReadFile): the content may say otherwise
	guessed    bool            // no Format was given to Read: an edge list, unless the content says otherwise
	src        *countingReader // the input's bytes as stored (compressed, for gzip) that Read has consumed
	stored     int64           // the input's size as stored, if known before reading (see contentSize); else 0
	batchLines int             // lines per batch of the parallel edge-list reader (tests); 0: parallelBatchLines
	splitLines *int            // if not nil, counts the lines the parallel reader's workers split (tests)
	steady     bool            // the source never blocks: a regular file or memory (see steadySource)
	size       int64           // the content's size in bytes, decompressed, if known (see contentSize); else 0
}

// DefaultMaxLineBytes is the longest line accepted by default: 16 MiB, a
// nauty or Pajek adjacency line listing about two million neighbours of a
// hub. Only such lists may be that long: see PlainLineBytes.
const DefaultMaxLineBytes = 16 << 20

// PlainLineBytes is the longest line that is not a list of numbers: 1 MiB.
// Edge-list and Matrix Market lines, GML tokens and GraphML text between
// two marks of markup may be no longer; a nauty or Pajek line may be longer
// (up to the maximum line length) only if it holds nothing but digits,
// spaces, tabs and the separators ",:;". So a file that is something else
// on one line is refused within its first MiB.
const PlainLineBytes = 1 << 20

// DeclaredPerByte and DeclaredFloor bound the node counts that headers may
// declare without ReadOptions.MaxNodes: at most DeclaredPerByte nodes per
// byte of the input as stored (compressed, for gzip), and always
// DeclaredFloor. A file that lists its nodes or edges takes several bytes
// per node even compressed, so only a file of mostly isolated nodes
// declared by a header needs MaxNodes; reading DeclaredPerByte declared
// nodes takes at most a few hundred bytes, so memory stays within a few
// hundred times the input's size.
const (
	DeclaredPerByte = 8
	DeclaredFloor   = 1 << 16
)

// storedBytes returns the size of the input as stored: known in advance
// (a regular file, data in memory) or else what was read of it so far.
func (opt ReadOptions) storedBytes() int64 {
	if opt.src != nil {
		return max(opt.stored, opt.src.n)
	}
	return opt.stored
}

// declaredLimit returns the largest declared node count opt trusts in an
// input of the given size as stored (see MaxNodes).
func (opt ReadOptions) declaredLimit(stored int64) int64 {
	if opt.MaxNodes > 0 {
		return int64(opt.nodeLimit())
	}
	return min(max(int64(DeclaredFloor), DeclaredPerByte*stored), maxNodes)
}

// checkDeclared returns an error if a header's declared node count n is
// more than opt trusts (see MaxNodes), or if need, the memory that
// building a graph of them takes (see declaredBytes), exceeds what the
// process may use (an error wrapping ErrNotEnoughMemory). final says
// whether the whole input has been read: before that, a count is refused
// only when the input's size is known in advance.
func (opt ReadOptions) checkDeclared(n int, need int64, final bool) error {
	stored := opt.storedBytes()
	if opt.MaxNodes == 0 && (final || opt.stored > 0) && int64(n) > opt.declaredLimit(stored) {
		return fmt.Errorf("the header declares %d nodes, more than a file of %d bytes can describe (at most %d nodes are trusted: %d per byte of the file as stored, compressed or not, and at least %d); reading them would take about %s: give the largest node count to accept with --max-nodes (ReadOptions.MaxNodes)",
			n, stored, opt.declaredLimit(stored), DeclaredPerByte, DeclaredFloor, size(need))
	}
	if !final {
		return nil
	}
	return CheckMemory(need, fmt.Sprintf("%d nodes", n))
}

// comments returns the bytes that start a comment line.
func (opt ReadOptions) comments() string {
	if opt.Comments == "" {
		return "#%"
	}
	return opt.Comments
}

// maxLine returns the longest line opt accepts.
func (opt ReadOptions) maxLine() int {
	if opt.MaxLineBytes > 0 {
		return opt.MaxLineBytes
	}
	return DefaultMaxLineBytes
}

// plainLine returns the longest line opt accepts that is not a list of
// numbers (see PlainLineBytes).
func (opt ReadOptions) plainLine() int { return min(opt.maxLine(), PlainLineBytes) }

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}

// nodeLimit returns the largest node count that opt accepts.
func (opt ReadOptions) nodeLimit() int {
	if opt.MaxNodes > 0 && opt.MaxNodes < maxNodes {
		return opt.MaxNodes
	}
	return maxNodes
}

// tooManyNodes describes a node count above limit.
func tooManyNodes(n uint64, limit int) error {
	if limit < maxNodes {
		return fmt.Errorf("%d nodes exceed the limit of %d set by ReadOptions.MaxNodes", n, limit)
	}
	return fmt.Errorf("%d nodes exceed the limit of 2^31-1", n)
}

// ReadFile reads the graph in the named file. Gzip-compressed content is
// recognised by its magic number, whatever the file is called.
func ReadFile(path string, opt ReadOptions) (*graph.Graph, *Report, error) {
	if opt.Format == "" {
		f, err := FormatOf(path)
		if err != nil {
			return nil, nil, err
		}
		opt.Format, opt.fromName = f, true
	}
	f, err := openInput(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, nil, fmt.Errorf("read %s: is a directory", path)
	}
	if opt.Format == Binary {
		if data, unmap, ok := mapFile(f); ok && bytes.HasPrefix(data, binaryMagic[:1]) {
			defer unmap()
			rep := &Report{File: path, Format: Binary}
			g, err := decodeBinary(data, rep, opt)
			if err != nil {
				return nil, nil, err
			}
			return g, rep, nil
		} else if ok {
			unmap() // compressed: read through gzip below
		}
	}
	return Read(f, path, opt)
}

// Read reads a graph from r; name is used in the report and in errors.
// Without opt.Format, content clearly of one format is read as such, and
// anything else as an edge list. Gzip-compressed content is recognised by its magic
// number and decompressed. Malformed input gives a *ParseError; the graph
// and report are nil on error.
func Read(r io.Reader, name string, opt ReadOptions) (*graph.Graph, *Report, error) {
	if opt.Format == "" {
		opt.Format, opt.guessed = EdgeList, true
	}
	if !knownFormat(opt.Format) {
		return nil, nil, fmt.Errorf("read %s: unknown format %q (known: %s)", name, opt.Format, formatList())
	}
	opt.steady = steadySource(r)
	// Count the bytes at the source, as stored (compressed, for gzip),
	// by which declared node counts are trusted (checkDeclared).
	opt.src = &countingReader{r: r}
	opt.stored = contentSize(r)
	br := bufio.NewReaderSize(opt.src, readBufferSize(r))
	var zr *gzip.Reader
	var zs *gzipReader
	opt.size = opt.stored
	if kind := otherCompression(br); kind != "" {
		return nil, nil, &ParseError{File: name, Err: fmt.Errorf("%s-compressed content, which anonet does not read; only gzip is supported: decompress it first", kind)}
	}
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		var err error
		zr, err = gzip.NewReader(br)
		if err != nil {
			return nil, nil, &ParseError{File: name, Err: gzipError(err)}
		}
		defer zr.Close()
		zr.Multistream(false)
		opt.size = gzipSize(r)
		zs = &gzipReader{zr: zr, in: br, src: opt.src}
		br = bufio.NewReaderSize(zs, 1<<16)
	}
	// A UTF-8 byte order mark is not part of the content.
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
		br.Discard(3)
	}
	rep := &Report{File: name, Format: opt.Format}
	head, _ := peekHead(br, opt.steady)
	if f, why := sniffFormat(head); f != "" && f != opt.Format {
		if !opt.fromName && !opt.guessed {
			return nil, nil, &ParseError{File: name, Err: mismatch(f, why, opt.Format)}
		}
		if opt.fromName {
			rep.FormatGuessed = opt.Format
		}
		opt.Format, rep.Format = f, f
	}
	if opt.LayerColumn != "" && !isEdgeList(opt.Format) && opt.Format != GraphML && opt.Format != GML {
		return nil, nil, fmt.Errorf("read %s: layers are read from edge lists, GraphML and GML, not from %s", name, opt.Format)
	}
	if (opt.Directed || opt.LayerColumn != "") && opt.Format == Binary {
		return nil, nil, fmt.Errorf("read %s: the binary format holds undirected graphs without layers", name)
	}
	var g *graph.Graph
	var err error
	switch opt.Format {
	case EdgeList, CSV, TSV:
		g, err = readEdgeList(br, rep, opt)
	case Nauty:
		g, err = readNauty(br, rep, opt)
	case GraphML:
		g, err = readGraphML(br, rep, opt)
	case GML:
		g, err = readGML(br, rep, opt)
	case Pajek:
		g, err = readPajek(br, rep, opt)
	case MatrixMarket:
		g, err = readMatrixMarket(br, rep, opt)
	case Binary:
		g, err = readBinary(br, rep, opt)
	}
	if err != nil {
		// Corrupt compressed data may decompress to garbage before gzip
		// sees the bad checksum at the end: then the corruption, not the
		// garbage, is the problem to report. Only a bounded amount is
		// checked, so that an early error in a huge file stays quick.
		if zr != nil && !isGzipError(err) {
			if _, zerr := io.CopyN(io.Discard, zs, 64<<20); zerr != nil && zerr != io.EOF {
				return nil, nil, &ParseError{File: name, Err: zerr}
			}
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			return nil, nil, err
		}
		return nil, nil, &ParseError{File: name, Err: err}
	}
	return g, rep, nil
}

// gzipReader reads gzip-compressed content member after member (a gzip
// file may hold several, one after the other), saying in its errors that
// they come from decompression. Bytes after the last member that do not
// start another are an error of their own, not a truncated file.
type gzipReader struct {
	zr  *gzip.Reader // reading one member at a time (not Multistream)
	in  *bufio.Reader
	src *countingReader // the compressed bytes read from the source
}

func (r *gzipReader) Read(p []byte) (int, error) {
	for {
		n, err := r.zr.Read(p)
		if err != io.EOF {
			if err != nil {
				err = gzipError(err)
			}
			return n, err
		}
		// The end of a member: the end of the file, another member, or
		// something else appended.
		next, _ := r.in.Peek(2)
		switch {
		case len(next) == 0:
			return n, io.EOF
		case len(next) == 2 && next[0] == 0x1f && next[1] == 0x8b:
			if err := r.zr.Reset(r.in); err != nil {
				return n, gzipError(err)
			}
			r.zr.Multistream(false)
		default:
			return n, &gzipErr{junkAt: r.src.n - int64(r.in.Buffered())}
		}
		if n > 0 {
			return n, nil
		}
	}
}

// openInput opens the file at path for reading, its error saying
// "read PATH: …" once (not the path twice, as os.Open's would).
func openInput(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is named here
		}
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return f, nil
}

// steadySource reports whether reading r never waits on anything but the
// disk: a regular file, or data in memory. Only such input is read in
// parallel (ReadOptions.Threads): after an error, the reading goroutine
// finishes its batch, which on a pipe or a terminal could wait forever.
func steadySource(r io.Reader) bool {
	switch s := r.(type) {
	case *bytes.Reader, *strings.Reader, *bytes.Buffer:
		return true
	case *os.File:
		st, err := s.Stat()
		return err == nil && st.Mode().IsRegular()
	}
	return false
}

// contentSize returns the number of bytes left to read from r when it is
// known without reading them (a regular file, data in memory), else 0.
func contentSize(r io.Reader) int64 {
	switch s := r.(type) {
	case interface{ Len() int }: // bytes.Reader, strings.Reader, bytes.Buffer
		return int64(s.Len())
	case *os.File:
		st, err := s.Stat()
		if err != nil || !st.Mode().IsRegular() {
			return 0
		}
		if off, err := s.Seek(0, io.SeekCurrent); err == nil && off <= st.Size() {
			return st.Size() - off
		}
	}
	return 0
}

// gzipSize returns the decompressed size of a gzip file r as its last member
// records it (RFC 1952: ISIZE, the size modulo 2^32, in the last 4 bytes),
// when that is plausible: more than the file's size, at most 8 times as much
// (edge lists compress 4 to 6 times), else 0. It is only a hint, by which
// the readers reserve room, never trusted: a wrong value costs time, not
// correctness.
func gzipSize(r io.Reader) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return 0
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() < 20 || st.Size() >= 1<<30 {
		return 0
	}
	var b [4]byte
	if _, err := f.ReadAt(b[:], st.Size()-4); err != nil {
		return 0
	}
	n := int64(binary.LittleEndian.Uint32(b[:]))
	if n < st.Size() || n > 8*st.Size() {
		return 0 // wrapped around, several members, a forged size
	}
	return n
}

// readBufferSize returns the size of the read buffer for r: 64 KiB, or less
// for an in-memory reader that holds less.
func readBufferSize(r io.Reader) int {
	const size = 1 << 16
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < size {
		return max(l.Len(), 512)
	}
	return size
}

// gzipErr is an error of decompression, or (junkAt > 0) bytes after the
// end of the compressed data.
type gzipErr struct {
	err    error
	junkAt int64 // the offset in the file of the bytes after the compressed data
}

func (e *gzipErr) Error() string {
	if e.junkAt > 0 {
		return fmt.Sprintf("gzip: the compressed data ends at byte %d, but the file goes on with bytes that are not gzip data (something appended to the file?)", e.junkAt)
	}
	if errors.Is(e.err, io.ErrUnexpectedEOF) || errors.Is(e.err, io.EOF) {
		return "gzip: compressed data ends early (truncated file?): " + e.err.Error()
	}
	return "gzip: corrupt compressed data: " + e.err.Error()
}

func (e *gzipErr) Unwrap() error { return e.err }

// gzipError describes a decompression error.
func gzipError(err error) error { return &gzipErr{err: err} }

// isGzipError reports whether err comes from decompression.
func isGzipError(err error) bool {
	var ge *gzipErr
	return errors.As(err, &ge)
}

// lineReader yields lines without their line terminators, counting them.
// A line ends at "\n", "\r\n" or a lone "\r" (old Mac files). Lines may
// be up to max bytes long (0: DefaultMaxLineBytes), and longer than
// PlainLineBytes only if lists is set and they are lists of numbers; a
// longer line, or a NUL byte, is an error as soon as it is read. file names
// the input in its errors.
type lineReader struct {
	r     *bufio.Reader
	file  string
	line  int
	max   int
	lists bool // the format has adjacency lists, which may be long
	buf   []byte
	err   error
}

// newLineReader returns a line reader of br for the options of a reader;
// lists says whether the format's lines may be long lists of numbers.
func newLineReader(br *bufio.Reader, file string, opt ReadOptions, lists bool) *lineReader {
	return &lineReader{r: br, file: file, max: opt.maxLine(), lists: lists}
}

// listByte reports whether c may appear in a line longer than
// PlainLineBytes.
func listByte(c byte) bool {
	return '0' <= c && c <= '9' || c == ' ' || c == '\t' || c == ',' || c == ':' || c == ';'
}

// checkLong returns an error if a line that has grown to the bytes of buf
// and then body may not be that long.
func (lr *lineReader) checkLong(body []byte, limit int) error {
	n := len(lr.buf) + len(body)
	plain := min(limit, PlainLineBytes)
	if n <= plain {
		return nil
	}
	if n > limit || !lr.lists {
		if lr.lists {
			plain = limit
		}
		return &ParseError{File: lr.file, Line: lr.line + 1, Err: fmt.Errorf("line longer than %d bytes (is this a text file of this format?)", plain)}
	}
	check := body
	if len(lr.buf) <= plain {
		// The line just grew past PlainLineBytes: check all of it once.
		for i, c := range lr.buf {
			if !listByte(c) {
				return lr.notList(i, c, plain)
			}
		}
	}
	for i, c := range check {
		if !listByte(c) {
			return lr.notList(len(lr.buf)+i, c, plain)
		}
	}
	return nil
}

// notList is the error of a long line with byte c at offset i.
func (lr *lineReader) notList(i int, c byte, plain int) error {
	return &ParseError{File: lr.file, Line: lr.line + 1, Column: i + 1,
		Err: fmt.Errorf("line longer than %d bytes holds %q: only a list of numbers may be that long (is this a text file of this format?)", plain, c)}
}

// next returns the next line, valid until the following call, and false at
// the end of input or on an error (see readErr).
func (lr *lineReader) next() ([]byte, bool) {
	if lr.err != nil {
		return nil, false
	}
	limit := lr.max
	if limit <= 0 {
		limit = DefaultMaxLineBytes
	}
	lr.buf = lr.buf[:0]
	some := false // bytes of this line (or its terminator) were read
	for {
		if lr.r.Buffered() == 0 {
			if _, err := lr.r.Peek(1); err != nil {
				lr.err = err
				if err != io.EOF || !some {
					return nil, false
				}
				lr.line++
				return lr.buf, true
			}
		}
		chunk, _ := lr.r.Peek(lr.r.Buffered())
		end := bytes.IndexByte(chunk, '\n')
		body := chunk
		if end >= 0 {
			body = chunk[:end]
		}
		cr := bytes.IndexByte(body, '\r')
		if cr >= 0 && cr < len(body)-1 || cr >= 0 && end < 0 && cr == len(chunk)-1 {
			end = cr // a lone CR ends the line (or a CR at the end of the buffer: look past it below)
		} else if cr >= 0 {
			body = body[:cr] // CRLF
		}
		if end >= 0 {
			body = chunk[:min(end, len(body))]
		}
		if k := bytes.IndexByte(body, 0); k >= 0 {
			lr.err = &ParseError{File: lr.file, Line: lr.line + 1, Column: len(lr.buf) + k + 1, Err: errors.New("NUL byte in text (is this a binary file?)")}
			return nil, false
		}
		if err := lr.checkLong(body, limit); err != nil {
			lr.err = err
			return nil, false
		}
		some = true
		if end < 0 {
			lr.buf = append(lr.buf, chunk...)
			lr.r.Discard(len(chunk))
			continue
		}
		line := body
		if len(lr.buf) > 0 || chunk[end] == '\r' {
			lr.buf = append(lr.buf, body...)
			line = lr.buf
		}
		lr.r.Discard(end + 1)
		if chunk[end] == '\r' {
			// "\r\n" split across two reads is one terminator.
			if nx, err := lr.r.Peek(1); err == nil && nx[0] == '\n' {
				lr.r.Discard(1)
			}
		}
		lr.line++
		return line, true
	}
}

// readErr returns the read error that ended input, as a ParseError at the
// line that could not be read, or nil at a clean end.
func (lr *lineReader) readErr() error {
	if lr.err == nil || lr.err == io.EOF {
		return nil
	}
	var pe *ParseError
	if errors.As(lr.err, &pe) {
		return lr.err
	}
	return &ParseError{File: lr.file, Line: lr.line + 1, Err: lr.err}
}

// errorf returns a ParseError at column col (0 for none) of the line last
// read.
func (lr *lineReader) errorf(col int, format string, args ...any) error {
	return &ParseError{File: lr.file, Line: lr.line, Column: col, Err: fmt.Errorf(format, args...)}
}

// markupGuard passes XML through, but fails as soon as it reads a NUL byte
// (never allowed in XML) or a run of more than limit bytes without markup,
// so that a binary or endless file is refused before the XML decoder
// holds it in memory. line counts the lines read, for the error.
type markupGuard struct {
	r     io.Reader
	file  string
	limit int
	run   int // bytes since the last '<' or '>'
	line  int
}

func (g *markupGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	for i, c := range p[:n] {
		switch c {
		case 0:
			return i, &ParseError{File: g.file, Line: g.line + 1, Err: errors.New("NUL byte in text (is this a binary file?)")}
		case '<', '>':
			g.run = 0
			continue
		case '\n':
			g.line++
		}
		if g.run++; g.run > g.limit {
			return i, &ParseError{File: g.file, Line: g.line + 1, Err: fmt.Errorf("more than %d bytes without markup (is this a GraphML file?)", g.limit)}
		}
	}
	return n, err
}

// otherCompression names the compression of content that starts with the
// magic number of bzip2, xz or zstd, or returns "".
func otherCompression(br *bufio.Reader) string {
	magic, _ := br.Peek(6)
	switch {
	case len(magic) >= 4 && string(magic[:3]) == "BZh" && magic[3] >= '1' && magic[3] <= '9':
		return "bzip2"
	case bytes.Equal(magic, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return "xz"
	case len(magic) >= 4 && bytes.Equal(magic[:4], []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return "zstd"
	}
	return ""
}
