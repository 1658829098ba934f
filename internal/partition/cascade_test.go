package partition

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/measure"
)

// tadpole is a triangle 0-5-6 with the tail 0-1-2-3, beside a cycle of
// eight nodes (10..17), an edge 20-21 and a triangle 30-31-32, so that under
// count only node 0 is unique and the cascade walks down the tail.
func tadpole() *graph.Graph {
	g := graph.New(33)
	for _, e := range [][2]int32{{0, 5}, {0, 6}, {5, 6}, {0, 1}, {1, 2}, {2, 3}, {20, 21}, {30, 31}, {31, 32}, {30, 32}} {
		g.AddEdge(e[0], e[1])
	}
	for i := range int32(8) {
		g.AddEdge(10+i, 10+(i+1)%8)
	}
	return g
}

func TestCascadeHand(t *testing.T) {
	tests := []struct {
		name   string
		g      *graph.Graph
		levels []int
		max    int
	}{
		// SPEC §8.4: example8, levels 2, 3, 3 (1 and 2 unique; from 1 the
		// only neighbour 0 is identified; from 0 nothing new).
		{"example8", examples.MustRead("example8"), []int{2, 3, 3}, 0},
		{"tadpole", tadpole(), []int{1, 2, 3, 4, 4}, 0},
		{"tadpole/max2", tadpole(), []int{1, 2, 3}, 2},
		{"example4", examples.MustRead("example4"), []int{0}, 0},
	}
	for _, tc := range tests {
		p := mustPartition(t, tc.g, measure.Count{}, 1)
		r, err := Cascade(p, p, CascadeOptions{MaxLevels: tc.max})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Levels, tc.levels) {
			t.Errorf("%s: levels %v, want %v", tc.name, r.Levels, tc.levels)
		}
	}
	p := mustPartition(t, tadpole(), measure.Count{}, 1)
	r, _ := Cascade(p, p, CascadeOptions{})
	if r.Level[3] != 3 || r.Level[5] != -1 || r.Level[0] != 0 {
		t.Errorf("tadpole node levels %v", r.Level)
	}
}

// TestCascadeSMS is SPEC §8.4's intended cascade on sms.nauty.
// TestCascadeTwinUnique checks the reference's twin-unique cascade on hand
// examples, under count at d = 1.
func TestCascadeTwinUnique(t *testing.T) {
	path3 := graph.New(3)
	path3.AddEdge(0, 1)
	path3.AddEdge(1, 2)
	tests := []struct {
		name   string
		g      *graph.Graph
		levels []int
	}{
		// example8: classes {0,5,6,7} {1} {2} {3,4}; 3 and 4 are open twins,
		// so level 0 is {1,2,3,4}. Level 1: 0 (the lone neighbour of 1) and
		// 5, 6, 7 (all of 3's neighbours in their class, mutual twins).
		{"example8", examples.MustRead("example8"), []int{4, 8, 8}},
		// The ends of a path a-b-c share a class and are open twins.
		{"path3", path3, []int{3, 3}},
		// Twin-unique: 0 and the 14 isolated nodes (one class, all open
		// twins); 5 and 6 are closed twins but share their class with the
		// triangle 30-31-32. From 0 its twin neighbours 5, 6 and the tail
		// node 1 are identified, then the tail.
		{"tadpole", tadpole(), []int{15, 18, 19, 20, 20}},
	}
	for _, tc := range tests {
		p := mustPartition(t, tc.g, measure.Count{}, 1)
		r, err := Cascade(p, p, CascadeOptions{Twins: TwinClasses(tc.g)})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Levels, tc.levels) {
			t.Errorf("%s: levels %v, want %v", tc.name, r.Levels, tc.levels)
		}
	}
}

func TestCascadeSMS(t *testing.T) {
	g := readDataset(t, "sms.nauty")
	p := mustPartition(t, g, measure.Count{}, 1)
	r, err := Cascade(p, p, CascadeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{15, 76, 158, 221, 269, 291, 295, 295}; !slices.Equal(r.Levels, want) {
		t.Errorf("levels %v, want %v", r.Levels, want)
	}
}

func TestCascadeProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 37))
	for _, kind := range []string{"er", "ba", "clustered"} {
		g := randomGraph(r, kind, 150)
		tw := TwinClasses(g)
		for _, m := range []measure.Measure{measure.Degree{}, measure.Count{}, measure.VRQ{}} {
			p := mustPartition(t, g, measure.Count{}, 1)
			q := mustPartition(t, g, m, 1)
			full, _ := Cascade(p, q, CascadeOptions{})
			withTwins, _ := Cascade(p, q, CascadeOptions{Twins: tw})
			for v := range int32(150) {
				if p.ClassSize(v) == 1 && full.Level[v] != 0 {
					t.Fatalf("unique node %d not identified at level 0", v)
				}
				if full.Level[v] >= 0 && withTwins.Level[v] < 0 {
					t.Fatalf("%s: twin variant identifies fewer nodes (%d)", kind, v)
				}
			}
			prev := -1
			for L := 1; L <= len(full.Levels); L++ {
				c, _ := Cascade(p, q, CascadeOptions{MaxLevels: L})
				if c.Total() < prev || c.Total() > full.Total() {
					t.Fatalf("%s %s: total %d at %d levels after %d", kind, m.Name(), c.Total(), L, prev)
				}
				prev = c.Total()
			}
			if prev != full.Total() {
				t.Fatalf("%s: bounded cascade ends at %d, unbounded %d", kind, prev, full.Total())
			}
		}
	}
}

func TestFuzzyHand(t *testing.T) {
	dist := func(r *FuzzyResult) string {
		c := map[int32]int{}
		for _, a := range r.Anonymity {
			c[a]++
		}
		keys := make([]int32, 0, len(c))
		for k := range c {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		s := ""
		for _, k := range keys {
			s += fmt.Sprintf("[%d,%d]", k, c[k])
		}
		return s
	}
	// SPEC §8.4: example8 with φ = 50 gives fuzzy sets F(0) = {0,1,2,5,6,7},
	// F(1) = {1}, F(2) = F(3) = {0,2,3,4,5,6,7}: [1,1],[6,4],[7,3].
	p := mustPartition(t, examples.MustRead("example8"), measure.Count{}, 1)
	r, err := p.Fuzzy(50)
	if err != nil {
		t.Fatal(err)
	}
	if got := dist(r); got != "[1,1][6,4][7,3]" {
		t.Errorf("example8 φ=50: %s", got)
	}
	for v, want := range map[int32][]int32{0: {0, 1, 2, 5, 6, 7}, 1: {1}, 2: {0, 2, 3, 4, 5, 6, 7}, 4: {0, 2, 3, 4, 5, 6, 7}} {
		if got := r.Set(nil, v); !slices.Equal(got, want) {
			t.Errorf("F(%d) = %v, want %v", v, got, want)
		}
	}
	if r.NotAnonymous != 1 || !r.NotAnonymousNode(1) || r.NotAnonymousNode(2) {
		t.Errorf("fuzzy not anonymous = %d", r.NotAnonymous)
	}
	// example4 with φ = 100: everyone similar to everyone, [6,6].
	p4 := mustPartition(t, examples.MustRead("example4"), measure.Count{}, 1)
	if r4, _ := p4.Fuzzy(100); dist(r4) != "[6,6]" {
		t.Errorf("example4 φ=100: %s", dist(r4))
	}
	// φ = 0 is exact anonymity.
	if r0, _ := p.Fuzzy(0); dist(r0) != "[1,2][2,2][4,4]" || r0.NotAnonymous != p.NotAnonymous() {
		t.Errorf("example8 φ=0: %s", dist(r0))
	}
	// Not defined for dk.
	if _, err := mustPartition(t, examples.MustRead("example8"), measure.DK{}, 1).Fuzzy(10); err == nil {
		t.Error("fuzzy dk accepted")
	}
	if _, err := p.Fuzzy(-1); err == nil {
		t.Error("negative φ accepted")
	}
}

func TestFuzzyProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 43))
	for _, kind := range []string{"er", "ba", "clustered"} {
		g := randomGraph(r, kind, 200)
		for _, m := range []measure.Measure{measure.Count{}, measure.Degree{}, measure.EdgeCount{}} {
			for _, c := range []struct {
				d      int
				levels FuzzyLevels
			}{{1, FuzzyTop}, {1, FuzzyAll}, {2, FuzzyTop}, {2, FuzzyAll}} {
				d, levels := c.d, c.levels
				p := mustPartition(t, g, m, d)
				prev, _ := p.FuzzyAt(0, levels)
				for v := range int32(200) {
					// φ = 0 is exact anonymity (at d = 1, or with every level),
					// else at least as large.
					if a := int(prev.Anonymity[v]); a != p.ClassSize(v) && (d == 1 || levels == FuzzyAll || a < p.ClassSize(v)) {
						t.Fatalf("%s %s d=%d φ=0: node %d fuzzy %d, exact %d", kind, m.Name(), d, v, prev.Anonymity[v], p.ClassSize(v))
					}
				}
				from := 0 // the first value the brute force compares
				if levels == FuzzyTop {
					from = 2 * (d - 1)
				}
				for _, phi := range []float64{0, 1, 5, 10, 20, 30, 50, 100, 150} {
					cur, _ := p.FuzzyAt(phi, levels)
					for v := range int32(200) {
						if cur.Anonymity[v] < prev.Anonymity[v] {
							t.Fatalf("%s %s d=%d: node %d fuzzy anonymity fell from %d to %d at φ=%v", kind, m.Name(), d, v, prev.Anonymity[v], cur.Anonymity[v], phi)
						}
						// The window scan agrees with a brute-force scan.
						if v%17 == 0 {
							want := 0
							var f measure.Fuzzy = m.(measure.Fuzzy)
							var b graph.Ball
							a := f.AppendValues(nil, g, v, d, &b)
							for u := range int32(200) {
								if measure.Difference(a[from:], f.AppendValues(nil, g, u, d, &b)[from:]) <= int(phi) {
									want++
								}
							}
							if int(cur.Anonymity[v]) != want || len(cur.Set(nil, v)) != want {
								t.Fatalf("%s %s d=%d levels %d φ=%v: node %d fuzzy %d, brute force %d", kind, m.Name(), d, levels, phi, v, cur.Anonymity[v], want)
							}
						}
					}
					prev = cur
				}
			}
		}
	}
}

// TestFuzzyLevels is the example of docs/measures.md where the two
// definitions differ: example8, count, d = 2, φ = 20. The level-2 values
// (|B_2|−1, edges beyond a spanning tree) are 0 (4,0), 1 (2,0), 2 (7,3),
// 3 and 4 (6,3), 5, 6 and 7 (5,3). Comparing level 2 only, diff(5 → 3) =
// ⌈100·1/5⌉ = 20 and diff(2 → 3) = ⌈100·1/7⌉ = 15, diff(3 → 2) =
// diff(3 → 5) = ⌈100·1/6⌉ = 17; at level 1, 5 has degree 2 and 3 degree
// 4 (diff 100), so with every level compared nothing merges.
func TestFuzzyLevels(t *testing.T) {
	p := mustPartition(t, examples.MustRead("example8"), measure.Count{}, 2)
	tests := []struct {
		levels FuzzyLevels
		want   []int32
		not    int
		set5   []int32
	}{
		{FuzzyTop, []int32{1, 1, 3, 6, 6, 5, 5, 5}, 2, []int32{3, 4, 5, 6, 7}},
		{FuzzyAll, []int32{1, 1, 1, 2, 2, 3, 3, 3}, 3, []int32{5, 6, 7}},
	}
	for _, tc := range tests {
		r, err := p.FuzzyAt(20, tc.levels)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Anonymity, tc.want) || r.NotAnonymous != tc.not || !slices.Equal(r.Set(nil, 5), tc.set5) {
			t.Errorf("levels %d: anonymity %v (want %v), not anonymous %d (want %d), set of 5 %v", tc.levels, r.Anonymity, tc.want, r.NotAnonymous, tc.not, r.Set(nil, 5))
		}
	}
	if r, _ := p.Fuzzy(20); !slices.Equal(r.Anonymity, tests[0].want) {
		t.Errorf("Fuzzy is not FuzzyTop: %v", r.Anonymity)
	}
}
