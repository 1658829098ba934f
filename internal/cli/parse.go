package cli

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Parse parses args against the set: it sets the flags given and keeps the
// other arguments, in order, for Args. It stops at the first error, which
// says what was wrong in words: an unknown flag (with the nearest names
// when one is close), a flag without its value, or a value its flag cannot
// take.
func (f *FlagSet) Parse(args []string) error {
	_, err := f.parse(args, false)
	return err
}

// parse is Parse. Leniently (for completion) it skips unknown flags and bad
// values, and returns the flag whose value is missing at the end of args
// instead of an error. Either way f.dashdash tells whether "--" ended the
// flags.
func (f *FlagSet) parse(args []string, lenient bool) (pending *Flag, err error) {
	f.args, f.dashdash = f.args[:0], false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.args, f.dashdash = append(f.args, args[i+1:]...), true
			return nil, nil
		case len(a) < 2 || a[0] != '-':
			f.args = append(f.args, a)
			continue
		}
		var used int
		if a[1] == '-' {
			used, pending, err = f.parseLong(a, args[i+1:])
		} else {
			used, pending, err = f.parseShort(a, args[i+1:])
		}
		if err != nil && !lenient {
			return nil, err
		}
		i += used
	}
	return pending, nil
}

// parseLong parses a, an argument starting with "--"; rest are the
// arguments after it. It returns how many of rest it used as a value and,
// when the value is missing, the flag that wanted it.
func (f *FlagSet) parseLong(a string, rest []string) (int, *Flag, error) {
	name, value, hasValue := strings.Cut(a[2:], "=")
	if name == "" || name[0] == '-' {
		return 0, nil, fmt.Errorf("bad flag syntax: %s", a)
	}
	fl := f.Lookup(name)
	if fl == nil {
		return 0, nil, f.unknown("--"+name, name)
	}
	switch {
	case hasValue:
		return 0, nil, set(fl, "--"+name, value, "=")
	case isBool(fl.Value):
		return 0, nil, set(fl, "--"+name, "true", "")
	case len(rest) > 0:
		return 1, nil, set(fl, "--"+name, rest[0], " ")
	}
	return 0, fl, fmt.Errorf("flag needs an argument: --%s", name)
}

// parseShort parses a, an argument such as -k, -k2, -k=2 or -qk 2 (a group
// of one-letter flags, the last of which may take a value).
func (f *FlagSet) parseShort(a string, rest []string) (int, *Flag, error) {
	group := a[1:]
	for j := 0; j < len(group); j++ {
		c := group[j]
		fl := (*Flag)(nil)
		if c < utf8.RuneSelf && c != '=' {
			fl = f.shorthand(group[j : j+1])
		}
		if fl == nil {
			if j == 0 {
				// -measure for --measure: suggest from the long names.
				return 0, nil, f.unknown(a, strings.SplitN(group, "=", 2)[0])
			}
			r, _ := utf8.DecodeRuneInString(group[j:])
			return 0, nil, fmt.Errorf("unknown flag -%c in %s", r, a)
		}
		shown := "-" + fl.Shorthand
		after := group[j+1:]
		switch {
		case strings.HasPrefix(after, "="):
			return 0, nil, set(fl, shown, after[1:], "=")
		case isBool(fl.Value):
			if err := set(fl, shown, "true", ""); err != nil {
				return 0, nil, err
			}
		case after != "":
			return 0, nil, set(fl, shown, after, " ")
		case len(rest) > 0:
			return 1, nil, set(fl, shown, rest[0], " ")
		default:
			return 0, fl, fmt.Errorf("flag needs an argument: %s", shown)
		}
	}
	return 0, nil, nil
}

// set gives fl the value v, given as shown (the flag as typed) followed by
// sep and v, and marks it changed.
func set(fl *Flag, shown, v, sep string) error {
	if err := fl.Value.Set(v); err != nil {
		return fmt.Errorf("%s%s%s: %w", shown, sep, quoteIfNeeded(v), err)
	}
	fl.Changed = true
	return nil
}

// quoteIfNeeded returns v as typed, or quoted when it is empty or holds
// spaces or characters a terminal would not show.
func quoteIfNeeded(v string) string {
	if v == "" || strings.ContainsFunc(v, func(r rune) bool { return r <= ' ' || r == '"' || !strconv.IsPrint(r) }) {
		return strconv.Quote(v)
	}
	return v
}

// unknown is the error for the unknown flag typed, with the visible flags
// whose names are nearest to name.
func (f *FlagSet) unknown(typed, name string) error {
	var names []string
	for _, fl := range f.flags {
		if !fl.Hidden {
			names = append(names, fl.Name)
		}
	}
	near := suggest(name, names)
	if len(near) == 0 {
		return fmt.Errorf("unknown flag %s", typed)
	}
	for i := range near {
		near[i] = "--" + near[i]
	}
	return fmt.Errorf("unknown flag %s (did you mean %s?)", typed, strings.Join(near, " or "))
}
