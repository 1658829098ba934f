// Command anonet-beam measures the anonymity of the nodes of an edge list
// on an Apache Beam runner: prism on this machine (the default), or Flink,
// Spark or Dataflow for networks larger than one machine. It writes one
// JSON line per measure, with the field names of anonet measure --json:
//
//	anonet-beam --input net.edges --measure count,dk -k 2 --output out.json
//	anonet-beam --runner flink --endpoint localhost:8099 --environment_type DOCKER \
//	    --input hdfs://... --output hdfs://...
//
// See docs/distributed.md for the runners and the cost of each step.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/anonet-project/anonet/distributed/signatures"
	"github.com/anonet-project/anonet/graphio"
)

func main() {
	input := flag.String("input", "", "edge list to read (a path or glob Beam can open: local, gs://, ...)")
	output := flag.String("output", "", "file to write the JSON summaries to, one line per measure")
	measures := flag.String("measure", "count", "comma-separated measures, of "+strings.Join(signatures.Supported(), ", ")+", or all")
	k := flag.Int("k", 2, "anonymity threshold: a node is k-anonymous when its class has at least k members")
	nodes := flag.String("nodes", "", "if set, file to list the nodes that are not k-anonymous in, one line \"measure<TAB>label<TAB>class size\" each")
	header := flag.String("header", "auto", "column header of the edge list: auto (as anonet decides it), yes or no")
	signatures.Register()
	flag.Parse()
	beam.Init()
	if err := run(context.Background(), *input, *output, *nodes, *measures, *header, *k); err != nil {
		fmt.Fprintln(os.Stderr, "anonet-beam:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, input, output, nodes, measures, header string, k int) error {
	if input == "" || output == "" {
		return fmt.Errorf("--input and --output are required")
	}
	opt := signatures.Options{Measures: strings.Split(measures, ","), K: k, ListNodes: nodes != ""}
	if measures == "all" {
		opt.Measures = signatures.Supported()
	}
	mode, ok := map[string]graphio.Header{"auto": graphio.HeaderAuto, "yes": graphio.HeaderYes, "no": graphio.HeaderNo}[header]
	if !ok {
		return fmt.Errorf("--header %q: want auto, yes or no", header)
	}
	parser, err := signatures.InspectFile(ctx, input, mode)
	if err != nil {
		return err
	}
	opt.Parser = parser
	p, s := beam.NewPipelineWithRoot()
	out, err := signatures.Build(s, signatures.ReadLines(s, input), opt)
	if err != nil {
		return err
	}
	textio.Write(s, output, out.Summaries)
	if nodes != "" {
		textio.Write(s, nodes, out.NotKAnonymous)
	}
	if err := beamx.Run(ctx, p); err != nil {
		return fmt.Errorf("running the pipeline: %w", err)
	}
	return nil
}
