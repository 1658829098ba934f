package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// cascadeJSON is the anonymity cascade in anonet measure --json.
type cascadeJSON struct {
	StartMeasure   string         `json:"start_measure"`
	CascadeMeasure string         `json:"cascade_measure"`
	MaxLevels      int            `json:"max_levels"` // 0: no bound
	Twins          bool           `json:"twins"`
	Levels         []cascadeLevel `json:"levels"`
	Total          int            `json:"total"`
	TotalFraction  float64        `json:"total_fraction"`
}

type cascadeLevel struct {
	Level      int `json:"level"`
	New        int `json:"new"`        // nodes identified at this level
	Identified int `json:"identified"` // nodes identified up to this level
}

// cascade runs the anonymity cascade from the unique nodes of p (with
// twins: the twin-unique cascade); cm is the cascade measure (nil: p's
// measure).
func (e *env) cascade(p *anonymity.Partition, cm measure.Measure, levels int, twins []int32) (*cascadeJSON, error) {
	q := p
	if cm != nil && cm.Name() != p.Measure().Name() {
		var err error
		if q, err = e.partition(p.Graph(), cm, p.D(), p.K()); err != nil {
			return nil, err
		}
	}
	res, err := anonymity.Cascade(p, q, anonymity.CascadeOptions{MaxLevels: levels, Twins: twins})
	if err != nil {
		return nil, err
	}
	c := &cascadeJSON{
		StartMeasure: p.Measure().Name(), CascadeMeasure: q.Measure().Name(),
		MaxLevels: levels, Twins: twins != nil, Total: res.Total(),
	}
	if n := p.Graph().NumNodes(); n > 0 {
		c.TotalFraction = float64(res.Total()) / float64(n)
	}
	prev := 0
	for i, x := range res.Levels {
		c.Levels = append(c.Levels, cascadeLevel{Level: i, New: x - prev, Identified: x})
		prev = x
	}
	return c, nil
}

func printCascade(w io.Writer, r *measureResult) {
	c := r.Cascade
	if c == nil {
		return
	}
	start := "unique"
	if c.Twins {
		start = "twin-unique"
	}
	fmt.Fprintf(w, "\nanonymity cascade (start: %s under %s; neighbours told apart by %s):\n", start, c.StartMeasure, c.CascadeMeasure)
	fmt.Fprintf(w, "level  new  identified\n")
	for _, l := range c.Levels {
		fmt.Fprintf(w, "%5d  %3d  %10d\n", l.Level, l.New, l.Identified)
	}
	fmt.Fprintf(w, "identifiable nodes: %d of %d (%.1f%%); unique alone: %d\n", c.Total, r.Nodes, 100*c.TotalFraction, r.Unique)
}

// fuzzyJSON is fuzzy anonymity in anonet measure --json.
type fuzzyJSON struct {
	Phi                   float64        `json:"phi"`
	NotKAnonymous         int            `json:"not_k_anonymous"`
	NotKAnonymousFraction float64        `json:"not_k_anonymous_fraction"`
	Unique                int            `json:"unique"`
	Distribution          map[string]int `json:"distribution"` // fuzzy-set size → number of nodes
	Sets                  []fuzzySet     `json:"sets,omitempty"`
	sizes                 []int          // the distribution's sizes, ascending
}

type fuzzySet struct {
	Node    string   `json:"node"`
	Similar []string `json:"similar"` // the nodes v is confused with, v included
}

func newFuzzyJSON(fz *anonymity.FuzzyResult, g *graph.Graph, sets bool) *fuzzyJSON {
	f := &fuzzyJSON{Phi: fz.Phi, NotKAnonymous: fz.NotAnonymous, Distribution: map[string]int{}}
	counts := map[int]int{}
	for _, a := range fz.Anonymity {
		counts[int(a)]++
		if a == 1 {
			f.Unique++
		}
	}
	for s, c := range counts {
		f.Distribution[strconv.Itoa(s)] = c
		f.sizes = append(f.sizes, s)
	}
	slices.Sort(f.sizes)
	if n := g.NumNodes(); n > 0 {
		f.NotKAnonymousFraction = float64(f.NotKAnonymous) / float64(n)
	}
	if sets {
		var buf []int32
		for v := range int32(g.NumNodes()) {
			buf = fz.Set(buf[:0], v)
			f.Sets = append(f.Sets, fuzzySet{Node: g.Label(v), Similar: labels(g, buf)})
		}
	}
	return f
}

func printFuzzy(w io.Writer, r *measureResult) {
	f := r.Fuzzy
	if f == nil {
		return
	}
	fmt.Fprintf(w, "\nfuzzy anonymity, phi = %v%% (a node is confused with every node whose signature differs by at most phi):\n", f.Phi)
	fmt.Fprintf(w, "not %d-anonymous: %d (%.1f%%); fuzzy-unique: %d\n", r.K, f.NotKAnonymous, 100*f.NotKAnonymousFraction, f.Unique)
	fmt.Fprintf(w, "fuzzy set size  nodes\n")
	for _, s := range f.sizes {
		fmt.Fprintf(w, "%14d  %5d\n", s, f.Distribution[strconv.Itoa(s)])
	}
	if len(f.Sets) > 0 {
		fmt.Fprintf(w, "\nfuzzy sets (node: the nodes it is confused with):\n")
		for _, s := range f.Sets {
			fmt.Fprintf(w, "%s: %s\n", printable(s.Node), joinLabels(s.Similar))
		}
	}
}
