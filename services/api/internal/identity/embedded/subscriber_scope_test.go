package embedded_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// TestSubscriberRegTokenReachesThePreferenceCentreOnly: the regToken of a mailed preference-centre link reads and
// writes what the centre shows and saves (spec 001 §3, §7; contract subscriberScope), not the customer account behind
// the address: a forwarded newsletter link read the account's address book and rewrote it, moving its store area
// (QA security round of 2026-11-29).
func TestSubscriberRegTokenReachesThePreferenceCentreOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		_, carol := h.loggedIn("carol@example.com")
		own, err := h.p.SetAccountInfo(h.ctx, carol, embedded.SetAccountInfoParams{
			Profile: map[string]any{"birthYear": 1980, "zip": "20095", "country": "DE",
				"phones": []any{map[string]any{"number": "+4940123456", "type": "mobile"}}},
			Data: address("street", "Hauptstr"),
		})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, own.ErrorCode, own.ErrorDetails)
		rt, err := h.p.Backend().SubscriberRegToken(h.ctx, identity.Email("carol@example.com"))
		require.NoError(t, err)
		centre := embedded.Caller{}
		read := func() embedded.Result {
			t.Helper()
			r, err := h.p.GetAccountInfo(h.ctx, centre, rt.Token, "profile,data,preferences,subscriptions", "phones")
			require.NoError(t, err)
			require.Equal(t, contract.CodeOK, r.ErrorCode)
			return r
		}

		seen := read()
		profile, data := seen.Fields["profile"].(map[string]any), seen.Fields["data"].(map[string]any)
		require.Equal(t, "carol@example.com", profile["email"])
		require.Equal(t, "Eva", profile["firstName"], "the centre's greeting")
		require.EqualValues(t, 1980, profile["birthYear"])
		require.NotNil(t, profile["phones"], "spec 001 §3 lists the phones")
		require.NotContains(t, data, "addressBook")
		require.NotContains(t, data, "customerassignment")
		for _, name := range []string{"lastLogin", "socialProviders", "loginProvider", "regSource", "loginIDs", "emails"} {
			require.NotContains(t, seen.Fields, name)
		}
		require.Equal(t, true, seen.Fields["isRegistered"])

		// What the centre saves (001 §7): subscriptions, data.sfmc, data.preference, data.salutation and the profile's
		// names, birth date, postcode with its country and phones; the account's own address writes nothing.
		saved, err := h.p.SetAccountInfo(h.ctx, centre, embedded.SetAccountInfoParams{RegToken: rt.Token,
			Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}},
			Data: map[string]any{"salutation": "mrs", "sfmc": map[string]any{"dataProcessingConsented": true},
				"preference": map[string]any{"ORGANIC": true}},
			Profile: map[string]any{"email": "Carol@Example.com", "firstName": "Carol", "birthYear": 1981, "birthMonth": 2, "birthDay": 3,
				"zip": "80331", "country": "DE", "phones": []any{map[string]any{"number": "+4989123456", "type": "mobile"}}},
		})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, saved.ErrorCode, saved.ErrorDetails)
		require.Equal(t, "Carol", read().Fields["profile"].(map[string]any)["firstName"])

		for _, tc := range []struct {
			name  string
			in    embedded.SetAccountInfoParams
			field string
		}{
			{"the address book", embedded.SetAccountInfoParams{Data: address("street", "Fremdweg")}, "data.addressBook"},
			{"the address book beside what the centre saves", embedded.SetAccountInfoParams{
				Profile: map[string]any{"firstName": "Mallory"}, Data: map[string]any{"sfmc": map[string]any{"personalisationOptIn": true}, "addressBook": nil}}, "data.addressBook"},
			{"the store area", embedded.SetAccountInfoParams{Data: map[string]any{"customerassignment": "SUED"}}, "data.customerassignment"},
			{"the consents", embedded.SetAccountInfoParams{Preferences: consent}, "preferences.terms"},
			{"another address", embedded.SetAccountInfoParams{Profile: map[string]any{"email": "mallory@example.net"}}, "profile.email"},
			{"the password", embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Mallory-Passw0rd"}, "password"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tc.in.RegToken = rt.Token
				r, err := h.p.SetAccountInfo(h.ctx, centre, tc.in)
				require.NoError(t, err)
				require.Equal(t, contract.CodeReadOnlyField, r.ErrorCode)
				require.True(t, strings.HasPrefix(r.ErrorDetails, tc.field+" "), r.ErrorDetails)
			})
		}

		// The account itself is as its owner left it, apart from the centre's save.
		mine, err := h.p.GetAccountInfo(h.ctx, carol, "", "profile,data", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, mine.ErrorCode)
		require.Equal(t, "Carol", mine.Fields["profile"].(map[string]any)["firstName"], "the refused writes changed nothing")
		book := mine.Fields["data"].(map[string]any)["addressBook"].([]any)
		require.Equal(t, "Hauptstr", book[0].(map[string]any)["street"])
		require.Zero(t, h.mailCount("mallory@example.net", embedded.MailVerification))
		r, _ := h.login("carol@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, r.ErrorCode, "the password is the owner's")
	})
}
