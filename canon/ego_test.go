package canon

import (
	"testing"
)

// TestEgoNetworks checks, on the neighbourhoods of real networks, that
// certificates and group orders are invariant under random relabelings
// (1-neighbourhoods with the centre coloured apart, and balls of radius 2
// coloured by distance), and that the fast paths and the plain search
// partition the 1-neighbourhoods into the same classes.
func TestEgoNetworks(t *testing.T) {
	datasets := readDatasets(t)
	step := 7
	if testing.Short() {
		datasets, step = datasets[:4], 23
	}
	for _, ds := range datasets {
		g := ds.g
		t.Run(ds.name, func(t *testing.T) {
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			rng := newRand(29)
			x := newEgoExtractor(g)
			c := NewCanonizer()
			slow := NewCanonizer()
			slow.opts = plainSearch
			fastClass := map[string]int32{}
			slowClass := map[string]int32{}
			for v := int32(0); v < int32(g.N); v += int32(step) {
				for _, r := range []int{1, 2} {
					e := x.ball(v, r)
					if r == 2 && e.N > 600 {
						continue
					}
					e = Graph{N: e.N, Off: bytes2(e.Off), Adj: bytes2(e.Adj), Color: bytes2(e.Color)}
					cert := string(c.AppendCertificate(nil, e))
					aut := c.GroupSize()
					h := randomRelabel(e, rng)
					if string(c.AppendCertificate(nil, h)) != cert || c.GroupSize().Cmp(aut) != 0 {
						t.Fatalf("vertex %d, radius %d: relabeling changes the result", v, r)
					}
					if r != 1 || e.N > 150 {
						continue
					}
					sc := string(slow.AppendCertificate(nil, e))
					if slow.GroupSize().Cmp(aut) != 0 {
						t.Fatalf("vertex %d: group size %v, plain search %v", v, aut, slow.GroupSize())
					}
					fu, fok := fastClass[cert]
					su, sok := slowClass[sc]
					if fok != sok || fok && fu != su {
						t.Fatalf("vertex %d: fast paths and plain search disagree on its class", v)
					}
					if !fok {
						fastClass[cert], slowClass[sc] = v, v
					}
				}
			}
		})
	}
}
