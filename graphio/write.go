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
	"syscall"

	"github.com/anonet-project/anonet/graph"
)

// WriteOptions control writing.
type WriteOptions struct {
	// Format of the output; empty means: from the file name (FormatOf).
	Format Format
	// Threads is the number of goroutines that format an edge list (and,
	// into a .gz file, compress it) in chunks; 0 means GOMAXPROCS. The
	// bytes written are the same for every value.
	Threads int
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
	return AtomicWrite(path, func(w io.Writer) error { return WriteWith(w, g, opt) })
}

// AtomicWrite creates the named file with the content written by write: into
// a temporary file in the same directory, gzip-compressed if the name ends in
// .gz, synced and renamed into place only when write and closing succeed. On
// error the temporary file is removed and an existing file of that name is
// left as it was. A new file gets mode 0644; a replaced file keeps its mode.
// Only a new path or a regular file (or a symbolic link to one, which is
// followed) is written: see CheckOutputPath.
func AtomicWrite(path string, write func(w io.Writer) error) error {
	p, err := CreatePending(path)
	if err != nil {
		return err
	}
	if err := write(p); err != nil {
		p.Abort()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := p.Close(); err != nil {
		p.Abort()
		return err
	}
	return p.Commit()
}

// CheckOutputPath returns the path that writing to path would replace:
// path itself, or the file a symbolic link at path points to. It returns
// an error if that is anything but a regular file or a new name in an
// existing directory: a directory, a device, a FIFO or a socket is never
// replaced by a rename, and a missing directory is reported before any
// work is done.
func CheckOutputPath(path string) (string, error) {
	target := path
	if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		resolved, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", fmt.Errorf("write %s: a symbolic link that cannot be followed: %w", path, unwrapPath(err))
		}
		target = resolved
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return "", fmt.Errorf("write %s: is a directory", path)
	case err == nil && !st.Mode().IsRegular():
		return "", fmt.Errorf("write %s: not a regular file (%s); anonet writes only regular files, or stdout with -o -", path, fileKind(st.Mode()))
	case err == nil:
		return target, nil
	}
	dir := filepath.Dir(target)
	dst, derr := os.Stat(dir)
	if derr != nil {
		return "", fmt.Errorf("write %s: cannot create a file in %s: %w", path, dir, unwrapPath(derr))
	}
	if !dst.IsDir() {
		return "", fmt.Errorf("write %s: cannot create a file in %s: not a directory", path, dir)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("write %s: %w", path, unwrapPath(err))
	}
	return target, nil
}

// fileKind names the kind of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// unwrapPath drops the path and operation of a *fs.PathError, which the
// caller names itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// PendingFile is an output file being written: its content goes to a
// temporary file in the target's directory (gzip-compressed if the name
// ends in .gz) until Commit renames it into place. Abort removes it. Use it
// to stream an output while work goes on, or to write several outputs of
// which either all or none must appear.
type PendingFile struct {
	path   string // as given
	target string // the file to replace (a symbolic link followed)
	mode   fs.FileMode
	tmp    *os.File
	sink   *fileSink // tmp, with its errors made *WriteError
	bw     *bufio.Writer
	zw     *gzip.Writer
	zwUsed bool // something was written through zw
	raw    bool // gzip members were written past zw
	closed bool
}

// memberWriter is a destination that gzip-compresses what is written to it
// and also takes whole gzip members compressed elsewhere (a PendingFile of
// a .gz name), so that a writer can compress chunks in parallel. A gzip
// file may hold several members one after the other; readers decompress
// them as one stream.
type memberWriter interface {
	io.Writer
	// gzipMembers reports whether writeMember may be used now: the
	// content is compressed and nothing was written through Write yet.
	gzipMembers() bool
	// writeMember writes a complete gzip member as it is.
	writeMember(b []byte) error
}

func (p *PendingFile) gzipMembers() bool { return p.zw != nil && !p.zwUsed }

func (p *PendingFile) writeMember(b []byte) error {
	p.raw = true
	_, err := p.bw.Write(b)
	return err
}

// CreatePending checks path with CheckOutputPath and creates the temporary
// file that will become it.
func CreatePending(path string) (*PendingFile, error) {
	target, err := CheckOutputPath(path)
	if err != nil {
		return nil, err
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		mode = st.Mode().Perm()
	}
	dir := filepath.Dir(target)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp*")
	if err != nil {
		err = unwrapPath(err)
		if systemFailure(err) {
			err = &WriteError{Op: "creating a file", Err: err}
		}
		return nil, fmt.Errorf("write %s: cannot create a file in %s: %w", path, dir, err)
	}
	p := &PendingFile{path: path, target: target, mode: mode, tmp: tmp, sink: &fileSink{w: tmp}}
	p.bw = bufio.NewWriterSize(p.sink, 1<<20)
	if IsGzipName(path) {
		p.zw = gzip.NewWriter(p.bw)
	}
	return p, nil
}

// TempName returns the name of the temporary file.
func (p *PendingFile) TempName() string { return p.tmp.Name() }

// Write writes to the temporary file.
func (p *PendingFile) Write(b []byte) (int, error) {
	if p.zw != nil {
		p.zwUsed = true
		return p.zw.Write(b)
	}
	return p.bw.Write(b)
}

// Flush pushes what was written so far to the temporary file, so that a
// streamed output can be watched while it grows.
func (p *PendingFile) Flush() error {
	if p.zw != nil && p.zwUsed { // flushing an unused compressor starts a member
		if err := p.zw.Flush(); err != nil {
			return err
		}
	}
	return p.bw.Flush()
}

// Close finishes the content (compression, buffers), syncs it to disk and
// gives it its final mode; Commit may follow.
func (p *PendingFile) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	if p.zw != nil && (p.zwUsed || !p.raw) { // an empty file is one empty member
		if err := p.zw.Close(); err != nil {
			return fmt.Errorf("write %s: %w", p.path, err)
		}
	}
	if err := p.bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", p.path, err)
	}
	if err := p.tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", p.path, &WriteError{Op: "syncing to disk", Err: unwrapPath(err)})
	}
	if err := p.tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", p.path, &WriteError{Op: "closing", Err: unwrapPath(err)})
	}
	// CreateTemp makes the file 0600.
	if err := os.Chmod(p.tmp.Name(), p.mode); err != nil {
		return fmt.Errorf("write %s: %w", p.path, &WriteError{Op: "setting its mode", Err: unwrapPath(err)})
	}
	return nil
}

// Commit closes the file if needed and renames it into place, after
// checking again that it replaces only a regular file or nothing.
func (p *PendingFile) Commit() error {
	if err := p.Close(); err != nil {
		p.Abort()
		return err
	}
	if _, err := CheckOutputPath(p.target); err != nil {
		p.Abort()
		return fmt.Errorf("write %s: the target changed while writing: %w", p.path, err)
	}
	if err := os.Rename(p.tmp.Name(), p.target); err != nil {
		p.Abort()
		return fmt.Errorf("write %s: %w", p.path, &WriteError{Op: "renaming it into place", Err: unwrapPath(err)})
	}
	return nil
}

// Abort removes the temporary file; the target is left as it was.
func (p *PendingFile) Abort() {
	if !p.closed {
		p.closed = true
		p.tmp.Close()
	}
	os.Remove(p.tmp.Name())
}

// WriteError is the error of an output that the system failed to store:
// the disk is full (errors.Is(err, syscall.ENOSPC)), a quota is exceeded,
// the device fails. It is neither bad input nor a bad output path, whose
// errors are plain: a command line should report it as a failure of the
// run (exit status 1), not of its arguments. PendingFile (and so
// WriteFile and AtomicWrite) returns it wrapped, with the output's path.
type WriteError struct {
	Op  string // what failed: "writing", "syncing to disk", "renaming it into place", …
	Err error  // the system's error, such as syscall.ENOSPC
}

func (e *WriteError) Error() string { return e.Op + ": " + e.Err.Error() }

// Unwrap returns the system's error.
func (e *WriteError) Unwrap() error { return e.Err }

// systemFailure reports whether err, from creating a file, is the
// system's failure to store it rather than a problem of its path.
func systemFailure(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EIO)
}

// fileSink writes to a temporary file, turning its errors into
// *WriteError.
type fileSink struct {
	w io.Writer // the file (tests put a failing writer here)
}

func (s *fileSink) Write(b []byte) (int, error) {
	n, err := s.w.Write(b)
	if err != nil {
		err = &WriteError{Op: "writing", Err: unwrapPath(err)}
	}
	return n, err
}

// Write writes g to w in the given format (uncompressed). Output is
// deterministic: nodes in id order, edges in ascending order of their ends.
// It returns an error, before writing anything, if a node label cannot be
// represented in the format or two nodes share a label (formats that keep
// labels need them distinct to tell the nodes apart).
func Write(w io.Writer, g *graph.Graph, f Format) error {
	return WriteWith(w, g, WriteOptions{Format: f})
}

// WriteWith is Write with options; opt.Format must be set.
func WriteWith(w io.Writer, g *graph.Graph, opt WriteOptions) error {
	f := opt.Format
	if (g.Directed() || g.Layers() != nil) && !isEdgeList(f) && knownFormat(f) {
		return fmt.Errorf("the %s writer keeps neither the direction nor the layers of ties: write an edge list", f)
	}
	switch f {
	case EdgeList, CSV, TSV:
		return writeEdgeList(w, g, opt.Threads, tableOf(f))
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
	case Binary:
		return writeBinary(w, g)
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
	hint := "; gml can hold any other label"
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
