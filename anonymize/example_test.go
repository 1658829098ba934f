package anonymize_test

import (
	"context"
	"fmt"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
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

// A run that goes on from an earlier release: here ua's, which keeps half
// of the karate club's ties; the default's refinement, resumed from it,
// gives back what it can while everyone stays 2-anonymous.
func ExampleResumeContext() {
	g := examples.MustRead("karate")
	earlier := g.Clone()
	if _, err := anonymize.Run(earlier, anonymize.Config{Strategy: anonymize.UA, Seed: 1}); err != nil {
		panic(err)
	}
	var deleted []graph.Edge
	for _, e := range g.Edges() {
		if !earlier.HasEdge(e.U, e.V) {
			deleted = append(deleted, e)
		}
	}
	res, err := anonymize.ResumeContext(context.Background(), g, anonymize.Config{}, deleted)
	if err != nil {
		panic(err)
	}
	fmt.Println("ua's release keeps:", earlier.NumEdges(), "of", res.EdgesBefore)
	fmt.Println("resumed, the release keeps:", res.EdgesAfter)
	fmt.Println("not 2-anonymous after:", res.After().NotKAnonymous)
	// Output:
	// ua's release keeps: 39 of 78
	// resumed, the release keeps: 67
	// not 2-anonymous after: 0
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
