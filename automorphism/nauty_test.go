package automorphism

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/anonet-project/anonet/generate"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/internal/testenv"
)

// needDreadnaut skips t when nauty's dreadnaut is not installed.
func needDreadnaut(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("dreadnaut"); err != nil {
		t.Skip("dreadnaut not installed (Debian package nauty)")
	}
}

// nautyGraph is an undirected graph for dreadnaut with its colour cells.
type nautyGraph struct {
	n     int
	adj   [][]int32 // neighbours above each vertex
	cells [][]int32 // the colour classes in order; nil: one cell
}

// nautyOf encodes a graph with colours for dreadnaut. On a typed graph,
// every tie is subdivided (an encoding independent of the package's
// gadgets): a tie in undirected layer ℓ by one vertex coloured ℓ, an arc
// u→v in layer ℓ by a path u–a–b–v with a coloured (ℓ, tail) and b
// (ℓ, head). The subdividing vertices come after the nodes, in cells after
// theirs.
func nautyOf(g *graph.Graph, colors []int32) nautyGraph {
	n := g.NumNodes()
	ng := nautyGraph{n: n, adj: make([][]int32, n)}
	add := func(a, b int32) {
		if a > b {
			a, b = b, a
		}
		ng.adj[a] = append(ng.adj[a], b)
	}
	var extra [][]int32 // subdividing vertices by class
	if g.Typed() {
		directed := g.Directed()
		classes := 2 * g.NumLayers()
		extra = make([][]int32, classes)
		fresh := func(class int) int32 {
			v := int32(ng.n)
			ng.n++
			ng.adj = append(ng.adj, nil)
			extra[class] = append(extra[class], v)
			return v
		}
		for _, e := range g.SortedEdges() {
			k := g.Kind(e.U, e.V)
			for l := range g.NumLayers() {
				switch {
				case !directed && k.Out(l):
					x := fresh(2 * l)
					add(e.U, x)
					add(x, e.V)
				case directed:
					if k.Out(l) { // U→V
						a, b := fresh(2*l), fresh(2*l+1)
						add(e.U, a)
						add(a, b)
						add(b, e.V)
					}
					if k.In(l) { // V→U
						a, b := fresh(2*l), fresh(2*l+1)
						add(e.V, a)
						add(a, b)
						add(b, e.U)
					}
				}
			}
		}
	} else {
		for _, e := range g.SortedEdges() {
			add(e.U, e.V)
		}
	}
	if colors != nil || extra != nil {
		byColor := map[int32][]int32{}
		var vals []int32
		for v := range int32(n) {
			c := int32(0)
			if colors != nil {
				c = colors[v]
			}
			if _, ok := byColor[c]; !ok {
				vals = append(vals, c)
			}
			byColor[c] = append(byColor[c], v)
		}
		slices.Sort(vals)
		for _, c := range vals {
			ng.cells = append(ng.cells, byColor[c])
		}
		for _, x := range extra {
			if len(x) > 0 {
				ng.cells = append(ng.cells, x)
			}
		}
	}
	return ng
}

// dreadnautOrbits runs dreadnaut (Traces, sparse) on ng and returns the
// orbits of its first n vertices in the form of Orbits.Of, and the time
// dreadnaut reported.
func dreadnautOrbits(t testing.TB, ng nautyGraph, n int, timeout time.Duration) ([]int32, string) {
	t.Helper()
	var in bytes.Buffer
	w := bufio.NewWriter(&in)
	fmt.Fprintf(w, "At -a -m\nn=%d g\n", ng.n)
	for v, nb := range ng.adj {
		if len(nb) == 0 {
			continue
		}
		fmt.Fprintf(w, "%d:", v)
		for _, x := range nb {
			w.WriteByte(' ')
			w.WriteString(strconv.Itoa(int(x)))
		}
		w.WriteString(";\n")
	}
	w.WriteString(".\n")
	if ng.cells != nil {
		w.WriteString("f=[")
		for i, c := range ng.cells {
			if i > 0 {
				w.WriteString("|")
			}
			for j, v := range c {
				if j > 0 {
					w.WriteByte(',')
				}
				w.WriteString(strconv.Itoa(int(v)))
			}
		}
		w.WriteString("]\n")
	}
	w.WriteString("x o q\n")
	w.Flush()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "dreadnaut")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		t.Skipf("dreadnaut did not finish within %v", timeout)
	}
	if err != nil {
		t.Fatalf("dreadnaut: %v: %s", err, stderr.String())
	}
	text := string(out)
	i := strings.Index(text, "cpu time")
	if i < 0 {
		t.Fatalf("dreadnaut printed no time:\n%s", text)
	}
	cpu := strings.TrimSpace(text[i : i+strings.Index(text[i:], "\n")])
	rest := text[i+strings.Index(text[i:], "\n")+1:]
	class := make([]int32, ng.n)
	for v := range class {
		class[v] = -1
	}
	for _, seg := range strings.Split(rest, ";") {
		var members []int32
		for _, f := range strings.Fields(seg) {
			if strings.HasPrefix(f, "(") {
				continue
			}
			lo, hi, ok := strings.Cut(f, ":")
			a, err1 := strconv.Atoi(lo)
			b := a
			var err2 error
			if ok {
				b, err2 = strconv.Atoi(hi)
			}
			if err1 != nil || err2 != nil {
				t.Fatalf("dreadnaut orbit %q: bad token %q", seg, f)
			}
			for x := a; x <= b; x++ {
				members = append(members, int32(x))
			}
		}
		for _, x := range members {
			class[x] = members[0]
		}
	}
	for v, c := range class {
		if c < 0 {
			t.Fatalf("dreadnaut gave no orbit for vertex %d", v)
		}
	}
	return partitionOf(class[:n]), cpu
}

// named is a test graph with its colours.
type named struct {
	name   string
	g      *graph.Graph
	colors []int32
}

// randomFamilies returns count graphs drawn from r, cycling through the
// families, each randomly relabelled, a third of them with random colours.
func randomFamilies(t testing.TB, count int, seed uint64) []named {
	r := newRand(seed)
	must := func(g *graph.Graph, err error) *graph.Graph {
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	primes := []int{5, 13, 17, 29, 37, 41, 53, 61}
	var out []named
	for i := 0; len(out) < count; i++ {
		var g *graph.Graph
		var name string
		size := 10 + r.IntN(150)
		switch i % 14 {
		case 0:
			d := []float64{0.5, 1, 1.5, 2, 3}[r.IntN(5)]
			name, g = fmt.Sprintf("er(%d,%g)", size, d), must(generate.ErdosRenyi(size, d, r))
		case 1:
			size = 8 + r.IntN(40)
			name, g = fmt.Sprintf("er-dense(%d)", size), must(generate.ErdosRenyi(size, float64(size-1)*(0.3+0.4*r.Float64()), r))
		case 2:
			m := 1 + r.IntN(3)
			name, g = fmt.Sprintf("ba(%d,%d)", size, m), must(generate.BarabasiAlbert(size, m, r))
		case 3:
			k := 2 * (1 + r.IntN(3))
			p := []float64{0, 0.05, 0.2}[r.IntN(3)]
			name, g = fmt.Sprintf("ws(%d,%d,%g)", size, k, p), must(generate.WattsStrogatz(size, k, p, r))
		case 4:
			name, g = fmt.Sprintf("tree(%d)", size), randomTree(size, r)
		case 5:
			base := must(generate.ErdosRenyi(10+r.IntN(40), 1.5+r.Float64()*2, r))
			name, g = "blowup", blowUp(blowUp(base, r), r)
		case 6:
			base := randomTree(2+r.IntN(8), r)
			if r.IntN(2) == 0 {
				base = must(generate.ErdosRenyi(3+r.IntN(8), 2, r))
			}
			k := 2 + r.IntN(30)
			other := must(generate.ErdosRenyi(20, 2, r))
			name, g = fmt.Sprintf("copies(%d×%d)", k, base.NumNodes()), disjointUnion(copies(base, k, r), other, copies(path(4), 1+r.IntN(5), r))
		case 7:
			d := 3 + r.IntN(3)
			n := 8 + r.IntN(60)
			if n*d%2 == 1 {
				n++
			}
			name, g = fmt.Sprintf("regular(%d,%d)", n, d), randomRegular(n, d, r)
		case 8:
			q := primes[r.IntN(len(primes))]
			name, g = fmt.Sprintf("paley(%d)", q), paley(q)
		case 9:
			d := 2 + r.IntN(6)
			name, g = fmt.Sprintf("hypercube(%d)", d), hypercube(d)
		case 10:
			var base *graph.Graph
			switch r.IntN(3) {
			case 0:
				base = cycle(3 + r.IntN(6))
			case 1:
				base = hypercube(3)
			default:
				base = randomRegular(6+2*r.IntN(3), 3, r)
			}
			twist := map[graph.Edge]bool{}
			if r.IntN(2) == 0 {
				twist[base.Edges()[0]] = true
			}
			name, g = fmt.Sprintf("cfi(%d,%v)", base.NumNodes(), len(twist)), cfi(base, twist)
		case 11:
			n := 5 + r.IntN(60)
			name, g = fmt.Sprintf("cycles(%d)", n), disjointUnion(cycle(n), cycle(n), path(n), cycle(3+r.IntN(5)))
		case 12:
			// A tree of pendant paths on a hub: many orbits of one kind.
			g = graph.New(1)
			legs := 2 + r.IntN(20)
			for range legs {
				prev := int32(0)
				for range 1 + r.IntN(3) {
					v := g.AddNode("")
					g.AddEdge(prev, v)
					prev = v
				}
			}
			name = fmt.Sprintf("spider(%d)", legs)
		default:
			name, g = "empty-or-complete", graph.New(1+r.IntN(20))
			if r.IntN(2) == 0 {
				for u := range int32(g.NumNodes()) {
					for v := u + 1; v < int32(g.NumNodes()); v++ {
						g.AddEdge(u, v)
					}
				}
			}
		}
		var colors []int32
		if r.IntN(3) == 0 {
			colors = make([]int32, g.NumNodes())
			k := 1 + r.IntN(3)
			for v := range colors {
				colors[v] = int32(r.IntN(k))
			}
		}
		g, colors = relabelled(g, colors, r.Perm(g.NumNodes()))
		out = append(out, named{name, g, colors})
	}
	return out
}

// TestAgainstNauty compares the orbits with dreadnaut's on random graphs
// of many families: 300 by default, 1,500 as a heavy test.
func TestAgainstNauty(t *testing.T) {
	needDreadnaut(t)
	count := 300
	if testing.Short() {
		count = 60
	}
	if !testing.Short() && testenv.IsHeavy() {
		count = 1500
	}
	for i, x := range randomFamilies(t, count, 7) {
		want, _ := dreadnautOrbits(t, nautyOf(x.g, x.colors), x.g.NumNodes(), time.Minute)
		got := compute(t, x.g, x.colors)
		if !slices.Equal(got.Of, want) {
			t.Fatalf("graph %d %s (n %d, m %d, coloured %v): orbits differ from nauty's\n got %v\nwant %v", i, x.name, x.g.NumNodes(), x.g.NumEdges(), x.colors != nil, got.Of, want)
		}
	}
}
