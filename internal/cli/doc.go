// Package cli is the command-line framework of anonet: a tree of commands
// with GNU-style flags, help, "did you mean" for mistyped names, and shell
// completion, on the standard library alone.
//
// It exists so that the anonet binary links no package that needs cgo (the
// flag packages of the common frameworks import net, which links
// runtime/cgo whenever cgo is available), and so starts under tight
// address-space limits.
//
// A Command has a name and usage (Use), descriptions (Short, Long,
// Example), a check of its positional arguments (Args) and what it does
// (RunE). Flags() defines the flags of one command, PersistentFlags() those
// of a command and every command under it. Execute on the root parses the
// command line:
//
//   - --name=value and --name value; -n value, -nvalue and -n=value for a
//     one-letter shorthand; -abc for several shorthands that take no value
//     (the last may take one: -qk2);
//   - a flag that takes no value (BoolVar) is set by --name, or --name=false;
//   - flags may come before, between or after the positional arguments,
//     and before or after the command names; "--" ends the flags, and "-"
//     is a positional argument (by convention, standard input);
//   - errors are in words: "unknown flag --mesure (did you mean
//     --measure?)", "-k 2.5: want a whole number".
//
// Every command gets --help (-h); a root with subcommands gets the
// commands "help [command]" and "completion bash|zsh|fish|powershell",
// which prints a script that completes commands, flags and file names by
// asking the program itself (through a hidden command, __complete). A
// root with a Version gets --version.
//
// The names follow spf13/cobra and spf13/pflag, which anonet used before,
// and the help text has their layout.
package cli
