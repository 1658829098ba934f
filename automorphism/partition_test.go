package automorphism

import (
	"fmt"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// workOf returns an untyped graph as a work graph.
func workOf(g *graph.Graph, colors []int32) *workGraph {
	n := g.NumNodes()
	w := &workGraph{n: n, off: make([]int32, n+1), col: make([]int32, n), orig: n}
	for v := range int32(n) {
		w.adj = append(w.adj, g.Neighbors(v)...)
		w.off[v+1] = int32(len(w.adj))
		if colors != nil {
			w.col[v] = colors[v]
		}
	}
	return w
}

// naiveRefinement returns the coarsest equitable partition finer than
// the partition by colour and degree, as Orbits.Of, by rounds of colour
// refinement over strings: a node's new colour is its colour and the
// sorted colours of its neighbours.
func naiveRefinement(g *graph.Graph, colors []int32) []int32 {
	n := g.NumNodes()
	col := make([]string, n)
	for v := range int32(n) {
		c := int32(0)
		if colors != nil {
			c = colors[v]
		}
		col[v] = fmt.Sprint(c, "/", g.Degree(v))
	}
	count := func(c []string) int {
		s := slices.Clone(c)
		slices.Sort(s)
		return len(slices.Compact(s))
	}
	for {
		next := make([]string, n)
		for v := range int32(n) {
			var nb []string
			for _, w := range g.Neighbors(v) {
				nb = append(nb, col[w])
			}
			slices.Sort(nb)
			next[v] = fmt.Sprint(col[v], nb)
		}
		if count(next) == count(col) {
			break
		}
		col = next
	}
	ids := map[string]int32{}
	class := make([]int32, n)
	for v, c := range col {
		if _, ok := ids[c]; !ok {
			ids[c] = int32(len(ids))
		}
		class[v] = ids[c]
	}
	return partitionOf(class)
}

// cellsOf returns the partition p as Orbits.Of.
func cellsOf(p *partition) []int32 { return partitionOf(slices.Clone(p.cell)) }

// shape returns the sizes of the cells of p by position.
func shape(p *partition) []int32 {
	var s []int32
	for q := int32(0); q < int32(len(p.lab)); q += p.clen[q] {
		s = append(s, p.clen[q])
	}
	return s
}

// TestRefine checks the refiner on random graphs: the root partition is
// the coarsest equitable one (against naive colour refinement); after an
// individualization, the refined partition is equitable; its trace and
// cell sizes do not change when the graph is relabelled; and undo brings
// back the root partition.
func TestRefine(t *testing.T) {
	r := newRand(23)
	gs, err := testgraphs.Random(r)
	if err != nil {
		t.Fatal(err)
	}
	gs = append(gs, testgraphs.Named{Name: "cfi", G: cfi(randomRegular(10, 3, r), nil)}, testgraphs.Named{Name: "paley", G: paley(29)})
	for _, x := range gs {
		g := blowUp(x.G, r)
		n := g.NumNodes()
		colors := make([]int32, n)
		for v := range colors {
			colors[v] = int32(r.IntN(2))
		}
		perm := r.Perm(n)
		h, hc := relabelled(g, colors, perm)
		var ref, href refiner
		var p, hp partition
		w, hw := workOf(g, colors), workOf(h, hc)
		ref.reset(w.off, w.adj, n)
		href.reset(hw.off, hw.adj, n)
		p.init(n)
		hp.init(n)
		ref.root(&p, w.col)
		ref.refine(&p, traceNone)
		href.root(&hp, hw.col)
		href.refine(&hp, traceNone)
		root := cellsOf(&p)
		if want := naiveRefinement(g, colors); !slices.Equal(root, want) {
			t.Fatalf("%s: root partition differs from colour refinement", x.Name)
		}
		rootShape := shape(&p)
		for range 10 {
			v := int32(r.IntN(n))
			var tr, htr []uint64
			mark, hmark := len(p.trail), len(hp.trail)
			ref.rec, href.rec = &tr, &htr
			ref.individualize(&p, v)
			ref.refine(&p, traceRecord)
			href.individualize(&hp, int32(perm[v]))
			href.refine(&hp, traceRecord)
			if !slices.Equal(tr, htr) || !slices.Equal(shape(&p), shape(&hp)) {
				t.Fatalf("%s: individualizing %d: trace or cells change with relabelling", x.Name, v)
			}
			if err := equitable(w, &p); err != nil {
				t.Fatalf("%s: individualizing %d: %v", x.Name, v, err)
			}
			p.undo(mark)
			hp.undo(hmark)
			href.individualize(&hp, int32(perm[v]))
			href.expect = tr
			if !href.refine(&hp, traceCompare) {
				t.Fatalf("%s: individualizing %d again, the trace differs", x.Name, v)
			}
			hp.undo(hmark)
			if !slices.Equal(cellsOf(&p), root) || !slices.Equal(shape(&p), rootShape) {
				t.Fatalf("%s: undo does not restore the root partition", x.Name)
			}
		}
	}
}

// equitable returns an error unless every two members of a cell of p have
// the same number of neighbours in every cell.
func equitable(w *workGraph, p *partition) error {
	for q := int32(0); q < int32(len(p.lab)); q += p.clen[q] {
		var first map[int32]int
		for i, v := range p.lab[q : q+p.clen[q]] {
			count := map[int32]int{}
			for _, u := range w.neighbors(v) {
				count[p.cell[u]]++
			}
			if i == 0 {
				first = count
			} else if fmt.Sprint(count) != fmt.Sprint(first) {
				return fmt.Errorf("cell %d is not equitable: %v and %v", q, first, count)
			}
		}
	}
	return nil
}
