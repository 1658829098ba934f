package graphio

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/anonet-project/anonet/graph"
)

// builder collects labelled nodes and node pairs and turns them into a
// graph. Labels that are plain decimal numbers take a fast path without
// string hashing; if every label is numeric the nodes are numbered in
// ascending numeric order, otherwise in order of first appearance.
type builder struct {
	strIDs map[string]int32 // non-numeric labels
	small  []int32          // numeric label x < len(small): id+1, or 0
	large  map[uint64]int32 // other numeric labels
	labels []string         // label of each temporary id, set for strings only
	nums   []uint64         // numeric value of each temporary id
	isNum  []bool
	allNum bool
	pairs  []graph.Edge
}

func newBuilder() *builder {
	return &builder{strIDs: map[string]int32{}, large: map[uint64]int32{}, allNum: true}
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
	if id, ok := b.strIDs[string(tok)]; ok {
		return id
	}
	id := int32(len(b.isNum))
	s := string(tok)
	b.strIDs[s] = id
	b.grow(false, 0, s)
	b.allNum = false
	return id
}

// numNode returns the temporary id of the node labelled by number x.
func (b *builder) numNode(x uint64) int32 {
	const smallLimit = 1 << 26
	if x < smallLimit {
		if x >= uint64(len(b.small)) {
			n := max(2*len(b.small), int(x)+1, 1024)
			b.small = append(b.small, make([]int32, min(n, smallLimit)-len(b.small))...)
		}
		if id := b.small[x]; id > 0 {
			return id - 1
		}
		id := int32(len(b.isNum))
		b.small[x] = id + 1
		b.grow(true, x, "")
		return id
	}
	if id, ok := b.large[x]; ok {
		return id
	}
	id := int32(len(b.isNum))
	b.large[x] = id
	b.grow(true, x, "")
	return id
}

func (b *builder) grow(isNum bool, x uint64, s string) {
	b.isNum = append(b.isNum, isNum)
	b.nums = append(b.nums, x)
	b.labels = append(b.labels, s)
}

func (b *builder) edge(u, v int32) { b.pairs = append(b.pairs, graph.Edge{U: u, V: v}) }

// numNodes returns the number of nodes created so far.
func (b *builder) numNodes() int { return len(b.isNum) }

// build numbers the nodes, builds the graph and fills the counts of rep.
// first lists temporary ids that must come first when nodes are numbered in
// order of appearance (nil for none).
func (b *builder) build(rep *Report) (*graph.Graph, error) {
	n := len(b.isNum)
	order := make([]int32, n) // order[final] = temporary id
	for i := range order {
		order[i] = int32(i)
	}
	if b.allNum {
		slices.SortFunc(order, func(a, c int32) int { return cmp.Compare(b.nums[a], b.nums[c]) })
	}
	final := make([]int32, n)
	labels := make([]string, n)
	identity := true
	for f, t := range order {
		final[t] = int32(f)
		if b.isNum[t] {
			if b.nums[t] != uint64(f) {
				identity = false
			}
			labels[f] = strconv.FormatUint(b.nums[t], 10)
		} else {
			identity = false
			labels[f] = b.labels[t]
		}
	}
	for i, p := range b.pairs {
		b.pairs[i] = graph.Edge{U: final[p.U], V: final[p.V]}
	}
	if identity {
		labels = nil // labels "0".."n-1" need no storage
	}
	g, norm, err := graph.FromEdges(n, b.pairs, labels)
	if err != nil {
		return nil, err
	}
	rep.SelfLoops += norm.SelfLoops
	rep.Duplicates += norm.Duplicates
	fillCounts(rep, g)
	return g, nil
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
