package generate_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/anonet-project/anonet/generate"
)

func ExampleErdosRenyi() {
	g, err := generate.ErdosRenyi(500, 4, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d nodes, %d edges (expected 1000)\n", g.NumNodes(), g.NumEdges())
	// Output: 500 nodes, 1006 edges (expected 1000)
}

func ExampleBarabasiAlbert() {
	g, err := generate.BarabasiAlbert(500, 2, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		panic(err)
	}
	maxd := 0
	for v := range g.NumNodes() {
		maxd = max(maxd, g.Degree(int32(v)))
	}
	fmt.Printf("%d nodes, %d edges, largest degree %d\n", g.NumNodes(), g.NumEdges(), maxd)
	// Output: 500 nodes, 996 edges, largest degree 75
}

func ExampleWattsStrogatz() {
	g, err := generate.WattsStrogatz(500, 16, 0.05, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d nodes, %d edges\n", g.NumNodes(), g.NumEdges())
	// Output: 500 nodes, 4000 edges
}

func ExampleNewPopulation() {
	p, err := generate.NewPopulation(generate.PopulationConfig{Nodes: 5000, Edges: 50000}, 1, 2)
	if err != nil {
		panic(err)
	}
	m, err := p.CountEdges()
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d people in %d region, %d ties (expected %.0f)\n", p.Nodes(), p.Regions(), m, p.ExpectedEdges())
	// Output: 5000 people in 1 region, 50058 ties (expected 50000)
}
