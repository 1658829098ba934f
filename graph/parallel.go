package graph

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Threads returns the number of goroutines a request for t stands for:
// GOMAXPROCS for t below 1 (the convention of every Threads option), else
// t, at most GOMAXPROCS.
func Threads(t int) int {
	if t < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return min(t, runtime.GOMAXPROCS(0))
}

// Workers returns the number of goroutines a parallel pass over n items
// uses when threads are asked for: at least one, at most GOMAXPROCS and at
// most n.
func Workers(threads, n int) int {
	return max(1, min(threads, runtime.GOMAXPROCS(0), n))
}

// ForChunks splits 0..n−1 into consecutive chunks of the given size and
// calls work(worker, lo, hi) for every chunk [lo, hi), from workers
// goroutines that take the next chunk from a shared counter as they
// finish one (so that uneven chunks balance), worker being 0..workers−1.
// Each worker's calls come from one goroutine, so work may keep per-worker
// state indexed by worker without locking. With one worker the chunks come
// in order on the calling goroutine. ForChunks returns when every chunk is
// done.
func ForChunks(n, chunk, workers int, work func(worker, lo, hi int)) {
	chunk = max(1, chunk)
	if workers <= 1 {
		for lo := 0; lo < n; lo += chunk {
			work(0, lo, min(lo+chunk, n))
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					return
				}
				work(w, lo, min(lo+chunk, n))
			}
		})
	}
	wg.Wait()
}
