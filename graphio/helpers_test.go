package graphio

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
)

// mustGraph builds a graph from edges and labels (nil for "0".."n-1").
func mustGraph(t testing.TB, n int, edges [][2]int32, labels []string) *graph.Graph {
	t.Helper()
	pairs := make([]graph.Edge, len(edges))
	for i, e := range edges {
		pairs[i] = graph.Edge{U: e[0], V: e[1]}
	}
	g, _, err := graph.FromEdges(n, pairs, labels)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// readString reads src in format f.
func readString(src string, f Format) (*graph.Graph, *Report, error) {
	return Read(strings.NewReader(src), "test", ReadOptions{Format: f})
}

// validate checks that g is a simple undirected graph whose adjacency is
// sorted and symmetric, and that rep agrees with it.
func validate(g *graph.Graph, rep *Report) error {
	n := g.NumNodes()
	m, isolated := 0, 0
	for v := range int32(n) {
		nb := g.Neighbors(v)
		if len(nb) == 0 {
			isolated++
		}
		for i, w := range nb {
			if w < 0 || int(w) >= n {
				return fmt.Errorf("node %d has neighbour %d outside 0..%d", v, w, n-1)
			}
			if w == v {
				return fmt.Errorf("self-loop at %d", v)
			}
			if i > 0 && nb[i-1] >= w {
				return fmt.Errorf("neighbours of %d not strictly ascending: %v", v, nb)
			}
			if !g.HasEdge(w, v) {
				return fmt.Errorf("edge %d-%d not symmetric", v, w)
			}
			if v < w {
				m++
			}
		}
	}
	if m != g.NumEdges() {
		return fmt.Errorf("adjacency holds %d edges, NumEdges says %d", m, g.NumEdges())
	}
	if rep == nil {
		return nil
	}
	if rep.Nodes != n || rep.Edges != m || rep.Isolated != isolated {
		return fmt.Errorf("report says %d nodes, %d edges, %d isolated; graph has %d, %d, %d",
			rep.Nodes, rep.Edges, rep.Isolated, n, m, isolated)
	}
	// Records = SelfLoops + Duplicates + Edges + pairs given by arcs both ways.
	both := rep.Records - rep.SelfLoops - rep.Duplicates - rep.Edges
	if rep.SelfLoops < 0 || rep.Duplicates < 0 || rep.Asymmetric < 0 || both < 0 || both > rep.Edges-rep.Asymmetric {
		return fmt.Errorf("inconsistent record counts: %+v", *rep)
	}
	if !rep.Directed && rep.Format != Nauty && (both != 0 || rep.Asymmetric != 0) {
		return fmt.Errorf("undirected input with arc counts: %+v", *rep)
	}
	if rep.Asymmetric > rep.Edges {
		return fmt.Errorf("more asymmetric pairs than edges: %+v", *rep)
	}
	return nil
}

// labelledEdges returns the edges of g as sorted label pairs.
func labelledEdges(g *graph.Graph) []string {
	var out []string
	for _, e := range g.SortedEdges() {
		a, b := g.Label(e.U), g.Label(e.V)
		if a > b {
			a, b = b, a
		}
		out = append(out, a+"\x00"+b)
	}
	slices.Sort(out)
	return out
}

// sameGraph reports how a and b differ: by labels (node order may differ)
// if byLabel, else by node ids.
func sameGraph(a, b *graph.Graph, byLabel bool) error {
	if a.NumNodes() != b.NumNodes() || a.NumEdges() != b.NumEdges() {
		return fmt.Errorf("%d nodes, %d edges; want %d, %d", b.NumNodes(), b.NumEdges(), a.NumNodes(), a.NumEdges())
	}
	if !byLabel {
		if !slices.Equal(a.SortedEdges(), b.SortedEdges()) {
			return errors.New("edge sets differ")
		}
		return nil
	}
	la, lb := a.Labels(), b.Labels()
	slices.Sort(la)
	slices.Sort(lb)
	if !slices.Equal(la, lb) {
		return fmt.Errorf("label sets differ: %q vs %q", trim(lb), trim(la))
	}
	if !slices.Equal(labelledEdges(a), labelledEdges(b)) {
		return errors.New("labelled edge sets differ")
	}
	return nil
}

func trim(s []string) []string {
	if len(s) > 10 {
		return s[:10]
	}
	return s
}

// roundTrip writes g in format f and reads it back, checking that nothing
// was lost. It returns the error of Write, if any.
func roundTrip(g *graph.Graph, f Format) error {
	var buf bytes.Buffer
	if err := Write(&buf, g, f); err != nil {
		return err
	}
	h, rep, err := Read(bytes.NewReader(buf.Bytes()), "rewrite", ReadOptions{Format: f})
	if err != nil {
		return fmt.Errorf("re-reading the %s written: %w\n%s", f, err, buf.Bytes())
	}
	if err := validate(h, rep); err != nil {
		return fmt.Errorf("re-read %s: %w", f, err)
	}
	if n := rep.SelfLoops + rep.Duplicates + rep.Asymmetric; n != 0 || rep.Directed || rep.HeaderSkipped && tableOf(f) == nil || rep.LabelsIgnored || rep.ExtraColumns != 0 {
		return fmt.Errorf("re-read %s reported normalisations: %v", f, rep.Notes())
	}
	if err := sameGraph(g, h, KeepsLabels(f)); err != nil {
		return fmt.Errorf("%s round trip: %w", f, err)
	}
	return nil
}
