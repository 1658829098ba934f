// Package experiment reproduces the reference paper's experiments on
// anonet's engine: the comparison of the es and ua strategies in the full
// and budgeted variants (de Jong, van der Loo and Takes, Table 2), and the
// anonymity cascade on the reference networks, as Markdown tables for
// docs/results.md; and, with Paper, the paper's whole results section as
// CSV files, figures (SVG and PNG, drawn by package report) and one
// index.html: the operations experiment on graph models (Fig. 2), the
// measures table (Table 2), the three variants for every strategy of
// anonymize.Strategies(), utility against anonymity, the recompute gap and
// runtimes. Each item names what it reproduces and says whether our numbers
// agree with the paper's.
package experiment
