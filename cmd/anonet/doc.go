// Command anonet measures and improves the structural anonymity of the
// people in a network.
//
// Usage:
//
//	anonet info      GRAPH                 summary of a network
//	anonet report    ORIGINAL RELEASE -o report.html
//	                                       self-contained HTML report of a release
//	anonet convert   IN OUT                convert between file formats
//	anonet version                         print the version
//
// GRAPH is a file in one of the supported formats (edge list, nauty,
// GraphML, GML, Pajek, Matrix Market; optionally gzip-compressed) or the name
// of a bundled network such as karate. Every command has --help.
//
// Global flags: --seed N (default 1), --quiet, --json, --threads N.
// Exit status: 0 success, 1 internal error, 2 bad usage or input.
package main
