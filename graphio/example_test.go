package graphio_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/anonet-project/anonet/graphio"
)

// Read an edge list with a header line, a weight column, a self-loop, a
// reverse duplicate and an isolated node, and print what was normalised.
func ExampleRead() {
	const edges = `# a small network
source,target,weight
alice,bob,1.5
bob,alice,0.5
bob,carol,1
carol,carol,2
`
	g, rep, err := graphio.Read(strings.NewReader(edges), "friends.csv", graphio.ReadOptions{Format: graphio.EdgeList})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.NumNodes(), "nodes,", g.NumEdges(), "edges; node 0 is", g.Label(0))
	for _, note := range rep.Notes() {
		fmt.Println("-", note)
	}
	// Output:
	// 3 nodes, 2 edges; node 0 is alice
	// - first line read as a column header and skipped
	// - 4 records had extra columns (weights, timestamps, values), ignored
	// - 1 self-loop dropped
	// - 1 duplicate or reverse-duplicate edge merged
}

// Errors name the file, line and column of the problem.
func ExampleParseError() {
	_, _, err := graphio.Read(strings.NewReader("!n=3\n0: 1 2;\n1: 0 7;\n"), "g.nauty", graphio.ReadOptions{Format: graphio.Nauty})
	fmt.Println(err)
	// Output:
	// read g.nauty:3:6: vertex 7 out of range: the header says n=3, so vertices are 0..2
}

// Convert a GraphML file into a gzip-compressed Pajek file.
func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "graphio")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "g.graphml")
	doc := `<graphml><graph edgedefault="directed">
  <node id="a"/><node id="b"/><node id="lonely"/>
  <edge source="a" target="b"/><edge source="b" target="c"/>
</graph></graphml>`
	if err := os.WriteFile(in, []byte(doc), 0o644); err != nil {
		log.Fatal(err)
	}
	g, rep, err := graphio.ReadFile(in, graphio.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Join(rep.Notes(), "; "))
	out := filepath.Join(dir, "g.net.gz")
	if err := graphio.WriteFile(out, g, graphio.WriteOptions{}); err != nil {
		log.Fatal(err)
	}
	h, _, err := graphio.ReadFile(out, graphio.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(h.NumNodes(), h.NumEdges(), h.Labels())
	// Output:
	// input is directed: arcs were made undirected edges; 2 arcs were listed in one direction only and symmetrised; 1 isolated node kept
	// 4 2 [a b lonely c]
}

// Convert a network to the binary format once, then read it back without
// parsing (memory-mapped on Linux); a corrupted file is refused with the
// byte offset of the problem.
func ExampleWriteFile_binary() {
	dir, err := os.MkdirTemp("", "anonet-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	g, _, err := graphio.Read(strings.NewReader("ann bob\nbob cy\ncy ann\ncy dee\n"), "net.edges", graphio.ReadOptions{Format: graphio.EdgeList})
	if err != nil {
		log.Fatal(err)
	}
	path := filepath.Join(dir, "net.anonet")
	if err := graphio.WriteFile(path, g, graphio.WriteOptions{}); err != nil {
		log.Fatal(err)
	}
	h, rep, err := graphio.ReadFile(path, graphio.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	st, _ := os.Stat(path)
	fmt.Println(rep.Format, st.Size(), "bytes:", h.NumNodes(), "nodes,", h.NumEdges(), "edges; node 3 is", h.Label(3))
	b, _ := os.ReadFile(path)
	b[44] ^= 1 // flip a bit of the first edge
	os.WriteFile(path, b, 0o644)
	_, _, err = graphio.ReadFile(path, graphio.ReadOptions{})
	fmt.Println(strings.Replace(err.Error(), path, "net.anonet", 1))
	// Output:
	// anonet 103 bytes: 4 nodes, 4 edges; node 3 is dee
	// read net.anonet: byte 99: checksum mismatch (CRC-32C 0xe1f46532, the file says 0x3b07e6ee): the file is corrupt
}
