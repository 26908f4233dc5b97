package release

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// An operator could not tell which release ran (QA operator round): the build names it, from what Go recorded of
// the checkout (runtime/debug.ReadBuildInfo) and from what the build was told (-ldflags -X, the Dockerfile's
// PORTAL_VERSION and PORTAL_REVISION, which has no checkout to read).
func TestInfoOfABuild(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/grocer-portal/portal/services/api", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "585e823d7d92a294e9191e94d24b42f08682a920"},
			{Key: "vcs.time", Value: "2026-11-30T21:09:43Z"}, {Key: "vcs.modified", Value: "true"}}}
	for _, tc := range []struct {
		name   string
		build  *debug.BuildInfo
		given  Info
		want   Info
		banner string
	}{
		{name: "a checkout's build", build: stamped,
			want:   Info{Version: "dev", Revision: "585e823d7d92a294e9191e94d24b42f08682a920", Time: "2026-11-30T21:09:43Z", Modified: true, GoVersion: "go1.26.8"},
			banner: "portal dev (commit 585e823d7d92a294e9191e94d24b42f08682a920 of 2026-11-30T21:09:43Z, with uncommitted changes; go1.26.8)"},
		{name: "a version given", build: stamped, given: Info{Version: "1.4.2"},
			want:   Info{Version: "1.4.2", Revision: "585e823d7d92a294e9191e94d24b42f08682a920", Time: "2026-11-30T21:09:43Z", Modified: true, GoVersion: "go1.26.8"},
			banner: "portal 1.4.2 (commit 585e823d7d92a294e9191e94d24b42f08682a920 of 2026-11-30T21:09:43Z, with uncommitted changes; go1.26.8)"},
		{name: "an image's build: no checkout, version and commit given", build: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			given:  Info{Version: "1.4.2", Revision: "585e823d"},
			want:   Info{Version: "1.4.2", Revision: "585e823d", GoVersion: "go1.26.8"},
			banner: "portal 1.4.2 (commit 585e823d; go1.26.8)"},
		{name: "a module's version", build: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.5.0"}},
			want: Info{Version: "v1.5.0", GoVersion: "go1.26.8"}, banner: "portal v1.5.0 (no commit recorded; go1.26.8)"},
		{name: "nothing recorded", want: Info{Version: "dev"}, banner: "portal dev (no commit recorded)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := of(tc.build, tc.given)
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.banner, got.String())
		})
	}
}
