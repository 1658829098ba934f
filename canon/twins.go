package canon

import (
	"slices"

	"github.com/anonet-project/anonet/internal/hashmix"
)

// computeTwins finds the twin classes of the working graph within the cells
// of the root partition: vertices with equal open neighbourhoods (false
// twins) or equal closed neighbourhoods (true twins). A vertex with a twin of
// one kind has none of the other kind. c.tw[v] is the representative of v's
// class (v itself when v has no twin).
func (c *Canonizer) computeTwins() {
	n := c.n
	c.tw = grow32(c.tw, n)
	c.twRep = grow32(c.twRep, n)
	c.mark.Reset(n, 1) // verifyTwins starts a generation per candidate
	if cap(c.inTwin) < n {
		c.inTwin = make([]bool, n, n+n/4+8)
	}
	c.inTwin = c.inTwin[:n]
	clear(c.inTwin)
	if cap(c.hbuf) < n {
		c.hbuf = make([]uint64, n, n+n/4+8)
	}
	c.hbuf = c.hbuf[:n]
	h := c.hbuf
	off, adj := c.off, c.adj
	for v := 0; v < n; v++ {
		c.tw[v] = int32(v)
		s := uint64(0)
		for _, u := range adj[off[v]:off[v+1]] {
			s += hashmix.Mix(uint64(u))
		}
		h[v] = s
	}
	c.hasTwins = false
	c.twinPass(false)
	c.twinPass(true)
}

// twinPass groups candidate twins by a hash of (cell, degree,
// neighbourhood) and verifies each group exactly.
func (c *Canonizer) twinPass(closed bool) {
	n := c.n
	off := c.off
	keys := c.keys[:0]
	for v := 0; v < n; v++ {
		if c.inTwin[v] {
			continue
		}
		k := c.hbuf[v]
		if closed {
			k += hashmix.Mix(uint64(v))
		}
		k = hashmix.Mix(k ^ uint64(c.cellOf[v])<<20 ^ uint64(off[v+1]-off[v])<<44)
		keys = append(keys, k&^0xffffffff|uint64(v))
	}
	slices.Sort(keys)
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j]>>32 == keys[i]>>32 {
			j++
		}
		if j-i > 1 {
			c.verifyTwins(keys[i:j], closed)
		}
		i = j
	}
	c.keys = keys[:0]
}

// verifyTwins splits a group of candidates into exact twin classes. Open
// twins: N(v) = N(r); closed twins: N(v) ∪ {v} = N(r) ∪ {r}. With equal
// degrees, inclusion in the marked set of r suffices.
func (c *Canonizer) verifyTwins(group []uint64, closed bool) {
	off, adj := c.off, c.adj
	for i, kr := range group {
		r := int32(uint32(kr))
		if c.tw[r] != r {
			continue
		}
		c.mark.Next()
		for _, u := range adj[off[r]:off[r+1]] {
			c.mark.Mark(u)
		}
		if closed {
			c.mark.Mark(r)
		}
		dr := off[r+1] - off[r]
		for _, kv := range group[i+1:] {
			v := int32(uint32(kv))
			if c.tw[v] != v || off[v+1]-off[v] != dr || c.cellOf[v] != c.cellOf[r] {
				continue
			}
			if closed && !c.mark.Marked(v) {
				continue
			}
			same := true
			for _, u := range adj[off[v]:off[v+1]] {
				if !c.mark.Marked(u) {
					same = false
					break
				}
			}
			if same {
				c.tw[v] = r
				c.inTwin[v] = true
				c.inTwin[r] = true
				c.hasTwins = true
			}
		}
	}
}
