package hashmix

// Mix returns x scrambled by the finalizer of SplitMix64 (Steele, Lea and
// Flood, 2014): a bijection of the 64-bit words under which every bit of
// the input changes about half the bits of the output.
func Mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
