package release_test

import (
	"crypto/rand"
	"fmt"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/release"
)

// A network built in code, anonymized with the default method and turned
// into a release that can be published: fresh ids from a secret key, the
// names gone.
func Example() {
	people := []string{"Ann", "Bob", "Cem", "Dia", "Eve", "Fay"}
	g := graph.New(len(people))
	if err := g.SetLabels(people); err != nil {
		panic(err)
	}
	for _, tie := range [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {0, 5}, {0, 3}, {1, 3}} {
		g.AddEdge(tie[0], tie[1])
	}
	res, err := anonymize.Run(g, anonymize.Config{}) // every person 2-anonymous under count
	if err != nil {
		panic(err)
	}
	key, err := release.NewKey(rand.Reader) // secret: keep it, or drop it
	if err != nil {
		panic(err)
	}
	r := release.New(g, key)
	fmt.Println("target met:", res.TargetReached)
	fmt.Println("ties released:", r.Graph.NumEdges(), "of", res.EdgesBefore)
	fmt.Println("Ann is node", r.ID[0] >= 0 && r.ID[0] < 6, "and her label is her new id:", r.Graph.Label(int32(r.ID[0])) == fmt.Sprint(r.ID[0]))
	// Output:
	// target met: true
	// ties released: 7 of 8
	// Ann is node true and her label is her new id: true
}
