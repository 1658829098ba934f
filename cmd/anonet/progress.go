package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// progress shows the state of long work on stderr. On a terminal it is one
// self-rewriting line that names the phase and the time spent, redrawn at
// least every second even when the work reports nothing new (so that it
// never looks frozen); otherwise it is a plain line every plainEvery while
// the work goes on, so that logs of batch jobs show it is alive. It is
// silent with --quiet.
type progress struct {
	w     io.Writer
	mode  progressMode
	start time.Time

	mu        sync.Mutex
	msg       string    // the last state reported
	last      time.Time // when the terminal line was last drawn
	lastPlain time.Time // when the last plain line was written
	shown     bool      // the terminal line shows something
	stop      chan struct{}
	stopped   chan struct{}
}

// progressMode is how progress is shown.
type progressMode int

const (
	progressOff      progressMode = iota // --quiet
	progressTerminal                     // a self-rewriting line
	progressPlain                        // a line now and then
)

// The pace of progress: the terminal line is redrawn every
// terminalRedraw and at most every terminalMin; a plain line is written
// every plainEvery.
const (
	terminalRedraw = time.Second
	terminalMin    = 100 * time.Millisecond
	plainEvery     = 10 * time.Second
)

// newProgress returns a progress display on stderr; done must be called
// when the work ends.
func (e *env) newProgress() *progress {
	p := &progress{w: e.stderr, start: time.Now()}
	p.lastPlain = p.start
	f, file := e.stderr.(*os.File)
	switch {
	case e.quiet:
		p.mode = progressOff
	case file && term.IsTerminal(int(f.Fd())):
		p.mode = progressTerminal
	default:
		p.mode = progressPlain
	}
	// Only a file is written from the ticker's goroutine as well: other
	// writers (a test's buffer) are not safe for concurrent use, and get
	// the states as they are reported.
	if p.mode != progressOff && file {
		p.stop, p.stopped = make(chan struct{}), make(chan struct{})
		go p.tick()
	}
	return p
}

// tick redraws the state now and then until done.
func (p *progress) tick() {
	defer close(p.stopped)
	every := terminalRedraw
	if p.mode == progressPlain {
		every = plainEvery / 4
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case now := <-t.C:
			p.mu.Lock()
			p.show(now, true)
			p.mu.Unlock()
		}
	}
}

// update reports the formatted state of the work.
func (p *progress) update(format string, args ...any) {
	if p.mode == progressOff {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.msg = fmt.Sprintf(format, args...)
	p.show(time.Now(), false)
}

// show draws the state if it is time to: on a terminal at most every
// terminalMin (always when the ticker asks), plainly every plainEvery.
// p.mu must be held.
func (p *progress) show(now time.Time, tick bool) {
	if p.msg == "" {
		return
	}
	el := now.Sub(p.start).Truncate(100 * time.Millisecond)
	switch p.mode {
	case progressTerminal:
		if !tick && p.shown && now.Sub(p.last) < terminalMin {
			return
		}
		p.last, p.shown = now, true
		fmt.Fprintf(p.w, "\r\x1b[K%s  [%s]", p.msg, el)
	case progressPlain:
		if now.Sub(p.lastPlain) < plainEvery {
			return
		}
		p.lastPlain = now
		fmt.Fprintf(p.w, "anonet: %s [%s]\n", p.msg, el.Truncate(time.Second))
	}
}

// done stops the display and clears the terminal line.
func (p *progress) done() {
	if p.mode == progressOff || p.stop == nil {
		return
	}
	close(p.stop)
	<-p.stopped
	p.stop = nil
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mode == progressTerminal && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
	p.shown = false
}
