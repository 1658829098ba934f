package anonymize_test

import (
	"fmt"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// The default anonymization: every member of Zachary's karate club
// 2-anonymous under count (nobody alone in their number of contacts and of
// ties among them), deleting as few ties as the default method finds.
func ExampleRun() {
	g := examples.MustRead("karate")
	res, err := anonymize.Run(g, anonymize.Config{}) // count, d = 1, k = 2, full, best
	if err != nil {
		panic(err)
	}
	fmt.Println("not 2-anonymous before:", res.Before().NotKAnonymous)
	fmt.Println("not 2-anonymous after:", res.After().NotKAnonymous)
	fmt.Println("edges kept:", res.EdgesAfter, "of", res.EdgesBefore)
	// Output:
	// not 2-anonymous before: 15
	// not 2-anonymous after: 0
	// edges kept: 68 of 78
}

// The reference paper's best strategy, ua, as the paper ran it: without
// the refinement that keeps more of the network.
func ExampleRun_paper() {
	g := examples.MustRead("karate")
	res, err := anonymize.Run(g, anonymize.Config{
		Measure:  measure.Count{},
		D:        1,
		K:        2,
		Strategy: anonymize.UA,
		Variant:  anonymize.Full,
		Seed:     1,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("not 2-anonymous after:", res.After().NotKAnonymous)
	fmt.Println("edges deleted:", res.Alterations.Len(), "of", res.EdgesBefore)
	// Output:
	// not 2-anonymous after: 0
	// edges deleted: 39 of 78
}
