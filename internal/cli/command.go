package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// PositionalArgs checks the positional arguments of a command before it
// runs.
type PositionalArgs func(cmd *Command, args []string) error

// Command is a command, or a group of subcommands, of a command line.
// Build a tree with AddCommand and run it with Execute on the root.
type Command struct {
	// Use is the one-line usage: the command's name, then what follows it,
	// as "measure GRAPH". The first word is the name.
	Use string
	// Aliases are other names of the command.
	Aliases []string
	// Short is the description in the parent's list of commands; Long the
	// one that starts the command's help (Short when empty).
	Short, Long string
	// Example is shown verbatim under "Examples:" in help.
	Example string
	// Version, on the root, adds the flag --version (and -v when free),
	// which prints it (see SetVersionTemplate).
	Version string
	// Hidden leaves the command out of help and completion.
	Hidden bool
	// Args, if not nil, checks the positional arguments; without it a
	// command takes any.
	Args PositionalArgs
	// RunE runs the command with its positional arguments. A command
	// without RunE only groups subcommands, and prints its help.
	RunE func(cmd *Command, args []string) error
	// PersistentPreRunE runs before RunE of the command and of every
	// command under it (the nearest one on the way to the root runs).
	PersistentPreRunE func(cmd *Command, args []string) error
	// SilenceErrors keeps Execute from printing an error ("Error: ..." on
	// the error stream); SilenceUsage from printing the usage after it. On
	// any command, or one above it.
	SilenceErrors, SilenceUsage bool

	parent    *Command
	commands  []*Command
	flags     *FlagSet // local flags, and after prepare the inherited ones
	pflags    *FlagSet // persistent flags, given to the commands below
	args      []string
	argsSet   bool
	out, errw io.Writer
	version   string // version template
	flagError func(*Command, error) error
	prepared  bool
	help      bool // --help given
	showVer   bool // --version given
	isHelp    bool // the help command
}

// Name returns the command's name, the first word of Use.
func (c *Command) Name() string {
	name, _, _ := strings.Cut(strings.TrimSpace(c.Use), " ")
	return name
}

// Parent returns the command above c, or nil for the root.
func (c *Command) Parent() *Command { return c.parent }

// Root returns the command at the top of c's tree.
func (c *Command) Root() *Command {
	for c.parent != nil {
		c = c.parent
	}
	return c
}

// CommandPath returns the names from the root down to c, as "anonet
// measure".
func (c *Command) CommandPath() string {
	if c.parent == nil {
		return c.Name()
	}
	return c.parent.CommandPath() + " " + c.Name()
}

// Runnable reports whether c runs something (has RunE).
func (c *Command) Runnable() bool { return c.RunE != nil }

// AddCommand adds subcommands to c.
func (c *Command) AddCommand(cmds ...*Command) {
	for _, sub := range cmds {
		if sub == c || sub.parent != nil {
			panic(fmt.Sprintf("cli: %s: command %q added twice or to itself", c.Name(), sub.Name()))
		}
		sub.parent = c
		c.commands = append(c.commands, sub)
	}
}

// Flags returns the flags of c. Flags defined on it belong to c alone.
// While c runs it also holds the persistent flags of the commands above c,
// so that Changed and Lookup see every flag the command line may give.
func (c *Command) Flags() *FlagSet {
	if c.flags == nil {
		c.flags = NewFlagSet(c.Name())
	}
	return c.flags
}

// PersistentFlags returns the flags of c that are also flags of every
// command under it (help shows them there as "Global Flags").
func (c *Command) PersistentFlags() *FlagSet {
	if c.pflags == nil {
		c.pflags = NewFlagSet(c.Name())
	}
	return c.pflags
}

// SetArgs sets the command line Execute parses, without the program's
// name; by default it is os.Args[1:].
func (c *Command) SetArgs(args []string) { c.args, c.argsSet = args, true }

// SetOut sets where help, the version and completion scripts are written
// (default os.Stdout), for c and the commands under it.
func (c *Command) SetOut(w io.Writer) { c.out = w }

// SetErr sets where errors are written (default os.Stderr), for c and the
// commands under it.
func (c *Command) SetErr(w io.Writer) { c.errw = w }

// SetVersionTemplate sets what --version prints: the text, in which
// {{.Name}} and {{.Version}} stand for the command's name and Version.
// The default is "{{.Name}} version {{.Version}}\n".
func (c *Command) SetVersionTemplate(s string) { c.version = s }

// SetFlagErrorFunc sets the function that turns the errors in the use of
// the command line that this package finds (bad flags and values, and the
// arguments of the help and completion commands) into the error Execute
// returns, for c and the commands under it.
func (c *Command) SetFlagErrorFunc(f func(*Command, error) error) { c.flagError = f }

// outWriter returns where c writes help and results.
func (c *Command) outWriter() io.Writer {
	for p := c; p != nil; p = p.parent {
		if p.out != nil {
			return p.out
		}
	}
	return os.Stdout
}

// errWriter returns where c writes errors.
func (c *Command) errWriter() io.Writer {
	for p := c; p != nil; p = p.parent {
		if p.errw != nil {
			return p.errw
		}
	}
	return os.Stderr
}

// usageError passes err, a misuse of the command line, through the flag
// error function of c or the nearest command above it.
func (c *Command) usageError(err error) error {
	for p := c; p != nil; p = p.parent {
		if p.flagError != nil {
			return p.flagError(c, err)
		}
	}
	return err
}

// Execute runs the command line (see SetArgs) on the tree of c's root:
// it finds the command the arguments name, parses its flags, and runs it,
// or prints its help (--help, help COMMAND, or a command that only groups
// others), or the version (--version). The root also gets the commands
// help and completion (shell completion scripts) unless it has its own. It
// returns the error of the command, or of the command line; unless
// silenced it also prints it.
func (c *Command) Execute() error {
	root := c.Root()
	root.prepare()
	args := root.args
	if !root.argsSet {
		args = os.Args[1:]
	}
	if len(args) > 0 && (args[0] == completeCmd || args[0] == completeNoDescCmd) {
		return root.complete(args[1:], args[0] == completeNoDescCmd)
	}
	cmd, rest, err := root.find(args)
	if err == nil {
		err = cmd.execute(rest)
	}
	if err != nil {
		if !cmd.silenced(func(p *Command) bool { return p.SilenceErrors }) {
			fmt.Fprintln(cmd.errWriter(), "Error:", err)
		}
		if !cmd.silenced(func(p *Command) bool { return p.SilenceUsage }) {
			fmt.Fprint(cmd.errWriter(), cmd.usage())
		}
	}
	return err
}

// silenced reports whether is holds for c or a command above it.
func (c *Command) silenced(is func(*Command) bool) bool {
	for p := c; p != nil; p = p.parent {
		if is(p) {
			return true
		}
	}
	return false
}

// prepare readies the tree under c for a run: the help and completion
// commands, the flags --help and --version, the persistent flags merged
// into every command's flags, the commands in order of name.
func (c *Command) prepare() {
	if c.prepared {
		return
	}
	c.prepared = true
	if c.parent == nil && len(c.commands) > 0 {
		if c.subcommand("help") == nil {
			c.AddCommand(newHelpCommand(c.Name()))
		}
		if c.subcommand("completion") == nil {
			c.AddCommand(newCompletionCommand(c.Name()))
		}
	}
	fs := c.Flags()
	for p := c; p != nil; p = p.parent {
		for _, fl := range p.PersistentFlags().flags {
			if fs.Lookup(fl.Name) == nil {
				fs.add(fl)
			}
		}
	}
	if fs.Lookup("help") == nil {
		short := "h"
		if fs.shorthand(short) != nil {
			short = ""
		}
		fs.BoolVarP(&c.help, "help", short, false, "help for "+c.Name())
	}
	if c.Version != "" && fs.Lookup("version") == nil {
		short := "v"
		if fs.shorthand(short) != nil {
			short = ""
		}
		fs.BoolVarP(&c.showVer, "version", short, false, "version for "+c.Name())
	}
	slices.SortStableFunc(c.commands, func(a, b *Command) int { return strings.Compare(a.Name(), b.Name()) })
	for _, sub := range c.commands {
		sub.prepare()
	}
}

// subcommand returns the subcommand of c named (or aliased) name, or nil.
func (c *Command) subcommand(name string) *Command {
	for _, sub := range c.commands {
		if sub.Name() == name || slices.Contains(sub.Aliases, name) {
			return sub
		}
	}
	return nil
}

// find returns the command that args name under c, and args without the
// names of the commands. Flags may come before the names: a flag the
// command found so far does not know is taken to have a value unless
// given as --flag=value.
func (c *Command) find(args []string) (*Command, []string, error) {
	cmd := c
	for len(cmd.commands) > 0 {
		i := firstWord(args, cmd.Flags())
		if i < 0 {
			break
		}
		next := cmd.subcommand(args[i])
		if next == nil {
			if cmd.Runnable() {
				break
			}
			return cmd, args, cmd.unknownCommand(args[i])
		}
		args = append(args[:i:i], args[i+1:]...)
		cmd = next
	}
	return cmd, args, nil
}

// firstWord returns the index of the first argument in args that is
// neither a flag nor a flag's value, or -1.
func firstWord(args []string, fs *FlagSet) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return -1
		case len(a) < 2 || a[0] != '-':
			if a != "" && a != "-" {
				return i
			}
		case strings.Contains(a, "="):
		case a[1] == '-':
			if fl := fs.Lookup(a[2:]); fl == nil || !isBool(fl.Value) {
				i++
			}
		case len(a) == 2:
			if fl := fs.shorthand(a[1:]); fl == nil || !isBool(fl.Value) {
				i++
			}
		}
	}
	return -1
}

// unknownCommand is the error for a name that is none of c's commands.
func (c *Command) unknownCommand(name string) error {
	var names []string
	for _, sub := range c.commands {
		if sub.available() {
			names = append(names, sub.Name())
		}
	}
	msg := fmt.Sprintf("unknown command %q for %q", name, c.CommandPath())
	if near := suggest(name, names); len(near) > 0 {
		msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(near, " or "))
	}
	return fmt.Errorf("%s", msg)
}

// available reports whether c is listed in help: not hidden, and either
// runnable or a group of listed commands.
func (c *Command) available() bool {
	return !c.Hidden && (c.Runnable() || c.hasAvailableSubcommands())
}

// hasAvailableSubcommands reports whether some subcommand of c is listed.
func (c *Command) hasAvailableSubcommands() bool {
	for _, sub := range c.commands {
		if sub.available() {
			return true
		}
	}
	return false
}

// execute parses args, the command line less the command names, and runs
// c.
func (c *Command) execute(args []string) error {
	fs := c.Flags()
	if err := fs.Parse(args); err != nil {
		return c.usageError(err)
	}
	switch {
	case c.help:
		return c.writeHelp()
	case c.showVer:
		tmpl := c.Root().version
		if tmpl == "" {
			tmpl = "{{.Name}} version {{.Version}}\n"
		}
		_, err := io.WriteString(c.outWriter(), strings.NewReplacer("{{.Name}}", c.Name(), "{{.Version}}", c.Version).Replace(tmpl))
		return err
	case !c.Runnable():
		return c.writeHelp()
	}
	pos := fs.Args()
	if c.Args != nil {
		if err := c.Args(c, pos); err != nil {
			return err
		}
	}
	for p := c; p != nil; p = p.parent {
		if p.PersistentPreRunE != nil {
			if err := p.PersistentPreRunE(c, pos); err != nil {
				return err
			}
			break
		}
	}
	return c.RunE(c, pos)
}
