// Package cputime reads the processor time the process has used, for
// benchmarks on a machine shared with other work, where the wall-clock time
// of an operation says more about the other work than about the operation.
package cputime

import "time"

// Process returns the user and system time used so far by all threads of
// the process, and false where the platform does not tell.
func Process() (time.Duration, bool) { return process() }
