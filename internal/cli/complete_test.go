package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCompletions(t *testing.T) {
	allMeasure := []string{"--help", "-h", "--k", "-k", "--measure", "--quiet", "-q", "--seed"}
	tests := []struct {
		args       []string
		toComplete string
		want       []string
		directive  int
	}{
		{nil, "", []string{"completion", "help", "info", "measure"}, directiveNoFileComp},
		{nil, "me", []string{"measure"}, directiveNoFileComp},
		{nil, "x", nil, directiveNoFileComp},
		{[]string{"--seed", "3"}, "i", []string{"info"}, directiveNoFileComp},
		{nil, "--s", []string{"--seed"}, directiveNoFileComp},
		{[]string{"measure"}, "--me", []string{"--measure"}, directiveNoFileComp},
		{[]string{"measure", "karate"}, "-", allMeasure, directiveNoFileComp},
		{[]string{"measure", "karate", "-k", "3"}, "-", slices.DeleteFunc(slices.Clone(allMeasure), func(s string) bool { return s == "-k" || s == "--k" }), directiveNoFileComp},
		{[]string{"measure", "--measure", "dk"}, "--m", []string{"--measure"}, directiveNoFileComp}, // a list may be given again
		{[]string{"measure", "-qk3"}, "--q", nil, directiveNoFileComp},
		{[]string{"measure"}, "--format", nil, directiveNoFileComp}, // hidden
		{[]string{"measure"}, "", nil, directiveDefault},            // GRAPH: a file
		{[]string{"measure", "-k"}, "", nil, directiveDefault},      // a flag's value
		{[]string{"measure", "--"}, "-", nil, directiveDefault},
		{[]string{"measure"}, "--measure=d", nil, directiveDefault},
		{[]string{"help"}, "", []string{"completion", "help", "info", "measure"}, directiveNoFileComp},
		{[]string{"help"}, "in", []string{"info"}, directiveNoFileComp},
		{[]string{"help", "completion"}, "", []string{"bash", "fish", "powershell", "zsh"}, directiveNoFileComp},
		{[]string{"completion"}, "z", []string{"zsh"}, directiveNoFileComp},
		{[]string{"nosuch"}, "", nil, directiveNoFileComp},
	}
	for _, tc := range tests {
		root := newDemo(&demo{})
		root.prepare()
		cands, directive := root.completions(tc.args, tc.toComplete)
		var got []string
		for _, c := range cands {
			got = append(got, c.word)
		}
		if !slices.Equal(got, tc.want) || directive != tc.directive {
			t.Errorf("complete %q %q = %q :%d, want %q :%d", tc.args, tc.toComplete, got, directive, tc.want, tc.directive)
		}
	}
}

// TestCompleteProtocol: what the hidden command prints, with and without
// descriptions, and PowerShell's empty word.
func TestCompleteProtocol(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "mea"}, "measure\tFind the unique nodes\n:4\n"},
		{[]string{"__completeNoDesc", "mea"}, "measure\n:4\n"},
		{[]string{"__complete", "measure", `""`}, ":0\n"},
		{[]string{"__complete"}, "completion\tGenerate the autocompletion script for the specified shell\nhelp\tHelp about any command\n" +
			"info\tSummarise a network\nmeasure\tFind the unique nodes\n:4\n"},
	} {
		d, out, errOut, err := runDemo(tc.args...)
		if err != nil || out != tc.want || errOut != "" || d.ran != "" || d.pre != "" {
			t.Errorf("%q: error %v, ran %q, error output %q, output %q, want %q", tc.args, err, d.ran, errOut, out, tc.want)
		}
	}
}

// demoOnPath puts a program named demo on PATH that runs this test binary
// as the demo program (see TestMain), and returns its directory.
func demoOnPath(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nCLI_TEST_DEMO=1 exec '" + exe + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "demo"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir
}

// completionScript returns the demo program's completion script for shell.
func completionScript(t *testing.T, dir, shell string) string {
	t.Helper()
	_, out, _, err := runDemo("completion", shell)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "demo."+shell)
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// shell returns the path of the shell name, or skips the test naming the
// Debian package that installs it.
func shell(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not found (Debian package %s)", name, name)
	}
	return path
}

// The words completed on each line the completion tests type, in the
// style of the shell (a line's last word is being completed).
var shellCases = []struct {
	line []string
	want string // the completions, one a line
}{
	{[]string{"demo", "mea"}, "measure"},
	{[]string{"demo", "measure", "karate", "--me"}, "--measure"},
	{[]string{"demo", "--seed", "2", "measure", "-k", "3", "--q"}, "--quiet"}, // not -q: given already
	{[]string{"demo", "-q", "measure", "--q"}, ""},
	{[]string{"demo", "help", "i"}, "info"},
	{[]string{"demo", "completion", "f"}, "fish"},
}

func TestBashCompletion(t *testing.T) {
	bash := shell(t, "bash")
	dir := demoOnPath(t)
	script := completionScript(t, dir, "bash")
	if out, err := exec.Command(bash, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	// Completion as bash calls it: COMP_WORDS and COMP_CWORD set, the
	// function named by complete -F run, COMPREPLY read.
	prog := "source " + script + "\n" +
		"f=$(complete -p demo | sed -e 's/.*-F \\([^ ]*\\) .*/\\1/')\n" +
		"t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); $f; printf '%s\\n' \"${COMPREPLY[@]}\"; echo .; }\n"
	for _, tc := range shellCases {
		prog += "t " + shellQuote(tc.line) + "\n"
	}
	// bash splits --seed=1 at "=": the script joins the words again.
	prog += "t demo --seed = 1 i\n"
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSuffix(string(out), ".\n"), ".\n")
	want := []string{}
	for _, tc := range shellCases {
		want = append(want, tc.want+"\n")
	}
	want = append(want, "info\n")
	if !slices.Equal(got, want) {
		t.Errorf("bash completed %q, want %q", got, want)
	}
}

func TestZshCompletion(t *testing.T) {
	zsh := shell(t, "zsh")
	dir := demoOnPath(t)
	script := completionScript(t, dir, "zsh")
	if out, err := exec.Command(zsh, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v\n%s", err, out)
	}
	// The completion system's functions stubbed: _describe prints the
	// candidates, _files says it was asked for file names.
	prog := "compdef() { :; }\n" +
		"_describe() { print -rl -- \"${(@P)4}\"; }\n" +
		"_files() { print -r -- \"files after [$IPREFIX]\"; }\n" +
		"compset() { IPREFIX=${PREFIX%%=*}=; PREFIX=${PREFIX#*=}; }\n" +
		"source " + script + "\n" +
		"t() { words=(\"$@\"); CURRENT=${#words}; PREFIX=${words[CURRENT]}; IPREFIX=; _demo; print .; }\n"
	for _, tc := range shellCases {
		prog += "t " + shellQuote(tc.line) + "\n"
	}
	prog += "t demo measure ''\nt demo measure --measure=d\n"
	out, err := exec.Command(zsh, "-f", "-c", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("zsh: %v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSuffix(string(out), ".\n"), ".\n")
	want := []string{
		"measure:Find the unique nodes\n",
		"--measure:anonymity measure\n",
		"--quiet:no progress\n",
		"", // no flag left: nothing, not even file names
		"info:Summarise a network\n",
		"fish:Generate the autocompletion script for fish\n",
		"files after []\n",
		"files after [--measure=]\n",
	}
	if !slices.Equal(got, want) {
		t.Errorf("zsh completed %q, want %q", got, want)
	}
}

func TestFishCompletion(t *testing.T) {
	fish := shell(t, "fish")
	dir := demoOnPath(t)
	script := completionScript(t, dir, "fish")
	if out, err := exec.Command(fish, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("fish -n: %v\n%s", err, out)
	}
	os.WriteFile(filepath.Join(dir, "karate.edges"), nil, 0o644)
	prog := "source " + script + "\n"
	for _, tc := range shellCases {
		prog += "complete -C" + shellQuote([]string{strings.Join(tc.line, " ")}) + "; echo .\n"
	}
	prog += "cd " + dir + "; complete -C'demo measure kar'; echo .; complete -C'demo measure --from=kar'; echo .; complete -C'demo mea '; echo .\n"
	cmd := exec.Command(fish, "--no-config", "-c", prog)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("fish: %v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSuffix(string(out), ".\n"), ".\n")
	want := []string{
		"measure\tFind the unique nodes\n",
		"--measure\tanonymity measure\n",
		"--quiet\tno progress\n",
		"",
		"info\tSummarise a network\n",
		"fish\tGenerate the autocompletion script for fish\n",
		"karate.edges\n",
		"--from=karate.edges\n",
		"",
	}
	if !slices.Equal(got, want) {
		t.Errorf("fish completed %q, want %q", got, want)
	}
}

// TestPowerShellCompletion checks only what can be checked without
// PowerShell, which Debian does not package: the script names the program
// and the hidden command.
func TestPowerShellCompletion(t *testing.T) {
	_, out, _, err := runDemo("completion", "powershell", "--no-descriptions")
	if err != nil || !strings.Contains(out, "-CommandName 'demo'") || !strings.Contains(out, "__completeNoDesc") || strings.Contains(out, "PROG") {
		t.Errorf("completion powershell: %v\n%s", err, out)
	}
}

// shellQuote quotes words, which hold no single quote, for bash, zsh and
// fish.
func shellQuote(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + w + "'"
	}
	return strings.Join(q, " ")
}
