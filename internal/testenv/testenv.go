package testenv

import (
	"os"
	"testing"
)

// Var is the environment variable that switches heavy tests on: they run
// when it is "1" (or "true") and -short is not given.
const Var = "ANONET_HEAVY"

// IsHeavy reports whether heavy tests run: Var is set to 1 or true and the
// tests do not run with -short.
func IsHeavy() bool {
	if testing.Short() {
		return false
	}
	switch os.Getenv(Var) {
	case "1", "true":
		return true
	}
	return false
}

// Heavy skips tb, unless it is a benchmark, when heavy tests do not run,
// with a message saying how to run it.
func Heavy(tb testing.TB) {
	tb.Helper()
	if _, bench := tb.(*testing.B); bench || IsHeavy() {
		return
	}
	if testing.Short() {
		tb.Skip("heavy test: skipped with -short")
	}
	tb.Skipf("heavy test: runs with %s=1 (as .ci/run sets it)", Var)
}
