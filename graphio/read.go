package graphio

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

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
	// Format of the input; empty means: from the file name (FormatOf).
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
	// (nauty !n=, Pajek *Vertices, the Matrix Market size line) create
	// that many nodes, so a limit guards against a small file demanding
	// gigabytes. Zero means the format limit, 2^31-1.
	MaxNodes int
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
		opt.Format = f
	}
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is named below
		}
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, nil, fmt.Errorf("read %s: is a directory", path)
	}
	return Read(f, path, opt)
}

// Read reads a graph from r; name is used in the report and in errors.
// opt.Format must be set. Gzip-compressed content is recognised by its magic
// number and decompressed. Malformed input gives a *ParseError; the graph
// and report are nil on error.
func Read(r io.Reader, name string, opt ReadOptions) (*graph.Graph, *Report, error) {
	if opt.Format == "" {
		return nil, nil, fmt.Errorf("read %s: no format given", name)
	}
	if !knownFormat(opt.Format) {
		return nil, nil, fmt.Errorf("read %s: unknown format %q (known: %s)", name, opt.Format, formatList())
	}
	br := bufio.NewReaderSize(r, readBufferSize(r))
	var zr *gzip.Reader
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		var err error
		zr, err = gzip.NewReader(br)
		if err != nil {
			return nil, nil, &ParseError{File: name, Err: gzipError(err)}
		}
		defer zr.Close()
		br = bufio.NewReaderSize(gzipReader{zr}, 1<<16)
	}
	// A UTF-8 byte order mark is not part of the content.
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
		br.Discard(3)
	}
	rep := &Report{File: name, Format: opt.Format}
	var g *graph.Graph
	var err error
	switch opt.Format {
	case EdgeList:
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
	}
	if err != nil {
		// Corrupt compressed data may decompress to garbage before gzip
		// sees the bad checksum at the end: then the corruption, not the
		// garbage, is the problem to report. Only a bounded amount is
		// checked, so that an early error in a huge file stays quick.
		if zr != nil && !isGzipError(err) {
			if _, zerr := io.CopyN(io.Discard, gzipReader{zr}, 64<<20); zerr != nil && zerr != io.EOF {
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

// gzipReader reads gzip-compressed content, saying in its errors that
// they come from decompression.
type gzipReader struct{ zr *gzip.Reader }

func (r gzipReader) Read(p []byte) (int, error) {
	n, err := r.zr.Read(p)
	if err != nil && err != io.EOF {
		err = gzipError(err)
	}
	return n, err
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

// gzipErr is an error of decompression.
type gzipErr struct{ err error }

func (e *gzipErr) Error() string {
	if errors.Is(e.err, io.ErrUnexpectedEOF) || errors.Is(e.err, io.EOF) {
		return "gzip: compressed data ends early (truncated file?): " + e.err.Error()
	}
	return "gzip: corrupt compressed data: " + e.err.Error()
}

func (e *gzipErr) Unwrap() error { return e.err }

// gzipError describes a decompression error.
func gzipError(err error) error { return &gzipErr{err} }

// isGzipError reports whether err comes from decompression.
func isGzipError(err error) bool {
	var ge *gzipErr
	return errors.As(err, &ge)
}

// lineReader yields lines without their line terminators, counting them.
// Lines may be arbitrarily long. file names the input in its errors.
type lineReader struct {
	r    *bufio.Reader
	file string
	line int
	buf  []byte
	err  error
}

// next returns the next line, valid until the following call, and false at
// the end of input or on a read error (see err).
func (lr *lineReader) next() ([]byte, bool) {
	if lr.err != nil {
		return nil, false
	}
	b, err := lr.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		lr.buf = append(lr.buf[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = lr.r.ReadSlice('\n')
			lr.buf = append(lr.buf, b...)
		}
		b = lr.buf
	}
	if err != nil && err != io.EOF {
		lr.err = err
		return nil, false
	}
	if err == io.EOF {
		lr.err = io.EOF
		if len(b) == 0 {
			return nil, false
		}
	}
	lr.line++
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b, true
}

// readErr returns the read error that ended input, as a ParseError at the
// line that could not be read, or nil at a clean end.
func (lr *lineReader) readErr() error {
	if lr.err == nil || lr.err == io.EOF {
		return nil
	}
	return &ParseError{File: lr.file, Line: lr.line + 1, Err: lr.err}
}

// errorf returns a ParseError at column col (0 for none) of the line last
// read.
func (lr *lineReader) errorf(col int, format string, args ...any) error {
	return &ParseError{File: lr.file, Line: lr.line, Column: col, Err: fmt.Errorf(format, args...)}
}
