package experiment

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/measure"
)

// SyntheticColors returns a made-up categorical attribute with the given
// number of values for nodes 0..n-1: node v's value is a fixed hash
// (SplitMix64) of v and seed, so every run and every machine gives the
// same values.
func SyntheticColors(n, values int, seed uint64) []int32 {
	out := make([]int32, n)
	for v := range out {
		x := seed + uint64(v)*0x9e3779b97f4a7c15
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		x ^= x >> 31
		out[v] = int32(x % uint64(values))
	}
	return out
}

// AttributeRow compares, on one network, an attacker who knows the
// structure (count, d = 1, k = 2) with one who also knows a synthetic
// attribute: unique nodes, and the edges that full anonymization by the
// default strategy keeps.
type AttributeRow struct {
	Network               string
	Nodes, Edges          int
	Unique, UniqueKnown   int  // unique nodes without and with the attribute known
	Kept, KeptKnown       int  // edges kept by full anonymization
	Reached, ReachedKnown bool // whether full anonymity was reached
	Seconds, SecondsKnown float64
}

// Attributes computes an AttributeRow for every network, with a synthetic
// attribute of the given number of values (SyntheticColors with seed);
// anonymization runs the default strategy with seed 1. progress, if not
// nil, is called after every network.
func Attributes(nets []Network, values int, seed uint64, progress func(AttributeRow)) ([]AttributeRow, error) {
	var rows []AttributeRow
	for _, net := range nets {
		g := net.Graph
		colors := SyntheticColors(g.NumNodes(), values, seed)
		row := AttributeRow{Network: net.Name, Nodes: g.NumNodes(), Edges: g.NumEdges()}
		for i, m := range []measure.Measure{measure.Count{}, measure.Refined{Measure: measure.Count{}, Colors: colors}} {
			start := time.Now()
			h := g.Clone()
			res, err := anonymize.Run(h, anonymize.Config{Measure: m, D: 1, Variant: anonymize.Full, Seed: 1})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", net.Name, err)
			}
			secs := time.Since(start).Seconds()
			// The run's first trace row is the input's partition.
			unique := res.Before().Unique
			if i == 0 {
				row.Unique, row.Kept, row.Reached, row.Seconds = unique, h.NumEdges(), res.TargetReached, secs
			} else {
				row.UniqueKnown, row.KeptKnown, row.ReachedKnown, row.SecondsKnown = unique, h.NumEdges(), res.TargetReached, secs
			}
		}
		rows = append(rows, row)
		if progress != nil {
			progress(row)
		}
	}
	return rows, nil
}

// AttributeTable writes the rows as Markdown.
func AttributeTable(w io.Writer, rows []AttributeRow) {
	fmt.Fprintln(w, "| network | n | m | unique | unique, attribute known | edges kept | edges kept, attribute known | kept with / without |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	kept := func(k int, reached bool) string {
		if !reached {
			return fmt.Sprintf("%d (target not reached)", k)
		}
		return fmt.Sprint(k)
	}
	for _, r := range rows {
		ratio := "–"
		if r.Kept > 0 {
			ratio = fmt.Sprintf("%.2f", float64(r.KeptKnown)/float64(r.Kept))
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d (%.3f) | %d (%.3f) | %s | %s | %s |\n",
			strings.TrimSuffix(r.Network, ".nauty"), r.Nodes, r.Edges,
			r.Unique, float64(r.Unique)/float64(r.Nodes), r.UniqueKnown, float64(r.UniqueKnown)/float64(r.Nodes),
			kept(r.Kept, r.Reached), kept(r.KeptKnown, r.ReachedKnown), ratio)
	}
}
