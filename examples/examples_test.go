package examples

import (
	"fmt"
	"slices"
	"testing"
)

func TestBundled(t *testing.T) {
	want := map[string][2]int{
		"karate": {34, 78}, "lesmis": {77, 254}, "dolphins": {62, 159}, "football": {115, 613},
		"example1": {6, 0}, "example2": {6, 9}, "example3": {6, 6}, "example4": {6, 4},
		"example5": {6, 15}, "example6": {6, 7}, "example7": {12, 14}, "example8": {8, 10},
		"example9": {10, 10}, "startri": {7, 6}, "rooted9": {9, 15}, "village": {44, 61},
	}
	if len(Names()) != len(want) {
		t.Errorf("Names() = %v, want %d networks", Names(), len(want))
	}
	for name, nm := range want {
		g, rep, err := Read(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.NumNodes() != nm[0] || g.NumEdges() != nm[1] {
			t.Errorf("%s: %d nodes, %d edges; want %v", name, g.NumNodes(), g.NumEdges(), nm)
		}
		if name == "example9" && rep.Asymmetric != 2 {
			t.Errorf("example9: %d asymmetric arcs reported, want 2", rep.Asymmetric)
		}
	}
	v := MustRead("village")
	if !v.Directed() || !slices.Equal(v.Layers(), []string{"family", "work"}) || v.NumTies() != 83 {
		t.Errorf("village: directed %v, layers %v, %d ties; want directed, [family work], 83", v.Directed(), v.Layers(), v.NumTies())
	}
	if _, _, err := Read("nosuch"); err == nil {
		t.Error("Read(nosuch) succeeded")
	}
}

func ExampleRead() {
	g, _, err := Read("karate")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.NumNodes(), g.NumEdges(), g.Label(0))
	// Output: 34 78 1
}
