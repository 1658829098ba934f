package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/anonet-project/anonet/internal/cli"
)

// version is the release of this source tree.
const version = "0.1.0-dev"

func newVersionCmd(e *env) *cli.Command {
	return &cli.Command{
		Use:   "version",
		Short: "Print the version of anonet",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cli.Command, args []string) error {
			if e.json {
				return writeJSON(e.stdout, map[string]string{"version": version, "go": runtime.Version()})
			}
			fmt.Fprintln(e.stdout, versionLine())
			return nil
		},
	}
}

// versionLine is what anonet version and anonet --version print.
func versionLine() string {
	rev := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " (" + s.Value[:12] + ")"
			}
		}
	}
	return fmt.Sprintf("anonet %s%s %s", version, rev, runtime.Version())
}
