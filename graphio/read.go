package graphio

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
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
	// names such as "source target", "from,to" or "u v".
	Header Header
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
		return nil, nil, fmt.Errorf("read %s: %w", path, errors.Unwrap(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, nil, fmt.Errorf("read %s: is a directory", path)
	}
	return Read(f, path, opt)
}

// Read reads a graph from r; name is used in the report and in errors.
// opt.Format must be set. Gzip-compressed content is decompressed.
func Read(r io.Reader, name string, opt ReadOptions) (*graph.Graph, *Report, error) {
	if opt.Format == "" {
		return nil, nil, fmt.Errorf("read %s: no format given", name)
	}
	br := bufio.NewReaderSize(r, 1<<20)
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, &ParseError{File: name, Err: fmt.Errorf("gzip: %w", err)}
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 1<<20)
	}
	rep := &Report{File: name, Format: opt.Format}
	var g *graph.Graph
	var err error
	switch opt.Format {
	case EdgeList:
		g, err = readEdgeList(br, rep, opt)
	case Nauty:
		g, err = readNauty(br, rep)
	case GraphML:
		g, err = readGraphML(br, rep)
	case GML:
		g, err = readGML(br, rep)
	case Pajek:
		g, err = readPajek(br, rep)
	case MatrixMarket:
		g, err = readMatrixMarket(br, rep)
	default:
		return nil, nil, fmt.Errorf("read %s: unknown format %q", name, opt.Format)
	}
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			return nil, nil, err
		}
		return nil, nil, &ParseError{File: name, Err: err}
	}
	return g, rep, nil
}

// lineReader yields lines without their line terminators, counting them.
// Lines may be arbitrarily long.
type lineReader struct {
	r    *bufio.Reader
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
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	return b, true
}

// readErr returns the read error that ended input, or nil at a clean end.
func (lr *lineReader) readErr() error {
	if lr.err == io.EOF {
		return nil
	}
	return lr.err
}
