package sso_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

// discoveredIssuer answers the issuer and the authorisation endpoint the discovery document names to a request
// with the Host header host.
func discoveredIssuer(t *testing.T, svc *apitest.Service, host string) (issuer, authorize string) {
	t.Helper()
	rec := svc.Do(apitest.Request{Target: "/oidc/.well-known/openid-configuration", Host: host})
	require.Equal(t, http.StatusOK, rec.Code, host)
	var doc struct {
		Issuer    string `json:"issuer"`
		Authorize string `json:"authorization_endpoint"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc), host)
	return doc.Issuer, doc.Authorize
}

// The issuer follows which of the service's own hosts a request came to, but is always that host as configured:
// OpenID Connect Discovery 1.0 §4.3 wants the document's issuer exactly the one the partner configured, and the
// request's Host header is the caller's to write (QA security round: Host: konto.example.de:1 gave
// https://konto.example.de:1/oidc and every endpoint on port 1, KONTO.Example.DE an issuer in that spelling).
func TestIssuerIsTheConfiguredSpellingOfTheHostAsked(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Env = config.EnvProduction
		c.HTTP.PublicURL = "https://konto.example.de"
		c.Apps.PreferenceCentre.Host = "newsletter.example.de"
	}))
	for host, want := range map[string]string{
		"konto.example.de":           "https://konto.example.de/oidc",
		"konto.example.de:1":         "https://konto.example.de/oidc",
		"konto.example.de:443":       "https://konto.example.de/oidc",
		"KONTO.Example.DE":           "https://konto.example.de/oidc",
		"Konto.Example.De:8443":      "https://konto.example.de/oidc",
		"newsletter.example.de":      "https://newsletter.example.de/oidc",
		"NEWSLETTER.example.de:1":    "https://newsletter.example.de/oidc",
		"elsewhere.example":          "https://konto.example.de/oidc",
		"localhost:1":                "https://konto.example.de/oidc",
		"konto.example.de.evil.test": "https://konto.example.de/oidc",
	} {
		issuer, authorize := discoveredIssuer(t, svc, host)
		require.Equal(t, want, issuer, host)
		require.Equal(t, want+"/authorize", authorize, host)
	}
}

// On a loopback public URL (make run's http://localhost:8080) the issuer follows the loopback name a partner asked
// (the demo partner opened at 127.0.0.1), on the public URL's port and in lower case, as with any other host.
func TestLoopbackIssuerKeepsTheNameAskedOnTheConfiguredPort(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.HTTP.PublicURL = "http://localhost:8080" }))
	for host, want := range map[string]string{
		"localhost:8080": "http://localhost:8080/oidc",
		"LOCALHOST:8080": "http://localhost:8080/oidc",
		"localhost:1":    "http://localhost:8080/oidc",
		"127.0.0.1:8080": "http://127.0.0.1:8080/oidc",
		"127.0.0.1:1":    "http://127.0.0.1:8080/oidc",
		"[::1]:1":        "http://[::1]:8080/oidc",
		"portal.test":    "http://localhost:8080/oidc",
	} {
		issuer, _ := discoveredIssuer(t, svc, host)
		require.Equal(t, want, issuer, host)
	}
}
