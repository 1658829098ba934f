package cli

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// demo is what a run of the demo program saw.
type demo struct {
	ran     string   // path of the command that ran
	args    []string // its positional arguments
	quiet   bool
	seed    int
	measure []string
	k       int
	pre     string // path of the command PersistentPreRunE saw
	changed bool   // --seed was given, as PersistentPreRunE saw it
}

// newDemo returns a program like anonet: persistent -q/--quiet and --seed,
// measure GRAPH (with a hidden --format), info GRAPH, and a hidden
// command; errors of the command line carry "(see ... --help)".
func newDemo(d *demo) *Command {
	root := &Command{
		Use:           "demo",
		Short:         "A demonstration",
		Long:          "demo shows how a program uses package cli.",
		Version:       "1.2.3",
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(cmd *Command, args []string) error {
			d.pre, d.changed = cmd.CommandPath(), cmd.Flags().Changed("seed")
			if d.seed < 0 {
				return errors.New("--seed must not be negative")
			}
			return nil
		},
	}
	root.PersistentFlags().BoolVarP(&d.quiet, "quiet", "q", false, "no progress")
	root.PersistentFlags().IntVar(&d.seed, "seed", 1, "seed of the generator")
	root.SetFlagErrorFunc(func(cmd *Command, err error) error {
		return fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())
	})
	run := func(cmd *Command, args []string) error {
		d.ran, d.args = cmd.CommandPath(), args
		return nil
	}
	one := func(cmd *Command, args []string) error {
		if len(args) != 1 {
			return fmt.Errorf("%s needs one GRAPH, got %d", cmd.CommandPath(), len(args))
		}
		return nil
	}
	measure := &Command{
		Use:     "measure GRAPH",
		Short:   "Find the unique nodes",
		Long:    "measure finds the unique nodes.\n",
		Example: "  demo measure karate\n  demo measure karate -k 3",
		Args:    one,
		RunE:    run,
	}
	measure.Flags().StringSliceVar(&d.measure, "measure", []string{"count"}, "anonymity measure")
	measure.Flags().IntVarP(&d.k, "k", "k", 2, "anonymity level")
	var format string
	measure.Flags().StringVar(&format, "format", "", "old name")
	measure.Flags().MarkHidden("format")
	info := &Command{Use: "info GRAPH", Aliases: []string{"summary"}, Short: "Summarise a network", Args: one, RunE: run}
	secret := &Command{Use: "secret", Short: "Not listed", Hidden: true, RunE: run}
	root.AddCommand(measure, info, secret)
	return root
}

// runDemo runs the demo program on args and returns what it saw, its
// output, its error output and its error.
func runDemo(args ...string) (*demo, string, string, error) {
	d := &demo{}
	root := newDemo(d)
	var out, errw strings.Builder
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errw)
	err := root.Execute()
	return d, out.String(), errw.String(), err
}

func TestExecute(t *testing.T) {
	tests := []struct {
		args    []string
		ran     string
		pos     []string
		quiet   bool
		seed    int
		k       int
		changed bool
	}{
		{[]string{"measure", "karate"}, "demo measure", []string{"karate"}, false, 1, 2, false},
		{[]string{"measure", "karate", "-k", "3"}, "demo measure", []string{"karate"}, false, 1, 3, false},
		{[]string{"-q", "measure", "karate"}, "demo measure", []string{"karate"}, true, 1, 2, false},
		{[]string{"--seed", "7", "measure", "-k3", "karate"}, "demo measure", []string{"karate"}, false, 7, 3, true},
		{[]string{"measure", "karate", "--seed=7", "-qk", "4"}, "demo measure", []string{"karate"}, true, 7, 4, true},
		{[]string{"-k", "3", "measure", "karate"}, "demo measure", []string{"karate"}, false, 1, 3, false}, // a command's flag before its name
		{[]string{"measure", "-"}, "demo measure", []string{"-"}, false, 1, 2, false},
		{[]string{"measure", "--", "-k"}, "demo measure", []string{"-k"}, false, 1, 2, false},
		{[]string{"info", "karate", "--seed", "3"}, "demo info", []string{"karate"}, false, 3, 2, true},
		{[]string{"summary", "karate"}, "demo info", []string{"karate"}, false, 1, 2, false},
		{[]string{"secret"}, "demo secret", nil, false, 1, 2, false},
	}
	for _, tc := range tests {
		d, out, errOut, err := runDemo(tc.args...)
		if err != nil || out != "" || errOut != "" {
			t.Errorf("%q: error %v, output %q, %q", tc.args, err, out, errOut)
			continue
		}
		if d.ran != tc.ran || !slices.Equal(d.args, tc.pos) || d.quiet != tc.quiet || d.seed != tc.seed ||
			d.k != tc.k || d.pre != tc.ran || d.changed != tc.changed {
			t.Errorf("%q: ran %q %q, quiet %v, seed %d, k %d, pre-run %q, seed changed %v", tc.args, d.ran, d.args, d.quiet, d.seed, d.k, d.pre, d.changed)
		}
	}
}

func TestExecuteErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"mesure", "karate"}, `unknown command "mesure" for "demo" (did you mean measure?)`},
		{[]string{"bogus"}, `unknown command "bogus" for "demo"`},
		{[]string{"--seed", "1", "bogus"}, `unknown command "bogus" for "demo"`},
		{[]string{"measure", "karate", "--mesure", "dk"}, "unknown flag --mesure (did you mean --measure?) (see demo measure --help)"},
		{[]string{"measure", "karate", "-k", "2.5"}, "-k 2.5: want a whole number (see demo measure --help)"},
		{[]string{"--bogus"}, "unknown flag --bogus (see demo --help)"},
		{[]string{"info", "karate", "-k", "3"}, "unknown flag -k (see demo info --help)"},
		{[]string{"measure", "--version"}, "unknown flag --version (see demo measure --help)"},
		{[]string{"measure"}, "demo measure needs one GRAPH, got 0"},
		{[]string{"measure", "karate", "--seed", "-1"}, "--seed must not be negative"},
		{[]string{"completion", "bash", "x"}, `demo completion bash takes no arguments, got ["x"] (see demo completion bash --help)`},
		{[]string{"completion", "tcsh"}, `unknown command "tcsh" for "demo completion"`},
	}
	for _, tc := range tests {
		_, out, errOut, err := runDemo(tc.args...)
		if err == nil || err.Error() != tc.want || out != "" || errOut != "" {
			t.Errorf("%q: error %v, output %q, %q; want error %q alone", tc.args, err, out, errOut, tc.want)
		}
	}
}

// TestSilence: without SilenceErrors and SilenceUsage, Execute prints the
// error and the usage on the error stream.
func TestSilence(t *testing.T) {
	root := newDemo(&demo{})
	root.SilenceErrors, root.SilenceUsage = false, false
	var out, errw strings.Builder
	root.SetArgs([]string{"info", "karate", "--bogus"})
	root.SetOut(&out)
	root.SetErr(&errw)
	if err := root.Execute(); err == nil {
		t.Fatal("no error")
	}
	want := "Error: unknown flag --bogus (see demo info --help)\nUsage:\n  demo info GRAPH [flags]\n\nAliases:\n  info, summary\n\n" +
		"Flags:\n  -h, --help   help for info\n\nGlobal Flags:\n  -q, --quiet      no progress\n      --seed int   seed of the generator (default 1)\n"
	if out.Len() != 0 || errw.String() != want {
		t.Errorf("output %q, error output\n%s\nwant\n%s", out.String(), errw.String(), want)
	}
}

const measureHelp = `measure finds the unique nodes.

Usage:
  demo measure GRAPH [flags]

Examples:
  demo measure karate
  demo measure karate -k 3

Flags:
  -h, --help              help for measure
  -k, --k int             anonymity level (default 2)
      --measure strings   anonymity measure (default [count])

Global Flags:
  -q, --quiet      no progress
      --seed int   seed of the generator (default 1)
`

const rootHelp = `demo shows how a program uses package cli.

Usage:
  demo [command]

Available Commands:
  completion  Generate the autocompletion script for the specified shell
  help        Help about any command
  info        Summarise a network
  measure     Find the unique nodes

Flags:
  -h, --help       help for demo
  -q, --quiet      no progress
      --seed int   seed of the generator (default 1)
  -v, --version    version for demo

Use "demo [command] --help" for more information about a command.
`

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"measure", "--help"}, measureHelp},
		{[]string{"measure", "-h"}, measureHelp},
		{[]string{"-h", "measure", "karate"}, measureHelp},
		{[]string{"measure", "karate", "--help", "-k", "3"}, measureHelp},
		{[]string{"help", "measure"}, measureHelp},
		{nil, rootHelp},
		{[]string{"--help"}, rootHelp},
		{[]string{"help"}, rootHelp},
		{[]string{"help", "bogus"}, "Unknown help topic [`bogus`]\n" + rootHelp[strings.Index(rootHelp, "Usage:"):]},
		{[]string{"--version"}, "demo version 1.2.3\n"},
		{[]string{"-v"}, "demo version 1.2.3\n"},
		{[]string{"help", "help"}, "Help provides help for any command in the application.\nSimply type demo help [path to command] for full details.\n\n" +
			"Usage:\n  demo help [command] [flags]\n\nFlags:\n  -h, --help   help for help\n\n" +
			"Global Flags:\n  -q, --quiet      no progress\n      --seed int   seed of the generator (default 1)\n"},
	}
	for _, tc := range tests {
		d, out, errOut, err := runDemo(tc.args...)
		if err != nil || out != tc.want || errOut != "" || d.ran != "" {
			t.Errorf("%q: error %v, ran %q, error output %q, output\n%s\nwant\n%s", tc.args, err, d.ran, errOut, out, tc.want)
		}
	}
	// The flags take part in help as their definitions say.
	if strings.Contains(measureHelp, "format") || strings.Contains(rootHelp, "secret") {
		t.Error("a hidden flag or command is in the help")
	}
}

func TestVersionTemplate(t *testing.T) {
	root := newDemo(&demo{})
	root.SetVersionTemplate("{{.Name}} {{.Version}} (built today)\n")
	var out strings.Builder
	root.SetArgs([]string{"--version"})
	root.SetOut(&out)
	if err := root.Execute(); err != nil || out.String() != "demo 1.2.3 (built today)\n" {
		t.Errorf("--version: %v, %q", err, out.String())
	}
}

// TestFlagUsages: the column of usages three spaces after the widest
// name, the kinds of value, and which defaults are shown.
func TestFlagUsages(t *testing.T) {
	fs, _ := newTestFlags()
	var seed uint64Flag = 1
	fs.Var(&seed, "seed", "the seed")
	want := "" +
		"      --alpha float           fraction (default 1)\n" +
		"      --classes               print the classes\n" +
		"  -d, --distance int          distance (default 1)\n" +
		"      --edges int             edges\n" +
		"      --from string           input format\n" +
		"  -k, --k int                 k (default 2)\n" +
		"      --measure strings       anonymity measure (default [count])\n" +
		"  -q, --quiet                 no progress\n" +
		"      --seed uint             the seed (default 1)\n" +
		"      --time-limit duration   time limit"
	if got := flagUsages(fs.sorted(func(fl *Flag) bool { return !fl.Hidden })); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	var s string
	var list []string
	fs.StringVar(&s, "layers", "keep", "layers")
	fs.StringSliceVar(&list, "known", nil, "attributes")
	want = "      --known strings   attributes\n      --layers string   layers (default \"keep\")"
	if got := flagUsages([]*Flag{fs.Lookup("known"), fs.Lookup("layers")}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestPersistentPreRun: the hook nearest to the command runs, and only it.
func TestPersistentPreRun(t *testing.T) {
	d := &demo{}
	root := newDemo(d)
	var ran []string
	group := &Command{Use: "group", Short: "A group", PersistentPreRunE: func(cmd *Command, args []string) error {
		ran = append(ran, "group:"+cmd.CommandPath())
		return nil
	}}
	group.AddCommand(&Command{Use: "leaf", Short: "A leaf", RunE: func(cmd *Command, args []string) error {
		ran = append(ran, "leaf")
		return nil
	}})
	root.AddCommand(group)
	root.SetArgs([]string{"group", "leaf"})
	if err := root.Execute(); err != nil || !slices.Equal(ran, []string{"group:demo group leaf", "leaf"}) || d.pre != "" {
		t.Errorf("error %v, ran %q, the root's hook saw %q", err, ran, d.pre)
	}
}

// uint64Flag is a Value of a type this package does not define.
type uint64Flag uint64

func (u *uint64Flag) String() string     { return fmt.Sprint(uint64(*u)) }
func (u *uint64Flag) Type() string       { return "uint64" }
func (u *uint64Flag) Set(v string) error { _, err := fmt.Sscan(v, (*uint64)(u)); return err }

// TestMain lets the completion tests run this test binary as the demo
// program.
func TestMain(m *testing.M) {
	if os.Getenv("CLI_TEST_DEMO") == "1" {
		root := newDemo(&demo{})
		root.SetArgs(os.Args[1:])
		if err := root.Execute(); err != nil {
			fmt.Fprintln(os.Stderr, "demo:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
