package config_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
)

// isolate runs the test in an empty directory with no PORTAL_* variables, so
// a developer's own portal.yaml or environment cannot change the outcome.
func isolate(t *testing.T) string {
	t.Helper()
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "PORTAL_") {
			t.Setenv(name, "")
			require.NoError(t, os.Unsetenv(name))
		}
	}
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
}

func TestLoadDefaults(t *testing.T) {
	isolate(t)
	cfg, err := config.Load(config.Sources{})
	require.NoError(t, err)
	require.Equal(t, ":8080", cfg.HTTP.Addr)
	require.Equal(t, "sqlite:var/portal.db", cfg.Database.URL)
	require.Equal(t, "info", cfg.Log.Level)
	require.Equal(t, "development", cfg.Env)
	require.Equal(t, "development", cfg.Metadata.EnvironmentType)
	require.Equal(t, "de_DE", cfg.Metadata.DefaultLocale)
	require.Len(t, cfg.Metadata.Locales, 11)
	require.Equal(t, "portal", cfg.Metadata.CMS.ID)
	require.Equal(t, "embedded", cfg.Metadata.Identity.Provider)
	require.Equal(t, "embedded", cfg.Metadata.MarketingPreferenceCenter.APIKey)
	require.True(t, cfg.Metadata.CountryGermany)
	require.Equal(t, "EUR", cfg.Metadata.Currency)
}

func TestLoadPrecedence(t *testing.T) {
	const yaml = `
env: production
http:
  addr: ":9000"
  publicUrl: https://portal.example.com
log:
  level: warn
database:
  url: sqlite:from-file.db
apps:
  preferenceCentre:
    host: Preferences.Example.com
metadata:
  defaultLocale: en_GB
  validation:
    zipCode:
      de:
        regex: '^\d{5}$'
        errorMessage: five digits
subscribers:
  jwt:
    keys:
      - kid: k1
        secret: 0123456789abcdef0123456789abcdef
reminders:
  apiKeys: [shop-key-0123456789]
mail:
  from: Kundenkonto <noreply@portal.example.com>
  smtp:
    url: smtp://mail.example.com:25
`
	tests := []struct {
		name  string
		file  bool
		env   map[string]string
		flags []string
		check func(t *testing.T, cfg config.Config)
	}{
		{
			name: "file beats defaults",
			file: true,
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, ":9000", cfg.HTTP.Addr)
				require.Equal(t, "production", cfg.Env)
				require.Equal(t, "production", cfg.Metadata.EnvironmentType)
				require.Equal(t, "warn", cfg.Log.Level)
				require.Equal(t, "https://portal.example.com", cfg.HTTP.PublicURL)
				require.Equal(t, "preferences.example.com", cfg.Apps.PreferenceCentre.Host)
				require.Equal(t, "en_GB", cfg.Metadata.DefaultLocale)
				require.Equal(t, "five digits", cfg.Metadata.Validation.ZipCode["DE"].ErrorMessage)
				require.Equal(t, "portal", cfg.Metadata.CMS.ID, "keys absent from the file keep their defaults")
			},
		},
		{
			name: "env beats file",
			file: true,
			env: map[string]string{
				"PORTAL_HTTP_ADDR":                "127.0.0.1:7000",
				"PORTAL_LOG_LEVEL":                "debug",
				"PORTAL_ENV":                      "development",
				"PORTAL_METADATA_LOCALES":         "de_DE,en_GB",
				"PORTAL_METADATA_FORCECONSENT":    "true",
				"PORTAL_APPS_ACCOUNTPORTAL_HOST":  "konto.example.com",
				"PORTAL_METADATA_ENVIRONMENTTYPE": "production",
			},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "127.0.0.1:7000", cfg.HTTP.Addr)
				require.Equal(t, "debug", cfg.Log.Level)
				require.Equal(t, "development", cfg.Env)
				require.Equal(t, "production", cfg.Metadata.EnvironmentType, "environmentType can differ from env when set")
				require.Equal(t, []string{"de_DE", "en_GB"}, cfg.Metadata.Locales)
				require.True(t, cfg.Metadata.ForceConsent)
				require.Equal(t, "konto.example.com", cfg.Apps.AccountPortal.Host)
				require.Equal(t, "sqlite:from-file.db", cfg.Database.URL)
			},
		},
		{
			name: "flags beat env",
			file: true,
			env:  map[string]string{"PORTAL_HTTP_ADDR": "127.0.0.1:7000", "PORTAL_DATABASE_URL": "sqlite:env.db"},
			flags: []string{
				"--http-addr", "127.0.0.1:0", "--database-url", "postgres://u:pw@db.example.com/portal",
				"--log-level", "error", "--env", "development",
			},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "127.0.0.1:0", cfg.HTTP.Addr)
				require.Equal(t, "postgres://u:pw@db.example.com/portal", cfg.Database.URL)
				require.Equal(t, "error", cfg.Log.Level)
				require.Equal(t, "development", cfg.Env)
			},
		},
		{
			name:  "flags not given do not hide env",
			env:   map[string]string{"PORTAL_LOG_LEVEL": "warn"},
			flags: []string{"--http-addr", ":9999"},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "warn", cfg.Log.Level)
				require.Equal(t, ":9999", cfg.HTTP.Addr)
			},
		},
		{
			name: "no file uses defaults",
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, ":8080", cfg.HTTP.Addr)
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := isolate(t)
			if tc.file {
				writeFile(t, filepath.Join(dir, "portal.yaml"), yaml)
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			flags := config.RegisterFlags(fs)
			require.NoError(t, fs.Parse(tc.flags))
			cfg, err := config.Load(flags.Sources())
			require.NoError(t, err)
			tc.check(t, cfg)
		})
	}
}

// portalYAML is a case's setup that writes portal.yaml with content, where Load looks for it.
func portalYAML(content string) func(t *testing.T, dir string) config.Sources {
	return func(t *testing.T, dir string) config.Sources {
		writeFile(t, filepath.Join(dir, "portal.yaml"), content)
		return config.Sources{}
	}
}

func TestLoadConfigFileLocation(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(t *testing.T, dir string) config.Sources
		addr    string
		wantErr string
	}{
		{
			name: "--config flag",
			setup: func(t *testing.T, dir string) config.Sources {
				p := filepath.Join(dir, "other.yaml")
				writeFile(t, p, "http:\n  addr: ':1111'\n")
				writeFile(t, filepath.Join(dir, "portal.yaml"), "http:\n  addr: ':2222'\n")
				return config.Sources{ConfigFile: p}
			},
			addr: ":1111",
		},
		{
			name: "PORTAL_CONFIG",
			setup: func(t *testing.T, dir string) config.Sources {
				p := filepath.Join(dir, "env.yaml")
				writeFile(t, p, "http:\n  addr: ':3333'\n")
				t.Setenv("PORTAL_CONFIG", p)
				return config.Sources{}
			},
			addr: ":3333",
		},
		{
			name: "explicit file missing",
			setup: func(t *testing.T, dir string) config.Sources {
				return config.Sources{ConfigFile: filepath.Join(dir, "missing.yaml")}
			},
			wantErr: "config: read",
		},
		{
			name:    "a key no setting has",
			setup:   portalYAML("http:\n  adr: ':1111'\nlogg:\n  level: debug\n"),
			wantErr: "config: unknown keys (a typo?): http.adr, logg",
		},
		{
			name: "a file without the .yaml ending (a ConfigMap key)",
			setup: func(t *testing.T, dir string) config.Sources {
				p := filepath.Join(dir, "portal-config")
				writeFile(t, p, "http:\n  addr: ':4444'\n")
				return config.Sources{ConfigFile: p}
			},
			addr: ":4444",
		},
		{
			name:    "a confidential partner without a secret (an unset variable) is not made public",
			setup:   portalYAML("sso:\n  clients:\n    - id: shop\n      name: Shop\n      redirectUris: ['https://shop.example/cb']\n"),
			wantErr: "sso.clients[0].secret: is required for a confidential client",
		},
		{
			name:    "a partner's short secret",
			setup:   portalYAML("sso:\n  clients:\n    - id: shop\n      name: Shop\n      secret: short\n      redirectUris: ['https://shop.example/cb']\n"),
			wantErr: "sso.clients[0].secret: must be at least 32 bytes, got 5",
		},
		{
			name:    "a public partner with a secret",
			setup:   portalYAML("sso:\n  clients:\n    - id: app\n      name: App\n      public: true\n      secret: " + strings.Repeat("s", 40) + "\n      redirectUris: ['https://app.example/cb']\n"),
			wantErr: "sso.clients[0].secret: must be empty for a public client",
		},
		{
			name:    "broken yaml",
			setup:   portalYAML("http: [unclosed\n"),
			wantErr: "portal.yaml",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := isolate(t)
			cfg, err := config.Load(tc.setup(t, dir))
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.addr, cfg.HTTP.Addr)
		})
	}
}

// TestWrongValueNamesSettingAndValue: a value of the wrong kind is reported as Validate reports its problems, the
// setting named and the value echoed (QA operations round: the decoder's "'jobs.sweepInterval' time: unknown unit"
// left out the value, under "decoding failed due to the following error(s)"); a secret's value never.
func TestWrongValueNamesSettingAndValue(t *testing.T) {
	const duration = "must be a duration such as 30s, 5m or 1h, got "
	tests := []struct {
		name    string
		env     map[string]string
		yaml    string
		wantErr string
	}{
		{name: "a unit spelt out", env: map[string]string{"PORTAL_JOBS_SWEEPINTERVAL": "5minutes"}, wantErr: `config: jobs.sweepInterval: ` + duration + `"5minutes"`},
		{name: "no duration at all", env: map[string]string{"PORTAL_JOBS_SWEEPINTERVAL": "abc"}, wantErr: `config: jobs.sweepInterval: ` + duration + `"abc"`},
		{name: "no unit", env: map[string]string{"PORTAL_JOBS_SWEEPINTERVAL": "10"}, wantErr: `config: jobs.sweepInterval: ` + duration + `"10"`},
		{name: "a space before the unit in the file", yaml: "jobs:\n  mailInterval: 5 sec\n", wantErr: `config: jobs.mailInterval: ` + duration + `"5 sec"`},
		{name: "a number in the file (was taken as nanoseconds)", yaml: "jobs:\n  mailInterval: 10\n", wantErr: `config: jobs.mailInterval: ` + duration + `10`},
		{name: "a whole number", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_MAILLIMITS_PERACCOUNT": "five"},
			wantErr: `config: identity.embedded.mailLimits.perAccount: must be a whole number, got "five"`},
		{name: "true or false", env: map[string]string{"PORTAL_METADATA_FORCECONSENT": "maybe"}, wantErr: `config: metadata.forceConsent: must be true or false, got "maybe"`},
		{name: "each wrong value named", env: map[string]string{"PORTAL_JOBS_SWEEPINTERVAL": "5minutes", "PORTAL_AUDIT_RETENTION": "1year"},
			wantErr: `config: audit.retention: ` + duration + `"1year"` + "\n" + `config: jobs.sweepInterval: ` + duration + `"5minutes"`},
		{name: "a signing key without its kid", env: map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": "nocolon" + testSecret1},
			wantErr: `config: subscribers.jwt.keys: each entry must be kid:secret (comma-separated); the value is not shown, it holds secrets`},
		{name: "a secret of the wrong kind", yaml: "identity:\n  cdc:\n    secret: [" + testSecret1 + "]\n", wantErr: `config: identity.cdc.secret: must be a text`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := isolate(t)
			if tc.yaml != "" {
				writeFile(t, filepath.Join(dir, "portal.yaml"), tc.yaml)
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.EqualError(t, err, tc.wantErr)
		})
	}
}

func TestLoadValidation(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"bad env", map[string]string{"PORTAL_ENV": "prod"}, `config: env: must be "development" or "production", got "prod"`},
		{"bad log level", map[string]string{"PORTAL_LOG_LEVEL": "verbose"}, `config: log.level:`},
		{"bad addr", map[string]string{"PORTAL_HTTP_ADDR": "8080"}, `config: http.addr:`},
		{"addr with a typo in the port", map[string]string{"PORTAL_HTTP_ADDR": "127.0.0.1:8093x"},
			`config: http.addr: must be host:port or :port with a port from 0 to 65535, e.g. :8080 or 127.0.0.1:8080, got "127.0.0.1:8093x"`},
		{"addr with a port out of range", map[string]string{"PORTAL_HTTP_ADDR": ":80800"}, `config: http.addr:`},
		{"negative shutdown drain", map[string]string{"PORTAL_HTTP_SHUTDOWNDRAIN": "-5s"}, `config: http.shutdownDrain: must be 0s or more, e.g. 10s, got -5s`},
		{"admin addr with a typo in the port", map[string]string{"PORTAL_ADMIN_ADDR": "127.0.0.1:90x"}, `config: admin.addr: must be host:port with a port from 0 to 65535`},
		{"bad public url", map[string]string{"PORTAL_HTTP_PUBLICURL": "portal.example.com"}, `config: http.publicUrl:`},
		{"public url with a query", map[string]string{"PORTAL_HTTP_PUBLICURL": "https://portal.example.com/?utm=1"}, `config: http.publicUrl:`},
		{"public url with a fragment", map[string]string{"PORTAL_HTTP_PUBLICURL": "https://portal.example.com/#top"}, `config: http.publicUrl:`},
		{"public url with credentials", map[string]string{"PORTAL_HTTP_PUBLICURL": "https://user:s3cret@portal.example.com"}, `config: http.publicUrl: must be an absolute http(s) URL without query, fragment or credentials, got "https://user:xxxxx@portal.example.com"`},
		{"unknown database scheme", map[string]string{"PORTAL_DATABASE_URL": "mysql://localhost/portal"}, `config: database.url: unsupported scheme "mysql"`},
		{"key=value connection string", map[string]string{"PORTAL_DATABASE_URL": "host=127.0.0.1 user=u password=PWkv dbname=db"}, `config: database.url: is not a URL`},
		{"sqlite without path", map[string]string{"PORTAL_DATABASE_URL": "sqlite:"}, `config: database.url:`},
		{"postgres without a host", map[string]string{"PORTAL_DATABASE_URL": "postgres://postgres@/portal"},
			`config: database.url: postgres URL needs a host: postgres://user@host/database, or a Unix socket's folder as postgres://user@/database?host=/var/run/postgresql`},
		{"postgres without a host but a query", map[string]string{"PORTAL_DATABASE_URL": "postgres:///portal?sslmode=disable"}, `config: database.url: postgres URL needs a host`},
		{"host with port", map[string]string{"PORTAL_APPS_ACCOUNTPORTAL_HOST": "konto.example.com:8080"}, `config: apps.accountPortal.host:`},
		{"same host for both apps", map[string]string{"PORTAL_APPS_ACCOUNTPORTAL_HOST": "a.example.com", "PORTAL_APPS_PREFERENCECENTRE_HOST": "a.example.com"}, `config: apps.preferenceCentre.host:`},
		{"default locale not listed", map[string]string{"PORTAL_METADATA_DEFAULTLOCALE": "it_IT"}, `config: metadata.defaultLocale:`},
		{"bad locale", map[string]string{"PORTAL_METADATA_LOCALES": "de-DE", "PORTAL_METADATA_DEFAULTLOCALE": "de-DE"}, `config: metadata.locales:`},
		{"bad cms id", map[string]string{"PORTAL_METADATA_CMS_ID": "../etc"}, `config: metadata.cms.id:`},
		{"unknown identity provider", map[string]string{"PORTAL_METADATA_IDENTITY_PROVIDER": "okta"}, `config: metadata.identity.provider: must be one of embedded, cdc, fake`},
		{"fake provider in production", map[string]string{"PORTAL_ENV": "production", "PORTAL_METADATA_IDENTITY_PROVIDER": "fake"}, `config: metadata.identity.provider: "fake"`},
		{"zero access token lifetime", map[string]string{"PORTAL_SSO_ACCESSTOKENLIFETIME": "0s"}, "config: sso.accessTokenLifetime: must be a positive duration"},
		{"negative key rotation", map[string]string{"PORTAL_SSO_KEYROTATION": "-1h"}, "config: sso.keyRotation: must be a positive duration"},
		{"production without a public URL", map[string]string{"PORTAL_ENV": "production", "PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef", "PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789",
			"PORTAL_MAIL_FROM": "noreply@example.com"}, "config: http.publicUrl: is required"},
		{"production on plain HTTP", map[string]string{"PORTAL_ENV": "production", "PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef", "PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789",
			"PORTAL_MAIL_FROM": "noreply@example.com", "PORTAL_MAIL_SMTP_URL": "smtp://relay.example.com:25", "PORTAL_HTTP_PUBLICURL": "http://konto.example.com"}, "config: http.publicUrl: must be an https:// address"},
		{"production without a mail relay", map[string]string{"PORTAL_ENV": "production", "PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef", "PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789",
			"PORTAL_HTTP_PUBLICURL": "https://konto.example.com", "PORTAL_MAIL_FROM": "noreply@example.com"}, "config: mail.smtp.url: is required"},
		{"production with the development sender", map[string]string{"PORTAL_ENV": "production", "PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef", "PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789",
			"PORTAL_HTTP_PUBLICURL": "https://konto.example.com"}, "config: mail.from: must be the retailer's sender"},
		{"cdc without api key", map[string]string{"PORTAL_METADATA_IDENTITY_PROVIDER": "cdc"}, `config: metadata.identity.cdc.apiKey:`},
		{"csp source with quote", map[string]string{"PORTAL_HTTP_CSP_SCRIPTSRC": "'unsafe-inline'"}, `config: http.csp:`},
		{"missing content dir", map[string]string{"PORTAL_CONTENT_DIR": "/does/not/exist"}, `config: content.dir:`},
		{"bad currency", map[string]string{"PORTAL_METADATA_CURRENCY": "euro"}, `config: metadata.currency:`},
		// QA: with 3 minutes the account pages had no time to warn before the session ended, and did not.
		{"idle timeout too short for the warning", map[string]string{"PORTAL_IDENTITY_EMBEDDED_SESSION_IDLETIMEOUT": "3m"},
			"config: identity.embedded.session.idleTimeout: must be at least 5m0s: the account pages warn 2m0s before an unused session ends, and the service may date its last use 1m0s early, got 3m0s"},
		{"absolute timeout shorter than the idle one", map[string]string{"PORTAL_IDENTITY_EMBEDDED_SESSION_ABSOLUTETIMEOUT": "10m"},
			"config: identity.embedded.session.absoluteTimeout: must be at least idleTimeout (30m0s), got 10m0s"},
		// The fake provider's backend is the embedded provider, whose sessions these are.
		{"idle timeout too short with the fake provider", map[string]string{"PORTAL_METADATA_IDENTITY_PROVIDER": "fake", "PORTAL_IDENTITY_EMBEDDED_SESSION_IDLETIMEOUT": "3m"},
			"config: identity.embedded.session.idleTimeout: must be at least 5m0s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.ErrorContains(t, err, tc.wantErr)
			for _, v := range tc.env {
				// No secret of a refused value is echoed (QA round of 2026-11-29: a DSN's password was).
				if strings.Contains(v, "password=") {
					require.NotContains(t, err.Error(), "PWkv")
				}
			}
		})
	}
}

func TestLoadAcceptsValidVariants(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
	}{
		{"postgres url", map[string]string{"PORTAL_DATABASE_URL": "postgres://postgres@127.0.0.1:5432/portal?sslmode=disable"}},
		{"postgresql url", map[string]string{"PORTAL_DATABASE_URL": "postgresql://db.example.com/portal"}},
		{"absolute sqlite path", map[string]string{"PORTAL_DATABASE_URL": "sqlite:/tmp/portal.db"}},
		{"fake provider in development", map[string]string{"PORTAL_METADATA_IDENTITY_PROVIDER": "fake"}},
		{"the shortest idle timeout", map[string]string{"PORTAL_IDENTITY_EMBEDDED_SESSION_IDLETIMEOUT": "5m"}},
		{"cdc with keys", map[string]string{"PORTAL_METADATA_IDENTITY_PROVIDER": "cdc", "PORTAL_METADATA_IDENTITY_CDC_APIKEY": "3_abc", "PORTAL_METADATA_IDENTITY_CDC_DATACENTER": "eu1"}},
		// SAP CDC keeps its own sessions: the embedded provider's timeouts are not used, so they stop no start-up
		// (code review of 2026-11-30: a short idleTimeout left in a cdc deployment's file did).
		{"cdc with embedded session timeouts it does not use", map[string]string{"PORTAL_METADATA_IDENTITY_PROVIDER": "cdc", "PORTAL_METADATA_IDENTITY_CDC_APIKEY": "3_abc", "PORTAL_METADATA_IDENTITY_CDC_DATACENTER": "eu1",
			"PORTAL_IDENTITY_EMBEDDED_SESSION_IDLETIMEOUT": "3m", "PORTAL_IDENTITY_EMBEDDED_SESSION_ABSOLUTETIMEOUT": "2m"}},
		{"upper-case env value", map[string]string{"PORTAL_ENV": "Production", "PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef", "PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789",
			"PORTAL_HTTP_PUBLICURL": "https://konto.example.com", "PORTAL_MAIL_FROM": "noreply@example.com",
			"PORTAL_MAIL_SMTP_URL": "smtp://mail.example.com:25"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.NoError(t, err)
		})
	}
}

func TestMaskedHidesSecrets(t *testing.T) {
	tests := []struct {
		name    string
		url     string
		secret  string
		visible string
	}{
		{"password in user info", "postgres://portal:s3cr3t-pw@db.example.com:5432/portal", "s3cr3t-pw", "postgres://portal:*****@db.example.com:5432/portal"},
		{"password in query", "postgres://db.example.com/portal?user=portal&password=s3cr3t-pw", "s3cr3t-pw", "password=*****"},
		{"sqlite path unchanged", "sqlite:var/portal.db", "", "sqlite:var/portal.db"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.Default()
			cfg.Database.URL = tc.url
			cfg.Metadata.Validation.ZipCode = map[string]config.ZipCodeRule{"DE": {Regex: `^\d{5}$`}}
			s := cfg.String()
			if tc.secret != "" {
				require.NotContains(t, s, tc.secret)
			}
			require.Contains(t, s, tc.visible)
			require.Contains(t, s, `"addr":":8080"`)
			// Durations as the settings write them (the debug dump showed 3600000000000).
			require.Contains(t, s, `"regTokenLifetime":"1h0m0s"`)
		})
	}
}

// TestMaskedShowsAddressesAndHidesEverySecret: the debug dump masks each secret by what it is, and shows the
// addresses, whatever their names say they lead to (QA operations round: every tokenUrl read *****, as any key
// naming a token was masked).
func TestMaskedShowsAddressesAndHidesEverySecret(t *testing.T) {
	cfg := config.Default()
	cfg.Identity.Social.Providers.Apple.ClientSecret = "apple-client-secret"
	cfg.Identity.Social.StateSecret = "social-state-secret"
	cfg.Identity.CDC.Secret = "cdc-secret"
	cfg.SSO.Clients = []config.SSOClient{{ID: "shop", Secret: "sso-client-secret", RedirectURIs: []string{"https://shop.example/cb"}}}
	cfg.Subscribers.JWT.Keys = []config.SigningKey{{KID: "k1", Secret: "link-signing-secret"}}
	cfg.Reminders.APIKeys = []string{"shop-api-key"}
	cfg.Mail.SMTP.URL = "smtp://mailer:smtp-password@relay.example.com:587"
	cfg.Database.URL = "postgres://portal:database-password@db.example.com/portal"
	cfg.Tracing.OTLPEndpoint = "https://otel.example.com/?access_token=otlp-token"
	s := cfg.String()
	for _, secret := range []string{"apple-client-secret", "social-state-secret", "cdc-secret", "sso-client-secret", "link-signing-secret",
		"shop-api-key", "smtp-password", "database-password", "otlp-token"} {
		require.NotContains(t, s, secret)
	}
	require.Contains(t, s, `"tokenUrl":"https://appleid.apple.com/auth/token"`)
	require.Contains(t, s, `"redirectUris":["https://shop.example/cb"]`)
	require.Contains(t, s, `"url":"smtp://mailer:*****@relay.example.com:587"`)
	require.Contains(t, s, `"otlpEndpoint":"https://otel.example.com/?access_token=*****"`)
}

// A mistyped variable is named at start-up (QA: PORTAL_MAIL_SMTPURL left mails in the outbox without a word).
func TestUnknownEnvironmentIsNamed(t *testing.T) {
	environ := []string{"PATH=/bin", "PORTAL_MAIL_SMTPURL=smtp://relay:25", "PORTAL_MAIL_SMTP_URL=smtp://relay:25", "PORTAL_HTTP_PUBLICURL=https://x.example",
		"PORTAL_IDENTITY_EMBEDDED_SESSION_IDLETIMEOUT=10m", "PORTAL_CONFIG=portal.yaml", "PORTAL_TEST_POSTGRES_URL=postgres://", "PORTAL_BENCH_LOGINS=5", "PORTAL_BIN=bin/portal", "PORTAL_HTTP_ADR=:80"}
	require.Equal(t, []string{"PORTAL_HTTP_ADR", "PORTAL_MAIL_SMTPURL"}, config.UnknownEnvironment(environ))
}

// TestProductionTakesASecureOriginOnly: browsers keep production's Secure session cookie from HTTPS and from the
// machine itself (docker-compose.yml runs production on http://localhost:8080), from no other http:// address.
func TestProductionTakesASecureOriginOnly(t *testing.T) {
	for url, ok := range map[string]bool{
		"https://konto.example.com": true, "http://localhost:8080": true, "http://127.0.0.1:8080": true,
		"http://konto.example.com": false, "http://192.0.2.10": false,
	} {
		t.Run(url, func(t *testing.T) {
			isolate(t)
			for k, v := range map[string]string{"PORTAL_ENV": "production", "PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef",
				"PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789", "PORTAL_MAIL_FROM": "noreply@example.com",
				"PORTAL_MAIL_SMTP_URL": "smtp://relay.example.com:25", "PORTAL_HTTP_PUBLICURL": url} {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			if ok {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, "http.publicUrl: must be an https:// address")
			}
		})
	}
}

// A variable that names a section rather than a setting is named in the warning as one that names no setting, and
// ignored as the warning says: it reset the whole section to nothing (QA operator round: PORTAL_IDENTITY_SOCIAL=x
// turned the social logins off, PORTAL_MAIL=x stopped start-up on mail.from "", PORTAL_HTTP_CSP=x dropped the
// consent manager's source).
func TestVariableNamingASectionIsIgnored(t *testing.T) {
	for _, name := range []string{"PORTAL_IDENTITY_SOCIAL", "PORTAL_HTTP_CSP", "PORTAL_MAIL", "PORTAL_IDENTITY_EMBEDDED_PASSWORD", "PORTAL_JOBS", "PORTAL_IDENTITY"} {
		t.Run(name, func(t *testing.T) {
			isolate(t)
			want, err := config.Load(config.Sources{})
			require.NoError(t, err)
			t.Setenv(name, "x")
			got, err := config.Load(config.Sources{})
			require.NoError(t, err)
			require.Equal(t, want, got)
			require.Equal(t, []string{name}, config.UnknownEnvironment([]string{name + "=x"}))
		})
	}
}

// TestRefusalNamesOnlyTheSettingAtFault: a refusal names what the operator set wrong and nothing else (QA operator
// round: PORTAL_ENV=prod also named metadata.environmentType, which takes env's value when unset; a mailInterval of
// 0s was "sweepInterval and mailInterval must be at least 100ms"; a drain of 10h was taken).
func TestRefusalNamesOnlyTheSettingAtFault(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"PORTAL_ENV": "prod"}, `config: env: must be "development" or "production", got "prod"`},
		{map[string]string{"PORTAL_ENV": "prod", "PORTAL_METADATA_ENVIRONMENTTYPE": "staging"},
			`config: env: must be "development" or "production", got "prod"` + "\n" + `config: metadata.environmentType: must be "development" or "production", got "staging"`},
		{map[string]string{"PORTAL_JOBS_MAILINTERVAL": "0s"}, `config: jobs.mailInterval: must be at least 100ms, got 0s`},
		{map[string]string{"PORTAL_JOBS_SWEEPINTERVAL": "50ms"}, `config: jobs.sweepInterval: must be at least 100ms, got 50ms`},
		{map[string]string{"PORTAL_HTTP_SHUTDOWNDRAIN": "10h"}, `config: http.shutdownDrain: must be at most 10m0s, e.g. 10s, got 10h0m0s`},
	} {
		t.Run(fmt.Sprint(tc.env), func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.EqualError(t, err, tc.want)
		})
	}
	isolate(t)
	t.Setenv("PORTAL_HTTP_SHUTDOWNDRAIN", "10m")
	_, err := config.Load(config.Sources{})
	require.NoError(t, err, "ten minutes is the most")
}
