package partition

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/measure"
)

// state prints everything a Partition holds between updates that Revert
// must restore: the graph's adjacency, the triangle counts, the anonymity
// flags and both levels down to class ids, member lists, the free list and
// the indexes (fmt prints maps sorted by key).
func state(p *Partition) string {
	s := fmt.Sprintf("tri %v\nbelow %v\n", p.tri, p.below)
	for v := range int32(p.g.NumNodes()) {
		s += fmt.Sprintf("%d: %v\n", v, p.g.Neighbors(v))
	}
	for i, l := range []*level{p.top, p.pre} {
		if l == nil {
			continue
		}
		s += fmt.Sprintf("level %d: classOf %v next %v prev %v size %v head %v key %v lkey %q kind %v free %v hist %v classes %d unique %d below %d index %v long %v touched %v\n",
			i, l.classOf, l.members.Next, l.members.Prev, l.size, l.members.Head, l.key, l.lkey, l.kind, l.free, l.hist, l.numClasses, l.unique, l.belowK, indexed(&l.index), l.long, l.touched)
	}
	return s
}

// indexed returns the entries of x as a map (its slots' order depends on
// the table's history, which Revert need not restore).
func indexed(x *shortIndex) map[shortKey]int32 {
	m := map[shortKey]int32{}
	for _, s := range x.slots {
		if s.val != 0 {
			m[s.key] = s.val - 1
		}
	}
	if len(m) != x.n {
		panic(fmt.Sprintf("index holds %d entries, counts %d", len(m), x.n))
	}
	return m
}

// TestRevert makes random batches of edge changes through a partition,
// updates, and reverts every other batch: the reverted partition must
// equal, field for field, the one before the batch, and Flipped must list
// the batch's flips again. Kept batches build up a history of freed and
// reused classes for later reverts to restore. Every measure, d = 1 and 2,
// three kinds of random graphs.
func TestRevert(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	forEachCase(t, func(t *testing.T, kind string, m measure.Measure, d int) {
		n := 30
		g := randomGraph(r, kind, n)
		p, err := New(g, m, d, Options{Threads: 2, K: 2 + r.IntN(2)})
		if err != nil {
			t.Fatal(err)
		}
		if p.Revert() {
			t.Fatal("Revert before any Update = true")
		}
		var common []int32
		for round := range 30 {
			before := state(p)
			changed := false
			for range 1 + r.IntN(3) {
				switch {
				case g.NumEdges() > 0 && r.IntN(3) == 0:
					e := g.RandomEdge(r)
					changed = p.DeleteEdge(e.U, e.V) || changed
				case g.NumEdges() > 0 && r.IntN(2) == 0:
					e := g.RandomEdge(r)
					common = g.CommonNeighbors(common[:0], e.U, e.V)
					_, ok := p.DeleteEdgeCommon(e.U, e.V, common)
					changed = ok || changed
				default:
					changed = p.AddEdge(int32(r.IntN(n)), int32(r.IntN(n))) || changed
				}
			}
			p.Update()
			if !changed {
				continue // Revert would undo an earlier Update
			}
			flips := slices.Clone(p.Flipped())
			after := state(p)
			if r.IntN(2) == 0 {
				continue // keep the batch
			}
			if r.IntN(2) == 0 {
				p.Update() // nothing pending: the batch can still be reverted
			}
			if !p.Revert() {
				t.Fatalf("round %d: Revert = false", round)
			}
			if got := state(p); got != before {
				t.Fatalf("round %d: reverted state differs:\n%s", round, lineDiff(got, before, after))
			}
			if !slices.Equal(p.Flipped(), flips) {
				t.Fatalf("round %d: Flipped after Revert %v, want %v", round, p.Flipped(), flips)
			}
			if p.Revert() {
				t.Fatalf("round %d: second Revert = true", round)
			}
		}
		updateAndCheck(t, p, -1)
	})
}

// TestRevertRefuses checks the changes that Revert does not undo: edge
// changes made since the last Update, and batch deletions.
func TestRevertRefuses(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(1, 2)), "clustered", 20)
	p := mustPartition(t, g, measure.Count{}, 1)
	p.DeleteEdge(0, 1)
	p.Update()
	before := state(p)
	p.AddEdge(0, 1)
	if p.Revert() {
		t.Error("Revert with a change pending = true")
	}
	p.Update()
	p.DeleteEdgesAt([]int32{0, 1}, 1, nil, nil)
	p.Update()
	if p.Revert() {
		t.Error("Revert of DeleteEdgesAt = true")
	}
	if state(p) == before {
		t.Error("the batch changed nothing")
	}
	// Too many changes for the journal.
	g = randomGraph(rand.New(rand.NewPCG(1, 2)), "er", 2*(maxJournaled+1))
	p = mustPartition(t, g, measure.Count{}, 1)
	for v := range int32(maxJournaled + 1) {
		if !p.AddEdge(2*v, 2*v+1) && !p.DeleteEdge(2*v, 2*v+1) {
			t.Fatalf("edge %d–%d neither added nor deleted", 2*v, 2*v+1)
		}
	}
	p.Update()
	if p.Revert() {
		t.Errorf("Revert of %d changes = true", maxJournaled+1)
	}
	p.DeleteEdge(0, 1)
	p.AddEdge(0, 1)
	p.Update()
	if !p.Revert() {
		t.Error("Revert of the next Update = false")
	}
}

// lineDiff lists the lines where got and want differ, with the line of
// after (the state being reverted).
func lineDiff(got, want, after string) string {
	g, w, a := strings.Split(got, "\n"), strings.Split(want, "\n"), strings.Split(after, "\n")
	var s string
	for i := range min(len(g), len(w), len(a)) {
		if g[i] != w[i] {
			s += fmt.Sprintf("got   %s\nwant  %s\nafter %s\n", g[i], w[i], a[i])
		}
	}
	return s
}
