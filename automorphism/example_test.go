package automorphism_test

import (
	"context"
	"fmt"

	"github.com/anonet-project/anonet/automorphism"
	"github.com/anonet-project/anonet/graph"
)

func Example() {
	// A path 0–1–2–3–4 with a leaf 5 on its middle node: reflecting the
	// path is the only automorphism besides the identity.
	g := graph.New(6)
	for _, e := range [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {2, 5}} {
		g.AddEdge(e[0], e[1])
	}
	o, err := automorphism.Compute(context.Background(), g, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("orbits:", o.Of)
	fmt.Println("sizes: ", o.Sizes())
	orbits, nonTrivial := o.Count()
	fmt.Println(orbits, "orbits,", nonTrivial, "with more than one node")

	// Colour node 0 apart (an attribute an attacker knows): the
	// reflection no longer preserves colours, and every node is unique.
	o, _ = automorphism.Compute(context.Background(), g, []int32{1, 0, 0, 0, 0, 0})
	fmt.Println("coloured:", o.Of)

	// Direct the path 0→1→2←3←4: the reflection keeps the directions.
	d := graph.New(5)
	d.SetTypes(true, nil)
	for _, a := range [][2]int32{{0, 1}, {1, 2}, {3, 2}, {4, 3}} {
		d.SetKind(a[0], a[1], graph.LayerKind(0, true))
	}
	o, _ = automorphism.Compute(context.Background(), d, nil)
	fmt.Println("directed:", o.Of)
	// Output:
	// orbits: [0 1 2 1 0 5]
	// sizes:  [2 2 1 2 2 1]
	// 4 orbits, 2 with more than one node
	// coloured: [0 1 2 3 4 5]
	// directed: [0 1 2 1 0]
}

func ExampleIsAutomorphism() {
	g := graph.New(4) // the path 0–1–2–3
	g.AddEdge(0, 1)
	g.AddEdge(1, 2)
	g.AddEdge(2, 3)
	reflect, _ := automorphism.IsAutomorphism(g, nil, []int32{3, 2, 1, 0})
	shift, _ := automorphism.IsAutomorphism(g, nil, []int32{1, 2, 3, 0})
	fmt.Println(reflect, shift)
	// Output: true false
}
