package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/graphio"
)

func main() {
	journal, worker := startWorker()
	if !worker {
		if code, ok := supervise(os.Stderr); ok {
			os.Exit(code)
		}
	}
	os.Exit(runIO(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, &process{journal: journal}))
}

// process is what main gives runIO beyond the standard streams.
type process struct {
	// journal, if not nil, gets the names of the temporary files created
	// and settled (see tempFiles), for the supervisor.
	journal io.Writer
}

// Exit statuses.
const (
	exitOK       = 0
	exitInternal = 1
	exitUsage    = 2
)

// exitError carries an error together with the exit status it calls for.
type exitError struct {
	code     int
	err      error
	reported bool // the JSON result on stdout already holds the error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports bad usage or bad input (exit status 2).
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// inputError marks err as caused by bad input (exit status 2).
func inputError(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitUsage, err: err}
}

// env is what every command needs: the output streams and the global flags.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	temps          tempFiles  // temporary files of pending outputs
	intr           interrupts // what a signal does
	seed           uint64
	quiet          bool
	json           bool
	threads        int
	read           graphio.ReadOptions // from the reading flags
	// bundledRead returns a bundled network's reading options with the
	// reading flags given on the command line applied over them.
	bundledRead func(base graphio.ReadOptions) graphio.ReadOptions
	// restoreGC puts back the garbage collector's setting that tightenGC
	// changed, or is nil.
	restoreGC func()
	// leanShapedFrom is the size from which the default may take the lean
	// path where its usual path fits too; 0 stands for leanShapedEdges
	// (tests lower it).
	leanShapedFrom int64
}

// run executes the command line args with an empty stdin and returns the
// exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return runIO(args, strings.NewReader(""), stdout, stderr, nil)
}

// runIO executes the command line args and returns the exit status. With a
// process (main's), SIGINT and SIGTERM are handled (see interrupts); tests
// pass nil.
func runIO(args []string, stdin io.Reader, stdout, stderr io.Writer, proc *process) int {
	return newEnv(stdin, stdout, stderr).run(args, proc)
}

// newEnv returns the environment of a command line that reads stdin and
// writes stdout and stderr, with its defaults.
func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	return &env{stdin: stdin, stdout: stdout, stderr: stderr}
}

// run executes the command line args in e and returns the exit status; a
// process is as for runIO.
func (e *env) run(args []string, proc *process) int {
	e.intr.ctx, e.intr.cancel = context.WithCancel(context.Background())
	defer e.intr.cancel()
	defer func() {
		if e.restoreGC != nil {
			e.restoreGC()
		}
	}()
	if proc != nil {
		e.temps.journal = proc.journal
		e.watchSignals()
	}
	root := newRoot(e)
	root.SetArgs(args)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(e.stderr, "anonet: %v\n", err)
	code := exitInternal
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	} else if strings.HasPrefix(err.Error(), "unknown command") {
		code = exitUsage // the command-line framework's own usage error
	}
	if e.json && (ee == nil || !ee.reported) {
		writeJSON(e.stdout, map[string]any{"error": err.Error(), "exit": code})
	}
	return code
}

func newRoot(e *env) *cli.Command {
	var rf readFlags
	root := &cli.Command{
		Use:   "anonet",
		Short: "Measure and improve the structural anonymity of people in a network",
		Long: `anonet tells which nodes of a network can be re-identified from the network's
structure alone (their degree, the ties among their neighbours, the shape of
their neighbourhood), and alters the network until they cannot.

GRAPH arguments name a file (edge list, nauty, GraphML, GML, Pajek .net or
Matrix Market, optionally .gz) or a bundled network: ` + bundledList() + `.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cli.Command, args []string) error {
			if e.threads < 0 {
				return usageErrorf("--threads must be at least 1 (or 0 for all cores), got %d", e.threads)
			}
			if e.threads == 0 {
				e.threads = runtime.NumCPU()
			}
			if err := checkOneFormat(cmd); err != nil {
				return err
			}
			var err error
			e.read, err = rf.options()
			e.read.Threads = e.threads // reading edge lists, too
			flags := cmd.Flags()
			e.bundledRead = func(base graphio.ReadOptions) graphio.ReadOptions {
				return rf.onto(base, e.read, flags.Changed)
			}
			return err
		},
	}
	pf := root.PersistentFlags()
	e.seed = 1
	pf.Var((*seedValue)(&e.seed), "seed", "seed of the random number generator, 0 to 2^64-1")
	pf.BoolVarP(&e.quiet, "quiet", "q", false, "no progress or notes on stderr")
	pf.BoolVar(&e.json, "json", false, "print the result as JSON on stdout")
	pf.IntVar(&e.threads, "threads", 0, "worker goroutines, reading edge lists included (0: all cores)")
	rf.register(pf)
	root.SetVersionTemplate(versionLine() + "\n")
	root.SetFlagErrorFunc(func(cmd *cli.Command, err error) error {
		return &exitError{code: exitUsage, err: fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
	})
	root.AddCommand(
		newInfoCmd(e),
		newMeasureCmd(e),
		newVerifyCmd(e),
		newAnonymizeCmd(e),
		newConvertCmd(e),
		newVersionCmd(e),
		newUtilityCmd(e), newGenerateCmd(e),
		newAttackCmd(e),
		newReportCmd(e),
	)
	return root
}

// exactArgs checks that a command has n positional arguments, with exit
// status 2 on failure.
func exactArgs(n int, names string) cli.PositionalArgs {
	return func(cmd *cli.Command, args []string) error {
		if len(args) != n {
			return usageErrorf("%s needs %s, got %d argument(s) (see %s --help)", cmd.CommandPath(), names, len(args), cmd.CommandPath())
		}
		return nil
	}
}

// seedValue is the --seed flag: a uint64 whose errors speak of the flag.
type seedValue uint64

func (s *seedValue) String() string { return strconv.FormatUint(uint64(*s), 10) }
func (s *seedValue) Type() string   { return "uint64" }

func (s *seedValue) Set(v string) error {
	x, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
	if err != nil {
		return errors.New("want a whole number from 0 to 18446744073709551615")
	}
	*s = seedValue(x)
	return nil
}
