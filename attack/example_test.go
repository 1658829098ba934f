package attack_test

import (
	"fmt"

	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/examples"
)

// An attacker who knows the karate club's structure re-identifies the
// members in an unaltered copy of it from their structure alone.
func ExampleRun() {
	g := examples.MustRead("karate")
	truth := make([]int32, g.NumNodes()) // the copy keeps the node ids
	for i := range truth {
		truth[i] = int32(i)
	}
	res, err := attack.Run(g, g, truth, attack.Config{Seeds: 0, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d of %d re-identified, %d by signature alone\n", res.Correct, res.Targets, res.Signature)
	// Output: 23 of 34 re-identified, 23 by signature alone
}
