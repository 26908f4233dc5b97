package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/grocer-portal/portal/services/api/internal/release"
)

// versionFlags are what `portal --version` is asked with: the release, as `portal version` prints it.
var versionFlags = []string{"-version", "--version"}

// runVersion prints the running release: its version, commit and Go (QA operator round: nothing told which
// release ran). It reads no configuration.
func runVersion(_ context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("version", env)
	asJSON := fs.Bool("json", false, "print version, revision, time, modified and goVersion as a JSON object")
	describe(fs, "version [--json]", "Prints the release: the version the build was given, the commit it was built from and when that was\n"+
		"committed, whether the checkout had changes not committed, and the Go version.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	info := release.Read()
	if *asJSON {
		return json.NewEncoder(env.stdout).Encode(map[string]any{"version": info.Version, "revision": info.Revision, "time": info.Time,
			"modified": info.Modified, "goVersion": info.GoVersion})
	}
	_, err := fmt.Fprintln(env.stdout, info)
	return err
}
