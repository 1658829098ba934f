// Package experiment reproduces the reference paper's experiments on
// anonet's engine: the comparison of the es and ua strategies in the full
// and budgeted variants (de Jong, van der Loo and Takes, Table 2), and the
// anonymity cascade on the reference networks. It renders the results as
// Markdown tables for docs/results.md.
package experiment
