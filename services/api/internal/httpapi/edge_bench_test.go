package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap/zapcore"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/logging"
)

// BenchmarkEdge sends requests through the whole router with the production middleware and JSON access log (to
// a discarding writer), so allocations and the middleware's cost per request show without the network:
//
//	go test -run '^$' -bench Edge -benchmem -cpuprofile cpu.prof ./internal/httpapi/
func BenchmarkEdge(b *testing.B) {
	logger, err := logging.NewTo("info", "bench", logging.FormatJSON, zapcore.AddSync(discard{}))
	if err != nil {
		b.Fatal(err)
	}
	svc := apitest.New(b, apitest.WithLogger(logger))
	for _, tc := range []struct{ name, target string }{
		{"region", "/rest/v1/region?zip=20095"},
		{"metadata", "/rest/v1/metadata"},
		{"store-search", "/rest/v1/retailstores/search?q=ham"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, tc.target, nil)
			req.RemoteAddr = "192.0.2.1:40000"
			// What httpapi.Serve's ConnContext gives every request of a connection.
			req = req.WithContext(clientaddr.With(req.Context(), "192.0.2.1"))
			req.Header.Set("Accept-Encoding", "gzip")
			for b.Loop() {
				rec := httptest.NewRecorder()
				svc.Echo.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code, rec.Body.String())
				}
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
