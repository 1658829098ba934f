// Package report draws anonet's figures and writes the self-contained HTML
// report of a release.
//
// Every figure is a Chart: a title, labelled axes (with units), optional
// logarithmic scales, optional categories (for bars) and one or more named
// series. A Chart is drawn with gonum.org/v1/plot and rendered to SVG
// (inlined in the HTML report) or PNG (for --plot). Figures turns the data
// of a report, an Input, into the report's charts; WriteHTML renders the
// whole report with html/template: one file with inline CSS and SVG, no
// script and no external reference.
//
// A report shows a verdict in one of three states (State, NewBanner): with
// a verdict of package verdict, green, amber or red, never greener than the
// numbers on the page; without one, whether the run's target is met. It
// summarises the re-identification risk as ARX and sdcMicro do (Risk,
// ClassBands). A report is internal, with a notice saying so, unless
// Input.Public asks for the one that may be published: the release's own
// statistics and the verdict, and of the original only its edge count.
//
// The package draws; it does not decide. The command line (or package
// experiment) computes an Input, with the help of NewSnapshot and
// EdgeEndDegrees for the parts that come straight from a graph and its
// partition, and passes it in.
package report
