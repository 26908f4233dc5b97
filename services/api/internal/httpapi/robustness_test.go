package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
)

// Bad input must get a 4xx (or a normal answer), never a 5xx.
func TestMalformedRequestsNeverFailWith5xx(t *testing.T) {
	svc := apitest.New(t)
	endpoints := []string{
		"/healthz", "/readyz", "/rest/v1/metadata", "/cms/default.json", "/cms/portal/de_DE.json",
		"/", "/preferences/", "/unsubscribe-success", "/assets/index-AbC123.js", "/identity/accounts.login", "/dev/mails",
		"/rest/v1/region", "/rest/v1/retailstores/search", "/rest/v1/account/registration/verification-email",
		"/rest/v1/account/login", "/rest/v1/subscriber/regToken/jwt", "/rest/v1/productreminder/search",
		"/rest/v1/productreminder", "/rest/v1/productreminder/confirm", "/identity/accounts.register",
		"/identity/accounts.setAccountInfo", "/identity/verify", "/identity/confirm-subscription", "/dev/outbox",
		"/identity/social/googleplus/start", "/identity/social/googleplus/callback", "/dev/oidc/googleplus/token",
	}
	pathMutations := []struct {
		name string
		raw  func(p string) string
	}{
		{"as is", func(p string) string { return p }},
		{"trailing slash", func(p string) string { return p + "/" }},
		{"double slashes", func(p string) string { return "/" + p }},
		{"NUL byte", func(p string) string { return p + "%00" }},
		{"encoded traversal", func(p string) string { return p + "/..%2f..%2fetc%2fpasswd" }},
		{"plain traversal", func(p string) string { return p + "/../../../etc/passwd" }},
		{"broken escape", func(p string) string { return p + "/%zz" }},
		{"encoded dot segments", func(p string) string { return p + "/%2e%2e/%2e%2e/" }},
		{"backslashes", func(p string) string { return p + `\..\..\windows` }},
		{"very long segment", func(p string) string { return p + "/" + strings.Repeat("a", 8000) }},
		{"very deep", func(p string) string { return p + strings.Repeat("/x", 500) }},
		{"unicode", func(p string) string { return p + "/%C3%A4%F0%9F%98%80" }},
		{"invalid UTF-8", func(p string) string { return p + "/%ff%fe" }},
		{"huge query", func(p string) string { return p + "?" + strings.Repeat("email=a%40b.c&", 2000) }},
	}
	requestMutations := []struct {
		name  string
		apply func(r *http.Request)
	}{
		{"plain", func(*http.Request) {}},
		{"odd method", func(r *http.Request) { r.Method = "PROPFIND" }},
		{"POST with junk JSON", func(r *http.Request) {
			r.Method = http.MethodPost
			r.Header.Set("Content-Type", "application/json")
			r.Body = http.NoBody
		}},
		{"DELETE", func(r *http.Request) { r.Method = http.MethodDelete }},
		{"OPTIONS", func(r *http.Request) { r.Method = http.MethodOptions }},
		{"HEAD", func(r *http.Request) { r.Method = http.MethodHead }},
		{"garbage validators", func(r *http.Request) {
			r.Header.Set("If-None-Match", `W/"", *, "\x00`)
			r.Header.Set("If-Modified-Since", "yesterday")
		}},
		{"garbage encodings", func(r *http.Request) { r.Header.Set("Accept-Encoding", "gzip;q=bogus, br, *;q=-1") }},
		{"empty host", func(r *http.Request) { r.Host = "" }},
		{"malformed host", func(r *http.Request) { r.Host = "[::1" }},
		{"host with many colons", func(r *http.Request) { r.Host = "a:b:c:d" }},
		{"hostile request id", func(r *http.Request) { r.Header.Set("X-Request-Id", strings.Repeat("\n", 100)) }},
		{"garbage content type", func(r *http.Request) {
			r.Method = http.MethodPut
			r.Header.Set("Content-Type", ";;;charset=\x00")
		}},
	}
	for _, endpoint := range endpoints {
		for _, pm := range pathMutations {
			for _, rm := range requestMutations {
				raw := pm.raw(endpoint)
				req := httptest.NewRequest(http.MethodGet, "/", nil)
				path, query, _ := strings.Cut(raw, "?")
				req.URL.RawPath = path
				req.URL.Path = unescapeLoosely(path)
				req.URL.RawQuery = query
				req.RequestURI = raw
				rm.apply(req)
				rec := httptest.NewRecorder()
				svc.Echo.ServeHTTP(rec, req)
				if rec.Code >= 500 {
					t.Errorf("%s %s [%s, %s]: status %d: %s", req.Method, endpoint, pm.name, rm.name, rec.Code, rec.Body.String())
				}
			}
		}
	}
	require.Zero(t, svc.Logs.FilterMessage("panic while handling request").Len())
}

// unescapeLoosely decodes what it can, the way a lenient proxy might, leaving
// broken escapes as they are.
func unescapeLoosely(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return ('0' <= c && c <= '9') || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}
