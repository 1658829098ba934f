package measure

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
	"github.com/anonet-project/anonet/internal/testgraphs"
)

// The measures count, edgecount and degdist read layered degrees off
// Graph.BallDegrees instead of building every ball's subgraph. The
// functions below are the earlier path, kept as the oracle: they build the
// ball with Graph.Ball and read its subgraph.

// ballLevelCounts is appendLevelCounts computed from the subgraph of the
// ball b filled by Graph.Ball to distance d.
func ballLevelCounts(dst []int, b *graph.Ball, d int, nodes bool) []int {
	nodesAt, edgesAt := make([]int, d+1), make([]int, d+1)
	for i, di := range b.Dist {
		nodesAt[di]++
		for _, j := range b.Adj[b.Off[i]:b.Off[i+1]] {
			if j > int32(i) {
				edgesAt[max(di, b.Dist[j])]++
			}
		}
	}
	nn, ne := nodesAt[0], 0
	for t := 1; t <= d; t++ {
		nn += nodesAt[t]
		ne += edgesAt[t]
		if nodes {
			dst = append(dst, nn-1, ne-(nn-1))
		} else {
			dst = append(dst, ne, 0)
		}
	}
	return dst
}

// ballLevelSignature is the count (nodes) or edgecount signature from
// ballLevelCounts.
func ballLevelSignature(b *graph.Ball, d int, nodes bool) []byte {
	vals := ballLevelCounts(nil, b, d, nodes)
	var sig []byte
	for t := range d {
		sig = appendUint(sig, vals[2*t])
		if nodes {
			sig = appendUint(sig, vals[2*t+1])
		}
	}
	return sig
}

// ballDegDist is the degdist signature computed from the subgraph of the
// ball b filled by Graph.Ball to distance d.
func ballDegDist(b *graph.Ball, d int) []byte {
	n := b.Size()
	lower, same, higher := make([]int32, n), make([]int32, n), make([]int32, n)
	for i, di := range b.Dist {
		for _, j := range b.Adj[b.Off[i]:b.Off[i+1]] {
			switch dj := b.Dist[j]; {
			case dj < di:
				lower[i]++
			case dj == di:
				same[i]++
			default:
				higher[i]++
			}
		}
	}
	var sig []byte
	for t := int32(1); t <= int32(d); t++ {
		var vals []int32
		for i, di := range b.Dist {
			if di > t {
				break
			}
			deg := lower[i] + same[i]
			if di < t {
				deg += higher[i]
			}
			vals = append(vals, deg)
		}
		sig = appendMultiset(sig, vals)
	}
	return sig
}

// checkAgainstBalls compares, for every node of g at distance d, the
// signatures of count, edgecount and degdist and the values fuzzy anonymity
// compares (AppendValues) with those computed from the balls' subgraphs.
// The evaluators are given; they may have been used on g before a change.
func checkAgainstBalls(t *testing.T, name string, g *graph.Graph, d int, evs map[string]Evaluator) {
	t.Helper()
	var b, ball graph.Ball
	for v := range int32(g.NumNodes()) {
		g.Ball(v, d, &ball)
		want := map[string][]byte{
			"count":     ballLevelSignature(&ball, d, true),
			"edgecount": ballLevelSignature(&ball, d, false),
			"degdist":   ballDegDist(&ball, d),
		}
		for m, ev := range evs {
			if got := ev.AppendSignature(nil, v); !bytes.Equal(got, want[m]) {
				t.Fatalf("%s d=%d %s node %d: signature %x, from the ball %x", name, d, m, v, got, want[m])
			}
		}
		for _, f := range []struct {
			m     Fuzzy
			nodes bool
		}{{Count{}, true}, {EdgeCount{}, false}} {
			got := f.m.AppendValues(nil, g, v, d, &b)
			if want := ballLevelCounts(nil, &ball, d, f.nodes); !slices.Equal(got, want) {
				t.Fatalf("%s d=%d %s node %d: fuzzy values %v, from the ball %v", name, d, f.m.Name(), v, got, want)
			}
		}
	}
}

func newEvaluators(g *graph.Graph, d int) map[string]Evaluator {
	return map[string]Evaluator{
		"count":     Count{}.NewEvaluator(g, d),
		"edgecount": EdgeCount{}.NewEvaluator(g, d),
		"degdist":   DegDist{}.NewEvaluator(g, d),
	}
}

// TestBallFreeRandom checks the ball-free measures against the ball path on
// random graphs of several models and densities, at d = 1..3, and again with
// the same evaluators after a fifth of the edges is deleted (as the
// anonymizers delete edges and recompute affected nodes).
func TestBallFreeRandom(t *testing.T) {
	gs, err := testgraphs.Random(rand.New(rand.NewPCG(16, 3)))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(16, 4))
	for _, tg := range gs {
		for d := 1; d <= 3; d++ {
			g := tg.G.Clone()
			evs := newEvaluators(g, d)
			checkAgainstBalls(t, tg.Name, g, d, evs)
			for range g.NumEdges() / 5 {
				e := g.RandomEdge(r)
				g.DeleteEdge(e.U, e.V)
			}
			checkAgainstBalls(t, tg.Name+" after deletions", g, d, evs)
		}
	}
}

// TestBallFreeShared checks the ball-free measures against the ball path at
// d = 2 on the shared reference networks (skipped where they are absent).
func TestBallFreeShared(t *testing.T) {
	files := shareddata.Glob(t, filepath.Join("anonet", "*.nauty"))
	small := []string{"karate.edges.gz", "lesmis.edges.gz", "dolphins.edges.gz", "football.edges.gz"}
	for _, f := range small {
		files = append(files, shareddata.Path(t, f))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			g, _, err := graphio.ReadFile(f, graphio.ReadOptions{})
			if err != nil {
				t.Fatal(fmt.Errorf("reading %s: %w", f, err))
			}
			checkAgainstBalls(t, filepath.Base(f), g, 2, newEvaluators(g, 2))
		})
	}
}
