package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/anonet-project/anonet/graphio"
)

// errInterrupted is returned when a temporary file is asked for after a
// signal ended the program.
var errInterrupted = errors.New("interrupted")

// tempFiles tracks the temporary files of pending outputs, so that a signal
// can remove them before the program exits.
type tempFiles struct {
	mu      sync.Mutex
	files   map[*graphio.PendingFile]bool
	closed  bool      // removeAll ran: no new temporary file may appear
	journal io.Writer // if not nil, gets "+NAME" and "-NAME" lines (see supervise)
}

// create creates a pending output file and tracks its temporary file.
func (t *tempFiles) create(path string) (*graphio.PendingFile, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, fmt.Errorf("write %s: %w", path, errInterrupted)
	}
	p, err := graphio.CreatePending(path)
	if err != nil {
		return nil, err
	}
	if t.files == nil {
		t.files = map[*graphio.PendingFile]bool{}
	}
	t.files[p] = true
	t.note('+', p)
	return p, nil
}

// note journals that p's temporary file was created (+) or settled (-).
func (t *tempFiles) note(op byte, p *graphio.PendingFile) {
	if t.journal != nil {
		fmt.Fprintf(t.journal, "%c%s\n", op, p.TempName())
	}
}

// forget stops tracking p (committed or aborted).
func (t *tempFiles) forget(p *graphio.PendingFile) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.files, p)
	t.note('-', p)
}

// removeAll removes every tracked temporary file and refuses new ones.
func (t *tempFiles) removeAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	for p := range t.files {
		os.Remove(p.TempName())
	}
	t.files = nil
}

// interrupts turns SIGINT and SIGTERM into an orderly end. While a command
// runs a stoppable phase (see stoppable), the first signal cancels the
// phase's context, and the command finishes with what it has; any other
// signal removes the temporary files and exits at once with status 130
// (SIGINT) or 143 (SIGTERM), as shells report a death by that signal. A
// signal that repeats the previous one within echoWindow is the same
// signal delivered twice (by the terminal to the whole process group, and
// forwarded by the supervisor; see supervise) and counts once.
type interrupts struct {
	ctx      context.Context
	cancel   context.CancelFunc
	graceful atomic.Bool // a stoppable phase is running and was not stopped yet
	stopped  atomic.Bool // the first signal stopped a stoppable phase
}

// watchSignals starts handling SIGINT, SIGTERM, SIGHUP (a closed terminal:
// as SIGTERM) and SIGQUIT (always quits at once, without the runtime's
// goroutine dump) for e; it is called only by main, never by tests that
// call run.
func (e *env) watchSignals() {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	go func() {
		var last os.Signal
		var lastAt time.Time
		for sig := range ch {
			now := time.Now()
			if sig == last && now.Sub(lastAt) < echoWindow {
				continue
			}
			last, lastAt = sig, now
			if sig != syscall.SIGQUIT && e.intr.graceful.CompareAndSwap(true, false) {
				e.intr.stopped.Store(true)
				fmt.Fprintf(e.stderr, "\nanonet: %v: stopping at the end of this iteration; signal again to quit at once without writing\n", sig)
				e.intr.cancel()
				continue
			}
			e.temps.removeAll()
			msg := fmt.Sprintf("%v: quit; no output written", sig)
			fmt.Fprintf(e.stderr, "\nanonet: %s\n", msg)
			code := quitStatus(sig)
			if e.json {
				writeJSON(e.stdout, map[string]any{"error": msg, "exit": code})
			}
			os.Exit(code)
		}
	}()
}

// quitStatus is the exit status of a quit at once by sig, as shells report
// a death by it: 128 + its number (SIGINT 130, SIGTERM 143, SIGHUP 129,
// SIGQUIT 131).
func quitStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}

// echoWindow is how soon a repeated signal counts as the same one (see
// interrupts): much shorter than a person pressing Ctrl-C twice.
const echoWindow = 250 * time.Millisecond

// stoppable runs f with a context that the first signal cancels.
func (e *env) stoppable(f func(ctx context.Context)) {
	e.intr.graceful.Store(true)
	defer e.intr.graceful.Store(false)
	f(e.intr.ctx)
}

// wasStopped reports whether a signal stopped a stoppable phase.
func (e *env) wasStopped() bool { return e.intr.stopped.Load() }
