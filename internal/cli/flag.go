package cli

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Value is the value of a flag. Set parses a value given on the command
// line (it is called once for every time the flag is given), String shows
// the current value (its value at definition is the default shown by help),
// and Type names the kind of value for help, as in "--seed uint".
//
// A Value that also has a method IsBoolFlag() bool returning true takes no
// argument: --flag sets it to "true", --flag=false to "false".
type Value interface {
	String() string
	Set(string) error
	Type() string
}

// boolFlag is a Value that needs no argument.
type boolFlag interface {
	Value
	IsBoolFlag() bool
}

// isBool reports whether v takes no argument.
func isBool(v Value) bool {
	b, ok := v.(boolFlag)
	return ok && b.IsBoolFlag()
}

// Flag is one flag of a FlagSet.
type Flag struct {
	Name      string // long name, used as --Name
	Shorthand string // one ASCII character used as -S, or ""
	Usage     string // one-line help
	Value     Value
	DefValue  string // the default value, as text
	Changed   bool   // the flag was given on the command line
	Hidden    bool   // left out of help and completion
}

// FlagSet is a set of flags and the parser of the command line against
// them, in the GNU style: --name=value, --name value, -s value, -svalue,
// -s=value, several one-letter flags that take no value grouped (-qv),
// flags anywhere among the positional arguments, and "--" to end the
// flags. A lone "-" is a positional argument.
type FlagSet struct {
	name     string
	flags    []*Flag // in the order of definition
	args     []string
	dashdash bool // "--" ended the flags of the last parse
}

// NewFlagSet returns an empty flag set whose errors and help name name.
func NewFlagSet(name string) *FlagSet {
	return &FlagSet{name: name}
}

// Lookup returns the flag named name, or nil.
func (f *FlagSet) Lookup(name string) *Flag {
	for _, fl := range f.flags {
		if fl.Name == name {
			return fl
		}
	}
	return nil
}

// shorthand returns the flag whose shorthand is s, or nil.
func (f *FlagSet) shorthand(s string) *Flag {
	for _, fl := range f.flags {
		if fl.Shorthand == s {
			return fl
		}
	}
	return nil
}

// Changed reports whether the flag named name was given on the command
// line. It is false for a flag that does not exist.
func (f *FlagSet) Changed(name string) bool {
	fl := f.Lookup(name)
	return fl != nil && fl.Changed
}

// MarkHidden leaves the flag named name out of help and completion; it
// still works.
func (f *FlagSet) MarkHidden(name string) error {
	fl := f.Lookup(name)
	if fl == nil {
		return fmt.Errorf("no flag --%s in %s", name, f.name)
	}
	fl.Hidden = true
	return nil
}

// Args returns the positional arguments left by the last Parse.
func (f *FlagSet) Args() []string { return f.args }

// Var defines a flag with the given name and usage, whose value is value.
func (f *FlagSet) Var(value Value, name, usage string) {
	f.VarP(value, name, "", usage)
}

// VarP is Var with a one-letter shorthand.
func (f *FlagSet) VarP(value Value, name, shorthand, usage string) {
	f.add(&Flag{Name: name, Shorthand: shorthand, Usage: usage, Value: value, DefValue: value.String()})
}

// add adds fl to the set. Defining a name or shorthand twice is a mistake
// in the program, not in its input, and panics.
func (f *FlagSet) add(fl *Flag) {
	if fl.Name == "" || strings.HasPrefix(fl.Name, "-") || strings.Contains(fl.Name, "=") {
		panic(fmt.Sprintf("cli: %s: bad flag name %q", f.name, fl.Name))
	}
	if f.Lookup(fl.Name) != nil {
		panic(fmt.Sprintf("cli: %s: flag --%s defined twice", f.name, fl.Name))
	}
	if s := fl.Shorthand; s != "" {
		if len(s) != 1 || s[0] == '-' || s[0] == '=' || s[0] >= 0x80 {
			panic(fmt.Sprintf("cli: %s: shorthand %q of --%s is not one ASCII character", f.name, s, fl.Name))
		}
		if other := f.shorthand(s); other != nil {
			panic(fmt.Sprintf("cli: %s: shorthand -%s of --%s is taken by --%s", f.name, s, fl.Name, other.Name))
		}
	}
	f.flags = append(f.flags, fl)
}

// sorted returns the flags that keep returns true for, by name.
func (f *FlagSet) sorted(keep func(*Flag) bool) []*Flag {
	var out []*Flag
	for _, fl := range f.flags {
		if keep(fl) {
			out = append(out, fl)
		}
	}
	slices.SortFunc(out, func(a, b *Flag) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// StringVar defines a string flag.
func (f *FlagSet) StringVar(p *string, name, value, usage string) {
	f.StringVarP(p, name, "", value, usage)
}

// StringVarP defines a string flag with a shorthand.
func (f *FlagSet) StringVarP(p *string, name, shorthand, value, usage string) {
	*p = value
	f.VarP((*stringValue)(p), name, shorthand, usage)
}

// BoolVar defines a flag that takes no value: --name sets *p to true.
func (f *FlagSet) BoolVar(p *bool, name string, value bool, usage string) {
	f.BoolVarP(p, name, "", value, usage)
}

// BoolVarP defines a bool flag with a shorthand.
func (f *FlagSet) BoolVarP(p *bool, name, shorthand string, value bool, usage string) {
	*p = value
	f.VarP((*boolValue)(p), name, shorthand, usage)
}

// IntVar defines an int flag.
func (f *FlagSet) IntVar(p *int, name string, value int, usage string) {
	f.IntVarP(p, name, "", value, usage)
}

// IntVarP defines an int flag with a shorthand.
func (f *FlagSet) IntVarP(p *int, name, shorthand string, value int, usage string) {
	*p = value
	f.VarP((*intValue)(p), name, shorthand, usage)
}

// Int64Var defines an int64 flag.
func (f *FlagSet) Int64Var(p *int64, name string, value int64, usage string) {
	*p = value
	f.Var((*int64Value)(p), name, usage)
}

// Float64Var defines a float64 flag.
func (f *FlagSet) Float64Var(p *float64, name string, value float64, usage string) {
	*p = value
	f.Var((*float64Value)(p), name, usage)
}

// DurationVar defines a time.Duration flag, given as time.ParseDuration
// reads it (30s, 5m, 1h30m).
func (f *FlagSet) DurationVar(p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	f.Var((*durationValue)(p), name, usage)
}

// StringSliceVar defines a list flag: its values are comma-separated (with
// CSV quoting), and giving it again appends to the list; the first time it
// is given replaces the default.
func (f *FlagSet) StringSliceVar(p *[]string, name string, value []string, usage string) {
	*p = slices.Clone(value)
	f.Var(&stringSliceValue{p: p}, name, usage)
}
