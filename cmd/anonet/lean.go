package main

import (
	"errors"
	"fmt"
	"iter"
	"os"
	"slices"
	"time"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
	"github.com/anonet-project/anonet/measure"
)

// The lean path of anonet measure (issue 16): a bare binary file measured
// under measures that need only degrees and triangles at d = 1 (degree,
// count, edgecount, none) is read into the forward orientation of its
// graph (graphio.ReadForward: 4 bytes per edge) instead of a graph.Graph
// (about 57), its triangles are counted on that, and the classes are
// formed from every node's (degree, triangles). The results are those of
// the usual path, number for number.

// The memory per node the lean path takes beside graphio.ReadForward's:
// triangle counts and stamps per counting worker, then what each command
// keeps per node: measure the (degree, triangles) keys, verify those and a
// sorted copy, info the union-find forest of the components
// (graph.Forward.ComponentSizes).
const (
	leanPerNodePerWorker = 8
	leanMeasurePerNode   = 8
	leanVerifyPerNode    = 16
	leanInfoPerNode      = 8
)

// leanMeasures returns ms as local measures at d = 1 if every one is, or
// nil.
func leanMeasures(ms []measure.Measure, d int) []measure.Local {
	if d != 1 {
		return nil
	}
	var out []measure.Local
	for _, m := range ms {
		l, ok := m.(measure.Local)
		if !ok {
			return nil
		}
		if local, _ := l.LocalAt(1); !local {
			return nil
		}
		out = append(out, l)
	}
	return out
}

// readLean reads the file at path into the forward orientation of its
// graph (graphio.ReadForward) if it is a plain binary file and the reading
// options need no graph.Graph; otherwise it returns a nil Forward and the
// caller takes the usual path, which gives its errors.
func (e *env) readLean(path, format string) (*graph.Forward, *graphio.Report, error) {
	opt, ok := e.leanReadable(path, format)
	if !ok {
		return nil, nil, nil
	}
	fw, rep, err := graphio.ReadForward(path, opt)
	if errors.Is(err, graphio.ErrNotPlainBinary) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, readError(err)
	}
	e.notef("read %s: %d nodes, %d edges (lean path: degrees and triangles only)", path, rep.Nodes, rep.Edges)
	for _, note := range rep.Notes() {
		e.notef("  %s", note)
	}
	return fw, rep, nil
}

// leanReadable reports whether the lean paths may read the file at path
// (given as --format format, or "" for its name's), with the reading
// options it returns: a regular file of the bare binary format, read
// without options that need a graph.Graph (directions, layers). A
// bundled network, stdin or any other file takes the usual path, which
// gives its errors.
func (e *env) leanReadable(path, format string) (graphio.ReadOptions, bool) {
	opt := e.read
	opt.Format = graphio.Binary
	if path == "-" || e.read.Directed || e.read.LayerColumn != "" {
		return opt, false
	}
	if format != "" {
		if f, err := graphio.ParseFormat(format); err != nil || f != graphio.Binary {
			return opt, false
		}
	} else if f, err := graphio.FormatOf(path); err != nil || f != graphio.Binary || graphio.IsGzipName(path) {
		return opt, false
	}
	st, err := os.Stat(path)
	return opt, err == nil && st.Mode().IsRegular()
}

// leanTriangles counts the triangles through every node of fw, refusing up
// front when their counters and perNode more bytes per node (what the
// caller keeps next) would not fit in memory.
func (e *env) leanTriangles(fw *graph.Forward, start time.Time, perNode int) ([]int32, error) {
	n := fw.NumNodes()
	// As many workers as TriangleCounts will use, not as asked for.
	threads := graph.Workers(e.threads, n)
	count := int64(n) * int64(leanPerNodePerWorker*threads+perNode)
	if err := graphio.CheckMemory(count, fmt.Sprintf("counting the triangles of %d nodes", n)); err != nil {
		return nil, &exitError{code: exitInternal, err: err}
	}
	e.notef("forward orientation built in %.1fs; counting triangles", time.Since(start).Seconds())
	var tri []int32
	if e.localizeTriangles(fw, count) {
		e.notef("the ids are scattered: renumbering breadth-first for the count")
		tri = fw.TriangleCountsLocalized(threads)
	} else {
		tri = fw.TriangleCounts(threads)
	}
	e.notef("triangles counted in %.1fs", time.Since(start).Seconds())
	return tri, nil
}

// localizeTriangles reports whether leanTriangles counts on fw renumbered
// (graph.Forward.LocalizingPays): where that pays, and where fw, the
// renumbered copy beside it and the count's own count bytes fit in
// memory; else the count runs on fw as it is, slower but in less memory.
func (e *env) localizeTriangles(fw *graph.Forward, count int64) bool {
	if !fw.LocalizingPays() {
		return false
	}
	n, m := int64(fw.NumNodes()), int64(fw.NumEdges())
	need := m*(graphio.ForwardBytesPerEdge+graph.LocalizedBytesPerEdge) +
		n*(graphio.ForwardBytesPerNode+graph.LocalizedBytesPerNode) + count
	if err := graphio.CheckMemory(need, "renumbering the ids for the triangle count"); err != nil {
		e.notef("%v; counting on the ids as they are", err)
		return false
	}
	return true
}

// measureLean measures the file at path by the lean path and returns the
// results, or nil results when the path does not apply (not a plain
// binary file, another measure or distance, reading options that need a
// graph); the caller then takes the usual path, which gives its errors.
func (e *env) measureLean(path, format string, ms []measure.Measure, d, k int) ([]*measureResult, error) {
	locals, keys, rep, start, err := e.readLeanKeys(path, format, ms, d, leanMeasurePerNode)
	if keys == nil || err != nil {
		return nil, err
	}
	return leanResults(path, rep, ms, locals, keys, d, k, start), nil
}

// leanResults returns the results of measuring the graph rep reports
// under ms (as local measures, locals) at distance d for k, from every
// node's key (readLeanKeys), which it sorts; start is when the work
// began.
func leanResults(path string, rep *graphio.Report, ms []measure.Measure, locals []measure.Local, keys []uint64, d, k int, start time.Time) []*measureResult {
	slices.Sort(keys)
	var results []*measureResult
	for i, l := range locals {
		sizes := leanClassSizes(keys, l)
		r := &measureResult{Graph: path, Nodes: rep.Nodes, Edges: rep.Edges, Measure: ms[i].Name(), D: d, K: k}
		classes := map[int]int{} // size → classes
		for _, s := range sizes {
			classes[s]++
		}
		hist := make([]anonymity.SizeCount, 0, len(classes))
		for s, c := range classes {
			hist = append(hist, anonymity.SizeCount{Size: s, Classes: c})
		}
		slices.SortFunc(hist, func(a, b anonymity.SizeCount) int { return a.Size - b.Size })
		r.setHistogram(hist)
		r.measure(start)
		start = time.Now()
		results = append(results, r)
	}
	return results
}

// readLeanKeys reads the file at path by the lean path for the measures
// ms at distance d and returns them as local measures, every node's key
// (its degree and triangles in one word), the reading report and when
// reading began; nil keys when the path does not apply (leanMeasures,
// readLean). Nodes with equal keys are in one class under every local
// measure. perNode is the memory per node the caller keeps, the keys
// included.
func (e *env) readLeanKeys(path, format string, ms []measure.Measure, d, perNode int) ([]measure.Local, []uint64, *graphio.Report, time.Time, error) {
	start := time.Now()
	locals := leanMeasures(ms, d)
	if locals == nil {
		return nil, nil, nil, start, nil
	}
	fw, rep, err := e.readLean(path, format)
	if fw == nil || err != nil {
		return nil, nil, nil, start, err
	}
	keys, err := e.leanKeys(fw, start, perNode)
	return locals, keys, rep, start, err
}

// leanKeys returns every node's key in fw (its degree and triangles in
// one word), counting the triangles (leanTriangles, refused as it is
// when they would not fit). fw is dead once its degrees are taken, so
// that its out-lists (4 bytes per edge) may be collected before the keys
// are made.
func (e *env) leanKeys(fw *graph.Forward, start time.Time, perNode int) ([]uint64, error) {
	tri, err := e.leanTriangles(fw, start, perNode)
	if err != nil {
		return nil, err
	}
	deg := fw.Degrees()
	keys := make([]uint64, len(tri))
	for v := range keys {
		keys[v] = uint64(deg[v])<<32 | uint64(uint32(tri[v]))
	}
	return keys, nil
}

// leanSignature appends the signature under l of a node with the given key.
func leanSignature(sig []byte, l measure.Local, key uint64) []byte {
	return l.AppendLocal(sig, int32(key>>32), int32(uint32(key)))
}

// leanClassSizes returns the number of nodes of every class of l, keyed by
// its signature, from the nodes' keys sorted: runs of equal keys are merged
// where their signatures are equal.
func leanClassSizes(sorted []uint64, l measure.Local) map[string]int {
	sizes := map[string]int{}
	var sig []byte
	for i, j := range runs(sorted, equal) {
		sig = leanSignature(sig[:0], l, sorted[i])
		sizes[string(sig)] += j - i
	}
	return sizes
}

// runs yields the runs of equal elements of s, sorted so that equal ones
// (by same) are next to each other, as the bounds i, j of each run
// s[i:j], in order.
func runs[T any](s []T, same func(a, b T) bool) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < len(s); {
			j := i + 1
			for j < len(s) && same(s[j], s[i]) {
				j++
			}
			if !yield(i, j) {
				return
			}
			i = j
		}
	}
}

// equal reports whether a and b are equal (runs of equal keys).
func equal[T comparable](a, b T) bool { return a == b }

// verifyLean checks the file at path by the lean path and returns its
// result, or nil when the path does not apply (as measureLean). The nodes
// that are not k-anonymous are named from the file's label section alone
// (graphio.ReadBinaryLabels).
func (e *env) verifyLean(path, format string, m measure.Measure, d, k int, alpha float64) (*verifyResult, error) {
	locals, keys, rep, start, err := e.readLeanKeys(path, format, []measure.Measure{m}, d, leanVerifyPerNode)
	if keys == nil || err != nil {
		return nil, err
	}
	sorted := slices.Clone(keys)
	slices.Sort(sorted)
	sizes := leanClassSizes(sorted, locals[0])
	sorted = nil
	var offenders []int32
	var sig []byte
	for v, key := range keys {
		sig = leanSignature(sig[:0], locals[0], key)
		if sizes[string(sig)] < k {
			offenders = append(offenders, int32(v))
		}
	}
	names, err := graphio.ReadBinaryLabels(path, e.read, offenders)
	if err != nil {
		return nil, readError(err)
	}
	n := rep.Nodes
	res := &verifyResult{
		Graph: path, Nodes: n, Edges: rep.Edges, Measure: m.Name(), D: d, K: k, Alpha: alpha,
		Required: anonymize.Target(alpha, n), NotKAnonymous: len(offenders), KAnonymous: n - len(offenders),
		NotKAnonymousNodes: names,
	}
	res.OK = res.KAnonymous >= res.Required
	res.measure(start)
	return res, nil
}
