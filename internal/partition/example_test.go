package partition_test

import (
	"fmt"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/internal/partition"
	"github.com/anonet-project/anonet/measure"
)

// Twin classes kept current while edges change: after deleting {2,3} and
// {2,4} in example8, nodes 1 and 2 (both adjacent only to 0) become open
// twins, and the twin-unique nodes are 1, 2, 3 and 4.
func ExampleTwins() {
	g := examples.MustRead("example8")
	p, _ := partition.New(g, measure.Count{}, 1, partition.Options{})
	tw := partition.NewTwins(g)
	fmt.Println("twin-unique before:", p.TwinUnique(tw))
	for _, e := range [][2]int32{{2, 3}, {2, 4}} {
		p.DeleteEdge(e[0], e[1])
		tw.Update(e[0])
		tw.Update(e[1])
	}
	p.Update()
	fmt.Println("twin-unique after:", p.TwinUnique(tw), "classes:", tw.Classes())
	// Output:
	// twin-unique before: 4
	// twin-unique after: 4 classes: [0 1 1 2 2 3 3 3]
}
