package automorphism

import (
	"fmt"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/marks"
)

// verifier checks candidate automorphisms against the input graph itself:
// node colours, every edge at the support and, on a typed graph, the kind
// of each of those ties (its layers and direction).
type verifier struct {
	g     *graph.Graph
	col   []int32
	typed bool
	perm  []int32
	mark  marks.Set
	kinds []graph.Kind
}

func (vf *verifier) init(g *graph.Graph, col []int32) {
	n := g.NumNodes()
	vf.g, vf.col, vf.typed = g, col, g.Typed()
	vf.perm = make([]int32, n)
	for i := range vf.perm {
		vf.perm[i] = int32(i)
	}
	vf.mark.Reset(n, 2)
	if vf.typed {
		vf.kinds = make([]graph.Kind, n)
	}
}

// check reports whether the permutation that maps src[i] to dst[i] and
// fixes every other node is an automorphism: src and dst must hold the
// same nodes, each once, and the map must preserve colours, edges and tie
// kinds. An edge between two fixed nodes maps onto itself, and a
// permutation that maps every edge onto an edge maps the edge set onto
// itself, so checking the edges at src suffices.
func (vf *verifier) check(src, dst []int32) bool {
	if len(src) != len(dst) {
		return false
	}
	g := vf.g
	vf.mark.Reset(g.NumNodes(), 2)
	for _, a := range src {
		if vf.mark.Marked(a) {
			return false
		}
		vf.mark.MarkLevel(a, 0)
	}
	for _, b := range dst {
		if !vf.mark.MarkedAt(b, 0) {
			return false // not in src, or twice in dst
		}
		vf.mark.MarkLevel(b, 1)
	}
	for i, a := range src {
		vf.perm[a] = dst[i]
	}
	ok := vf.edges(src, dst)
	for _, a := range src {
		vf.perm[a] = a
	}
	return ok
}

// edges checks colours and the ties at src; vf.perm holds the map.
func (vf *verifier) edges(src, dst []int32) bool {
	g := vf.g
	for i, a := range src {
		b := dst[i]
		if vf.col != nil && vf.col[a] != vf.col[b] || g.Degree(a) != g.Degree(b) {
			return false
		}
		vf.mark.Next()
		for j, w := range g.Neighbors(b) {
			vf.mark.Mark(w)
			if vf.typed {
				vf.kinds[w] = g.IncidentKind(b, j)
			}
		}
		for j, w := range g.Neighbors(a) {
			pw := vf.perm[w]
			if !vf.mark.Marked(pw) || vf.typed && vf.kinds[pw] != g.IncidentKind(a, j) {
				return false
			}
		}
	}
	return true
}

// IsAutomorphism reports whether perm (perm[v] is the image of node v) is
// an automorphism of g that preserves the node colours (colors[v]; nil
// means one colour) and, on a typed graph, the kind of every tie. It
// returns an error if perm is not a permutation of the nodes or colors
// has the wrong length. It takes O(n + the degrees of the moved nodes)
// time.
func IsAutomorphism(g *graph.Graph, colors, perm []int32) (bool, error) {
	n := g.NumNodes()
	if err := checkColors(n, colors); err != nil {
		return false, err
	}
	if len(perm) != n {
		return false, fmt.Errorf("automorphism: permutation of %d entries for %d nodes", len(perm), n)
	}
	seen := make([]bool, n)
	var src, dst []int32
	for v, w := range perm {
		if w < 0 || int(w) >= n || seen[w] {
			return false, fmt.Errorf("automorphism: not a permutation: node %d maps to %d", v, w)
		}
		seen[w] = true
		if int(w) != v {
			src = append(src, int32(v))
			dst = append(dst, w)
		}
	}
	var vf verifier
	vf.init(g, colors)
	return vf.check(src, dst), nil
}

// checkColors returns an error unless colors is nil or has one entry per
// node.
func checkColors(n int, colors []int32) error {
	if colors != nil && len(colors) != n {
		return fmt.Errorf("automorphism: %d colours for %d nodes", len(colors), n)
	}
	return nil
}
