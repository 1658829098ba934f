package graphio

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

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
	if !knownFormat(opt.Format) {
		return fmt.Errorf("write %s: unknown format %q (known: %s)", path, opt.Format, formatList())
	}
	return AtomicWrite(path, func(w io.Writer) error { return Write(w, g, opt.Format) })
}

// AtomicWrite creates the named file with the content written by write: into
// a temporary file in the same directory, gzip-compressed if the name ends in
// .gz, synced and renamed into place only when write and closing succeed. On
// error the temporary file is removed and an existing file of that name is
// left as it was. A new file gets mode 0644; a replaced file keeps its mode.
func AtomicWrite(path string, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return fmt.Errorf("write %s: is a directory", path)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		var pe *fs.PathError
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
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	// CreateTemp makes the file 0600.
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Write writes g to w in the given format (uncompressed). Output is
// deterministic: nodes in id order, edges in ascending order of their ends.
// It returns an error, before writing anything, if a node label cannot be
// represented in the format or two nodes share a label (formats that keep
// labels need them distinct to tell the nodes apart).
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
	return fmt.Errorf("unknown format %q (known: %s)", f, formatList())
}

// KeepsLabels reports whether format f stores node labels. Formats that do
// not (nauty, Matrix Market) number the nodes by their ids in g instead.
func KeepsLabels(f Format) bool {
	return knownFormat(f) && f != Nauty && f != MatrixMarket
}

func knownFormat(f Format) bool {
	for _, k := range formats {
		if k == f {
			return true
		}
	}
	return false
}

// labelError reports a node label that a writer cannot represent.
type labelError struct {
	format Format
	node   int32
	label  string
	other  int32  // the node with the same label, when reason is ""
	reason string // what is wrong with the label
}

func (e *labelError) Error() string {
	if e.reason == "" {
		return fmt.Sprintf("nodes %d and %d both have label %q; %s output needs distinct labels", e.other, e.node, e.label, e.format)
	}
	hint := "; gml can hold any UTF-8 label"
	if e.format == GML {
		hint = ""
	}
	return fmt.Sprintf("node %d has label %q, which %s output cannot hold: %s%s", e.node, e.label, e.format, e.reason, hint)
}

// checkLabels returns a *labelError for the first node whose label bad
// rejects (bad returns the reason, or "" for a good label), or for the first
// label shared by two nodes. A graph without labels of its own passes.
func checkLabels(g *graph.Graph, f Format, bad func(string) string) error {
	if !g.HasLabels() {
		return nil // decimal ids: distinct and fit for every format
	}
	seen := make(map[string]int32, g.NumNodes())
	for v := range int32(g.NumNodes()) {
		l := g.Label(v)
		if r := bad(l); r != "" {
			return &labelError{format: f, node: v, label: l, reason: r}
		}
		if w, dup := seen[l]; dup {
			return &labelError{format: f, node: v, label: l, other: w}
		}
		seen[l] = v
	}
	return nil
}
