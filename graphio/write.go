package graphio

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/anonet-project/anonet/graph"
)

// WriteOptions control writing.
type WriteOptions struct {
	// Format of the output; empty means: from the file name (FormatOf).
	Format Format
}

// WriteFile writes g to the named file, gzip-compressed if the name ends in
// .gz. It writes to a temporary file in the same directory and renames it
// into place, so that on error no partial file is left behind.
func WriteFile(path string, g *graph.Graph, opt WriteOptions) error {
	if opt.Format == "" {
		f, err := FormatOf(path)
		if err != nil {
			return err
		}
		opt.Format = f
	}
	return AtomicWrite(path, func(w io.Writer) error { return Write(w, g, opt.Format) })
}

// AtomicWrite creates the named file with the content written by write: into
// a temporary file in the same directory, gzip-compressed if the name ends in
// .gz, renamed into place only when write and closing succeed.
func AtomicWrite(path string, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("write %s: is a directory", path)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("write %s: cannot create a file in %s: %w", path, dir, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	var w io.Writer = bw
	var zw *gzip.Writer
	if IsGzipName(path) {
		zw = gzip.NewWriter(bw)
		w = zw
	}
	if err := write(w); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	// CreateTemp makes the file 0600; give it the usual permissions.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Write writes g to w in the given format (uncompressed).
func Write(w io.Writer, g *graph.Graph, f Format) error {
	switch f {
	case EdgeList:
		return writeEdgeList(w, g)
	case Nauty:
		return writeNauty(w, g)
	case GraphML:
		return writeGraphML(w, g)
	case GML:
		return writeGML(w, g)
	case Pajek:
		return writePajek(w, g)
	case MatrixMarket:
		return writeMatrixMarket(w, g)
	}
	return fmt.Errorf("unknown format %q", f)
}

// KeepsLabels reports whether format f stores node labels. Formats that do
// not (nauty, Matrix Market) number the nodes by their ids in g instead.
func KeepsLabels(f Format) bool {
	return f != Nauty && f != MatrixMarket
}

// writeEdgeList writes a header comment, one line "u v" per edge in
// ascending order of node ids, then one line per isolated node.
func writeEdgeList(w io.Writer, g *graph.Graph) error {
	for v := range g.NumNodes() {
		l := g.Label(int32(v))
		if l == "" || l[0] == '#' || l[0] == '%' || containsAny(l, " \t,\r\n\v\f") {
			return fmt.Errorf("node label %q cannot be written to an edge list (it is empty, starts a comment or holds a separator); use graphml or gml", l)
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s: %d nodes, %d edges; a line with a single id is an isolated node\n", edgeListMagic, g.NumNodes(), g.NumEdges())
	for u := range g.NumNodes() {
		lu := g.Label(int32(u))
		for _, v := range g.Neighbors(int32(u)) {
			if int32(u) < v {
				bw.WriteString(lu)
				bw.WriteByte(' ')
				bw.WriteString(g.Label(v))
				bw.WriteByte('\n')
			}
		}
	}
	for v := range g.NumNodes() {
		if g.Degree(int32(v)) == 0 {
			bw.WriteString(g.Label(int32(v)))
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

func containsAny(s, chars string) bool {
	for i := range len(s) {
		for j := range len(chars) {
			if s[i] == chars[j] {
				return true
			}
		}
	}
	return false
}

// writeNauty writes the nauty text format with every edge listed from both
// ends, as the reference data sets are.
func writeNauty(w io.Writer, g *graph.Graph) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "!n=%d\n!m=%d\n", g.NumNodes(), 2*g.NumEdges())
	var buf []byte
	for v := range g.NumNodes() {
		buf = strconv.AppendInt(buf[:0], int64(v), 10)
		buf = append(buf, ':')
		for _, u := range g.Neighbors(int32(v)) {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(u), 10)
		}
		buf = append(buf, ";\n"...)
		bw.Write(buf)
	}
	return bw.Flush()
}
