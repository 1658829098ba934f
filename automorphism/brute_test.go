package automorphism

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// TestBruteForce compares the orbits with those of all n! permutations on
// random small graphs: plain, coloured, directed, layered, and both.
func TestBruteForce(t *testing.T) {
	r := newRand(1)
	for i := range 3000 {
		n := 1 + r.IntN(8)
		p := []float64{0.15, 0.3, 0.5, 0.8}[r.IntN(4)]
		directed := i%4 == 1 || i%4 == 3
		var layers []string
		if i%4 >= 2 {
			layers = []string{"a", "b"}
		}
		g, err := testgraphs.RandomTyped(r, n, p, directed, layers)
		if err != nil {
			t.Fatal(err)
		}
		var colors []int32
		if r.IntN(3) == 0 {
			colors = make([]int32, n)
			for v := range colors {
				colors[v] = int32(r.IntN(2)) * 7
			}
		}
		want := bruteOrbits(g, colors)
		got := compute(t, g, colors)
		if !slices.Equal(got.Of, want) {
			t.Fatalf("graph %d (n %d, directed %v, layers %v, colours %v): orbits %v, want %v\nedges %v", i, n, directed, layers, colors, got.Of, want, describe(g))
		}
	}
}

func describe(g *graph.Graph) string {
	var b strings.Builder
	for _, e := range g.SortedEdges() {
		fmt.Fprintf(&b, "%d-%d:%x ", e.U, e.V, uint64(g.Kind(e.U, e.V)))
	}
	return b.String()
}

// FuzzCompute builds a small typed or untyped graph from the input and
// compares its orbits with brute force: byte 0 gives the node count (1 to
// 8) and the type (directed, two layers), the next bytes a tie kind per
// pair of nodes (0 for none) and then a colour per node.
func FuzzCompute(f *testing.F) {
	f.Add([]byte{5, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0})
	f.Add([]byte{0x36, 3, 1, 2, 0, 3, 3, 1, 2, 0, 0, 1, 2, 3, 0, 2, 1})
	f.Add([]byte{0x47, 9, 6, 0, 12, 3, 3, 0, 0, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := 1 + int(data[0]&7)
		directed, layered := data[0]&0x10 != 0, data[0]&0x20 != 0
		data = data[1:]
		g := graph.New(n)
		var layers []string
		if layered {
			layers = []string{"a", "b"}
		}
		if directed || layered {
			g.SetTypes(directed, layers)
		}
		for u := range int32(n) {
			for v := u + 1; v < int32(n); v++ {
				if len(data) == 0 {
					break
				}
				b := data[0]
				data = data[1:]
				var k graph.Kind
				switch {
				case directed && layered:
					k = graph.Kind(b & 15)
				case directed:
					k = graph.Kind(b & 3)
				case layered:
					k = graph.Kind(b&1)*3 | graph.Kind(b>>1&1)*12
				default:
					k = graph.Kind(b&1) * 3
				}
				if k == 0 {
					continue
				}
				if g.Typed() {
					g.SetKind(u, v, k)
				} else {
					g.AddEdge(u, v)
				}
			}
		}
		var colors []int32
		if len(data) >= n {
			colors = make([]int32, n)
			for v := range colors {
				colors[v] = int32(data[v] & 3)
			}
		}
		want := bruteOrbits(g, colors)
		got := compute(t, g, colors)
		if !slices.Equal(got.Of, want) {
			t.Fatalf("orbits %v, want %v (%s)", got.Of, want, describe(g))
		}
	})
}
