package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
)

// TestPasskeysOnAPublicURLWrittenInCapitals: an operator may write the public URL as the brand does
// (https://Konto.Example.DE). Browsers send hosts in lower case, in the origin and in the relying-party id whose
// hash the authenticator signs, and WebAuthn compares that hash byte for byte: taken as written, the relying-party
// id refused every passkey (operator round of 2026-11-29). The configuration as loaded, wired into the embedded
// provider as serve does, registers a passkey answered as a browser on that site answers.
func TestPasskeysOnAPublicURLWrittenInCapitals(t *testing.T) {
	for _, tc := range []struct {
		name      string
		overrides map[string]any
	}{
		{"public URL", map[string]any{"http.publicUrl": "https://Konto.Example.DE"}},
		{"relying-party id and origins", map[string]any{"http.publicUrl": "https://konto.example.de",
			"identity.embedded.passkeys.rpId": "Example.DE", "identity.embedded.passkeys.origins": []string{"https://Konto.Example.DE"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := config.Load(config.Sources{Overrides: tc.overrides})
			require.NoError(t, err)
			settings := app.EmbeddedSettings(cfg)
			settings.Argon2 = embedded.Argon2Params{MemoryKiB: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
			p, err := embedded.New(settings, embedded.Deps{Store: embedded.NewSQLStore(dbtest.SQLite(t)), Now: time.Now})
			require.NoError(t, err)

			ctx := context.Background()
			init, err := p.InitRegistration(ctx, embedded.Caller{})
			require.NoError(t, err)
			opts, err := p.InitPasskeyRegistration(ctx, embedded.Caller{}, init.RegToken, "pia@example.com")
			require.NoError(t, err)
			require.Equal(t, contract.CodeOK, opts.ErrorCode, opts.ErrorDetails)
			rpID := "konto.example.de"
			if tc.overrides["identity.embedded.passkeys.rpId"] != nil {
				rpID = "example.de"
			}
			phone := passkeytest.New(rpID, "https://konto.example.de")
			answer, err := phone.Register(opts.Fields["options"])
			require.NoError(t, err)
			r, err := p.Register(ctx, embedded.Caller{}, embedded.RegisterParams{Email: "pia@example.com", RegToken: init.RegToken, Lang: "de",
				Profile:     map[string]any{"firstName": "Pia", "lastName": "Passkey"},
				Preferences: map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}},
				Passkey:     answer})
			require.NoError(t, err)
			require.Equal(t, contract.CodePendingVerification, r.ErrorCode, "the passkey is taken: %s", r.ErrorDetails)
		})
	}
}
