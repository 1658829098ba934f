package cli

import (
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// The values of the flags that FlagSet's methods define. Their Set errors
// say what is wanted, in words; the parser puts the flag and the value
// given in front.

type stringValue string

func (s *stringValue) String() string     { return string(*s) }
func (s *stringValue) Type() string       { return "string" }
func (s *stringValue) Set(v string) error { *s = stringValue(v); return nil }

type boolValue bool

func (b *boolValue) String() string   { return strconv.FormatBool(bool(*b)) }
func (b *boolValue) Type() string     { return "bool" }
func (b *boolValue) IsBoolFlag() bool { return true }

func (b *boolValue) Set(v string) error {
	x, err := strconv.ParseBool(v)
	if err != nil {
		return errors.New("want true or false")
	}
	*b = boolValue(x)
	return nil
}

type intValue int

func (i *intValue) String() string { return strconv.Itoa(int(*i)) }
func (i *intValue) Type() string   { return "int" }

func (i *intValue) Set(v string) error {
	x, err := parseInt(v, strconv.IntSize, math.MinInt, math.MaxInt)
	if err != nil {
		return err
	}
	*i = intValue(x)
	return nil
}

type int64Value int64

func (i *int64Value) String() string { return strconv.FormatInt(int64(*i), 10) }
func (i *int64Value) Type() string   { return "int64" }

func (i *int64Value) Set(v string) error {
	x, err := parseInt(v, 64, math.MinInt64, math.MaxInt64)
	if err != nil {
		return err
	}
	*i = int64Value(x)
	return nil
}

// parseInt reads a whole number of the given bit size (in decimal, or with
// a 0x, 0o or 0b prefix), with an error in words.
func parseInt(v string, bits int, lo, hi int64) (int64, error) {
	x, err := strconv.ParseInt(v, 0, bits)
	if errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("want a whole number from %d to %d", lo, hi)
	}
	if err != nil {
		return 0, errors.New("want a whole number")
	}
	return x, nil
}

type float64Value float64

func (f *float64Value) String() string { return strconv.FormatFloat(float64(*f), 'g', -1, 64) }
func (f *float64Value) Type() string   { return "float64" }

func (f *float64Value) Set(v string) error {
	x, err := strconv.ParseFloat(v, 64)
	if errors.Is(err, strconv.ErrRange) {
		return errors.New("want a number of at most about 1.8e308 in size")
	}
	if err != nil {
		return errors.New("want a number")
	}
	*f = float64Value(x)
	return nil
}

type durationValue time.Duration

func (d *durationValue) String() string { return time.Duration(*d).String() }
func (d *durationValue) Type() string   { return "duration" }

func (d *durationValue) Set(v string) error {
	x, err := time.ParseDuration(v)
	if err != nil {
		return errors.New("want a duration such as 90s, 5m or 1h30m")
	}
	*d = durationValue(x)
	return nil
}

// stringSliceValue is a list given as comma-separated values, or by
// repeating the flag.
type stringSliceValue struct {
	p   *[]string
	set bool // Set was called: the default is gone
}

func (s *stringSliceValue) Type() string { return "stringSlice" }

func (s *stringSliceValue) String() string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write(*s.p)
	w.Flush()
	return "[" + strings.TrimSuffix(b.String(), "\n") + "]"
}

func (s *stringSliceValue) Set(v string) error {
	var vals []string
	if v != "" {
		r := csv.NewReader(strings.NewReader(v))
		var err error
		if vals, err = r.Read(); err != nil {
			return errors.New(`want values separated by commas (quote a value that holds a comma: "a,b")`)
		}
	}
	if s.set {
		*s.p = append(*s.p, vals...)
	} else {
		*s.p = vals
		s.set = true
	}
	return nil
}

// zeroDefault reports whether fl's default is its type's zero value, which
// help does not show.
func zeroDefault(fl *Flag) bool {
	switch fl.Value.(type) {
	case *boolValue:
		return fl.DefValue == "false"
	case *intValue, *int64Value, *float64Value:
		return fl.DefValue == "0"
	case *durationValue:
		return fl.DefValue == "0s"
	case *stringValue:
		return fl.DefValue == ""
	case *stringSliceValue:
		return fl.DefValue == "[]"
	}
	switch fl.DefValue {
	case "", "0", "false", "<nil>", "[]":
		return true
	}
	return false
}

// typeName returns the word help shows after a flag for the kind of value
// it takes: "" for flags that take none.
func typeName(fl *Flag) string {
	if isBool(fl.Value) {
		return ""
	}
	switch t := fl.Value.Type(); t {
	case "float64":
		return "float"
	case "int64":
		return "int"
	case "uint64":
		return "uint"
	case "stringSlice":
		return "strings"
	default:
		return t
	}
}
