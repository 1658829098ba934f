package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
)

// minNamePadding is the least width of the command names in the list of
// commands.
const minNamePadding = 11

// writeHelp writes c's help to its output.
func (c *Command) writeHelp() error {
	_, err := io.WriteString(c.outWriter(), c.helpText())
	return err
}

// helpText is what --help prints: the long description, then the usage.
func (c *Command) helpText() string {
	var b strings.Builder
	desc := c.Long
	if desc == "" {
		desc = c.Short
	}
	if desc = strings.TrimRightFunc(desc, unicode.IsSpace); desc != "" {
		b.WriteString(desc + "\n\n")
	}
	if c.Runnable() || c.hasAvailableSubcommands() {
		b.WriteString(c.usage())
	}
	return b.String()
}

// usage returns the sections of c's help: usage line, aliases, examples,
// commands, flags and global flags.
func (c *Command) usage() string {
	var b strings.Builder
	b.WriteString("Usage:")
	if c.Runnable() {
		b.WriteString("\n  " + c.useLine())
	}
	subs := c.hasAvailableSubcommands()
	if subs {
		b.WriteString("\n  " + c.CommandPath() + " [command]")
	}
	if len(c.Aliases) > 0 {
		b.WriteString("\n\nAliases:\n  " + strings.Join(append([]string{c.Name()}, c.Aliases...), ", "))
	}
	if c.Example != "" {
		b.WriteString("\n\nExamples:\n" + c.Example)
	}
	if subs {
		b.WriteString("\n\nAvailable Commands:")
		width := minNamePadding
		for _, sub := range c.commands {
			if sub.available() {
				width = max(width, len(sub.Name()))
			}
		}
		for _, sub := range c.commands {
			if sub.available() {
				fmt.Fprintf(&b, "\n  %-*s %s", width, sub.Name(), sub.Short)
			}
		}
	}
	local := c.Flags().sorted(func(fl *Flag) bool { return !fl.Hidden && !c.inherited(fl) })
	if len(local) > 0 {
		b.WriteString("\n\nFlags:\n" + flagUsages(local))
	}
	global := c.Flags().sorted(func(fl *Flag) bool { return !fl.Hidden && c.inherited(fl) })
	if len(global) > 0 {
		b.WriteString("\n\nGlobal Flags:\n" + flagUsages(global))
	}
	if subs {
		fmt.Fprintf(&b, "\n\nUse \"%s [command] --help\" for more information about a command.", c.CommandPath())
	}
	b.WriteString("\n")
	return b.String()
}

// useLine is the usage line: the parent's path, Use, and "[flags]".
func (c *Command) useLine() string {
	line := c.Use
	if c.parent != nil {
		line = c.parent.CommandPath() + " " + line
	}
	if !strings.Contains(line, "[flags]") && slices.ContainsFunc(c.Flags().flags, func(fl *Flag) bool { return !fl.Hidden }) {
		line += " [flags]"
	}
	return line
}

// inherited reports whether fl is a persistent flag of a command above c
// (and not one of c's own).
func (c *Command) inherited(fl *Flag) bool {
	if c.pflags != nil && slices.Contains(c.pflags.flags, fl) {
		return false
	}
	for p := c.parent; p != nil; p = p.parent {
		if p.pflags != nil && slices.Contains(p.pflags.flags, fl) {
			return true
		}
	}
	return false
}

// flagUsages lists flags, one a line: the names and the kind of value,
// padded to one width, then the usage and any default other than the zero
// value. No line ends in a space, nor the list in a line break.
func flagUsages(flags []*Flag) string {
	names := make([]string, len(flags))
	width := 0
	for i, fl := range flags {
		s := "      --" + fl.Name
		if fl.Shorthand != "" {
			s = "  -" + fl.Shorthand + ", --" + fl.Name
		}
		if t := typeName(fl); t != "" {
			s += " " + t
		}
		names[i] = s
		width = max(width, len(s))
	}
	var b strings.Builder
	for i, fl := range flags {
		usage := fl.Usage
		if !zeroDefault(fl) {
			if fl.Value.Type() == "string" {
				usage += fmt.Sprintf(" (default %q)", fl.DefValue)
			} else {
				usage += fmt.Sprintf(" (default %s)", fl.DefValue)
			}
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRightFunc(fmt.Sprintf("%-*s   %s", width, names[i], usage), unicode.IsSpace))
	}
	return b.String()
}

// newHelpCommand returns the command "help [command]" of the program
// named prog, which prints the help of the command its arguments name.
func newHelpCommand(prog string) *Command {
	return &Command{
		isHelp: true,
		Use:    "help [command]",
		Short:  "Help about any command",
		Long: "Help provides help for any command in the application.\nSimply type " +
			prog + " help [path to command] for full details.",
		RunE: func(cmd *Command, args []string) error {
			root := cmd.Root()
			target, _, err := root.find(args)
			if err != nil {
				fmt.Fprintf(cmd.outWriter(), "Unknown help topic %#q\n", args)
				_, err = io.WriteString(cmd.outWriter(), root.usage())
				return err
			}
			return target.writeHelp()
		},
	}
}
