package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/experiment"
	"github.com/anonet-project/anonet/measure"
)

// smallNetworks bounds the networks of the dk and count d = 2 tables.
const smallNetworks = 5000 // edges

// runQuality writes the quality tables of docs/results.md: edges kept in
// full anonymization (count, d = 1, k = 2) and nodes made k-anonymous with a
// 5% budget, on every network, then full anonymization under dk at d = 1
// and count at d = 2 on the small networks.
func runQuality(data string, seeds int, csvPath, only, methodNames string) error {
	nets, err := readNetworks(data)
	if err != nil {
		return err
	}
	var small []experiment.Network
	for _, n := range nets {
		if n.Graph.NumEdges() <= smallNetworks {
			small = append(small, n)
		}
	}
	var ss []uint64
	for s := 1; s <= seeds; s++ {
		ss = append(ss, uint64(s))
	}
	methods := experiment.QualityMethods()
	if methodNames != "" {
		names := strings.Split(methodNames, ",")
		methods = slices.DeleteFunc(methods, func(m experiment.Method) bool { return !slices.Contains(names, m.Name) })
	}
	type table struct {
		name, title string
		nets        []experiment.Network
		setting     experiment.QualitySetting
	}
	tables := []table{
		{"full", "Full anonymization, count, d = 1, k = 2: edges kept", nets,
			experiment.QualitySetting{Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Full}},
		{"budgeted", "Budget of 5% of the edges, count, d = 1, k = 2: nodes made k-anonymous", nets,
			experiment.QualitySetting{Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Budgeted, Budget: 0.05}},
		{"dk", fmt.Sprintf("Full anonymization, dk, d = 1, k = 2, networks of at most %d edges: edges kept", smallNetworks), small,
			experiment.QualitySetting{Measure: measure.DK{}, D: 1, K: 2, Variant: anonymize.Full}},
		{"count2", fmt.Sprintf("Full anonymization, count, d = 2, k = 2, networks of at most %d edges: edges kept", smallNetworks), small,
			experiment.QualitySetting{Measure: measure.Count{}, D: 2, K: 2, Variant: anonymize.Full}},
	}
	var all []experiment.QualityRun
	for _, t := range tables {
		if only != "" && !slices.Contains(strings.Split(only, ","), t.name) {
			continue
		}
		start := time.Now()
		runs, err := experiment.Quality(t.nets, methods, t.setting, ss, func(r experiment.QualityRun) {
			fmt.Fprintf(os.Stderr, "%s %s %s seed %d: %d edges kept of %d, %d → %d not anonymous, %.2fs\n",
				t.name, r.Network, r.Method, r.Seed, r.EdgesKept, r.Edges, r.NotAnonBefore, r.NotAnonAfter, r.Seconds)
		})
		if err != nil {
			return err
		}
		for i := range runs {
			runs[i].Method = t.name + "/" + runs[i].Method
		}
		all = append(all, runs...)
		for i := range runs {
			runs[i].Method = strings.TrimPrefix(runs[i].Method, t.name+"/")
		}
		fmt.Printf("\n### %s (mean of %d seeds)\n\n", t.title, seeds)
		experiment.QualityTable(os.Stdout, runs, methods, t.setting.Variant == anonymize.Budgeted)
		fmt.Printf("\n(%.1f s for the table)\n", time.Since(start).Seconds())
	}
	if csvPath != "" {
		f, err := os.Create(csvPath)
		if err != nil {
			return err
		}
		if err := experiment.WriteQualityCSV(f, all); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	return nil
}
