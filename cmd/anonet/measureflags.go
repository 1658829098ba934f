package main

import (
	"strings"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// measureFlags are the flags that choose the attacker model: --measure, -d
// and -k.
type measureFlags struct {
	names []string
	d, k  int
}

func (f *measureFlags) register(fs *cli.FlagSet, multi bool) {
	help := "anonymity measure: " + strings.Join(measure.Names(), ", ") + " (or dk-unrooted, hybrid-unrooted)"
	if multi {
		fs.StringSliceVar(&f.names, "measure", []string{"count"}, help+"; several, comma-separated or repeated, give a comparison table")
	} else {
		f.names = []string{"count"}
		fs.StringSliceVar(&f.names, "measure", []string{"count"}, help)
	}
	fs.IntVarP(&f.d, "distance", "d", 1, "distance: the attacker knows the neighbourhood up to d hops")
	fs.IntVarP(&f.k, "k", "k", anonymity.DefaultK, "a node is k-anonymous when at least k-1 other nodes share its signature")
}

// measures validates the flags and returns the chosen measures.
func (f *measureFlags) measures(multi bool) ([]measure.Measure, error) {
	if f.d < 1 {
		return nil, usageErrorf("-d must be at least 1, got %d", f.d)
	}
	if f.k < 1 {
		return nil, usageErrorf("-k must be at least 1, got %d", f.k)
	}
	if len(f.names) == 0 {
		return nil, usageErrorf("--measure needs a value")
	}
	if !multi && len(f.names) > 1 {
		return nil, usageErrorf("--measure takes one measure here, got %d", len(f.names))
	}
	var out []measure.Measure
	for _, n := range f.names {
		m, err := measure.Parse(n)
		if err != nil {
			return nil, usageErrorf("%v", err)
		}
		out = append(out, m)
	}
	return out, nil
}

// partition computes the partition of g, showing progress on a terminal.
func (e *env) partition(g *graph.Graph, m measure.Measure, d, k int) (*anonymity.Partition, error) {
	pr := e.newProgress()
	defer pr.done()
	return anonymity.New(g, m, d, anonymity.Options{
		K:       k,
		Threads: e.threads,
		Progress: func(done, total int) {
			pr.update("%s d=%d: signatures %d/%d", m.Name(), d, done, total)
		},
	})
}
