package report_test

import (
	"fmt"
	"strings"

	"github.com/anonet-project/anonet/report"
)

// A report of a release needs the two snapshots and the run; the HTML is one
// self-contained page.
func ExampleWriteHTML() {
	in := &report.Input{
		Run: report.Run{Input: "net.edges", Release: "anon.edges", Measure: "degree", D: 1, K: 2, Target: 4, TargetMet: true},
		Before: &report.Snapshot{Nodes: 4, Edges: 3, Unique: 0, NotKAnonymous: 0, Classes: 2,
			ClassSizes: []report.SizeCount{{Size: 2, Classes: 2}}, Degrees: []int{0, 2, 2}},
		After: &report.Snapshot{Nodes: 4, Edges: 2, Unique: 0, NotKAnonymous: 0, Classes: 1,
			ClassSizes: []report.SizeCount{{Size: 4, Classes: 1}}, Degrees: []int{0, 4}},
	}
	var b strings.Builder
	if err := report.WriteHTML(&b, in); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Contains(b.String(), "Target met"), strings.Count(b.String(), "<svg"))
	fmt.Println(report.Meaning(in)[2])
	// Output:
	// true 2
	// 1 of the 3 ties (33.3%) was removed; no tie was added.
}

// The risk summary of a network whose classes have sizes 1, 1, 2 and 4:
// an attacker who picks at random within a person's class re-identifies
// 4 people on average (one per class) out of 8.
func ExampleNewRisk() {
	s := &report.Snapshot{ClassSizes: []report.SizeCount{{Size: 1, Classes: 2}, {Size: 2, Classes: 1}, {Size: 4, Classes: 1}}}
	r := report.NewRisk(s, 2)
	fmt.Println(r.People, r.Expected(), r.Average(), r.Highest())
	fmt.Println(r.Unique, r.Below3, r.Below5)
	for _, b := range report.CountBands(s.ClassSizes, report.ClassBands(2)) {
		fmt.Println(b.Band, b.Classes, b.People)
	}
	// Output:
	// 8 4 0.5 1
	// 2 4 8
	// 1 2 2
	// 2–9 2 6
	// 10+ 0 0
}
