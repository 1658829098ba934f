package graphio

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/anonet-project/anonet/internal/testenv"
)

// peakChildEnv names the file that TestPeakChild reads when the test
// binary runs as a child of peakRSS.
const peakChildEnv = "GRAPHIO_PEAK_FILE"

// TestPeakChild reads the file named by $GRAPHIO_PEAK_FILE, trusting
// every declared node, and does nothing else: it is the child process
// whose peak resident memory peakRSS measures.
func TestPeakChild(t *testing.T) {
	path := os.Getenv(peakChildEnv)
	if path == "" {
		t.Skip("run by peakRSS only")
	}
	if _, _, err := ReadFile(path, ReadOptions{MaxNodes: maxNodes}); err != nil {
		t.Fatal(err)
	}
	// The peak since exec (the rusage of a child would count the
	// parent's memory shared before exec).
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Printf("peak %s\n", strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
		}
	}
}

// peakRSS returns the peak resident memory, in bytes, of a process that
// reads the file at path (TestPeakChild).
func peakRSS(t *testing.T, path string) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestPeakChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), peakChildEnv+"="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("reading %s in a child: %v\n%s", path, err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if kb, ok := strings.CutPrefix(line, "peak "); ok {
			v, err := strconv.ParseInt(kb, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return v << 10
		}
	}
	t.Skipf("the child did not say its peak memory:\n%s", out)
	return 0
}

// TestDeclaredMemory: the memory estimate of reading nodes declared by a
// header (which a refusal prints) is within 20% of the peak resident
// memory that reading them takes, measured in a child process beyond that
// of reading a tiny file of the same format (issue 37).
func TestDeclaredMemory(t *testing.T) {
	testenv.Heavy(t) // reads five files of a million nodes in child processes
	const n = 1_000_000
	dir := t.TempDir()
	// binary returns the binary file of a graph of n nodes and one edge,
	// labelled "n0", "n1", … if labels is set.
	binary := func(n int, labels bool) []byte {
		var names []string
		if labels {
			names = make([]string, n)
			for i := range names {
				names[i] = "n" + strconv.Itoa(i)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, mustGraph(t, n, [][2]int32{{0, 1}}, names), Binary); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	labelText := int64(0)
	for i := range n {
		labelText += int64(1 + len(strconv.Itoa(i)))
	}
	tests := []struct {
		name        string
		tiny, big   []byte
		ext         string
		estimate    int64
		labelsBytes int64 // label text in the file, resident when mapped
	}{
		{"nauty", []byte("!n=2\n0: 1;\n"), []byte(fmt.Sprintf("!n=%d\n0: 1;\n", n)), ".nauty", declaredBytes(n, false, 0), 0},
		{"mtx", []byte("%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n"),
			[]byte(fmt.Sprintf("%%%%MatrixMarket matrix coordinate pattern symmetric\n%d %d 1\n2 1\n", n, n)), ".mtx", mtxBytes(n), 0},
		{"pajek", []byte("*Vertices 2\n*Edges\n1 2\n"), []byte(fmt.Sprintf("*Vertices %d\n*Edges\n1 2\n", n)), ".net", pajekBytes(n), 0},
		{"anonet", binary(2, false), binary(n, false), ".anonet", binaryLayout{n: n}.memory(), 0},
		{"anonet labelled", binary(2, true), binary(n, true), ".anonet", binaryLayout{n: n, labels: true, labelBytes: uint64(labelText)}.memory(), labelText},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tiny, big := filepath.Join(dir, "tiny"+tc.ext), filepath.Join(dir, "big"+tc.ext)
			os.WriteFile(tiny, tc.tiny, 0o644)
			os.WriteFile(big, tc.big, 0o644)
			base, peak := peakRSS(t, tiny), peakRSS(t, big)
			// A labelled binary file is mapped, and its label text is
			// resident as the file's pages: the estimate leaves the input
			// out.
			used := peak - base - tc.labelsBytes
			ratio := float64(tc.estimate) / float64(used)
			t.Logf("%s: estimate %s, peak %s beyond %s (ratio %.2f)", tc.name, size(tc.estimate), size(used), size(base), ratio)
			if ratio < 0.8 || ratio > 1.2 {
				t.Errorf("estimate %s, measured %s: not within 20%%", size(tc.estimate), size(used))
			}
		})
	}
}
