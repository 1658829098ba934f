// Package layering holds no code: its test checks that every package of
// the module imports only the anonet packages that the table of packages in
// docs/design.md allows it, so that dependencies keep pointing one way,
// from cmd/anonet down to graph, and that every package has a row there.
package layering
