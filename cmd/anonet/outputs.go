package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

// outputSet is the set of files a command writes. Every path is checked
// when it is added, before any work is done (not an input, not named
// twice, a regular file or a new name in an existing directory); at the
// end, commit writes every output to a temporary file and renames them all
// into place only when all of them were written, so that a failure to
// write leaves no output at all. (The renames themselves come one after
// the other: if a rename fails after an earlier one succeeded, the earlier
// output stays.) A path of "-" is stdout, written after the files are
// complete and before they are renamed.
type outputSet struct {
	e      *env
	inputs []string
	items  []*outputItem
}

// outputItem is one requested output.
type outputItem struct {
	flag, path string
	target     string // the absolute file that will be replaced
	write      func(io.Writer) error
	pending    *graphio.PendingFile // created by stream or commit
}

// newOutputs returns an empty output set for a command reading inputs
// (empty names, of flags not given, are left out; "-" is stdin).
func (e *env) newOutputs(inputs ...string) *outputSet {
	s := &outputSet{e: e}
	for _, in := range inputs {
		if in != "" {
			s.inputs = append(s.inputs, in)
		}
	}
	return s
}

// stdinFile returns what stdin reads when it is a file (a redirection
// such as < in.edges), so that an output can be checked against it, or
// nil.
func (e *env) stdinFile() os.FileInfo {
	f, ok := e.stdin.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	return st
}

// add checks and records the output named by flag; an empty path is no
// output.
func (s *outputSet) add(flag, path string) error {
	if path == "" {
		return nil
	}
	it := &outputItem{flag: flag, path: path}
	if path == "-" {
		if s.stdoutItem() != nil {
			return usageErrorf("%s and %s both name stdout (-); only one output can go there", s.stdoutItem().flag, flag)
		}
		if s.e.json {
			return usageErrorf("%s - writes to stdout, where --json prints the result; give a file name or drop --json", flag)
		}
		s.items = append(s.items, it)
		return nil
	}
	target, err := checkOutput(path, s.e.stdinFile(), s.inputs...)
	if err != nil {
		return err
	}
	if it.target, err = filepath.Abs(target); err != nil {
		return inputError(fmt.Errorf("write %s: %w", path, err))
	}
	for _, o := range s.items {
		if o.target != "" && o.target == it.target {
			return usageErrorf("%s and %s name the same file %s", o.flag, flag, path)
		}
	}
	s.items = append(s.items, it)
	return nil
}

// item returns the output of flag, or nil if it was not requested.
func (s *outputSet) item(flag string) *outputItem {
	for _, it := range s.items {
		if it.flag == flag {
			return it
		}
	}
	return nil
}

// stdoutItem returns the output that goes to stdout, or nil.
func (s *outputSet) stdoutItem() *outputItem {
	for _, it := range s.items {
		if it.path == "-" {
			return it
		}
	}
	return nil
}

// wants reports whether the output of flag was requested.
func (s *outputSet) wants(flag string) bool { return s.item(flag) != nil }

// set gives the content of the output of flag, written by commit; it does
// nothing if that output was not requested or is streamed.
func (s *outputSet) set(flag string, write func(io.Writer) error) {
	if it := s.item(flag); it != nil && it.pending == nil {
		it.write = write
	}
}

// stream creates the temporary file of flag's output now, for content
// written while the work goes on; it returns nil if the output was not
// requested or goes to stdout (which then gets the content at commit:
// set it). The file appears under its name only at commit.
func (s *outputSet) stream(flag string) (*graphio.PendingFile, error) {
	it := s.item(flag)
	if it == nil || it.path == "-" {
		return nil, nil
	}
	p, err := s.e.temps.create(it.path)
	if err != nil {
		return nil, writeError(err)
	}
	it.pending = p
	return p, nil
}

// commit writes every output whose content was set (or streamed), then
// renames them all into place. On error nothing new is left behind
// (except what already went to stdout).
func (s *outputSet) commit() (err error) {
	defer func() {
		if err != nil {
			s.abort()
		}
	}()
	var toStdout *outputItem
	for _, it := range s.items {
		switch {
		case it.path == "-":
			toStdout = it
			continue
		case it.pending == nil && it.write == nil:
			continue
		case it.pending == nil:
			if it.pending, err = s.e.temps.create(it.path); err != nil {
				return writeError(err)
			}
		}
		if it.write != nil {
			if err := it.write(it.pending); err != nil {
				return writeError(fmt.Errorf("write %s: %w", it.path, err))
			}
		}
		if err := it.pending.Close(); err != nil {
			return writeError(err)
		}
	}
	if toStdout != nil && toStdout.write != nil {
		if err := toStdout.write(s.e.stdout); err != nil {
			return writeError(fmt.Errorf("write stdout: %w", err))
		}
	}
	for _, it := range s.items {
		if it.pending == nil {
			continue
		}
		if err := it.pending.Commit(); err != nil {
			return writeError(err)
		}
		s.e.temps.forget(it.pending)
		it.pending = nil
	}
	return nil
}

// abort removes every temporary file; no output is written.
func (s *outputSet) abort() {
	for _, it := range s.items {
		if it.pending != nil {
			it.pending.Abort()
			s.e.temps.forget(it.pending)
			it.pending = nil
		}
	}
}

// writeGraph writes g to w in format f, an edge list with --threads
// goroutines formatting (and compressing) it.
func (e *env) writeGraph(w io.Writer, g *graph.Graph, f graphio.Format) error {
	return graphio.WriteWith(w, g, graphio.WriteOptions{Format: f, Threads: e.threads})
}

// writeError gives an error of writing an output its exit status: 1 when
// the system failed (a full disk or quota, an I/O error, a read-only file
// system, a closed pipe), which is not bad input; 2 otherwise (a label the
// format cannot hold, a path that became a directory).
func writeError(err error) error {
	if we := (*graphio.WriteError)(nil); errors.As(err, &we) {
		return &exitError{code: exitInternal, err: err}
	}
	for _, sys := range []error{syscall.ENOSPC, syscall.EDQUOT, syscall.EIO, syscall.EROFS, syscall.EPIPE, syscall.EFBIG} {
		if errors.Is(err, sys) {
			return &exitError{code: exitInternal, err: err}
		}
	}
	return inputError(err)
}
