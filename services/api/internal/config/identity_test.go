package config_test

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
)

func TestIdentityDefaults(t *testing.T) {
	isolate(t)
	cfg, err := config.Load(config.Sources{})
	require.NoError(t, err)
	require.True(t, cfg.Identity.Social.DevIssuer)
	require.Equal(t, 10*time.Second, cfg.Identity.CDC.Timeout)
	for name, p := range cfg.Identity.Social.Providers.ByName() {
		require.True(t, p.Enabled, name)
		require.Empty(t, p.ClientID, name)
		require.Contains(t, p.Scopes, "openid", name)
	}
	require.Equal(t, "https://accounts.google.com", cfg.Identity.Social.Providers.GooglePlus.Issuer)
	require.Equal(t, "form_post", cfg.Identity.Social.Providers.Apple.ResponseMode)

	require.Equal(t, "portal_session", cfg.Identity.Embedded.Session.CookieName)

	configtest.SetProduction(t)
	cfg, err = config.Load(config.Sources{})
	require.NoError(t, err, "production without social client ids: providers are simply disabled")
	require.Equal(t, "__Host-portal_session", cfg.Identity.Embedded.Session.CookieName, "a sibling subdomain can neither set nor shadow it")
	// The operator's own name keeps the protection too (operator round: my_sess lost the prefix without a word).
	t.Setenv("PORTAL_IDENTITY_EMBEDDED_SESSION_COOKIENAME", "shop_session")
	cfg, err = config.Load(config.Sources{})
	require.NoError(t, err)
	require.Equal(t, "__Host-shop_session", cfg.Identity.Embedded.Session.CookieName, "the operator's own name gets the prefix")
	t.Setenv("PORTAL_IDENTITY_EMBEDDED_SESSION_COOKIENAME", "__Host-shop_session")
	cfg, err = config.Load(config.Sources{})
	require.NoError(t, err)
	require.Equal(t, "__Host-shop_session", cfg.Identity.Embedded.Session.CookieName, "a name with the prefix stays")
}

func TestIdentityFromEnvironment(t *testing.T) {
	isolate(t)
	t.Setenv("PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTID", "g-client")
	t.Setenv("PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTSECRET", "g-secret")
	t.Setenv("PORTAL_IDENTITY_SOCIAL_PROVIDERS_FACEBOOK_ENABLED", "false")
	t.Setenv("PORTAL_IDENTITY_CDC_USERKEY", "AUserKey")
	t.Setenv("PORTAL_IDENTITY_CDC_SECRET", "cdc-secret-value")
	t.Setenv("PORTAL_IDENTITY_CDC_DATACENTER", "eu1")
	t.Setenv("PORTAL_IDENTITY_CDC_TIMEOUT", "3s")
	t.Setenv("PORTAL_IDENTITY_SOCIAL_STATESECRET", "0123456789abcdef0123456789abcdef")
	cfg, err := config.Load(config.Sources{})
	require.NoError(t, err)
	require.Equal(t, "g-client", cfg.Identity.Social.Providers.GooglePlus.ClientID)
	require.False(t, cfg.Identity.Social.Providers.Facebook.Enabled)
	require.Equal(t, "eu1", cfg.Identity.CDC.DataCenter)
	require.Equal(t, 3*time.Second, cfg.Identity.CDC.Timeout)

	b, err := json.Marshal(cfg.Masked())
	require.NoError(t, err)
	for _, secret := range []string{"g-secret", "cdc-secret-value", "0123456789abcdef0123456789abcdef"} {
		require.NotContains(t, string(b), secret)
	}
}

func TestIdentityValidation(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"client id without secret", map[string]string{"PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTID": "g"},
			"config: identity.social.providers.googleplus.clientSecret:"},
		{"http token url in production", map[string]string{
			"PORTAL_ENV": "production", "PORTAL_IDENTITY_SOCIAL_PROVIDERS_APPLE_CLIENTID": "a", "PORTAL_IDENTITY_SOCIAL_PROVIDERS_APPLE_CLIENTSECRET": "s",
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_APPLE_TOKENURL": "http://127.0.0.1:9/token",
		}, "config: identity.social.providers.apple.tokenUrl:"},
		{"relative dev issuer path as a real provider", map[string]string{
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_FACEBOOK_CLIENTID": "f", "PORTAL_IDENTITY_SOCIAL_PROVIDERS_FACEBOOK_CLIENTSECRET": "s",
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_FACEBOOK_JWKSURL": "/dev/oidc/facebook/jwks",
		}, "config: identity.social.providers.facebook.jwksUrl:"},
		{"scopes without openid", map[string]string{
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTID": "g", "PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTSECRET": "s",
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_SCOPES": "email",
		}, "config: identity.social.providers.googleplus.scopes:"},
		{"bad response mode", map[string]string{
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_APPLE_CLIENTID": "a", "PORTAL_IDENTITY_SOCIAL_PROVIDERS_APPLE_CLIENTSECRET": "s",
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_APPLE_RESPONSEMODE": "fragment",
		}, "config: identity.social.providers.apple.responseMode:"},
		{"short state secret", map[string]string{"PORTAL_IDENTITY_SOCIAL_STATESECRET": "short"}, "config: identity.social.stateSecret:"},
		{"production social login without a shared state secret", map[string]string{"PORTAL_ENV": "production",
			"PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTID": "g", "PORTAL_IDENTITY_SOCIAL_PROVIDERS_GOOGLEPLUS_CLIENTSECRET": "s",
		}, "config: identity.social.stateSecret: is required when env is \"production\""},
		{"bad data centre", map[string]string{"PORTAL_IDENTITY_CDC_DATACENTER": "europe-1"}, "config: identity.cdc.dataCenter:"},
		{"bad cdc base url", map[string]string{"PORTAL_IDENTITY_CDC_BASEURL": "accounts.example.com"}, "config: identity.cdc.baseUrl:"},
		{"plain http cdc base url in production", map[string]string{"PORTAL_ENV": "production", "PORTAL_IDENTITY_CDC_BASEURL": "http://cdc-proxy.internal"}, "config: identity.cdc.baseUrl: must use https"},
		{"zero timeout", map[string]string{"PORTAL_IDENTITY_CDC_TIMEOUT": "0s"}, "config: identity.cdc.timeout:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

// TestConsentLanguages: a legal statement's lang is a language or a language with its country, each once, whatever
// its case: the shopper's tag is looked up in that form (contract.StatementLanguage), so another one was accepted and
// never found (a Belgian page linked another country's document, QA market round).
func TestConsentLanguages(t *testing.T) {
	consents := func(langs ...string) string {
		yaml := "identity:\n  embedded:\n    consents:\n      - id: privacy.aec\n        isActive: true\n        legalStatements:\n"
		for _, lang := range langs {
			yaml += "          - { lang: " + lang + ", currentDocVersion: 1, minDocVersion: 1, documentUrl: /privacy-" + lang + ".html }\n"
		}
		return yaml
	}
	load := func(t *testing.T, yaml string) (config.Config, error) {
		dir := isolate(t)
		path := filepath.Join(dir, "portal.yaml")
		writeFile(t, path, yaml)
		return config.Load(config.Sources{ConfigFile: path})
	}
	t.Run("languages with and without their country, in any case", func(t *testing.T) {
		_, err := load(t, consents("de", "nl", "nl-BE", "fr_be", "DE-LU"))
		require.NoError(t, err)
	})
	for name, tc := range map[string]struct {
		langs   []string
		wantErr string
	}{
		"a country of three letters": {[]string{"de", "nl-BEL"}, `lang "nl-BEL" must be a language (nl) or a language and its country (nl-BE)`},
		"a language name":            {[]string{"deutsch"}, `lang "deutsch" must be a language`},
		"no language":                {[]string{`""`}, `lang "" must be a language`},
		"one language twice":         {[]string{"nl-BE", "nl-be"}, `lang "nl-be" is there twice`},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := load(t, consents(tc.langs...))
			require.ErrorContains(t, err, "config: identity.embedded.consents: legal statement of privacy.aec: "+tc.wantErr)
		})
	}
}
