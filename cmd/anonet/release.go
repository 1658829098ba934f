package main

import (
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/anonet-project/anonet/anonymize"
	"github.com/anonet-project/anonet/graph"
	"github.com/anonet-project/anonet/release"
	"github.com/anonet-project/anonet/report"
)

// checkReachable refuses, before any work, a target that no alteration can
// meet (anonymize.Config.Reachable), as bad usage. With allowUnmet a
// target that some nodes can still meet (rewiring under a measure that
// tells degrees apart) only gets a warning: the user asked for the best
// state, e.g. to compare operations within a budget as the paper does.
func (e *env) checkReachable(cfg anonymize.Config, g *graph.Graph, allowUnmet bool) error {
	err := cfg.Reachable(g)
	switch {
	case err == nil:
		return nil
	case allowUnmet && cfg.K <= g.NumNodes():
		fmt.Fprintf(e.stderr, "warning: %v; running anyway (--allow-unmet)\n", err)
		return nil
	}
	return usageErrorf("%v; no release could meet it", err)
}

// secretWarnings tells that the outputs linking the release to the original
// must never be published with it.
func (e *env) secretWarnings(outs *outputSet, release string) {
	for _, o := range []struct{ flag, what string }{
		{"--mapping", "links every anonymized node to its original id"},
		{"--deleted", "lists the altered edges by original node id, which links the release to the original"},
	} {
		if it := outs.item(o.flag); it != nil {
			fmt.Fprintf(e.stderr, "warning: %s %s; keep it secret and never publish it with %s\n", it.path, o.what, release)
		}
	}
}

// timedOut says that the time limit ended a run whose best state was
// written to out, and how to give it more time.
func (e *env) timedOut(outs *outputSet, limit time.Duration, out string) {
	more := "a run written with --mapping can go on later with --resume"
	if m := outs.item("--mapping"); m != nil && out != "-" && m.path != "-" {
		more = fmt.Sprintf("--resume %s --resume-mapping %s goes on from it", report.ShellQuote(out), report.ShellQuote(m.path))
	}
	fmt.Fprintf(e.stderr, "anonet: the time limit of %v ended the run; the release is its best state by then; %s\n", limit, more)
}

// release finishes anonymize: it writes the outputs only if the best state
// meets the target or allowUnmet says to write it anyway, reports the
// result (text, or r as JSON) and returns exit status 3 when the target is
// not met without allowUnmet.
func (e *env) release(outs *outputSet, res *anonymize.Result, r *anonymizeResult, allowUnmet bool, text func(io.Writer) error) error {
	r.Shortfall = max(0, res.Target-(res.Nodes-res.After().NotKAnonymous))
	var unmet error
	if !res.TargetReached {
		unmet = fmt.Errorf("target not met: %d of %d nodes are %d-anonymous, %d short of the %d required",
			res.Nodes-res.After().NotKAnonymous, res.Nodes, res.Config.K, r.Shortfall, res.Target)
		if c := res.Config; c.Variant != anonymize.Budgeted && res.TimedOut {
			unmet = fmt.Errorf("%w (the time limit of %v ended the run before the target was reached: raise --time-limit)", unmet, c.TimeLimit)
		} else if c.Variant == anonymize.Budgeted {
			switch used := res.After().EdgesAltered; {
			case used >= c.Budget:
				unmet = fmt.Errorf("%w (the budget of %d alterations is used up: raise --budget or use --variant full)", unmet, c.Budget)
			case res.Interrupted:
				unmet = fmt.Errorf("%w (stopped with %d of the budget's %d alterations used)", unmet, used, c.Budget)
			case res.TimedOut:
				unmet = fmt.Errorf("%w (the time limit of %v ended the run with %d of the budget's %d alterations used: raise --time-limit)", unmet, c.TimeLimit, used, c.Budget)
			default:
				unmet = fmt.Errorf("%w (only %d of the budget's %d alterations were used: no single further deletion makes more nodes %d-anonymous, so the nodes left need several deletions at once; use --variant full)",
					unmet, used, c.Budget, c.K)
			}
		}
	}
	if unmet == nil || allowUnmet {
		if err := outs.commit(); err != nil {
			return err
		}
		r.Written = true
		e.secretWarnings(outs, r.Output)
	} else {
		outs.abort()
		unmet = fmt.Errorf("%w; nothing written (--allow-unmet writes the best state anyway)", unmet)
	}
	if res.Interrupted {
		fmt.Fprintf(e.stderr, "anonet: interrupted after iteration %d; the best state so far is iteration %d\n", len(res.Trace)-1, res.Best)
	}
	if res.TimedOut && r.Written {
		e.timedOut(outs, res.Config.TimeLimit, r.Output)
	}
	if r.EdgesAdded > r.EdgesBefore {
		fmt.Fprintf(e.stderr, "warning: %d edges were added to the input's %d: most ties of the release are made up, which changes what the network says; deleting edges (--operation delete) keeps only real ties\n", r.EdgesAdded, r.EdgesBefore)
	}
	if unmet != nil && r.Written {
		fmt.Fprintf(e.stderr, "warning: %v; written anyway as --allow-unmet asks: this release is NOT safe to publish as %d-anonymous\n", unmet, res.Config.K)
	}
	fail := unmet != nil && !r.Written
	if fail {
		r.Error, r.Exit = unmet.Error(), exitNotAnonymous
	}
	var err error
	switch {
	case e.json:
		err = writeJSON(e.stdout, r)
	case outs.stdoutItem() != nil: // stdout holds an output
		err = text(e.stderr)
	default:
		err = text(e.stdout)
	}
	if err != nil {
		return err
	}
	if fail {
		return &exitError{code: exitNotAnonymous, err: unmet, reported: e.json}
	}
	return nil
}

// traceStream writes --trace row by row while anonymize runs, into the
// output's temporary file; the file gets its name only when the outputs
// are committed.
type traceStream struct {
	w        interface{ Flush() error }
	out      io.Writer
	firstErr error
}

// newTrace starts streaming the --trace output of outs; without one (or
// with the trace on stdout, written at the end) its rows go nowhere.
func (e *env) newTrace(outs *outputSet) (*traceStream, error) {
	p, err := outs.stream("--trace")
	if err != nil || p == nil {
		return &traceStream{}, err
	}
	t := &traceStream{w: p, out: p}
	_, t.firstErr = fmt.Fprintln(p, anonymize.TraceHeader)
	return t, nil
}

// row writes one iteration and pushes it to the file.
func (t *traceStream) row(it anonymize.Iteration) {
	if t.out == nil || t.firstErr != nil {
		return
	}
	anonymize.WriteTraceRow(t.out, it)
	t.firstErr = t.w.Flush()
}

// err returns the first write error.
func (t *traceStream) err() error { return writeError(t.firstErr) }

// releaseKey returns the secret key of a release's ids: read from file, a
// key file or an earlier release's mapping, or else drawn from the
// operating system's random source (so that nobody who holds the original
// and guesses the command line can recompute the ids).
func releaseKey(file string) (release.Key, error) {
	if file == "" {
		k, err := release.NewKey(rand.Reader)
		if err != nil {
			return k, &exitError{code: exitInternal, err: err}
		}
		return k, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return release.Key{}, inputError(fmt.Errorf("--key-file: %w", err))
	}
	defer f.Close()
	k, err := release.ReadKey(f)
	if err != nil {
		return k, inputError(fmt.Errorf("--key-file %s: %w", file, err))
	}
	return k, nil
}
