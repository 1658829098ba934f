package partition

import (
	"math/rand/v2"
	"testing"
)

// TestShortIndex runs random insertions, updates and deletions against a
// Go map as the oracle, over key spaces small enough that runs of occupied
// slots form, wrap around the table's end and lose entries from their
// middle, and checks every key of the space after each operation.
func TestShortIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, space := range []int{5, 40, 300} {
		keys := make([]shortKey, space)
		for i := range keys {
			sk, _ := packShort([]byte{byte(r.IntN(256)), byte(i), byte(i >> 8), byte(r.IntN(3))})
			keys[i] = sk
		}
		var x shortIndex
		want := map[shortKey]int32{}
		for op := range 20 * space {
			k := keys[r.IntN(space)]
			if r.IntN(3) == 0 {
				x.del(k)
				delete(want, k)
			} else {
				c := int32(r.IntN(1000))
				x.set(k, c)
				want[k] = c
			}
			if x.n != len(want) {
				t.Fatalf("space %d, op %d: %d entries, want %d", space, op, x.n, len(want))
			}
			for _, k := range keys {
				c, ok := x.get(k)
				if wc, wok := want[k]; ok != wok || c != wc {
					t.Fatalf("space %d, op %d: get(%v) = %d, %v; want %d, %v", space, op, k, c, ok, wc, wok)
				}
			}
		}
	}
}
