package signatures_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/distributed/signatures"
	"github.com/anonet-project/anonet/graphio"
)

func TestParse(t *testing.T) {
	plain := signatures.LineParser{}
	anonet := signatures.LineParser{AnonetFile: true}
	header := signatures.LineParser{Header: "from to"}
	for _, c := range []struct {
		p       signatures.LineParser
		line    string
		want    signatures.Record
		wantErr string
	}{
		{plain, "1 2", signatures.Record{N: 2, U: "1", V: "2"}, ""},
		{plain, "  a,\tb  c d", signatures.Record{N: 2, U: "a", V: "b"}, ""},
		{plain, "x x", signatures.Record{N: 2, U: "x", V: "x"}, ""},
		{plain, "", signatures.Record{}, ""},
		{plain, " ,\t\r", signatures.Record{}, ""},
		{plain, "# 1 2", signatures.Record{}, ""},
		{plain, "  % 1 2", signatures.Record{}, ""},
		{plain, "7", signatures.Record{}, "one column"},
		{anonet, "7", signatures.Record{N: 1, U: "7"}, ""},
		{header, "from to", signatures.Record{}, ""},
		{header, "from too", signatures.Record{N: 2, U: "from", V: "too"}, ""},
		{plain, `"a b" c`, signatures.Record{N: 2, U: "a b", V: "c"}, ""},
		{plain, `"say ""hi""",b`, signatures.Record{N: 2, U: `say "hi"`, V: "b"}, ""},
		{plain, `"a b c`, signatures.Record{}, "quote"},
		{plain, `"" b`, signatures.Record{}, "empty node id"},
		{plain, "a \xff", signatures.Record{}, "UTF-8"},
		{plain, "a\x00 b", signatures.Record{}, "NUL"},
	} {
		got, err := c.p.Parse(c.line)
		switch {
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%+v.Parse(%q): error %v, want one saying %q", c.p, c.line, err, c.wantErr)
		case c.wantErr == "" && err != nil:
			t.Errorf("%+v.Parse(%q): %v", c.p, c.line, err)
		case got != c.want:
			t.Errorf("%+v.Parse(%q) = %+v, want %+v", c.p, c.line, got, c.want)
		}
	}
}

func TestInspect(t *testing.T) {
	for _, c := range []struct {
		text string
		mode graphio.Header
		want signatures.LineParser
	}{
		{"1 2\n2 3\n", graphio.HeaderAuto, signatures.LineParser{}},
		{"# c\n\nsource target\n1 2\n", graphio.HeaderAuto, signatures.LineParser{Header: "source target"}},
		{"alice bob\n1 2\n", graphio.HeaderAuto, signatures.LineParser{Header: "alice bob"}},
		{"alice bob\nbob carol\n", graphio.HeaderAuto, signatures.LineParser{}},
		{"alice bob\nbob carol\n", graphio.HeaderYes, signatures.LineParser{Header: "alice bob"}},
		{"source target\n1 2\n", graphio.HeaderNo, signatures.LineParser{}},
		{"# anonet edge list: 3 nodes\nu v\nw\n", graphio.HeaderAuto, signatures.LineParser{AnonetFile: true}},
	} {
		got, err := signatures.Inspect(strings.NewReader(c.text), c.mode)
		if err != nil || got != c.want {
			t.Errorf("Inspect(%q, %v) = %+v, %v; want %+v", c.text, c.mode, got, err, c.want)
		}
	}
	if _, err := signatures.Inspect(strings.NewReader("1 2\n3\n"), graphio.HeaderAuto); err == nil {
		t.Errorf("Inspect accepted a line with one column in a file not written by anonet")
	}
}

func ExampleLineParser_Parse() {
	p, err := signatures.Inspect(strings.NewReader("from,to\nada,bob\nbob,cy\n"), graphio.HeaderAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{"from,to", "ada,bob", "% a comment"} {
		r, err := p.Parse(line)
		fmt.Printf("%q: %+v %v\n", line, r, err)
	}
	// Output:
	// "from,to": {N:0 U: V:} <nil>
	// "ada,bob": {N:2 U:ada V:bob} <nil>
	// "% a comment": {N:0 U: V:} <nil>
}

// TestInspectFileCompression: a glob whose matches are not all compressed
// as its name says is refused, since textio would drop the end of a
// compressed file without an error.
func TestInspectFileCompression(t *testing.T) {
	dir := t.TempDir()
	plain := "1 2\n2 3\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(plain))
	zw.Close()
	for name, data := range map[string][]byte{
		"a-1.edges": []byte(plain), "a-2.edges.gz": gz.Bytes(),
		"b-1.edges.gz": gz.Bytes(), "c-1.edges.GZ": gz.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		glob string
		ok   bool
	}{
		{"a-*", false},           // plain and compressed
		{"a-1.edges", true},      // plain
		{"b-*.gz", true},         // compressed
		{"c-*", false},           // compressed, not named .gz
		{"*.edges.gz", true},     // a-2 and b-1
		{"[ab]-1.edges*", false}, // plain a-1, compressed b-1
	} {
		_, err := signatures.InspectFile(context.Background(), filepath.Join(dir, c.glob), graphio.HeaderAuto)
		if (err == nil) != c.ok {
			t.Errorf("InspectFile(%s): error %v, want ok=%v", c.glob, err, c.ok)
		}
	}
}
