package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/anonet-project/anonet/experiment"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/report"
	"github.com/anonet-project/anonet/verdict"
)

// frontier writes the privacy–utility frontier (issue 35 item 5): for the
// reference networks and Enron, for every rung of the ladder and every k,
// the edges ua and the default keep, the utility they preserve, their time
// and the attack's re-identification; a Markdown table on stdout, every run
// as CSV, and the figures.
func frontier(args []string, data string) error {
	fs := flag.NewFlagSet("frontier", flag.ContinueOnError)
	csvPath := fs.String("csv", "", "also write every run as CSV to this file")
	figDir := fs.String("fig", "", "write the figures (SVG and PNG) into this directory")
	kList := fs.String("k", "2,5", "values of k, comma-separated")
	seedList := fs.String("seeds", "1", "seeds of the runs, comma-separated (the table averages each network over them)")
	limit := fs.Duration("limit", 2*time.Minute, "bound of every run: a method that has no release by then is skipped")
	rungs := fs.String("rungs", "", "only the rungs whose measure names these (comma-separated), e.g. count,automorphism")
	maxD := fs.Int("max-d", 0, "only the rungs at a distance of at most this (0: all), e.g. 1 leaves out count and vrq at d = 2")
	enron := fs.String("enron", filepath.Join(filepath.Dir(data), "enron-email.edges.gz"), "Enron's edge list, added to the networks if it exists ('' for none)")
	maxEdges := fs.Int("max-edges", 0, "only the networks of at most this many edges (0: all)")
	minEdges := fs.Int("min-edges", 0, "only the networks of at least this many edges (e.g. 100000: Enron alone)")
	fromCSV := fs.String("from-csv", "", "make the table and figures again from these CSVs of earlier runs (comma-separated, e.g. two runs over different networks), without running")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *fromCSV != "" {
		var rows []experiment.FrontierRow
		for _, path := range strings.Split(*fromCSV, ",") {
			rs, err := readFrontierCSV(path)
			if err != nil {
				return err
			}
			rows = append(rows, rs...)
		}
		return frontierOutputs(rows, *figDir, "")
	}
	var ks []int
	for _, s := range strings.Split(*kList, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || k < 2 {
			return fmt.Errorf("-k %q: want whole numbers of at least 2", *kList)
		}
		ks = append(ks, k)
	}
	var seeds []uint64
	for _, s := range strings.Split(*seedList, ",") {
		seed, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return fmt.Errorf("-seeds %q: want whole numbers", *seedList)
		}
		seeds = append(seeds, seed)
	}
	all, err := loadNetworks(data, nil)
	if err != nil {
		return err
	}
	if *enron != "" {
		if g, _, err := graphio.ReadFile(*enron, graphio.ReadOptions{}); err == nil {
			all = append(all, experiment.Network{Name: "enron-email", Graph: g})
		} else {
			fmt.Fprintf(os.Stderr, "note: no Enron (%v)\n", err)
		}
	}
	var nets []experiment.Network
	for _, n := range all {
		if m := n.Graph.NumEdges(); (*maxEdges == 0 || m <= *maxEdges) && m >= *minEdges {
			nets = append(nets, n)
		}
	}
	if len(nets) == 0 {
		return fmt.Errorf("no network within -min-edges %d and -max-edges %d", *minEdges, *maxEdges)
	}
	var steps []verdict.Step
	for _, st := range verdict.Ladder() {
		if (*rungs == "" || strings.Contains(","+*rungs+",", ","+st.Measure.Name()+",")) && (*maxD == 0 || st.D <= *maxD) {
			steps = append(steps, st)
		}
	}
	start := time.Now()
	rows, err := experiment.Frontier(nets, steps, ks, experiment.FrontierMethods(), seeds, *limit, func(r experiment.FrontierRow) {
		fmt.Fprintf(os.Stderr, "%s %s d=%d k=%d %s: kept %d of %d, reached %v, re-identified %v, %.1fs %s\n",
			r.Network, r.Measure, r.D, r.K, r.Method, r.Kept, r.Edges, r.Reached, r.ReIdentified, r.Seconds, r.Skipped)
	})
	if err != nil {
		return err
	}
	fmt.Printf("### The privacy–utility frontier (%d networks, full variant, seeds %s; %s)\n\n", len(nets), *seedList, time.Now().Format("2006-01-02"))
	if err := frontierOutputs(rows, *figDir, *csvPath); err != nil {
		return err
	}
	fmt.Printf("\ntotal time: %.0fs\n", time.Since(start).Seconds())
	return nil
}

// readFrontierCSV reads the rows of a CSV that an earlier run wrote.
func readFrontierCSV(path string) ([]experiment.FrontierRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := experiment.ReadFrontierCSV(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rows, nil
}

// frontierOutputs writes the frontier's table on stdout, its figures into
// figDir and its rows as CSV into csvPath (each if not empty).
func frontierOutputs(rows []experiment.FrontierRow, figDir, csvPath string) error {
	if err := experiment.FrontierTable(os.Stdout, rows); err != nil {
		return err
	}
	if csvPath != "" {
		if err := experiment.WriteFrontierCSV(csvPath, rows); err != nil {
			return err
		}
	}
	if figDir != "" {
		var charts []report.Chart
		for i := range experiment.FrontierSeeds() {
			c, err := experiment.FrontierChart(rows, i)
			if err != nil {
				return err
			}
			charts = append(charts, c)
		}
		if _, err := report.WriteFiles(figDir, charts); err != nil {
			return err
		}
	}
	return nil
}
