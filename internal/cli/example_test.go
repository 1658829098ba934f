package cli_test

import (
	"fmt"
	"os"

	"github.com/anonet-project/anonet/internal/cli"
)

// newTool returns a program with a global flag and one command.
func newTool() *cli.Command {
	var quiet bool
	var k int
	root := &cli.Command{Use: "tool", Short: "A tool", SilenceErrors: true, SilenceUsage: true}
	root.PersistentFlags().BoolVarP(&quiet, "quiet", "q", false, "print less")
	measure := &cli.Command{
		Use:   "measure GRAPH",
		Short: "Measure a network",
		Args: func(cmd *cli.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("%s needs one GRAPH", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cli.Command, args []string) error {
			fmt.Printf("measure %s: k = %d (given: %v), quiet = %v\n", args[0], k, cmd.Flags().Changed("k"), quiet)
			return nil
		},
	}
	measure.Flags().IntVarP(&k, "k", "k", 2, "anonymity level")
	root.AddCommand(measure)
	root.SetOut(os.Stdout)
	return root
}

// The program of newTool run on three command lines: flags after the
// positional argument, a misspelt flag, and a value that is not a whole
// number. Flags keep what a run gave them, so each run has a new tree.
func Example() {
	for _, args := range [][]string{
		{"measure", "karate", "-k", "3", "-q"},
		{"measure", "karate", "--kk", "3"},
		{"measure", "karate", "-k", "2.5"},
	} {
		root := newTool()
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			fmt.Println("error:", err)
		}
	}
	// Output:
	// measure karate: k = 3 (given: true), quiet = true
	// error: unknown flag --kk (did you mean --k?)
	// error: -k 2.5: want a whole number
}

// Help of a command: its usage, its own flags and the global ones.
func Example_help() {
	root := newTool()
	root.SetArgs([]string{"measure", "--help"})
	root.Execute()
	// Output:
	// Measure a network
	//
	// Usage:
	//   tool measure GRAPH [flags]
	//
	// Flags:
	//   -h, --help    help for measure
	//   -k, --k int   anonymity level (default 2)
	//
	// Global Flags:
	//   -q, --quiet   print less
}
