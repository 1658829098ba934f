package signatures

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// Options configure the pipeline.
type Options struct {
	// Measures are the names of the measures to compute, each one of
	// Supported.
	Measures []string
	// K is the anonymity threshold; zero means 2, as in package anonymity.
	K int
	// Parser reads the lines of the edge list.
	Parser LineParser
	// ListNodes asks for the list of the nodes that are not k-anonymous.
	ListNodes bool
}

// Supported returns the names of the measures the pipeline computes, at
// distance 1.
func Supported() []string { return []string{"degree", "count", "degdist", "vrq", "dk"} }

// parseMeasures returns the measures named, checked against Supported.
func parseMeasures(names []string) ([]measure.Measure, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("no measure given (supported: %s)", strings.Join(Supported(), ", "))
	}
	if len(names) > 255 {
		return nil, fmt.Errorf("%d measures: at most 255 at once", len(names))
	}
	ms := make([]measure.Measure, len(names))
	for i, name := range names {
		m, err := measure.Parse(name)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(Supported(), m.Name()) {
			return nil, fmt.Errorf("measure %s is not computed by the pipeline (supported: %s)", m.Name(), strings.Join(Supported(), ", "))
		}
		if slices.Contains(ms[:i], m) {
			return nil, fmt.Errorf("measure %s given twice", m.Name())
		}
		ms[i] = m
	}
	return ms, nil
}

// Summary is the anonymity of the nodes under one measure, with the field
// names of anonet measure --json.
type Summary struct {
	Measure       string `json:"measure"`
	D             int    `json:"d"`
	K             int    `json:"k"`
	Nodes         int    `json:"nodes"`
	Edges         int    `json:"edges"`
	Classes       int    `json:"classes"`
	Unique        int    `json:"unique"`
	NotKAnonymous int    `json:"not_k_anonymous"`
	// ClassSizes maps a class size (in decimal) to the number of classes
	// of that size.
	ClassSizes map[string]int `json:"class_sizes"`
}

// NodeDeg is a node's label and degree.
type NodeDeg struct {
	Label string
	Deg   int
}

// Msg is what a node sends each of its neighbours in step 3: its label,
// its degree and its higher-ranked neighbours.
type Msg struct {
	From string
	Deg  int
	Up   []string
}

// Outputs are the PCollections the pipeline makes.
type Outputs struct {
	// Summaries holds one string: a line with the JSON-encoded Summary of
	// every measure that has nodes, in the order of Options.Measures.
	Summaries beam.PCollection
	// NotKAnonymous holds, if Options.ListNodes is set, a line (a string)
	// "measure<TAB>label<TAB>class size" for every node that is not
	// k-anonymous under a measure, in no particular order (sorting
	// millions of lines would take one worker).
	NotKAnonymous beam.PCollection
}

// Build adds the pipeline to s: it reads the edge-list lines of the
// PCollection lines (of strings) and measures the anonymity of the nodes.
func Build(s beam.Scope, lines beam.PCollection, opt Options) (Outputs, error) {
	ms, err := parseMeasures(opt.Measures)
	if err != nil {
		return Outputs{}, err
	}
	k := opt.K
	if k == 0 {
		k = 2
	}
	if k < 1 {
		return Outputs{}, fmt.Errorf("k = %d: must be at least 1", k)
	}
	names := make([]string, len(ms)) // as anonet writes them
	for i, m := range ms {
		names[i] = m.Name()
	}
	s = s.Scope("anonet")
	arcs, lone := beam.ParDo2(s, &parseFn{Parser: opt.Parser}, lines)
	nbDegs, degs := beam.ParDo2(s, sendDegree, beam.GroupByKey(s, arcs))
	degSum := stats.Sum(s, degs) // empty when there are no edges
	lists := listsFor(ms)
	msgs := beam.ParDo(s, &sendUpFn{Lists: lists}, beam.GroupByKey(s, nbDegs))
	ego := beam.CoGroupByKey(s, msgs, beam.ParDo(s, markNode, lone))
	var sigs beam.PCollection
	if lists == listsAll {
		sigs = beam.ParDo(s, &signFn{measureSet: measureSet{Measures: names}}, ego)
	} else {
		// Signatures of the degree, the triangle count and the
		// neighbours' degrees, without ego networks.
		info, credits := beam.ParDo2(s, &triangleFn{VRQ: slices.Contains(names, measure.VRQ{}.Name())}, ego)
		sigs = beam.ParDo(s, &localSignFn{measureSet: measureSet{Measures: names}}, beam.CoGroupByKey(s, info, stats.SumPerKey(s, credits)))
	}

	classes := stats.Count(s, beam.DropValue(s, sigs))
	sizes := stats.Count(s, beam.ParDo(s, classSize, classes))
	hist := beam.GroupByKey(s, beam.ParDo(s, histEntry, sizes))
	summaries := beam.ParDo(s, &summaryFn{Measures: names, K: k}, hist, beam.SideInput{Input: degSum})
	out := Outputs{Summaries: beam.ParDo(s, inOrder, beam.GroupByKey(s, beam.AddFixedKey(s, summaries)))}
	if opt.ListNodes {
		out.NotKAnonymous = beam.ParDo(s, &belowKFn{Measures: names, K: k}, beam.CoGroupByKey(s, sigs, classes))
	}
	return out, nil
}

// parseFn parses lines into arcs, both ways for every edge (self-loops
// dropped), and the nodes that need not have an edge: isolated nodes and
// the ends of self-loops.
type parseFn struct {
	Parser LineParser
}

func (f *parseFn) ProcessElement(line string, arc func(string, string), lone func(string)) error {
	r, err := f.Parser.Parse(line)
	if err != nil {
		return err
	}
	switch {
	case r.N == 1 || (r.N == 2 && r.U == r.V):
		lone(r.U)
	case r.N == 2:
		arc(r.U, r.V)
		arc(r.V, r.U)
	}
	return nil
}

// sendDegree sends u's label and degree to each of its neighbours, once
// however often the edge was listed, and emits u's degree.
func sendDegree(u string, nbs func(*string) bool, emit func(string, NodeDeg), degree func(int)) {
	list := collect(nil, nbs)
	slices.Sort(list)
	list = slices.Compact(list)
	for _, v := range list {
		emit(v, NodeDeg{Label: u, Deg: len(list)})
	}
	degree(len(list))
}

// collect appends the values of a Beam iterator to dst.
func collect[T any](dst []T, next func(*T) bool) []T {
	for {
		var x T // fresh, so that no slice in x is shared with the last one
		if !next(&x) {
			return dst
		}
		dst = append(dst, x)
	}
}

// higher reports whether node a ranks above node b: by degree, then label.
func higher(a, b NodeDeg) bool {
	return cmp.Or(cmp.Compare(a.Deg, b.Deg), strings.Compare(a.Label, b.Label)) > 0
}

// Which lists of higher-ranked neighbours a node sends (sendUpFn.Lists).
const (
	listsNone   = iota // degree and vrq: no lists
	listsHigher        // count: to the higher-ranked neighbours, for triangles
	listsAll           // degdist, dk: to every neighbour, for ego networks
)

// sendUpFn sends v's label and degree to each of its neighbours, with the
// list of its higher-ranked neighbours to those that Lists says. With
// listsAll, every edge {x, y} between two neighbours of a node w reaches w
// exactly once, in the list of the lower-ranked end; with listsHigher every
// triangle is seen once, at its middle-ranked node. Ranking by degree keeps
// the lists of the high-degree nodes, which have many neighbours, short.
type sendUpFn struct {
	Lists int
}

func (f *sendUpFn) ProcessElement(v string, nbs func(*NodeDeg) bool, emit func(string, Msg)) {
	list := collect(nil, nbs)
	self := NodeDeg{Label: v, Deg: len(list)}
	var up []string
	if f.Lists != listsNone {
		for _, x := range list {
			if higher(x, self) {
				up = append(up, x.Label)
			}
		}
		slices.Sort(up)
	}
	for _, x := range list {
		m := Msg{From: v, Deg: self.Deg, Up: up}
		if f.Lists == listsHigher && !higher(x, self) {
			m.Up = nil
		}
		emit(x.Label, m)
	}
}

// listsFor returns the lists the measures need.
func listsFor(ms []measure.Measure) int {
	lists := listsNone
	for _, m := range ms {
		switch m := m.(type) {
		case measure.VRQ:
		case measure.Local:
			if _, tri := m.LocalAt(1); tri {
				lists = max(lists, listsHigher)
			}
		default:
			lists = listsAll
		}
	}
	return lists
}

// measureSet is the part of a DoFn that holds the measures: their names,
// which Beam serializes with the DoFn, and the measures, parsed by Setup on
// the worker.
type measureSet struct {
	Measures []string

	ms []measure.Measure
}

// Setup parses the measures.
func (f *measureSet) Setup() error {
	ms, err := parseMeasures(f.Measures)
	f.ms = ms
	return err
}

// markNode keys a node that may have no edge.
func markNode(v string) (string, int) { return v, 1 }

// signFn computes the signatures of a node from the messages of its
// neighbours. Each signature is emitted prefixed by the measure's index in
// Measures, keying the node's label.
type signFn struct {
	measureSet

	nbs  []Msg
	at   map[string]int32
	degs []int32
	arcs []graph.Edge
}

func (f *signFn) ProcessElement(v string, msgs func(*Msg) bool, lone func(*int) bool, emit func(string, string)) error {
	f.nbs = collect(f.nbs[:0], msgs)
	g, err := f.egoNetwork()
	if err != nil {
		return fmt.Errorf("ego network of node %q: %w", v, err)
	}
	for i, m := range f.ms {
		sig := []byte{byte(i)}
		if _, ok := m.(measure.VRQ); ok {
			f.degs = f.degs[:0]
			for _, nb := range f.nbs {
				f.degs = append(f.degs, int32(nb.Deg))
			}
			sig = measure.VRQ{}.AppendNeighborDegrees(sig, f.degs)
		} else {
			sig = m.NewEvaluator(g, 1).AppendSignature(sig, 0)
		}
		emit(string(sig), v)
	}
	return nil
}

// egoNetwork returns the subgraph induced by the 1-ball of the node whose
// neighbours' messages are in f.nbs, with the node as node 0 and its
// neighbours as 1..deg in ascending order of label.
func (f *signFn) egoNetwork() (*graph.Graph, error) {
	slices.SortFunc(f.nbs, func(a, b Msg) int { return strings.Compare(a.From, b.From) })
	clear(f.at)
	if f.at == nil {
		f.at = make(map[string]int32)
	}
	f.arcs = f.arcs[:0]
	for i, nb := range f.nbs {
		f.at[nb.From] = int32(i + 1)
		f.arcs = append(f.arcs, graph.Edge{U: 0, V: int32(i + 1)})
	}
	for i, nb := range f.nbs {
		for _, x := range nb.Up {
			if j, ok := f.at[x]; ok {
				f.arcs = append(f.arcs, graph.Edge{U: int32(i + 1), V: j})
			}
		}
	}
	g, _, err := graph.FromEdges(len(f.nbs)+1, f.arcs, nil)
	return g, err
}

// NodeInfo is what the signatures of a node need besides its triangle
// count, on the path without ego networks.
type NodeInfo struct {
	Deg int
	// VRQ is the node's vrq signature (without the measure's index), if
	// vrq is measured.
	VRQ []byte
}

// triangleFn counts the triangles that a node sees as their middle-ranked
// node: for every message of a lower-ranked neighbour a, the nodes c of a's
// higher-ranked list that rank above the node too. It credits each such
// triangle to its three corners, and emits the node's NodeInfo.
type triangleFn struct {
	VRQ bool

	nbs     []Msg
	up      map[string]bool
	credits map[string]int // triangles found here, by corner
	degs    []int32
}

func (f *triangleFn) ProcessElement(b string, msgs func(*Msg) bool, lone func(*int) bool, info func(string, NodeInfo), credit func(string, int)) {
	f.nbs = collect(f.nbs[:0], msgs)
	self := NodeDeg{Label: b, Deg: len(f.nbs)}
	if f.up == nil {
		f.up = make(map[string]bool)
	}
	clear(f.up)
	for _, a := range f.nbs {
		if higher(NodeDeg{Label: a.From, Deg: a.Deg}, self) {
			f.up[a.From] = true
		}
	}
	if f.credits == nil {
		f.credits = make(map[string]int)
	}
	clear(f.credits)
	for _, a := range f.nbs {
		if higher(NodeDeg{Label: a.From, Deg: a.Deg}, self) {
			continue
		}
		for _, c := range a.Up {
			if f.up[c] {
				f.credits[b]++
				f.credits[a.From]++
				f.credits[c]++
			}
		}
	}
	for x, n := range f.credits {
		credit(x, n)
	}
	out := NodeInfo{Deg: self.Deg}
	if f.VRQ {
		f.degs = f.degs[:0]
		for _, a := range f.nbs {
			f.degs = append(f.degs, int32(a.Deg))
		}
		out.VRQ = measure.VRQ{}.AppendNeighborDegrees(nil, f.degs)
	}
	info(b, out)
}

// localSignFn computes the signatures of the measures that need no ego
// network from a node's NodeInfo and triangle count, with the measures' own
// encoders: measure.Local's AppendLocal for degree and count.
type localSignFn struct {
	measureSet
}

func (f *localSignFn) ProcessElement(v string, infos func(*NodeInfo) bool, tris func(*int) bool, emit func(string, string)) error {
	var info NodeInfo
	if !infos(&info) {
		return fmt.Errorf("node %q: no degree", v)
	}
	tri := 0
	for t := 0; tris(&t); {
		tri += t
	}
	for i, m := range f.ms {
		sig := []byte{byte(i)}
		switch m := m.(type) {
		case measure.VRQ:
			sig = append(sig, info.VRQ...)
		case measure.Local:
			sig = m.AppendLocal(sig, int32(info.Deg), int32(tri))
		default:
			return fmt.Errorf("measure %s needs ego networks", m.Name())
		}
		emit(string(sig), v)
	}
	return nil
}

// classSize turns a class (a signature and its number of nodes) into the
// key "measure size".
func classSize(sig string, size int) string {
	return strconv.Itoa(int(sig[0])) + " " + strconv.Itoa(size)
}

// histEntry turns the number of classes of a "measure size" key into an
// entry of the measure's histogram.
func histEntry(key string, classes int) (int, anonymity.SizeCount, error) {
	mi, size, ok := strings.Cut(key, " ")
	i, err1 := strconv.Atoi(mi)
	n, err2 := strconv.Atoi(size)
	if !ok || err1 != nil || err2 != nil {
		return 0, anonymity.SizeCount{}, fmt.Errorf("malformed class-size key %q", key)
	}
	return i, anonymity.SizeCount{Size: n, Classes: classes}, nil
}

// summaryFn writes the Summary of a measure from its histogram.
type summaryFn struct {
	Measures []string // the measures' names, by index
	K        int
}

func (f *summaryFn) ProcessElement(mi int, entries func(*anonymity.SizeCount) bool, degSum func(*int) bool) (string, error) {
	if mi < 0 || mi >= len(f.Measures) {
		return "", fmt.Errorf("measure index %d out of range", mi)
	}
	sum := Summary{Measure: f.Measures[mi], D: 1, K: f.K, ClassSizes: map[string]int{}}
	total := 0
	for d := 0; degSum(&d); {
		total += d
	}
	sum.Edges = total / 2
	var e anonymity.SizeCount
	for entries(&e) {
		sum.ClassSizes[strconv.Itoa(e.Size)] = e.Classes
		sum.Nodes += e.Size * e.Classes
		sum.Classes += e.Classes
		if e.Size == 1 {
			sum.Unique += e.Classes
		}
		if e.Size < f.K {
			sum.NotKAnonymous += e.Size * e.Classes
		}
	}
	out, err := json.Marshal(sum)
	return fmt.Sprintf("%03d%s", mi, out), err
}

// inOrder joins the summaries, each prefixed by its measure's index in three
// digits, into one text in the order of the measures, so that the output
// does not depend on the order in which the runner delivers them.
func inOrder(_ int, summaries func(*string) bool) string {
	all := collect(nil, summaries)
	slices.Sort(all)
	for i := range all {
		all[i] = all[i][3:]
	}
	return strings.Join(all, "\n")
}

// belowKFn lists the nodes of the classes with fewer than K members.
type belowKFn struct {
	Measures []string // the measures' names, by index
	K        int
}

func (f *belowKFn) ProcessElement(sig string, labels func(*string) bool, sizes func(*int) bool, emit func(string)) error {
	size := 0
	for sizes(&size) {
	}
	if size >= f.K {
		return nil
	}
	if len(sig) == 0 || int(sig[0]) >= len(f.Measures) {
		return fmt.Errorf("malformed signature key %q", sig)
	}
	prefix := f.Measures[sig[0]] + "\t"
	suffix := "\t" + strconv.Itoa(size)
	var v string
	for labels(&v) {
		emit(prefix + v + suffix)
	}
	return nil
}
