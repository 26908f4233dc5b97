package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
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
