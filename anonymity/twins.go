package anonymity

import (
	"encoding/binary"

	"github.com/anonet-project/anonet/graph"
)

// TwinClasses returns the twin class of every node. Nodes u ≠ v are open
// twins if N(u) = N(v) and closed twins if N(u) ∪ {u} = N(v) ∪ {v}; the two
// relations together partition the nodes (SPEC §3.4). Twins are exchanged by
// an automorphism, so no structural measure tells them apart. Classes are
// numbered in order of their smallest node; all isolated nodes form one
// class, and the ends of an isolated edge another.
func TwinClasses(g *graph.Graph) []int32 {
	n := g.NumNodes()
	twin := make([]int32, n)
	open := make(map[string]int32)
	closed := make(map[string]int32)
	var buf []byte
	classes := int32(0)
	for v := range int32(n) {
		nb := g.Neighbors(v)
		buf = buf[:0]
		for _, x := range nb {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(x))
		}
		if c, ok := open[string(buf)]; ok {
			twin[v] = c
			continue
		}
		okey := string(buf)
		buf = buf[:0]
		inserted := false
		for _, x := range nb {
			if !inserted && v < x {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
				inserted = true
			}
			buf = binary.LittleEndian.AppendUint32(buf, uint32(x))
		}
		if !inserted {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
		}
		if c, ok := closed[string(buf)]; ok {
			twin[v] = c
			continue
		}
		twin[v] = classes
		open[okey] = classes
		closed[string(buf)] = classes
		classes++
	}
	return twin
}

// TwinReduced returns the twin-reduced anonymity of every node: the number
// of distinct twin classes among the members of its equivalence class, i.e.
// how many structurally different positions share its signature. twins is
// the result of TwinClasses for the partition's current graph.
func (p *Partition) TwinReduced(twins []int32) []int32 {
	n := p.g.NumNodes()
	out := make([]int32, n)
	seen := make([]int32, n) // twin class → last equivalence class (+1) seen
	members := make([]int32, 0, 16)
	done := make([]bool, n)
	for v := range int32(n) {
		if done[v] {
			continue
		}
		c := p.top.classOf[v]
		members = p.top.appendMembers(members[:0], c)
		distinct := int32(0)
		for _, x := range members {
			if seen[twins[x]] != c+1 {
				seen[twins[x]] = c + 1
				distinct++
			}
		}
		for _, x := range members {
			out[x] = distinct
			done[x] = true
		}
	}
	return out
}
