//go:build !linux

package graphio

// physicalMemory returns 0 (unknown) where the system is not asked.
func physicalMemory() int64 { return 0 }
