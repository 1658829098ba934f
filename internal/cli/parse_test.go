package cli

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// testFlags holds the values of the flags of newTestFlags.
type testFlags struct {
	measure        []string
	d, k           int
	edges          int64
	classes, quiet bool
	alpha          float64
	limit          time.Duration
	from, format   string
}

// newTestFlags returns a flag set of every kind, as a command defines
// them: --measure (list, default count), -d/--distance, -k/--k, --edges,
// --classes, -q/--quiet, --alpha, --time-limit, --from, hidden --format.
func newTestFlags() (*FlagSet, *testFlags) {
	v := &testFlags{}
	fs := NewFlagSet("test")
	fs.StringSliceVar(&v.measure, "measure", []string{"count"}, "anonymity measure")
	fs.IntVarP(&v.d, "distance", "d", 1, "distance")
	fs.IntVarP(&v.k, "k", "k", 2, "k")
	fs.Int64Var(&v.edges, "edges", 0, "edges")
	fs.BoolVar(&v.classes, "classes", false, "print the classes")
	fs.BoolVarP(&v.quiet, "quiet", "q", false, "no progress")
	fs.Float64Var(&v.alpha, "alpha", 1, "fraction")
	fs.DurationVar(&v.limit, "time-limit", 0, "time limit")
	fs.StringVar(&v.from, "from", "", "input format")
	fs.StringVar(&v.format, "format", "", "old name of --from")
	fs.MarkHidden("format")
	return fs, v
}

func TestParse(t *testing.T) {
	type want struct {
		pos     []string
		measure []string
		d, k    int
		classes bool
		quiet   bool
		alpha   float64
		limit   time.Duration
		from    string
		format  string
		edges   int64
	}
	def := want{measure: []string{"count"}, d: 1, k: 2, alpha: 1}
	with := func(f func(*want)) want {
		w := def
		w.measure = slices.Clone(def.measure)
		f(&w)
		return w
	}
	tests := []struct {
		name string
		args []string
		want want
	}{
		{"nothing", nil, def},
		{"positional only", []string{"a", "b"}, with(func(w *want) { w.pos = []string{"a", "b"} })},
		{"interspersed", []string{"g", "--measure", "dk", "x", "-d", "2"}, with(func(w *want) { w.pos, w.measure, w.d = []string{"g", "x"}, []string{"dk"}, 2 })},
		{"flags first", []string{"--measure", "dk", "g"}, with(func(w *want) { w.pos, w.measure = []string{"g"}, []string{"dk"} })},
		{"long =", []string{"--k=3", "--from=gml"}, with(func(w *want) { w.k, w.from = 3, "gml" })},
		{"long space", []string{"--k", "3"}, with(func(w *want) { w.k = 3 })},
		{"short space", []string{"-k", "3"}, with(func(w *want) { w.k = 3 })},
		{"short attached", []string{"-k3"}, with(func(w *want) { w.k = 3 })},
		{"short =", []string{"-k=3"}, with(func(w *want) { w.k = 3 })},
		{"bool", []string{"--classes", "g"}, with(func(w *want) { w.classes, w.pos = true, []string{"g"} })},
		{"bool =true", []string{"--classes=true"}, with(func(w *want) { w.classes = true })},
		{"bool =false", []string{"--classes", "--classes=false"}, def},
		{"bool takes no next arg", []string{"--classes", "false"}, with(func(w *want) { w.classes, w.pos = true, []string{"false"} })},
		{"short bool", []string{"-q"}, with(func(w *want) { w.quiet = true })},
		{"short bool =false", []string{"-q=false"}, def},
		{"group with value", []string{"-qk3"}, with(func(w *want) { w.quiet, w.k = true, 3 })},
		{"group, value next", []string{"-qk", "3"}, with(func(w *want) { w.quiet, w.k = true, 3 })},
		{"group, value =", []string{"-qd=4"}, with(func(w *want) { w.quiet, w.d = true, 4 })},
		{"value starting with -", []string{"-k", "-1", "--alpha", "-0.5"}, with(func(w *want) { w.k, w.alpha = -1, -0.5 })},
		{"stdin", []string{"-", "-k", "4"}, with(func(w *want) { w.pos, w.k = []string{"-"}, 4 })},
		{"empty positional", []string{""}, with(func(w *want) { w.pos = []string{""} })},
		{"-- ends flags", []string{"-k", "3", "--", "--classes", "-q", "--"}, with(func(w *want) { w.k, w.pos = 3, []string{"--classes", "-q", "--"} })},
		{"list, comma", []string{"--measure", "degree,count,dk"}, with(func(w *want) { w.measure = []string{"degree", "count", "dk"} })},
		{"list, repeated", []string{"--measure", "dk", "--measure=vrq,hybrid"}, with(func(w *want) { w.measure = []string{"dk", "vrq", "hybrid"} })},
		{"list, quoted", []string{"--measure", `"a,b",c`}, with(func(w *want) { w.measure = []string{"a,b", "c"} })},
		{"list, empty", []string{"--measure="}, with(func(w *want) { w.measure = nil })},
		{"hex int", []string{"-k", "0x10"}, with(func(w *want) { w.k = 16 })},
		{"int64", []string{"--edges", "1420000000000"}, with(func(w *want) { w.edges = 1420000000000 })},
		{"duration", []string{"--time-limit", "1h30m"}, with(func(w *want) { w.limit = 90 * time.Minute })},
		{"hidden flag works", []string{"--format", "nauty"}, with(func(w *want) { w.format = "nauty" })},
		{"last value wins", []string{"-k", "3", "--k=5"}, with(func(w *want) { w.k = 5 })},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs, v := newTestFlags()
			if err := fs.Parse(tc.args); err != nil {
				t.Fatalf("Parse(%q): %v", tc.args, err)
			}
			got := want{pos: fs.Args(), measure: v.measure, d: v.d, k: v.k, classes: v.classes, quiet: v.quiet,
				alpha: v.alpha, limit: v.limit, from: v.from, format: v.format, edges: v.edges}
			if len(got.pos) == 0 {
				got.pos = nil
			}
			if len(got.measure) == 0 {
				got.measure = nil
			}
			if !slices.Equal(got.pos, tc.want.pos) || !slices.Equal(got.measure, tc.want.measure) ||
				got.d != tc.want.d || got.k != tc.want.k || got.classes != tc.want.classes || got.quiet != tc.want.quiet ||
				got.alpha != tc.want.alpha || got.limit != tc.want.limit || got.from != tc.want.from ||
				got.format != tc.want.format || got.edges != tc.want.edges {
				t.Errorf("Parse(%q) =\n %+v, want\n %+v", tc.args, got, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"g", "--mesure", "dk"}, "unknown flag --mesure (did you mean --measure?)"},
		{[]string{"--mesaure=dk"}, "unknown flag --mesaure (did you mean --measure?)"},
		{[]string{"--bogus"}, "unknown flag --bogus"},
		{[]string{"--forma", "x"}, "unknown flag --forma (did you mean --from?)"}, // not the hidden --format
		{[]string{"-z"}, "unknown flag -z"},
		{[]string{"-qz"}, "unknown flag -z in -qz"},
		{[]string{"-measure", "dk"}, "unknown flag -measure (did you mean --measure?)"},
		{[]string{"-é"}, "unknown flag -é"},
		{[]string{"-qé"}, "unknown flag -é in -qé"},
		{[]string{"g", "--measure"}, "flag needs an argument: --measure"},
		{[]string{"-k"}, "flag needs an argument: -k"},
		{[]string{"-qk"}, "flag needs an argument: -k"},
		{[]string{"-k", "2.5"}, "-k 2.5: want a whole number"},
		{[]string{"--k=2.5"}, "--k=2.5: want a whole number"},
		{[]string{"-k2.5"}, "-k 2.5: want a whole number"},
		{[]string{"-k", ""}, `-k "": want a whole number`},
		{[]string{"-k", "two three"}, `-k "two three": want a whole number`},
		{[]string{"-k", "99999999999999999999"}, "-k 99999999999999999999: want a whole number from -9223372036854775808 to 9223372036854775807"},
		{[]string{"--classes=maybe"}, "--classes=maybe: want true or false"},
		{[]string{"-q=2"}, "-q=2: want true or false"},
		{[]string{"--alpha", "half"}, "--alpha half: want a number"},
		{[]string{"--alpha", "1e999"}, "--alpha 1e999: want a number of at most about 1.8e308 in size"},
		{[]string{"--time-limit", "5"}, "--time-limit 5: want a duration such as 90s, 5m or 1h30m"},
		{[]string{"--measure", `a"b`}, `--measure "a\"b": want values separated by commas (quote a value that holds a comma: "a,b")`},
		{[]string{"---x"}, "bad flag syntax: ---x"},
		{[]string{"--=x"}, "bad flag syntax: --=x"},
	}
	for _, tc := range tests {
		fs, _ := newTestFlags()
		err := fs.Parse(tc.args)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) = %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestChanged(t *testing.T) {
	fs, _ := newTestFlags()
	// -k 2 is the default value, given: changed all the same.
	if err := fs.Parse([]string{"g", "-k", "2", "--classes=false", "--format", "x"}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"k": true, "classes": true, "format": true, "distance": false, "measure": false, "nosuch": false} {
		if got := fs.Changed(name); got != want {
			t.Errorf("Changed(%q) = %v, want %v", name, got, want)
		}
	}
	if fl := fs.Lookup("k"); fl == nil || fl.Shorthand != "k" || fl.DefValue != "2" || fl.Value.String() != "2" {
		t.Errorf("Lookup(k) = %+v", fl)
	}
	if fs.Lookup("nosuch") != nil || fs.MarkHidden("nosuch") == nil {
		t.Error("a flag that does not exist was found")
	}
}

func TestDefineTwicePanics(t *testing.T) {
	for name, define := range map[string]func(fs *FlagSet){
		"name":           func(fs *FlagSet) { var b bool; fs.BoolVar(&b, "classes", false, "") },
		"shorthand":      func(fs *FlagSet) { var b bool; fs.BoolVarP(&b, "kk", "k", false, "") },
		"long shorthand": func(fs *FlagSet) { var b bool; fs.BoolVarP(&b, "x", "xy", false, "") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: defined twice without a panic", name)
				}
			}()
			fs, _ := newTestFlags()
			define(fs)
		}()
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"measure", "distance", "k", "classes", "cascade", "cascade-measure", "threads", "from", "json"}
	tests := []struct {
		typed string
		want  []string
	}{
		{"mesure", []string{"measure"}},
		{"measrue", []string{"measure"}}, // a swap is one edit
		{"MEASURE", []string{"measure"}},
		{"thread", []string{"threads"}},
		{"casacde", []string{"cascade"}},
		{"cascade-m", []string{"cascade-measure"}}, // a prefix
		{"clases", []string{"classes"}},
		{"bogus", nil},
		{"x", nil}, // one letter is near everything short: no guess
		{"kk", []string{"k"}},
		{"jsn", []string{"json"}},
		{"", nil},
	}
	for _, tc := range tests {
		if got := suggest(tc.typed, names); !slices.Equal(got, tc.want) {
			t.Errorf("suggest(%q) = %q, want %q", tc.typed, got, tc.want)
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "abc", 3}, {"abc", "abc", 0},
		{"kitten", "sitting", 3}, {"mesure", "measure", 1}, {"ab", "ba", 1},
		{"ca", "abc", 3}, // optimal string alignment: no edit of a swapped pair
		{"héllo", "hello", 1},
	}
	for _, tc := range tests {
		if got := distance(tc.a, tc.b); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := distance(tc.b, tc.a); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}

// FuzzParse: any command line parses or fails without a panic; the
// positional arguments are arguments given, in their order; completion of
// the same words does not panic either.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"g\x00--measure\x00dk", "-qk2", "--k=3\x00--\x00-x", "-\x00-k", "---x", "-é=1", "--measure=\"a,b\",c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Split(s, "\x00")
		fs, _ := newTestFlags()
		if err := fs.Parse(args); err == nil {
			i := 0
			for _, p := range fs.Args() {
				for i < len(args) && args[i] != p {
					i++
				}
				if i == len(args) {
					t.Fatalf("Parse(%q): positional %q is not an argument in order", args, p)
				}
				i++
			}
		}
		root := newDemo(&demo{})
		root.prepare()
		root.completions(args[:len(args)-1], args[len(args)-1])
	})
}
