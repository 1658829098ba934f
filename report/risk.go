package report

import "strconv"

// Risk is the re-identification risk of one network under the report's
// measure, summarised as ARX and sdcMicro do for tables: an attacker who
// knows a person's signature finds the person's equivalence class and, if
// it holds several people, picks one of them at random, so that the person
// is re-identified with probability 1/|class| (the individual risk).
type Risk struct {
	// People is the number of people (nodes) in the classes.
	People int
	// Classes is the number of equivalence classes. It is also the
	// expected number of people the attacker above re-identifies,
	// Σ over people of 1/|class|: each class adds |c|·(1/|c|) = 1.
	Classes int
	// Smallest is the size of the smallest class (0 without people); the
	// highest individual risk is 1/Smallest.
	Smallest int
	// Unique, Below3, Below5, Below10 and BelowK are the numbers of people
	// in classes of one person and in classes smaller than 3, 5, 10 and k.
	Unique, Below3, Below5, Below10, BelowK int
	// K is the threshold BelowK counts against.
	K int
}

// NewRisk returns the risk of the network that s describes, from its class
// sizes, at the threshold k. A snapshot without class sizes (no partition)
// gives the zero Risk.
func NewRisk(s *Snapshot, k int) Risk {
	r := Risk{K: k}
	if s == nil {
		return r
	}
	for _, h := range s.ClassSizes {
		if h.Size <= 0 || h.Classes <= 0 {
			continue
		}
		people := h.Size * h.Classes
		r.People += people
		r.Classes += h.Classes
		if r.Smallest == 0 || h.Size < r.Smallest {
			r.Smallest = h.Size
		}
		for _, c := range []struct {
			count *int
			below int
		}{{&r.Unique, 2}, {&r.Below3, 3}, {&r.Below5, 5}, {&r.Below10, 10}, {&r.BelowK, k}} {
			if h.Size < c.below {
				*c.count += people
			}
		}
	}
	return r
}

// Expected returns the expected number of people re-identified (the
// number of classes).
func (r Risk) Expected() float64 { return float64(r.Classes) }

// Average returns the average individual risk: the expected number of
// people re-identified over the number of people (0 without people).
func (r Risk) Average() float64 {
	if r.People == 0 {
		return 0
	}
	return float64(r.Classes) / float64(r.People)
}

// Highest returns the highest individual risk, 1/Smallest (0 without
// people).
func (r Risk) Highest() float64 {
	if r.Smallest == 0 {
		return 0
	}
	return 1 / float64(r.Smallest)
}

// Band is a range of class sizes from Lo to Hi, both included; Hi = 0
// means no upper bound.
type Band struct {
	Lo, Hi int
}

// String names the band: "1", "3–4" or "10+".
func (b Band) String() string {
	switch {
	case b.Hi == 0:
		return strconv.Itoa(b.Lo) + "+"
	case b.Hi == b.Lo:
		return strconv.Itoa(b.Lo)
	}
	return strconv.Itoa(b.Lo) + "–" + strconv.Itoa(b.Hi)
}

// Contains reports whether a class of the given size falls in the band.
func (b Band) Contains(size int) bool {
	return size >= b.Lo && (b.Hi == 0 || size <= b.Hi)
}

// ClassBands returns the bands of class sizes the report counts people in,
// so that k is always where a band starts: for k ≤ 10 every size below k on
// its own, then k–9 and 10+ (k = 2: 1, 2–9, 10+; k = 5: 1, 2, 3, 4, 5–9,
// 10+); for a larger k, 1, 2, 3–4, 5–9, then bands starting at 10, 20, 50,
// 100, 200, … below k, and k+. A k below 2 is taken as 2.
func ClassBands(k int) []Band {
	k = max(k, 2)
	var starts []int
	if k <= 10 {
		for s := 1; s < k; s++ {
			starts = append(starts, s)
		}
		if k < 10 {
			starts = append(starts, k)
		}
		starts = append(starts, 10)
	} else {
		starts = []int{1, 2, 3, 5}
		for base := 10; base < k; base *= 10 {
			for _, m := range []int{1, 2, 5} {
				if s := m * base; s < k {
					starts = append(starts, s)
				}
			}
		}
		starts = append(starts, k)
	}
	bands := make([]Band, len(starts))
	for i, s := range starts {
		bands[i] = Band{Lo: s}
		if i+1 < len(starts) {
			bands[i].Hi = starts[i+1] - 1
		}
	}
	return bands
}

// BandCount is the number of classes and of people in them whose size is
// in a band.
type BandCount struct {
	Band
	Classes, People int
}

// CountBands counts the classes of every size into the bands (as
// ClassBands returns them: ascending, without gaps, the last one open).
func CountBands(sizes []SizeCount, bands []Band) []BandCount {
	out := make([]BandCount, len(bands))
	for i, b := range bands {
		out[i].Band = b
	}
	for _, h := range sizes {
		for i := range out {
			if out[i].Contains(h.Size) {
				out[i].Classes += h.Classes
				out[i].People += h.Size * h.Classes
				break
			}
		}
	}
	return out
}
