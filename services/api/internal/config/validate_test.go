package config_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
)

// TestOperatorSettingsAreCheckedUpFront: settings an operator round found accepted and broken later (mail links on the
// SPA's 404, a port no address has, a relay URL whose parts were dropped, passkey origins no browser pairs with the
// relying-party id) or refused late by a library in words naming no setting (the passkeys' relying-party id) are
// refused at start-up, naming the setting and what it needs.
func TestOperatorSettingsAreCheckedUpFront(t *testing.T) {
	tests := []struct {
		name       string
		production bool
		env        map[string]string
		wantErr    string
	}{
		{name: "public URL with a path", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://host.example:8080/portal"},
			wantErr: `config: http.publicUrl: must be the service's root, without a path (the apps, their files and the sign-on's issuer are served at /), got "http://host.example:8080/portal"`},
		{name: "public URL with a port out of range", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://host.example:99999"},
			wantErr: `config: http.publicUrl: the port must be from 1 to 65535, got "99999"`},
		{name: "public URL with port 0", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://host.example:0"},
			wantErr: `config: http.publicUrl: the port must be from 1 to 65535, got "0"`},
		{name: "relay URL with a path and a query", env: map[string]string{"PORTAL_MAIL_SMTP_URL": "smtps://relay.example.com:465/path?x=1"},
			wantErr: `config: mail.smtp.url: must be smtp://[user:password@]host:port or smtps://[user:password@]host:port, without a path, query or fragment (they would be dropped)`},
		{name: "relay URL with a user and no password", env: map[string]string{"PORTAL_MAIL_SMTP_URL": "smtp://user@relay.example.com:25"},
			wantErr: `config: mail.smtp.url: a user needs a password (smtp://user:password@host:port); the relay is asked to authenticate with both`},
		{name: "relay URL with an empty password", env: map[string]string{"PORTAL_MAIL_SMTP_URL": "smtp://user:@relay.example.com:25"},
			wantErr: `config: mail.smtp.url: a user needs a password`},
		{name: "relay URL with a port out of range", env: map[string]string{"PORTAL_MAIL_SMTP_URL": "smtp://relay.example.com:99999"},
			wantErr: `config: mail.smtp.url: the port must be from 1 to 65535, got "99999"`},
		{name: "relay TLS policy that is neither", env: map[string]string{"PORTAL_MAIL_SMTP_TLS": "yes"},
			wantErr: `config: mail.smtp.tls: must be "required" or "opportunistic" (empty: required in production, opportunistic in development), got "yes"`},
		{name: "a one-word host as the passkeys' relying party", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://portal:8080"},
			wantErr: `config: http.publicUrl: its host "portal" cannot be the relying-party id of passkeys: WebAuthn needs a domain name such as konto.example.com, or localhost; ` +
				`open the service at such a name, or set identity.embedded.passkeys.rpId (and .origins) to the domain shoppers open`},
		{name: "a one-word relying-party id", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "portal"},
			wantErr: `config: identity.embedded.passkeys.rpId: must be a domain name such as konto.example.com, or localhost (WebAuthn's relying-party id), got "portal"`},
		{name: "a relying-party id with a port", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "konto.example.com:443"},
			wantErr: `config: identity.embedded.passkeys.rpId: must be a domain name such as konto.example.com, or localhost (WebAuthn's relying-party id), got "konto.example.com:443"`},
		{name: "a relying-party id that is an address", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "192.0.2.1"},
			wantErr: `config: identity.embedded.passkeys.rpId: must be a domain name`},
		{name: "an origin outside the relying-party id", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "example.de",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "https://konto.example.de,https://konto.example.at"},
			wantErr: `config: identity.embedded.passkeys.origins: "https://konto.example.at" is neither on the relying-party id "example.de" (identity.embedded.passkeys.rpId) ` +
				`nor on a subdomain of it, so browsers refuse passkeys there (WebAuthn; the service serves no /.well-known/webauthn for related origins); list only origins under "example.de"`},
		{name: "an origin that only ends like the relying-party id", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "example.de",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "https://myexample.de"},
			wantErr: `config: identity.embedded.passkeys.origins: "https://myexample.de" is neither on the relying-party id "example.de"`},
		{name: "an origin above the public URL's host", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "https://konto.example.de",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "https://example.de"},
			wantErr: `config: identity.embedded.passkeys.origins: "https://example.de" is neither on the relying-party id "konto.example.de" (the host of http.publicUrl; identity.embedded.passkeys.rpId is unset) nor on a subdomain of it`},
		{name: "a relying-party id that is not the public URL's host or above it", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "https://example.de",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "konto.example.de"},
			wantErr: `config: identity.embedded.passkeys.rpId: "konto.example.de" is neither the host of http.publicUrl ("example.de") nor a parent domain of it, ` +
				`so browsers refuse passkeys on the service's origin (WebAuthn; the service serves no /.well-known/webauthn for related origins); ` +
				`set identity.embedded.passkeys.origins to the origins shoppers open under "konto.example.de", or change the rpId`},
		{name: "every address as a trusted proxy in production", production: true, env: map[string]string{"PORTAL_HTTP_TRUSTEDPROXIES": "10.0.0.0/8,0.0.0.0/0"},
			wantErr: `config: http.trustedProxies: "0.0.0.0/0" is every address: anyone could name any client address in X-Forwarded-For and escape the limits per address; ` +
				`refused when env is "production", name the proxies' own range (e.g. 10.0.0.0/8)`},
		{name: "every IPv6 address as a trusted proxy in production", production: true, env: map[string]string{"PORTAL_HTTP_TRUSTEDPROXIES": "::/0"},
			wantErr: `config: http.trustedProxies: "::/0" is every address`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			if tc.production {
				configtest.SetProduction(t)
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

func TestOperatorSettingsAccepted(t *testing.T) {
	tests := []struct {
		name  string
		env   map[string]string
		check func(t *testing.T, cfg config.Config)
	}{
		{name: "public URL with a slash", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "https://konto.example.com/"}},
		{name: "public URL on localhost", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://localhost:8080"}},
		// pgx takes a Unix socket's folder in the host parameter; the URL was refused for its empty host (QA operator round).
		{name: "PostgreSQL over a Unix socket", env: map[string]string{"PORTAL_DATABASE_URL": "postgres://postgres@/portal?host=/var/run/postgresql"}},
		{name: "PostgreSQL with its host as a parameter", env: map[string]string{"PORTAL_DATABASE_URL": "postgresql:///portal?host=db.example.com&sslmode=disable"}},
		{name: "public URL on a loopback address (passkeys on localhost)", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://127.0.0.1:8080"}},
		{name: "a one-word host with the vendor's identity provider (no passkeys here)", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://portal:8080",
			"PORTAL_METADATA_IDENTITY_PROVIDER": "cdc", "PORTAL_METADATA_IDENTITY_CDC_APIKEY": "3_abc", "PORTAL_METADATA_IDENTITY_CDC_DATACENTER": "eu1"}},
		{name: "a one-word host with a relying-party id of a domain and its origin", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://portal:8080",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "portal.localhost", "PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "http://portal.localhost:8080"}},
		{name: "a parent domain as the relying-party id of the public URL", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "https://konto.example.de",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "example.de"}},
		{name: "origins on the relying-party id and below it", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "example.de",
			"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "https://example.de,https://konto.example.de,http://newsletter.example.de:8443"}},
		{name: "relay URL with credentials", env: map[string]string{"PORTAL_MAIL_SMTP_URL": "smtp://user:pw@relay.example.com:587"}},
		{name: "relay URL with a slash", env: map[string]string{"PORTAL_MAIL_SMTP_URL": "smtps://relay.example.com/"}},
		{name: "the relay's TLS as development's default: STARTTLS when offered", check: func(t *testing.T, cfg config.Config) {
			require.False(t, cfg.SMTPRequiresTLS())
		}},
		{name: "the relay's TLS required in development", env: map[string]string{"PORTAL_MAIL_SMTP_TLS": "Required"}, check: func(t *testing.T, cfg config.Config) {
			require.True(t, cfg.SMTPRequiresTLS())
		}},
		{name: "the relay's TLS as production's default: required", env: configtest.Production(), check: func(t *testing.T, cfg config.Config) {
			require.True(t, cfg.SMTPRequiresTLS())
		}},
		{name: "every address as a trusted proxy outside production", env: map[string]string{"PORTAL_HTTP_TRUSTEDPROXIES": "0.0.0.0/0"}},
		{name: "a Unicode host is taken in its ASCII form (IDNA)",
			env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://Bücher.example:8080/", "PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "https://bücher.example",
				"PORTAL_APPS_ACCOUNTPORTAL_HOST": "konto.bücher.example"},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "http://xn--bcher-kva.example:8080/", cfg.HTTP.PublicURL)
				require.Equal(t, []string{"https://xn--bcher-kva.example"}, cfg.Identity.Embedded.Passkeys.Origins)
				require.Equal(t, "konto.xn--bcher-kva.example", cfg.Apps.AccountPortal.Host)
			}},
		{name: "hosts written in capitals are taken in lower case, as browsers send them",
			env: map[string]string{"PORTAL_HTTP_PUBLICURL": "https://Konto.Example.DE/", "PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "Example.DE",
				"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_ORIGINS": "https://Konto.Example.DE,https://Bücher.Example.DE",
				"PORTAL_APPS_ACCOUNTPORTAL_HOST":            "Konto.Example.DE", "PORTAL_APPS_PREFERENCECENTRE_HOST": "Newsletter.Example.DE"},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "https://konto.example.de/", cfg.HTTP.PublicURL)
				require.Equal(t, "example.de", cfg.Identity.Embedded.Passkeys.RPID)
				require.Equal(t, []string{"https://konto.example.de", "https://xn--bcher-kva.example.de"}, cfg.Identity.Embedded.Passkeys.Origins)
				require.Equal(t, "konto.example.de", cfg.Apps.AccountPortal.Host)
				require.Equal(t, "newsletter.example.de", cfg.Apps.PreferenceCentre.Host)
			}},
		{name: "an IPv6 address written in capitals keeps its brackets", env: map[string]string{"PORTAL_HTTP_PUBLICURL": "http://[FE80::1]:8080"},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "http://[fe80::1]:8080", cfg.HTTP.PublicURL)
			}},
		{name: "a Unicode relying-party id is taken in its ASCII form (IDNA)", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSKEYS_RPID": "bücher.example"},
			check: func(t *testing.T, cfg config.Config) {
				require.Equal(t, "xn--bcher-kva.example", cfg.Identity.Embedded.Passkeys.RPID)
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			cfg, err := config.Load(config.Sources{})
			require.NoError(t, err)
			if tc.check != nil {
				tc.check(t, cfg)
			}
		})
	}
}
