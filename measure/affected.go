package measure

import (
	"fmt"

	"github.com/anonet-project/anonet/graph"
)

// AffectedFinder computes affected sets. It holds scratch space and must not
// be used by two goroutines at once. The zero value is ready to use.
type AffectedFinder struct {
	bu, bw graph.Ball
}

// Affected appends to dst every node whose signature, under a measure of
// scope s at distance d, can change when the edge {u, w} is deleted or added.
// g must be in the state in which the edge is present: before a deletion,
// after an addition. The nodes are appended without duplicates; every set
// contains u and w. For Endpoints and for Intersection at d = 1 they come
// as u, w, then the common neighbours of u and w in ascending order (which
// callers may take as that list); otherwise in no particular order.
func (f *AffectedFinder) Affected(dst []int32, g *graph.Graph, s Scope, u, w int32, d int) []int32 {
	switch {
	case s == Everything:
		for v := range int32(g.NumNodes()) {
			dst = append(dst, v)
		}
		return dst
	case s == Endpoints:
		return append(dst, u, w)
	case s == Intersection && d == 1:
		dst = append(dst, u, w)
		return g.CommonNeighbors(dst, u, w)
	case s == Intersection:
		g.BallNodes(u, d, &f.bu)
		g.BallNodes(w, d, &f.bw)
		a, b := &f.bu, &f.bw
		if a.Size() > b.Size() {
			a, b = b, a
		}
		for _, x := range a.Nodes {
			if b.Contains(x) {
				dst = append(dst, x)
			}
		}
		return dst
	case s == Union:
		g.BallNodes(u, d, &f.bu)
		g.BallNodes(w, d, &f.bw)
		dst = append(dst, f.bu.Nodes...)
		for _, x := range f.bw.Nodes {
			if !f.bu.Contains(x) {
				dst = append(dst, x)
			}
		}
		return dst
	}
	panic(fmt.Sprintf("measure: Affected of an unknown scope %v", s)) // a new Scope must be handled above
}
