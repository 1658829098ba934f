package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPath finds SOURCES.md beside the repository when the data sets are
// there, and otherwise checks that the test is skipped.
func TestPath(t *testing.T) {
	p := Path(t, "SOURCES.md")
	if filepath.Base(p) != "SOURCES.md" {
		t.Errorf("Path gave %s", p)
	}
	if _, err := os.Stat(p); err != nil {
		t.Error(err)
	}
}

// TestPathMissing checks that a missing file skips rather than fails.
func TestPathMissing(t *testing.T) {
	skipped := false
	t.Run("missing", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Path(t, "no such file.nauty")
		t.Error("Path returned for a missing file")
	})
	if !skipped {
		t.Error("a missing data set did not skip the test")
	}
}

func TestGlob(t *testing.T) {
	files := Glob(t, filepath.Join("anonet", "*.nauty"))
	if len(files) != 17 {
		t.Errorf("%d reference networks, want 17: %v", len(files), files)
	}
	for i := 1; i < len(files); i++ {
		if files[i-1] >= files[i] {
			t.Errorf("not sorted: %s before %s", files[i-1], files[i])
		}
	}
}
