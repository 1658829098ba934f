package main

import "github.com/anonet-project/anonet/graph"

// tieKinds describes the ties of a directed or layered network in a JSON
// result (issue 17); every field is left out for an undirected network
// without layers, whose ties are its edges.
type tieKinds struct {
	Directed bool     `json:"directed,omitempty"` // ties have a direction (--directed)
	Layers   []string `json:"layers,omitempty"`   // the layers of the ties (--layer-column)
	Ties     int      `json:"ties,omitempty"`     // arcs, or edges counted once per layer that holds them
}

// tieKindsOf returns the description of g's ties.
func tieKindsOf(g *graph.Graph) tieKinds {
	if !g.Directed() && g.Layers() == nil {
		return tieKinds{}
	}
	return tieKinds{Directed: g.Directed(), Layers: g.Layers(), Ties: g.NumTies()}
}
