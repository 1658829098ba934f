package anonymize

import (
	"context"
	"github.com/anonet-project/anonet/measure"
	"time"
)

// gainKey orders candidate deletions in the exact-gain greedy: by the exact
// number of nodes the deletion makes k-anonymous (net of those it makes
// lose anonymity), then toward deletions that touch a node that is not
// k-anonymous (progress on a plateau), then toward deletions that harm
// utility least: edges in fewer triangles, then between lower-degree ends.
type gainKey struct {
	gain    int32 // exact change in the number of k-anonymous nodes
	touches int32 // nodes the deletion can affect that are not k-anonymous
	tri     int32 // triangles through the edge
	deg     int32 // sum of the ends' degrees
}

// less reports whether a ranks below b (b is the better deletion).
func (a gainKey) less(b gainKey) bool {
	switch {
	case a.gain != b.gain:
		return a.gain < b.gain
	case a.touches != b.touches:
		return a.touches < b.touches
	case a.tri != b.tri:
		return a.tri > b.tri
	}
	return a.deg > b.deg
}

// gainHeap is an indexed max-heap of edge ids by key, ties toward the
// smaller id, so that the order never depends on anything but the keys.
type gainHeap struct {
	ids []int32
	key []gainKey // by edge id
	at  []int32   // by edge id: index in ids, or -1
}

func (h *gainHeap) above(i, j int) bool {
	a, b := h.ids[i], h.ids[j]
	if h.key[a] != h.key[b] {
		return h.key[b].less(h.key[a])
	}
	return a < b
}

func (h *gainHeap) swap(i, j int) {
	h.ids[i], h.ids[j] = h.ids[j], h.ids[i]
	h.at[h.ids[i]], h.at[h.ids[j]] = int32(i), int32(j)
}

func (h *gainHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.above(i, p) {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *gainHeap) down(i int) {
	for {
		l, best := 2*i+1, i
		if l < len(h.ids) && h.above(l, best) {
			best = l
		}
		if r := l + 1; r < len(h.ids) && h.above(r, best) {
			best = r
		}
		if best == i {
			return
		}
		h.swap(i, best)
		i = best
	}
}

// set inserts id with key k, or changes its key.
func (h *gainHeap) set(id int32, k gainKey) {
	h.key[id] = k
	if h.at[id] < 0 {
		h.at[id] = int32(len(h.ids))
		h.ids = append(h.ids, id)
		h.up(len(h.ids) - 1)
		return
	}
	i := int(h.at[id])
	h.up(i)
	h.down(int(h.at[id]))
}

// remove takes id out of the heap.
func (h *gainHeap) remove(id int32) {
	i := int(h.at[id])
	last := len(h.ids) - 1
	if i != last {
		h.swap(i, last)
	}
	h.ids = h.ids[:last]
	h.at[id] = -1
	if i < last {
		h.up(i)
		h.down(int(h.at[h.ids[i]]))
	}
}

// key evaluates the deletion of the kept edge id exactly: it is applied and
// undone.
func (s *solution) key(id int32) gainKey {
	e := s.in.edge(id)
	k := gainKey{deg: int32(s.g.Degree(e.U) + s.g.Degree(e.V))}
	scope, d := s.cfg.Measure.Scope(), s.p.D()
	s.scratch = s.finder.Affected(s.scratch[:0], s.g, scope, e.U, e.V, d)
	var common []int32 // the common neighbours, when the affected set lists them
	if scope == measure.Intersection && d == 1 {
		common = s.scratch[2:] // after u and w, ascending (Affected's contract)
		k.tri = int32(len(common))
	} else {
		k.tri = int32(s.g.CountCommonNeighbors(e.U, e.V))
	}
	for _, x := range s.scratch {
		if !s.p.Anonymous(x) {
			k.touches++
		}
	}
	if s.ties == nil && !s.cfg.Fuzzy {
		// Under degree, count, edgecount or none at d = 1 the gain follows
		// from degrees and triangles: nothing is changed to find it.
		if gain, ok := s.p.DeletionGain(e.U, e.V, common); ok {
			k.gain = int32(gain)
			return k
		}
	}
	a0 := s.anonymous()
	s.apply(id)
	k.gain = int32(s.anonymous() - a0)
	s.undo()
	return k
}

// greedy deletes edges one at a time (R = 1), each time the one whose
// deletion gives the most k-anonymous nodes, evaluated exactly, until the
// target is met or budget deletions are made. Keys are kept in a lazy
// priority queue: the top candidate is re-evaluated, and taken if it still
// ranks first; after a deletion the candidates at its ends and at the nodes
// whose anonymity changed are re-evaluated. step is called after every
// deletion. It returns the number of evaluations.
//
// With gainful set it stops instead at a deletion that would not raise the
// number of k-anonymous nodes; with fuzzy anonymity it then only considers
// the edges at nodes that are not k-anonymous.
func (s *solution) greedy(ctx context.Context, budget int, gainful bool, step func(id int32, update time.Duration)) int {
	h := &gainHeap{key: make([]gainKey, s.in.len()), at: make([]int32, s.in.len())}
	for i := range h.at {
		h.at[i] = -1
	}
	evals := 0
	for _, id := range s.ids.keptList() {
		if gainful && s.cfg.Fuzzy {
			// A fuzzy count costs a pass over all classes: try only the
			// edges at nodes that are not k-anonymous.
			if e := s.in.edge(id); s.p.Anonymous(e.U) && s.p.Anonymous(e.V) {
				continue
			}
		}
		h.set(id, s.key(id))
		evals++
	}
	fresh := make([]int32, s.in.len()) // fresh[id] == step+1: key is exact now
	var touched []int32
	for deleted := 0; !s.feasible() && deleted < budget && len(h.ids) > 0; {
		if ctx.Err() != nil {
			break
		}
		top := h.ids[0]
		if fresh[top] != int32(deleted+1) {
			h.set(top, s.key(top))
			evals++
			fresh[top] = int32(deleted + 1)
			continue
		}
		if gainful && h.key[top].gain <= 0 {
			break
		}
		h.remove(top)
		e := s.in.edge(top)
		t := time.Now()
		s.apply(top)
		s.commit()
		deleted++
		step(top, time.Since(t))
		// Re-evaluate the candidates around the change.
		touched = append(touched[:0], e.U, e.V)
		touched = s.becameNA(touched)
		for _, v := range s.p.Flipped() {
			if s.p.Anonymous(v) {
				touched = append(touched, v)
			}
		}
		for _, x := range touched {
			for f := range s.in.incident(x) {
				if s.ids.isKept(f) && fresh[f] != int32(deleted+1) {
					h.set(f, s.key(f))
					evals++
					fresh[f] = int32(deleted + 1)
				}
			}
		}
	}
	return evals
}
