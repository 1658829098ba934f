package canon_test

import (
	"bytes"
	"fmt"

	"github.com/anonet-project/anonet/canon"
)

// star returns the star K1,3 with the centre at position centre, coloured 1.
func star(centre int32) canon.Graph {
	var off, adj []int32
	col := make([]int32, 4)
	col[centre] = 1
	off = append(off, 0)
	for v := int32(0); v < 4; v++ {
		for u := int32(0); u < 4; u++ {
			if u != v && (u == centre || v == centre) {
				adj = append(adj, u)
			}
		}
		off = append(off, int32(len(adj)))
	}
	return canon.Graph{N: 4, Off: off, Adj: adj, Color: col}
}

func Example() {
	c := canon.NewCanonizer()
	a := c.AppendCertificate(nil, star(0))
	b := c.AppendCertificate(nil, star(2))
	fmt.Println("isomorphic:", bytes.Equal(a, b))
	fmt.Println("automorphisms:", c.GroupSize())
	fmt.Println("canonical order:", c.Labeling(star(2)))

	// Colour values matter: the same star with the centre coloured 2.
	d := star(0)
	d.Color[0] = 2
	fmt.Println("recoloured isomorphic:", canon.Isomorphic(star(0), d))
	// Output:
	// isomorphic: true
	// automorphisms: 6
	// canonical order: [0 1 3 2]
	// recoloured isomorphic: false
}
