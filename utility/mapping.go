package utility

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/anonet-project/anonet/graph"
)

// MappingHeader is the first line of a mapping file.
const MappingHeader = "original\tanonymized"

// ReadMapping reads a node mapping, as written by anonet anonymize
// --mapping, and returns the correspondence it gives between the nodes of
// orig and anon: corr[v] is the node of anon whose label the mapping pairs
// with v's label, or -1 if the mapping does not name v.
//
// The mapping is UTF-8 text: the header line "original<TAB>anonymized", then
// one line per node with its label in the original graph, a TAB and its
// label in the anonymized graph. Empty lines are ignored and a final CR is
// stripped. Every label must name a node of its graph, and no node may be
// named twice. name is used in error messages.
func ReadMapping(r io.Reader, name string, orig, anon *graph.Graph) ([]int32, error) {
	idO, idA := labelIndex(orig), labelIndex(anon)
	corr := make([]int32, orig.NumNodes())
	for i := range corr {
		corr[i] = -1
	}
	used := make([]bool, anon.NumNodes())
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	line := 0
	fail := func(format string, args ...any) error {
		return fmt.Errorf("mapping %s line %d: %s", name, line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if line == 1 {
			if text != MappingHeader {
				return nil, fail("want the header %q, got %q", MappingHeader, shorten(text))
			}
			continue
		}
		if text == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 2 {
			return nil, fail("want 2 TAB-separated fields (original, anonymized), got %d", len(f))
		}
		v, ok := idO[f[0]]
		if !ok {
			return nil, fail("original node %q is not in the original graph", shorten(f[0]))
		}
		w, ok := idA[f[1]]
		if !ok {
			return nil, fail("anonymized node %q is not in the anonymized graph", shorten(f[1]))
		}
		if corr[v] >= 0 {
			return nil, fail("original node %q is mapped twice", shorten(f[0]))
		}
		if used[w] {
			return nil, fail("anonymized node %q is mapped twice", shorten(f[1]))
		}
		corr[v] = w
		used[w] = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("mapping %s line %d: %w", name, line+1, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("mapping %s: empty file (want the header %q)", name, MappingHeader)
	}
	return corr, nil
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// labelIndex maps every label of g to its node. It is used for lookups only,
// never iterated.
func labelIndex(g *graph.Graph) map[string]int32 {
	idx := make(map[string]int32, g.NumNodes())
	for v := range g.NumNodes() {
		idx[g.Label(int32(v))] = int32(v)
	}
	return idx
}

// ErrNoCorrespondence is returned (wrapped) by CorrespondenceByLabels when
// the graphs' nodes do not correspond by label.
var ErrNoCorrespondence = errors.New("no node correspondence")

// CorrespondenceByLabels returns the correspondence that pairs the nodes of
// a and b that have equal labels. It returns an error wrapping
// ErrNoCorrespondence unless both graphs have the same set of labels.
//
// Equal labels are trusted to name the same person: a file written with fresh
// node ids (anonet anonymize does so) needs its mapping file instead, even if
// its labels happen to be the same set of numbers.
func CorrespondenceByLabels(a, b *graph.Graph) ([]int32, error) {
	if a.NumNodes() != b.NumNodes() {
		return nil, fmt.Errorf("%w: the graphs have %d and %d nodes", ErrNoCorrespondence, a.NumNodes(), b.NumNodes())
	}
	idx := labelIndex(b)
	corr := make([]int32, a.NumNodes())
	for v := range corr {
		l := a.Label(int32(v))
		w, ok := idx[l]
		if !ok {
			return nil, fmt.Errorf("%w: node %q of the original is not in the anonymized graph", ErrNoCorrespondence, shorten(l))
		}
		corr[v] = w
	}
	return corr, nil
}

// Identity returns the correspondence of a graph of n nodes with a copy
// that keeps its node ids (an anonymization before renumbering): node v is
// node v.
func Identity(n int) []int32 {
	corr := make([]int32, n)
	for v := range corr {
		corr[v] = int32(v)
	}
	return corr
}
