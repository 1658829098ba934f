package main

import (
	"flag"
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
func quality(args []string, data string, seeds int) error {
	fs := flag.NewFlagSet("quality", flag.ContinueOnError)
	csvPath := fs.String("csv", "", "also write every run as CSV to this file")
	onlyFlag := fs.String("only", "", "only these tables (comma-separated: full, budgeted, fuzzy, dk, count2, optimum)")
	methodNames := fs.String("methods", "", "only these methods (comma-separated names)")
	fs.IntVar(&seeds, "seeds", seeds, "seeds per configuration")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("quality takes no arguments, got %s", strings.Join(fs.Args(), " "))
	}
	only := *onlyFlag
	nets, err := loadNetworks(data, nil)
	if err != nil {
		return err
	}
	var small []experiment.Network
	for _, n := range nets {
		if n.Graph.NumEdges() <= smallNetworks {
			small = append(small, n)
		}
	}
	ss := seedList(seeds)
	methods := experiment.QualityMethods()
	if *methodNames != "" {
		names := strings.Split(*methodNames, ",")
		methods = slices.DeleteFunc(methods, func(m experiment.Method) bool { return !slices.Contains(names, m.Name) })
	}
	type table struct {
		title   string
		nets    []experiment.Network
		setting experiment.QualitySetting
	}
	// The fixed settings (k = 2, a 5% budget), which the titles
	// name: not the tool's defaults, which may change.
	tables := []table{
		{"Full anonymization, count, d = 1, k = 2: edges kept", nets,
			experiment.QualitySetting{Name: "full", Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Full, Utility: true}},
		{"Budget of 5% of the edges, count, d = 1, k = 2: nodes made k-anonymous", nets,
			experiment.QualitySetting{Name: "budgeted", Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Budgeted, Budget: 0.05}},
		{fmt.Sprintf("Budget of 5%% of the edges, fuzzy anonymity at a 10%% tolerance, count, d = 1, k = 2, networks of at most %d edges: nodes made k-anonymous", smallNetworks), small,
			experiment.QualitySetting{Name: "fuzzy", Measure: measure.Count{}, D: 1, K: 2, Variant: anonymize.Budgeted, Budget: 0.05, Fuzzy: 10}},
		{fmt.Sprintf("Full anonymization, dk, d = 1, k = 2, networks of at most %d edges: edges kept", smallNetworks), small,
			experiment.QualitySetting{Name: "dk", Measure: measure.DK{}, D: 1, K: 2, Variant: anonymize.Full}},
		{fmt.Sprintf("Full anonymization, count, d = 2, k = 2, networks of at most %d edges: edges kept", smallNetworks), small,
			experiment.QualitySetting{Name: "count2", Measure: measure.Count{}, D: 2, K: 2, Variant: anonymize.Full}},
	}
	var all []experiment.QualityRun
	for _, t := range tables {
		if only != "" && !slices.Contains(strings.Split(only, ","), t.setting.Name) {
			continue
		}
		start := time.Now()
		runs, err := experiment.Quality(t.nets, methods, t.setting, ss, func(r experiment.QualityRun) {
			fmt.Fprintf(os.Stderr, "%s %s %s seed %d: %d edges kept of %d, %d → %d not anonymous, %.2fs\n",
				r.Setting, r.Network, r.Method, r.Seed, r.EdgesKept, r.Edges, r.NotAnonBefore, r.NotAnonAfter, r.Seconds)
		})
		if err != nil {
			return err
		}
		all = append(all, runs...)
		fmt.Printf("\n### %s (mean of %d seeds)\n\n", t.title, seeds)
		experiment.QualityTable(os.Stdout, runs, methods, t.setting.Variant == anonymize.Budgeted)
		if t.setting.Utility {
			fmt.Printf("\n#### Utility of the releases (seed 1): metrics of anonet utility preserved\n\n")
			experiment.UtilityTable(os.Stdout, runs, methods)
		}
		if t.setting.Fuzzy > 0 {
			// The share of all nodes that end fuzzy-k-anonymous, per method.
			for _, m := range methods {
				left, total := 0, 0
				for _, r := range runs {
					if r.Method == m.Name {
						left += r.NotAnonAfter
						total += r.Nodes
					}
				}
				fmt.Printf("\n%s: %.2f%% of all nodes fuzzy-%d-anonymous after the 5%% budget\n", m.Name, 100*(1-float64(left)/float64(total)), t.setting.K)
			}
		}
		fmt.Printf("\n(%.1f s for the table)\n", time.Since(start).Seconds())
	}
	if only == "" || slices.Contains(strings.Split(only, ","), "optimum") {
		if err := optimumTable(methods); err != nil {
			return err
		}
	}
	if *csvPath != "" {
		f, err := os.Create(*csvPath)
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

// optimumGraphs is the number of small random graphs of the optimality
// table.
const optimumGraphs = 100

// optimumTable compares every method with the exact optimum on small random
// graphs (count, d = 1, full variant, k = 2 and 3).
func optimumTable(methods []experiment.Method) error {
	start := time.Now()
	graphs, err := experiment.SmallGraphs(optimumGraphs, 1)
	if err != nil {
		return err
	}
	rows, err := experiment.Optimality(graphs, methods, 1, func(r experiment.GapRow) {
		fmt.Fprintf(os.Stderr, "optimum %s %s: %d of %d edges kept, optimum %d (proven %v), %.2fs\n",
			r.Graph, r.Method, r.Kept, r.Edges, r.Optimum, r.Proven, r.Seconds)
	})
	if err != nil {
		return err
	}
	fmt.Printf("\n### Optimality on %d small random graphs (count, d = 1, full, k = 2 and 3)\n\n", len(graphs))
	experiment.GapTable(os.Stdout, experiment.SummarizeGaps(rows, methods))
	fmt.Printf("\n(%.1f s for the table, exact solver included)\n", time.Since(start).Seconds())
	return nil
}
