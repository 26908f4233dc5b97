package app_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

func TestCDCSettingsFallBackToPublicMetadata(t *testing.T) {
	cfg := config.Default()
	cfg.Metadata.Identity.CDC.APIKey = "3_public"
	cfg.Metadata.Identity.CDC.DataCenter = "us1"
	cfg.Identity.CDC.UserKey = "u"
	cfg.Identity.CDC.Secret = "s"
	got := app.CDCSettings(cfg)
	require.Equal(t, "3_public", got.APIKey)
	require.Equal(t, "us1", got.DataCenter)
	require.Equal(t, 10*time.Second, got.Timeout)

	cfg.Identity.CDC.APIKey = "3_server"
	cfg.Identity.CDC.DataCenter = "eu1"
	got = app.CDCSettings(cfg)
	require.Equal(t, "3_server", got.APIKey)
	require.Equal(t, "eu1", got.DataCenter)
}

func TestDevClockEnabledOnlyOutsideProduction(t *testing.T) {
	cfg := config.Default()
	require.False(t, app.DevClockEnabled(cfg), "off by default")
	cfg.Dev.Clock.Enabled = true
	require.True(t, app.DevClockEnabled(cfg))
	cfg.Env = config.EnvProduction
	require.False(t, app.DevClockEnabled(cfg), "never in production, even if validation was bypassed")
}

func TestQAModeOnlyForTheFakeOutsideProduction(t *testing.T) {
	cfg := config.Default()
	require.False(t, app.QAModeEnabled(cfg), "the embedded provider by default")
	cfg.Metadata.Identity.Provider = "fake"
	require.True(t, app.QAModeEnabled(cfg))
	cfg.Env = config.EnvProduction
	require.False(t, app.QAModeEnabled(cfg), "never in production, even if validation was bypassed")
}

func TestDevIssuerNeverInProduction(t *testing.T) {
	cfg := config.Default()
	require.True(t, cfg.DevIssuerEnabled())
	cfg.Env = config.EnvProduction
	require.False(t, cfg.DevIssuerEnabled())

	// The service as wired for production serves no development issuer.
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Env = config.EnvProduction }))
	require.Equal(t, http.StatusNotFound, s.Get("/dev/oidc/googleplus/.well-known/openid-configuration").Code)
	s = apitest.New(t)
	require.Equal(t, http.StatusOK, s.Get("/dev/oidc/googleplus/.well-known/openid-configuration").Code)
}

func TestSocialProvidersFromConfig(t *testing.T) {
	tests := []struct {
		name      string
		configure func(*config.Config)
		want      map[string]bool // provider -> played by the dev issuer
	}{
		{"development defaults use the dev issuer", func(*config.Config) {}, map[string]bool{"apple": true, "googleplus": true, "facebook": true}},
		{"production without client ids has none", func(c *config.Config) { c.Env = config.EnvProduction }, map[string]bool{}},
		{"production with one client id", func(c *config.Config) {
			c.Env = config.EnvProduction
			c.Identity.Social.Providers.GooglePlus.ClientID = "g-client"
			c.Identity.Social.Providers.GooglePlus.ClientSecret = "g-secret"
			c.Identity.Social.StateSecret = strings.Repeat("s", 32)
		}, map[string]bool{"googleplus": false}},
		{"dev issuer switched off", func(c *config.Config) { c.Identity.Social.DevIssuer = false }, map[string]bool{}},
		{"disabled provider", func(c *config.Config) { c.Identity.Social.Providers.Facebook.Enabled = false }, map[string]bool{"apple": true, "googleplus": true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.Default()
			tc.configure(&cfg)
			got := map[string]bool{}
			for name, p := range app.SocialSettings(cfg).Providers {
				got[name] = p.Dev
				if p.Dev {
					require.Equal(t, "/dev/oidc/"+name, p.Issuer)
				} else {
					require.True(t, strings.HasPrefix(p.Issuer, "https://"))
				}
			}
			require.Equal(t, tc.want, got)

			// The apps offer exactly these (QA: a production without client ids showed three buttons, each 500023).
			svc := apitest.New(t, apitest.WithConfig(tc.configure))
			var doc struct {
				Identity struct {
					SocialProviders []string `json:"socialProviders"`
				} `json:"identity"`
			}
			require.NoError(t, json.Unmarshal(svc.Get("/rest/v1/metadata").Body.Bytes(), &doc))
			require.ElementsMatch(t, slices.Collect(maps.Keys(tc.want)), doc.Identity.SocialProviders)
		})
	}
}

// With the vendor's identity provider the vendor holds the client ids: every enabled provider is offered, in the
// buttons' order, also in production.
func TestVendorSocialLoginsOfferedWhenEnabled(t *testing.T) {
	cfg := config.Default()
	cfg.Env = config.EnvProduction
	cfg.Metadata.Identity.Provider = "cdc"
	require.Equal(t, []string{"apple", "googleplus", "facebook"}, cfg.OfferedSocialLogins())
	cfg.Identity.Social.Providers.Apple.Enabled = false
	require.Equal(t, []string{"googleplus", "facebook"}, cfg.OfferedSocialLogins())
}

func TestSocialSettingsFromConfig(t *testing.T) {
	cfg := config.Default()
	cfg.HTTP.PublicURL = "https://konto.example.com"
	cfg.Apps.PreferenceCentre.Host = "praeferenzen.example.com"
	cfg.Identity.Social.StateSecret = strings.Repeat("s", 32)
	got := app.SocialSettings(cfg)
	require.Equal(t, "https://konto.example.com", got.PublicURL)
	require.Equal(t, []string{"", "praeferenzen.example.com"}, got.AppHosts)
	require.Equal(t, cfg.Identity.Social.StateSecret, got.StateSecret)
	require.False(t, got.Production)
}

func TestLinkSettingsFromConfig(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	configured := config.Default()
	configured.Subscribers.JWT.Keys = []config.SigningKey{{KID: "k1", Secret: strings.Repeat("1", 32)}, {KID: "k0", Secret: strings.Repeat("0", 32)}}
	production := config.Default()
	production.Env = config.EnvProduction

	tests := []struct {
		name    string
		cfg     config.Config
		wantIDs []string
		wantErr error
	}{
		{name: "configured keys in order", cfg: configured, wantIDs: []string{"k1", "k0"}},
		{name: "development without keys uses the stored key", cfg: config.Default(), wantIDs: []string{"development"}},
		{name: "production without keys", cfg: production, wantErr: subscribers.ErrNoSigningKey},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			settings := app.LinkSettings(tc.cfg)
			require.Equal(t, "portal", settings.Issuer)
			require.Equal(t, "preference-centre", settings.Audience)
			keys, err := subscribers.Keys(ctx, settings, db)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			ids := make([]string, 0, len(keys))
			for _, k := range keys {
				ids = append(ids, k.ID)
			}
			require.Equal(t, tc.wantIDs, ids)
		})
	}
}

// TestConsentStatementsFromConfig: configured statements are kept under the form the provider looks a shopper's tag
// up in, so a Belgian page gets the nl-BE statement, not the first one there is (QA market round: the nl-BE page
// linked the French document).
func TestConsentStatementsFromConfig(t *testing.T) {
	cfg := config.Default()
	cfg.Identity.Embedded.Consents = []config.IdentityConsent{{ID: "privacy.aec", IsActive: true, IsMandatory: true, LegalStatements: []config.IdentityLegalStatement{
		{Lang: "fr-BE", CurrentDocVersion: 1, MinDocVersion: 1, DocumentURL: "https://www.example.com/fr-be/vie-privee"},
		{Lang: "nl_BE", CurrentDocVersion: 1, MinDocVersion: 1, DocumentURL: "https://www.example.com/nl-be/privacy"},
	}}}
	settings := app.EmbeddedSettings(cfg)
	require.NoError(t, settings.Validate())
	require.Len(t, settings.Consents, 1)
	require.ElementsMatch(t, []string{"fr-be", "nl-be"}, slices.Collect(maps.Keys(settings.Consents[0].LegalStatements)))
	_, statement := settings.Consents[0].Statement("nl-BE")
	require.Equal(t, "https://www.example.com/nl-be/privacy", statement.DocumentURL)
}
