package graphio

import "sync"

// inOrder runs a pipeline that keeps the order of its items: one goroutine
// fills items with next (which reports false when there are no more),
// workers goroutines process them with work(worker, item), and the calling
// goroutine hands them to use in the order next filled them (with one
// worker or none, all three run on the calling goroutine). A few times
// workers items exist at a time and are reused: next may get an item that
// held an earlier one, to refill. Each worker's calls come from one
// goroutine, so work may keep per-worker state indexed by worker. inOrder
// stops at use's first error and returns it, once every goroutine it
// started has finished (next is not called again after that error is
// seen).
func inOrder[T any](workers int, next func(*T) bool, work func(worker int, item *T), use func(*T) error) error {
	if workers <= 1 { // all on the calling goroutine, one item
		var item T
		for next(&item) {
			work(0, &item)
			if err := use(&item); err != nil {
				return err
			}
		}
		return nil
	}
	type slot struct {
		item T
		done chan struct{} // closed when work is done with item
	}
	jobs := make(chan *slot)
	order := make(chan *slot, 2*workers)
	free := make(chan *slot, 3*workers)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(jobs)
		defer close(order)
		for {
			var s *slot
			select {
			case s = <-free:
			default:
				s = new(slot)
			}
			select {
			case <-stop:
				return
			default:
			}
			if !next(&s.item) {
				return
			}
			s.done = make(chan struct{})
			select {
			case order <- s:
			case <-stop:
				return
			}
			select {
			case jobs <- s:
			case <-stop:
				return
			}
		}
	})
	for w := range workers {
		wg.Go(func() {
			for s := range jobs {
				work(w, &s.item)
				close(s.done)
			}
		})
	}
	var err error
	for s := range order {
		<-s.done
		if err = use(&s.item); err != nil {
			break
		}
		select {
		case free <- s:
		default:
		}
	}
	close(stop)
	for range order { // let the filling goroutine see stop
	}
	wg.Wait()
	return err
}
