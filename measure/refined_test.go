package measure_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/canon"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
	"github.com/anonet-project/anonet/measure"
)

// signatures returns the signature of every node of g under m at d.
func signatures(g *graph.Graph, m measure.Measure, d int) [][]byte {
	e := m.NewEvaluator(g, d)
	sigs := make([][]byte, g.NumNodes())
	for v := range int32(g.NumNodes()) {
		sigs[v] = e.AppendSignature(nil, v)
	}
	return sigs
}

// TestAttributedPath: on the path 0-1-2-3, degree cannot tell 0 from 3,
// nor 1 from 2; attributes can, and for vrq the neighbours' attributes
// can too.
func TestAttributedPath(t *testing.T) {
	g := graph.New(4)
	g.AddEdge(0, 1)
	g.AddEdge(1, 2)
	g.AddEdge(2, 3)
	tests := []struct {
		m      measure.Measure
		colors []int32
		equal  [][2]int32 // pairs with equal signatures; all others differ
	}{
		{measure.Degree{}, []int32{0, 0, 0, 0}, [][2]int32{{0, 3}, {1, 2}}},
		{measure.Degree{}, []int32{0, 0, 1, 1}, nil},
		{measure.Degree{}, []int32{0, 1, 1, 0}, [][2]int32{{0, 3}, {1, 2}}},
		// vrq: 0 and 3 see a neighbour of degree 2 with colours 1 and 1.
		{measure.VRQ{}, []int32{0, 1, 1, 0}, [][2]int32{{0, 3}, {1, 2}}},
		// 0 sees (1, deg 2), 3 sees (0, deg 2); 1 sees (0,1),(0,2), 2 sees (1,2),(1,1).
		{measure.VRQ{}, []int32{0, 1, 0, 0}, nil},
		{measure.Count{}, []int32{1, 2, 2, 1}, [][2]int32{{0, 3}, {1, 2}}},
	}
	for _, tc := range tests {
		sigs := signatures(g, measure.Refined{Measure: tc.m, Colors: tc.colors}, 1)
		for u := range int32(4) {
			for w := u + 1; w < 4; w++ {
				want := slices.Contains(tc.equal, [2]int32{u, w})
				if got := bytes.Equal(sigs[u], sigs[w]); got != want {
					t.Errorf("%s colours %v: nodes %d and %d equal %v, want %v", tc.m.Name(), tc.colors, u, w, got, want)
				}
			}
		}
	}
}

// distances returns the BFS distances from v (-1: unreachable), a test
// oracle independent of graph.Ball.
func distances(g *graph.Graph, v int32) []int {
	return testgraphs.NaiveDistances(g.NumNodes(), func(x, y int) bool { return g.HasEdge(int32(x), int32(y)) }, int(v))
}

// TestAttributedOracle: on random graphs and colours, two nodes have
// equal attributed signatures exactly when they have equal colours, equal
// signatures under the plain measure and (vrq, degdist, hybrid) equal
// multisets of (colour, degree) at every distance 1..d; for dk, when their
// balls coloured by (distance, colour), built here from the test's own
// BFS, have equal certificates.
func TestAttributedOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 1))
	for trial := range 30 {
		n := 8 + r.IntN(25)
		g := graph.New(n)
		for range n + r.IntN(2*n) {
			if u, w := int32(r.IntN(n)), int32(r.IntN(n)); u != w {
				g.AddEdge(u, w)
			}
		}
		colors := make([]int32, n)
		for v := range colors {
			colors[v] = int32(r.IntN(2))
		}
		for _, m := range []measure.Measure{measure.Degree{}, measure.Count{}, measure.VRQ{}, measure.DegDist{}, measure.DK{}, measure.EdgeCount{}} {
			for d := 1; d <= 2; d++ {
				got := signatures(g, measure.Refined{Measure: m, Colors: colors}, d)
				plain := signatures(g, m, d)
				key := make([]string, n)
				for v := range int32(n) {
					key[v] = fmt.Sprintf("%d|%x", colors[v], plain[v])
					dist := distances(g, v)
					if _, ok := m.(measure.DK); ok {
						key[v] = fmt.Sprintf("%d|%x", colors[v], colouredBall(g, dist, d, colors))
						continue
					}
					if m.Name() == "count" || m.Name() == "degree" || m.Name() == "edgecount" {
						continue
					}
					for t := 1; t <= d; t++ {
						var pairs [][2]int
						for x, dx := range dist {
							if dx == t {
								pairs = append(pairs, [2]int{int(colors[x]), g.Degree(int32(x))})
							}
						}
						slices.SortFunc(pairs, func(a, b [2]int) int {
							if a[0] != b[0] {
								return a[0] - b[0]
							}
							return a[1] - b[1]
						})
						key[v] += fmt.Sprint(pairs)
					}
				}
				for u := range n {
					for w := u + 1; w < n; w++ {
						if want, got := key[u] == key[w], bytes.Equal(got[u], got[w]); got != want {
							t.Fatalf("trial %d, %s d=%d: nodes %d, %d equal %v, want %v", trial, m.Name(), d, u, w, got, want)
						}
					}
				}
			}
		}
	}
}

// colouredBall returns the certificate of the subgraph induced by the
// nodes within distance d (dist from the centre), each coloured by its
// distance and colour.
func colouredBall(g *graph.Graph, dist []int, d int, colors []int32) []byte {
	local := map[int32]int32{}
	var nodes []int32
	for x, dx := range dist {
		if dx >= 0 && dx <= d {
			local[int32(x)] = int32(len(nodes))
			nodes = append(nodes, int32(x))
		}
	}
	h := canon.Graph{N: len(nodes), Off: []int32{0}}
	for _, x := range nodes {
		for _, y := range g.Neighbors(x) {
			if j, ok := local[y]; ok {
				h.Adj = append(h.Adj, j)
			}
		}
		h.Off = append(h.Off, int32(len(h.Adj)))
		h.Color = append(h.Color, int32(dist[x])*8+colors[x])
	}
	return canon.NewCanonizer().AppendCertificate(nil, h)
}
