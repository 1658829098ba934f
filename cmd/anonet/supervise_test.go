package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testCrash makes a worker crash: "panic" panics, "oom" exhausts the
// address space it limits itself to.
func testCrash(how string) {
	switch how {
	case "panic":
		panic("a test crash")
	case "oom":
		status, _ := os.ReadFile("/proc/self/status")
		for _, l := range strings.Split(string(status), "\n") {
			if kb, ok := strings.CutPrefix(l, "VmSize:"); ok {
				n, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
				limit := n<<10 + 256<<20
				syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit})
			}
		}
		var keep [][]byte
		for range 64 {
			b := make([]byte, 64<<20)
			b[len(b)-1] = 1
			keep = append(keep, b)
		}
		println(len(keep))
	}
	os.Exit(0)
}

// TestSupervisedCrash: a worker that panics or runs out of memory ends
// with status 1 and a message that says which, never with the runtime's
// status 2 (bad input).
func TestSupervisedCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anonet processes")
	}
	for _, tc := range []struct{ how, want string }{
		{"panic", "internal error"},
		{"oom", "out of memory"},
		{"start", "could not start"}, // the runtime failed before anonet's code (ulimit -v)
	} {
		t.Run(tc.how, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "info", "karate")
			cmd.Env = append(os.Environ(), "ANONET_TEST_AS_MAIN=1", "ANONET_TEST_CRASH="+tc.how)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			code := exitCode(t, cmd.Run())
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if last := lines[len(lines)-1]; code != exitInternal || !strings.Contains(last, tc.want) {
				t.Errorf("exit %d, last line %q; want %d and %q", code, last, exitInternal, tc.want)
			}
		})
	}
}

// workerOf returns the pid of the supervisor's worker process.
func workerOf(t *testing.T, pid int) int {
	t.Helper()
	for range 1000 {
		tasks, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "children"))
		for _, task := range tasks {
			b, _ := os.ReadFile(task)
			if f := strings.Fields(string(b)); len(f) > 0 {
				child, err := strconv.Atoi(f[0])
				if err == nil {
					return child
				}
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Skip("no /proc/PID/task/TID/children on this system")
	return 0
}

// TestWorkerKilled: a worker killed with SIGKILL (as the out-of-memory
// killer does) ends the command with 137 and a message, and the
// supervisor removes the temporary files the worker left.
func TestWorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anonet processes")
	}
	dir, in := longRunInput(t)
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	cmd := exec.Command(os.Args[0], "--quiet", "--threads", "1", "anonymize", in, "--variant", "full", "--recompute", "1",
		"-o", filepath.Join(out, "o.edges"), "--trace", filepath.Join(out, "t.csv"))
	cmd.Env = append(os.Environ(), "ANONET_TEST_AS_MAIN=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitForTraceRows(t, out, 2)
	worker := workerOf(t, cmd.Process.Pid)
	if err := syscall.Kill(worker, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if code := exitCode(t, cmd.Wait()); code != 128+int(syscall.SIGKILL) || !strings.Contains(stderr.String(), "SIGKILL") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if names := dirNames(t, out); len(names) != 0 {
		t.Errorf("left behind: %v", names)
	}
}

// TestSignalToGroup: Ctrl-C in a terminal signals the supervisor and the
// worker at once, and the supervisor forwards its copy; the worker counts
// both as one signal, so the run stops gracefully and writes (here with
// --allow-unmet) instead of quitting as on a second signal.
func TestSignalToGroup(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anonet processes")
	}
	dir, in := longRunInput(t)
	cmd := exec.Command(os.Args[0], "--quiet", "--threads", "1", "anonymize", in, "--variant", "full", "--recompute", "1",
		"--allow-unmet", "-o", filepath.Join(dir, "o.edges"), "--trace", filepath.Join(dir, "t.csv"))
	cmd.Env = append(os.Environ(), "ANONET_TEST_AS_MAIN=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitForTraceRows(t, dir, 3)
	syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	if code := exitCode(t, cmd.Wait()); code != 0 {
		t.Fatalf("exit %d, want 0 (stopped and written)", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "o.edges")); err != nil {
		t.Error(err)
	}
}

// TestOutOfMemory tells the runtime's out-of-memory crash report from
// other crashes by the function that threw.
func TestOutOfMemory(t *testing.T) {
	for _, tc := range []struct {
		report string
		want   bool
	}{
		{"\ngoroutine 1 gp=0x1 m=3 [running]:\nruntime.throw({0x8dcff8?, 0x4bf40d?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\nruntime.(*mcache).allocLarge(0x4bf51e?, 0xee6b24e0, 0x1)\n", true},
		{"\ngoroutine 7 [running]:\nruntime.throw({0x1, 0x2})\n\tpanic.go:1 +0x1\nruntime.sysMapOS(0x1)\n", true},
		{"\ngoroutine 7 [running]:\nruntime.throw({0x1, 0x2})\n\tpanic.go:1 +0x1\nruntime.(*mheap).grow(0x1)\n", true},
		{"panic: a test crash\n\ngoroutine 1 [running]:\nmain.testCrash({0x1})\n", false},
		{"\ngoroutine 1 [running]:\nruntime.throw({0x1, 0x2})\n\tpanic.go:1 +0x1\nruntime.unlock2(0x1)\n", false},
		{"fatal error: all goroutines are asleep - deadlock!\n", false},
		{"", false},
	} {
		if got := outOfMemory([]byte(tc.report)); got != tc.want {
			t.Errorf("outOfMemory(%q) = %v, want %v", tc.report, got, tc.want)
		}
	}
}

// TestReadJournal keeps the temporary files created and not settled.
func TestReadJournal(t *testing.T) {
	got, started := readJournal(strings.NewReader("+a/.x.tmp1\n+.y.tmp2\n-a/.x.tmp1\n+.z tmp3\n"))
	if len(got) != 2 || !got[".y.tmp2"] || !got[".z tmp3"] || started {
		t.Errorf("got %v, started %v", got, started)
	}
	if _, started := readJournal(strings.NewReader(journalStarted + "\n+a\n")); !started {
		t.Error("the started line was not seen")
	}
}

// TestRefusedUpFront: a run that cannot fit in the memory the process may
// use (here GOMEMLIMIT of 3 MiB, and a network of 40,000 edges and 10,000
// nodes whose anonymization needs at least 40 bytes per edge and 200 per
// node, 3.6 MB) is refused before the work with exit 1 and what it needs;
// measuring (40 bytes per edge and 64 per node, 2.2 MB) fits.
func TestRefusedUpFront(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "ba.edges")
	if _, stderr, code := runCLI(t, "--seed", "3", "generate", "ba", "-n", "10000", "--avg-degree", "8", "-o", in); code != 0 {
		t.Fatal(stderr)
	}
	old := debug.SetMemoryLimit(3 << 20)
	defer debug.SetMemoryLimit(old)
	_, stderr, code := runCLI(t, "anonymize", in, "--variant", "full", "-o", filepath.Join(dir, "o.edges"))
	if code != exitInternal || !strings.Contains(stderr, "not enough memory: anonymizing 39") || !strings.Contains(stderr, "more than the memory limit (GOMEMLIMIT) of 3.0 MiB") {
		t.Errorf("exit %d, %s", code, stderr)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files %v: something was written", names)
	}
	if _, stderr, code := runCLI(t, "measure", in); code != 0 {
		t.Errorf("measuring: exit %d, %s", code, stderr)
	}
}
