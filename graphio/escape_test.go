package graphio

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEscapeTSV: escaped fields hold no tab or line break, and unescape to
// the string escaped, for hand examples and random strings of every byte.
func TestEscapeTSV(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"plain label", "plain label"},
		{"tab\there", `tab\there`},
		{"line\nbreak\r\n", `line\nbreak\r\n`},
		{`back\slash`, `back\\slash`},
		{`\t`, `\\t`},
		{"→ü中", "→ü中"},
	} {
		if got := EscapeTSV(tc.in); got != tc.want {
			t.Errorf("EscapeTSV(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if back, err := UnescapeTSV(tc.want); err != nil || back != tc.in {
			t.Errorf("UnescapeTSV(%q) = %q, %v; want %q", tc.want, back, err, tc.in)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = "\\\t\n\rab\x00\xff"[r.IntN(8)]
		}
		s := string(b)
		e := EscapeTSV(s)
		if strings.ContainsAny(e, "\t\n\r") {
			t.Fatalf("EscapeTSV(%q) = %q holds a separator", s, e)
		}
		if back, err := UnescapeTSV(e); err != nil || back != s {
			t.Fatalf("UnescapeTSV(EscapeTSV(%q)) = %q, %v", s, back, err)
		}
	}
	for _, bad := range []string{`end\`, `\x`, "a\tb", "a\nb", `\\\`} {
		if got, err := UnescapeTSV(bad); err == nil {
			t.Errorf("UnescapeTSV(%q) = %q, want an error", bad, got)
		}
	}
}

func ExampleEscapeTSV() {
	label := "Ann\tLee\n(née Smith)"
	field := EscapeTSV(label)
	back, err := UnescapeTSV(field)
	fmt.Println(field)
	fmt.Println(back == label, err)
	// Output:
	// Ann\tLee\n(née Smith)
	// true <nil>
}
