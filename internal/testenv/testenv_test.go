package testenv

import (
	"testing"
)

func TestIsHeavy(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"yes", false},
		{"1", true},
		{"true", true},
	} {
		t.Setenv(Var, tc.value)
		if got := IsHeavy(); got != tc.want && !testing.Short() {
			t.Errorf("%s=%q: IsHeavy() = %v, want %v", Var, tc.value, got, tc.want)
		}
	}
}

func TestHeavySkips(t *testing.T) {
	t.Setenv(Var, "")
	ran := false
	t.Run("inner", func(t *testing.T) {
		Heavy(t)
		ran = true
	})
	if ran {
		t.Errorf("Heavy did not skip with %s unset", Var)
	}
	t.Setenv(Var, "1")
	ran = false
	t.Run("inner", func(t *testing.T) {
		Heavy(t)
		ran = true
	})
	if ran == testing.Short() {
		t.Errorf("with %s=1 and -short=%v the test ran: %v", Var, testing.Short(), ran)
	}
}

func BenchmarkHeavyNeverSkips(b *testing.B) {
	b.Setenv(Var, "")
	Heavy(b) // a benchmark is never skipped: the loop below must run
	for b.Loop() {
	}
}
