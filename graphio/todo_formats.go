package graphio

import (
	"bufio"
	"errors"
	"io"

	"github.com/anonet-project/anonet/graph"
)

// Placeholders until the GraphML, GML, Pajek and Matrix Market codecs land.

var errTodo = errors.New("format not implemented yet")

func readGraphML(*bufio.Reader, *Report) (*graph.Graph, error)      { return nil, errTodo }
func readGML(*bufio.Reader, *Report) (*graph.Graph, error)          { return nil, errTodo }
func readPajek(*bufio.Reader, *Report) (*graph.Graph, error)        { return nil, errTodo }
func readMatrixMarket(*bufio.Reader, *Report) (*graph.Graph, error) { return nil, errTodo }
func writeGraphML(io.Writer, *graph.Graph) error                    { return errTodo }
func writeGML(io.Writer, *graph.Graph) error                        { return errTodo }
func writePajek(io.Writer, *graph.Graph) error                      { return errTodo }
func writeMatrixMarket(io.Writer, *graph.Graph) error               { return errTodo }
