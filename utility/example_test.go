package utility_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/utility"
)

func ExampleCompare() {
	orig := examples.MustRead("karate")
	// A stand-in for an anonymized version: the karate club without the
	// edge between the members labelled 1 and 3 (node ids 0 and 2).
	anon := orig.Clone()
	anon.DeleteEdge(0, 2)
	corr, err := release.CorrespondenceByLabels(orig, anon)
	if err != nil {
		panic(err)
	}
	c, err := utility.Compare(orig, anon, utility.Options{
		Metrics:        []string{utility.MetricTransitivity, utility.MetricAvgDistance, utility.MetricComponents},
		Correspondence: corr,
		Seed:           1,
	})
	if err != nil {
		panic(err)
	}
	for _, m := range c.Metrics {
		fmt.Printf("%-13s %.4f → %.4f (%+.1f%%) preserved: %v\n", m.Name, m.Original, m.Anonymized, 100*m.RelativeChange, m.Preserved)
	}
	// Output:
	// transitivity  0.2557 → 0.2381 (-6.9%) preserved: false
	// avg_distance  2.4082 → 2.4456 (+1.6%) preserved: true
	// components    1.0000 → 1.0000 (+0.0%) preserved: true
}

func ExampleLeiden() {
	g := examples.MustRead("karate")
	p, err := utility.Leiden(g, rand.New(rand.NewPCG(1, 0)), utility.LeidenOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d communities, modularity %.4f\n", p.Communities, p.Modularity)
	// Output: 4 communities, modularity 0.4198
}

func ExampleNMI() {
	a := []int32{0, 0, 1, 1}
	b := []int32{7, 7, 3, 3} // the same partition, named otherwise
	c := []int32{0, 1, 0, 1} // independent of a
	x, _ := utility.NMI(a, b)
	y, _ := utility.NMI(a, c)
	fmt.Println(x, y)
	// Output: 1 0
}

func ExampleAverageDistance() {
	g := examples.MustRead("lesmis")
	exact := utility.AverageDistance(g, utility.PathOptions{Mode: utility.Exact})
	est := utility.AverageDistance(g, utility.PathOptions{
		Mode: utility.Sampled, Sources: 30, Rand: rand.New(rand.NewPCG(1, 0)),
	})
	fmt.Printf("exact %.3f; from 30 sources %.3f ± %.3f\n", exact.Mean, est.Mean, est.StdErr)
	// Output: exact 2.641; from 30 sources 2.613 ± 0.070
}

func ExampleBetweennessCentrality() {
	g := examples.MustRead("karate")
	b := utility.BetweennessCentrality(g, utility.PathOptions{Mode: utility.Exact})
	for _, v := range utility.TopK(b.Values, 3) {
		fmt.Printf("node %s: %.2f\n", g.Label(v), b.Values[v])
	}
	// Output:
	// node 1: 231.07
	// node 34: 160.55
	// node 33: 76.69
}
