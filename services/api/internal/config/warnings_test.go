package config_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
)

// TestProductionWarnings: production takes settings that it ignores or that weaken the service below the spec's
// rules, and said nothing of them (operator round); start-up names each.
func TestProductionWarnings(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		yaml string
		want []string
	}{
		{name: "the defaults", want: nil},
		{name: "development aids asked for in the environment",
			env: map[string]string{"PORTAL_IDENTITY_SOCIAL_DEVISSUER": "true", "PORTAL_IDENTITY_EMBEDDED_MAILLIMITS_EXEMPTLOOPBACK": "true"},
			want: []string{
				`identity.embedded.mailLimits.exemptLoopback: ignored when env is "production" (callers on the machine itself get no exemption there)`,
				`identity.social.devIssuer: ignored when env is "production" (the development issuer never runs there)`,
			}},
		{name: "a development aid asked for in the file", yaml: "identity:\n  social:\n    devIssuer: true\n",
			want: []string{`identity.social.devIssuer: ignored when env is "production" (the development issuer never runs there)`}},
		{name: "development aids turned off", env: map[string]string{"PORTAL_IDENTITY_SOCIAL_DEVISSUER": "false", "PORTAL_IDENTITY_EMBEDDED_MAILLIMITS_EXEMPTLOOPBACK": "false"}},
		{name: "a weak password policy and lockout",
			env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSWORD_MINLENGTH": "1", "PORTAL_IDENTITY_EMBEDDED_PASSWORD_MINCHARGROUPS": "0",
				"PORTAL_IDENTITY_EMBEDDED_LOCKOUT_MAXFAILURES": "100000", "PORTAL_IDENTITY_EMBEDDED_LOCKOUT_DURATION": "1s"},
			want: []string{
				`identity.embedded.lockout: 100000 failures in 15m0s lock a login ID for 1s, weaker than the spec's 5 in 15m0s for 15m0s: passwords can be guessed faster`,
				`identity.embedded.password.minCharGroups: 0, weaker than the spec's 4 (lower and upper case letters, digits and other characters)`,
				`identity.embedded.password.minLength: 1, weaker than the spec's 8`,
			}},
		{name: "mail in clear text to a relay without STARTTLS", env: map[string]string{"PORTAL_MAIL_SMTP_TLS": "opportunistic"},
			want: []string{`mail.smtp.tls: opportunistic when env is "production": mails (reset links among them) go out unencrypted to a relay that offers no STARTTLS; ` +
				`set it to required, or use smtps://`}},
		{name: "mail in clear text asked for but the relay has credentials", env: map[string]string{"PORTAL_MAIL_SMTP_TLS": "opportunistic", "PORTAL_MAIL_SMTP_URL": "smtp://portal:s3cret@mail.example.com:587"}},
		{name: "mail in clear text asked for but the relay URL is smtps", env: map[string]string{"PORTAL_MAIL_SMTP_TLS": "opportunistic", "PORTAL_MAIL_SMTP_URL": "smtps://mail.example.com"}},
		{name: "a stricter policy", env: map[string]string{"PORTAL_IDENTITY_EMBEDDED_PASSWORD_MINLENGTH": "12", "PORTAL_IDENTITY_EMBEDDED_LOCKOUT_MAXFAILURES": "3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := isolate(t)
			configtest.SetProduction(t)
			if tc.yaml != "" {
				writeFile(t, filepath.Join(dir, "portal.yaml"), tc.yaml)
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, warnings, err := config.LoadWithWarnings(config.Sources{})
			require.NoError(t, err)
			require.Equal(t, tc.want, warnings)
		})
	}
}

// Outside production the development aids work and a weak policy is a developer's choice: nothing to warn of, on
// this machine (make run's 127.0.0.1).
func TestNoProductionWarningsInDevelopment(t *testing.T) {
	isolate(t)
	t.Setenv("PORTAL_HTTP_ADDR", "127.0.0.1:8080")
	t.Setenv("PORTAL_IDENTITY_SOCIAL_DEVISSUER", "true")
	t.Setenv("PORTAL_IDENTITY_EMBEDDED_PASSWORD_MINLENGTH", "1")
	_, warnings, err := config.LoadWithWarnings(config.Sources{})
	require.NoError(t, err)
	require.Empty(t, warnings)
}

// Sources.Defaults replace built-in defaults (the commands besides serve log warnings only) and lose to every
// configured value.
func TestSourcesDefaults(t *testing.T) {
	isolate(t)
	quiet := config.Sources{Defaults: map[string]any{"log.level": "warn"}}
	cfg, err := config.Load(quiet)
	require.NoError(t, err)
	require.Equal(t, "warn", cfg.Log.Level)

	t.Setenv("PORTAL_LOG_LEVEL", "info")
	cfg, err = config.Load(quiet)
	require.NoError(t, err)
	require.Equal(t, "info", cfg.Log.Level, "a level configured wins")
}

// A deployment that forgot PORTAL_ENV ran on development's settings (the README's demo shop key dev-shop-key, the
// loopback exemptions, the development issuer) without a word (QA operator round): development reachable beyond
// this machine is one warning naming PORTAL_ENV=production. On this machine (make run, the tests) nothing is said.
func TestDevelopmentBeyondThisMachineWarns(t *testing.T) {
	const aids = "development's aids are on (the demo shop key dev-shop-key, callers on this machine exempt from the per-address limits, " +
		"the development identity issuer); on a deployment set PORTAL_ENV=production"
	for _, tc := range []struct {
		addr, publicURL, want string
	}{
		{addr: "127.0.0.1:8080"},
		{addr: "127.0.0.1:0"},
		{addr: "[::1]:8080"},
		{addr: "localhost:8080"},
		{addr: "127.0.0.1:8080", publicURL: "http://localhost:8080"},
		{addr: "127.0.0.1:8080", publicURL: "http://konto.localhost:8080"},
		{addr: ":8080", want: `env: "development" while http.addr ":8080" listens beyond this machine: ` + aids},
		{addr: "0.0.0.0:8080", want: `env: "development" while http.addr "0.0.0.0:8080" listens beyond this machine: ` + aids},
		{addr: "192.168.1.5:8080", want: `env: "development" while http.addr "192.168.1.5:8080" listens beyond this machine: ` + aids},
		{addr: "127.0.0.1:8080", publicURL: "https://konto.example.com",
			want: `env: "development" while http.publicUrl "https://konto.example.com" is an address beyond this machine: ` + aids},
		{addr: "127.0.0.1:8080", publicURL: "http://konto.example.com:8080",
			want: `env: "development" while http.publicUrl "http://konto.example.com:8080" is an address beyond this machine: ` + aids},
	} {
		t.Run(tc.addr+" "+tc.publicURL, func(t *testing.T) {
			isolate(t)
			t.Setenv("PORTAL_HTTP_ADDR", tc.addr)
			t.Setenv("PORTAL_HTTP_PUBLICURL", tc.publicURL)
			_, warnings, err := config.LoadWithWarnings(config.Sources{})
			require.NoError(t, err)
			if tc.want == "" {
				require.Empty(t, warnings)
			} else {
				require.Equal(t, []string{tc.want}, warnings)
			}
		})
	}

	t.Run("with development's aids turned off", func(t *testing.T) {
		isolate(t)
		for k, v := range map[string]string{"PORTAL_HTTP_ADDR": ":8080", "PORTAL_REMINDERS_APIKEYS": "shop-key-0123456789",
			"PORTAL_IDENTITY_EMBEDDED_MAILLIMITS_EXEMPTLOOPBACK": "false", "PORTAL_IDENTITY_SOCIAL_DEVISSUER": "false"} {
			t.Setenv(k, v)
		}
		_, warnings, err := config.LoadWithWarnings(config.Sources{})
		require.NoError(t, err)
		require.Equal(t, []string{`env: "development" while http.addr ":8080" listens beyond this machine: ` +
			"development's relaxed checks apply (no keys or mail relay required, the session cookie without its __Host- prefix); on a deployment set PORTAL_ENV=production"}, warnings)
	})
}
