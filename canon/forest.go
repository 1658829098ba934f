package canon

import (
	"cmp"
	"slices"
)

// canonForest canonicalizes a coloured forest (the working graph, coloured
// by the root cells) in O(n log n) time, after Aho, Hopcroft and Ullman:
// each tree is rooted at its centre (or at its central edge), rooted subtrees
// get integer types bottom-up by height, from (colour, sorted child types),
// and the labeling is the preorder that visits children by increasing type,
// trees sorted by the type of their root.
func (c *Canonizer) canonForest(nc int) {
	n := c.n
	off, adj := c.off, c.adj
	comp, col := c.comp, c.cellOf
	rem := grow32(c.fa, n)
	round := grow32(c.fb, n)
	q := grow32(c.fc, n)[:0]
	for v := int32(0); v < int32(n); v++ {
		d := off[v+1] - off[v]
		rem[v], round[v] = d, 0
		if d <= 1 {
			q = append(q, v)
		}
	}
	// Peel leaves layer by layer; the last one or two vertices of each tree
	// are its centre.
	for h := 0; h < len(q); h++ {
		v := q[h]
		rem[v] = -1
		for _, u := range adj[off[v]:off[v+1]] {
			if rem[u] > 0 {
				rem[u]--
				if rem[u] == 1 {
					round[u] = round[v] + 1
					q = append(q, u)
				}
			}
		}
	}
	ca, cb := grow32(c.ca, nc), grow32(c.cb, nc)
	maxr := grow32(c.kend, nc)
	for i := range nc {
		ca[i], cb[i], maxr[i] = -1, -1, -1
	}
	for v := int32(0); v < int32(n); v++ {
		k := comp[v]
		switch r := round[v]; {
		case r > maxr[k]:
			maxr[k], ca[k], cb[k] = r, v, -1
		case r == maxr[k]:
			cb[k] = v
		}
	}
	// Root the trees and order the vertices breadth first.
	parent := rem
	order := q[:0]
	for k := range nc {
		a, b := ca[k], cb[k]
		parent[a] = b
		order = append(order, a)
		if b >= 0 {
			parent[b] = a
			order = append(order, b)
		}
	}
	for h := 0; h < len(order); h++ {
		v := order[h]
		for _, u := range adj[off[v]:off[v+1]] {
			if u != parent[v] && len(order) < n { // the bound only matters for invalid input
				parent[u] = v
				order = append(order, u)
			}
		}
	}
	isRoot := func(v int32) bool { k := comp[v]; return v == ca[k] || v == cb[k] }
	height := round
	clear(height)
	for h := len(order) - 1; h >= 0; h-- {
		v := order[h]
		if p := parent[v]; p >= 0 && !isRoot(v) && height[v]+1 > height[p] {
			height[p] = height[v] + 1
		}
	}
	// Vertices by increasing height (counting sort).
	byh := grow32(c.fd, n)
	hc := grow32(c.fe, n+1)
	clear(hc)
	for _, v := range order {
		hc[height[v]+1]++
	}
	for i := 1; i <= n; i++ {
		hc[i] += hc[i-1]
	}
	for _, v := range order {
		byh[hc[height[v]]] = v
		hc[height[v]]++
	}
	// Types, level by level.
	id := grow32(c.ff, n)
	koff := grow32(c.koff, n)
	kend := grow32(c.loc, n)
	kbuf := c.kbuf[:0]
	keyCmp := func(a, b int32) int {
		if col[a] != col[b] {
			return cmp.Compare(col[a], col[b])
		}
		ka, kb := kbuf[koff[a]:kend[a]], kbuf[koff[b]:kend[b]]
		if len(ka) != len(kb) {
			return cmp.Compare(len(ka), len(kb))
		}
		return slices.Compare(ka, kb)
	}
	next := int32(0)
	for s := 0; s < n; {
		e := s + 1
		for e < n && height[byh[e]] == height[byh[s]] {
			e++
		}
		level := byh[s:e]
		for _, v := range level {
			ks := len(kbuf)
			for _, u := range adj[off[v]:off[v+1]] {
				if u != parent[v] {
					kbuf = append(kbuf, id[u])
				}
			}
			ch := kbuf[ks:]
			slices.Sort(ch)
			for i := 0; i < len(ch); {
				j := i + 1
				for j < len(ch) && ch[j] == ch[i] {
					j++
				}
				c.addFact(j - i)
				i = j
			}
			koff[v], kend[v] = int32(ks), int32(len(kbuf))
		}
		slices.SortFunc(level, keyCmp)
		for i, v := range level {
			if i == 0 || keyCmp(level[i-1], v) != 0 {
				next++
			}
			id[v] = next
		}
		s = e
	}
	c.kbuf = kbuf
	// Trees sorted by (unicentral before bicentral, root types).
	for k := range nc {
		if b := cb[k]; b >= 0 {
			if id[b] < id[ca[k]] {
				ca[k], cb[k] = b, ca[k]
			}
			if id[ca[k]] == id[cb[k]] {
				c.factors = append(c.factors, factor{2, false})
			}
		}
	}
	treeCmp := func(x, y int32) int {
		bx, by := cb[x] >= 0, cb[y] >= 0
		if bx != by {
			if bx {
				return 1
			}
			return -1
		}
		if d := cmp.Compare(id[ca[x]], id[ca[y]]); d != 0 || !bx {
			return d
		}
		return cmp.Compare(id[cb[x]], id[cb[y]])
	}
	trees := grow32(c.cidx, nc)
	for k := range trees {
		trees[k] = int32(k)
	}
	slices.SortFunc(trees, treeCmp)
	k0 := 0
	for i := 1; i < nc; i++ {
		if treeCmp(trees[i-1], trees[i]) != 0 {
			c.addFact(i - k0)
			k0 = i
		}
	}
	c.addFact(nc - k0)
	// Preorder, children by increasing type.
	lab := c.lab[:0]
	stack := byh[:0]
	ch := c.keys[:0]
	for _, k := range trees {
		for _, r := range [2]int32{ca[k], cb[k]} {
			if r < 0 {
				continue
			}
			stack = append(stack, r)
			for len(stack) > 0 && len(lab) < n {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				lab = append(lab, v)
				ch = ch[:0]
				for _, u := range adj[off[v]:off[v+1]] {
					if u != parent[v] {
						ch = append(ch, uint64(id[u])<<32|uint64(u))
					}
				}
				slices.Sort(ch)
				for i := len(ch) - 1; i >= 0; i-- {
					stack = append(stack, int32(uint32(ch[i])))
				}
			}
		}
	}
	c.keys = ch[:0]
	c.lab = lab
	c.fa, c.fb, c.fc, c.fd, c.fe, c.ff = rem, round, q, byh, hc, id
	c.ca, c.cb, c.kend, c.koff, c.loc, c.cidx = ca, cb, maxr, koff, kend, trees
}
