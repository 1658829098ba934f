package report

import (
	"math"
	"slices"
	"testing"
)

// classesOf expands class sizes into one class label per person.
func classesOf(sizes []SizeCount) []int {
	var label []int
	c := 0
	for _, h := range sizes {
		for range h.Classes {
			for range h.Size {
				label = append(label, c)
			}
			c++
		}
	}
	return label
}

func TestNewRisk(t *testing.T) {
	tests := []struct {
		name  string
		sizes []SizeCount
		k     int
		want  Risk
		avg   float64
	}{
		{"empty", nil, 2, Risk{K: 2}, 0},
		// 4 unique people, a pair and a class of 4: 10 people, 6 classes.
		{"sample", []SizeCount{{1, 4}, {2, 1}, {4, 1}}, 2,
			Risk{People: 10, Classes: 6, Smallest: 1, Unique: 4, Below3: 6, Below5: 10, Below10: 10, BelowK: 4, K: 2}, 0.6},
		// Two classes of 3 and one of 12: 18 people, 3 classes.
		{"no unique, k = 5", []SizeCount{{3, 2}, {12, 1}}, 5,
			Risk{People: 18, Classes: 3, Smallest: 3, Below5: 6, Below10: 6, BelowK: 6, K: 5}, 3.0 / 18},
		{"large k", []SizeCount{{3, 2}, {12, 1}}, 20,
			Risk{People: 18, Classes: 3, Smallest: 3, Below5: 6, Below10: 6, BelowK: 18, K: 20}, 3.0 / 18},
		// Everyone in one class of 10: the boundary of "smaller than 10".
		{"one class of 10", []SizeCount{{10, 1}}, 10,
			Risk{People: 10, Classes: 1, Smallest: 10, K: 10}, 0.1},
	}
	for _, tc := range tests {
		got := NewRisk(&Snapshot{ClassSizes: tc.sizes}, tc.k)
		if got != tc.want {
			t.Errorf("%s: NewRisk = %+v, want %+v", tc.name, got, tc.want)
		}
		if math.Abs(got.Average()-tc.avg) > 1e-12 {
			t.Errorf("%s: Average = %v, want %v", tc.name, got.Average(), tc.avg)
		}
		// The expected number of re-identifications, person by person.
		label := classesOf(tc.sizes)
		size := map[int]int{}
		for _, c := range label {
			size[c]++
		}
		sum := 0.0
		for _, c := range label {
			sum += 1 / float64(size[c])
		}
		if math.Abs(got.Expected()-sum) > 1e-9 {
			t.Errorf("%s: Expected = %v, the sum over people of 1/|class| is %v", tc.name, got.Expected(), sum)
		}
		if got.Smallest > 0 && got.Highest() != 1/float64(got.Smallest) {
			t.Errorf("%s: Highest = %v, want 1/%d", tc.name, got.Highest(), got.Smallest)
		}
	}
	if r := NewRisk(nil, 2); r.People != 0 || r.Highest() != 0 || r.Average() != 0 {
		t.Errorf("NewRisk(nil) = %+v", r)
	}
}

func TestClassBands(t *testing.T) {
	tests := []struct {
		k    int
		want []string
	}{
		{1, []string{"1", "2–9", "10+"}},
		{2, []string{"1", "2–9", "10+"}},
		{3, []string{"1", "2", "3–9", "10+"}},
		{5, []string{"1", "2", "3", "4", "5–9", "10+"}},
		{9, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"}},
		{10, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"}},
		{11, []string{"1", "2", "3–4", "5–9", "10", "11+"}},
		{20, []string{"1", "2", "3–4", "5–9", "10–19", "20+"}},
		{50, []string{"1", "2", "3–4", "5–9", "10–19", "20–49", "50+"}},
		{150, []string{"1", "2", "3–4", "5–9", "10–19", "20–49", "50–99", "100–149", "150+"}},
	}
	for _, tc := range tests {
		bands := ClassBands(tc.k)
		var got []string
		for _, b := range bands {
			got = append(got, b.String())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("ClassBands(%d) = %v, want %v", tc.k, got, tc.want)
		}
		// Every size from 1 up falls in exactly one band, and k (≥ 2)
		// starts a band.
		for size := 1; size <= 1000; size++ {
			n := 0
			for _, b := range bands {
				if b.Contains(size) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("ClassBands(%d): size %d in %d bands", tc.k, size, n)
				break
			}
		}
		if k := max(tc.k, 2); !slices.ContainsFunc(bands, func(b Band) bool { return b.Lo == k }) {
			t.Errorf("ClassBands(%d): no band starts at k", tc.k)
		}
	}
}

func TestCountBands(t *testing.T) {
	sizes := []SizeCount{{1, 4}, {2, 1}, {4, 1}, {9, 2}, {10, 1}, {250, 1}}
	got := CountBands(sizes, ClassBands(3))
	want := []BandCount{
		{Band{1, 1}, 4, 4},
		{Band{2, 2}, 1, 2},
		{Band{3, 9}, 3, 22},
		{Band{10, 0}, 2, 260},
	}
	if !slices.Equal(got, want) {
		t.Errorf("CountBands = %v, want %v", got, want)
	}
}

func TestBandRisk(t *testing.T) {
	for _, tc := range []struct {
		b    Band
		want string
	}{{Band{1, 1}, "100%"}, {Band{2, 2}, "50%"}, {Band{3, 4}, "25%–33%"}, {Band{2, 9}, "11%–50%"}, {Band{10, 0}, "≤ 10%"}, {Band{20, 49}, "2.0%–5%"}} {
		if got := bandRisk(tc.b); got != tc.want {
			t.Errorf("bandRisk(%v) = %q, want %q", tc.b, got, tc.want)
		}
	}
}
