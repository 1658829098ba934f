package main

import (
	"io"

	"github.com/anonet-project/anonet/internal/cli"

	"github.com/anonet-project/anonet/graphio"
)

func newConvertCmd(e *env) *cli.Command {
	var from, to string
	cmd := &cli.Command{
		Use:   "convert IN OUT",
		Short: "Convert a network from one file format to another",
		Long: `convert reads IN and writes the same network to OUT. Formats come from the
file extensions (a final .gz compresses), or from --from and --to. Reading
normalises to a simple undirected graph and says what it changed. nauty and
Matrix Market files carry no node labels: nodes are numbered in the order of
their ids.`,
		Example: "  anonet convert karate karate.graphml\n  anonet convert calls.nauty calls.edges.gz",
		Args:    exactArgs(2, "IN and OUT"),
		RunE: func(cmd *cli.Command, args []string) error {
			out := args[1]
			outs := e.newOutputs(args[0])
			if err := outs.add("OUT", out); err != nil {
				return err
			}
			outFormat, err := outputFormat(out, to)
			if err != nil {
				return err
			}
			in, err := e.readGraph(args[0], from)
			if err != nil {
				return err
			}
			if !graphio.KeepsLabels(outFormat) && in.g.HasLabels() {
				e.notef("note: %s files carry no node labels; nodes are numbered by their order in the input", outFormat)
			}
			outs.set("OUT", func(w io.Writer) error { return e.writeGraph(w, in.g, outFormat) })
			if err := outs.commit(); err != nil {
				return err
			}
			e.notef("wrote %s: %d nodes, %d edges (%s)", out, in.g.NumNodes(), in.g.NumEdges(), outFormat)
			if e.json {
				return writeJSON(e.stdout, map[string]any{
					"input": args[0], "output": out, "format": outFormat,
					"nodes": in.g.NumNodes(), "edges": in.g.NumEdges(), "normalised": newNormJSON(in.report),
				})
			}
			return nil
		},
	}
	registerFrom(cmd.Flags(), &from, "IN")
	registerTo(cmd.Flags(), &to, "OUT", "from the file extension", false)
	return cmd
}

// outputFormat returns the format named by flag, or else the one implied by
// the output file's extension.
func outputFormat(out, flag string) (graphio.Format, error) {
	if flag != "" {
		f, err := graphio.ParseFormat(flag)
		return f, inputError(err)
	}
	f, err := graphio.FormatOf(out)
	return f, inputError(err)
}
