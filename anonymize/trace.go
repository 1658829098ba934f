package anonymize

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// TraceHeader is the header line of a trace: the CSV of one row per
// Iteration that the command line's --trace writes.
const TraceHeader = "iteration,edges_altered,fraction_altered,unique,unique_fraction,not_k_anonymous,seconds_select,seconds_update,phase,twin_unique"

// WriteTraceRow writes it as a row of a trace.
func WriteTraceRow(w io.Writer, it Iteration) error {
	_, err := fmt.Fprintf(w, "%d,%d,%s,%d,%s,%d,%s,%s,%s,%d\n", it.Iteration, it.EdgesAltered,
		traceFloat(it.FractionAltered), it.Unique, traceFloat(it.UniqueFraction), it.NotKAnonymous,
		traceFloat(it.SecondsSelect), traceFloat(it.SecondsUpdate), it.Phase, it.TwinUnique)
	return err
}

// WriteTrace writes a whole trace, its header first.
func WriteTrace(w io.Writer, trace []Iteration) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, TraceHeader)
	for _, it := range trace {
		WriteTraceRow(bw, it)
	}
	return bw.Flush()
}

// traceFloat writes a float of a trace: 8 significant digits.
func traceFloat(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }

// releasedAfter reports whether a row of a run's trace becomes the released
// (best) state, best being the best so far: a strategy row when it leaves
// fewer nodes not k-anonymous; a refinement row always, since a refinement
// starts from the best state and keeps the target.
func releasedAfter(row, best Iteration) bool {
	return row.Phase != PhaseStrategy || row.NotKAnonymous < best.NotKAnonymous
}

// ReadTrace reads a trace that WriteTrace wrote (or an older one: the
// columns are found by their names in the header, and a trace without the
// phase column has only strategy rows) and returns its rows, with the
// columns it has, and the index of the released state by the rule of the
// run. name is used in errors.
func ReadTrace(r io.Reader, name string) ([]Iteration, int, error) {
	sc := bufio.NewScanner(r)
	var col map[string]int
	var rows []Iteration
	best, line := -1, 0
	for sc.Scan() {
		line++
		fields := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if col == nil {
			col = map[string]int{}
			for i, h := range fields {
				col[h] = i
			}
			for _, need := range []string{"edges_altered", "not_k_anonymous", "unique"} {
				if _, ok := col[need]; !ok {
					return nil, -1, fmt.Errorf("%s:1: no column %q; is this a trace written by anonet anonymize --trace?", name, need)
				}
			}
			continue
		}
		if len(fields) == 1 && fields[0] == "" {
			continue
		}
		count := func(column string) (int, error) {
			i := col[column]
			if i >= len(fields) {
				return 0, fmt.Errorf("%s:%d: missing column %s", name, line, column)
			}
			v, err := strconv.Atoi(fields[i])
			if err != nil || v < 0 {
				return 0, fmt.Errorf("%s:%d: %s %q is not a count", name, line, column, fields[i])
			}
			return v, nil
		}
		it := Iteration{Iteration: len(rows), Phase: PhaseStrategy}
		var err error
		if it.EdgesAltered, err = count("edges_altered"); err != nil {
			return nil, -1, err
		}
		if it.NotKAnonymous, err = count("not_k_anonymous"); err != nil {
			return nil, -1, err
		}
		if it.Unique, err = count("unique"); err != nil {
			return nil, -1, err
		}
		if i, ok := col["phase"]; ok && i < len(fields) && fields[i] != "" {
			it.Phase = fields[i]
		}
		if best < 0 || releasedAfter(it, rows[best]) {
			best = len(rows)
		}
		rows = append(rows, it)
	}
	if err := sc.Err(); err != nil {
		return nil, -1, fmt.Errorf("trace %s: %w", name, err)
	}
	if len(rows) == 0 {
		return nil, -1, fmt.Errorf("trace %s: no rows", name)
	}
	return rows, best, nil
}
