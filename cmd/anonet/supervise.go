package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
)

// workerEnv is set (to "1") in the environment of the worker process that
// the supervisor starts.
const workerEnv = "ANONET_WORKER"

// The worker's file descriptors of its pipes to the supervisor (the
// exec.Cmd.ExtraFiles): its crash output, and the journal of its temporary
// files.
const (
	crashFD   = 3
	journalFD = 4
)

// crashReportMax bounds what the supervisor keeps of a crash report: the
// first lines say what happened, the rest is stack traces.
const crashReportMax = 64 << 10

// The Go runtime ends a process that runs out of memory, or that panics
// where nothing recovers, with exit status 2 — anonet's status for bad
// input. So that a resource limit or a bug is never reported as bad input,
// main runs the command in a worker process under a small supervisor (see
// docs/design.md, "Out of memory is not bad input"): the worker's fatal errors are copied to
// a pipe (debug.SetCrashOutput) besides its stderr, and the supervisor
// turns a crash into exit status 1 with a message saying what it was. The
// worker shares the supervisor's standard streams; the supervisor forwards
// the signals it gets (the worker counts a signal that reaches it twice at
// once, from the terminal and forwarded, as one; see interrupts) and
// reports a worker killed by a signal as shells do, 128 + the signal. The
// worker journals every temporary file it creates and settles (see
// tempFiles), so that the supervisor removes what a crashed or killed
// worker left behind.

// supervise runs the command line of this process in a worker process and
// returns the exit status to use, or false if no worker could be started
// (the command then runs in this process).
func supervise(stderr io.Writer) (int, bool) {
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	r, w, err := os.Pipe()
	if err != nil {
		return 0, false
	}
	defer r.Close()
	jr, jw, err := os.Pipe()
	if err != nil {
		w.Close()
		return 0, false
	}
	defer jr.Close()
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Args[0] = os.Args[0]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.ExtraFiles = []*os.File{w, jw} // crashFD, journalFD
	cmd.Env = append(os.Environ(), workerEnv+"=1")
	cmd.SysProcAttr = workerAttr()
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, forwarded...)
	defer signal.Stop(sigs)
	lockForWorker()
	err = cmd.Start()
	w.Close()
	jw.Close()
	if err != nil {
		unlockForWorker()
		return 0, false
	}
	crash := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(r, crashReportMax))
		io.Copy(io.Discard, r) // the worker must never block on a full pipe
		crash <- b
	}()
	type journal struct {
		temps   map[string]bool
		started bool
	}
	left := make(chan journal, 1)
	go func() {
		temps, started := readJournal(jr)
		left <- journal{temps, started}
	}()
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				cmd.Process.Signal(s)
			case <-done:
				return
			}
		}
	}()
	cmd.Wait()
	close(done)
	unlockForWorker()
	var report []byte
	timeout := time.After(time.Second) // in case a grandchild holds a pipe open
	select {
	case report = <-crash:
	case <-timeout:
	}
	started := true // unless the journal says otherwise
	select {
	case j := <-left:
		for name := range j.temps {
			os.Remove(name)
		}
		started = j.started
	case <-timeout:
	}
	return workerStatus(cmd.ProcessState, report, started, stderr), true
}

// journalStarted is the journal's first line, which the worker writes as
// soon as anonet's own code runs in it (startWorker).
const journalStarted = "!started"

// readJournal reads the worker's journal to its end and returns the
// temporary files created and not settled (lines "+NAME" and "-NAME"), and
// whether the worker started (journalStarted).
func readJournal(r io.Reader) (temps map[string]bool, started bool) {
	temps = map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case l == journalStarted:
			started = true
		case strings.HasPrefix(l, "+"):
			temps[l[1:]] = true
		case strings.HasPrefix(l, "-"):
			delete(temps, l[1:])
		}
	}
	io.Copy(io.Discard, r)
	return temps, started
}

// workerStatus returns the exit status for a worker that ended in state
// with the crash report report, having started anonet's code or not,
// explaining a crash or a killing signal on stderr.
func workerStatus(state *os.ProcessState, report []byte, started bool, stderr io.Writer) int {
	ws, ok := state.Sys().(syscall.WaitStatus)
	if ok && ws.Signaled() {
		sig := ws.Signal()
		if sig == syscall.SIGKILL {
			fmt.Fprintln(stderr, "anonet: killed (SIGKILL); when memory runs out, the system's out-of-memory killer ends the largest process this way")
		}
		return 128 + int(sig)
	}
	if !started && state.ExitCode() != exitOK {
		// The Go runtime failed before anonet's code ran: it reserves
		// about 600 MB of address space at start, more than a low
		// ulimit -v gives it. Its status 2 is not bad input.
		fmt.Fprintln(stderr, "anonet: out of memory: the worker process could not start (the Go runtime could not reserve its address space, as under a low ulimit -v; anonet needs at least about 800 MB of it, plus the work's); a resource limit, not bad input")
		return exitInternal
	}
	if len(report) == 0 {
		return state.ExitCode()
	}
	if outOfMemory(report) {
		fmt.Fprintln(stderr, "anonet: out of memory: this run needs more memory than the system gives it (a resource limit, not bad input); give it more memory, or fewer --threads")
	} else {
		fmt.Fprintln(stderr, "anonet: internal error: anonet crashed (a bug, not bad input); please report it with the message above")
	}
	return exitInternal
}

// startWorker prepares this process as the supervisor's worker, if it is
// one: fatal errors are also written to the crash pipe. It returns the
// journal for tempFiles, and false if this is not a worker.
func startWorker() (journal io.Writer, worker bool) {
	if os.Getenv(workerEnv) == "" {
		return nil, false
	}
	if f := os.NewFile(crashFD, "crash pipe"); f != nil {
		debug.SetCrashOutput(f, debug.CrashOptions{})
		f.Close()
	}
	if f := os.NewFile(journalFD, "journal pipe"); f != nil {
		fmt.Fprintln(f, journalStarted)
		return f, true
	}
	return nil, true
}

// outOfMemory reports whether a crash report is the runtime's out of
// memory error. The report holds the stack, not the message (which the
// runtime prints to stderr only): the memory allocator threw.
func outOfMemory(report []byte) bool {
	_, after, ok := bytes.Cut(report, []byte("\nruntime.throw("))
	if !ok {
		return false
	}
	lines := bytes.Split(after, []byte("\n"))
	for _, l := range lines[1:min(len(lines), 6)] {
		if len(l) == 0 || l[0] == '\t' {
			continue // a file:line row
		}
		for _, f := range allocatorFrames {
			if bytes.HasPrefix(l, []byte(f)) {
				return true
			}
		}
		return false // the function that threw
	}
	return false
}

// allocatorFrames are the runtime functions that throw when the system
// refuses memory.
var allocatorFrames = []string{"runtime.(*mcache).", "runtime.(*mheap).", "runtime.(*mcentral).", "runtime.sysMap", "runtime.mallocgc", "runtime.persistentalloc", "runtime.(*pageAlloc)."}
