package canon

import (
	"bufio"
	"bytes"
	"os/exec"
	"testing"
)

// appendGraph6 appends the graph6 encoding of g (colours ignored) and a
// newline.
func appendGraph6(dst []byte, g Graph) []byte {
	n := g.N
	switch {
	case n <= 62:
		dst = append(dst, byte(n+63))
	case n <= 258047:
		dst = append(dst, 126, byte(n>>12&63+63), byte(n>>6&63+63), byte(n&63+63))
	default:
		dst = append(dst, 126, 126)
		for s := 30; s >= 0; s -= 6 {
			dst = append(dst, byte(n>>s&63+63))
		}
	}
	bits := make([]byte, (n*(n-1)/2+5)/6)
	for v := 0; v < n; v++ {
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			i, j := int(u), v
			if i >= j {
				continue
			}
			k := j*(j-1)/2 + i
			bits[k/6] |= 1 << (5 - k%6)
		}
	}
	for _, b := range bits {
		dst = append(dst, b+63)
	}
	return append(dst, '\n')
}

// labelg runs nauty-labelg on gs (with the partition string part, if not
// empty) and returns the canonical graph6 line of each graph.
func labelg(t *testing.T, gs []Graph, part string) []string {
	t.Helper()
	var in []byte
	for _, g := range gs {
		in = appendGraph6(in, g)
	}
	args := []string{"-q", "-g"}
	if part != "" {
		args = append(args, "-f"+part)
	}
	cmd := exec.Command("nauty-labelg", args...)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("nauty-labelg: %v: %s", err, stderr.String())
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) != len(gs) {
		t.Fatalf("nauty-labelg returned %d graphs, want %d", len(lines), len(gs))
	}
	return lines
}

// comparePartitions checks that our certificates and nauty's canonical
// graphs put the same graphs in the same classes; it returns the number of
// classes.
func comparePartitions(t *testing.T, c *Canonizer, gs []Graph, nauty []string) int {
	t.Helper()
	ours := map[string]string{}   // certificate -> nauty form
	theirs := map[string]string{} // nauty form -> certificate
	var buf []byte
	for i, g := range gs {
		buf = c.AppendCertificate(buf[:0], g)
		cert := string(buf)
		if x, ok := ours[cert]; ok && x != nauty[i] {
			t.Fatalf("graph %d (n=%d): our certificate equals that of a graph nauty finds non-isomorphic", i, g.N)
		}
		if x, ok := theirs[nauty[i]]; ok && x != cert {
			t.Fatalf("graph %d (n=%d): nauty finds it isomorphic to an earlier graph, our certificates differ", i, g.N)
		}
		ours[cert], theirs[nauty[i]] = nauty[i], cert
	}
	return len(ours)
}

func needNauty(t *testing.T) {
	if _, err := exec.LookPath("nauty-labelg"); err != nil {
		t.Skip("nauty-labelg not installed (Debian package nauty)")
	}
}

// TestAgainstNautyRandom compares isomorphism decisions with nauty on
// thousands of random small graphs, half of them random relabelings of
// others, uncoloured and rooted (vertex 0 coloured apart).
func TestAgainstNautyRandom(t *testing.T) {
	needNauty(t)
	rng := newRand(23)
	var gs []Graph
	for i := 0; i < 3000; i++ {
		var g Graph
		if i > 0 && rng.IntN(2) == 0 {
			g = randomRelabel(gs[rng.IntN(len(gs))], rng)
		} else {
			n := 1 + rng.IntN(12)
			switch rng.IntN(4) {
			case 0:
				g = randomTree(n, rng)
			case 1:
				g = blowUp(randomGraph(1+rng.IntN(4), 0.5, rng), rng)
			default:
				g = randomGraph(n, rng.Float64(), rng)
			}
		}
		gs = append(gs, g)
	}
	c := NewCanonizer()
	k := comparePartitions(t, c, gs, labelg(t, gs, ""))
	t.Logf("uncoloured: %d graphs, %d classes", len(gs), k)

	// Rooted: vertex 0 has colour 1. Relabelings must fix vertex 0.
	rooted := make([]Graph, 0, len(gs))
	for i, g := range gs {
		if i > 0 && rng.IntN(2) == 0 {
			src := rooted[rng.IntN(len(rooted))]
			perm := make([]int32, src.N)
			for j := range perm {
				perm[j] = int32(j)
			}
			rng.Shuffle(src.N-1, func(a, b int) { perm[a+1], perm[b+1] = perm[b+1], perm[a+1] })
			g = relabel(src, perm, rng)
		} else {
			g.Color = make([]int32, g.N)
			g.Color[0] = 1
		}
		rooted = append(rooted, g)
	}
	k = comparePartitions(t, c, rooted, labelg(t, rooted, "a"))
	t.Logf("rooted: %d graphs, %d classes", len(rooted), k)
}

// TestAgainstNautyEgoNetworks compares the classes of closed
// 1-neighbourhoods of every data set with nauty's, uncoloured and with the
// centre coloured apart.
func TestAgainstNautyEgoNetworks(t *testing.T) {
	needNauty(t)
	datasets := readDatasets(t)
	if testing.Short() {
		datasets = datasets[:3]
	}
	for _, ds := range datasets {
		g := ds.g
		t.Run(ds.name, func(t *testing.T) {
			x := newEgoExtractor(g)
			var rooted, plain []Graph
			for v := int32(0); v < int32(g.N); v++ {
				e := x.ego(v)
				e = Graph{N: e.N, Off: bytes2(e.Off), Adj: bytes2(e.Adj), Color: bytes2(e.Color)}
				rooted = append(rooted, e)
				e.Color = nil
				plain = append(plain, e)
			}
			c := NewCanonizer()
			kr := comparePartitions(t, c, rooted, labelg(t, rooted, "a"))
			kp := comparePartitions(t, c, plain, labelg(t, plain, ""))
			t.Logf("%d egos: %d rooted classes, %d unrooted", g.N, kr, kp)
		})
	}
}

func bytes2(s []int32) []int32 { return append([]int32(nil), s...) }
