package cputime

import (
	"testing"
	"time"
)

// TestProcessGrows spins and checks that the processor time grows: by
// 10 ms within 10 s of wall-clock time, however busy the machine.
func TestProcessGrows(t *testing.T) {
	before, ok := Process()
	if !ok {
		t.Skip("no processor time on this platform")
	}
	for start := time.Now(); time.Since(start) < 10*time.Second; {
		if now, _ := Process(); now-before >= 10*time.Millisecond {
			return
		}
	}
	now, _ := Process()
	t.Errorf("processor time grew by %v while spinning for 10 s", now-before)
}

// ExampleProcess reports the processor time of a piece of work.
func ExampleProcess() {
	before, _ := Process()
	sum := 0
	for i := range 1000 {
		sum += i
	}
	after, _ := Process()
	_ = after - before // the work's processor time, all threads
	_ = sum
}
