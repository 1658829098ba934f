package canon

import (
	"bytes"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// relabelArcs returns g with vertex v renamed perm[v], its arcs shuffled and
// the ends of its undirected arcs swapped at random.
func relabelArcs(g LabelledGraph, perm []int32, rng *rand.Rand) LabelledGraph {
	h := LabelledGraph{N: g.N, Arcs: make([]Arc, len(g.Arcs))}
	for i, a := range g.Arcs {
		a.From, a.To = perm[a.From], perm[a.To]
		if !a.Directed && rng.IntN(2) == 0 {
			a.From, a.To = a.To, a.From
		}
		h.Arcs[i] = a
	}
	rng.Shuffle(len(h.Arcs), func(i, j int) { h.Arcs[i], h.Arcs[j] = h.Arcs[j], h.Arcs[i] })
	if g.Color != nil {
		h.Color = make([]int32, g.N)
		for v, x := range g.Color {
			h.Color[perm[v]] = x
		}
	}
	return h
}

func randomPerm(n int, rng *rand.Rand) []int32 {
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = int32(i)
	}
	rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	return perm
}

// randomLabelled returns a random labelled graph: every ordered pair gets
// an arc of each label with probability pDir, every unordered pair an
// undirected edge of each label with probability pUnd; labels are 10, 11,
// ...; vertex colours are drawn from colours values (nil when colours ≤ 1).
func randomLabelled(n int, pDir, pUnd float64, labels, colours int, rng *rand.Rand) LabelledGraph {
	g := LabelledGraph{N: n}
	if colours > 1 {
		g.Color = make([]int32, n)
		for v := range g.Color {
			g.Color[v] = int32(rng.IntN(colours)) - 1
		}
	}
	for l := int32(10); l < int32(10+labels); l++ {
		for u := int32(0); u < int32(n); u++ {
			for v := int32(0); v < int32(n); v++ {
				if u != v && rng.Float64() < pDir {
					g.Arcs = append(g.Arcs, Arc{u, v, l, true})
				}
				if u < v && rng.Float64() < pUnd {
					g.Arcs = append(g.Arcs, Arc{u, v, l, false})
				}
			}
		}
	}
	return g
}

// labelledFromGraph turns the edges of g into undirected arcs of one label
// (reciprocal arcs when directed).
func labelledFromGraph(g Graph, directed bool) LabelledGraph {
	h := LabelledGraph{N: g.N, Color: g.Color}
	for _, e := range edgesOf(g) {
		h.Arcs = append(h.Arcs, Arc{e.u, e.v, 0, directed})
		if directed {
			h.Arcs = append(h.Arcs, Arc{e.v, e.u, 0, true})
		}
	}
	return h
}

// labelledOracle decides labelled isomorphism by brute force over all n!
// relabelings. A graph's form under a permutation is its colours and, for
// every ordered pair, a bit mask of the arcs from the first vertex to the
// second (bit l: directed arc of label labels[l]; bit 16+l: undirected
// edge); the canonical form is the smallest.
type labelledOracle struct {
	labels []int32 // at most 16 label values shared by all graphs compared
}

func (o labelledOracle) matrix(g LabelledGraph) []uint32 {
	n := g.N
	m := make([]uint32, n*n)
	for _, a := range g.Arcs {
		l := slices.Index(o.labels, a.Label)
		if l < 0 {
			panic("label missing from the oracle's table")
		}
		if a.Directed {
			m[int(a.From)*n+int(a.To)] |= 1 << l
		} else {
			m[int(a.From)*n+int(a.To)] |= 1 << (16 + l)
			m[int(a.To)*n+int(a.From)] |= 1 << (16 + l)
		}
	}
	return m
}

// form returns the canonical form of g and its number of automorphisms.
func (o labelledOracle) form(g LabelledGraph) (string, int64) {
	n := g.N
	m := o.matrix(g)
	colour := func(v int32) int32 {
		if g.Color == nil {
			return 0
		}
		return g.Color[v]
	}
	var best, cur, id []byte
	aut := int64(0)
	enc := func(b []byte, p []int32) []byte {
		b = b[:0]
		for _, v := range p {
			b = append(b, byte(colour(v)>>24), byte(colour(v)>>16), byte(colour(v)>>8), byte(colour(v)))
		}
		for _, v := range p {
			for _, u := range p {
				x := m[int(v)*n+int(u)]
				b = append(b, byte(x>>24), byte(x>>16), byte(x>>8), byte(x))
			}
		}
		return b
	}
	permutations(n, func(p []int32) {
		cur = enc(cur, p)
		if id == nil {
			id = slices.Clone(cur) // Heap's algorithm starts at the identity
		}
		if best == nil || bytes.Compare(cur, best) < 0 {
			best = append(best[:0], cur...)
		}
		if bytes.Equal(cur, id) {
			aut++
		}
	})
	return string(best), aut
}

// burnside counts the isomorphism classes of graphs on n vertices in which
// every unordered pair takes one of fixed states, of which swapped are
// symmetric (left unchanged by exchanging the two ends), by Burnside's
// lemma: the average over all permutations of the number of graphs they
// fix. A cycle of pairs of length k fixes one state per cycle, a symmetric
// one when the k-th power of the permutation swaps the pair.
func burnside(n int, fixed, swapped int64) int64 {
	total, perms := new(big.Int), int64(0)
	permutations(n, func(p []int32) {
		perms++
		seen := map[[2]int32]bool{}
		f := big.NewInt(1)
		for a := int32(0); a < int32(n); a++ {
			for b := a + 1; b < int32(n); b++ {
				if seen[[2]int32{a, b}] {
					continue
				}
				x, y := a, b
				for {
					seen[[2]int32{min(x, y), max(x, y)}] = true
					x, y = p[x], p[y]
					if min(x, y) == a && max(x, y) == b {
						break
					}
				}
				if x == a {
					f.Mul(f, big.NewInt(fixed))
				} else {
					f.Mul(f, big.NewInt(swapped))
				}
			}
		}
		total.Add(total, f)
	})
	return total.Div(total, big.NewInt(perms)).Int64()
}

// allPairStates calls f with every labelled graph on n vertices in which
// each unordered pair {a, b}, a < b, takes one of the states: states lists,
// per state, the arcs between a and b with a as From (0 = From a, 1 = From b).
func allPairStates(n int, states [][]Arc, col []int32, f func(LabelledGraph)) {
	var pairs [][2]int32
	for a := int32(0); a < int32(n); a++ {
		for b := a + 1; b < int32(n); b++ {
			pairs = append(pairs, [2]int32{a, b})
		}
	}
	idx := make([]int, len(pairs))
	var arcs []Arc
	for {
		arcs = arcs[:0]
		for i, p := range pairs {
			for _, a := range states[idx[i]] {
				a.From, a.To = p[a.From], p[a.To]
				arcs = append(arcs, a)
			}
		}
		f(LabelledGraph{N: n, Color: col, Arcs: arcs})
		i := 0
		for i < len(idx) && idx[i] == len(states)-1 {
			idx[i] = 0
			i++
		}
		if i == len(idx) {
			return
		}
		idx[i]++
	}
}

// pairStates returns the states of a pair for the given labels: for each
// label, any subset of {undirected edge, arc a→b, arc b→a} (when undirected
// and directed are set respectively).
func pairStates(labels []int32, undirected, directed bool) [][]Arc {
	var kinds []Arc
	for _, l := range labels {
		if undirected {
			kinds = append(kinds, Arc{0, 1, l, false})
		}
		if directed {
			kinds = append(kinds, Arc{0, 1, l, true}, Arc{1, 0, l, true})
		}
	}
	var states [][]Arc
	for mask := 0; mask < 1<<len(kinds); mask++ {
		var s []Arc
		for i, k := range kinds {
			if mask>>i&1 == 1 {
				s = append(s, k)
			}
		}
		states = append(states, s)
	}
	return states
}

// TestCountDigraphs checks the numbers of isomorphism classes of digraphs
// (OEIS A000273: 1, 3, 16, 218, 9608 for n = 1..5) among all 2^(n(n-1))
// labelled digraphs, and that Burnside's lemma gives the same numbers.
func TestCountDigraphs(t *testing.T) {
	want := []int{1, 3, 16, 218, 9608}
	states := pairStates([]int32{0}, false, true)
	c := NewCanonizer()
	for i, w := range want {
		n := i + 1
		if b := burnside(n, 4, 2); b != int64(w) {
			t.Errorf("n=%d: Burnside gives %d digraphs, want %d", n, b, w)
		}
		if n == 5 && testing.Short() {
			t.Log("n=5 enumeration skipped in short mode")
			continue
		}
		seen := map[string]bool{}
		var buf []byte
		allPairStates(n, states, nil, func(g LabelledGraph) {
			buf = c.AppendLabelledCertificate(buf[:0], g)
			seen[string(buf)] = true
		})
		if len(seen) != w {
			t.Errorf("n=%d: %d certificates, want %d", n, len(seen), w)
		}
	}
}

// TestLabelledOracle enumerates every mixed graph on 4 vertices with one
// label (any subset of undirected edge, u→v, v→u per pair) and every
// graph on 3 vertices with two labels, some with vertex colours, and checks
// that certificates and the brute-force oracle induce the same partition,
// that the number of classes is Burnside's and that group orders agree.
func TestLabelledOracle(t *testing.T) {
	cases := []struct {
		name   string
		n      int
		labels []int32
		col    []int32
	}{
		{"mixed n=4, one label", 4, []int32{3}, nil},
		{"mixed n=3, two labels", 3, []int32{3, 4}, nil},
		{"mixed n=3, two labels, vertex 0 coloured", 3, []int32{-7, 4}, []int32{1, 0, 0}},
		{"digraphs n=3, two labels", 3, []int32{0, 1}, nil},
		{"digraphs n=4, vertex 3 coloured", 4, []int32{0}, []int32{0, 0, 0, 2}},
	}
	c := NewCanonizer()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			directedOnly := strings.HasPrefix(tc.name, "digraphs")
			states := pairStates(tc.labels, !directedOnly, true)
			stride := 1
			if testing.Short() {
				stride = 7
			}
			o := labelledOracle{tc.labels}
			p := newPartitionCheck()
			i := 0
			var buf []byte
			allPairStates(tc.n, states, tc.col, func(g LabelledGraph) {
				i++
				if i%stride != 0 {
					return
				}
				buf = c.AppendLabelledCertificate(buf[:0], g)
				bf, aut := o.form(g)
				if got := c.GroupSize(); got.Cmp(big.NewInt(aut)) != 0 {
					t.Fatalf("%v: group size %v, brute force %d", g.Arcs, got, aut)
				}
				if err := p.add(string(buf), bf); err != nil {
					t.Fatalf("%v: %v", g.Arcs, err)
				}
			})
			if stride > 1 || tc.col != nil {
				return
			}
			// Per label: 8 states of a pair, 4 of them symmetric (the two
			// arcs both present or both absent, with or without the edge).
			fixed, swapped := int64(1), int64(1)
			for range tc.labels {
				if directedOnly {
					fixed, swapped = fixed*4, swapped*2
				} else {
					fixed, swapped = fixed*8, swapped*4
				}
			}
			want := burnside(tc.n, fixed, swapped)
			if int64(p.classes()) != want {
				t.Errorf("%d classes, Burnside's lemma gives %d", p.classes(), want)
			}
			t.Logf("%d graphs, %d classes", i, p.classes())
		})
	}
}

// TestLabelledInvariance checks certificates and group orders of labelled
// graphs with large automorphism groups and of random labelled graphs under
// random relabelings and arc shuffles.
func TestLabelledInvariance(t *testing.T) {
	rng := newRand(41)
	type lfamily struct {
		name string
		g    LabelledGraph
		aut  string
	}
	fact := func(n int64) string { return new(big.Int).MulRange(1, n).String() }
	dcycle := func(n, copies int) LabelledGraph {
		g := LabelledGraph{N: n * copies}
		for k := 0; k < copies; k++ {
			for v := 0; v < n; v++ {
				g.Arcs = append(g.Arcs, Arc{int32(k*n + v), int32(k*n + (v+1)%n), 5, true})
			}
		}
		return g
	}
	bipartite := func(a, b int) LabelledGraph {
		g := LabelledGraph{N: a + b}
		for u := 0; u < a; u++ {
			for v := a; v < a+b; v++ {
				g.Arcs = append(g.Arcs, Arc{int32(u), int32(v), 1, true})
			}
		}
		return g
	}
	// Paley tournament on q ≡ 3 (mod 4) prime: u→v iff v-u is a square.
	tournament := func(q int) LabelledGraph {
		sq := make([]bool, q)
		for x := 1; x < q; x++ {
			sq[x*x%q] = true
		}
		g := LabelledGraph{N: q}
		for u := 0; u < q; u++ {
			for v := 0; v < q; v++ {
				if u != v && sq[(v-u+q)%q] {
					g.Arcs = append(g.Arcs, Arc{int32(u), int32(v), 0, true})
				}
			}
		}
		return g
	}
	// Multiplex hypercube: the edges of Q_d in dimension i have label i%2,
	// directed from the smaller vertex.
	multiQ := func(d int) LabelledGraph {
		g := LabelledGraph{N: 1 << d}
		for v := 0; v < 1<<d; v++ {
			for i := 0; i < d; i++ {
				if u := v ^ 1<<i; u > v {
					g.Arcs = append(g.Arcs, Arc{int32(v), int32(u), int32(i % 2), true})
				}
			}
		}
		return g
	}
	mixed := func(g Graph) LabelledGraph { // edges undirected label 1 and reciprocal label 2
		h := labelledFromGraph(g, true)
		for i := range h.Arcs {
			h.Arcs[i].Label = 2
		}
		h.Arcs = append(h.Arcs, labelledFromGraph(g, false).Arcs...)
		return h
	}
	// Directed cycles whose arcs all have different labels except that the
	// pattern repeats with period 3: 150 labels, rotations by 3 only.
	patterned := dcycle(450, 1)
	for i := range patterned.Arcs {
		patterned.Arcs[i].Label = int32(i%150) * 1000
	}
	fs := []lfamily{
		{"DirectedC7", dcycle(7, 1), "7"},
		{"PatternedC450", patterned, "3"},
		{"DirectedC50", dcycle(50, 1), "50"},
		{"12xDirectedC5", dcycle(5, 12), new(big.Int).Mul(new(big.Int).Exp(big.NewInt(5), big.NewInt(12), nil), new(big.Int).MulRange(1, 12)).String()},
		{"K5,7 oriented", bipartite(5, 7), new(big.Int).Mul(new(big.Int).MulRange(1, 5), new(big.Int).MulRange(1, 7)).String()},
		{"K20,20 oriented", bipartite(20, 20), new(big.Int).Mul(new(big.Int).MulRange(1, 20), new(big.Int).MulRange(1, 20)).String()},
		{"ReciprocalK12", labelledFromGraph(complete(12), true), fact(12)},
		{"PaleyTournament7", tournament(7), "21"},
		{"PaleyTournament19", tournament(19), "171"},
		{"PaleyTournament43", tournament(43), "903"},
		{"MultiplexQ6", multiQ(6), "36"}, // permutations of the 3 even and 3 odd dimensions
		{"ReciprocalPetersen", labelledFromGraph(petersen(), true), "120"},
		{"MixedPaley29", mixed(paley(29)), "406"},
		{"MixedQ6", mixed(hypercube(6)), "46080"},
		{"UndirectedShrikhande", labelledFromGraph(shrikhande(), false), "192"},
		{"Empty9", LabelledGraph{N: 9}, fact(9)},
	}
	for i := 0; i < 30; i++ {
		n := 1 + rng.IntN(40)
		p := rng.Float64() * 0.3
		g := randomLabelled(n, p, p*rng.Float64(), 1+rng.IntN(3), 1+rng.IntN(3), rng)
		fs = append(fs, lfamily{"random", g, ""})
	}
	reps := 30
	if testing.Short() {
		reps = 5
	}
	c := NewCanonizer()
	for _, f := range fs {
		if err := f.g.Validate(); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		cert := string(c.AppendLabelledCertificate(nil, f.g))
		aut := c.GroupSize()
		if f.aut != "" && aut.String() != f.aut {
			t.Errorf("%s: group size %v, want %s", f.name, aut, f.aut)
		}
		for r := 0; r < reps; r++ {
			h := relabelArcs(f.g, randomPerm(f.g.N, rng), rng)
			if string(c.AppendLabelledCertificate(nil, h)) != cert || c.GroupSize().Cmp(aut) != 0 {
				t.Fatalf("%s: relabeling changes the result", f.name)
			}
		}
	}
}

// TestLabelledNonIsomorphicPairs mutates random labelled graphs on up to 7
// vertices by one step (reverse an arc, change a label, flip directedness,
// move an arc, recolour a vertex) and checks certificates against the
// brute-force oracle, on the mutant and on a relabeling of it.
func TestLabelledNonIsomorphicPairs(t *testing.T) {
	rng := newRand(43)
	o := labelledOracle{[]int32{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 99}}
	c := NewCanonizer()
	samples := 400
	if testing.Short() {
		samples = 60
	}
	differ := 0
	for i := 0; i < samples; i++ {
		n := 2 + rng.IntN(6)
		p := 0.1 + 0.5*rng.Float64()
		labels := 1 + rng.IntN(2)
		if i%4 == 0 {
			// Many labels, few arcs: the gadget vertices are found by
			// sorting rather than by a table.
			labels, p = 12, 0.05
		}
		g := randomLabelled(n, p, p/2, labels, 1+rng.IntN(2), rng)
		if len(g.Arcs) == 0 {
			continue
		}
		h := LabelledGraph{N: n, Color: slices.Clone(g.Color), Arcs: slices.Clone(g.Arcs)}
		j := rng.IntN(len(h.Arcs))
		a := &h.Arcs[j]
		switch rng.IntN(5) {
		case 0:
			a.From, a.To = a.To, a.From
		case 1:
			a.Label = 99
		case 2:
			a.Directed = !a.Directed
		case 3:
			a.To = int32(rng.IntN(n))
		case 4:
			if h.Color == nil {
				h.Color = make([]int32, n)
			}
			h.Color[rng.IntN(n)]++
		}
		if h.Validate() != nil {
			continue // the mutation made a duplicate or a loop
		}
		h = relabelArcs(h, randomPerm(n, rng), rng)
		fg, _ := o.form(g)
		fh, _ := o.form(h)
		same := c.LabelledIsomorphic(g, h)
		if same != (fg == fh) {
			t.Fatalf("%v colours %v and %v colours %v: certificates say isomorphic=%v, brute force %v", g.Arcs, g.Color, h.Arcs, h.Color, same, fg == fh)
		}
		if !same {
			differ++
		}
	}
	if differ < samples/4 {
		t.Errorf("only %d of %d mutants are non-isomorphic: the test is too weak", differ, samples)
	}
}

// TestLabelledMatchesPlain checks that an undirected graph with one label
// (and, when its edges are made reciprocal arcs, a symmetric digraph) is
// isomorphic to another exactly when the plain graphs are, with the same
// group order, and that labelled and plain certificates differ.
func TestLabelledMatchesPlain(t *testing.T) {
	rng := newRand(47)
	c := NewCanonizer()
	var gs []Graph
	for i := 0; i < 200; i++ {
		if i > 0 && rng.IntN(2) == 0 {
			gs = append(gs, randomRelabel(gs[rng.IntN(len(gs))], rng))
		} else {
			gs = append(gs, randomGraph(1+rng.IntN(9), rng.Float64(), rng))
		}
	}
	for _, directed := range []bool{false, true} {
		p := newPartitionCheck()
		for _, g := range gs {
			plain := string(c.AppendCertificate(nil, g))
			aut := c.GroupSize()
			lab := string(c.AppendLabelledCertificate(nil, labelledFromGraph(g, directed)))
			if c.GroupSize().Cmp(aut) != 0 {
				t.Fatalf("%v: labelled group size %v, plain %v", edgesOf(g), c.GroupSize(), aut)
			}
			if lab[0] == plain[0] {
				t.Fatal("a labelled certificate starts like a plain one")
			}
			if err := p.add(lab, plain); err != nil {
				t.Fatalf("directed=%v %v: %v", directed, edgesOf(g), err)
			}
		}
	}
	// Label and colour values matter; nil colours equal zeros.
	g := labelledFromGraph(petersen(), true)
	a := c.AppendLabelledCertificate(nil, g)
	g.Color = make([]int32, g.N)
	if !bytes.Equal(a, c.AppendLabelledCertificate(nil, g)) {
		t.Error("nil and zero colours differ")
	}
	for i := range g.Arcs {
		g.Arcs[i].Label = 1
	}
	if bytes.Equal(a, c.AppendLabelledCertificate(nil, g)) {
		t.Error("label 0 and label 1 give equal certificates")
	}
}

func TestLabelledValidate(t *testing.T) {
	tests := []struct {
		name string
		g    LabelledGraph
		err  string // "" when valid
	}{
		{"empty", LabelledGraph{}, ""},
		{"arc", LabelledGraph{N: 2, Arcs: []Arc{{0, 1, 0, true}}}, ""},
		{"reciprocal", LabelledGraph{N: 2, Arcs: []Arc{{0, 1, 0, true}, {1, 0, 0, true}}}, ""},
		{"two labels", LabelledGraph{N: 2, Arcs: []Arc{{0, 1, 0, false}, {1, 0, 1, false}}}, ""},
		{"edge and arc", LabelledGraph{N: 2, Arcs: []Arc{{0, 1, 0, false}, {0, 1, 0, true}}}, ""},
		{"coloured", LabelledGraph{N: 2, Color: []int32{-1, 5}}, ""},
		{"negative N", LabelledGraph{N: -1}, "negative vertex count"},
		{"huge N", LabelledGraph{N: math.MaxInt32}, "does not fit"},
		{"too many arcs", LabelledGraph{N: math.MaxInt32 - 7, Arcs: []Arc{{0, 1, 0, true}, {1, 0, 0, true}}}, "too many"},
		{"bad colour length", LabelledGraph{N: 2, Color: []int32{1}}, "len(Color)"},
		{"self-loop", LabelledGraph{N: 2, Arcs: []Arc{{1, 1, 0, true}}}, "self-loop"},
		{"undirected self-loop", LabelledGraph{N: 2, Arcs: []Arc{{0, 0, 0, false}}}, "self-loop"},
		{"out of range", LabelledGraph{N: 2, Arcs: []Arc{{0, 2, 0, true}}}, "out of range"},
		{"negative id", LabelledGraph{N: 2, Arcs: []Arc{{-1, 0, 0, false}}}, "out of range"},
		{"duplicate arc", LabelledGraph{N: 3, Arcs: []Arc{{0, 1, 0, true}, {1, 2, 0, true}, {0, 1, 0, true}}}, "duplicate arc 0->1/0"},
		{"duplicate edge reversed", LabelledGraph{N: 2, Arcs: []Arc{{0, 1, 7, false}, {1, 0, 7, false}}}, "duplicate arc 0-1/7"},
	}
	for _, tc := range tests {
		err := tc.g.Validate()
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: Validate() = %v, want nil", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: Validate() = %v, want an error containing %q", tc.name, err, tc.err)
		}
	}
}

// TestLabelledNoAllocations checks that steady-state labelled certificates
// do not allocate.
func TestLabelledNoAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	rng := newRand(53)
	for _, g := range []LabelledGraph{
		randomLabelled(40, 0.1, 0.05, 3, 2, rng),
		labelledFromGraph(paley(29), true),
		labelledFromGraph(disjointUnion(petersen(), 4), false),
	} {
		c := NewCanonizer()
		buf := make([]byte, 0, 1<<16)
		c.AppendLabelledCertificate(buf, g)
		c.AppendLabelledCertificate(buf, g)
		if a := testing.AllocsPerRun(20, func() { c.AppendLabelledCertificate(buf, g) }); a != 0 {
			t.Errorf("n=%d m=%d: %v allocations per call", g.N, len(g.Arcs), a)
		}
	}
}

// FuzzLabelled reads a labelled graph from bytes (n, colours, then arcs as
// (from, to, label, directed) quadruples); when valid, its certificate must
// not change under a permutation and an arc shuffle drawn from seed, and a
// reversal of its first directed arc must change the certificate exactly
// when the brute-force oracle says so.
func FuzzLabelled(f *testing.F) {
	f.Add([]byte{3, 0, 0, 1, 0, 1, 0, 1, 1, 2, 0, 1, 2, 0, 0, 1}, uint64(1))
	f.Add([]byte{4, 1, 0, 0, 0, 0, 1, 1, 0, 1, 2, 1, 1, 2, 3, 0, 0}, uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		if len(data) == 0 {
			return
		}
		n := int(data[0] % 7)
		data = data[1:]
		g := LabelledGraph{N: n}
		if len(data) >= n && n > 0 && data[0]&1 == 1 {
			g.Color = make([]int32, n)
			for v := range g.Color {
				g.Color[v] = int32(data[v] % 3)
			}
			data = data[n:]
		}
		for ; len(data) >= 4; data = data[4:] {
			g.Arcs = append(g.Arcs, Arc{int32(data[0]) - 1, int32(data[1]) - 1, int32(data[2] % 3), data[3]&1 == 1})
		}
		if g.Validate() != nil {
			return
		}
		rng := newRand(seed)
		c := NewCanonizer()
		cert := string(c.AppendLabelledCertificate(nil, g))
		h := relabelArcs(g, randomPerm(n, rng), rng)
		if string(c.AppendLabelledCertificate(nil, h)) != cert {
			t.Fatalf("%v: certificate changes under relabeling", g.Arcs)
		}
		for i, a := range h.Arcs {
			if a.Directed {
				h.Arcs[i].From, h.Arcs[i].To = a.To, a.From
				break
			}
		}
		if h.Validate() != nil {
			return
		}
		o := labelledOracle{[]int32{0, 1, 2}}
		fg, _ := o.form(g)
		fh, _ := o.form(h)
		if c.LabelledIsomorphic(g, h) != (fg == fh) {
			t.Fatalf("%v vs %v: certificates and brute force disagree", g.Arcs, h.Arcs)
		}
	})
}
