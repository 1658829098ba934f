package experiment

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/anonymity"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

func TestSyntheticColors(t *testing.T) {
	c := SyntheticColors(10000, 5, 7)
	count := make([]int, 5)
	for _, x := range c {
		count[x]++
	}
	for v, n := range count {
		if n < 1800 || n > 2200 {
			t.Errorf("value %d on %d of 10000 nodes, want about 2000", v, n)
		}
	}
	if d := SyntheticColors(10, 5, 8); fmt.Sprint(d) == fmt.Sprint(c[:10]) {
		t.Error("another seed gives the same values")
	}
}

// TestAttributesKarate checks the unique counts against an independent
// count of (value, degree, triangles) on karate, and that anonymization
// reached the target and kept fewer edges with the attribute known.
func TestAttributesKarate(t *testing.T) {
	g := examples.MustRead("karate")
	rows, err := Attributes([]Network{{Name: "karate", Graph: g}}, 5, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	colors := SyntheticColors(g.NumNodes(), 5, 1)
	count := map[string]int{}
	key := func(v int32) string { return fmt.Sprint(colors[v], g.Degree(v), g.NodeTriangles(v)) }
	for v := range int32(g.NumNodes()) {
		count[key(v)]++
	}
	unique := 0
	for v := range int32(g.NumNodes()) {
		if count[key(v)] == 1 {
			unique++
		}
	}
	p, err := anonymity.New(g, measure.Count{}, 1, anonymity.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.UniqueKnown != unique || r.Unique != p.Unique() {
		t.Errorf("unique %d with the attribute (want %d), %d without (want %d)", r.UniqueKnown, unique, r.Unique, p.Unique())
	}
	if !r.Reached || !r.ReachedKnown || r.KeptKnown >= r.Kept {
		t.Errorf("kept %d (reached %v) without, %d (reached %v) with the attribute", r.Kept, r.Reached, r.KeptKnown, r.ReachedKnown)
	}
	var buf bytes.Buffer
	AttributeTable(&buf, rows)
	if !strings.Contains(buf.String(), fmt.Sprintf("| karate | 34 | 78 | %d (", r.Unique)) {
		t.Errorf("table:\n%s", buf.String())
	}
}
