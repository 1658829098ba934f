package anonymity_test

import (
	"fmt"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

func Example() {
	g := examples.MustRead("example8")
	p, err := anonymity.New(g, measure.Count{}, 1, anonymity.Options{K: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println("classes:", p.Classes())
	fmt.Println("not 2-anonymous:", p.NotAnonymousNodes(), "U(G) =", p.UniqueFraction())

	// Deleting the edges at the unique nodes 1 and 2 makes everyone
	// 2-anonymous; the partition follows incrementally.
	for _, e := range [][2]int32{{0, 1}, {0, 2}, {2, 3}, {2, 4}} {
		p.DeleteEdge(e[0], e[1])
	}
	p.Update()
	fmt.Println("after:", p.Classes(), "not 2-anonymous:", p.NotAnonymous())
	// Output:
	// classes: [[0 5 6 7] [1] [2] [3 4]]
	// not 2-anonymous: [1 2] U(G) = 0.25
	// after: [[0 1 2] [3 4] [5 6 7]] not 2-anonymous: 0
}

func ExampleCascade() {
	g := examples.MustRead("example8")
	p, _ := anonymity.New(g, measure.Count{}, 1, anonymity.Options{})
	c, _ := anonymity.Cascade(p, p, anonymity.CascadeOptions{})
	fmt.Println("identified per level (cumulative):", c.Levels)
	// Output: identified per level (cumulative): [2 3 3]
}

// Twin-reduced anonymity counts the structurally distinct positions in a
// class: in example8, nodes 5, 6 and 7 are twins, and so are 3 and 4, so
// the class {0, 5, 6, 7} holds two positions and {3, 4} one.
func ExamplePartition_TwinReduced() {
	g := examples.MustRead("example8")
	p, _ := anonymity.New(g, measure.Count{}, 1, anonymity.Options{})
	twins := anonymity.TwinClasses(g)
	fmt.Println("twin classes:", twins)
	fmt.Println("twin-reduced anonymity:", p.TwinReduced(twins))
	// Output:
	// twin classes: [0 1 2 3 3 4 4 4]
	// twin-reduced anonymity: [2 1 1 1 1 2 2 2]
}
