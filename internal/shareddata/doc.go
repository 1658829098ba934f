// Package shareddata finds the reference networks that are kept beside the
// repository, in ../shared/datasets (see its SOURCES.md), for tests and
// benchmarks. They exist on the development and CI machines but not in a
// user's fresh clone, so every function skips the test or benchmark when
// what it is asked for is absent.
package shareddata
