package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/metadata"
)

func TestMetadataDefaults(t *testing.T) {
	svc := apitest.New(t)
	rec := svc.Get("/rest/v1/metadata")
	require.Equal(t, http.StatusOK, rec.Code)
	require.Equal(t, "no-cache", rec.Header().Get("Cache-Control"))
	require.Contains(t, rec.Header().Get("Content-Type"), "application/json")

	var doc map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	want := map[string]any{
		"locales":                   []any{"de_DE", "en_GB", "fr_FR", "nl_NL", "es_ES", "pl_PL", "pt_PT", "nl_BE", "fr_BE", "fr_LU", "de_LU"},
		"defaultLocale":             "de_DE",
		"cms":                       map[string]any{"id": "portal"},
		"restApi":                   "",
		"sso":                       map[string]any{"apiKey": "embedded", "customLogin": false},
		"marketingPreferenceCenter": map[string]any{"apiKey": "embedded"},
		"forceConsent":              false,
		"countryGermany":            true,
		"ownId":                     map[string]any{"environment": "", "application": ""},
		"userCentrics":              map[string]any{"settingsId": ""},
		"adobeTagManager":           map[string]any{"launchUrl": ""},
		"environmentType":           "development",
		"currency":                  "EUR",
		"identity":                  map[string]any{"provider": "embedded", "cdc": map[string]any{"apiKey": "", "dataCenter": ""}, "sessionIdleSeconds": float64(1800), "socialProviders": []any{"apple", "googleplus", "facebook"}},
		"backButtonReferrers":       []any{"https://photo.example.com", "https://travel.example.com", "http://portal.test/partner/fotoservice/"}, // and the demonstration partner
	}
	for key, value := range want {
		t.Run(key, func(t *testing.T) {
			require.Equal(t, value, doc[key])
		})
	}
	t.Run("validation", func(t *testing.T) {
		zip := doc["validation"].(map[string]any)["zipCode"].(map[string]any)
		require.Len(t, zip, len(metadata.Countries))
		for _, country := range metadata.Countries {
			rule := zip[country].(map[string]any)
			require.NotEmpty(t, rule["regex"], country)
			require.NotEmpty(t, rule["errorMessage"], country)
		}
		require.Equal(t, `^\d{5}$`, zip["DE"].(map[string]any)["regex"])
		require.Equal(t, `^\d{4}$`, zip["BE"].(map[string]any)["regex"])
		require.Equal(t, `^\d{5}$`, zip["LU"].(map[string]any)["regex"])
		require.Equal(t, `^[A-Za-z0-9 -]{1,10}$`, zip["AT"].(map[string]any)["regex"])
	})
	require.Len(t, doc, len(want)+1, "no fields beyond the contract")
}

func TestMetadataFromConfig(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Env = config.EnvProduction
		c.Identity.CDC.UserKey, c.Identity.CDC.Secret = "server-user", "server-secret-from-configuration"
		c.Metadata.Locales = []string{"de_DE", "en_GB"}
		c.Metadata.ForceConsent = true
		c.Metadata.RestAPI = "https://api.example.com"
		c.Metadata.Identity.Provider = "cdc"
		c.Metadata.Identity.CDC = config.MetadataCDC{APIKey: "3_public", DataCenter: "eu1"}
		c.Metadata.Validation.ZipCode = map[string]config.ZipCodeRule{"AT": {Regex: `^\d{4}$`, ErrorMessage: "vier Ziffern"}}
	}))
	rec := svc.Get("/rest/v1/metadata")
	require.Equal(t, http.StatusOK, rec.Code)
	var doc metadata.Document
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	require.Equal(t, []string{"de_DE", "en_GB"}, doc.Locales)
	require.True(t, doc.ForceConsent)
	require.Equal(t, "https://api.example.com", doc.RestAPI)
	require.Equal(t, "production", doc.EnvironmentType, "environmentType mirrors env")
	require.Equal(t, "cdc", doc.Identity.Provider)
	require.Equal(t, "eu1", doc.Identity.CDC.DataCenter)
	require.Zero(t, doc.Identity.SessionIdleSeconds, "the vendor keeps its own sessions")
	require.NotContains(t, rec.Body.String(), "sessionIdleSeconds")
	require.Equal(t, "vier Ziffern", doc.Validation.ZipCode["AT"].ErrorMessage)
	require.Len(t, doc.Validation.ZipCode, 32)

	etag := rec.Header().Get("ETag")
	require.NotEmpty(t, etag)
	again := svc.Do(apitest.Request{Target: "/rest/v1/metadata", Header: map[string]string{"If-None-Match": etag}})
	require.Equal(t, http.StatusNotModified, again.Code)
}
