package embedded_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// An operator's block holds the links mailed to the account's own address without spending them: while the account
// is disabled its registration's verification link, a reset link and a double opt-in link change nothing and answer
// 403041, and once it is enabled again each works within its time (QA operator round of 2026-11-30: `portal accounts
// disable` and `enable` left a shopper's verification link "unknown", and the registration could never be
// confirmed). An e-mail change link, which a session asked for, ends with the sessions: the block may be for a
// thief's.
func TestDisablingHoldsTheMailedLinks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		r := h.register(embedded.RegisterParams{Email: "new@example.com", Password: goodPassword, Lang: "de",
			Profile: map[string]any{"firstName": "Nia", "lastName": "Neu"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
		verification := h.lastLink("new@example.com", embedded.MailVerification)

		uid, caller := h.loggedIn("eva@example.com")
		s, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "eva.new@example.com"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode, s.ErrorDetails)
		emailChange := h.lastLink("eva.new@example.com", embedded.MailVerification)
		s, err = h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{
			Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode, s.ErrorDetails)
		doubleOptIn := h.lastLink("eva@example.com", embedded.MailSubscriptionConfirmation)
		s, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode, s.ErrorDetails)
		reset := h.lastLink("eva@example.com", embedded.MailPasswordReset)

		follow := func() (verified int, doi embedded.SubscriptionLinkOutcome, resetTo embedded.Result) {
			verified, err := h.p.VerifyEmail(h.ctx, verification)
			require.NoError(t, err)
			doi, err = h.p.ConfirmSubscription(h.ctx, doubleOptIn)
			require.NoError(t, err)
			resetTo, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{PasswordResetToken: reset, NewPassword: "Other-Passw0rd!x"})
			require.NoError(t, err)
			return verified, doi, resetTo
		}
		changed := func() int {
			code, err := h.p.VerifyEmail(h.ctx, emailChange)
			require.NoError(t, err)
			return code
		}

		for _, email := range []string{"new@example.com", "eva@example.com"} {
			require.NoError(t, h.p.SetDisabled(h.ctx, email, true))
		}
		verified, doi, resetTo := follow()
		require.Equal(t, contract.CodeAccountDisabled, verified, "the verification link says the account is blocked")
		require.Equal(t, contract.CodeAccountDisabled, doi.Code)
		require.Equal(t, contract.CodeAccountDisabled, resetTo.ErrorCode)
		require.Equal(t, contract.CodeNotFound, changed(), "the e-mail change ended with the sessions")
		newcomer, err := h.store.AccountByEmail(h.ctx, "new@example.com")
		require.NoError(t, err)
		require.False(t, newcomer.IsVerified, "nothing confirmed while blocked")
		eva, err := h.store.AccountByUID(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, "Pending", eva.Subscriptions["NLT_GENERAL"].(map[string]any)["email"].(map[string]any)["doubleOptIn"].(map[string]any)["status"])

		for _, email := range []string{"new@example.com", "eva@example.com"} {
			require.NoError(t, h.p.SetDisabled(h.ctx, email, false))
		}
		login, _ := h.login("eva@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, login.ErrorCode, "the reset refused while blocked changed no password")
		require.Equal(t, contract.CodeNotFound, changed(), "an ended e-mail change stays ended")
		verified, doi, resetTo = follow()
		require.Equal(t, contract.CodeOK, verified, "enabled, the verification link works")
		require.Equal(t, contract.CodeOK, doi.Code)
		require.Equal(t, contract.CodeOK, resetTo.ErrorCode)
		login, _ = h.login("new@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, login.ErrorCode)
		eva, err = h.store.AccountByUID(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, "eva@example.com", eva.Email)
	})
}
