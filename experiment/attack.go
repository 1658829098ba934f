package experiment

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/release"
)

// AttackRow is the attack experiment on one network: the fraction of nodes
// re-identified in the original network and in its release, for each
// number of seeds.
type AttackRow struct {
	Network   string
	Nodes     int
	Edges     int
	EdgesKept float64   // fraction of the edges the release keeps
	Original  []float64 // per number of seeds
	Release   []float64
	Precision []float64 // of the attack on the release
	Seconds   float64
}

// Attacks fully anonymizes every network (count, d = 1, k = 2, ua, seed)
// and attacks the original and the release with every number of seeds.
// Anonymization keeps node ids, so the correspondence is the identity; the
// attack renumbers the release at random before it starts.
func Attacks(nets []Network, seeds []int, seed uint64) ([]AttackRow, error) {
	var rows []AttackRow
	for _, net := range nets {
		start := time.Now()
		rel := net.Graph.Clone()
		_, err := anonymize.Run(rel, anonymize.Config{Measure: measure.Count{}, D: 1, K: 2, Strategy: anonymize.UA, Variant: anonymize.Full, Seed: seed})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", net.Name, err)
		}
		truth := release.Identity(net.Graph.NumNodes())
		row := AttackRow{Network: net.Name, Nodes: net.Graph.NumNodes(), Edges: net.Graph.NumEdges(),
			EdgesKept: float64(rel.NumEdges()) / float64(max(1, net.Graph.NumEdges()))}
		for _, s := range seeds {
			cfg := attack.Config{Seeds: s, Seed: seed}
			o, err := attack.Run(net.Graph, net.Graph, truth, cfg)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", net.Name, err)
			}
			r, err := attack.Run(net.Graph, rel, truth, cfg)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", net.Name, err)
			}
			row.Original = append(row.Original, o.Fraction)
			row.Release = append(row.Release, r.Fraction)
			row.Precision = append(row.Precision, r.Precision)
		}
		row.Seconds = time.Since(start).Seconds()
		rows = append(rows, row)
	}
	return rows, nil
}

// AttackTable writes the attack rows as Markdown; a release value not below
// the original's is marked with ⚠.
func AttackTable(w io.Writer, rows []AttackRow, seeds []int) {
	fmt.Fprint(w, "| network | n | m | edges kept |")
	for _, s := range seeds {
		fmt.Fprintf(w, " s = %d: original | release (precision) |", s)
	}
	fmt.Fprintln(w, " seconds |")
	fmt.Fprint(w, "| --- | ---: | ---: | ---: |")
	for range seeds {
		fmt.Fprint(w, " ---: | ---: |")
	}
	fmt.Fprintln(w, " ---: |")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %d | %d | %.3f |", strings.TrimSuffix(r.Network, ".nauty"), r.Nodes, r.Edges, r.EdgesKept)
		for i := range seeds {
			mark := ""
			if r.Release[i] >= r.Original[i] {
				mark = " ⚠"
			}
			fmt.Fprintf(w, " %.3f | %.3f (%.2f)%s |", r.Original[i], r.Release[i], r.Precision[i], mark)
		}
		fmt.Fprintf(w, " %.1f |\n", r.Seconds)
	}
}
