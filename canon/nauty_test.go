package canon

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/internal/testenv"
)

// appendGraph6 appends the graph6 encoding of g (colours ignored) and a
// newline.
func appendGraph6(dst []byte, g Graph) []byte {
	n := g.N
	dst = appendGraph6Size(dst, n)
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

// appendGraph6Size appends the size field N(n) of the graph6 and digraph6
// formats.
func appendGraph6Size(dst []byte, n int) []byte {
	switch {
	case n <= 62:
		return append(dst, byte(n+63))
	case n <= 258047:
		return append(dst, 126, byte(n>>12&63+63), byte(n>>6&63+63), byte(n&63+63))
	}
	dst = append(dst, 126, 126)
	for s := 30; s >= 0; s -= 6 {
		dst = append(dst, byte(n>>s&63+63))
	}
	return dst
}

// labelg runs nauty-labelg on gs (with the partition string part, if not
// empty) and returns the canonical graph6 line of each graph.
func labelg(t *testing.T, gs []Graph, part string) []string {
	t.Helper()
	var in []byte
	for _, g := range gs {
		in = appendGraph6(in, g)
	}
	return runLabelg(t, in, len(gs), part)
}

// runLabelg runs nauty-labelg on count graphs in graph6 or digraph6 format
// (with the partition string part, if not empty) and returns its canonical
// output line for each.
func runLabelg(t *testing.T, in []byte, count int, part string) []string {
	t.Helper()
	args := []string{"-q"}
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
	if len(lines) != count {
		t.Fatalf("nauty-labelg returned %d graphs, want %d", len(lines), count)
	}
	return lines
}

// comparePartitions checks that our certificates and nauty's canonical
// graphs put the same graphs in the same classes; it returns the number of
// classes.
func comparePartitions(t *testing.T, c *Canonizer, gs []Graph, nauty []string) int {
	t.Helper()
	certs := make([]string, len(gs))
	var buf []byte
	for i, g := range gs {
		buf = c.AppendCertificate(buf[:0], g)
		certs[i] = string(buf)
	}
	return compareCertificates(t, certs, nauty)
}

// compareCertificates checks that certs and nauty's canonical forms put the
// same items in the same classes; it returns the number of classes.
func compareCertificates(t *testing.T, certs, nauty []string) int {
	t.Helper()
	p := newPartitionCheck()
	for i := range certs {
		if err := p.add(certs[i], nauty[i]); err != nil {
			t.Fatalf("graph %d: %v", i, err)
		}
	}
	return p.classes()
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

// appendDigraph6 appends the digraph6 encoding of the arcs of g (labels and
// colours ignored; every arc must be directed) and a newline.
func appendDigraph6(dst []byte, g LabelledGraph) []byte {
	n := g.N
	dst = appendGraph6Size(append(dst, '&'), n)
	bits := make([]byte, (n*n+5)/6)
	for _, a := range g.Arcs {
		k := int(a.From)*n + int(a.To)
		bits[k/6] |= 1 << (5 - k%6)
	}
	for _, b := range bits {
		dst = append(dst, b+63)
	}
	return append(dst, '\n')
}

// TestLabelledAgainstNauty compares isomorphism decisions on random
// digraphs (sparse, dense, tournaments, oriented and symmetric graphs, half
// of them relabelings of others) with nauty-labelg on digraph6 input,
// uncoloured and rooted (vertex 0 coloured apart).
func TestLabelledAgainstNauty(t *testing.T) {
	needNauty(t)
	rng := newRand(59)
	count := 500
	if testenv.IsHeavy() {
		count = 3000
	}
	var gs []LabelledGraph
	for i := 0; i < count; i++ {
		var g LabelledGraph
		if i > 0 && rng.IntN(2) == 0 {
			src := gs[rng.IntN(len(gs))]
			g = relabelArcs(src, randomPerm(src.N, rng), rng)
		} else {
			n := 1 + rng.IntN(20)
			switch rng.IntN(4) {
			case 0: // oriented graph: at most one arc per pair
				g = randomLabelled(n, 0, rng.Float64(), 1, 1, rng)
				for j := range g.Arcs {
					g.Arcs[j].Directed = true
					if rng.IntN(2) == 0 {
						g.Arcs[j].From, g.Arcs[j].To = g.Arcs[j].To, g.Arcs[j].From
					}
				}
			case 1: // symmetric digraph
				g = labelledFromGraph(randomGraph(n, rng.Float64(), rng), true)
			default:
				g = randomLabelled(n, rng.Float64()*0.6, 0, 1, 1, rng)
			}
			for j := range g.Arcs {
				g.Arcs[j].Label = 0 // digraph6 has no labels
			}
		}
		gs = append(gs, g)
	}
	for _, rooted := range []bool{false, true} {
		var in []byte
		certs := make([]string, len(gs))
		c := NewCanonizer()
		part := ""
		if rooted {
			part = "a"
		}
		for i, g := range gs {
			in = appendDigraph6(in, g)
			if rooted {
				g.Color = make([]int32, g.N)
				g.Color[0] = 1
			}
			certs[i] = string(c.AppendLabelledCertificate(nil, g))
		}
		nauty := runLabelg(t, in, len(gs), part)
		for i, line := range nauty {
			if !strings.HasPrefix(line, "&") {
				t.Fatalf("graph %d: nauty-labelg wrote %q, not digraph6", i, line)
			}
		}
		k := compareCertificates(t, certs, nauty)
		t.Logf("rooted=%v: %d digraphs, %d classes", rooted, len(gs), k)
	}
}
