package embedded_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// A link the product issued for an account asks the account's address now (subscribers.Links): the new one once an
// e-mail change is confirmed, none once the account is deleted. The session's link names its account.
func TestAccountEmailFollowsTheAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		backend := h.p.Backend()
		uid, caller := h.loggedIn("eva@example.com")

		sessionUID, email, err := h.p.SessionAccount(h.ctx, caller.SessionToken)
		require.NoError(t, err)
		require.Equal(t, uid, sessionUID)
		require.Equal(t, identity.Email("eva@example.com"), email)
		_, _, err = h.p.SessionAccount(h.ctx, "no-such-session")
		require.ErrorIs(t, err, identity.ErrAccountNotFound)

		got, err := backend.AccountEmail(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, identity.Email("eva@example.com"), got)

		w, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "Eva.Neu@Example.com"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, w.ErrorCode, w.ErrorDetails)
		got, err = backend.AccountEmail(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, identity.Email("eva@example.com"), got, "a change not yet confirmed")
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("eva.neu@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		got, err = backend.AccountEmail(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, identity.Email("eva.neu@example.com"), got)

		_, session := h.login("eva.neu@example.com", goodPassword)
		deleted, err := h.p.DeleteAccount(h.ctx, embedded.Caller{SessionToken: session}, embedded.DeleteAccountParams{Password: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, deleted.ErrorCode, deleted.ErrorDetails)
		_, err = backend.AccountEmail(h.ctx, uid)
		require.ErrorIs(t, err, identity.ErrAccountNotFound)
		_, err = backend.AccountEmail(h.ctx, "no-such-uid")
		require.ErrorIs(t, err, identity.ErrAccountNotFound)
	})
}
