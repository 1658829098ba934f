package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/internal/hashmix"
	"github.com/anonet-project/anonet/measure"
	"github.com/anonet-project/anonet/release"
)

// The lean path of anonet anonymize (issue 39): --algorithm cut on a bare
// binary file is made by anonymize.LeanCut, which holds the input's sorted
// adjacency (8 bytes per edge) instead of a graph.Graph and a partition
// (about 80 per edge at 10^8 edges), and writes the release straight from
// it. The release, the mapping and the release record are those of the
// usual path, byte for byte (TestAnonymizeLean).

// leanCutBytesPerEdge and leanCutBytesPerNode are a lower estimate of the
// memory the lean path takes: the adjacency (anonymize.LeanBytesPerEdge)
// and, to write the release, its edges by their new lower end (4 bytes
// per kept edge, held beside the adjacency until they are made; the cut
// keeps about half the edges or more, and an input released unchanged
// all of them, which anonymizeLean checks again), and per node the release's ids and
// offsets. On 1.42 G ties and 17.2 M nodes they come to 15.3 GB, and the
// run peaked at 15.5 GB (2026-11-30).
const (
	leanCutBytesPerEdge = anonymize.LeanBytesPerEdge + 2
	leanCutBytesPerNode = anonymize.LeanBytesPerNode + 16
)

// leanRestoreBytesPerEdge and leanRestoreBytesPerNode are the lower
// estimate of the lean path with --refine restore: the restoration's own
// (anonymize.LeanRestoreBytesPerEdge, LeanRestoreBytesPerNode) comes
// beside the cut's.
const (
	leanRestoreBytesPerEdge = leanCutBytesPerEdge + anonymize.LeanRestoreBytesPerEdge
	leanRestoreBytesPerNode = leanCutBytesPerNode + anonymize.LeanRestoreBytesPerNode
)

// leanChoice is the default strategy's choice of path (leanDefault).
type leanChoice struct {
	// take: the lean path; restore: restoring the cut's release there.
	take, restore bool
	// shape: the usual path fits, but the network is large enough
	// (leanShapedEdges) that the lean path, restoring, is taken if its
	// shape is that of the population networks on which that path keeps
	// more (leanShaped), which is found once the network is read.
	shape bool
	// why says, for the terminal, why the lean path is taken.
	why string
}

// leanShapedEdges, leanShapedTwins and leanShapedHeld: on a network of
// at least leanShapedEdges edges where the default's usual path fits, the
// default takes the lean path and restores the cut's release there when
// at most leanShapedTwins of the nodes with ties have a twin and the
// nodes not k-anonymous hold at least leanShapedHeld of the ties' ends.
//
// There the usual path's other starts have little to work with: the
// k-automorphic start pairs twins, and ua's deletions at hubs cascade
// (on the population network of 10^8 ties ua keeps 46 of them). Measured
// (2026-12-01, full, count, k = 2, seed 1; docs/anonymize.md, "Where the
// default takes the lean path"): the generated population networks have
// no node with a twin, and their nodes not 2-anonymous hold 82%, 59%,
// 34% and 22% of the ties' ends at 10^6, 10^7, 10^8 and 3.3·10^8 ties
// (the share falls as the network grows); at 10^8 the lean path keeps
// 66.28% in 60 minutes at 1.71 GB, where the usual path kept 62.3% in
// 41.5 minutes at 8.24 GB (2026-11-30). Random networks without twins keep a little
// more on the usual path, given about ten times the time: a
// Barabási–Albert network of 2.5 M edges (average degree 50; 17% of the
// ends at nodes not anonymous) 90.7% on the lean path in 68 s, 93.9% on
// the usual one when a 10-minute limit ended it; an Erdős–Rényi one
// (under 0.1%) 99.91% in 7.7 s against 99.998% in 66 s. leanShapedHeld
// keeps the usual path for networks like the latter, whose few nodes not
// anonymous leave ua's deletions local. Every other network measured has
// twins: 53% of Enron's nodes with ties, 59% of dblp-2010's, 51% of
// cnr-2000's and 42% of the uk-2007 sample's, on which the default's
// starts keep far more than the cut (the uk-2007 sample 90.9% from the
// twin start; on dblp-2010 the cut's release keeps 0.69 of ua's restored
// one). Below leanShapedEdges the usual path stays: it takes minutes
// there, and its local search goes on after the restoration.
//
// The lean path tightens the garbage collector (tightenGC) before it
// measures; where it then gives way to the usual path, that path would
// have tightened it the same way, since leanShapedEdges ≥ largeEdges
// (the constant below does not compile otherwise).
const (
	leanShapedEdges = 1 << 25
	leanShapedTwins = 0.01
	leanShapedHeld  = 0.10
	_               = uint(leanShapedEdges - largeEdges)
)

// leanDefault returns the default strategy's choice of path, in variant
// v, on a network of m edges and n nodes whose input the lean path can
// read. It takes that path where the usual path's measured need
// (defaultBytesPerEdge, anonymizeBytesPerNode) exceeds what the process
// may use, restoring the cut's release in the full variant where the
// lean restoration's memory fits. Where the usual path fits it stays,
// except that in the full variant, from shapedFrom edges on
// (leanShapedEdges), the choice is left to the network's shape
// (leanChoice.shape): a size alone does not tell a population network,
// where the cut keeps more per hour at a fifth of the memory, from the
// networks where the default's other starts keep far more than the cut
// (docs/anonymize.md, "Where the default takes the lean path").
func leanDefault(m, n int64, v anonymize.Variant, shapedFrom int64) leanChoice {
	tooBig := memoryShort("anonymizing", m, n, defaultBytesPerEdge, anonymizeBytesPerNode)
	restores := v == anonymize.Full && memoryShort("restoring", m, n, leanRestoreBytesPerEdge, leanRestoreBytesPerNode) == nil
	if tooBig == nil {
		shape := restores && m >= shapedFrom
		return leanChoice{shape: shape, restore: shape}
	}
	const doc = `(docs/anonymize.md, "The lean cut")`
	if restores {
		return leanChoice{take: true, restore: true, why: fmt.Sprintf("%v on the default's usual path: making the cut's release and restoring it without a graph instead, as --algorithm cut --refine restore does %s", tooBig, doc)}
	}
	return leanChoice{take: true, why: fmt.Sprintf("%v on the default's usual path: making the cut's release without a graph instead, as --algorithm cut does %s", tooBig, doc)}
}

// leanShaped reports whether a network whose nodes with ties have a twin
// in the share twins, and whose nodes not k-anonymous hold the share held
// of the ties' ends, is shaped as the population networks on which the
// default takes the lean path where its usual path fits too
// (leanShapedEdges).
func leanShaped(twins, held float64) bool {
	return twins <= leanShapedTwins && held >= leanShapedHeld
}

// twinShare returns the share of the nodes with ties of the binary file
// scan (checked: its Degrees are counted) that have a twin, another node
// of the same neighbours, adjacent to it or not, from one pass over its
// edges and 17 bytes per node. Every neighbourhood is hashed as the sum
// of its members scrambled (hashmix.Mix), the closed one adding the node
// itself, and nodes of equal degrees and hashes count as twins: an
// estimate, which two different neighbourhoods of equal sums would make
// too high (about one chance in 2^64 per pair of nodes).
func twinShare(scan *graphio.BinaryScan) (float64, error) {
	type keyed struct {
		hash uint64
		deg  int32
		v    int32
	}
	deg := scan.Degrees
	keys := make([]keyed, len(deg))
	for v, d := range deg {
		keys[v] = keyed{deg: d, v: int32(v)}
	}
	err := scan.Edges(func(u, v int32) error { // u, v < n: Edges checks
		keys[u].hash += hashmix.Mix(uint64(v))
		keys[v].hash += hashmix.Mix(uint64(u))
		return nil
	})
	if err != nil {
		return 0, err
	}
	twin := make([]bool, len(deg))
	group := func() {
		slices.SortFunc(keys, func(a, b keyed) int {
			return cmp.Or(cmp.Compare(a.hash, b.hash), cmp.Compare(a.deg, b.deg))
		})
		same := func(a, b keyed) bool { return a.hash == b.hash && a.deg == b.deg }
		for i, j := range runs(keys, same) {
			if j-i > 1 {
				for _, k := range keys[i:j] {
					twin[k.v] = true
				}
			}
		}
	}
	group() // open neighbourhoods
	for i := range keys {
		keys[i].hash += hashmix.Mix(uint64(keys[i].v))
	}
	group() // closed ones
	withTies, twins := 0, 0
	for v, d := range deg {
		if d > 0 {
			withTies++
			if twin[v] {
				twins++
			}
		}
	}
	return float64(twins) / float64(max(withTies, 1)), nil
}

// heldShare returns the share of the ties' ends held by the nodes that
// are not k-anonymous under l, from every node's key (its degree and
// triangles, leanKeys), sorted.
func heldShare(sorted []uint64, l measure.Local, k int) float64 {
	sizes := leanClassSizes(sorted, l)
	var sig []byte
	var held, ends int64
	for i, j := range runs(sorted, equal) {
		key := sorted[i]
		d := int64(key>>32) * int64(j-i)
		ends += d
		if sig = leanSignature(sig[:0], l, key); sizes[string(sig)] < k {
			held += d
		}
	}
	return float64(held) / float64(max(ends, 1))
}

// leanCutApplies reports whether anonymize with flags a and configuration
// cfg may take the lean path before the input is read: the cut strategy
// unrefined or restored (which alone resumes, --resume), or the default without --refine (which takes it only where
// leanDefault says, anonymizeLean), deleting in the full or
// partial variant, the release written as a bare binary file, and
// nothing that needs a graph.Graph (attributes, nesting, resuming, a report or a
// verdict asked for, the list of deletions, the trace with its twins,
// protected layers), under a measure the lean path can measure
// (leanMeasures: count or edgecount at d = 1; under degdist and dk the
// cut's release is made on the usual path). Whether the input is a bare binary file without
// labels, and large enough that no verdict is made by default, is found
// from its header (anonymizeLean).
func leanCutApplies(a *anonymizeFlags, cfg anonymize.Config) bool {
	cut := cfg.Strategy == anonymize.Cut && (cfg.Refine == "" || cfg.Refine == anonymize.NoRefinement || cfg.Refine == anonymize.Restore && cfg.Variant == anonymize.Full) ||
		cfg.Strategy == anonymize.Best && cfg.Refine == ""
	if a.resume != "" && (cfg.Variant != anonymize.Full || cfg.Strategy == anonymize.Cut && cfg.Refine != anonymize.Restore) {
		cut = false // only the lean restoration resumes
	}
	if !cut || leanMeasures([]measure.Measure{cfg.Measure}, cfg.D) == nil || cfg.Variant == anonymize.Budgeted || a.af.used() || a.within != "" ||
		a.rf.wanted() || a.ladder || a.deletedPath != "" || a.tracePath != "" || a.attributesOut != "" || a.alterLayers != nil {
		return false
	}
	f, err := anonymizedFormat(a.out, a.toFormat, graphio.Binary)
	return err == nil && f == graphio.Binary && !graphio.IsGzipName(a.out)
}

// anonymizeLean runs anonymize by the lean path where it applies
// (leanCutApplies, and a bare binary input without labels, with more
// edges than ladderAutoEdges unless --no-ladder) and reports whether it
// did; otherwise the caller takes the usual path. The default strategy
// takes it only where the cut's release applies, the lean path measures
// (count or edgecount at d = 1) and leanDefault says so: where the usual
// path cannot fit, or, where it can, on a large network shaped as a
// population network (leanShaped: few twins, many ties at the nodes not
// anonymous), which it finds by reading the file.
// The release is then the cut's, the one Best's start on such a network
// takes when ua's deletions give way to it, restored as the usual path
// restores it where the full variant's restoration fits, without the
// local search and k-automorphic start that follow there
// (docs/anonymize.md, "The lean cut"). Where the input already meets the target it is the
// release, unchanged, recorded as the run asked for. Where no release of
// the cut meets the target
// (anonymize.ErrLeanUnmet) nothing is written, even with --allow-unmet,
// which on the usual path writes the input.
func (e *env) anonymizeLean(a *anonymizeFlags, name string, cfg anonymize.Config, key release.Key, outs *outputSet, start time.Time) (bool, error) {
	if !leanCutApplies(a, cfg) {
		return false, nil
	}
	opt, ok := e.leanReadable(name, a.format)
	if !ok {
		return false, nil
	}
	scan, err := graphio.OpenBinary(name, opt)
	if err != nil {
		return false, nil // the usual path reads it, or says what is wrong
	}
	defer scan.Close()
	n, m := scan.Nodes, scan.NumEdges
	if scan.Labelled || !a.noLadder && m <= ladderAutoEdges {
		return false, nil
	}
	asCut := cfg
	asCut.Strategy = anonymize.Cut
	full, err := asCut.WithDefaults(n, m)
	if err != nil {
		if cfg.Strategy == anonymize.Best {
			return false, nil // the cut does not apply: the usual path
		}
		return true, usageErrorf("%v", err)
	}
	why, shape := "", false
	if cfg.Strategy == anonymize.Best {
		c := leanDefault(int64(m), int64(n), cfg.Variant, cmp.Or(e.leanShapedFrom, leanShapedEdges))
		if !c.take && !c.shape || a.resume != "" && !c.restore {
			return false, nil // the usual path (it resumes the unrefined cut)
		}
		if c.restore {
			asCut.Refine = anonymize.Restore
		}
		why, shape = c.why, c.shape
	}
	var earlier *graphio.BinaryScan // the release to resume from
	if a.resume != "" {
		ropt, ok := e.leanReadable(a.resume, "")
		if !ok {
			return false, nil // not a bare binary file: the usual path reads it
		}
		earlier, err = graphio.OpenBinary(a.resume, ropt)
		switch {
		case errors.Is(err, graphio.ErrNotPlainBinary):
			return false, nil
		case err != nil:
			return true, readError(err)
		case earlier.Labelled:
			earlier.Close()
			return false, nil // labels name its nodes: the usual path maps them
		}
		defer earlier.Close()
	}
	if why != "" {
		e.notef("%s", why)
	}
	asked := cfg // recorded as asked where the input is released unchanged
	cfg = asCut
	perEdge, perNode, what := leanCutBytesPerEdge, leanCutBytesPerNode, "the cut's release"
	if cfg.Refine == anonymize.Restore {
		perEdge, perNode, what = leanRestoreBytesPerEdge, leanRestoreBytesPerNode, "the cut's release, restored,"
	}
	if earlier != nil {
		perEdge += 8 // the earlier release's edges, by the input's ids, while the state is made
	}
	if err := scan.Check(int64(perEdge), int64(perNode), "to anonymize it"); err != nil {
		return true, readError(err)
	}
	var inv []int32 // the input's node of each of the earlier release's
	if earlier != nil {
		if inv, err = leanEarlierNodes(earlier, n, a.resume, a.resumeMapping); err != nil {
			return true, err
		}
	}
	var twins float64 // with shape: the share of the nodes with ties that have a twin
	if shape {
		e.notef("read %s: %d nodes, %d edges (lean path: measuring, to choose the default's path)", name, n, m)
		if twins, err = twinShare(scan); err != nil {
			return true, readError(err)
		}
		if !leanShaped(twins, 1) { // the twins alone rule it out
			e.notef("%.1f%% of the nodes with ties have a twin: the default's usual path, whose starts work on such networks", 100*twins)
			return false, nil
		}
		e.notef("%.2f%% of the nodes with ties have a twin: the default takes the lean path if the nodes not %d-anonymous hold %.0f%% of the ties' ends or more", 100*twins, cfg.K, 100*leanShapedHeld)
	} else {
		e.notef("read %s: %d nodes, %d edges (lean path: %s without a graph)", name, n, m, what)
	}
	e.tightenGC(m)
	// The input measured as the lean path of measure does, from the scan
	// (its degrees are cloned: the forward orientation takes them).
	fw, err := graph.NewForward(slices.Clone(scan.Degrees), scan.Edges)
	if err != nil {
		return true, readError(fmt.Errorf("read %s: %w", name, err))
	}
	ms := []measure.Measure{cfg.Measure}
	keys, err := e.leanKeys(fw, start, leanMeasurePerNode)
	switch {
	case shape && errors.Is(err, graphio.ErrNotEnoughMemory):
		e.notef("%v: the default's usual path", err)
		return false, nil
	case err != nil:
		return true, err
	}
	fw = nil
	locals := leanMeasures(ms, cfg.D)
	before := leanResults(name, scan.Report, ms, locals, keys, cfg.D, cfg.K, start)
	if shape {
		held := heldShare(keys, locals[0], cfg.K)
		if !leanShaped(twins, held) {
			e.notef("measured in %.1fs: the nodes not %d-anonymous hold %.1f%% of the ties' ends: the default's usual path", time.Since(start).Seconds(), cfg.K, 100*held)
			return false, nil
		}
		e.notef("with few twins and %.1f%% of the ties' ends at nodes not %d-anonymous: making the cut's release and restoring it without a graph, as --algorithm cut --refine restore does, which keeps more on such networks than the default's usual path at a fifth of its memory (docs/anonymize.md, \"Where the default takes the lean path\")", 100*held, cfg.K)
		e.notef("read %s: %d nodes, %d edges (lean path: %s without a graph)", name, n, m, what)
	}
	keys = nil
	debug.FreeOSMemory() // the forward orientation and the keys, before the adjacency
	var lean *anonymize.LeanRelease
	var kept []graph.Edge // the edges of the release resumed from, by the input's ids
	if earlier != nil {
		if kept, err = leanEarlier(earlier, inv, a.resume, a.resumeMapping); err != nil {
			return true, err
		}
		inv = nil
		e.notef("resuming from %s: %d of the input's %d edges deleted", a.resume, m-len(kept), m)
	}
	if n-before[0].NotKAnonymous >= anonymize.Target(full.Alpha, n) {
		// The input meets the target: it is the release, unchanged, as on
		// the usual path, which may not fit.
		e.notef("measured in %.1fs: the input meets the target (%d nodes not %d-anonymous); releasing it unchanged", time.Since(start).Seconds(), before[0].NotKAnonymous, cfg.K)
		// Every edge is kept: its renumbered copy (4 bytes) comes beside
		// the adjacency, more than leanCutBytesPerEdge allowed for.
		if err := checkFitsSize("releasing unchanged", int64(m), int64(n), anonymize.LeanBytesPerEdge+4, leanCutBytesPerNode); err != nil {
			return true, err
		}
		if lean, err = anonymize.LeanUnchanged(scan.Degrees, scan.Edges, asked); err != nil {
			return true, readError(err)
		}
	} else {
		next := "making the cut"
		if earlier != nil {
			next = "restoring the release resumed from"
		}
		e.notef("measured in %.1fs: %d nodes not %d-anonymous; %s", time.Since(start).Seconds(), before[0].NotKAnonymous, cfg.K, next)
		pr := e.newProgress()
		passes := stagePasses{}
		cfg.StageProgress = func(stage string, done, total int) { pr.update("%s", passes.line(stage, done, total)) }
		e.stoppable(func(ctx context.Context) {
			if kept != nil {
				k := kept
				kept = nil // LeanResume drops it once the state is made
				lean, err = anonymize.LeanResume(ctx, scan.Degrees, scan.Edges, k, cfg)
			} else {
				lean, err = anonymize.LeanCut(ctx, scan.Degrees, scan.Edges, cfg)
			}
		})
		pr.done()
		switch {
		case errors.Is(err, anonymize.ErrLeanUnmet):
			return true, &exitError{code: exitNotAnonymous, err: fmt.Errorf("target not met: %w; nothing written (the lean path writes no input as its release, even with --allow-unmet)", err)}
		case earlier != nil && (errors.Is(err, anonymize.ErrResumeUnmet) || errors.Is(err, anonymize.ErrNotResumable)):
			// Refused before any alteration, as on the usual path.
			return true, inputError(fmt.Errorf("--resume %s (mapping %s): %w", a.resume, a.resumeMapping, err))
		case err != nil:
			return true, readError(err)
		}
		if err := lean.Check(cfg.K); err != nil {
			return true, &exitError{code: exitInternal, err: err}
		}
	}
	scan.Degrees = nil
	res := lean.Result(before[0].NotKAnonymous, before[0].Unique)
	switch {
	case res.Best == 0: // unchanged, said above
	case earlier != nil:
		e.notef("resumed and restored in %.1fs: %d of %d edges kept, %d of them restored (%d exact checks); writing", time.Since(start).Seconds(), res.EdgesAfter, m, res.Refinement.Restored, res.Refinement.Evaluations)
	case res.Refinement.Start != "":
		e.notef("cut's release made and restored in %.1fs: %d of %d edges kept, %d of them restored (%d exact checks); writing", time.Since(start).Seconds(), res.EdgesAfter, m, res.Refinement.Restored, res.Refinement.Evaluations)
	default:
		e.notef("cut's release made in %.1fs: %d of %d edges kept; writing", time.Since(start).Seconds(), res.EdgesAfter, m)
	}
	label := func(v int32) string { return strconv.Itoa(int(v)) }
	perm := release.PermutationOf(key, n, label, lean.Higher)
	rel := renumberLean(lean, perm)
	deleted := lean.Deleted()
	lean = nil // its adjacency goes before the outputs are written
	debug.FreeOSMemory()
	outs.set("-o", func(w io.Writer) error { return graphio.WriteBinaryStream(w, n, int64(len(rel.out)), rel.chunks()) })
	outs.set("--mapping", func(w io.Writer) error { return release.WriteMappingOf(w, key, n, label, perm) })
	r := summary(name, a.out, res, e.seed)
	r.EdgesDeleted = deleted
	outs.set(recordOutput, func(w io.Writer) error {
		return writeReleaseRecord(w, newReleaseRecord(res, nil, n, res.EdgesAfter))
	})
	r.measure(start)
	return true, e.release(outs, res, &r, a.allowUnmet, func(w io.Writer) error { return printAnonymize(w, r) })
}

// leanEdges is a release's edges by their lower end: x's higher
// neighbours are out[off[x]:off[x+1]], ascending.
type leanEdges struct {
	off []int64
	out []int32
}

// renumberLean returns the edges of the release r under the new ids perm.
func renumberLean(r *anonymize.LeanRelease, perm []int) *leanEdges {
	n := r.NumNodes()
	l := &leanEdges{off: make([]int64, n+1)}
	for e := range r.Edges() {
		l.off[min(perm[e.U], perm[e.V])+1]++
	}
	for x := range n {
		l.off[x+1] += l.off[x]
	}
	l.out = make([]int32, l.off[n])
	next := slices.Clone(l.off[:n])
	for e := range r.Edges() {
		x, y := int32(perm[e.U]), int32(perm[e.V])
		x, y = min(x, y), max(x, y)
		l.out[next[x]] = y
		next[x]++
	}
	for x := range n {
		slices.Sort(l.out[l.off[x]:l.off[x+1]])
	}
	return l
}

// chunks gives the edges in the order of the binary format.
func (l *leanEdges) chunks() graphio.EdgeChunks {
	return graphio.ByLowerEnd(len(l.off)-1, func(x int32) []int32 { return l.out[l.off[x]:l.off[x+1]] })
}

// leanEarlierNodes reads the mapping of the release to resume from, rel
// (its scan, of a bare binary file), made from an input of n nodes, and
// returns the input's node of each of rel's nodes (−1 where the mapping
// names none). It checks the whole release file and takes 4 bytes per
// node of each, so that a release or mapping that does not fit is refused
// before the input is measured (minutes at 10^8 edges), while the
// release's edges are kept only after that (leanEarlier).
// A node of the release with edges that the mapping does not name is
// refused here already.
func leanEarlierNodes(rel *graphio.BinaryScan, n int, path, mapping string) ([]int32, error) {
	if err := rel.Check(8, 4, "to resume from it"); err != nil {
		return nil, readError(err)
	}
	corr, err := readMappingOf(mapping, n, rel.Nodes, release.ByID(n), release.ByID(rel.Nodes))
	if err != nil {
		return nil, err
	}
	inv := make([]int32, rel.Nodes)
	for i := range inv {
		inv[i] = -1
	}
	for v, w := range corr {
		if w >= 0 {
			inv[w] = int32(v)
		}
	}
	for x, d := range rel.Degrees {
		if d > 0 && inv[x] < 0 {
			return nil, inputError(unnamedEnd(path, mapping, fmt.Sprintf("node %d, of degree %d,", x, d)))
		}
	}
	rel.Degrees = nil
	return inv, nil
}

// unnamedEnd is the error of a release to resume from, path, whose node
// (what) the mapping does not name.
func unnamedEnd(path, mapping, what string) error {
	return fmt.Errorf("--resume %s: its %s is not named by the mapping %s: it is not a release of this network made by deleting edges", path, what, mapping)
}

// leanEarlier reads the edges of the release to resume from, rel, and
// returns them by the input's ids, inv[x] being the input's node of
// rel's node x (leanEarlierNodes): what earlierRelease finds on the usual
// path, without a graph. An edge at a node the mapping does not name is
// refused, as an edge that is not the input's is by anonymize.LeanResume.
func leanEarlier(rel *graphio.BinaryScan, inv []int32, path, mapping string) ([]graph.Edge, error) {
	kept := make([]graph.Edge, 0, rel.NumEdges)
	err := rel.Edges(func(x, y int32) error {
		u, v := inv[x], inv[y]
		if u < 0 || v < 0 {
			return unnamedEnd(path, mapping, fmt.Sprintf("edge {%d, %d} has an end that", x, y)) // the file changed since leanEarlierNodes
		}
		kept = append(kept, graph.MakeEdge(u, v))
		return nil
	})
	if err != nil {
		return nil, inputError(err)
	}
	return kept, nil
}
