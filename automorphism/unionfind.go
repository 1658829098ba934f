package automorphism

// grow returns s with length n, reusing its memory when it is large
// enough; the contents are unspecified.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n, n+n/4)
}
