// Command anonet measures and improves the structural anonymity of the
// people in a network.
//
// Usage:
//
//	anonet measure   GRAPH                 who is unique or not k-anonymous under a measure
//	anonet verify    GRAPH                 exit 0 iff the target holds, from scratch
//	anonet anonymize GRAPH -o OUT          alter the network until its people are k-anonymous
//	anonet attack    ORIGINAL RELEASE      re-identify a release by seed-and-propagate
//	anonet utility   ORIGINAL RELEASE      how much of the network's usefulness survived
//	anonet report    ORIGINAL RELEASE -o report.html
//	                                       self-contained HTML report of a release
//	anonet generate  er|ba|ws|population   random networks
//	anonet info      GRAPH                 summary of a network
//	anonet convert   IN OUT                convert between file formats
//	anonet version                         print the version
//	anonet completion bash|zsh|fish|powershell
//	                                       a shell completion script
//
// GRAPH is a file in one of the supported formats (edge list, CSV, TSV,
// nauty, GraphML, GML, Pajek, Matrix Market, anonet binary; optionally
// gzip-compressed) or the name of a bundled network such as karate. Every
// command has --help.
//
// Global flags: --seed N (default 1), --quiet, --json, --threads N.
// Exit status: 0 success, 1 internal error (a full disk and running out of
// memory included), 2 bad usage or input, 3 target not met (verify, and
// anonymize without --allow-unmet), 128 + the signal's number when a signal
// quits at once.
package main
