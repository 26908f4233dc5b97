package qamode_test

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/qamode"
)

func TestMountRefusesProduction(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	err = qamode.Mount(context.Background(), echo.New(), qamode.Deps{Library: lib, Production: true})
	require.ErrorContains(t, err, "refused in production")
}

func TestShippedScenariosAndPresetsLoad(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	require.Contains(t, lib.Names(), qamode.DefaultScenario)
	require.Contains(t, lib.Names(), "outage")
	sc, found := lib.Scenario(qamode.DefaultScenario)
	require.True(t, found)
	require.GreaterOrEqual(t, len(sc.Accounts), 9, "every account state of the issue: active, unverified, incomplete, blocked, locked, social-only, conflict, newsletter, reminders")
	require.NotEmpty(t, lib.Presets())
}

func TestParseForced(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	for _, tc := range []struct {
		name, spec string
		want       qamode.ForcedAnswer
		wrong      string
	}{
		{name: "method and code", spec: "login:206006", want: qamode.ForcedAnswer{Method: "login", ErrorCode: 206006}},
		{name: "with details", spec: "login:400006:REGISTRATION_UNVERIFIED", want: qamode.ForcedAnswer{Method: "login", ErrorCode: 400006, ErrorDetails: "REGISTRATION_UNVERIFIED"}},
		{name: "unknown method", spec: "fly:1", wrong: "unknown method"},
		{name: "code not a number", spec: "login:x", wrong: "must be a number"},
		{name: "neither", spec: "nonsense", wrong: "neither a preset"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := lib.ParseForced(tc.spec)
			if tc.wrong != "" {
				require.ErrorContains(t, err, tc.wrong)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	preset, err := lib.ParseForced("setAccountInfo-400009")
	require.NoError(t, err)
	require.Equal(t, "setAccountInfo", preset.Method)
	require.NotEmpty(t, preset.ValidationErrors)
}

// The registration page's limit text (400125, the embedded provider's limits per client address) can be forced from
// the panel on both calls the page makes, with the provider's own words, which the page must not show (2026-11-30).
func TestLimitPresetsForceTheRegistrationCalls(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	for _, method := range []string{"initRegistration", "register"} {
		t.Run(method, func(t *testing.T) {
			preset, err := lib.ParseForced(method + "-400125")
			require.NoError(t, err)
			require.Equal(t, method, preset.Method)
			require.Equal(t, contract.CodeFrequencyLimit, preset.ErrorCode)
			require.Contains(t, preset.ErrorDetails, "try again later")
		})
	}
}

// The tiles' preset names tiles the shipped centre shows, a yes/no tile and a question with one answer, so that a
// journey can force an error on each (apps/e2e/qa/error-catalogue.spec.ts); the centre had no preset for them.
func TestTilesPresetNamesTheShippedTiles(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	preset, err := lib.ParseForced("setAccountInfo-400009-tiles")
	require.NoError(t, err)
	require.Equal(t, "setAccountInfo", preset.Method)
	raw, err := fs.ReadFile(content.Embedded(), "portal/de_DE.json")
	require.NoError(t, err)
	doc, err := content.Decode(raw)
	require.NoError(t, err)
	tiles := map[string]string{} // preference field: tile type
	for _, tab := range doc.PreferenceCentre.Tabs {
		for _, item := range tab.Items {
			if item.Type == content.ItemBooleanTile || item.Type == content.ItemRadioTile {
				tiles[item.Preference] = item.Type
			}
		}
	}
	var kinds []string
	for _, e := range preset.ValidationErrors {
		require.Contains(t, tiles, e.FieldName, "a tile of the shipped centre")
		kinds = append(kinds, tiles[e.FieldName])
	}
	require.ElementsMatch(t, []string{content.ItemBooleanTile, content.ItemRadioTile}, kinds)
}

// The subscription preset refuses a newsletter the shipped centre offers, in the words of the embedded provider's
// refusal of a subscription its schema lacks (400009, 400006 "Unknown subscription" on subscriptions.<KEY>), so that a
// journey can open the centre's 'Entschuldigung!' dialog (spec 001 §2, screen 6), which only a refused subscription
// opens (2026-11-30).
func TestSubscriptionPresetRefusesAShippedNewsletter(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	preset, err := lib.ParseForced("setAccountInfo-400009-subscription")
	require.NoError(t, err)
	require.Equal(t, "setAccountInfo", preset.Method)
	require.Equal(t, contract.CodeValidation, preset.ErrorCode)
	raw, err := fs.ReadFile(content.Embedded(), "portal/de_DE.json")
	require.NoError(t, err)
	doc, err := content.Decode(raw)
	require.NoError(t, err)
	offered := map[string]bool{}
	for _, tab := range doc.PreferenceCentre.Tabs {
		for _, item := range tab.Items {
			if item.Type == content.ItemNewsletters {
				for _, key := range item.Keys {
					offered[key] = true
				}
			}
		}
	}
	require.Len(t, preset.ValidationErrors, 1)
	refusal := preset.ValidationErrors[0]
	key, isSubscription := strings.CutPrefix(refusal.FieldName, "subscriptions.")
	require.True(t, isSubscription, refusal.FieldName)
	require.True(t, offered[key], "a newsletter of the shipped centre: %s", key)
	require.Equal(t, contract.CodeInvalidParameter, refusal.ErrorCode)
	require.Equal(t, "Unknown subscription", refusal.Message)
}

func TestSubscriberTokenNamesTheAddress(t *testing.T) {
	// The same example is in the fake's tests (libs/identity/src/testing/fake-provider.test.ts).
	require.Equal(t, "qa-subscriber.bGVzZXJAZXhhbXBsZS5vcmc", qamode.SubscriberToken("leser@example.org"))
}

func TestBackendAnswersFromTheScenarios(t *testing.T) {
	lib, err := qamode.Load()
	require.NoError(t, err)
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	b := qamode.NewBackend(lib, func() time.Time { return now })
	ctx := context.Background()
	require.NoError(t, b.ResendVerificationEmail(ctx, "unverified@qa.example", "de"))
	require.ErrorIs(t, b.ResendVerificationEmail(ctx, "erika@qa.example", "de"), identity.ErrAlreadyVerified)
	require.ErrorIs(t, b.ResendVerificationEmail(ctx, "newsletter@qa.example", "de"), identity.ErrAccountNotFound)
	require.ErrorIs(t, b.ResendVerificationEmail(ctx, "someone@example.org", "de"), identity.ErrAccountNotFound)
	_, err = b.Login(ctx, "erika@qa.example", "Qa-Passwort-1!")
	require.True(t, errors.Is(err, identity.ErrUnavailable))
	rt, err := b.SubscriberRegToken(ctx, "leser@example.org")
	require.NoError(t, err)
	require.Equal(t, qamode.SubscriberToken("leser@example.org"), rt.Token)
	require.Equal(t, now.Add(time.Hour), rt.ExpiresAt)
	// The scenarios' accounts live in the browser: a link naming an account of the service's opens nothing.
	_, err = b.AccountEmail(ctx, "some-uid")
	require.ErrorIs(t, err, identity.ErrAccountNotFound)
}
