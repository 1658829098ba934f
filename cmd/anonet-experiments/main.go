// Command anonet-experiments reproduces the reference paper's experiments on
// the 17 reference networks and prints Markdown tables for docs/results.md.
//
// Usage:
//
//	anonet-experiments [-data DIR] [-seeds N] strategies   es vs ua, full and 5% budget
//	anonet-experiments [-data DIR] cascade                 unique vs cascade-identifiable nodes
//	anonet-experiments [-data DIR] [-seeds N] [-csv FILE] [-only A,B] [-methods A,B] quality
//	                                                       edges kept by ua, restoration, greedy, the default
//	anonet-experiments [-data DIR] attack                  re-identification, original vs full ua release
//
// DIR defaults to ../shared/datasets/anonet, where the data sets live beside
// a clone of the repository.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/experiment"
	"github.com/anonet-project/anonet/graphio"
)

func main() {
	data := flag.String("data", filepath.Join("..", "shared", "datasets", "anonet"), "directory of the reference .nauty networks")
	seeds := flag.Int("seeds", 5, "seeds per configuration")
	csvPath := flag.String("csv", "", "quality: also write every run as CSV to this file")
	only := flag.String("only", "", "quality: only these settings (comma-separated: full, budgeted, dk, count2)")
	methods := flag.String("methods", "", "quality: only these methods (comma-separated names)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: anonet-experiments [-data DIR] [-seeds N] strategies|cascade|quality|attack")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if flag.Arg(0) == "quality" {
		if err := runQuality(*data, *seeds, *csvPath, *only, *methods); err != nil {
			fmt.Fprintln(os.Stderr, "anonet-experiments:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(flag.Arg(0), *data, *seeds); err != nil {
		fmt.Fprintln(os.Stderr, "anonet-experiments:", err)
		os.Exit(1)
	}
}

// readNetworks reads the .nauty networks of dir.
func readNetworks(dir string) ([]experiment.Network, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.nauty"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no .nauty files in %s", dir)
	}
	var nets []experiment.Network
	for _, f := range files {
		g, _, err := graphio.ReadFile(f, graphio.ReadOptions{})
		if err != nil {
			return nil, err
		}
		nets = append(nets, experiment.Network{Name: filepath.Base(f), Graph: g})
	}
	return nets, nil
}

func run(what, data string, seeds int) error {
	nets, err := readNetworks(data)
	if err != nil {
		return err
	}
	switch what {
	case "strategies":
		var ss []uint64
		for s := 1; s <= seeds; s++ {
			ss = append(ss, uint64(s))
		}
		runs, err := experiment.Compare(nets, []anonymize.Strategy{anonymize.ES, anonymize.UA}, ss, func(r experiment.Run) {
			fmt.Fprintf(os.Stderr, "%s %s %s seed %d: %d → %d not anonymous, %d edges altered, %.2fs\n",
				r.Network, r.Variant, r.Strategy, r.Seed, r.UniqueBefore, r.UniqueAfter, r.EdgesAltered, r.Seconds)
		})
		if err != nil {
			return err
		}
		kept, anon := experiment.StrategyTable(os.Stdout, runs)
		fmt.Printf("\nmean improvement ua/es: %.2f× edges kept (full), %.2f× nodes anonymized (5%% budget)\n", kept, anon)
	case "cascade":
		rows, err := experiment.Cascades(nets)
		if err != nil {
			return err
		}
		experiment.CascadeTable(os.Stdout, rows)
		total := 0.0
		for _, r := range rows {
			total += r.Seconds
		}
		fmt.Printf("\ntotal time: %.3fs\n", total)
	case "attack":
		seeds := []int{0, 10, 100}
		rows, err := experiment.Attacks(nets, seeds, 1)
		if err != nil {
			return err
		}
		experiment.AttackTable(os.Stdout, rows, seeds)
		total := 0.0
		for _, r := range rows {
			total += r.Seconds
		}
		fmt.Printf("\ntotal time: %.1fs\n", total)
	default:
		return fmt.Errorf("unknown experiment %q (strategies, cascade, attack)", what)
	}
	return nil
}
