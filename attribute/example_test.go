package attribute_test

import (
	"fmt"
	"strings"

	"github.com/anonet-project/anonet/attribute"
	"github.com/anonet-project/anonet/examples"
	"github.com/anonet-project/anonet/measure"
)

// Karate's members 1 to 4 with the sex and age group an attacker may know:
// the count measure, refined by them, tells more members apart.
func ExampleReadCSV() {
	g := examples.MustRead("karate")
	table := "member,sex,age\n1,M,30-39\n2,F,30-39\n3,M,20-29\n4,F,20-29\n"
	t, err := attribute.ReadCSV(strings.NewReader(table), "members.csv", g, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	colors, n, _ := t.Colors([]string{"sex"})
	fmt.Println(t.Columns, t.Missing, "members without a row;", n, "values of sex (with the empty one)")
	m := measure.Refined{Measure: measure.Count{}, Colors: colors}
	fmt.Println(m.Name())
	// Output:
	// [sex age] 30 members without a row; 3 values of sex (with the empty one)
	// count
}
