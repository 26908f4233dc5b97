package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
)

// TestDevelopmentAidsAnswerOnlyOnLoopback: /dev/outbox shows every reset link, so it and the other development
// aids (clock, development OpenID issuer) are a 404 for any address but the machine's own (issue 15).
func TestDevelopmentAidsAnswerOnlyOnLoopback(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Dev.Clock.Enabled = true
		c.HTTP.TrustedProxies = []string{"10.0.0.0/8"}
	}))
	for _, r := range []apitest.Request{
		{Target: "/dev/outbox?to=eva@example.com"},
		{Target: "/dev/oidc/googleplus/.well-known/openid-configuration"},
		{Method: http.MethodPost, Target: "/dev/clock", Body: `{"advance":"1m"}`, Header: map[string]string{"Content-Type": "application/json"}},
	} {
		local := svc.Do(r)
		require.Less(t, local.Code, 300, "%s from loopback: %s", r.Target, local.Body.String())
		for _, remote := range []struct{ addr, xff string }{
			{"192.0.2.10:5000", ""},
			{"[2001:db8::1]:5000", ""},
			{"10.1.2.3:5000", "203.0.113.9"}, // through a trusted proxy, for someone elsewhere
			{"127.0.0.1:5000", "203.0.113.9"},
		} {
			r := r
			r.RemoteAddr = remote.addr
			if remote.xff != "" {
				r.Header = map[string]string{"X-Forwarded-For": remote.xff, "Content-Type": "application/json"}
			}
			rec := svc.Do(r)
			require.Equal(t, http.StatusNotFound, rec.Code, "%s from %s (%s)", r.Target, remote.addr, remote.xff)
		}
	}
}

// TestCrossOriginProtectionOnEveryStateChange: a cross-site browser request is refused on every state-changing
// route, not only /identity/*; requests without Origin and Sec-Fetch-Site (servers: the shop, mail providers)
// pass, and the RFC 8058 one-click unsubscribe stays open to mail providers however they post.
func TestCrossOriginProtectionOnEveryStateChange(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Apps.AccountPortal.Host = "konto.example" }))
	crossSite := map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example", "Content-Type": "application/json"}
	foreignOrigin := map[string]string{"Origin": "https://evil.example", "Content-Type": "application/json"}
	sameOrigin := map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://example.com", "Content-Type": "application/json"}
	appHost := map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "https://konto.example", "Content-Type": "application/json"}
	server := map[string]string{"Content-Type": "application/json", "X-Api-Key": config.DevShopAPIKey}
	refused := func(t *testing.T, method, target string, header map[string]string) bool {
		rec := svc.Do(apitest.Request{Method: method, Target: target, Body: `{}`, Header: header})
		if rec.Code != http.StatusForbidden {
			return false
		}
		var body struct {
			Error struct{ Code string } `json:"error"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		return body.Error.Code == "cross_origin"
	}
	for _, route := range []struct{ method, target string }{
		{http.MethodPost, "/rest/v1/account/login"},
		{http.MethodPut, "/rest/v1/account/registration/verification-email"},
		{http.MethodPost, "/rest/v1/productreminder"},
		{http.MethodDelete, "/rest/v1/productreminder"},
		{http.MethodPost, "/rest/v1/subscriber/regToken/jwt"},
	} {
		require.True(t, refused(t, route.method, route.target, crossSite), "%s %s cross-site", route.method, route.target)
		require.True(t, refused(t, route.method, route.target, foreignOrigin), "%s %s foreign Origin", route.method, route.target)
		require.False(t, refused(t, route.method, route.target, sameOrigin), "%s %s same origin", route.method, route.target)
		require.False(t, refused(t, route.method, route.target, appHost), "%s %s from the app's own host", route.method, route.target)
		require.False(t, refused(t, route.method, route.target, server), "%s %s from a server (no Origin)", route.method, route.target)
	}
	// The identity API refuses in the vendor's envelope (403000), as the contract says.
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login", Body: `{}`, Header: crossSite})
	require.Equal(t, http.StatusForbidden, rec.Code)
	require.Contains(t, rec.Body.String(), `"errorCode":403000`)
	// One-click unsubscribe (RFC 8058): mail providers post without Origin, some from a browser; the signed
	// token in the path authorises it, so it is never refused as cross-origin.
	for _, h := range []map[string]string{
		{"Content-Type": "application/x-www-form-urlencoded"},
		{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site", "Origin": "https://mail.example"},
	} {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/unsubscribe/some.jwt.token", Body: "List-Unsubscribe=One-Click", Header: h})
		require.NotContains(t, rec.Body.String(), "cross_origin", "one-click unsubscribe %v", h)
	}
	// Safe methods are never refused.
	require.False(t, refused(t, http.MethodGet, "/rest/v1/metadata", crossSite))
}

// TestOneCrossOriginRuleForBothAPIs: the REST API and the identity API refuse and let pass the same requests
// (QA robustness round of 2026-11-30: they disagreed on an upper-case Origin and on a foreign Referer without Origin,
// and both let https://… through to the http:// service), and the REST refusal names the header that refused it.
func TestOneCrossOriginRuleForBothAPIs(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Apps.AccountPortal.Host = "konto.example" }))
	for i, tc := range []struct {
		name    string
		header  map[string]string
		refused string // the header the REST answer names; "" passes
	}{
		{"no browser headers (a server)", nil, ""},
		{"own origin", map[string]string{"Origin": "http://portal.test"}, ""},
		{"own origin, fetch metadata", map[string]string{"Origin": "http://portal.test", "Sec-Fetch-Site": "same-origin"}, ""},
		{"the app's trusted host", map[string]string{"Origin": "https://konto.example", "Sec-Fetch-Site": "same-site"}, ""},
		{"foreign Referer without Origin (a server's business)", map[string]string{"Referer": "http://evil.example/x"}, ""},
		{"foreign origin", map[string]string{"Origin": "http://evil.example"}, "Origin"},
		{"opaque origin", map[string]string{"Origin": "null"}, "Origin"},
		{"cross-site by fetch metadata", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site"},
		{"own origin in upper case (no browser writes it so)", map[string]string{"Origin": "HTTP://PORTAL.TEST"}, "Origin"},
		{"own host over https: another origin than the public URL's", map[string]string{"Origin": "https://portal.test"}, "Origin"},
		// Behind a TLS-terminating proxy with http.publicUrl left as http://…: the browser's fetch metadata says
		// same-origin, and the scheme rule gives way to it (code review of 2026-11-30: every POST was refused).
		{"own host over https, fetch metadata same-origin", map[string]string{"Origin": "https://portal.test", "Sec-Fetch-Site": "same-origin"}, ""},
		{"own host on another port", map[string]string{"Origin": "http://portal.test:8443"}, "Origin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			header := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
			for k, v := range tc.header {
				header[k] = v
			}
			rest := svc.Do(apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email",
				Body: fmt.Sprintf("email=a%d%%40example.com", i), Header: header, Host: "portal.test"}) // an address each: 5 mails an hour
			identity := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.getPolicies", Header: header, Host: "portal.test"})
			if tc.refused == "" {
				require.NotEqual(t, http.StatusForbidden, rest.Code, "REST: %s", rest.Body.String())
				require.Equal(t, http.StatusOK, identity.Code, "identity API: %s", identity.Body.String())
				require.Contains(t, identity.Body.String(), `"errorCode":0`)
				return
			}
			require.Equal(t, http.StatusForbidden, rest.Code, "REST: %s", rest.Body.String())
			body := apitest.ErrorBody(t, rest)
			require.Equal(t, "cross_origin", body.Code)
			require.Equal(t, tc.refused, body.Field, "the REST refusal names the header at fault")
			require.Equal(t, http.StatusForbidden, identity.Code, "identity API: %s", identity.Body.String())
			require.Contains(t, identity.Body.String(), `"errorCode":403000`)
		})
	}
}

// TestClientAddressThroughTrustedProxiesOnly: X-Forwarded-For counts only from a configured proxy; the audit log
// shows the address the service believed.
func TestClientAddressThroughTrustedProxiesOnly(t *testing.T) {
	for _, tc := range []struct {
		name, trusted, peer, xff, want string
	}{
		{"no proxy trusted (default)", "", "192.0.2.50:4000", "203.0.113.9", "192.0.2.50"},
		{"loopback is not trusted by default", "", "127.0.0.1:4000", "203.0.113.9", "127.0.0.1"},
		{"from a trusted proxy", "10.0.0.0/8", "10.1.2.3:4000", "203.0.113.9", "203.0.113.9"},
		{"a spoofed hop before the proxy is ignored", "10.0.0.0/8", "10.1.2.3:4000", "198.51.100.1, 203.0.113.9", "203.0.113.9"},
		{"from an untrusted peer", "10.0.0.0/8", "192.0.2.50:4000", "203.0.113.9", "192.0.2.50"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
				if tc.trusted != "" {
					c.HTTP.TrustedProxies = []string{tc.trusted}
				}
			}))
			rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login", RemoteAddr: tc.peer,
				Body:   `{"loginID":"nobody@example.com","password":"Wrong-Passw0rd"}`,
				Header: map[string]string{"Content-Type": "application/json", "X-Forwarded-For": tc.xff}})
			require.Equal(t, http.StatusOK, rec.Code)
			events, err := svc.App.Audit.ByEmail(context.Background(), "nobody@example.com", 10)
			require.NoError(t, err)
			require.Len(t, events, 1)
			require.Equal(t, tc.want, events[0].ClientAddress)
		})
	}
}

// TestClientAddressOverARealConnection: served on a listener, the connection's peer address is put in its context
// once (httpapi.Serve's ConnContext); a request forwarded by a trusted proxy still gets the forwarded address.
func TestClientAddressOverARealConnection(t *testing.T) {
	for _, tc := range []struct{ name, trusted, want string }{
		{"no proxy trusted: the peer", "", "127.0.0.1"},
		{"from a trusted proxy: the forwarded address", "127.0.0.0/8", "203.0.113.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
				if tc.trusted != "" {
					c.HTTP.TrustedProxies = []string{tc.trusted}
				}
			}))
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			ctx, stop := context.WithCancel(context.Background())
			served := make(chan error, 1)
			go func() { served <- httpapi.Serve(ctx, svc.Echo, ln, 5*time.Second) }()
			t.Cleanup(func() { stop(); require.NoError(t, <-served) })

			req, err := http.NewRequest(http.MethodPost, "http://"+ln.Addr().String()+"/identity/accounts.login",
				strings.NewReader(`{"loginID":"nobody@example.com","password":"Wrong-Passw0rd"}`))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", "203.0.113.9")
			res, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			_ = res.Body.Close()
			require.Equal(t, http.StatusOK, res.StatusCode)
			events, err := svc.App.Audit.ByEmail(context.Background(), "nobody@example.com", 10)
			require.NoError(t, err)
			require.Len(t, events, 1)
			require.Equal(t, tc.want, events[0].ClientAddress)
		})
	}
}

func TestTrustedProxiesAreValidated(t *testing.T) {
	c := config.Default()
	c.HTTP.TrustedProxies = []string{"10.0.0.0/8", "192.0.2.7", "not-a-range"}
	require.ErrorContains(t, c.Validate(), "http.trustedProxies")
}
