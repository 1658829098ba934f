package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets tests run this test binary as the anonet command, to send
// it signals; with ANONET_TEST_CRASH set, the worker crashes as it says
// (see testCrash).
func TestMain(m *testing.M) {
	if os.Getenv("ANONET_TEST_AS_MAIN") == "1" {
		if os.Getenv("ANONET_TEST_CRASH") == "start" && os.Getenv(workerEnv) != "" {
			// The worker dies as the Go runtime does when it cannot
			// reserve its address space, before any of anonet's code.
			os.Stderr.WriteString("fatal error: failed to reserve page summary memory\n")
			os.Exit(2)
		}
		if how := os.Getenv("ANONET_TEST_CRASH"); how != "" {
			if _, worker := startWorker(); worker {
				testCrash(how)
			}
		}
		main()
	}
	os.Exit(m.Run())
}

// startAnonet starts anonet with args as a separate process.
func startAnonet(t *testing.T, stdout *strings.Builder, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "ANONET_TEST_AS_MAIN=1")
	cmd.Stdout = stdout
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return cmd
}

// waitForTraceRows waits until the temporary trace file in dir has at
// least rows data rows: the trace is streamed while the run goes on.
func waitForTraceRows(t *testing.T, dir string, rows int) {
	t.Helper()
	for range 6000 {
		tmps, _ := filepath.Glob(filepath.Join(dir, ".t.csv.tmp*"))
		for _, tmp := range tmps {
			if b, _ := os.ReadFile(tmp); strings.Count(string(b), "\n") > rows {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the trace never grew: is it streamed?")
}

// longRunInput writes, in a new temporary directory, a network whose full
// anonymization with --recompute 1 runs long enough to be signalled (a
// Barabási–Albert graph of 20,000 nodes), and returns the directory and
// the file.
func longRunInput(t *testing.T) (dir, in string) {
	t.Helper()
	dir = t.TempDir()
	in = filepath.Join(dir, "ba.edges")
	if _, stderr, code := runCLI(t, "--seed", "3", "generate", "ba", "-n", "20000", "--avg-degree", "8", "-o", in); code != 0 {
		t.Fatal(stderr)
	}
	return dir, in
}

// exitCode returns the exit status of a finished command.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// TestSignals: the first SIGINT or SIGTERM during anonymize stops the run at
// the end of an iteration, and the best state is written only when it may
// be (here with --allow-unmet), with the trace so far; without it nothing
// is written and no temporary file is left; a second signal quits at once.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anonet processes")
	}
	dir, in := longRunInput(t)
	for _, tc := range []struct {
		name    string
		signals []syscall.Signal
		extra   []string
		codes   []int // allowed exit statuses
		written bool
	}{
		{"allow-unmet", []syscall.Signal{syscall.SIGINT}, []string{"--allow-unmet"}, []int{0}, true},
		{"unmet", []syscall.Signal{syscall.SIGTERM}, nil, []int{3}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := filepath.Join(dir, tc.name)
			os.Mkdir(sub, 0o755)
			args := append([]string{"--quiet", "--threads", "1", "anonymize", in, "--variant", "full", "--recompute", "1", "--json",
				"-o", filepath.Join(sub, "o.edges"), "--trace", filepath.Join(sub, "t.csv"), "--mapping", filepath.Join(sub, "m.tsv")}, tc.extra...)
			var stdout strings.Builder
			cmd := startAnonet(t, &stdout, args...)
			waitForTraceRows(t, sub, 3)
			for _, s := range tc.signals {
				cmd.Process.Signal(s)
			}
			code := exitCode(t, cmd.Wait())
			ok := false
			for _, c := range tc.codes {
				ok = ok || c == code
			}
			if !ok {
				t.Fatalf("exit %d, want one of %v", code, tc.codes)
			}
			names := dirNames(t, sub)
			if code == 0 && len(names) != 4 || code != 0 && len(names) != 0 || tc.written && code != 0 { // release, record, trace, mapping
				t.Fatalf("exit %d, files %v", code, names)
			}
			if code != 0 {
				return
			}
			var r anonymizeResult
			if err := json.Unmarshal([]byte(stdout.String()), &r); err != nil {
				t.Fatal(err)
			}
			trace, _ := os.ReadFile(filepath.Join(sub, "t.csv"))
			if rows := strings.Count(string(trace), "\n") - 1; !r.Interrupted || !r.Written || r.TargetReached || rows != r.Iterations+1 || rows < 4 {
				t.Errorf("interrupted %v written %v reached %v, %d trace rows for %d iterations", r.Interrupted, r.Written, r.TargetReached, rows, r.Iterations)
			}
		})
	}
}

// TestSignalOutsideRun: a signal while anonet is not in a stoppable phase
// (here: reading its input, a FIFO that the test holds open) quits at once
// with 128 + its number, says so (with --json also on stdout) and leaves
// nothing behind; SIGQUIT gives no goroutine dump (issue 37 item 9).
func TestSignalOutsideRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anonet processes")
	}
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{
		{syscall.SIGINT, 130},
		{syscall.SIGHUP, 129},
		{syscall.SIGQUIT, 131},
	} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			fifo := filepath.Join(dir, "in.edges")
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "out")
			os.Mkdir(out, 0o755)
			var stdout strings.Builder
			cmd := startAnonet(t, &stdout, "anonymize", fifo, "--json", "-o", filepath.Join(out, "o.edges"), "--trace", filepath.Join(out, "t.csv"))
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0) // returns once anonet opened it for reading
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			w.Write([]byte("1 2\n2 3\n"))
			cmd.Process.Signal(tc.sig)
			if code := exitCode(t, cmd.Wait()); code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			stderr := cmd.Stderr.(*strings.Builder).String()
			if !strings.Contains(stderr, "quit; no output written") || strings.Contains(stderr, "goroutine") {
				t.Errorf("stderr %q", stderr)
			}
			var r struct {
				Error string
				Exit  int
			}
			if err := json.Unmarshal([]byte(stdout.String()), &r); err != nil || r.Exit != tc.code || r.Error == "" {
				t.Errorf("stdout %q: %v", stdout.String(), err)
			}
			if names := dirNames(t, out); len(names) != 0 {
				t.Errorf("left behind: %v", names)
			}
		})
	}
}

// TestSignalWhileWriting: a signal while the outputs are being written
// (here: the release goes to a stdout pipe that nobody reads, after the
// other outputs' temporary files are complete) quits at once and leaves no
// temporary file (issue 14, finding 6). So does a second signal after a
// first one stopped the run: the first makes anonet write the best state
// (--allow-unmet), the second, arriving while that write is blocked, quits
// with 130 and leaves nothing.
func TestSignalWhileWriting(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anonet processes")
	}
	dir, in := longRunInput(t)
	for _, tc := range []struct {
		name  string
		run   []string // how long the run is
		first bool     // send SIGINT during the run
		last  syscall.Signal
		code  int
	}{
		{"once", []string{"--budget", "1"}, false, syscall.SIGTERM, 143},
		{"second", []string{"--variant", "full", "--recompute", "1", "--threads", "1"}, true, syscall.SIGINT, 130},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			os.Mkdir(out, 0o755)
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			args := append([]string{"--quiet", "anonymize", in, "-o", "-", "--allow-unmet",
				"--trace", filepath.Join(out, "t.csv"), "--mapping", filepath.Join(out, "m.tsv")}, tc.run...)
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = append(os.Environ(), "ANONET_TEST_AS_MAIN=1")
			cmd.Stdout = w
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w.Close()
			t.Cleanup(func() { cmd.Process.Kill() })
			if tc.first {
				waitForTraceRows(t, out, 3)
				cmd.Process.Signal(syscall.SIGINT)
			}
			for i := 0; ; i++ { // the mapping's temporary file appears when the run is over
				if tmps, _ := filepath.Glob(filepath.Join(out, ".m.tsv.tmp*")); len(tmps) > 0 {
					break
				}
				if i == 6000 {
					t.Fatal("no temporary mapping file")
				}
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(2 * echoWindow) // a repeat sooner would count as the same signal
			cmd.Process.Signal(tc.last)
			if code := exitCode(t, cmd.Wait()); code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			if names := dirNames(t, out); len(names) != 0 {
				t.Errorf("left behind: %v", names)
			}
		})
	}
}
