// Package report draws anonet's figures and writes the self-contained HTML
// report of a release.
//
// Every figure is a Chart: a title, labelled axes (with units), optional
// logarithmic scales and one or more named series. A Chart is drawn with
// gonum.org/v1/plot and rendered to SVG (inlined in the HTML report) or PNG
// (for --plot). Figures turns the data of a report, an Input, into the
// report's charts; WriteHTML renders the whole report with html/template:
// one file with inline CSS and SVG, no script and no external reference.
//
// The package draws; it does not decide. The command line (or package
// experiment) computes an Input, with the help of NewSnapshot and
// EdgeEndDegrees for the parts that come straight from a graph and its
// partition, and passes it in.
package report
