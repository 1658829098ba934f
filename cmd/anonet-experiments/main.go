// Command anonet-experiments reproduces the reference paper's experiments on
// the 17 reference networks.
//
// Usage:
//
//	anonet-experiments [-data DIR] [-seeds N] strategies   es vs ua, full and 5% budget (Markdown)
//	anonet-experiments [-data DIR] cascade                 unique vs cascade-identifiable nodes (Markdown)
//	anonet-experiments [-data DIR] attack                  re-identification, original vs full ua release
//	anonet-experiments [-data DIR] attributes              uniqueness and edges kept with a synthetic 5-valued attribute known (Markdown)
//	anonet-experiments [-data DIR] kdegree                 liu-terzi vs ua and the default, degree, k = 2, 5, 10 (Markdown)
//	anonet-experiments [-data DIR] [-seeds N] quality [-csv FILE] [-only full,budgeted,dk,count2,optimum] [-methods A,B]
//	                                                       edges kept by ua, restoration, greedy, the default; optimality gaps
//	anonet-experiments [-data DIR] frontier [-k 2,5] [-rungs count,automorphism] [-limit 2m] [-max-edges M] [-csv FILE] [-fig DIR]
//	                                                       the privacy–utility frontier: ua and the default under every rung of the ladder
//	anonet-experiments [-data DIR] paper -o OUT [-quick] [-seeds N]
//	                                                       the paper's results section: CSV, SVG/PNG, index.html
//
// DIR defaults to ../shared/datasets/anonet, where the data sets live beside
// a clone of the repository. paper -quick uses the five small networks
// (gene_fusion, moreno_innovation, radoslaw_email, calls, sms) with -seeds
// seeds (default 5) and takes about 90 CPU-seconds with the strategies of
// issue 13 included; without -quick it uses every network (about 5 minutes
// per seed) and prints its progress on stderr.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/experiment"
	"github.com/anonet-project/anonet/graphio"
)

func main() {
	data := flag.String("data", filepath.Join("..", "shared", "datasets", "anonet"), "directory of the reference .nauty networks")
	seeds := flag.Int("seeds", 5, "seeds per configuration")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: anonet-experiments [-data DIR] [-seeds N] strategies|cascade|attack|attributes|kdegree|quality|frontier|paper -o OUT [-quick]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Args()[1:], *data, *seeds); err != nil {
		fmt.Fprintln(os.Stderr, "anonet-experiments:", err)
		os.Exit(1)
	}
}

func seedList(n int) []uint64 {
	var ss []uint64
	for s := 1; s <= n; s++ {
		ss = append(ss, uint64(s))
	}
	return ss
}

func loadNetworks(data string, only []string) ([]experiment.Network, error) {
	files, err := filepath.Glob(filepath.Join(data, "*.nauty"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no .nauty files in %s", data)
	}
	var nets []experiment.Network
	for _, f := range files {
		if only != nil && !slices.Contains(only, strings.TrimSuffix(filepath.Base(f), ".nauty")) {
			continue
		}
		g, _, err := graphio.ReadFile(f, graphio.ReadOptions{})
		if err != nil {
			return nil, err
		}
		nets = append(nets, experiment.Network{Name: filepath.Base(f), Graph: g})
	}
	if only != nil && len(nets) != len(only) {
		return nil, fmt.Errorf("%s lacks some of the networks %s", data, strings.Join(only, ", "))
	}
	return nets, nil
}

func run(what string, args []string, data string, seeds int) error {
	switch what {
	case "paper":
		return paper(args, data, seeds)
	case "quality":
		return quality(args, data, seeds)
	case "frontier":
		return frontier(args, data)
	}
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments, got %s", what, strings.Join(args, " "))
	}
	nets, err := loadNetworks(data, nil)
	if err != nil {
		return err
	}
	switch what {
	case "strategies":
		runs, err := experiment.Compare(nets, []anonymize.Strategy{anonymize.ES, anonymize.UA}, seedList(seeds), func(r experiment.Run) {
			fmt.Fprintf(os.Stderr, "%s %s %s seed %d: %d → %d not anonymous, %d edges altered, %.2fs\n",
				r.Network, r.Variant, r.Strategy, r.Seed, r.UniqueBefore, r.UniqueAfter, r.EdgesAltered, r.Seconds)
		})
		if err != nil {
			return err
		}
		kept, anon := experiment.StrategyTable(os.Stdout, runs)
		fmt.Printf("\nmean improvement ua/es: %.2f× edges kept (full), %.2f× nodes anonymized (5%% budget)\n", kept, anon)
	case "attack":
		seeds := attack.DefaultSeeds()
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
	case "attributes":
		rows, err := experiment.Attributes(nets, 5, 1, func(r experiment.AttributeRow) {
			fmt.Fprintf(os.Stderr, "%s: unique %d → %d, kept %d → %d, %.1fs + %.1fs\n", r.Network, r.Unique, r.UniqueKnown, r.Kept, r.KeptKnown, r.Seconds, r.SecondsKnown)
		})
		if err != nil {
			return err
		}
		experiment.AttributeTable(os.Stdout, rows)
		var plain, known float64
		for _, r := range rows {
			plain += r.Seconds
			known += r.SecondsKnown
		}
		fmt.Printf("\nanonymization time: %.1fs without the attribute, %.1fs with it\n", plain, known)
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
	case "kdegree":
		start := time.Now()
		runs, err := experiment.KDegree(nets, experiment.KDegreeMethods(), []int{2, 5, 10}, func(r experiment.KDegreeRun) {
			fmt.Fprintf(os.Stderr, "%s k=%d %s: +%d −%d, reached %v, %.2fs\n", r.Network, r.K, r.Method, r.Added, r.Deleted, r.Reached, r.Seconds)
		})
		if err != nil {
			return err
		}
		experiment.KDegreeTable(os.Stdout, runs)
		fmt.Printf("\n%d runs in %.1fs\n", len(runs), time.Since(start).Seconds())
	default:
		return fmt.Errorf("unknown experiment %q (strategies, cascade, attack, kdegree, quality, paper)", what)
	}
	return nil
}

func paper(args []string, data string, seeds int) error {
	fs := flag.NewFlagSet("paper", flag.ContinueOnError)
	out := fs.String("o", "", "directory to write the CSV, SVG, PNG and index.html files to (required)")
	quick := fs.Bool("quick", false, "the five small networks only: about 90 CPU-seconds")
	fs.IntVar(&seeds, "seeds", seeds, "seeds per configuration (full mode)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return fmt.Errorf("usage: anonet-experiments paper -o OUT [-quick]")
	}
	var only []string
	if *quick {
		only = experiment.QuickNetworks()
	}
	nets, err := loadNetworks(data, only)
	if err != nil {
		return err
	}
	opt := experiment.PaperOptions{Networks: nets, Seeds: seedList(seeds)}
	start := time.Now()
	opt.Progress = func(msg string) {
		fmt.Fprintf(os.Stderr, "[%6.1fs] %s\n", time.Since(start).Seconds(), msg)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	res, err := experiment.Paper(*out, opt)
	if err != nil {
		return err
	}
	fmt.Printf("wrote %d files to %s in %.1fs; open %s\n", len(res.Files), *out, res.Seconds, filepath.Join(*out, "index.html"))
	return nil
}
