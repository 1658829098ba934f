package cli

import (
	"fmt"
	"io"
	"strings"
)

// The hidden commands that the completion scripts run: the words on the
// command line up to the cursor, the last one (perhaps empty) the word to
// complete. They print one candidate a line (NoDesc: without the tab and
// the description), then a line ":N" with N a set of the directive bits
// below. This is the protocol of cobra's scripts too, so that scripts
// installed from earlier releases keep working.
const (
	completeCmd       = "__complete"
	completeNoDescCmd = "__completeNoDesc"
)

// Directive bits of the completion protocol.
const (
	directiveDefault    = 0 // the shell may complete file names
	directiveNoFileComp = 4 // the shell must not complete file names
)

// candidate is a completion and its description.
type candidate struct{ word, desc string }

// complete answers a completion script: args are the words after the
// program's name up to the cursor.
func (c *Command) complete(args []string, noDesc bool) error {
	toComplete := ""
	if n := len(args); n > 0 {
		toComplete, args = args[n-1], args[:n-1]
	}
	if toComplete == `""` { // how PowerShell passes an empty word
		toComplete = ""
	}
	cands, directive := c.completions(args, toComplete)
	var b strings.Builder
	for _, cand := range cands {
		if noDesc || cand.desc == "" {
			fmt.Fprintln(&b, cand.word)
		} else {
			fmt.Fprintf(&b, "%s\t%s\n", cand.word, cand.desc)
		}
	}
	fmt.Fprintf(&b, ":%d\n", directive)
	_, err := io.WriteString(c.outWriter(), b.String())
	return err
}

// completions returns the candidates for the word toComplete after args:
// a flag's name, a command's name, or a file name (left to the shell).
func (c *Command) completions(args []string, toComplete string) ([]candidate, int) {
	cmd, rest, err := c.find(args)
	if err != nil {
		return nil, directiveNoFileComp
	}
	fs := cmd.Flags()
	pending, _ := fs.parse(rest, true)
	switch {
	case pending != nil, fs.dashdash:
		return nil, directiveDefault // a flag's value, or a positional argument
	case strings.HasPrefix(toComplete, "-") && strings.Contains(toComplete, "="):
		return nil, directiveDefault // --flag=value
	case strings.HasPrefix(toComplete, "-"):
		var out []candidate
		for _, fl := range fs.sorted(func(fl *Flag) bool { return !fl.Hidden }) {
			if _, list := fl.Value.(*stringSliceValue); fl.Changed && !list {
				continue // given already
			}
			desc, _, _ := strings.Cut(fl.Usage, "\n")
			if long := "--" + fl.Name; strings.HasPrefix(long, toComplete) {
				out = append(out, candidate{long, desc})
			}
			if short := "-" + fl.Shorthand; fl.Shorthand != "" && strings.HasPrefix(short, toComplete) {
				out = append(out, candidate{short, desc})
			}
		}
		return out, directiveNoFileComp
	}
	group := cmd
	if cmd.isHelp {
		// help COMMAND: the commands it can name.
		if group, _, err = c.find(fs.Args()); err != nil {
			return nil, directiveNoFileComp
		}
	} else if len(fs.Args()) > 0 {
		return nil, directiveDefault
	}
	if !group.hasAvailableSubcommands() {
		return nil, directiveDefault
	}
	var out []candidate
	for _, sub := range group.commands {
		if sub.available() && strings.HasPrefix(sub.Name(), toComplete) {
			out = append(out, candidate{sub.Name(), sub.Short})
		}
	}
	return out, directiveNoFileComp
}

// newCompletionCommand returns the command "completion", whose
// subcommands print the completion script of the program named prog for
// a shell.
func newCompletionCommand(prog string) *Command {
	cmd := &Command{
		Use:   "completion",
		Short: "Generate the autocompletion script for the specified shell",
		Long: "Generate the autocompletion script for " + prog + " for the specified shell.\n" +
			"See each sub-command's help for details on how to use the generated script.",
	}
	fn := funcName(prog)
	for _, sh := range []struct{ name, howto, script string }{
		{"bash", "\tsource <(PROG completion bash)\n\nTo load them in every new session, add that line to ~/.bashrc.", bashScript},
		{"fish", "\tPROG completion fish | source\n\nTo load them in every new session, run once:\n\n\tPROG completion fish > ~/.config/fish/completions/PROG.fish", fishScript},
		{"powershell", "\tPROG completion powershell | Out-String | Invoke-Expression\n\nTo load them in every new session, add that line to your PowerShell profile.", powershellScript},
		{"zsh", "\tsource <(PROG completion zsh)\n\nTo load them in every new session, run once:\n\n\tPROG completion zsh > \"${fpath[1]}/_PROG\"\n\n" +
			"Completion must be enabled in zsh (autoload -U compinit; compinit in ~/.zshrc).", zshScript},
	} {
		var noDesc bool
		script := sh.script
		sub := &Command{
			Use:   sh.name,
			Short: "Generate the autocompletion script for " + sh.name,
			Long: strings.ReplaceAll("Generate the autocompletion script for the "+sh.name+" shell: it completes\n"+
				"commands, flags and file names.\n\nTo load the completions in the current session:\n\n"+sh.howto, "PROG", prog),
			RunE: func(cmd *Command, args []string) error {
				if len(args) > 0 {
					return cmd.usageError(fmt.Errorf("%s takes no arguments, got %q", cmd.CommandPath(), args))
				}
				request := completeCmd
				if noDesc {
					request = completeNoDescCmd
				}
				r := strings.NewReplacer("PROG", prog, "FUNC", fn, "REQUEST", request)
				_, err := io.WriteString(cmd.outWriter(), r.Replace(script))
				return err
			},
		}
		sub.Flags().BoolVar(&noDesc, "no-descriptions", false, "disable completion descriptions")
		cmd.AddCommand(sub)
	}
	return cmd
}

// funcName turns prog into a name the shells accept for a function.
func funcName(prog string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			return r
		}
		return '_'
	}, prog)
}

// The scripts. PROG is the program's name, FUNC a function-safe form of
// it, REQUEST the hidden command that answers.

const bashScript = `# bash completion for PROG: source <(PROG completion bash)
_FUNC_complete() {
    # The words up to the cursor, with bash's split at "=" undone.
    local -a words=()
    local i w
    for ((i = 1; i <= COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if ((${#words[@]} > 0)) && [[ $w == "=" || ${COMP_WORDS[i-1]} == "=" ]]; then
            words[${#words[@]}-1]+=$w
        else
            words+=("$w")
        fi
    done
    local out
    out=$("${COMP_WORDS[0]}" REQUEST "${words[@]}" 2>/dev/null) || return 0
    local directive=${out##*:}
    [[ $directive =~ ^[0-9]+$ ]] || directive=0
    out=${out%:*}
    COMPREPLY=()
    local line
    while IFS= read -r line; do
        [[ -n $line ]] && COMPREPLY+=("${line%%$'\t'*}")
    done <<<"$out"
    if ((${#COMPREPLY[@]} == 0 && (directive & 4))); then
        compopt +o default 2>/dev/null
    fi
    return 0
}
complete -o default -F _FUNC_complete PROG
`

const zshScript = `#compdef PROG
# zsh completion for PROG: source <(PROG completion zsh)
_FUNC() {
    local out directive line word
    local -a lines cands
    out=$("${words[1]}" REQUEST "${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
    lines=("${(@f)out}")
    directive=${lines[-1]#:}
    [[ $directive == <-> ]] || directive=0
    for line in "${(@)lines[1,-2]}"; do
        [[ -z $line ]] && continue
        word=${line%%$'\t'*}
        word=${word//:/\\:}
        if [[ $line == *$'\t'* ]]; then
            cands+=("$word:${line#*$'\t'}")
        else
            cands+=("$word")
        fi
    done
    if ((${#cands})); then
        _describe -t values 'PROG' cands
        return
    fi
    if (((directive & 4) == 0)); then
        [[ $PREFIX == -*=* ]] && compset -P '*='
        _files
    fi
}
if [[ $funcstack[1] == _FUNC ]]; then
    _FUNC "$@"
else
    compdef _FUNC PROG
fi
`

const fishScript = `# fish completion for PROG: PROG completion fish | source
function __FUNC_complete
    set -l tokens (commandline -opc)
    set -l prog $tokens[1]
    set -e tokens[1]
    set -l current (commandline -ct)
    set -l out ($prog REQUEST $tokens "$current" 2>/dev/null)
    or return
    set -l directive (string replace -- ':' '' $out[-1])
    string match -qr -- '^[0-9]+$' $directive; or set directive 0
    set -e out[-1]
    if test (count $out) -gt 0
        printf '%s\n' $out
    else if test (math "floor($directive / 4) % 2") -eq 0
        if string match -qr -- '^-[^=]*=' "$current"
            set -l flag (string replace -r -- '=.*' '=' "$current")
            __fish_complete_path (string replace -r -- '^[^=]*=' '' "$current") | string replace -r -- '^' "$flag"
        else
            __fish_complete_path "$current"
        end
    end
end
complete -c PROG -e
complete -c PROG -f -a '(__FUNC_complete)'
`

const powershellScript = `# PowerShell completion for PROG: PROG completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName 'PROG' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    $prog = $elements[0].Extent.Text
    $words = @()
    for ($i = 1; $i -lt $elements.Count; $i++) {
        if ($wordToComplete -ne '' -and $i -eq $elements.Count - 1) { break }
        $words += $elements[$i].Extent.Text
    }
    $word = $wordToComplete
    if ($word -eq '') { $word = '""' }
    $out = @(& $prog REQUEST @words $word 2>$null)
    if ($out.Count -eq 0) { return }
    $directive = 0
    [void][int]::TryParse($out[-1].TrimStart(':'), [ref]$directive)
    $found = $false
    for ($i = 0; $i -lt $out.Count - 1; $i++) {
        $name, $desc = $out[$i] -split "` + "`" + `t", 2
        if (-not $desc) { $desc = $name }
        $found = $true
        [System.Management.Automation.CompletionResult]::new($name, $name, 'ParameterValue', $desc)
    }
    if (-not $found -and ($directive -band 4)) {
        # No file names: offer nothing rather than PowerShell's default.
        [System.Management.Automation.CompletionResult]::new(' ', ' ', 'ParameterValue', ' ')
    }
}
`
