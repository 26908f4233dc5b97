package crossorigin_test

import (
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/crossorigin"
)

func TestRule(t *testing.T) {
	rule, err := crossorigin.New([]string{"http://localhost:8080", "HTTPS://Konto.Example:443"}, "POST /hook/{token}")
	require.NoError(t, err)
	for _, tc := range []struct {
		name, method, target, host string
		header                     map[string]string
		refusedBy                  string // "" passes
	}{
		{"a server: no Origin, no Sec-Fetch-Site", "POST", "/x", "localhost:8080", nil, ""},
		{"a server with a foreign Referer", "POST", "/x", "localhost:8080", map[string]string{"Referer": "https://evil.example/"}, ""},
		{"safe method", "GET", "/x", "localhost:8080", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, ""},
		{"own origin", "POST", "/x", "localhost:8080", map[string]string{"Origin": "http://localhost:8080"}, ""},
		{"trusted origin, default port as a browser writes it", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://konto.example", "Sec-Fetch-Site": "same-site"}, ""},
		{"trusted origin's host", "PUT", "/x", "konto.example", map[string]string{"Origin": "https://konto.example"}, ""},
		{"an unknown host's own origin", "POST", "/x", "127.0.0.1:8080", map[string]string{"Origin": "http://127.0.0.1:8080"}, ""},
		{"bypass pattern", "POST", "/hook/abc", "localhost:8080", map[string]string{"Origin": "https://mail.example", "Sec-Fetch-Site": "cross-site"}, ""},
		{"foreign origin", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://evil.example"}, "Origin"},
		{"opaque origin", "DELETE", "/x", "localhost:8080", map[string]string{"Origin": "null"}, "Origin"},
		{"cross-site", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site"},
		{"cross-site without Origin", "POST", "/x", "localhost:8080", map[string]string{"Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site"},
		{"upper-case own origin", "POST", "/x", "localhost:8080", map[string]string{"Origin": "HTTP://LOCALHOST:8080"}, "Origin"},
		{"known host, other scheme", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://localhost:8080"}, "Origin"},
		// A browser's fetch metadata outranks the scheme rule: behind a TLS-terminating proxy with http.publicUrl left
		// as http://…, the page on https://… names itself same-origin (code review of 2026-11-30: every POST refused).
		{"known host, other scheme, fetch metadata same-origin", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://localhost:8080", "Sec-Fetch-Site": "same-origin"}, ""},
		{"known host, other scheme, fetch metadata none", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://localhost:8080", "Sec-Fetch-Site": "none"}, ""},
		{"known host, other scheme, fetch metadata same-site", "POST", "/x", "localhost:8080", map[string]string{"Origin": "https://localhost:8080", "Sec-Fetch-Site": "same-site"}, "Sec-Fetch-Site"},
		{"known host in upper case, other scheme", "POST", "/x", "LOCALHOST:8080", map[string]string{"Origin": "https://LOCALHOST:8080"}, "Origin"},
		{"trusted host in upper case over http", "POST", "/x", "KONTO.EXAMPLE", map[string]string{"Origin": "http://KONTO.EXAMPLE"}, "Origin"},
		{"trusted host over http", "POST", "/x", "konto.example", map[string]string{"Origin": "http://konto.example"}, "Origin"},
		{"bypass pattern of another method", "PUT", "/hook/abc", "localhost:8080", map[string]string{"Origin": "https://evil.example"}, "Origin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, tc.target, nil)
			r.Host = tc.host
			for k, v := range tc.header {
				r.Header.Set(k, v)
			}
			err := rule.Check(r)
			if tc.refusedBy == "" {
				require.NoError(t, err)
				return
			}
			var refusal *crossorigin.Refusal
			require.True(t, errors.As(err, &refusal), "%v", err)
			require.Equal(t, tc.refusedBy, refusal.Header)
		})
	}
}

func TestRuleRefusesWhatIsNoOrigin(t *testing.T) {
	for _, o := range []string{"localhost:8080", "https://konto.example/path", "https://", "https://konto.example?x=1"} {
		_, err := crossorigin.New([]string{o})
		require.Error(t, err, o)
	}
	_, err := crossorigin.New(nil)
	require.NoError(t, err)
}
