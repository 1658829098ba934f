package anonymize

import (
	"bytes"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/examples"
)

// TestTraceRoundTrip: a run's trace, written and read back, gives the same
// rows and the same released state as the run (one rule for both:
// releasedAfter); a file that is no trace is refused with its name.
func TestTraceRoundTrip(t *testing.T) {
	res := run(t, examples.MustRead("lesmis"), Config{Variant: Full, Seed: 2})
	var b bytes.Buffer
	if err := WriteTrace(&b, res.Trace); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), TraceHeader+"\n0,0,0,") {
		t.Fatalf("trace starts %q", b.String()[:80])
	}
	rows, best, err := ReadTrace(&b, "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(res.Trace) || best != res.Best {
		t.Fatalf("%d rows, best %d; the run had %d, best %d", len(rows), best, len(res.Trace), res.Best)
	}
	for i, r := range rows {
		w := res.Trace[i]
		if r.EdgesAltered != w.EdgesAltered || r.NotKAnonymous != w.NotKAnonymous || r.Unique != w.Unique || r.Phase != w.Phase {
			t.Fatalf("row %d: %+v, the run's %+v", i, r, w)
		}
	}
	if _, _, err := ReadTrace(strings.NewReader("a,b\n1,2\n"), "x.csv"); err == nil || !strings.Contains(err.Error(), "x.csv:1") {
		t.Errorf("not a trace: %v", err)
	}
}
