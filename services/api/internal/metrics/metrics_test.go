package metrics_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/metrics"
	"github.com/grocer-portal/portal/services/api/internal/release"
)

// portal_build_info names the running release, as `portal version` does, so that a dashboard shows which release
// each replica runs (QA operator round: nothing told).
func TestBuildInfo(t *testing.T) {
	families, err := metrics.Registry.Gather()
	require.NoError(t, err)
	build := release.Read()
	for _, f := range families {
		if f.GetName() != "portal_build_info" {
			continue
		}
		require.Len(t, f.GetMetric(), 1)
		m := f.GetMetric()[0]
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		require.Equal(t, map[string]string{"version": build.Version, "revision": build.Revision, "modified": strconv.FormatBool(build.Modified),
			"goversion": build.GoVersion}, labels)
		require.Equal(t, 1.0, m.GetGauge().GetValue())
		return
	}
	t.Fatal("no portal_build_info")
}
