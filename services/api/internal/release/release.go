// Package release names the running build, for `portal version`, the start-up line and the build-info metric: the
// version and commit the build was given (-ldflags -X, as the Dockerfile's PORTAL_VERSION and PORTAL_REVISION do)
// and what Go recorded of the checkout it was built from (runtime/debug.ReadBuildInfo, with -buildvcs=true: the
// commit, its time, uncommitted changes). An operator could not tell which release ran (QA operator round).
package release

import (
	"runtime/debug"
	"strings"
)

// Set by the build: go build -ldflags "-X github.com/grocer-portal/portal/services/api/internal/release.version=1.4.2
// -X …/release.revision=<commit>". A build in a container has no checkout whose commit Go could record.
var version, revision string

// Info describes a build.
type Info struct {
	// Version is the one the build was given, else the main module's (a go install of a tagged module), else "dev".
	Version string
	// Revision is the commit, Time its time, and Modified whether the checkout had changes not committed.
	Revision string
	Time     string
	Modified bool
	// GoVersion is the Go toolchain's.
	GoVersion string
}

// Read describes the running build.
func Read() Info {
	build, _ := debug.ReadBuildInfo()
	return of(build, Info{Version: version, Revision: revision})
}

// of describes build, given the version and revision the build was told of (which win over what Go recorded).
func of(build *debug.BuildInfo, given Info) Info {
	info := given
	if build != nil {
		info.GoVersion = build.GoVersion
		if v := build.Main.Version; info.Version == "" && v != "" && v != "(devel)" {
			info.Version = v
		}
		for _, s := range build.Settings {
			switch s.Key {
			case "vcs.revision":
				if info.Revision == "" {
					info.Revision = s.Value
				}
			case "vcs.time":
				info.Time = s.Value
			case "vcs.modified":
				info.Modified = s.Value == "true"
			}
		}
	}
	if info.Version == "" {
		info.Version = "dev"
	}
	return info
}

// String is the build in one line: portal 1.4.2 (commit 585e823… of 2026-11-30T21:09:43Z, with uncommitted
// changes; go1.26.8).
func (i Info) String() string {
	var about []string
	switch {
	case i.Revision == "":
		about = append(about, "no commit recorded")
	case i.Time != "":
		about = append(about, "commit "+i.Revision+" of "+i.Time)
	default:
		about = append(about, "commit "+i.Revision)
	}
	if i.Modified {
		about[0] += ", with uncommitted changes"
	}
	if i.GoVersion != "" {
		about = append(about, i.GoVersion)
	}
	return "portal " + i.Version + " (" + strings.Join(about, "; ") + ")"
}
