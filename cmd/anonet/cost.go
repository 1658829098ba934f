package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

// cost is what a command took, reported in every JSON result: wall time
// and the process's peak memory (resident set, as the system counts it;
// 0 where the system does not say).
type cost struct {
	Seconds         float64 `json:"seconds"`
	PeakMemoryBytes int64   `json:"peak_memory_bytes"`
}

// measure records the cost of the work that began at start.
func (c *cost) measure(start time.Time) {
	c.Seconds = time.Since(start).Seconds()
	c.PeakMemoryBytes = peakMemory()
}

// peakMemory returns the peak resident memory of this process in bytes
// (VmHWM in /proc/self/status), or 0 if unknown.
func peakMemory() int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(status, []byte("\n")) {
		if kb, ok := bytes.CutPrefix(l, []byte("VmHWM:")); ok {
			n, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(kb), []byte("kB")))), 10, 64)
			if err != nil {
				return 0
			}
			return n << 10
		}
	}
	return 0
}

// The memory a job takes per edge and per node of the network, at least
// (measured 2026-11-24 on a Barabási–Albert graph of 10^6 edges and 10^5
// nodes, reading the edge list included: measuring count at d = 1 peaked
// at 70 bytes per edge, nodes included, budgeted ua at 82 and full ua at
// 105; on the population network of 10^7 edges (121,212 nodes) budgeted
// ua peaked at 47, the default's full run at 50 and its budgeted run at
// 48 with a 0.2% budget). The estimates are lower
// bounds, so that a run is refused only when it cannot fit. A paper
// strategy reserves room for every deletion its budget allows at once (8
// bytes each, 16 on a directed or layered graph, up to every edge for a
// full run): pages count in the
// resident set only once written, but a GOMEMLIMIT counts the whole
// reservation, so a limit close to this estimate makes the collector run
// often on full runs.
const (
	measureBytesPerEdge   = 40
	measureBytesPerNode   = 64
	anonymizeBytesPerEdge = 40
	anonymizeBytesPerNode = 200
)

// defaultBytesPerEdge is what the default strategy's usual path takes per
// edge as measured on large networks, not at least: 82 bytes per tie at
// 10^8 ties (the population network, 8.24 GB, 2026-11-30), 65 at 10^7
// (655 MB under a 7-minute limit, 2026-12-01), 124 on the uk-2007 sample
// (344 MB for 2.8 M edges, 2026-11-29). The default chooses its path by it
// (leanDefault): a network that its usual path would fit only by the
// lower estimate anonymizeBytesPerEdge is likely to exhaust the memory an
// hour into the run, where the lean path fits with room to spare. On
// 23.5 GiB the usual path is chosen up to about 3·10^8 edges, not 6·10^8.
const defaultBytesPerEdge = 80

// Networks of at least largeEdges edges are worked on with the garbage
// collector's heap growth between two collections at gcPercentLarge
// percent of the live heap instead of the runtime's 100 (see tightenGC).
const (
	largeEdges     = 8 << 20
	gcPercentLarge = 10
)

// tightenGC makes the garbage collector collect sooner on a network of
// edges edges, at least largeEdges, unless GOGC is set, until the command ends (the
// setting belongs to the process; runIO puts it back). Such a network's memory is a
// few large arrays without pointers, which a collection does not scan, so
// collecting more often costs little time and keeps the peak near the live
// heap (the runtime also keeps up to about a tenth more of freed memory
// before it gives it back): on a network of 10^7 edges (2026-11-24,
// docs/performance.md, "Memory model"), at 10 budgeted ua peaked at
// 408–413 MB against 428–429 MB at 25, and full ua at 466 MB against
// 505 MB, in the same time (measure, verify and the default on Enron with
// GOGC set alike: no change in time). On smaller networks it is left
// alone: dk on the uk-2007 sample (2.8 M edges) took 5 to 10% longer at
// 25.
func (e *env) tightenGC(edges int) {
	if e.restoreGC != nil || edges < largeEdges || os.Getenv("GOGC") != "" {
		return
	}
	old := debug.SetGCPercent(gcPercentLarge)
	e.restoreGC = func() { debug.SetGCPercent(old) }
}

// checkFits refuses, before the work, a job on g that cannot fit in the
// memory the process may use (GOMEMLIMIT, else the machine's memory), with
// exit status 1 and how much it needs: a resource limit, not bad input.
func checkFits(job string, g *graph.Graph, perEdge, perNode int64) error {
	return checkFitsSize(job, int64(g.NumEdges()), int64(g.NumNodes()), perEdge, perNode)
}

// checkFitsSize is checkFits for a job on m edges and n nodes.
func checkFitsSize(job string, m, n, perEdge, perNode int64) error {
	err := memoryShort(job, m, n, perEdge, perNode)
	if err != nil {
		return &exitError{code: exitInternal, err: fmt.Errorf("%w (a lower estimate; set GOMEMLIMIT above it to try anyway)", err)}
	}
	return nil
}

// memoryShort returns the error of graphio.CheckMemory for a job on m
// edges and n nodes that takes perEdge and perNode bytes, or nil.
func memoryShort(job string, m, n, perEdge, perNode int64) error {
	return graphio.CheckMemory(perEdge*m+perNode*n, fmt.Sprintf("%s %d edges and %d nodes", job, m, n))
}
