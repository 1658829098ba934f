package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"
)

// progress shows the state of long work on one self-rewriting line of a
// terminal. It is silent when stderr is not a terminal or with --quiet.
type progress struct {
	w       io.Writer
	enabled bool
	start   time.Time
	last    time.Time
	shown   bool
}

// newProgress returns a progress line on stderr for the given task.
func (e *env) newProgress() *progress {
	p := &progress{w: e.stderr, start: time.Now()}
	if f, ok := e.stderr.(*os.File); ok && !e.quiet && term.IsTerminal(int(f.Fd())) {
		p.enabled = true
	}
	return p
}

// update shows the formatted state, at most ten times a second.
func (p *progress) update(format string, args ...any) {
	if !p.enabled {
		return
	}
	now := time.Now()
	if p.shown && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	p.shown = true
	el := now.Sub(p.start).Truncate(100 * time.Millisecond)
	fmt.Fprintf(p.w, "\r\x1b[K%s  [%s]", fmt.Sprintf(format, args...), el)
}

// done clears the progress line.
func (p *progress) done() {
	if p.enabled && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
	p.shown = false
}
