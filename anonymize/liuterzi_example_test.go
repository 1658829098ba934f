package anonymize_test

import (
	"fmt"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// Liu and Terzi's k-degree anonymization of karate, by additions (the
// paper's setting) and by deletions.
func ExampleRun_liuTerzi() {
	for _, op := range []anonymize.Operation{anonymize.Add, anonymize.Delete} {
		g := examples.MustRead("karate")
		cfg := anonymize.Config{Measure: measure.Degree{}, D: 1, K: 5, Strategy: anonymize.LiuTerzi, Operation: op, Seed: 1}
		if res, err := anonymize.Run(g, cfg); err == nil {
			fmt.Printf("%s: %d edges; not 5-degree anonymous: %d before, %d after\n",
				op, res.Alterations.Len(), res.Before().NotKAnonymous, res.After().NotKAnonymous)
		}
	}
	// Output:
	// add: 25 edges; not 5-degree anonymous: 11 before, 0 after
	// delete: 19 edges; not 5-degree anonymous: 11 before, 0 after
}
