package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/measure"
)

func bundledList() string { return strings.Join(examples.Names(), ", ") }

// input is a graph read for a command, with what reading it found.
type input struct {
	name    string // as given on the command line
	bundled bool   // a bundled network, not a file
	format  graphio.Format
	g       *graph.Graph
	report  *graphio.Report
}

// readGraph reads the graph named by arg: a file if one exists at that path,
// otherwise a bundled network of that name. format, if not empty, overrides
// the format inferred from the file name.
func (e *env) readGraph(arg, format string) (*input, error) {
	var f graphio.Format
	if format != "" {
		var err error
		if f, err = graphio.ParseFormat(format); err != nil {
			return nil, inputError(err)
		}
	}
	if arg == "-" {
		return e.readStdin(f)
	}
	if _, err := os.Stat(arg); err != nil && errors.Is(err, fs.ErrNotExist) && examples.Has(arg) {
		g, rep, err := examples.ReadWith(arg, e.bundledRead(examples.Options(arg)))
		if err != nil {
			// A bundled file is sound: what fails is what the flags
			// asked of it (a delimiter, a layer column it lacks).
			return nil, readError(err)
		}
		bf, _ := examples.Format(arg)
		return &input{name: arg, bundled: true, format: bf, g: g, report: rep}, nil
	} else if err != nil && errors.Is(err, fs.ErrNotExist) {
		return nil, inputError(fmt.Errorf("read %s: no such file (nor a bundled network of that name; bundled: %s)", arg, bundledList()))
	}
	opt := e.read
	opt.Format = f
	g, rep, err := graphio.ReadFile(arg, opt)
	if err != nil {
		return nil, readError(err)
	}
	return e.loaded(arg, g, rep), nil
}

// readStdin reads a graph from stdin, an edge list unless the format f
// says otherwise (there is no file name to tell it from).
func (e *env) readStdin(f graphio.Format) (*input, error) {
	if f == "" {
		f = graphio.EdgeList
	}
	opt := e.read
	opt.Format = f
	g, rep, err := graphio.Read(e.stdin, "stdin", opt)
	if err != nil {
		return nil, readError(err)
	}
	return e.loaded("stdin", g, rep), nil
}

// loaded notes what was read and returns it as an input.
func (e *env) loaded(name string, g *graph.Graph, rep *graphio.Report) *input {
	e.notef("read %s: %d nodes, %d edges", name, g.NumNodes(), g.NumEdges())
	for _, n := range rep.Notes() {
		e.notef("  %s", n)
	}
	e.tightenGC(g.NumEdges())
	return &input{name: name, format: rep.Format, g: g, report: rep}
}

// notef writes a note for people to stderr, unless --quiet.
func (e *env) notef(format string, args ...any) {
	if e.quiet {
		return
	}
	fmt.Fprintf(e.stderr, format+"\n", args...)
}

// checkOutput rejects an output path that would overwrite an input file
// (stdin, when it reads a file, for an input "-"), or anything but a
// regular file or a new name in an existing directory, and returns the
// file that will be replaced (a symlink followed).
func checkOutput(out string, stdin os.FileInfo, inputs ...string) (string, error) {
	if out == "" {
		return "", usageErrorf("no output file given")
	}
	target, err := graphio.CheckOutputPath(out)
	if err != nil {
		return "", inputError(err)
	}
	ost, err := os.Stat(out)
	if err != nil {
		// A new file: compare cleaned absolute paths.
		ao, _ := filepath.Abs(out)
		for _, in := range inputs {
			if ai, _ := filepath.Abs(in); ai == ao {
				return "", usageErrorf("output %s is the input file; anonet never overwrites its input", out)
			}
		}
		return target, nil
	}
	if ost.IsDir() {
		return "", usageErrorf("output %s is a directory", out)
	}
	for _, in := range inputs {
		if in == "-" {
			if stdin != nil && os.SameFile(stdin, ost) {
				return "", usageErrorf("output %s is the file stdin reads; anonet never overwrites its input", out)
			}
			continue
		}
		if ist, err := os.Stat(in); err == nil && os.SameFile(ist, ost) {
			return "", usageErrorf("output %s is the input file %s; anonet never overwrites its input", out, in)
		}
	}
	return target, nil
}

// readError gives a reading error its exit status: 2 for bad input, but 1
// when the input is fine and memory is short (never "bad input").
func readError(err error) error {
	if errors.Is(err, graphio.ErrNotEnoughMemory) {
		return &exitError{code: exitInternal, err: err}
	}
	return inputError(err)
}

// readPair reads the two graphs named by args[0] and args[1] (an original
// and its release), both in format if it is not empty.
func (e *env) readPair(args []string, format string) (*input, *input, error) {
	a, err := e.readGraph(args[0], format)
	if err != nil {
		return nil, nil, err
	}
	b, err := e.readGraph(args[1], format)
	if err != nil {
		return nil, nil, err
	}
	return a, b, nil
}

// readToMeasure reads the graph to measure, refuses it up front if
// measuring it would not fit in memory, and refines the measures by the
// attributes of f (measure and verify).
func (e *env) readToMeasure(arg, format string, f *attributeFlags, ms []measure.Measure) (*input, []measure.Measure, *attribute.Table, error) {
	in, err := e.readGraph(arg, format)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := checkFits("measuring", in.g, measureBytesPerEdge, measureBytesPerNode); err != nil {
		return nil, nil, nil, err
	}
	ms, attrs, err := e.refine(f, ms, in)
	if err != nil {
		return nil, nil, nil, err
	}
	return in, ms, attrs, nil
}
