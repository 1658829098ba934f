package utility

// prefetch asks the processor to start loading the cache line holding addr,
// without waiting for it. It never faults, whatever addr is.
//
//go:noescape
func prefetch(addr uintptr)
