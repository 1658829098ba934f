package shareddata

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/anonet-project/anonet/internal/testenv"
)

// Dir returns the directory of the shared data sets, shared/datasets in the
// parent of the repository's root (the nearest directory above the working
// directory holding go.mod), or skips tb when there is none. A test (not a
// benchmark) that reads them is a heavy test: Dir skips it unless heavy
// tests run (testenv.Heavy).
func Dir(tb testing.TB) string {
	tb.Helper()
	testenv.Heavy(tb) // data-set tests run in the heavy run only; benchmarks always
	wd, err := os.Getwd()
	if err != nil {
		tb.Skipf("shared data sets: %v", err)
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			data := filepath.Join(dir, "..", "shared", "datasets")
			if _, err := os.Stat(data); err != nil {
				tb.Skipf("shared data sets not found at %s", data)
			}
			return data
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skipf("shared data sets: no go.mod above %s", wd)
		}
		dir = parent
	}
}

// Path returns the path of a file or directory in the shared data sets,
// with elem joined as by filepath.Join, or skips tb when it is absent.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Dir(tb)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data set %s not found", p)
	}
	return p
}

// Glob returns the paths in the shared data sets that match pattern
// (relative to Dir, with the syntax of filepath.Match), sorted, or skips tb
// when none does.
func Glob(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(tb), pattern))
	if err != nil || len(files) == 0 {
		tb.Skipf("no shared data set matches %s (%v)", pattern, err)
	}
	slices.Sort(files)
	return files
}
