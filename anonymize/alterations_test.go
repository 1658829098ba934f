package anonymize

import (
	"math"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// TestAlterations checks the packed list against the values it was given:
// ids at both ends of int32's range, additions beside deletions, ties that
// appear only after untyped changes, truncation and growth.
func TestAlterations(t *testing.T) {
	tests := []struct {
		name          string
		alts          []Alteration
		added, delete int
	}{
		{"empty", nil, 0, 0},
		{"deletions", []Alteration{{U: 0, V: 1}, {U: 5, V: 2}, {U: 7, V: 3}}, 0, 3},
		{"extreme ids", []Alteration{{U: math.MaxInt32, V: math.MaxInt32, Added: true}, {U: 0, V: math.MaxInt32}, {U: math.MaxInt32, V: 0, Added: true}}, 2, 1},
		{"mixed", []Alteration{{U: 1, V: 2, Added: true}, {U: 3, V: 4}, {U: 9, V: 8, Added: true}, {U: 10, V: 11}}, 2, 2},
		{"ties after none", []Alteration{{U: 1, V: 2}, {U: 3, V: 4, Ties: graph.Kind(0b10)}, {U: 5, V: 6, Ties: graph.Kind(1) << 63}}, 0, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := MakeAlterations(tc.alts...)
			if l.Len() != len(tc.alts) {
				t.Fatalf("Len %d, want %d", l.Len(), len(tc.alts))
			}
			for i, a := range l.All() {
				if a != tc.alts[i] {
					t.Errorf("At(%d) = %+v, want %+v", i, a, tc.alts[i])
				}
			}
			if got := l.Slice(); !slices.Equal(got, tc.alts) && len(tc.alts) > 0 {
				t.Errorf("Slice = %+v, want %+v", got, tc.alts)
			}
			if a, d := l.Counts(); a != tc.added || d != tc.delete {
				t.Errorf("Counts = %d, %d; want %d, %d", a, d, tc.added, tc.delete)
			}
			// Growing keeps the contents; truncating to half keeps the
			// first half, and appending after it overwrites the rest.
			l.Grow(1000)
			half := len(tc.alts) / 2
			l.Truncate(half)
			l.Append(Alteration{U: 42, V: 43})
			want := append(slices.Clone(tc.alts[:half]), Alteration{U: 42, V: 43})
			if got := l.Slice(); !slices.Equal(got, want) {
				t.Errorf("after Grow, Truncate(%d), Append: %+v, want %+v", half, got, want)
			}
		})
	}
}

// TestAlterationsEarlyStop checks that All stops when its consumer does.
func TestAlterationsEarlyStop(t *testing.T) {
	l := MakeAlterations(Alteration{U: 1, V: 2}, Alteration{U: 3, V: 4}, Alteration{U: 5, V: 6})
	n := 0
	for range l.All() {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("%d changes seen, want 2", n)
	}
}
