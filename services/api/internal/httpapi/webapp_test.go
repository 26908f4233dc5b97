package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

const (
	accountPortalIndex    = "account portal"
	preferenceCentreIndex = "preference centre"
	immutable             = "public, max-age=31536000, immutable"
)

func TestWebAppRouting(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		host       string
		target     string
		hosts      config.Apps
		publicURL  string
		wantStatus int
		wantBody   string
		wantType   string
		wantCache  string
		wantGoTo   string
	}{
		{name: "root", target: "/", wantStatus: 200, wantBody: accountPortalIndex, wantType: "text/html; charset=utf-8", wantCache: "no-cache"},
		{name: "index.html", target: "/index.html", wantStatus: 200, wantBody: accountPortalIndex, wantCache: "no-cache"},
		{name: "history fallback", target: "/registration/finalize?regToken=abc", wantStatus: 200, wantBody: accountPortalIndex, wantCache: "no-cache"},
		{name: "error route", target: "/error/notfound", wantStatus: 200, wantBody: accountPortalIndex},
		{name: "root static file", target: "/favicon.svg", wantStatus: 200, wantType: "image/svg+xml", wantCache: "no-cache"},
		{name: "hashed script", target: "/assets/index-AbC123.js", wantStatus: 200, wantType: "text/javascript; charset=utf-8", wantCache: immutable},
		{name: "hashed stylesheet", target: "/assets/index-AbC123.css", wantStatus: 200, wantType: "text/css; charset=utf-8", wantCache: immutable},
		{name: "missing asset", target: "/assets/missing-123.js", wantStatus: 404},
		{name: "missing preferences asset", target: "/preferences/assets/missing.js", wantStatus: 404},
		{name: "preferences", target: "/preferences", wantStatus: 200, wantBody: preferenceCentreIndex, wantCache: "no-cache"},
		{name: "preferences slash", target: "/preferences/", wantStatus: 200, wantBody: preferenceCentreIndex},
		{name: "preferences with token", target: "/preferences/newsletter?token=eyJ", wantStatus: 200, wantBody: preferenceCentreIndex},
		{name: "preferences error page", target: "/preferences/error/notfound", wantStatus: 200, wantBody: preferenceCentreIndex},
		{name: "preferences asset", target: "/preferences/assets/index-DeF456.js", wantStatus: 200, wantType: "text/javascript; charset=utf-8", wantCache: immutable},
		{name: "unsubscribe success", target: "/unsubscribe-success", wantStatus: 200, wantBody: preferenceCentreIndex},
		{name: "HEAD works like GET", method: http.MethodHead, target: "/preferences/", wantStatus: 200, wantCache: "no-cache"},
		{name: "POST is not allowed", method: http.MethodPost, target: "/", wantStatus: 405},
		{
			name: "preference host serves its app on every path", host: "prefs.example.com", target: "/error/notfound",
			hosts: config.Apps{PreferenceCentre: config.AppHost{Host: "prefs.example.com"}}, wantStatus: 200, wantBody: preferenceCentreIndex,
		},
		{
			name: "preference host with port", host: "prefs.example.com:8443", target: "/preferences/assets/index-DeF456.js",
			hosts: config.Apps{PreferenceCentre: config.AppHost{Host: "prefs.example.com"}}, wantStatus: 200, wantCache: immutable,
		},
		{
			// Links built on the public URL (the account portal's host) open the centre on its own host.
			name: "a preference centre link on the other host goes to the centre's", host: "konto.example.com", target: "/preferences/token/eyJ?lang=fr",
			hosts:      config.Apps{AccountPortal: config.AppHost{Host: "konto.example.com"}, PreferenceCentre: config.AppHost{Host: "prefs.example.com"}},
			wantStatus: 307, wantGoTo: "http://prefs.example.com/preferences/token/eyJ?lang=fr",
		},
		{
			name: "keeping a development port", host: "konto.example.com:8807", target: "/preferences/double-opt-in-done",
			hosts:      config.Apps{AccountPortal: config.AppHost{Host: "konto.example.com"}, PreferenceCentre: config.AppHost{Host: "prefs.example.com"}},
			wantStatus: 307, wantGoTo: "http://prefs.example.com:8807/preferences/double-opt-in-done",
		},
		{
			// A shopper who shortens a link on the centre's host to an account page gets the account portal.
			name: "an account page on the preference host goes to the account portal's", host: "prefs.example.com", target: "/personaldata?x=1",
			hosts:      config.Apps{AccountPortal: config.AppHost{Host: "konto.example.com"}, PreferenceCentre: config.AppHost{Host: "prefs.example.com"}},
			wantStatus: 307, wantGoTo: "http://konto.example.com/personaldata?x=1",
		},
		{
			name: "bound app is not served on an unknown host", host: "elsewhere.example.com", target: "/preferences/",
			hosts: config.Apps{PreferenceCentre: config.AppHost{Host: "prefs.example.com"}}, wantStatus: 307, wantGoTo: "http://prefs.example.com/preferences/",
		},
		{
			// A mail link names http.publicUrl, which may be neither app's host.
			name: "a page of a bound account portal opens on its host", host: "www.example.com", target: "/login/reset-password?pwrt=abc&lang=fr",
			hosts: config.Apps{AccountPortal: config.AppHost{Host: "konto.example.com"}}, wantStatus: 307, wantGoTo: "http://konto.example.com/login/reset-password?pwrt=abc&lang=fr",
		},
		{
			name: "its files are not served on another host", host: "elsewhere.example.com", target: "/assets/missing.js",
			hosts: config.Apps{AccountPortal: config.AppHost{Host: "konto.example.com"}}, wantStatus: 404,
		},
		{
			name: "API stays on a bound host", host: "prefs.example.com", target: "/rest/v1/metadata",
			hosts: config.Apps{PreferenceCentre: config.AppHost{Host: "prefs.example.com"}}, wantStatus: 200, wantType: "application/json",
		},
		{
			// make run listens on 127.0.0.1 and prints localhost: the one origin of the session, social login and passkeys.
			name: "a page on a loopback address opens on the public URL's localhost", host: "127.0.0.1:8080", target: "/login?lang=fr",
			publicURL: "http://localhost:8080", wantStatus: 307, wantGoTo: "http://localhost:8080/login?lang=fr",
		},
		{
			name: "and so does the preference centre's", host: "[::1]:8080", target: "/preferences/token/eyJ?lang=nl",
			publicURL: "http://localhost:8080", wantStatus: 307, wantGoTo: "http://localhost:8080/preferences/token/eyJ?lang=nl",
		},
		{
			name: "the API answers on a loopback address", host: "127.0.0.1:8080", target: "/rest/v1/metadata",
			publicURL: "http://localhost:8080", wantStatus: 200, wantType: "application/json",
		},
		{
			name: "a loopback address with a public URL elsewhere serves its pages", host: "127.0.0.1:8080", target: "/login",
			publicURL: "https://konto.example.com", wantStatus: 200, wantBody: accountPortalIndex,
		},
		{
			name: "localhost itself serves its pages", host: "localhost:8080", target: "/login",
			publicURL: "http://localhost:8080", wantStatus: 200, wantBody: accountPortalIndex,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
				c.Apps = tc.hosts
				if tc.publicURL != "" {
					c.HTTP.PublicURL = tc.publicURL
				}
			}))
			rec := svc.Do(apitest.Request{Method: tc.method, Target: tc.target, Host: tc.host})
			require.Equal(t, tc.wantStatus, rec.Code, rec.Body.String())
			if tc.wantGoTo != "" {
				require.Equal(t, tc.wantGoTo, rec.Header().Get("Location"))
				return
			}
			if tc.wantStatus >= 400 {
				if tc.method != http.MethodHead {
					apitest.ErrorBody(t, rec)
				}
				return
			}
			if tc.wantBody != "" {
				require.Contains(t, rec.Body.String(), tc.wantBody)
			}
			if tc.method == http.MethodHead {
				require.Empty(t, rec.Body.Bytes())
			}
			if tc.wantType != "" {
				require.Equal(t, tc.wantType, rec.Header().Get("Content-Type"))
			}
			if tc.wantCache != "" {
				require.Equal(t, tc.wantCache, rec.Header().Get("Cache-Control"))
			}
		})
	}
}

func TestWebAppConditionalAndCompressed(t *testing.T) {
	svc := apitest.New(t)
	first := svc.Get("/assets/index-AbC123.js")
	require.Equal(t, http.StatusOK, first.Code)
	etag := first.Header().Get("ETag")
	require.NotEmpty(t, etag)

	notModified := svc.Do(apitest.Request{Target: "/assets/index-AbC123.js", Header: map[string]string{"If-None-Match": etag, "Accept-Encoding": "gzip"}})
	require.Equal(t, http.StatusNotModified, notModified.Code)
	require.Empty(t, notModified.Body.Bytes())

	gz := svc.Do(apitest.Request{Target: "/assets/index-AbC123.js", Header: map[string]string{"Accept-Encoding": "gzip"}})
	require.Equal(t, http.StatusOK, gz.Code)
	require.Equal(t, "gzip", gz.Header().Get("Content-Encoding"))
	require.Less(t, gz.Body.Len(), first.Body.Len())

	png := svc.Do(apitest.Request{Target: "/assets/logo-XyZ.png", Header: map[string]string{"Accept-Encoding": "gzip"}})
	require.Equal(t, http.StatusOK, png.Code)
	require.Empty(t, png.Header().Get("Content-Encoding"), "already-compressed formats are sent as they are")
}

func TestWebAppNotBuilt(t *testing.T) {
	svc := apitest.New(t, apitest.WithApps(fstest.MapFS{".keep": {Data: []byte{}}}))
	for _, target := range []string{"/", "/preferences/", "/assets/index.js"} {
		t.Run(target, func(t *testing.T) {
			rec := svc.Get(target)
			require.Equal(t, http.StatusServiceUnavailable, rec.Code)
			body := apitest.ErrorBody(t, rec)
			require.Equal(t, "app_not_built", body.Code)
			require.Contains(t, body.Message, "make build")
		})
	}
	require.Equal(t, http.StatusOK, svc.Get("/healthz").Code, "the API works without the apps")
}

// Pages get the full set of security headers; the JSON API (/rest, /cms, the identity API's calls) gets those that
// protect an API answer and not those only a document reads (issue 16; the identity API's calls had the pages' set,
// QA security round). The identity paths a browser navigates to (the social login's start, a mail link) answer with
// redirects and keep the pages' set: the start's Referrer-Policy holds for the redirect to the social provider.
func TestSecurityHeaders(t *testing.T) {
	tests := []struct {
		name     string
		env      string
		target   string
		api      bool
		wantHSTS bool
		method   string
	}{
		{"identity call in production", config.EnvProduction, "/identity/accounts.getPolicies", true, true, http.MethodPost},
		{"identity call's refusal in development", config.EnvDevelopment, "/identity/accounts.login", true, false, http.MethodPost},
		{"social login start in development", config.EnvDevelopment, "/identity/social/googleplus/start?redirectURL=/login", false, false, http.MethodGet},
		{"app page in development", config.EnvDevelopment, "/", false, false, http.MethodGet},
		{"error in development", config.EnvDevelopment, "/identity/nope", false, false, http.MethodGet},
		{"app page in production", config.EnvProduction, "/preferences/", false, true, http.MethodGet},
		{"development aid in production", config.EnvProduction, "/dev/outbox", false, true, http.MethodGet},
		{"API answer in development", config.EnvDevelopment, "/rest/v1/metadata", true, false, http.MethodGet},
		{"region answer in production", config.EnvProduction, "/rest/v1/region?zip=20095", true, true, http.MethodGet},
		{"API error in development", config.EnvDevelopment, "/rest/v1/nope", true, false, http.MethodGet},
		{"content error in production", config.EnvProduction, "/cms/BAD/de_DE.json", true, true, http.MethodGet},
	}
	documentOnly := []string{"Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Env = tc.env }))
			h := svc.Do(apitest.Request{Method: tc.method, Target: tc.target}).Header()
			require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
			require.Equal(t, "DENY", h.Get("X-Frame-Options"))
			require.Equal(t, tc.wantHSTS, h.Get("Strict-Transport-Security") != "")
			csp := h.Get("Content-Security-Policy")
			if tc.api {
				require.Equal(t, "default-src 'none'; frame-ancestors 'none'", csp)
				for _, name := range documentOnly {
					require.Empty(t, h.Get(name), name)
				}
				return
			}
			require.Contains(t, csp, "default-src 'self'")
			require.Contains(t, csp, "frame-ancestors 'none'")
			require.Contains(t, csp, "object-src 'none'")
			for _, directive := range strings.Split(csp, ";") {
				if strings.HasPrefix(strings.TrimSpace(directive), "script-src") {
					require.NotContains(t, directive, "unsafe-inline")
					require.NotContains(t, directive, "unsafe-eval")
				}
			}
			require.Equal(t, "strict-origin-when-cross-origin", h.Get("Referrer-Policy"))
			require.NotEmpty(t, h.Get("Permissions-Policy"))
			require.Equal(t, "same-origin", h.Get("Cross-Origin-Opener-Policy"))
		})
	}
}

func TestContentSecurityPolicyAdditions(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.HTTP.CSP.ScriptSrc = []string{"https://cdns.gigya.com"}
		c.HTTP.CSP.ConnectSrc = []string{"https://accounts.eu1.gigya.com"}
	}))
	csp := svc.Get("/").Header().Get("Content-Security-Policy")
	require.Contains(t, csp, "script-src 'self' https://cdns.gigya.com;")
	require.Contains(t, csp, "connect-src 'self' https://accounts.eu1.gigya.com;")
}

// The consent manager and the tag manager are third parties: the policy opens for them only while metadata
// names them, and only for their origins (issue 10).
func TestContentSecurityPolicyOpensForConfiguredConsentAndTagManagers(t *testing.T) {
	directive := func(csp, name string) string {
		for _, d := range strings.Split(csp, "; ") {
			if strings.HasPrefix(d, name+" ") {
				return d
			}
		}
		return ""
	}
	for name, tc := range map[string]struct {
		configure            func(*config.Config)
		wantScript, wantConn string
	}{
		"nothing third-party by default": {func(*config.Config) {}, "script-src 'self'", "connect-src 'self'"},
		"the consent manager": {func(c *config.Config) { c.Metadata.UserCentrics.SettingsID = "AbC123" },
			"script-src 'self' https://*.usercentrics.eu", "connect-src 'self' https://*.usercentrics.eu"},
		"the tag manager's launch origin and its configured sources": {func(c *config.Config) {
			c.Metadata.AdobeTagManager.LaunchURL = "https://assets.adobedtm.com/abc/launch-xyz.min.js"
			c.HTTP.CSP.TagManager = []string{"https://*.omtrdc.net"}
		}, "script-src 'self' https://assets.adobedtm.com https://*.omtrdc.net", "connect-src 'self' https://assets.adobedtm.com https://*.omtrdc.net"},
		"configured consent-manager sources replace the default": {func(c *config.Config) {
			c.Metadata.UserCentrics.SettingsID = "AbC123"
			c.HTTP.CSP.ConsentManager = []string{"https://consent.retailer.example"}
		}, "script-src 'self' https://consent.retailer.example", "connect-src 'self' https://consent.retailer.example"},
		"tag-manager sources stay shut without a launch URL": {func(c *config.Config) { c.HTTP.CSP.TagManager = []string{"https://*.omtrdc.net"} },
			"script-src 'self'", "connect-src 'self'"},
	} {
		t.Run(name, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(tc.configure))
			csp := svc.Get("/login").Header().Get("Content-Security-Policy")
			require.Equal(t, tc.wantScript, directive(csp, "script-src"), csp)
			require.Equal(t, tc.wantConn, directive(csp, "connect-src"), csp)
			require.NotContains(t, csp, "unsafe")
		})
	}
}

// With metadata naming the consent manager (and the tag manager), both apps' pages start it through one
// same-origin script; without, the pages carry nothing of it (issue 10).
func TestPagesStartTheConsentManagerOnlyWhenConfigured(t *testing.T) {
	plain := apitest.New(t)
	for _, path := range []string{"/login", "/preferences/"} {
		rec := plain.Get(path)
		require.Equal(t, http.StatusOK, rec.Code)
		require.NotContains(t, rec.Body.String(), "consent.js", path)
	}

	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Metadata.UserCentrics.SettingsID = "AbC123"
		c.Metadata.AdobeTagManager.LaunchURL = "https://assets.adobedtm.com/abc/launch-xyz.min.js"
	}))
	for _, path := range []string{"/login", "/personaldata", "/preferences/"} {
		rec := svc.Get(path)
		require.Equal(t, http.StatusOK, rec.Code)
		require.Contains(t, rec.Body.String(), `<script src="/third-party/consent.js" data-consent-manager="https://web.cmp.usercentrics.eu/ui/loader.js" data-settings-id="AbC123" data-launch-url="https://assets.adobedtm.com/abc/launch-xyz.min.js" async></script></head>`, path)
	}
	rec := svc.Get("/third-party/consent.js")
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Header().Get("Content-Type"), "javascript")
	require.Contains(t, rec.Body.String(), "UC_CONSENT")
	require.NotEmpty(t, rec.Header().Get("ETag"))
}

// TestRootFilesThroughTheService: robots.txt and favicon.ico come back as themselves with their types, an unknown
// root file is a 404, never the app's page.
func TestRootFilesThroughTheService(t *testing.T) {
	svc := apitest.New(t)
	robots := svc.Get("/robots.txt")
	require.Equal(t, http.StatusOK, robots.Code)
	require.Equal(t, "text/plain; charset=utf-8", robots.Header().Get("Content-Type"))
	require.Contains(t, robots.Body.String(), "Disallow: /")
	icon := svc.Get("/favicon.ico")
	require.Equal(t, http.StatusOK, icon.Code)
	require.Equal(t, "image/x-icon", icon.Header().Get("Content-Type"))
	for _, path := range []string{"/foo.txt", "/sitemap.xml", "/.well-known/security.txt"} {
		rec := svc.Get(path)
		require.Equal(t, http.StatusNotFound, rec.Code, path)
		require.NotContains(t, rec.Body.String(), "<html", path)
	}
	require.Contains(t, svc.Get("/preferences/token/eyJh.eyJz.c2ln").Body.String(), "preference centre")
}
