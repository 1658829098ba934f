package canon

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkEgoNetworks canonicalizes every closed 1-neighbourhood of each
// data set, the centre coloured apart; one op is one whole network. It
// reports the slowest single neighbourhood seen (ms) and the number of
// neighbourhoods needing a search.
func BenchmarkEgoNetworks(b *testing.B) {
	for _, ds := range readDatasets(b) {
		g := ds.g
		b.Run(ds.name, func(b *testing.B) {
			c := NewCanonizer()
			x := newEgoExtractor(g)
			var buf []byte
			var slowest time.Duration
			searched := 0
			for b.Loop() {
				searched = 0
				for v := int32(0); v < int32(g.N); v++ {
					t0 := time.Now()
					buf = c.AppendCertificate(buf[:0], x.ego(v))
					if d := time.Since(t0); d > slowest {
						slowest = d
					}
					if c.stats.nodes > 0 {
						searched++
					}
				}
			}
			b.ReportMetric(float64(slowest.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(searched), "searched")
			b.ReportMetric(float64(g.N), "egos")
		})
	}
}

func benchGraph(b *testing.B, g Graph) {
	c := NewCanonizer()
	var buf []byte
	for b.Loop() {
		buf = c.AppendCertificate(buf[:0], g)
	}
	b.ReportMetric(float64(c.stats.nodes), "nodes")
}

func BenchmarkPaley101(b *testing.B)    { benchGraph(b, paley(101)) }
func BenchmarkHypercubeQ8(b *testing.B) { benchGraph(b, hypercube(8)) }

// BenchmarkBalls2 canonicalizes every ball of radius 2 of each data set,
// vertices coloured by distance from the centre; one op is one network.
func BenchmarkBalls2(b *testing.B) {
	for _, ds := range readDatasets(b) {
		g := ds.g
		b.Run(ds.name, func(b *testing.B) {
			c := NewCanonizer()
			x := newEgoExtractor(g)
			var buf []byte
			var slowest time.Duration
			var worst int32
			for b.Loop() {
				for v := int32(0); v < int32(g.N); v++ {
					t0 := time.Now()
					buf = c.AppendCertificate(buf[:0], x.ball(v, 2))
					if d := time.Since(t0); d > slowest {
						slowest, worst = d, v
					}
				}
			}
			b.ReportMetric(float64(slowest.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(worst), "worst-v")
		})
	}
}

// BenchmarkHard canonicalizes hard or large graphs: CFI graphs over random
// cubic graphs, large random regular graphs, hypercubes, strongly regular
// graphs and large disjoint unions.
func BenchmarkHard(b *testing.B) {
	rng := newRand(99)
	cases := []struct {
		name string
		g    Graph
	}{
		{"Paley101", paley(101)},
		{"Shrikhande", shrikhande()},
		{"Q8", hypercube(8)},
		{"Q10", hypercube(10)},
		{"CFI-cubic30", cfi(randomRegular(30, 3, rng), nil)},
		{"CFI-cubic60", cfi(randomRegular(60, 3, rng), nil)},
		{"CFI-cubic100", cfi(randomRegular(100, 3, rng), nil)},
		{"Random3Regular3000", randomRegular(3000, 3, rng)},
		{"Random4Regular1000", randomRegular(1000, 4, rng)},
		{"GNP2000", randomGraph(2000, 0.005, rng)},
		{"100xPetersen", disjointUnion(petersen(), 100)},
		{"Crown500", crown(500)},
		{"RandomTree10000", randomTree(10000, rng)},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) { benchGraph(b, tc.g) })
	}
}

// BenchmarkSlowestEgo times every 1-neighbourhood of every data set (best
// of 3 runs, to filter out scheduling noise) and logs the slowest ones; one
// op is one pass over all data sets. The metric is the slowest time in ms.
func BenchmarkSlowestEgo(b *testing.B) {
	type rec struct {
		name     string
		v        int32
		d        time.Duration
		n, arcs  int
		nodes    int
		method   method
		recurses int
	}
	datasets := readDatasets(b)
	c := NewCanonizer()
	var buf []byte
	var top []rec
	for b.Loop() {
		top = top[:0]
		for _, ds := range datasets {
			g := ds.g
			x := newEgoExtractor(g)
			for v := int32(0); v < int32(g.N); v++ {
				e := x.ego(v)
				best := time.Duration(1 << 62)
				for r := 0; r < 3; r++ {
					t0 := time.Now()
					buf = c.AppendCertificate(buf[:0], e)
					best = min(best, time.Since(t0))
				}
				top = append(top, rec{ds.name, v, best, e.N, int(e.Off[e.N]), c.stats.nodes, c.stats.method, c.stats.recursions})
			}
		}
	}
	slices.SortFunc(top, func(a, b rec) int { return int(b.d - a.d) })
	for _, r := range top[:5] {
		b.Logf("%s vertex %d: %v (n=%d arcs=%d method=%v nodes=%d recursions=%d)", r.name, r.v, r.d, r.n, r.arcs, r.method, r.nodes, r.recurses)
	}
	b.ReportMetric(float64(top[0].d.Microseconds())/1000, "max-ms")
}

// BenchmarkDirectedEgo compares, on every closed 1-neighbourhood of each
// data set (centre coloured apart), the certificate of the undirected
// skeleton with the labelled certificates of the same neighbourhood made
// directed (each edge of the network oriented one way or the other or both,
// at random, fixed per network) and layered (each edge given one of three
// labels, undirected). One op is one whole network; extraction is done
// before the timing.
func BenchmarkDirectedEgo(b *testing.B) {
	datasets := readDatasets(b)
	for _, ds := range datasets {
		g := ds.g
		rng := newRand(61)
		kind := map[edge]int{}
		for _, e := range edgesOf(g) {
			kind[e] = rng.IntN(3)
		}
		x := newEgoExtractor(g)
		var plain []Graph
		var directed, layered []LabelledGraph
		for v := int32(0); v < int32(g.N); v++ {
			e := x.ego(v)
			e = Graph{N: e.N, Off: bytes2(e.Off), Adj: bytes2(e.Adj), Color: bytes2(e.Color)}
			plain = append(plain, e)
			d := LabelledGraph{N: e.N, Color: e.Color}
			l := LabelledGraph{N: e.N, Color: e.Color}
			for _, le := range edgesOf(e) {
				gu, gv := x.verts[le.u], x.verts[le.v]
				k := kind[edge{min(gu, gv), max(gu, gv)}]
				if gu > gv {
					le.u, le.v = le.v, le.u // orient by global ids
				}
				if k != 1 {
					d.Arcs = append(d.Arcs, Arc{le.u, le.v, 0, true})
				}
				if k != 0 {
					d.Arcs = append(d.Arcs, Arc{le.v, le.u, 0, true})
				}
				l.Arcs = append(l.Arcs, Arc{le.u, le.v, int32(k), false})
			}
			directed = append(directed, d)
			layered = append(layered, l)
		}
		b.Run(ds.name+"/skeleton", func(b *testing.B) {
			c := NewCanonizer()
			var buf []byte
			for b.Loop() {
				for _, e := range plain {
					buf = c.AppendCertificate(buf[:0], e)
				}
			}
		})
		for _, tc := range []struct {
			name string
			gs   []LabelledGraph
		}{{"directed", directed}, {"layered", layered}} {
			b.Run(ds.name+"/"+tc.name, func(b *testing.B) {
				c := NewCanonizer()
				var buf []byte
				for b.Loop() {
					for _, e := range tc.gs {
						buf = c.AppendLabelledCertificate(buf[:0], e)
					}
				}
			})
		}
	}
}
