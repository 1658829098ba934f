package examples

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/graphio"
)

//go:embed data
var data embed.FS

// Names returns the names of the bundled networks in ascending order (the
// attribute tables in data/attributes are not networks).
func Names() []string {
	entries, _ := fs.ReadDir(data, "data")
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, strings.TrimSuffix(e.Name(), path.Ext(e.Name())))
		}
	}
	slices.Sort(names)
	return names
}

// file returns the embedded file name of the named network.
func file(name string) (string, bool) {
	entries, _ := fs.ReadDir(data, "data")
	for _, e := range entries {
		if !e.IsDir() && strings.TrimSuffix(e.Name(), path.Ext(e.Name())) == name {
			return e.Name(), true
		}
	}
	return "", false
}

// Has reports whether a network with the given name is bundled.
func Has(name string) bool {
	_, ok := file(name)
	return ok
}

// Format returns the file format of the named network.
func Format(name string) (graphio.Format, error) {
	f, ok := file(name)
	if !ok {
		return "", fmt.Errorf("no bundled network %q (bundled: %s)", name, strings.Join(Names(), ", "))
	}
	return graphio.FormatOf(f)
}

// Read reads the named bundled network with its own reading options
// (Options).
func Read(name string) (*graph.Graph, *graphio.Report, error) {
	return ReadWith(name, Options(name))
}

// Options returns how the named bundled network is read: as an undirected
// graph, except for the networks that are more (village is directed, with
// a layer column).
func Options(name string) graphio.ReadOptions {
	return readOptions[name]
}

// ReadWith reads the named bundled network with the given options (the
// format is always the file's).
func ReadWith(name string, opt graphio.ReadOptions) (*graph.Graph, *graphio.Report, error) {
	f, ok := file(name)
	if !ok {
		return nil, nil, fmt.Errorf("no bundled network %q (bundled: %s)", name, strings.Join(Names(), ", "))
	}
	b, err := data.ReadFile("data/" + f)
	if err != nil {
		return nil, nil, err
	}
	format, err := graphio.FormatOf(f)
	if err != nil {
		return nil, nil, err
	}
	opt.Format = format
	return graphio.Read(bytes.NewReader(b), name, opt)
}

// readOptions holds how the bundled networks that are more than undirected
// graphs are read: village is a directed two-layer network (made up by
// examples/tools/village.py) whose people's age group, sex and municipality
// are in data/attributes/village.csv.
var readOptions = map[string]graphio.ReadOptions{
	"village": {Directed: true, LayerColumn: "layer"},
}

// MustRead is Read for tests and examples: it panics if the named network is
// not bundled, which is a programming error.
func MustRead(name string) *graph.Graph {
	g, _, err := Read(name)
	if err != nil {
		panic(err)
	}
	return g
}
