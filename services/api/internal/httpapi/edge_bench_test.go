package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

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
			loopReportingCPU(b, func() {
				rec := httptest.NewRecorder()
				svc.Echo.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code, rec.Body.String())
				}
			})
		})
	}
}

// loopReportingCPU runs op in b.Loop and reports the process's CPU time per operation (cpu-ns/op) besides the
// wall time: on the shared development machine other work stretched ns/op by up to 1.6 times where the CPU the
// process spent per request moved less (2026-11-30, issue 16). The garbage collector's work on other threads counts,
// as it does in the service.
func loopReportingCPU(b *testing.B, op func()) {
	b.Helper()
	start, n := processCPU(b), 0
	for b.Loop() {
		op()
		n++
	}
	b.ReportMetric(float64(processCPU(b)-start)/float64(n), "cpu-ns/op")
}

// processCPU is the user and system CPU time this process has used so far.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
