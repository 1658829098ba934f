package experiment

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/attack"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/report"
	"github.com/anonet-project/anonet/utility"
	"github.com/anonet-project/anonet/verdict"
)

// FrontierRow is one point of the privacy–utility frontier: a method's
// release of a network under one rung of the ladder (a measure at a
// distance) and one k.
type FrontierRow struct {
	Network string
	Measure string
	D, K    int
	Method  string
	Seed    uint64 // of the run and of its attacks
	Edges   int    // of the input
	Kept    int    // of the release
	Reached bool
	Seconds float64
	// Preserved counts the utility metrics the release preserves, of
	// Metrics defined (utility.Compare).
	Preserved, Metrics int
	// ReIdentified[i] is the share of the people the seed-and-propagate
	// attack re-identifies with FrontierSeeds[i] seeds (NaN: not run).
	ReIdentified []float64
	// Skipped, if not empty, says why the run gave no release (it did not
	// finish within the time bound).
	Skipped string
}

// FrontierSeeds are the numbers of seeds of the frontier's attacks.
func FrontierSeeds() []int { return attack.DefaultSeeds() }

// FrontierMethods are the methods the frontier compares: the paper's ua
// and the default.
func FrontierMethods() []Method {
	return []Method{
		{Name: "ua", Strategy: anonymize.UA, Refine: anonymize.NoRefinement},
		{Name: "default", Strategy: anonymize.Best},
	}
}

// Frontier anonymizes every network under every rung and k with every
// method and every seed of seeds (full variant), each run within limit,
// verifies every release from scratch, and measures what it kept, the
// utility it preserved and the attack's re-identification. progress, if
// not nil, gets every row.
func Frontier(nets []Network, rungs []verdict.Step, ks []int, methods []Method, seeds []uint64, limit time.Duration, progress func(FrontierRow)) ([]FrontierRow, error) {
	var rows []FrontierRow
	for _, net := range nets {
		identity := release.Identity(net.Graph.NumNodes())
		for _, st := range rungs {
			for _, k := range ks {
				for _, seed := range seeds {
					for _, meth := range methods {
						r, err := frontierRun(net, st, k, meth, seed, limit, identity)
						if err != nil {
							return nil, err
						}
						rows = append(rows, r)
						if progress != nil {
							progress(r)
						}
					}
				}
			}
		}
	}
	return rows, nil
}

// frontierRun is one row of Frontier.
func frontierRun(net Network, st verdict.Step, k int, meth Method, seed uint64, limit time.Duration, identity []int32) (FrontierRow, error) {
	m := net.Graph.NumEdges()
	r := FrontierRow{Network: net.Name, Measure: st.Measure.Name(), D: st.D, K: k, Method: meth.Name, Seed: seed, Edges: m}
	g := net.Graph.Clone()
	cfg := anonymize.Config{Measure: st.Measure, D: st.D, K: k, Variant: anonymize.Full, Seed: seed}
	meth.apply(&cfg, m)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	start := time.Now()
	res, err := anonymize.RunContext(ctx, g, cfg)
	r.Seconds = time.Since(start).Seconds()
	if err != nil {
		return r, fmt.Errorf("%s %s %s: %w", net.Name, meth.Name, r.Measure, err)
	}
	if res.Interrupted && !res.TargetReached {
		r.Skipped = fmt.Sprintf("no release within %v", limit)
		return r, nil
	}
	// Every release is verified from scratch.
	p, err := anonymity.New(g, st.Measure, st.D, anonymity.Options{K: k})
	if err != nil {
		return r, err
	}
	if p.NotAnonymous() != res.After().NotKAnonymous {
		return r, fmt.Errorf("%s %s %s k = %d: the release has %d nodes not %d-anonymous, the run reported %d",
			net.Name, meth.Name, r.Measure, k, p.NotAnonymous(), k, res.After().NotKAnonymous)
	}
	r.Kept, r.Reached = g.NumEdges(), res.TargetReached && p.NotAnonymous() == 0
	c, err := utility.Compare(net.Graph, g, utility.Options{Correspondence: identity, Seed: 1})
	if err != nil {
		return r, err
	}
	for _, mt := range c.Metrics {
		if mt.Defined() {
			r.Metrics++
			if mt.Preserved {
				r.Preserved++
			}
		}
	}
	for _, s := range FrontierSeeds() {
		if s >= g.NumNodes() {
			r.ReIdentified = append(r.ReIdentified, math.NaN())
			continue
		}
		a, err := attack.Run(net.Graph, g, identity, attack.Config{Seeds: s, Seed: seed})
		if err != nil {
			return r, err
		}
		r.ReIdentified = append(r.ReIdentified, a.Fraction)
	}
	return r, nil
}

// frontierKey names a (rung, k) of the frontier.
type frontierKey struct {
	measure string
	d, k    int
}

func (k frontierKey) String() string {
	if k.measure == "automorphism" || k.measure == "degree" {
		return fmt.Sprintf("%s, k = %d", k.measure, k.k)
	}
	return fmt.Sprintf("%s d = %d, k = %d", k.measure, k.d, k.k)
}

// FrontierTable writes the frontier as a Markdown table, one row per rung
// and k: over the networks where both methods finished with at least one
// common seed, the mean share of edges ua and the default keep, the mean
// and smallest per-network ratio of the default's edges to ua's (where ua
// keeps any), and the mean share of people the attack re-identifies from
// each release with each number of attack seeds. A network's figures are
// first averaged over the run seeds where both methods finished.
func FrontierTable(w io.Writer, rows []FrontierRow) error {
	type pair struct{ ua, def *FrontierRow }
	byKey := map[frontierKey]map[string]map[uint64]*pair{}
	var keys []frontierKey
	for i := range rows {
		r := &rows[i]
		key := frontierKey{r.Measure, r.D, r.K}
		if byKey[key] == nil {
			byKey[key] = map[string]map[uint64]*pair{}
			keys = append(keys, key)
		}
		if byKey[key][r.Network] == nil {
			byKey[key][r.Network] = map[uint64]*pair{}
		}
		p := byKey[key][r.Network][r.Seed]
		if p == nil {
			p = &pair{}
			byKey[key][r.Network][r.Seed] = p
		}
		switch r.Method {
		case "ua":
			p.ua = r
		case "default":
			p.def = r
		}
	}
	seeds := FrontierSeeds()
	var hdr strings.Builder
	hdr.WriteString("| rung | networks | ua keeps | default keeps | default / ua, mean (min) | ceiling of the mean |")
	for _, s := range seeds {
		fmt.Fprintf(&hdr, " re-identified, %d seeds: ua / default |", s)
	}
	fmt.Fprintln(w, hdr.String())
	fmt.Fprintln(w, "|"+strings.Repeat(" --- |", 6+len(seeds)))
	for _, key := range keys {
		var nets int
		var ua, def, ratio, minRatio, ceiling float64
		var ratios int
		minRatio = math.Inf(1)
		reUA, reDef := make([]float64, len(seeds)), make([]float64, len(seeds))
		counts := make([]int, len(seeds))
		for _, net := range slices.Sorted(maps.Keys(byKey[key])) { // a fixed order of sums
			runs := byKey[key][net]
			var n, edges int
			var uaKept, defKept float64
			netUA, netDef := make([]float64, len(seeds)), make([]float64, len(seeds))
			netCounts := make([]int, len(seeds))
			for _, seed := range slices.Sorted(maps.Keys(runs)) {
				p := runs[seed]
				if p.ua == nil || p.def == nil || p.ua.Skipped != "" || p.def.Skipped != "" {
					continue
				}
				n++
				edges = p.ua.Edges
				uaKept += float64(p.ua.Kept)
				defKept += float64(p.def.Kept)
				for i := range seeds {
					if i < len(p.ua.ReIdentified) && i < len(p.def.ReIdentified) && !math.IsNaN(p.ua.ReIdentified[i]) && !math.IsNaN(p.def.ReIdentified[i]) {
						netUA[i] += p.ua.ReIdentified[i]
						netDef[i] += p.def.ReIdentified[i]
						netCounts[i]++
					}
				}
			}
			if n == 0 {
				continue
			}
			nets++
			uaKept, defKept = uaKept/float64(n), defKept/float64(n)
			ua += uaKept / float64(max(edges, 1))
			def += defKept / float64(max(edges, 1))
			if uaKept > 0 {
				x := defKept / uaKept
				ratio += x
				minRatio = min(minRatio, x)
				ceiling += float64(edges) / uaKept
				ratios++
			}
			for i := range seeds {
				if netCounts[i] > 0 {
					reUA[i] += netUA[i] / float64(netCounts[i])
					reDef[i] += netDef[i] / float64(netCounts[i])
					counts[i]++
				}
			}
		}
		if nets == 0 {
			fmt.Fprintf(w, "| %s | 0 | | | | |%s\n", key, strings.Repeat(" |", len(seeds)))
			continue
		}
		rs, cs := "– (ua keeps nothing)", "–"
		if ratios > 0 {
			rs = fmt.Sprintf("%.2f× (%.2f×)", ratio/float64(ratios), minRatio)
			cs = fmt.Sprintf("%.2f×", ceiling/float64(ratios))
		}
		fmt.Fprintf(w, "| %s | %d | %.1f%% | %.1f%% | %s | %s |", key, nets, 100*ua/float64(nets), 100*def/float64(nets), rs, cs)
		for i := range seeds {
			if counts[i] == 0 {
				fmt.Fprint(w, " – |")
				continue
			}
			fmt.Fprintf(w, " %.1f%% / %.1f%% |", 100*reUA[i]/float64(counts[i]), 100*reDef[i]/float64(counts[i]))
		}
		fmt.Fprintln(w)
	}
	return nil
}

// FrontierChart is the frontier as a figure: for every rung and k, the
// mean share of edges each method keeps against the mean share of people
// the attack re-identifies with seedIndex's number of seeds.
func FrontierChart(rows []FrontierRow, seedIndex int) (report.Chart, error) {
	if seedIndex < 0 || seedIndex >= len(FrontierSeeds()) {
		return report.Chart{}, errors.New("experiment: no such number of seeds")
	}
	type acc struct {
		kept, re float64
		n        int
	}
	sums := map[string]map[frontierKey]*acc{}
	var order []frontierKey
	seen := map[frontierKey]bool{}
	for _, r := range rows {
		if r.Skipped != "" || seedIndex >= len(r.ReIdentified) || math.IsNaN(r.ReIdentified[seedIndex]) {
			continue
		}
		key := frontierKey{r.Measure, r.D, r.K}
		if !seen[key] {
			seen[key] = true
			order = append(order, key)
		}
		if sums[r.Method] == nil {
			sums[r.Method] = map[frontierKey]*acc{}
		}
		a := sums[r.Method][key]
		if a == nil {
			a = &acc{}
			sums[r.Method][key] = a
		}
		a.kept += float64(r.Kept) / float64(max(r.Edges, 1))
		a.re += r.ReIdentified[seedIndex]
		a.n++
	}
	c := report.Chart{
		Name:   fmt.Sprintf("frontier_%d_seeds", FrontierSeeds()[seedIndex]),
		Title:  fmt.Sprintf("Edges kept against people re-identified (%d seeds)", FrontierSeeds()[seedIndex]),
		XLabel: "edges kept (share of the network's)", YLabel: "people re-identified (share)",
		ZeroY: true, PercentY: true, MaxY: 1,
		Caption: "One point per rung of the ladder and k, averaged over the networks: to the right a release keeps more of the network, higher up the attack re-identifies more people.",
	}
	for i, meth := range []string{"ua", "default"} {
		s := report.Series{Name: meth, Color: i, Style: report.Points}
		for _, key := range order {
			if a := sums[meth][key]; a != nil && a.n > 0 {
				s.X = append(s.X, a.kept/float64(a.n))
				s.Y = append(s.Y, a.re/float64(a.n))
			}
		}
		c.Series = append(c.Series, s)
	}
	return c, nil
}

// WriteFrontierCSV writes every row of the frontier.
func WriteFrontierCSV(path string, rows []FrontierRow) error {
	header := []string{"network", "measure", "d", "k", "method", "edges", "kept", "reached", "seconds", "utility_preserved", "utility_metrics"}
	for _, s := range FrontierSeeds() {
		header = append(header, fmt.Sprintf("reidentified_%d_seeds", s))
	}
	header = append(header, "skipped", "seed")
	var out [][]string
	for _, r := range rows {
		row := []string{r.Network, r.Measure, fmt.Sprint(r.D), fmt.Sprint(r.K), r.Method, fmt.Sprint(r.Edges), fmt.Sprint(r.Kept),
			fmt.Sprint(r.Reached), f64(r.Seconds), fmt.Sprint(r.Preserved), fmt.Sprint(r.Metrics)}
		for i := range FrontierSeeds() {
			if i < len(r.ReIdentified) {
				row = append(row, f64(r.ReIdentified[i]))
			} else {
				row = append(row, "")
			}
		}
		out = append(out, append(row, r.Skipped, fmt.Sprint(r.Seed)))
	}
	return writeCSV(path, header, out)
}

// ReadFrontierCSV reads the rows WriteFrontierCSV wrote, so that the table
// and the figures can be made again without the runs. A CSV of before
// 2026-11-28's runs of several seeds has no seed column: its runs had
// seed 1.
func ReadFrontierCSV(r io.Reader) ([]FrontierRow, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("experiment: frontier CSV: %w", err)
	}
	seeds := len(FrontierSeeds())
	if len(recs) == 0 || recs[0][0] != "network" || len(recs[0]) != 12+seeds && (len(recs[0]) != 13+seeds || recs[0][12+seeds] != "seed") {
		return nil, errors.New("experiment: not a frontier CSV (WriteFrontierCSV's header)")
	}
	fields := len(recs[0])
	var rows []FrontierRow
	for i, rec := range recs[1:] {
		if len(rec) != fields {
			return nil, fmt.Errorf("experiment: frontier CSV line %d: %d fields", i+2, len(rec))
		}
		r := FrontierRow{Seed: 1}
		if fields == 13+seeds {
			if r.Seed, err = strconv.ParseUint(rec[12+seeds], 10, 64); err != nil {
				return nil, fmt.Errorf("experiment: frontier CSV line %d: %w", i+2, err)
			}
		}
		ints := []*int{&r.D, &r.K, &r.Edges, &r.Kept, &r.Preserved, &r.Metrics}
		for j, col := range []int{2, 3, 5, 6, 9, 10} {
			if *ints[j], err = strconv.Atoi(rec[col]); err != nil {
				return nil, fmt.Errorf("experiment: frontier CSV line %d: %w", i+2, err)
			}
		}
		r.Network, r.Measure, r.Method, r.Skipped = rec[0], rec[1], rec[4], rec[11+seeds]
		r.Reached = rec[7] == "true"
		if r.Seconds, err = strconv.ParseFloat(rec[8], 64); err != nil {
			return nil, fmt.Errorf("experiment: frontier CSV line %d: %w", i+2, err)
		}
		for j := range seeds {
			x := math.NaN()
			if s := rec[11+j]; s != "" {
				if x, err = strconv.ParseFloat(s, 64); err != nil {
					return nil, fmt.Errorf("experiment: frontier CSV line %d: %w", i+2, err)
				}
			}
			r.ReIdentified = append(r.ReIdentified, x)
		}
		rows = append(rows, r)
	}
	return rows, nil
}
