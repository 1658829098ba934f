package canon

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/internal/shareddata"
)

// edge is an undirected edge of a test graph.
type edge struct{ u, v int32 }

// fromEdges builds a Graph on n vertices from an edge list.
func fromEdges(n int, edges []edge, col []int32) Graph {
	off := make([]int32, n+1)
	for _, e := range edges {
		off[e.u+1]++
		off[e.v+1]++
	}
	for i := 0; i < n; i++ {
		off[i+1] += off[i]
	}
	adj := make([]int32, off[n])
	fill := slices.Clone(off[:n])
	for _, e := range edges {
		adj[fill[e.u]] = e.v
		fill[e.u]++
		adj[fill[e.v]] = e.u
		fill[e.v]++
	}
	return Graph{N: n, Off: off, Adj: adj, Color: col}
}

// edgesOf lists the edges u < v of g.
func edgesOf(g Graph) []edge {
	var es []edge
	for v := 0; v < g.N; v++ {
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			if int32(v) < u {
				es = append(es, edge{int32(v), u})
			}
		}
	}
	return es
}

// relabel returns g with vertex v renamed perm[v], adjacency lists shuffled.
func relabel(g Graph, perm []int32, rng *rand.Rand) Graph {
	es := edgesOf(g)
	for i := range es {
		es[i] = edge{perm[es[i].u], perm[es[i].v]}
		if rng != nil && rng.IntN(2) == 0 {
			es[i].u, es[i].v = es[i].v, es[i].u
		}
	}
	if rng != nil {
		rng.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
	}
	var col []int32
	if g.Color != nil {
		col = make([]int32, g.N)
		for v, x := range g.Color {
			col[perm[v]] = x
		}
	}
	return fromEdges(g.N, es, col)
}

// randomRelabel applies a random permutation to g.
func randomRelabel(g Graph, rng *rand.Rand) Graph {
	perm := make([]int32, g.N)
	for i := range perm {
		perm[i] = int32(i)
	}
	rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	return relabel(g, perm, rng)
}

// disjointUnion returns k disjoint copies of g.
func disjointUnion(g Graph, k int) Graph {
	var es []edge
	var col []int32
	for i := 0; i < k; i++ {
		for _, e := range edgesOf(g) {
			es = append(es, edge{e.u + int32(i*g.N), e.v + int32(i*g.N)})
		}
		if g.Color != nil {
			col = append(col, g.Color...)
		}
	}
	return fromEdges(k*g.N, es, col)
}

// petersen returns the Petersen graph.
func petersen() Graph {
	var es []edge
	for i := int32(0); i < 5; i++ {
		es = append(es, edge{i, (i + 1) % 5}, edge{i, i + 5}, edge{5 + i, 5 + (i+2)%5})
	}
	return fromEdges(10, es, nil)
}

// paley returns the Paley graph of prime order q ≡ 1 (mod 4).
func paley(q int) Graph {
	sq := make([]bool, q)
	for x := 1; x < q; x++ {
		sq[x*x%q] = true
	}
	var es []edge
	for a := 0; a < q; a++ {
		for b := a + 1; b < q; b++ {
			if sq[(b-a)%q] {
				es = append(es, edge{int32(a), int32(b)})
			}
		}
	}
	return fromEdges(q, es, nil)
}

// hypercube returns Q_d.
func hypercube(d int) Graph {
	n := 1 << d
	var es []edge
	for v := 0; v < n; v++ {
		for i := 0; i < d; i++ {
			if u := v ^ 1<<i; u > v {
				es = append(es, edge{int32(v), int32(u)})
			}
		}
	}
	return fromEdges(n, es, nil)
}

// rook4 returns the 4×4 rook's graph K4□K4, srg(16,6,2,2).
func rook4() Graph {
	var es []edge
	for a := 0; a < 16; a++ {
		for b := a + 1; b < 16; b++ {
			if a/4 == b/4 || a%4 == b%4 {
				es = append(es, edge{int32(a), int32(b)})
			}
		}
	}
	return fromEdges(16, es, nil)
}

// shrikhande returns the Shrikhande graph, srg(16,6,2,2): Cayley graph of
// Z4×Z4 with connection set ±(0,1), ±(1,0), ±(1,1).
func shrikhande() Graph {
	var es []edge
	d := [][2]int{{0, 1}, {1, 0}, {1, 1}}
	for a := 0; a < 16; a++ {
		x, y := a/4, a%4
		for _, s := range d {
			b := (x+s[0])%4*4 + (y+s[1])%4
			es = append(es, edge{int32(a), int32(b)})
		}
	}
	return fromEdges(16, es, nil)
}

// randomRegular returns a random d-regular simple graph on n vertices
// (configuration model with restarts).
func randomRegular(n, d int, rng *rand.Rand) Graph {
	for {
		pts := make([]int32, 0, n*d)
		for v := 0; v < n; v++ {
			for i := 0; i < d; i++ {
				pts = append(pts, int32(v))
			}
		}
		rng.Shuffle(len(pts), func(i, j int) { pts[i], pts[j] = pts[j], pts[i] })
		seen := map[edge]bool{}
		ok := true
		var es []edge
		for i := 0; i < len(pts); i += 2 {
			u, v := pts[i], pts[i+1]
			if u > v {
				u, v = v, u
			}
			if u == v || seen[edge{u, v}] {
				ok = false
				break
			}
			seen[edge{u, v}] = true
			es = append(es, edge{u, v})
		}
		if ok {
			return fromEdges(n, es, nil)
		}
	}
}

// randomGraph returns a G(n, p) graph.
func randomGraph(n int, p float64, rng *rand.Rand) Graph {
	var es []edge
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if rng.Float64() < p {
				es = append(es, edge{int32(a), int32(b)})
			}
		}
	}
	return fromEdges(n, es, nil)
}

// cfi returns the Cai–Fürer–Immerman graph over base; the edges listed in
// twist get crossed connections. CFI graphs with twist sets of equal parity
// are isomorphic (for a connected base), of different parity not.
func cfi(base Graph, twist map[int]bool) Graph {
	es := edgesOf(base)
	inc := make([][]int, base.N) // edge indices incident to v
	for i, e := range es {
		inc[e.u] = append(inc[e.u], i)
		inc[e.v] = append(inc[e.v], i)
	}
	n := int32(0)
	// b[v][i][bit]: vertex for incident edge i of v with bit.
	type key struct{ v, e, bit int }
	bv := map[key]int32{}
	var out []edge
	for v := 0; v < base.N; v++ {
		d := len(inc[v])
		for _, e := range inc[v] {
			bv[key{v, e, 0}] = n
			bv[key{v, e, 1}] = n + 1
			n += 2
		}
		for s := 0; s < 1<<d; s++ {
			if popcount(s)%2 != 0 {
				continue
			}
			a := n
			n++
			for j, e := range inc[v] {
				out = append(out, edge{a, bv[key{v, e, s >> j & 1}]})
			}
		}
	}
	for i, e := range es {
		for bit := 0; bit < 2; bit++ {
			other := bit
			if twist[i] {
				other = 1 - bit
			}
			out = append(out, edge{bv[key{int(e.u), i, bit}], bv[key{int(e.v), i, other}]})
		}
	}
	return fromEdges(int(n), out, nil)
}

func popcount(x int) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

// complete returns K_n.
func complete(n int) Graph {
	var es []edge
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			es = append(es, edge{int32(a), int32(b)})
		}
	}
	return fromEdges(n, es, nil)
}

// dataset is a shared reference network.
type dataset struct {
	name string // file name without .nauty
	g    Graph
}

// readDatasets reads the shared nauty-format reference networks, sorted by
// name, or skips.
func readDatasets(tb testing.TB) []dataset {
	tb.Helper()
	var ds []dataset
	for _, path := range shareddata.Glob(tb, filepath.Join("anonet", "*.nauty")) {
		g, err := readNauty(path)
		if err != nil {
			tb.Fatal(err)
		}
		ds = append(ds, dataset{strings.TrimSuffix(filepath.Base(path), ".nauty"), g})
	}
	return ds
}

// readNauty reads the nauty text format: "!n=N", "!m=ARCS", then lines
// "v: a b c;" with 0-based ids, every edge listed from both ends.
func readNauty(path string) (Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return Graph{}, err
	}
	defer f.Close()
	n := -1
	var es []edge
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		switch {
		case s == "":
		case strings.HasPrefix(s, "!n="):
			n, err = strconv.Atoi(s[3:])
			if err != nil {
				return Graph{}, fmt.Errorf("%s:%d: %v", path, line, err)
			}
		case strings.HasPrefix(s, "!"):
		default:
			head, rest, ok := strings.Cut(s, ":")
			if !ok {
				return Graph{}, fmt.Errorf("%s:%d: missing ':'", path, line)
			}
			v, err := strconv.Atoi(strings.TrimSpace(head))
			if err != nil {
				return Graph{}, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			for _, w := range strings.Fields(strings.TrimSuffix(strings.TrimSpace(rest), ";")) {
				u, err := strconv.Atoi(strings.TrimSuffix(w, ";"))
				if err != nil {
					return Graph{}, fmt.Errorf("%s:%d: %v", path, line, err)
				}
				if v < u {
					es = append(es, edge{int32(v), int32(u)})
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return Graph{}, err
	}
	if n < 0 {
		return Graph{}, fmt.Errorf("%s: missing !n= line", path)
	}
	slices.SortFunc(es, func(a, b edge) int {
		if a.u != b.u {
			return int(a.u - b.u)
		}
		return int(a.v - b.v)
	})
	es = slices.Compact(es)
	return fromEdges(n, es, nil), nil
}

// egoExtractor builds closed 1-neighbourhoods of the vertices of a graph into
// reused buffers, the centre as local vertex 0 with colour 1, its neighbours
// colour 0.
type egoExtractor struct {
	g        Graph
	local    []int32 // global id -> local id + 1, 0 when outside
	verts    []int32
	off, adj []int32
	col      []int32
}

func newEgoExtractor(g Graph) *egoExtractor {
	return &egoExtractor{g: g, local: make([]int32, g.N)}
}

// ego returns the 1-neighbourhood of v; valid until the next call.
func (x *egoExtractor) ego(v int32) Graph {
	g := x.g
	x.verts = append(x.verts[:0], v)
	x.verts = append(x.verts, g.Adj[g.Off[v]:g.Off[v+1]]...)
	for i, u := range x.verts {
		x.local[u] = int32(i) + 1
	}
	x.off = append(x.off[:0], 0)
	x.adj = x.adj[:0]
	x.col = x.col[:0]
	for i, u := range x.verts {
		for _, w := range g.Adj[g.Off[u]:g.Off[u+1]] {
			if l := x.local[w]; l != 0 {
				x.adj = append(x.adj, l-1)
			}
		}
		x.off = append(x.off, int32(len(x.adj)))
		if i == 0 {
			x.col = append(x.col, 1)
		} else {
			x.col = append(x.col, 0)
		}
	}
	for _, u := range x.verts {
		x.local[u] = 0
	}
	return Graph{N: len(x.verts), Off: x.off, Adj: x.adj, Color: x.col}
}

// ball returns the ball of radius r around v (all vertices within distance
// r and all edges among them), the centre as local vertex 0, each vertex
// coloured by its distance from the centre; valid until the next call.
func (x *egoExtractor) ball(v int32, r int) Graph {
	g := x.g
	x.verts = append(x.verts[:0], v)
	x.local[v] = 1
	x.col = append(x.col[:0], 0)
	for lo, d := 0, 1; d <= r; d++ {
		hi := len(x.verts)
		for _, u := range x.verts[lo:hi] {
			for _, w := range g.Adj[g.Off[u]:g.Off[u+1]] {
				if x.local[w] == 0 {
					x.verts = append(x.verts, w)
					x.local[w] = int32(len(x.verts))
					x.col = append(x.col, int32(d))
				}
			}
		}
		lo = hi
	}
	x.off = append(x.off[:0], 0)
	x.adj = x.adj[:0]
	for _, u := range x.verts {
		for _, w := range g.Adj[g.Off[u]:g.Off[u+1]] {
			if l := x.local[w]; l != 0 {
				x.adj = append(x.adj, l-1)
			}
		}
		x.off = append(x.off, int32(len(x.adj)))
	}
	for _, u := range x.verts {
		x.local[u] = 0
	}
	return Graph{N: len(x.verts), Off: x.off, Adj: x.adj, Color: x.col}
}

// crown returns the crown graph on 2k vertices: K_{k,k} minus a perfect
// matching.
func crown(k int) Graph {
	var es []edge
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			if a != b {
				es = append(es, edge{int32(a), int32(k + b)})
			}
		}
	}
	return fromEdges(2*k, es, nil)
}

// complement returns the complement of g.
func complementGraph(g Graph) Graph {
	adj := make(map[edge]bool)
	for _, e := range edgesOf(g) {
		adj[e] = true
	}
	var es []edge
	for a := int32(0); a < int32(g.N); a++ {
		for b := a + 1; b < int32(g.N); b++ {
			if !adj[edge{a, b}] {
				es = append(es, edge{a, b})
			}
		}
	}
	return fromEdges(g.N, es, g.Color)
}

// partitionCheck checks that two keys of the same items, such as our
// certificate and an oracle's canonical form, induce the same partition of
// the items into classes.
type partitionCheck struct {
	ab, ba map[string]string
}

func newPartitionCheck() *partitionCheck {
	return &partitionCheck{ab: map[string]string{}, ba: map[string]string{}}
}

// add records an item with keys a (ours) and b (the oracle's) and returns
// an error when it contradicts an earlier item.
func (p *partitionCheck) add(a, b string) error {
	if x, ok := p.ab[a]; ok && x != b {
		return fmt.Errorf("equal certificates, but the oracle finds the graphs non-isomorphic")
	}
	if x, ok := p.ba[b]; ok && x != a {
		return fmt.Errorf("the oracle finds the graphs isomorphic, but the certificates differ")
	}
	p.ab[a], p.ba[b] = b, a
	return nil
}

// classes returns the number of classes seen.
func (p *partitionCheck) classes() int { return len(p.ab) }
