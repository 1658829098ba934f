package graphio

import (
	"path/filepath"
	"testing"

	"github.com/anonet-project/anonet/internal/shareddata"
)

// TestSharedDatasets reads every shared network and checks its node and edge
// counts against ../shared/datasets/SOURCES.md.
func TestSharedDatasets(t *testing.T) {
	dir := shareddata.Dir(t)
	want := []struct {
		file         string
		nodes, edges int
	}{
		{"anonet/CA-GrQc.nauty", 5241, 14484},
		{"anonet/calls.nauty", 536, 621},
		{"anonet/fb_friends.nauty", 800, 6418},
		{"anonet/out.arenas-email.nauty", 1133, 5451},
		{"anonet/out.dimacs10-netscience.nauty", 1461, 2742},
		{"anonet/out.dnc-temporalGraph.nauty", 1866, 4384},
		{"anonet/out.gene_fusion.nauty", 291, 279},
		{"anonet/out.maayan-faa.nauty", 1226, 2408},
		{"anonet/out.moreno_health_health.nauty", 2539, 10455},
		{"anonet/out.moreno_innovation.nauty", 241, 923},
		{"anonet/out.opsahl-powergrid.nauty", 4941, 6594},
		{"anonet/out.radoslaw_email.nauty", 167, 3250},
		{"anonet/out.subelj_euroroad_euroroad.nauty", 1174, 1417},
		{"anonet/primaryschool.nauty", 242, 8317},
		{"anonet/sms.nauty", 568, 697},
		{"anonet/socfb-Reed98.nauty", 962, 18812},
		{"anonet/socfb-Simmons81.nauty", 1518, 32988},
		{"karate.edges.gz", 34, 78},
		{"lesmis.edges.gz", 77, 254},
		{"dolphins.edges.gz", 62, 159},
		{"football.edges.gz", 115, 613},
		{"enron-email.edges.gz", 36692, 183831},
	}
	for _, w := range want {
		t.Run(w.file, func(t *testing.T) {
			g, rep, err := ReadFile(filepath.Join(dir, w.file), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if g.NumNodes() != w.nodes || g.NumEdges() != w.edges {
				t.Errorf("%d nodes, %d edges; want %d, %d", g.NumNodes(), g.NumEdges(), w.nodes, w.edges)
			}
			if rep.SelfLoops+rep.Duplicates+rep.Asymmetric+rep.Isolated != 0 {
				t.Errorf("clean file reported normalisations: %v", rep.Notes())
			}
		})
	}
}
