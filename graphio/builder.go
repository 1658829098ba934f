package graphio

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/anonet-project/anonet/graph"
)

// maxNodes is the largest number of nodes (and of edges) a graph may have:
// node ids and edge indices are int32.
const maxNodes = 1<<31 - 1

// records collects the edge records of a file over dense node ids and turns
// them into a simple undirected graph, counting what that normalised.
//
// A record is either an undirected edge or an arc (a directed edge). While
// every record is an undirected edge, kinds is nil and the records go to
// graph.FromEdges as they are; once an arc is added, every record gets a kind
// and build merges them by node pair (see build).
type records struct {
	pairs []graph.Edge // the records in input order; U→V for arcs
	kinds []bool       // kinds[i] reports whether record i is an arc; nil if none is

	// directed and layerNames (non-nil when a layer column is read) make
	// build return a typed graph (see buildTyped); layers[i] is the layer
	// of record i when layerNames is set.
	directed   bool
	layerNames []string
	layers     []uint8
	layerOf    map[string]int // layer name → index, with layerNames

	threads int // the goroutines that sort the graph's lists (ReadOptions.Threads)
}

// newRecords returns empty records that take from opt what every reader
// passes on to the graph: the direction (ReadOptions.Directed) and the
// goroutines that sort its lists (ReadOptions.Threads).
func newRecords(opt ReadOptions) records {
	return records{directed: opt.Directed, threads: opt.Threads}
}

// startLayers makes the records layered: every record gets a layer
// (addLayer), and build returns a typed graph.
func (r *records) startLayers() {
	r.layerNames, r.layerOf = []string{}, map[string]int{}
}

// addLayer sets the layer of the last record added to the one named name,
// a new layer if it is the first record of that name.
func (r *records) addLayer(name string) error {
	l, ok := r.layerOf[name]
	if !ok {
		if len(r.layerNames) == graph.MaxLayers {
			return fmt.Errorf("layer %q is one more than the limit of %d layers", name, graph.MaxLayers)
		}
		l = len(r.layerNames)
		r.layerOf[name] = l
		r.layerNames = append(r.layerNames, name)
	}
	r.layers = append(r.layers, make([]uint8, len(r.pairs)-len(r.layers))...)
	r.layers[len(r.pairs)-1] = uint8(l)
	return nil
}

// maxReserve is the most records reserve makes room for (1 GiB): beyond
// it, as for inputs of unknown size, the records grow as they come.
const maxReserve = 1 << 27

// reserve makes room for about n records, an estimate from the input's size
// (a tenth more, as the estimate may be low; at most maxReserve), so that
// the records are not copied again and again as they grow: on a large file
// each copy costs fresh pages from the operating system. The room beyond
// what is used is never written, and so takes no memory.
func (r *records) reserve(n int) {
	if n = min(n+n/10, maxReserve); n > cap(r.pairs) {
		// make, not slices.Grow, which would clear the room.
		r.pairs = append(make([]graph.Edge, 0, n), r.pairs...)
	}
}

// edge adds the undirected edge record {u, v}.
func (r *records) edge(u, v int32) {
	r.pairs = append(r.pairs, graph.Edge{U: u, V: v})
	if r.kinds != nil {
		r.kinds = append(r.kinds, false)
	}
}

// arc adds the arc record u→v.
func (r *records) arc(u, v int32) {
	if r.kinds == nil {
		r.kinds = make([]bool, len(r.pairs), cap(r.pairs))
	}
	r.pairs = append(r.pairs, graph.Edge{U: u, V: v})
	r.kinds = append(r.kinds, true)
}

// build returns the graph on the nodes 0..n-1 with the given labels (nil for
// "0".."n-1") and one edge for every node pair named by a record. It sets
// rep.Records and adds to rep.SelfLoops, rep.Duplicates and rep.Asymmetric:
//
//   - every record {v, v} is a self-loop;
//   - for every other node pair, the records naming it are merged into one
//     edge. If an undirected record names the pair, one such record is kept
//     and every other record of the pair is a duplicate; otherwise one arc
//     per direction is kept and the other arcs are duplicates, and if the
//     arcs run in one direction only the pair counts as asymmetric.
//
// So Records = SelfLoops + Duplicates + Edges + (pairs given by arcs in both
// directions). build consumes the records.
func (r *records) build(n int, labels []string, rep *Report) (*graph.Graph, error) {
	if n > maxNodes {
		return nil, fmt.Errorf("%d nodes exceed the limit of 2^31-1", n)
	}
	if len(r.pairs) > maxNodes {
		return nil, fmt.Errorf("%d edge records exceed the limit of 2^31-1", len(r.pairs))
	}
	rep.Records = len(r.pairs)
	if r.directed || r.layerNames != nil {
		return r.buildTyped(n, labels, rep)
	}
	pairs := r.pairs
	r.pairs = nil
	if r.kinds != nil {
		var err error
		pairs, err = r.mergeArcs(pairs, rep)
		if err != nil {
			return nil, err
		}
	}
	g, norm, err := graph.FromEdgesThreads(n, pairs, labels, r.threads)
	if err != nil {
		return nil, err
	}
	rep.SelfLoops += norm.SelfLoops
	rep.Duplicates += norm.Duplicates
	fillCounts(rep, g)
	return g, nil
}

// mergeArcs implements the merging rule of build for records with arcs. It
// returns the distinct undirected edges, in the backing array of pairs.
func (r *records) mergeArcs(pairs []graph.Edge, rep *Report) ([]graph.Edge, error) {
	// A key is lo<<33 | hi<<2 | kind, where kind is 0 for an undirected
	// record, 1 for the arc lo→hi and 2 for hi→lo; ids are below 2^31.
	keys := make([]uint64, 0, len(pairs))
	for i, p := range pairs {
		if p.U < 0 || p.V < 0 {
			return nil, errors.New("internal error: negative node id")
		}
		if p.U == p.V {
			rep.SelfLoops++
			continue
		}
		lo, hi, kind := p.U, p.V, uint64(1)
		if lo > hi {
			lo, hi, kind = hi, lo, 2
		}
		if !r.kinds[i] {
			kind = 0
		}
		keys = append(keys, uint64(lo)<<33|uint64(hi)<<2|kind)
	}
	r.kinds = nil
	slices.Sort(keys)
	edges := pairs[:0]
	for i := 0; i < len(keys); {
		pair := keys[i] >> 2
		var count [3]int
		j := i
		for ; j < len(keys) && keys[j]>>2 == pair; j++ {
			count[keys[j]&3]++
		}
		kept := 1
		if count[0] == 0 {
			switch {
			case count[1] > 0 && count[2] > 0:
				kept = 2
			default:
				rep.Asymmetric++
			}
		}
		rep.Duplicates += j - i - kept
		edges = append(edges, graph.Edge{U: int32(pair >> 31), V: int32(pair & (1<<31 - 1))})
		i = j
	}
	return edges, nil
}

// buildTyped is build for a directed or layered graph: every record is a
// tie (an arc, or an undirected edge: a tie both ways) in its layer, the
// ties of a node pair merge into the kind of its edge, and a record that
// repeats a tie is a duplicate.
func (r *records) buildTyped(n int, labels []string, rep *Report) (*graph.Graph, error) {
	r.layers = append(r.layers, make([]uint8, len(r.pairs)-len(r.layers))...)
	type tie struct {
		lo, hi int32
		kind   graph.Kind
	}
	ties := make([]tie, 0, len(r.pairs))
	for i, p := range r.pairs {
		if p.U == p.V {
			rep.SelfLoops++
			continue
		}
		// An arc is a tie one way; an undirected record, even in a
		// directed graph, a tie both ways.
		arc := r.directed && r.kinds != nil && r.kinds[i]
		k := graph.LayerKind(int(r.layers[i]), arc)
		lo, hi := p.U, p.V
		if lo > hi {
			lo, hi, k = hi, lo, k.Reverse()
		}
		ties = append(ties, tie{lo, hi, k})
	}
	r.pairs, r.kinds, r.layers = nil, nil, nil
	slices.SortFunc(ties, func(a, b tie) int {
		if a.lo != b.lo {
			return int(a.lo - b.lo)
		}
		return int(a.hi - b.hi)
	})
	var pairs []graph.Edge
	var kinds []graph.Kind
	for _, t := range ties {
		if m := len(pairs); m > 0 && pairs[m-1] == (graph.Edge{U: t.lo, V: t.hi}) {
			if kinds[m-1]&t.kind == t.kind {
				rep.Duplicates++
			}
			kinds[m-1] |= t.kind
			continue
		}
		pairs = append(pairs, graph.Edge{U: t.lo, V: t.hi})
		kinds = append(kinds, t.kind)
	}
	g, _, err := graph.FromEdgesThreads(n, pairs, labels, r.threads)
	if err != nil {
		return nil, err
	}
	if err := g.SetTypes(r.directed, r.layerNames); err != nil {
		return nil, err
	}
	if g.Typed() {
		for i, k := range kinds { // FromEdges numbers edges in ascending (U, V) order
			if err := g.SetEdgeKind(i, k); err != nil {
				return nil, err
			}
		}
	}
	fillCounts(rep, g)
	rep.Ties = g.NumTies()
	rep.Layers = g.Layers()
	if r.directed {
		rep.Arcs, rep.Directed = true, false
	}
	return g, nil
}

// builder collects labelled nodes and edge records and turns them into a
// graph. Labels that are plain decimal numbers (see numeric) take a fast
// path without string hashing. If every label is numeric the nodes are
// numbered in ascending numeric order, otherwise in order of first
// appearance.
type builder struct {
	records
	key      []uint64         // per temporary id: the numeric label, or strBit|index into strs
	strs     *strTable        // non-numeric labels, in order of appearance, with their temporary ids
	small    []int32          // numeric label x < len(small): temporary id+1, or 0
	large    map[uint64]int32 // numeric labels >= len(small)
	limit    int              // the largest number of nodes allowed
	overflow bool             // a node beyond limit was asked for
}

// strBit marks the key of a non-numeric label; numeric labels are < 10^18.
const strBit = 1 << 63

// newBuilder returns a builder for at most limit nodes whose records
// follow opt (newRecords).
func newBuilder(limit int, opt ReadOptions) *builder {
	return &builder{records: newRecords(opt), strs: newStrTable(), large: map[uint64]int32{}, limit: min(limit, maxNodes)}
}

// numeric parses a canonical unsigned decimal number: digits only, no sign,
// no leading zero (except "0" itself), at most 18 digits. Other strings are
// labels in their own right ("007" and "7" are different nodes).
func numeric(tok []byte) (uint64, bool) {
	if len(tok) == 0 || len(tok) > 18 || (tok[0] == '0' && len(tok) > 1) {
		return 0, false
	}
	var x uint64
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		x = x*10 + uint64(c-'0')
	}
	return x, true
}

// node returns the temporary id of the node with the given label, creating
// it if needed. tok may be reused by the caller afterwards.
func (b *builder) node(tok []byte) int32 {
	if x, ok := numeric(tok); ok {
		return b.numNode(x)
	}
	val, isNew := b.strs.intern(tok)
	if isNew {
		*val = b.grow(strBit | uint64(b.strs.len()-1))
	}
	return *val
}

// smallLimit bounds the direct-indexed table of numeric labels (256 MiB).
const smallLimit = 1 << 26

// numNode returns the temporary id of the node labelled by number x.
// Numbers go to a direct-indexed table while the table stays within a
// constant factor of the node count, and to a map otherwise, so that a few
// huge ids cannot make the table huge. Every number in the map is at least
// len(small).
func (b *builder) numNode(x uint64) int32 {
	if x < uint64(len(b.small)) {
		if id := b.small[x]; id > 0 {
			return id - 1
		}
		id := b.grow(x)
		b.small[x] = id + 1
		return id
	}
	if x < smallLimit && x < 16*uint64(len(b.key))+1<<16 {
		b.growSmall(x)
		return b.numNode(x)
	}
	if id, ok := b.large[x]; ok {
		return id
	}
	id := b.grow(x)
	b.large[x] = id
	return id
}

// growSmall extends the direct-indexed table to cover x and moves the
// numbers it now covers out of the map.
func (b *builder) growSmall(x uint64) {
	n := min(max(2*len(b.small), int(x)+1, 1024), smallLimit)
	b.small = append(b.small, make([]int32, n-len(b.small))...)
	for k, id := range b.large {
		if k < uint64(n) {
			b.small[k] = id + 1
			delete(b.large, k)
		}
	}
}

// grow appends a node with the given key and returns its temporary id.
func (b *builder) grow(key uint64) int32 {
	id := len(b.key)
	if id >= b.limit {
		b.overflow = true
		return 0
	}
	b.key = append(b.key, key)
	return int32(id)
}

// overflowError describes the error of a builder that overflowed.
func (b *builder) overflowError() error {
	return tooManyNodes(uint64(b.limit)+1, b.limit)
}

// numNodes returns the number of nodes created so far.
func (b *builder) numNodes() int { return len(b.key) }

// build numbers the nodes, builds the graph and fills the counts of rep.
func (b *builder) build(rep *Report) (*graph.Graph, error) {
	if b.overflow {
		return nil, b.overflowError()
	}
	n := len(b.key)
	var labels []string
	if b.strs.len() == 0 {
		// All labels are numbers: number the nodes in ascending order. The
		// direct table is sorted already and the map holds larger numbers.
		order := make([]int32, 0, n) // order[final] = temporary id
		vals := make([]uint64, 0, n) // vals[final] = label
		for x, id := range b.small {
			if id > 0 {
				order = append(order, id-1)
				vals = append(vals, uint64(x))
			}
		}
		if len(b.large) > 0 {
			big := make([]uint64, 0, len(b.large))
			for x := range b.large {
				big = append(big, x)
			}
			slices.Sort(big)
			for _, x := range big {
				order = append(order, b.large[x])
				vals = append(vals, x)
			}
		}
		b.small, b.large, b.key = nil, nil, nil
		final := make([]int32, n)
		for f, t := range order {
			final[t] = int32(f)
		}
		order = nil
		for i, p := range b.pairs {
			b.pairs[i] = graph.Edge{U: final[p.U], V: final[p.V]}
		}
		// The labels are "0".."n-1", which need no storage, if and only if
		// the largest is n-1.
		if n > 0 && vals[n-1] != uint64(n-1) {
			labels = numberLabels(vals)
		}
	} else {
		// Number the nodes in order of appearance.
		labels = make([]string, n)
		var nums []uint64
		for _, k := range b.key {
			if k&strBit == 0 {
				nums = append(nums, k)
			}
		}
		numLabels := numberLabels(nums)
		strLabels := b.strs.strings()
		j := 0
		for t, k := range b.key {
			if k&strBit != 0 {
				labels[t] = strLabels[k&^strBit]
			} else {
				labels[t] = numLabels[j]
				j++
			}
		}
	}
	b.strs, b.small, b.large, b.key = nil, nil, nil, nil
	return b.records.build(n, labels, rep)
}

// numberLabels returns the decimal forms of nums, sharing one allocation of
// exactly their digits.
func numberLabels(nums []uint64) []string {
	total := 0
	for _, x := range nums {
		total += decimalLen(x)
	}
	var sb strings.Builder
	sb.Grow(total)
	var tmp [20]byte
	for _, x := range nums {
		sb.Write(strconv.AppendUint(tmp[:0], x, 10))
	}
	all := sb.String()
	labels := make([]string, len(nums))
	start := 0
	for i, x := range nums {
		end := start + decimalLen(x)
		labels[i] = all[start:end]
		start = end
	}
	return labels
}

// decimalLen returns the number of decimal digits of x.
func decimalLen(x uint64) int {
	n := 1
	for x >= 10 {
		x /= 10
		n++
	}
	return n
}

// labelProblem says why l cannot be a node label in any format, or returns
// "": every reader refuses an empty label, a NUL byte and invalid UTF-8, so
// that a label read from one file can be written to another (GML holds
// every other label).
func labelProblem(l string) string {
	switch {
	case l == "":
		return "it is empty"
	case strings.IndexByte(l, 0) >= 0:
		return "it contains a NUL byte"
	case !utf8.ValidString(l):
		return "it is not valid UTF-8"
	}
	return ""
}

// fillCounts sets the node, edge and isolated-node counts of rep from g.
func fillCounts(rep *Report, g *graph.Graph) {
	rep.Nodes, rep.Edges = g.NumNodes(), g.NumEdges()
	rep.Isolated = 0
	for v := range g.NumNodes() {
		if g.Degree(int32(v)) == 0 {
			rep.Isolated++
		}
	}
}
