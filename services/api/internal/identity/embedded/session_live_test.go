package embedded_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// The preference-centre link a session asks for lives while the session does (subscribers.SessionBinder): idle
// time in the centre does not end it, a password change does.
func TestSessionLiveForTheLinksASessionAsksFor(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("lina@example.com")
		_, session := h.login("lina@example.com", goodPassword)
		key := h.p.SessionKey(session)
		require.NotContains(t, key, session, "the key is not the token")
		live := func() bool {
			ok, err := h.p.SessionLive(h.ctx, key)
			require.NoError(t, err)
			return ok
		}
		require.True(t, live())
		h.advance(45 * time.Minute) // past the idle limit: the shopper is in the centre
		require.True(t, live())
		ok, err := h.p.SessionLive(h.ctx, h.p.SessionKey("no-such-session"))
		require.NoError(t, err)
		require.False(t, ok)

		_, session = h.login("lina@example.com", goodPassword)
		key = h.p.SessionKey(session)
		centre, err := h.p.Backend().SubscriberRegToken(h.ctx, identity.Email("lina@example.com"))
		require.NoError(t, err)
		changed, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Other-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, changed.ErrorCode, changed.ErrorDetails)
		require.False(t, live(), "a password change ends the session and its links")
		info, err := h.p.GetAccountInfo(h.ctx, embedded.Caller{}, centre.Token, "profile", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, info.ErrorCode, "and the regTokens the centre holds: it exchanges its link again")
	})
}
