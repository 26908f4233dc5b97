package httpapi_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/logging"
)

func TestErrorShape(t *testing.T) {
	svc := apitest.New(t)
	svc.Echo.GET("/rest/v1/test-panic", func(echo.Context) error { panic("db password is hunter2") })
	svc.Echo.POST("/rest/v1/test-echo", func(c echo.Context) error {
		var v map[string]any
		if err := c.Bind(&v); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, v)
	})

	tests := []struct {
		name       string
		method     string
		target     string
		body       string
		header     map[string]string
		wantStatus int
		wantCode   string
		wantAllow  string
		wantField  string
	}{
		{name: "unknown API route", target: "/rest/v1/nope", wantStatus: 404, wantCode: "not_found"},
		{name: "unknown API version", target: "/rest/v2/metadata", wantStatus: 404, wantCode: "not_found"},
		{name: "bare API prefix", target: "/rest", wantStatus: 404, wantCode: "not_found"},
		{name: "identity routes answer POST only", target: "/identity/nope", wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "POST"},
		{name: "unknown dev route", target: "/dev/mails", wantStatus: 404, wantCode: "not_found"},
		{name: "wrong method on metadata", method: http.MethodDelete, target: "/rest/v1/metadata", wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "GET"},
		{name: "wrong method on the region check", method: http.MethodPatch, target: "/rest/v1/region?zip=12345", wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "GET"},
		{name: "wrong method on a templated path", method: http.MethodDelete, target: "/rest/v1/retailstores/abc", wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "GET"},
		{name: "wrong method on an app page", method: http.MethodPut, target: "/personaldata", wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "OPTIONS, GET, HEAD"},
		{name: "panic becomes plain 500", target: "/rest/v1/test-panic", wantStatus: 500, wantCode: "internal_error"},
		{
			name: "body over the limit", method: http.MethodPost, target: "/rest/v1/test-echo",
			body: `{"a":"` + strings.Repeat("x", 70*1024) + `"}`, header: map[string]string{"Content-Type": "application/json"},
			wantStatus: 413, wantCode: "request_too_large", wantField: "body",
		},
		{
			name: "malformed JSON", method: http.MethodPost, target: "/rest/v1/test-echo",
			body: `{"a":`, header: map[string]string{"Content-Type": "application/json"},
			wantStatus: 400, wantCode: "bad_request",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := svc.Do(apitest.Request{Method: tc.method, Target: tc.target, Body: tc.body, Header: tc.header})
			require.Equal(t, tc.wantStatus, rec.Code, rec.Body.String())
			body := apitest.ErrorBody(t, rec)
			require.Equal(t, tc.wantCode, body.Code)
			require.Equal(t, tc.wantAllow, rec.Header().Get(echo.HeaderAllow))
			require.Equal(t, tc.wantField, body.Field)
			if tc.wantField == "" {
				require.NotContains(t, rec.Body.String(), `"field"`, "field is omitted when empty")
			}
			require.NotContains(t, rec.Body.String(), "hunter2")
			require.NotContains(t, rec.Body.String(), "goroutine")
		})
	}
	t.Run("panic is logged with its cause", func(t *testing.T) {
		require.NotZero(t, svc.Logs.FilterMessage("panic while handling request").Len())
	})
}

// TestHeadIsGetWithoutTheBody: every GET endpoint of the REST contract answers HEAD (RFC 9110 9.3.2) through a real
// server, which sends GET's headers and no body.
func TestHeadIsGetWithoutTheBody(t *testing.T) {
	svc := apitest.New(t)
	srv := httptest.NewServer(svc.Echo)
	defer srv.Close()
	for _, target := range []string{"/rest/v1/region?zip=12345", "/rest/v1/metadata", "/rest/v1/retailstores/search?q=Berlin"} {
		get, err := http.Get(srv.URL + target)
		require.NoError(t, err)
		_ = get.Body.Close()
		head, err := http.Head(srv.URL + target)
		require.NoError(t, err)
		body, err := io.ReadAll(head.Body)
		require.NoError(t, err)
		_ = head.Body.Close()
		require.Equal(t, get.StatusCode, head.StatusCode, target)
		require.Equal(t, get.Header.Get("Content-Type"), head.Header.Get("Content-Type"), target)
		require.Empty(t, body, target)
	}
}

func TestRequestID(t *testing.T) {
	svc := apitest.New(t)
	tests := []struct {
		name     string
		incoming string
		keep     bool
	}{
		{"generated when absent", "", false},
		{"kept when plain", "abc-123.DEF_456", true},
		{"replaced when it could forge log lines", "abc\ninjected", false},
		{"replaced when too long", strings.Repeat("a", 65), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			header := map[string]string{}
			if tc.incoming != "" {
				header["X-Request-Id"] = tc.incoming
			}
			rec := svc.Do(apitest.Request{Target: "/healthz", Header: header})
			got := rec.Header().Get("X-Request-Id")
			require.NotEmpty(t, got)
			if tc.keep {
				require.Equal(t, tc.incoming, got)
			} else {
				require.NotEqual(t, tc.incoming, got)
				require.Regexp(t, `^[0-9a-f]{12}-[0-9a-z]+$`, got)
			}
		})
	}
	t.Run("unique per request", func(t *testing.T) {
		seen := map[string]bool{}
		for i := 0; i < 100; i++ {
			id := svc.Get("/healthz").Header().Get("X-Request-Id")
			require.False(t, seen[id], "request id %s given twice", id)
			seen[id] = true
		}
	})
}

func TestAccessLogHasNoPersonalData(t *testing.T) {
	svc := apitest.New(t)
	rec := svc.Do(apitest.Request{
		Target: "/preferences/newsletter?email=jane.doe%40example.com&token=secret-token-123",
		Header: map[string]string{"X-Request-Id": "req-1", "X-Forwarded-For": "203.0.113.9"},
	})
	require.Equal(t, http.StatusOK, rec.Code)

	entries := svc.Logs.FilterMessage("request").AllUntimed()
	require.Len(t, entries, 1)
	fields := entries[0].ContextMap()
	require.Equal(t, "GET", fields["method"])
	require.Equal(t, "/*", fields["route"])
	require.EqualValues(t, 200, fields["status"])
	require.Equal(t, "req-1", fields["request_id"])
	require.Contains(t, fields, "duration")
	require.Contains(t, fields, "bytes")
	for key, value := range fields {
		s := strings.ToLower(strings.TrimSpace(toString(value)))
		require.NotContains(t, s, "jane", key)
		require.NotContains(t, s, "secret-token", key)
		require.NotContains(t, s, "203.0.113.9", key)
		require.NotContains(t, s, "newsletter", key)
	}

	svc.Get("/cms/portal/de_DE.json")
	last := svc.Logs.FilterMessage("request").AllUntimed()
	require.Equal(t, "/cms/:cmsId/:file", last[len(last)-1].ContextMap()["route"], "the route template, not the path")
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

// TestAccessLogLine holds the access log's JSON line to its fields and their order, through the production logger:
// the line's method, route and status come from a logger made once per route (2026-11-30, issue 16), and the line
// must stay the one log collectors parse, for answers and failures alike.
func TestAccessLogLine(t *testing.T) {
	var out lockedBuffer
	logger, err := logging.NewTo("info", "test", logging.FormatJSON, &out)
	require.NoError(t, err)
	svc := apitest.New(t, apitest.WithLogger(logger))
	svc.Echo.GET("/rest/v1/test-failure", func(echo.Context) error { return errors.New("boom") })
	for range 2 {
		svc.Do(apitest.Request{Target: "/rest/v1/region?zip=20095", Header: map[string]string{"X-Request-Id": "req-1"}})
	}
	svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/region?zip=20095", Header: map[string]string{"X-Request-Id": "req-2"}})
	svc.Do(apitest.Request{Target: "/rest/v1/test-failure", Header: map[string]string{"X-Request-Id": "req-3"}})
	require.NoError(t, logger.Sync())

	var lines []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.Contains(line, `"msg":"request"`) {
			lines = append(lines, line)
		}
	}
	require.Len(t, lines, 4, out.String())
	shape := func(level, method, route, status, id, bytes string) string {
		return `^\{"level":"` + level + `","time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[-+Z][\d]*","msg":"request","env":"test",` +
			`"method":"` + method + `","route":"` + regexp.QuoteMeta(route) + `","status":` + status +
			`,"duration":\d+(\.\d+)?(e-\d+)?,"request_id":"` + id + `","bytes":` + bytes + `\}$`
	}
	require.Regexp(t, shape("info", "GET", "/rest/v1/region", "200", "req-1", "24"), lines[0])
	require.Regexp(t, shape("info", "GET", "/rest/v1/region", "200", "req-1", "24"), lines[1])
	require.Regexp(t, shape("info", "POST", "/rest/*", "405", "req-2", `\d+`), lines[2])
	require.Regexp(t, shape("error", "GET", "/rest/v1/test-failure", "500", "req-3", `\d+`), lines[3])
}

// lockedBuffer is a log's output in a test.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Sync() error { return nil }

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
