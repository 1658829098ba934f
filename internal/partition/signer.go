package partition

import (
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// signer computes the signatures of a batch of nodes on several goroutines,
// one evaluator each. Results do not depend on the number of goroutines.
type signer struct {
	evals []measure.Evaluator
	arena [][]byte // per worker
	owner []int32  // per batch entry: worker that computed it
	start []int    // offset in the owner's arena
	end   []int
}

func newSigner(g *graph.Graph, m measure.Measure, d, threads int) *signer {
	if _, _, whole := measure.WholeOf(m); whole {
		// One evaluator computes the classes of the whole graph once per
		// state; more would each compute them again.
		threads = 1
	}
	s := &signer{evals: make([]measure.Evaluator, threads), arena: make([][]byte, threads)}
	for i := range s.evals {
		s.evals[i] = m.NewEvaluator(g, d)
	}
	return s
}

// compute computes the signatures of nodes; sig(i) then returns the one of
// nodes[i] until the next call.
func (s *signer) compute(nodes []int32) {
	n := len(nodes)
	s.owner = append(s.owner[:0], make([]int32, n)...)
	s.start = append(s.start[:0], make([]int, n)...)
	s.end = append(s.end[:0], make([]int, n)...)
	for i := range s.arena {
		s.arena[i] = s.arena[i][:0]
	}
	workers := min(len(s.evals), (n+15)/16)
	graph.ForChunks(n, 8, workers, func(w, lo, hi int) {
		ev := s.evals[w]
		for i := lo; i < hi; i++ {
			s.owner[i] = int32(w)
			s.start[i] = len(s.arena[w])
			s.arena[w] = ev.AppendSignature(s.arena[w], nodes[i])
			s.end[i] = len(s.arena[w])
		}
	})
}

// sig returns the signature of the i-th node of the last batch.
func (s *signer) sig(i int) []byte {
	return s.arena[s.owner[i]][s.start[i]:s.end[i]]
}

// complete reports whether the signatures are exact: false if a Whole
// measure's computation was cut short (its classes are then subsets of
// the true ones).
func (s *signer) complete() bool {
	for _, ev := range s.evals {
		if c, ok := ev.(interface{ Complete() bool }); ok && !c.Complete() {
			return false
		}
	}
	return true
}
