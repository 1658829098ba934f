package experiment

import (
	"bytes"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
)

func TestAttacksTable(t *testing.T) {
	nets := []Network{{"lesmis", examples.MustRead("lesmis")}}
	seeds := []int{0, 10}
	rows, err := Attacks(nets, seeds, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	if r.Nodes != 77 || r.Edges != 254 || !(r.EdgesKept > 0 && r.EdgesKept < 1) || len(r.Original) != 2 || len(r.Release) != 2 {
		t.Fatalf("%+v", r)
	}
	for i := range seeds {
		if !(r.Release[i] < r.Original[i]) {
			t.Errorf("s = %d: release %v not below the original %v", seeds[i], r.Release[i], r.Original[i])
		}
	}
	var buf bytes.Buffer
	AttackTable(&buf, rows, seeds)
	if lines := strings.Split(strings.TrimSpace(buf.String()), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[2], "| lesmis | 77 | 254 |") || strings.Contains(buf.String(), "⚠") {
		t.Errorf("table:\n%s", buf.String())
	}
}
