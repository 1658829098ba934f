package signatures_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/anonet-project/anonet/distributed/signatures"
)

// A triangle a b c with a path c d e hanging from it: under degree, a, b
// and d (degree 2) are equivalent; under count, which also counts
// triangles, only a and b are, and d becomes unique.
func ExampleBuild() {
	dir, err := os.MkdirTemp("", "anonet-beam")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "net.edges"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(in, []byte("a b\nb c\nc a\nc d\nd e\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	p, s := beam.NewPipelineWithRoot()
	outs, err := signatures.Build(s, textio.Read(s, in), signatures.Options{Measures: []string{"count", "degree"}, K: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	textio.Write(s, out, outs.Summaries)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
		return
	}

	data, err := os.ReadFile(out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(data))
	// Output:
	// {"measure":"count","d":1,"k":2,"nodes":5,"edges":5,"classes":4,"unique":3,"not_k_anonymous":3,"class_sizes":{"1":3,"2":1}}
	// {"measure":"degree","d":1,"k":2,"nodes":5,"edges":5,"classes":3,"unique":2,"not_k_anonymous":2,"class_sizes":{"1":2,"3":1}}
}
