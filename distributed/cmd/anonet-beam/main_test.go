package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/anonet-project/anonet/distributed/signatures"
)

func TestMain(m *testing.M) {
	signatures.Register()
	ptest.MainWithDefault(m, "prism")
}

// lines returns the sorted lines of a file.
func lines(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	l := strings.Split(strings.TrimSpace(string(data)), "\n")
	slices.Sort(l)
	return l
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "net.edges")
	// A header, a triangle a b c with a path c d e, a duplicate and a
	// self-loop: under count, a and b are equivalent, c, d and e unique.
	if err := os.WriteFile(in, []byte("from to\na b\nb c\nc a\nc d\nd e\nb a\ne e\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, nodes := filepath.Join(dir, "out.json"), filepath.Join(dir, "nodes.tsv")
	if err := run(context.Background(), in, out, nodes, "count,degree", "auto", 2); err != nil {
		t.Fatal(err)
	}
	// The summaries come in the order of --measure.
	want := `{"measure":"count","d":1,"k":2,"nodes":5,"edges":5,"classes":4,"unique":3,"not_k_anonymous":3,"class_sizes":{"1":3,"2":1}}
{"measure":"degree","d":1,"k":2,"nodes":5,"edges":5,"classes":3,"unique":2,"not_k_anonymous":2,"class_sizes":{"1":2,"3":1}}
`
	if got, err := os.ReadFile(out); err != nil || string(got) != want {
		t.Errorf("summary %q (%v), want %q", got, err, want)
	}
	if got, want := lines(t, nodes), []string{"count\tc\t1", "count\td\t1", "count\te\t1", "degree\tc\t1", "degree\te\t1"}; !slices.Equal(got, want) {
		t.Errorf("nodes %q, want %q", got, want)
	}
}

func TestRunRefuses(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "net.edges")
	if err := os.WriteFile(in, []byte("a b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	for _, c := range []struct {
		name                            string
		input, output, measures, header string
		k                               int
		want                            string
	}{
		{"no input", "", out, "count", "auto", 2, "--input"},
		{"no output", in, "", "count", "auto", 2, "--output"},
		{"bad header", in, out, "count", "maybe", 2, "--header"},
		{"unknown measure", in, out, "count,nothing", "auto", 2, "nothing"},
		{"measure not computed", in, out, "hybrid", "auto", 2, "not computed"},
		{"measure twice", in, out, "count,Count", "auto", 2, "twice"},
		{"bad k", in, out, "count", "auto", -1, "k = -1"},
		{"missing file", filepath.Join(dir, "none.edges"), out, "count", "auto", 2, "no file matches"},
	} {
		err := run(context.Background(), c.input, c.output, "", c.measures, c.header, c.k)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}
