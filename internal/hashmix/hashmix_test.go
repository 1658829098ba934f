package hashmix

import "testing"

// TestMix checks Mix against SplitMix64's published outputs: the
// generator's state advances by 0x9e3779b97f4a7c15 and each output is the
// finalizer of the new state, so from seed 0 the outputs are Mix(0),
// Mix(0x9e3779b97f4a7c15), and so on.
func TestMix(t *testing.T) {
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := Mix(uint64(i) * 0x9e3779b97f4a7c15); got != want {
			t.Errorf("output %d of SplitMix64 from seed 0: %#x, want %#x", i, got, want)
		}
	}
}
