package config_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
)

const (
	testSecret1 = "0123456789abcdef0123456789abcdef"
	testSecret2 = "fedcba9876543210fedcba9876543210-rotated"
)

func TestSubscribersDefaults(t *testing.T) {
	isolate(t)
	cfg, err := config.Load(config.Sources{})
	require.NoError(t, err)
	require.Equal(t, "portal", cfg.Subscribers.JWT.Issuer)
	require.Equal(t, "preference-centre", cfg.Subscribers.JWT.Audience)
	require.Empty(t, cfg.Subscribers.JWT.Keys, "development creates its own key in the database")
	require.Equal(t, 30*24*time.Hour, cfg.Subscribers.Link.Lifetime)
	require.Equal(t, []string{config.DevShopAPIKey}, cfg.Reminders.APIKeys)
}

func TestSubscribersFromSources(t *testing.T) {
	tests := []struct {
		name  string
		yaml  string
		env   map[string]string
		check func(t *testing.T, cfg config.Config)
	}{
		{
			name: "keys from file",
			yaml: "subscribers:\n  jwt:\n    issuer: shop\n    keys:\n      - kid: new\n        secret: " + testSecret2 + "\n      - kid: old\n        secret: " + testSecret1 + "\n  link:\n    lifetime: 48h\n",
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "shop", cfg.Subscribers.JWT.Issuer)
				require.Equal(t, []config.SigningKey{{KID: "new", Secret: testSecret2}, {KID: "old", Secret: testSecret1}}, cfg.Subscribers.JWT.Keys)
				require.Equal(t, 48*time.Hour, cfg.Subscribers.Link.Lifetime)
			},
		},
		{
			name: "keys from env",
			env: map[string]string{
				"PORTAL_SUBSCRIBERS_JWT_KEYS":       "new:" + testSecret2 + ", old:" + testSecret1,
				"PORTAL_SUBSCRIBERS_JWT_AUDIENCE":   "mpp",
				"PORTAL_SUBSCRIBERS_LINK_LIFETIME":  "720h",
				"PORTAL_REMINDERS_APIKEYS":          "shop-a-0123456789, shop-b-0123456789",
				"PORTAL_SUBSCRIBERS_JWT_ISSUER":     "portal",
				"PORTAL_METADATA_IDENTITY_PROVIDER": "embedded",
			},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, []config.SigningKey{{KID: "new", Secret: testSecret2}, {KID: "old", Secret: testSecret1}}, cfg.Subscribers.JWT.Keys)
				require.Equal(t, "mpp", cfg.Subscribers.JWT.Audience)
				require.Equal(t, 720*time.Hour, cfg.Subscribers.Link.Lifetime)
				require.Equal(t, []string{"shop-a-0123456789", "shop-b-0123456789"}, cfg.Reminders.APIKeys)
			},
		},
		{
			name: "production with explicit keys",
			env: map[string]string{
				"PORTAL_ENV":                  "production",
				"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:" + testSecret1,
				"PORTAL_REMINDERS_APIKEYS":    "shop-key-0123456789",
				"PORTAL_HTTP_PUBLICURL":       "https://konto.example.com",
				"PORTAL_MAIL_FROM":            "noreply@example.com",
				"PORTAL_MAIL_SMTP_URL":        "smtp://mail.example.com:25",
			},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, []string{"shop-key-0123456789"}, cfg.Reminders.APIKeys, "no development key is added")
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := isolate(t)
			src := config.Sources{}
			if tc.yaml != "" {
				src.ConfigFile = filepath.Join(dir, "portal.yaml")
				writeFile(t, src.ConfigFile, tc.yaml)
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			cfg, err := config.Load(src)
			require.NoError(t, err)
			tc.check(t, cfg)
		})
	}
}

func TestSubscribersValidation(t *testing.T) {
	prod := func(extra map[string]string) map[string]string {
		env := configtest.Production()
		env["PORTAL_SUBSCRIBERS_JWT_KEYS"] = "k1:" + testSecret1
		for k, v := range extra {
			env[k] = v
		}
		return env
	}
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"production without keys", prod(map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": ""}), "config: subscribers.jwt.keys: at least one"},
		{"short secret", map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:short"}, "config: subscribers.jwt.keys[0].secret: must be at least 32 bytes, got 5"},
		{"missing kid", map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": ":" + testSecret1}, "config: subscribers.jwt.keys[0].kid:"},
		{"duplicate kid", map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:" + testSecret1 + ",k1:" + testSecret2}, `config: subscribers.jwt.keys[1].kid: "k1" is used twice`},
		{"entry without colon", map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": testSecret1}, "config: subscribers.jwt.keys: each entry must be kid:secret"},
		{"empty issuer", map[string]string{"PORTAL_SUBSCRIBERS_JWT_ISSUER": " "}, "config: subscribers.jwt.issuer:"},
		{"empty audience", map[string]string{"PORTAL_SUBSCRIBERS_JWT_AUDIENCE": " "}, "config: subscribers.jwt.audience:"},
		{"zero lifetime", map[string]string{"PORTAL_SUBSCRIBERS_LINK_LIFETIME": "0s"}, "config: subscribers.link.lifetime:"},
		{"production without shop keys", prod(map[string]string{"PORTAL_REMINDERS_APIKEYS": ""}), "config: reminders.apiKeys: at least one"},
		{"production with the development shop key", prod(map[string]string{"PORTAL_REMINDERS_APIKEYS": config.DevShopAPIKey}), "config: reminders.apiKeys[0]: the development key"},
		{"production with a short shop key", prod(map[string]string{"PORTAL_REMINDERS_APIKEYS": "short"}), "config: reminders.apiKeys[0]: must be at least 16"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.ErrorContains(t, err, tc.wantErr)
			require.NotContains(t, err.Error(), testSecret1, "secrets never appear in errors")
		})
	}
}

func TestMaskedHidesSigningAndShopKeys(t *testing.T) {
	cfg := config.Default()
	cfg.Subscribers.JWT.Keys = []config.SigningKey{{KID: "k1", Secret: testSecret1}}
	cfg.Reminders.APIKeys = []string{"shop-key-0123456789"}
	s := cfg.String()
	require.NotContains(t, s, testSecret1)
	require.NotContains(t, s, "shop-key-0123456789")
	require.Contains(t, s, `"kid":"k1"`)
}
