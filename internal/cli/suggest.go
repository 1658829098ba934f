package cli

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// maxSuggestions is the most names a "did you mean" lists.
const maxSuggestions = 3

// suggest returns the names nearest to typed, a mistyped flag or command
// name: those at the smallest edit distance (insertions, deletions,
// substitutions and swaps of neighbouring letters, ignoring case) if it is
// at most 1, or 2 when typed has more than four letters, and smaller than
// typed is long; a name that typed begins (by at least two letters) counts
// as distance 1. None if nothing is that near.
func suggest(typed string, names []string) []string {
	t := strings.ToLower(typed)
	n := utf8.RuneCountInString(t)
	best, out := 1, []string(nil)
	if n > 4 {
		best = 2
	}
	for _, name := range names {
		low := strings.ToLower(name)
		d := distance(t, low)
		if n >= 2 && strings.HasPrefix(low, t) {
			d = min(d, 1)
		}
		if d >= n || d > best {
			continue
		}
		if d < best {
			best, out = d, out[:0]
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	return out
}

// distance is the optimal string alignment distance between a and b: the
// fewest insertions, deletions, substitutions and swaps of two neighbouring
// runes that turn a into b, no rune being edited twice.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the dynamic programme: i-2, i-1 and i.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
