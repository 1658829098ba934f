package anonymize

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/partition"
)

// solution is the one state that every optimizer beyond the paper works
// on (the exact-gain greedy, restoration, local search and the exact
// solver): the graph with its equivalence partition, the input's edges
// split into kept and deleted ones, and the number of nodes that are not
// k-anonymous. A move toggles a few edges (deletes kept ones, restores
// deleted ones) and updates the partition incrementally, so that only the
// signatures the toggled edges can change are recomputed; undo reverts the
// last move exactly, down to the order of the sets the optimizers draw
// from (the kept and deleted ids, the nodes that are not k-anonymous), so
// that what follows a move tried and undone is what would follow had it
// never been made. No optimizer changes the graph or the partition in any
// other way.
//
// Edges are identified by their index in the input's sorted edge list. On
// a typed graph (directed or layered) the unit is a tie, not an edge: every
// tie of the input outside the protected layers (Config.Protected) has an
// id, in holds its node pair (a pair with several ties several times) and
// ties the tie itself; the protected ties are never toggled.
type solution struct {
	p      *partition.Partition
	g      *graph.Graph
	cfg    *Config
	n      int
	target int // nodes that must be k-anonymous

	in   inputEdges   // the input's edges (or ties), sorted, and the ids at every node
	ties []graph.Kind // typed graphs: ties[id] is id's one tie; nil otherwise
	// ids splits the ids into those of the edges in the graph (kept) and
	// the deleted ones. The greedy runs without it (kept asks the graph
	// then): a solution made by newStrategySolution has none until its
	// first sync, and the budgeted refinement's last greedy drops it and
	// lists it again (listIDs) after.
	ids idSplit
	na  int // nodes not k-anonymous (fuzzy anonymity when cfg.Fuzzy)
	// inputMissing is the number of nodes by which the input misses the
	// target (the local search uses it).
	inputMissing int
	// naNodes holds the nodes whose class has fewer than k members (exact
	// anonymity, also with cfg.Fuzzy: the local search only draws from it).
	naNodes idSet

	last  []int32 // the edges toggled by the last move
	moves int     // moves made (applied, whether undone or not)
	// The rest of the last move's record, for undo: the position of each
	// toggled id in the split before its toggle (when the ids are listed),
	// and the changes to naNodes, in order.
	lastPos []int32
	lastNA  []setChange
	// applied is the partition's generation after the last move's update
	// (noGeneration if that update changed nothing), and appliedOne the
	// edge that move toggled alone (else −1): while the generation has not
	// changed, Revert undoes that move.
	applied    uint64
	appliedOne int32

	// finished is set by finish, after which no move may be made (see
	// mustMove).
	finished bool
}

// mustMove checks the preconditions of a move: the solution is not
// finished and, where the move needs it (listed), its ids are split into
// kept and deleted ones. Breaking them is a bug of an optimizer, never a
// fault of the input: it panics with what was asked.
func (s *solution) mustMove(op string, listed bool) {
	switch {
	case s.finished:
		panic("anonymize: " + op + " on a finished solution")
	case listed && !s.ids.listed():
		panic("anonymize: " + op + " needs the ids split into kept and deleted ones")
	}
}

// idSet is a set of ids (the solution uses it for nodes) with O(1)
// insertion, removal and uniform choice.
type idSet struct {
	list []int32
	pos  []int32 // pos[id] is id's index in list, or -1
}

func newIDSet(m int) idSet {
	s := idSet{pos: make([]int32, m)}
	for i := range s.pos {
		s.pos[i] = -1
	}
	return s
}

func (s *idSet) has(id int32) bool { return s.pos[id] >= 0 }

// clear empties the set.
func (s *idSet) clear() {
	for _, id := range s.list {
		s.pos[id] = -1
	}
	s.list = s.list[:0]
}
func (s *idSet) len() int { return len(s.list) }

func (s *idSet) add(id int32) {
	s.pos[id] = int32(len(s.list))
	s.list = append(s.list, id)
}

func (s *idSet) remove(id int32) {
	i := s.pos[id]
	last := s.list[len(s.list)-1]
	s.list[i] = last
	s.pos[last] = i
	s.list = s.list[:len(s.list)-1]
	s.pos[id] = -1
}

func (s *idSet) random(r *rand.Rand) int32 { return s.list[r.IntN(len(s.list))] }

// A setChange records one change to an idSet: id was added (at < 0) or
// removed from index at.
type setChange struct{ id, at int32 }

// revert undoes c, which must be the last change still in effect, exactly:
// the set's order is the one before c.
func (s *idSet) revert(c setChange) {
	if c.at < 0 {
		s.remove(c.id) // the last in the list: nothing else moves
		return
	}
	if int(c.at) < len(s.list) { // the last id had taken its place
		moved := s.list[c.at]
		s.pos[moved] = int32(len(s.list))
		s.list = append(s.list, moved)
	} else {
		s.list = append(s.list, c.id)
	}
	s.list[c.at] = c.id
	s.pos[c.id] = c.at
}

// idSplit splits the edge ids 0..m−1 into kept and deleted ones, in 8 bytes
// per id: one permutation of the ids and each id's position in it. The
// kept ids fill perm[:k] in the order of a list from which an id is
// removed by moving the last one into its place; the deleted ids fill
// perm[k:] in the same kind of list, stored back to front (the deleted
// list's i-th id is perm[m−1−i]). Deleting an id frees perm[k−1] exactly
// where the deleted list grows, and restoring one frees perm[k] exactly
// where the kept list grows, so both lists always have the order that two
// separate sets with swap-removal and appending would have: the uniform
// draws of the local search pick the same ids as they would there.
type idSplit struct {
	perm []int32
	pos  []int32 // pos[id] is id's index in perm
	k    int     // the number of kept ids
}

// reset makes the ids for which kept reports true the kept ones, each list
// in increasing id order; kept is called once per id, in increasing order.
func (s *idSplit) reset(m int, kept func(id int32) bool) {
	if len(s.perm) != m {
		s.perm, s.pos = make([]int32, m), make([]int32, m)
	}
	s.k = 0
	d := m
	for id := range int32(m) {
		if kept(id) {
			s.place(id, s.k)
			s.k++
		} else {
			d--
			s.place(id, d)
		}
	}
}

func (s *idSplit) place(id int32, i int) {
	s.perm[i] = id
	s.pos[id] = int32(i)
}

// listed reports whether the ids are split: not before the first reset,
// nor after the split is dropped (an idSplit{}).
func (s *idSplit) listed() bool { return s.pos != nil }

func (s *idSplit) numKept() int            { return s.k }
func (s *idSplit) numDeleted() int         { return len(s.pos) - s.k } // pos outlives perm (finish)
func (s *idSplit) isKept(id int32) bool    { return int(s.pos[id]) < s.k }
func (s *idSplit) isDeleted(id int32) bool { return int(s.pos[id]) >= s.k }

// deletedAt returns the i-th id of the deleted list.
func (s *idSplit) deletedAt(i int) int32 { return s.perm[len(s.perm)-1-i] }

// deleted appends the deleted ids to dst, in list order.
func (s *idSplit) deleted(dst []int32) []int32 {
	for i := len(s.perm) - 1; i >= s.k; i-- {
		dst = append(dst, s.perm[i])
	}
	return dst
}

func (s *idSplit) randomKept(r *rand.Rand) int32 { return s.perm[r.IntN(s.k)] }
func (s *idSplit) randomDeleted(r *rand.Rand) int32 {
	return s.deletedAt(r.IntN(len(s.perm) - s.k))
}

// remove moves kept id to the deleted ids.
func (s *idSplit) remove(id int32) {
	s.k--
	s.place(s.perm[s.k], int(s.pos[id])) // the last kept id takes id's place
	s.place(id, s.k)                     // id ends the deleted list
}

// restore moves deleted id to the kept ids.
func (s *idSplit) restore(id int32) {
	s.place(s.perm[s.k], int(s.pos[id])) // the last deleted id takes id's place
	s.place(id, s.k)                     // id ends the kept list
	s.k++
}

// putBack exchanges id with the id at index i. Toggling an id that was at
// index i and toggling it again leaves it at the end of its list and the
// id that took its place at i; putBack(id, i) then restores the order
// exactly.
func (s *idSplit) putBack(id int32, i int32) {
	other := s.perm[i]
	s.place(other, int(s.pos[id]))
	s.place(id, int(i))
}

// newSolution wraps the partition p of the input graph, which must be up
// to date; the graph's current edges become the input's edges (the ids).
// After changes to the graph that go around the solution (through p), sync
// brings it up to date again.
func newSolution(p *partition.Partition, cfg *Config) (*solution, error) {
	s := buildSolution(p, cfg, nil)
	if err := s.sync(); err != nil {
		return nil, err
	}
	s.inputMissing = max(0, s.target-s.anonymous())
	return s, nil
}

// newStrategySolution is newSolution without the split of the ids into
// kept and deleted ones (8 bytes per edge), for the greedy strategy, which
// only deletes: whether an edge is kept is asked of the graph until the
// first sync lists them. At 10^8 edges the split would sit beside the
// greedy's queue, at its peak.
func newStrategySolution(p *partition.Partition, cfg *Config) (*solution, error) {
	s := buildSolution(p, cfg, nil)
	if err := s.syncNodes(); err != nil {
		return nil, err
	}
	s.inputMissing = max(0, s.target-s.anonymous())
	return s, nil
}

// newSolutionAfter wraps the partition p, which must be up to date, of a
// graph from which a strategy deleted the edges (or, on a typed graph, the
// ties) listed in deleted: the graph's edges and the deleted ones are the
// input's edges (the ids), as newSolution would have made them from the
// input. Building the solution only after the strategy keeps its state
// out of the strategy's peak memory. deleted is sorted in place and then
// emptied, before the kept and deleted ids are allocated: the caller lists
// the solution's deletions instead. notAnonymous0 is the
// number of the input's nodes that were not k-anonymous.
func newSolutionAfter(p *partition.Partition, cfg *Config, deleted *Alterations, notAnonymous0 int) (*solution, error) {
	deleted.sortByPair()
	s := buildSolution(p, cfg, deleted)
	if err := s.sync(); err != nil {
		return nil, err
	}
	s.inputMissing = max(0, s.target-(s.n-notAnonymous0))
	return s, nil
}

// buildSolution makes the solution of newStrategySolution and
// newSolutionAfter, without the split of the ids or the nodes' state (the
// callers sync them); deleted, if not nil, must be sorted by pair.
func buildSolution(p *partition.Partition, cfg *Config, deleted *Alterations) *solution {
	g := p.Graph()
	pairs := inputPairs(g, deleted)
	// The ids count ties on a typed graph: a pair with several ties
	// outside the protected layers is listed once per tie.
	units := func(yield func(graph.Edge) bool) {
		for e, k := range pairs {
			c := 1
			if g.Typed() {
				c = (k &^ cfg.Protected).Ties(g.Directed())
			}
			for range c {
				if !yield(e) {
					return
				}
			}
		}
	}
	s := &solution{
		p: p, g: g, cfg: cfg, n: g.NumNodes(), target: Target(cfg.Alpha, g.NumNodes()),
		in: newInputEdges(g.NumNodes(), units), naNodes: newIDSet(g.NumNodes()),
		applied: noGeneration, appliedOne: -1, // no move yet
	}
	if g.Typed() {
		s.ties = make([]graph.Kind, 0, s.in.len())
		for _, k := range pairs {
			s.ties = (k &^ cfg.Protected).AppendTies(s.ties, g.Directed())
		}
	}
	if deleted != nil {
		// Listed in the input's edges now: the kept and deleted ids are
		// read from the graph.
		*deleted = Alterations{}
		releaseMemory(s.cfg, s.in.len())
	}
	return s
}

// inputPairs returns the node pairs of the input in (U, V) order, U < V,
// with their kinds (0 on an untyped graph): the pairs of g merged with
// those of deleted (nil for none), which must be sorted by pair. A pair in
// both, or several times in deleted, has the union of their ties.
func inputPairs(g *graph.Graph, deleted *Alterations) iter.Seq2[graph.Edge, graph.Kind] {
	var dels Alterations
	if deleted != nil {
		dels = *deleted
	}
	key := func(e graph.Edge) uint64 { return uint64(e.U)<<32 | uint64(uint32(e.V)) }
	return func(yield func(graph.Edge, graph.Kind) bool) {
		j := 0
		// flush yields the deleted pairs before the pair with key
		// below, and returns the ties deleted from that pair itself.
		flush := func(below uint64) (graph.Kind, bool) {
			for j < dels.Len() {
				a := dels.At(j)
				e := graph.MakeEdge(a.U, a.V)
				if key(e) > below {
					break
				}
				k := a.Ties
				for j++; j < dels.Len(); j++ { // the same pair again
					b := dels.At(j)
					if graph.MakeEdge(b.U, b.V) != e {
						break
					}
					k |= b.Ties
				}
				if key(e) == below {
					return k, true
				}
				if !yield(e, k) {
					return 0, false
				}
			}
			return 0, true
		}
		for u := range int32(g.NumNodes()) {
			for _, v := range g.Neighbors(u) {
				if v < u {
					continue
				}
				e := graph.Edge{U: u, V: v}
				k, ok := flush(key(e))
				if !ok {
					return
				}
				if g.Typed() {
					k |= g.Kind(u, v)
				}
				if !yield(e, k) {
					return
				}
			}
		}
		flush(1<<64 - 1)
	}
}

// sync recomputes the kept and deleted edges, the non-anonymous nodes and
// their count from the graph and its partition, which must be up to date.
func (s *solution) sync() error {
	s.listIDs()
	if units := s.units(); s.ids.numKept() != units {
		return fmt.Errorf("anonymize: the graph has %d edges or ties that the input lacks", units-s.ids.numKept())
	}
	return s.syncNodes()
}

// listIDs splits the ids into kept and deleted ones from the graph, in
// increasing order within each.
func (s *solution) listIDs() {
	edge := s.in.walk() // reset asks in id order
	s.ids.reset(s.in.len(), func(id int32) bool { return s.present(id, edge(id)) })
}

// syncNodes is the part of sync that concerns nodes: the non-anonymous
// ones and their count.
func (s *solution) syncNodes() error {
	s.naNodes.clear()
	for v := range int32(s.n) {
		if !s.p.Anonymous(v) {
			s.naNodes.add(v)
		}
	}
	s.commit()
	var err error
	s.na, err = s.count()
	return err
}

// present reports whether edge or tie id, which is e, is in the graph.
func (s *solution) present(id int32, e graph.Edge) bool {
	if s.ties == nil {
		return s.g.HasEdge(e.U, e.V)
	}
	return s.g.Kind(e.U, e.V)&s.ties[id] == s.ties[id]
}

// units returns the number of edges of the graph, or on a typed graph its
// number of ties outside the protected layers: what the ids count.
func (s *solution) units() int {
	if s.ties == nil {
		return s.g.NumEdges()
	}
	n := 0
	for i := range s.g.NumEdges() {
		n += (s.g.EdgeKind(i) &^ s.cfg.Protected).Ties(s.g.Directed())
	}
	return n
}

// count returns the number of nodes that are not k-anonymous in the
// partition's current state.
func (s *solution) count() (int, error) {
	if !s.cfg.Fuzzy {
		return s.p.NotAnonymous(), nil
	}
	fz, err := s.p.FuzzyAt(s.cfg.Phi, s.cfg.fuzzyLevels())
	if err != nil {
		return 0, fmt.Errorf("anonymize: %w", err)
	}
	return fz.NotAnonymous, nil
}

// feasible reports whether the current state meets the target.
func (s *solution) feasible() bool { return s.n-s.na >= s.target }

// anonymous returns the number of k-anonymous nodes.
func (s *solution) anonymous() int { return s.n - s.na }

// toggle deletes edge id if it is kept and restores it if deleted, without
// updating the partition.
func (s *solution) toggle(id int32) {
	s.mustMove("toggle", false)
	e := s.in.edge(id)
	if s.kept(id, e) {
		if s.ties == nil {
			s.p.DeleteEdge(e.U, e.V)
		} else {
			s.p.SetKind(e.U, e.V, s.g.Kind(e.U, e.V)&^s.ties[id]) // cannot fail: fewer ties of the graph
		}
	} else {
		if s.ties == nil {
			s.p.AddEdge(e.U, e.V)
		} else {
			s.p.SetKind(e.U, e.V, s.g.Kind(e.U, e.V)|s.ties[id]) // cannot fail: a tie of the input
		}
	}
	s.toggleID(id)
}

// kept reports whether edge or tie id, which is e, is kept: from the
// split of the ids, or where there is none (see solution.ids) from the
// graph.
func (s *solution) kept(id int32, e graph.Edge) bool {
	if !s.ids.listed() {
		return s.present(id, e)
	}
	return s.ids.isKept(id)
}

// alteration returns the deletion of edge or tie id, which is e.
func (s *solution) alteration(id int32, e graph.Edge) Alteration {
	a := Alteration{U: e.U, V: e.V}
	if s.ties != nil {
		a.Ties = s.ties[id]
	}
	return a
}

// apply toggles the given edges, updates the partition and returns the new
// number of nodes that are not k-anonymous. undo reverts it.
func (s *solution) apply(ids ...int32) int {
	s.last = append(s.last[:0], ids...)
	s.lastPos = s.lastPos[:0]
	listed := s.ids.listed()
	for _, id := range ids {
		if listed {
			s.lastPos = append(s.lastPos, s.ids.pos[id])
		}
		s.toggle(id)
	}
	s.moves++
	before := s.p.Generation()
	s.update(true)
	s.applied = s.p.Generation()
	if s.applied == before {
		s.applied = noGeneration // Revert would undo an earlier move
	}
	s.appliedOne = -1
	if len(ids) == 1 {
		s.appliedOne = ids[0]
	}
	return s.na
}

// revert reverts the partition's last update, the last move's (see
// partition.Partition.Revert), if that move changed the partition and
// nothing has changed it since, and reports whether it did. The edges are
// then back as before the move, and the id split still as after it (see
// toggleID).
func (s *solution) revert() bool {
	return s.p.Generation() == s.applied && s.p.Revert()
}

// noGeneration is a partition generation that never occurs (they count
// updates from 0).
const noGeneration = ^uint64(0)

// toggleID moves id between the kept and the deleted ids (if they are
// listed) as toggle does, without toggling its edge.
func (s *solution) toggleID(id int32) {
	if !s.ids.listed() {
		return
	}
	if s.ids.isKept(id) {
		s.ids.remove(id)
	} else {
		s.ids.restore(id)
	}
}

// reapply makes the move that toggles edge id back after the last move
// toggled it alone, and commits it, as apply(id) and commit would: the
// id split and the nodes that are not k-anonymous change in the order
// apply would change them (not back to the order before, as undo
// restores it). Where nothing has changed the partition since, it
// reverts the last update instead of computing the signatures of the
// nodes the edge touches again.
func (s *solution) reapply(id int32) {
	s.mustMove("reapply", false)
	if s.appliedOne != id || !s.revert() {
		s.apply(id)
		s.commit()
		return
	}
	s.toggleID(id)
	s.moves++
	s.recount(false)
	s.commit()
}

// update brings the partition, the count and naNodes up to date after
// toggles; with record, it lists the changes to naNodes in lastNA for
// undo.
func (s *solution) update(record bool) {
	s.p.Update()
	s.recount(record)
}

// recount brings the count and naNodes up to date after the partition's
// update (or revert), as update does.
func (s *solution) recount(record bool) {
	if record {
		s.lastNA = s.lastNA[:0]
	}
	for _, v := range s.p.Flipped() {
		if s.p.Anonymous(v) {
			if record {
				s.lastNA = append(s.lastNA, setChange{v, s.naNodes.pos[v]})
			}
			s.naNodes.remove(v)
		} else {
			if record {
				s.lastNA = append(s.lastNA, setChange{v, -1})
			}
			s.naNodes.add(v)
		}
	}
	// count fails only for a fuzzy tolerance, which sync has already
	// accepted when the solution was made.
	s.na, _ = s.count()
}

// undo reverts the last move exactly: the graph and the partition, and the
// order of the id split and of naNodes too.
func (s *solution) undo() {
	listed := s.ids.listed()
	reverted := len(s.last) > 0 && s.revert()
	for i := len(s.last) - 1; i >= 0; i-- {
		id := s.last[i]
		if reverted {
			s.toggleID(id)
		} else {
			s.toggle(id)
		}
		if listed {
			s.ids.putBack(id, s.lastPos[i])
		}
	}
	if !reverted {
		s.p.Update()
	}
	for i := len(s.lastNA) - 1; i >= 0; i-- {
		s.naNodes.revert(s.lastNA[i])
	}
	s.na, _ = s.count()
	s.commit()
}

// try makes the move that toggles edge id (deletes it if kept, restores it
// if deleted) if accept approves the state it reaches, given that state's
// number of nodes that are not k-anonymous and of kept edges, and reports
// whether it made it (then the last move, to commit or undo). accept must
// reject every state with more than maxNA such nodes; it may then be given
// a lower bound of their number above maxNA instead of the number. Where
// the partition can tell the number without the toggle (probe), a
// rejected move is never made; else it is made, judged and undone. The
// outcome, the state after and the count of evaluations are the same
// either way.
func (s *solution) try(id int32, maxNA int, accept func(na, kept int) bool) bool {
	s.mustMove("try", true)
	kept := s.ids.numKept() + 1
	if s.ids.isKept(id) {
		kept -= 2
	}
	if na, ok := s.probe(id, maxNA); ok {
		if !accept(na, kept) {
			s.moves++ // an evaluation, as apply would count it
			return false
		}
		s.apply(id)
		return true
	}
	s.apply(id)
	if accept(s.na, kept) {
		return true
	}
	s.undo()
	return false
}

// probeScan is the most nodes that are not k-anonymous among which probe
// looks for untouched ones.
const probeScan = 64

// probe returns the number of nodes that would not be k-anonymous after
// toggling edge id, without toggling it, or a lower bound of it above
// maxNA, and true; false where the partition cannot tell without the
// toggle: on a typed graph, with fuzzy anonymity, or under a measure
// without the arithmetic fast path (see partition.Partition.DeletionGain).
// Deleting an edge at a hub costs a probe its common-neighbour count and a
// class lookup per node whose signature would change, where making the
// move and undoing it would move each of those nodes between classes twice
// and the edge in the graph's lists twice. A node that is not k-anonymous
// and that the toggle leaves untouched (partition.Partition.Untouched: a
// few lookups), or an end of the edge that it leaves below k
// (partition.Partition.EndBelow: the common neighbours, without a class
// lookup for each), stays so; when more than maxNA are found among the few such
// nodes, the bound is their number. In the local search most moves that
// repair a restoration are settled so: the restoration broke the
// anonymity of both its ends, and a deletion at one of them rarely touches
// the other; where it broke one end only, a deletion there rarely gives
// that end a class of k, and at a web hub such a deletion changes the
// triangle counts of thousands of common neighbours, whose classes
// DeletionGain would look up and whose signatures it would sort.
func (s *solution) probe(id int32, maxNA int) (int, bool) {
	if s.ties != nil || s.cfg.Fuzzy || s.cfg.noProbes {
		return 0, false
	}
	e := s.in.edge(id)
	deleting := s.ids.isKept(id)
	if s.na > maxNA && s.na <= probeScan {
		sign := int32(1)
		if deleting {
			sign = -1
		}
		// The ends last: EndBelow lists the common neighbours, which
		// Untouched does not.
		stuck := 0
		for _, y := range s.naNodes.list {
			if s.p.Untouched(y, e.U, e.V, sign) { // never an end
				if stuck++; stuck > maxNA {
					return stuck, true
				}
			}
		}
		for _, y := range [2]int32{e.U, e.V} {
			if s.naNodes.has(y) && s.p.EndBelow(y, e.U, e.V, sign) {
				if stuck++; stuck > maxNA {
					return stuck, true
				}
			}
		}
	}
	var gain int
	var ok bool
	if deleting {
		gain, ok = s.p.DeletionGain(e.U, e.V, nil)
	} else {
		gain, ok = s.p.AdditionGain(e.U, e.V, nil)
	}
	return s.na - gain, ok
}

// tryOK makes the move of edge id if the state after it is ok after one
// with anonymous0 k-anonymous nodes (try with okMaxNA), and reports
// whether it did (then the last move, to commit or undo).
func (s *solution) tryOK(id int32, anonymous0 int) bool {
	return s.try(id, s.okMaxNA(anonymous0), func(na, _ int) bool { return s.okAt(na, anonymous0) })
}

// commit forgets the last move, so that undo can no longer revert it.
func (s *solution) commit() {
	s.last, s.lastPos, s.lastNA = s.last[:0], s.lastPos[:0], s.lastNA[:0]
}

// broken appends to dst the nodes that the last move made lose their
// anonymity and the ends of edge id: where to look for a partner move that
// repairs it.
func (s *solution) broken(dst []int32, id int32) []int32 {
	dst = s.becameNA(dst)
	e := s.in.edge(id)
	return append(dst, e.U, e.V)
}

// becameNA appends to dst the nodes that stopped being k-anonymous in the
// last partition update (exact anonymity; with fuzzy anonymity, the nodes
// that changed class).
func (s *solution) becameNA(dst []int32) []int32 {
	for _, v := range s.p.Flipped() {
		if !s.p.Anonymous(v) {
			dst = append(dst, v)
		}
	}
	return dst
}

// deletions yields the deleted ids in increasing order, each with its
// edge, in one pass over the ids that finds no edge by a search.
func (s *solution) deletions() iter.Seq2[int32, graph.Edge] {
	return func(yield func(int32, graph.Edge) bool) {
		edge := s.in.walk()
		for id := range int32(s.in.len()) {
			if s.ids.isDeleted(id) && !yield(id, edge(id)) {
				return
			}
		}
	}
}

// deletedEdges returns the deleted edges as alterations, in id order.
func (s *solution) deletedEdges() Alterations {
	var out Alterations
	out.Grow(s.ids.numDeleted())
	for id, e := range s.deletions() {
		out.Append(s.alteration(id, e))
	}
	return out
}

// finish returns the deleted edges as deletedEdges does, and ends the
// solution: to make room for the list it first drops what only moves need
// (the ids at every node, the order of the kept and deleted lists), so
// that nothing but deletedEdges may be called on it afterwards: a move
// then panics (mustMove).
func (s *solution) finish() Alterations {
	s.finished = true
	s.in.back, s.in.backOff = nil, nil
	s.ids.perm = nil
	releaseMemory(s.cfg, s.in.len())
	return s.deletedEdges()
}

// better reports whether a state with anonymous k-anonymous nodes and
// deleted deletions beats one with anonymous0 and deleted0: more anonymous
// nodes up to the target count first (budgeted runs maximise them), then
// fewer deletions.
func (s *solution) better(anonymous, deleted, anonymous0, deleted0 int) bool {
	a, a0 := min(anonymous, s.target), min(anonymous0, s.target)
	if a != a0 {
		return a > a0
	}
	return deleted < deleted0
}

// ok reports whether the current state is acceptable after a move from a
// state with anonymous0 k-anonymous nodes: it keeps the target if that was
// met, and otherwise keeps at least as many k-anonymous nodes.
func (s *solution) ok(anonymous0 int) bool { return s.okAt(s.na, anonymous0) }

// okAt is ok for a state with na nodes that are not k-anonymous.
func (s *solution) okAt(na, anonymous0 int) bool {
	return min(s.n-na, s.target) >= min(anonymous0, s.target)
}

// okMaxNA returns the most nodes that are not k-anonymous that a state ok
// after a move from one with anonymous0 k-anonymous nodes may have.
func (s *solution) okMaxNA(anonymous0 int) int { return s.n - min(anonymous0, s.target) }

// A mark is a state of a solution to return to exactly (returnTo): the
// order in which it holds the kept and deleted ids (the deleted ones are
// perm[k:]) and the nodes that are not k-anonymous, from which the
// optimizers draw at random.
type mark struct {
	perm []int32
	k    int
	na   []int32
}

// mark returns the solution's current state as a mark, in 4 bytes per
// edge and per non-anonymous node.
func (s *solution) mark() mark {
	return mark{perm: slices.Clone(s.ids.perm), k: s.ids.k, na: slices.Clone(s.naNodes.list)}
}

// returnTo moves the solution back to the state of m (moveTo) and restores
// the order of its ids and of its non-anonymous nodes, so that what
// follows is what would have followed had the moves since m never been
// made.
func (s *solution) returnTo(m mark) {
	s.moveTo(m.perm[m.k:])
	for i, id := range m.perm {
		s.ids.place(id, i)
	}
	s.ids.k = m.k
	for i, v := range m.na {
		s.naNodes.list[i] = v
		s.naNodes.pos[v] = int32(i)
	}
}
