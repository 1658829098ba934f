package attack

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/shareddata"
)

// benchAttack runs the attack of a network on itself (ids hidden by the
// attack's renumbering) with 0, 10 and 100 seeds.
func benchAttack(b *testing.B, g *graph.Graph) {
	for _, s := range DefaultSeeds() {
		b.Run(fmt.Sprintf("s=%d", s), func(b *testing.B) {
			var r *Result
			for b.Loop() {
				var err error
				r, err = Run(g, g, identity(g.NumNodes()), Config{Seeds: s, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(r.Fraction, "reidentified")
			b.ReportMetric(float64(r.Passes), "passes")
		})
	}
}

// BenchmarkEnron attacks enron-email (36,692 nodes, 183,831 edges).
func BenchmarkEnron(b *testing.B) {
	g, _, err := graphio.ReadFile(shareddata.Path(b, "enron-email.edges.gz"), graphio.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	benchAttack(b, g)
}

// BenchmarkShared attacks each of the 17 shared networks.
func BenchmarkShared(b *testing.B) {
	for _, f := range shareddata.Glob(b, filepath.Join("anonet", "*.nauty")) {
		g, _, err := graphio.ReadFile(f, graphio.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(filepath.Base(f), ".nauty"), func(b *testing.B) { benchAttack(b, g) })
	}
}
