package embedded_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// A regToken that no longer opens anything is refused (403005) even when the browser also has a session: the call
// named the token's account, and the session may be someone else's (QA bad-input round: the preference centre of
// one address, its regToken ended by a password change, read and wrote the account logged in on the same browser).
func TestDeadRegTokenNeverFallsBackToTheSession(t *testing.T) {
	h := newHarness(t, dbtest.SQLite(t))
	h.registerVerified("alice@example.com")
	_, session := h.login("alice@example.com", goodPassword)
	require.NotEmpty(t, session)
	caller := embedded.Caller{SessionToken: session}

	// Made-up regTokens.
	for _, regToken := range []string{"no-such-token", "x"} {
		r, err := h.p.GetAccountInfo(h.ctx, caller, regToken, "profile", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, r.ErrorCode, "getAccountInfo answered %v", r.Fields["profile"])

		r, err = h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{RegToken: regToken,
			Data: map[string]any{"preference": map[string]any{"VEGAN": true}}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, r.ErrorCode)
	}

	// An expired regToken of another account: a registration left pending, its token past its lifetime while the
	// session stays in use.
	reg := h.register(embedded.RegisterParams{Email: "bob@example.com", Password: goodPassword, Lang: "de",
		Profile: map[string]any{"firstName": "Bob", "lastName": "Bauer"}})
	require.Equal(t, contract.CodePendingRegistration, reg.ErrorCode)
	for range 5 { // 75 minutes, the session used every quarter of an hour
		h.advance(contract.RegTokenLifetime / 4)
		r, err := h.p.GetAccountInfo(h.ctx, caller, "", "profile", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
	}
	r, err := h.p.GetAccountInfo(h.ctx, caller, reg.RegToken, "profile", "")
	require.NoError(t, err)
	require.Equal(t, contract.CodeUnauthorized, r.ErrorCode, "getAccountInfo answered %v", r.Fields["profile"])
	r, err = h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{RegToken: reg.RegToken,
		Preferences: consent, Profile: map[string]any{"zip": "10115", "country": "DE"}})
	require.NoError(t, err)
	require.Equal(t, contract.CodeUnauthorized, r.ErrorCode)

	// Alice's account is as it was; her session alone still reads it.
	r, err = h.p.GetAccountInfo(h.ctx, caller, "", "profile,data", "")
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, r.ErrorCode)
	require.Equal(t, "alice@example.com", r.Fields["profile"].(map[string]any)["email"])
	require.Empty(t, r.Fields["data"])
	require.NotContains(t, r.Fields["profile"], "zip")
}
