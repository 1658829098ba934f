package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK       = 0
	exitInternal = 1
	exitUsage    = 2
)

// exitError carries an error together with the exit status it calls for.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports bad usage or bad input (exit status 2).
func usageErrorf(format string, args ...any) error {
	return &exitError{exitUsage, fmt.Errorf(format, args...)}
}

// inputError marks err as caused by bad input (exit status 2).
func inputError(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{exitUsage, err}
}

// env is what every command needs: the output streams and the global flags.
type env struct {
	stdout, stderr io.Writer
	seed           uint64
	quiet          bool
	json           bool
	threads        int
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr}
	root := newRoot(e)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(stderr, "anonet: %v\n", err)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	if strings.HasPrefix(err.Error(), "unknown command") {
		return exitUsage // cobra's own usage error
	}
	return exitInternal
}

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "anonet",
		Short: "Measure and improve the structural anonymity of people in a network",
		Long: `anonet tells which nodes of a network can be re-identified from the network's
structure alone (their degree, the ties among their neighbours, the shape of
their neighbourhood), and alters the network until they cannot.

GRAPH arguments name a file (edge list, nauty, GraphML, GML, Pajek .net or
Matrix Market, optionally .gz) or a bundled network: ` + bundledList() + `.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if e.threads < 0 {
				return usageErrorf("--threads must be at least 1 (or 0 for all cores), got %d", e.threads)
			}
			if e.threads == 0 {
				e.threads = runtime.NumCPU()
			}
			return nil
		},
	}
	pf := root.PersistentFlags()
	pf.Uint64Var(&e.seed, "seed", 1, "seed of the random number generator")
	pf.BoolVar(&e.quiet, "quiet", false, "no progress or notes on stderr")
	pf.BoolVar(&e.json, "json", false, "print the result as JSON on stdout")
	pf.IntVar(&e.threads, "threads", 0, "worker goroutines (0: all cores)")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &exitError{exitUsage, fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
	})
	root.AddCommand(
		newInfoCmd(e),
		newMeasureCmd(e),
		newVerifyCmd(e),
		newAnonymizeCmd(e),
		newConvertCmd(e),
		newVersionCmd(e),
		newUtilityCmd(e), newGenerateCmd(e),
		newReportCmd(e),
	)
	return root
}

// exactArgs is cobra.ExactArgs with exit status 2 on failure.
func exactArgs(n int, names string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usageErrorf("%s needs %s, got %d argument(s) (see %s --help)", cmd.CommandPath(), names, len(args), cmd.CommandPath())
		}
		return nil
	}
}
