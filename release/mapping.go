package release

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

// WriteMapping writes the secret mapping of a release: a comment line
// that records the key, a header line, then one line per node of names
// (the graph Publish returns), "label<TAB>id", in the order of the
// original nodes, with every backslash, TAB, LF and CR of a label written
// as \\, \t, \n and \r. Whoever holds it links the release to the original.
func WriteMapping(w io.Writer, key Key, names *graph.Graph, perm []int) error {
	return WriteMappingOf(w, key, names.NumNodes(), names.Label, perm)
}

// WriteMappingOf is WriteMapping for n original nodes labelled by label,
// held elsewhere than in a graph.Graph.
func WriteMappingOf(w io.Writer, key Key, n int, label func(v int32) string, perm []int) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s%s (keep this file secret: it links the release to the original)\n", keyPrefix, key)
	fmt.Fprintln(bw, "original\tanonymized")
	for v := range n {
		fmt.Fprintf(bw, "%s\t%d\n", graphio.EscapeTSV(label(int32(v))), perm[v])
	}
	return bw.Flush()
}

// WriteAlterations writes the alterations that made a release, by the
// labels of the graph names (the graph Publish returns): a header line,
// then one line per edge, "u<TAB>v<TAB>operation" (delete or add), or on a
// directed or layered graph one line per tie, "u<TAB>v<TAB>layer<TAB>operation"
// with u→v its direction. Labels are escaped as in WriteMapping. The file
// is as secret as the mapping: it names people and the ties they lost.
func WriteAlterations(w io.Writer, g *graph.Graph, alts anonymize.Alterations) error {
	bw := bufio.NewWriter(w)
	typed := g.Directed() || g.Layers() != nil
	if !typed {
		fmt.Fprintln(bw, "u\tv\toperation")
	} else {
		// One row per tie: u→v when directed, and its layer.
		fmt.Fprintln(bw, "u\tv\tlayer\toperation")
	}
	for _, a := range alts.All() {
		op := "delete"
		if a.Added {
			op = "add"
		}
		if !typed {
			fmt.Fprintf(bw, "%s\t%s\t%s\n", graphio.EscapeTSV(g.Label(a.U)), graphio.EscapeTSV(g.Label(a.V)), op)
			continue
		}
		a.Ties.EachTie(g.Directed(), func(l int, out bool) {
			layer := ""
			if g.Layers() != nil {
				layer = g.Layers()[l]
			}
			u, v := a.U, a.V
			if !out {
				u, v = v, u
			}
			fmt.Fprintf(bw, "%s\t%s\t%s\t%s\n", graphio.EscapeTSV(g.Label(u)), graphio.EscapeTSV(g.Label(v)), graphio.EscapeTSV(layer), op)
		})
	}
	return bw.Flush()
}

// MappingHeader is the first line of a mapping file.
const MappingHeader = "original\tanonymized"

// ReadMapping reads a node mapping, as WriteMapping writes it (anonet
// anonymize --mapping), and returns the correspondence it gives between the nodes of
// orig and anon: corr[v] is the node of anon whose label the mapping pairs
// with v's label, or -1 if the mapping does not name v.
//
// The mapping is UTF-8 text: comment lines starting with "#" (the key's),
// the header line "original<TAB>anonymized", then one line per node with
// its label in the original graph, a TAB and its label in the anonymized
// graph, each escaped as WriteMapping escapes it. Empty lines are ignored
// and a final CR is stripped. Every label must name a node of its graph, and no node may be
// named twice. name is used in error messages.
func ReadMapping(r io.Reader, name string, orig, anon *graph.Graph) ([]int32, error) {
	return ReadMappingOf(r, name, orig.NumNodes(), anon.NumNodes(), ByLabel(orig), ByLabel(anon))
}

// ByLabel finds the nodes of g by their labels (graph.Graph.LabelIndex):
// for ReadMappingOf.
func ByLabel(g *graph.Graph) func(label string) (int32, bool) {
	index := g.LabelIndex()
	return func(label string) (int32, bool) {
		v, ok := index[label]
		return v, ok
	}
}

// ReadMappingOf is ReadMapping for graphs of nOrig and nAnon nodes held
// elsewhere than in a graph.Graph, whose nodes are found by label with
// orig and anon (false: no node has that label).
func ReadMappingOf(r io.Reader, name string, nOrig, nAnon int, orig, anon func(label string) (int32, bool)) ([]int32, error) {
	corr := make([]int32, nOrig)
	for i := range corr {
		corr[i] = -1
	}
	used := make([]bool, nAnon)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	line := 0
	header := false
	fail := func(format string, args ...any) error {
		return fmt.Errorf("mapping %s line %d: %s", name, line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if !header && strings.HasPrefix(text, "#") {
			continue // the key's line, or another comment before the header
		}
		if !header {
			header = true
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
		for i := range f {
			var err error
			if f[i], err = graphio.UnescapeTSV(f[i]); err != nil {
				return nil, fail("%v", err)
			}
		}
		v, ok := orig(f[0])
		if !ok {
			return nil, fail("original node %q is not in the original graph", shorten(f[0]))
		}
		w, ok := anon(f[1])
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
	if !header {
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

// ErrNoCorrespondence is returned (wrapped) by CorrespondenceByLabels when
// the graphs' nodes do not correspond by label.
var ErrNoCorrespondence = errors.New("no node correspondence")

// CorrespondenceByLabels returns the correspondence that pairs the nodes of
// a, an original, and b, a graph made from it by altering edges, that have
// equal labels. It returns an error wrapping ErrNoCorrespondence unless
// both graphs have the same set of labels and the edges support it: under
// the correspondence at least half of the edges of the graph with fewer
// must be edges of the other. Labels that are the same set of numbers but
// name other people (a release with fresh ids, every network numbered
// 0..n−1 by another tool) share few edges and are refused: such a graph
// needs its mapping (ReadMapping).
func CorrespondenceByLabels(a, b *graph.Graph) ([]int32, error) {
	if a.NumNodes() != b.NumNodes() {
		return nil, fmt.Errorf("%w: the graphs have %d and %d nodes", ErrNoCorrespondence, a.NumNodes(), b.NumNodes())
	}
	idx := b.LabelIndex()
	corr := make([]int32, a.NumNodes())
	for v := range corr {
		l := a.Label(int32(v))
		w, ok := idx[l]
		if !ok {
			return nil, fmt.Errorf("%w: node %q of the original is not in the anonymized graph", ErrNoCorrespondence, shorten(l))
		}
		corr[v] = w
	}
	if shared, fewer := SharedEdges(a, b, corr), min(a.NumEdges(), b.NumEdges()); 2*shared < fewer {
		return nil, fmt.Errorf("%w: the labels are alike, but only %d of %d edges join nodes that are joined in both graphs, so equal labels do not name the same people (a release has fresh ids)",
			ErrNoCorrespondence, shared, fewer)
	}
	return corr, nil
}

// SharedEdges returns the number of edges of a whose ends are joined in b
// under the correspondence corr (corr[v] is the node of b of node v of a,
// or −1).
func SharedEdges(a, b *graph.Graph, corr []int32) int {
	k := 0
	for _, e := range a.Edges() {
		if x, y := corr[e.U], corr[e.V]; x >= 0 && y >= 0 && b.HasEdge(x, y) {
			k++
		}
	}
	return k
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

// ByID finds the nodes of a graph of n nodes without labels, whose label
// is the decimal id (as graph.Graph.Label gives it): for ReadMappingOf.
// A label that is not such an id written as strconv.Itoa writes it names
// no node.
func ByID(n int) func(label string) (int32, bool) {
	return func(label string) (int32, bool) {
		v, err := strconv.Atoi(label)
		if err != nil || v < 0 || v >= n || strconv.Itoa(v) != label {
			return 0, false
		}
		return int32(v), true
	}
}
