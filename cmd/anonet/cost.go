package main

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// cost is what a command took, reported in every JSON result: wall time
// and the process's peak memory (resident set, as the system counts it;
// 0 where the system does not say).
type cost struct {
	Seconds         float64 `json:"seconds"`
	PeakMemoryBytes int64   `json:"peak_memory_bytes"`
}

// measure records the cost of the work that began at start.
func (c *cost) measure(start time.Time) {
	c.Seconds = time.Since(start).Seconds()
	c.PeakMemoryBytes = peakMemory()
}

// peakMemory returns the peak resident memory of this process in bytes
// (VmHWM in /proc/self/status), or 0 if unknown.
func peakMemory() int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(status, []byte("\n")) {
		if kb, ok := bytes.CutPrefix(l, []byte("VmHWM:")); ok {
			n, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(kb), []byte("kB")))), 10, 64)
			if err != nil {
				return 0
			}
			return n << 10
		}
	}
	return 0
}
