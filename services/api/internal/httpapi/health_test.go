package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap/zapcore"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

func TestHealthAndReadiness(t *testing.T) {
	tests := []struct {
		name       string
		closeDB    bool
		target     string
		wantStatus int
		wantCode   string
	}{
		{name: "healthz", target: "/healthz", wantStatus: http.StatusOK},
		{name: "readyz with database", target: "/readyz", wantStatus: http.StatusOK},
		{name: "readyz with database closed", closeDB: true, target: "/readyz", wantStatus: http.StatusServiceUnavailable, wantCode: "not_ready"},
		{name: "healthz with database closed", closeDB: true, target: "/healthz", wantStatus: http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc := apitest.New(t)
			if tc.closeDB {
				require.NoError(t, svc.DB.Close())
			}
			rec := svc.Get(tc.target)
			require.Equal(t, tc.wantStatus, rec.Code, rec.Body.String())
			if tc.wantCode != "" {
				body := apitest.ErrorBody(t, rec)
				require.Equal(t, tc.wantCode, body.Code)
				require.NotContains(t, rec.Body.String(), "sql", "internals are not sent")
				return
			}
			var body map[string]string
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
			require.Equal(t, map[string]string{"status": "ok"}, body)
		})
	}
}

// TestReadinessWhileStoppingIsNoFailureInTheLog: through http.shutdownDrain a load balancer asks /readyz every
// second or so, and each 503 "The service is stopping." wrote the request's line at error level (operator round).
// It is the answer the stop asks for, logged at info level; a database that does not answer is still an error.
func TestReadinessWhileStoppingIsNoFailureInTheLog(t *testing.T) {
	t.Run("stopping", func(t *testing.T) {
		svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.HTTP.ShutdownDrain = time.Minute }))
		signal, signalled := context.WithCancel(context.Background())
		_, endDrain := svc.App.DrainOnStop(signal)
		t.Cleanup(endDrain)
		signalled()
		require.Eventually(t, func() bool { return svc.Get("/readyz").Code == http.StatusServiceUnavailable }, 5*time.Second, 10*time.Millisecond)
		svc.Logs.TakeAll()

		rec := svc.Get("/readyz")
		require.Equal(t, http.StatusServiceUnavailable, rec.Code)
		body := apitest.ErrorBody(t, rec)
		require.Equal(t, "not_ready", body.Code)
		require.Equal(t, "The service is stopping.", body.Message)
		require.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
		lines := svc.Logs.FilterMessage("request").AllUntimed()
		require.Len(t, lines, 1)
		require.Equal(t, zapcore.InfoLevel, lines[0].Level)
		require.Zero(t, svc.Logs.FilterLevelExact(zapcore.ErrorLevel).Len(), "no error line: %v", svc.Logs.All())
	})
	// A replica whose database is down answers its probes 503, which is the probe's job: the log says so once, at
	// warn level, instead of an error line per probe (QA operator round).
	t.Run("database not reachable", func(t *testing.T) {
		svc := apitest.New(t)
		require.NoError(t, svc.DB.Close())
		svc.Logs.TakeAll()
		for range 3 {
			rec := svc.Get("/readyz")
			require.Equal(t, http.StatusServiceUnavailable, rec.Code)
			require.Equal(t, "The database is not reachable.", apitest.ErrorBody(t, rec).Message)
		}
		lines := svc.Logs.FilterMessage("request").AllUntimed()
		require.Len(t, lines, 3)
		require.Equal(t, zapcore.InfoLevel, lines[0].Level)
		require.Zero(t, svc.Logs.FilterLevelExact(zapcore.ErrorLevel).Len(), "no error line: %v", svc.Logs.All())
		warnings := svc.Logs.FilterLevelExact(zapcore.WarnLevel).AllUntimed()
		require.Len(t, warnings, 1, "once for the change, not per probe")
		require.Equal(t, "not ready: the database does not answer", warnings[0].Message)
	})
}

// The metrics and the profiler are the admin listener's (admin.addr); on the public one their paths answered 200
// with the app's HTML (QA operator round).
func TestOperatorPathsAreNotOnThePublicListener(t *testing.T) {
	svc := apitest.New(t)
	for _, target := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/heap", "/debug"} {
		rec := svc.Get(target)
		require.Equal(t, http.StatusNotFound, rec.Code, target)
		require.Equal(t, "not_found", apitest.ErrorBody(t, rec).Code, target)
	}
}
