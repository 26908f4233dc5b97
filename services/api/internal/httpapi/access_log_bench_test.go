package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap/zapcore"

	"github.com/grocer-portal/portal/services/api/internal/httpapi"
	"github.com/grocer-portal/portal/services/api/internal/logging"
)

// BenchmarkAccessLog is what the access log adds to every request: the request metrics and one JSON line through
// the production logger (to a discarding writer), around a handler that does nothing. BenchmarkEdge shows the
// same cost inside a whole request:
//
//	go test -run '^$' -bench AccessLog -benchmem ./internal/httpapi/
func BenchmarkAccessLog(b *testing.B) {
	logger, err := logging.NewTo("info", "bench", logging.FormatJSON, zapcore.AddSync(discard{}))
	if err != nil {
		b.Fatal(err)
	}
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/rest/v1/region?zip=20095", nil), httptest.NewRecorder())
	c.SetPath("/rest/v1/region")
	c.Response().Header()[httpapi.HeaderRequestID] = []string{"5f2c9a01b7e4-1a2b"}
	h := httpapi.AccessLog(logger)(func(c echo.Context) error {
		c.Response().Status, c.Response().Size = http.StatusOK, 24
		return nil
	})
	loopReportingCPU(b, func() {
		if err := h(c); err != nil {
			b.Fatal(err)
		}
	})
}
