package anonymize_test

import (
	"fmt"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// Liu and Terzi's k-degree anonymization of karate by edge additions.
func ExampleRun_liuTerzi() {
	g := examples.MustRead("karate")
	res, err := anonymize.Run(g, anonymize.Config{
		Measure:   measure.Degree{},
		D:         1,
		K:         5,
		Strategy:  anonymize.LiuTerzi,
		Operation: anonymize.Add,
		Seed:      1,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("not 5-degree anonymous before:", res.Before().NotKAnonymous)
	fmt.Println("not 5-degree anonymous after:", res.After().NotKAnonymous)
	fmt.Println("edges added:", len(res.Alterations))
	// Output:
	// not 5-degree anonymous before: 11
	// not 5-degree anonymous after: 0
	// edges added: 25
}
