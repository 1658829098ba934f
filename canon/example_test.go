package canon_test

import (
	"bytes"
	"fmt"
	"slices"

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

// A small directed, two-layer network: arcs of label 1 run from parents to
// children, undirected edges of label 2 are work ties.
func ExampleCanonizer_AppendLabelledCertificate() {
	family := canon.LabelledGraph{
		N: 4,
		Arcs: []canon.Arc{
			{From: 0, To: 2, Label: 1, Directed: true},
			{From: 1, To: 2, Label: 1, Directed: true},
			{From: 2, To: 3, Label: 2},
		},
	}
	// The same network with the vertices renumbered and the arcs reordered.
	renumbered := canon.LabelledGraph{
		N: 4,
		Arcs: []canon.Arc{
			{From: 0, To: 1, Label: 2},
			{From: 3, To: 1, Label: 1, Directed: true},
			{From: 2, To: 1, Label: 1, Directed: true},
		},
	}
	c := canon.NewCanonizer()
	a := c.AppendLabelledCertificate(nil, family)
	fmt.Println("automorphisms:", c.GroupSize()) // the two parents swap
	b := c.AppendLabelledCertificate(nil, renumbered)
	fmt.Println("renumbered isomorphic:", bytes.Equal(a, b))

	// Reversing one parent arc, or making the work tie a family tie,
	// gives a different network.
	reversed := canon.LabelledGraph{N: 4, Arcs: slices.Clone(family.Arcs)}
	reversed.Arcs[0].From, reversed.Arcs[0].To = 2, 0
	fmt.Println("reversed isomorphic:", canon.LabelledIsomorphic(family, reversed))
	relabelled := canon.LabelledGraph{N: 4, Arcs: slices.Clone(family.Arcs)}
	relabelled.Arcs[2].Label = 1
	fmt.Println("relabelled isomorphic:", canon.LabelledIsomorphic(family, relabelled))
	// Output:
	// automorphisms: 2
	// renumbered isomorphic: true
	// reversed isomorphic: false
	// relabelled isomorphic: false
}
