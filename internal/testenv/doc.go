// Package testenv tells tests what kind of run they are in: the quick one
// that `go test ./...` makes by default, which a newcomer runs first and
// which must finish in minutes on two cores, or the heavy one that CI
// switches on with the environment variable ANONET_HEAVY=1, which also runs
// the end-to-end, quality and data-set tests.
//
// A test that takes more than a few seconds, or that reads the shared data
// sets, calls Heavy first; a test with a quick and a full form asks
// IsHeavy which to run. Benchmarks are never skipped: running them is
// already an explicit choice.
package testenv
