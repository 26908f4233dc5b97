package embedded_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// The preference-centre link a session asks for lives while the session does (subscribers.SessionBinder): its use
// keeps the session alive (TestTheCentresUseOfASessionsLinkKeepsTheSessionAlive), so a session that idled out ends
// it, as a password change does.
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
		h.advance(29 * time.Minute)
		require.True(t, live(), "the link's use is the session's: it slides the idle expiry")
		h.advance(31 * time.Minute) // past the idle limit, unused: neither the centre nor the account pages
		require.False(t, live(), "a session that idled out ends its links (QA, 2026-11-30)")
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

// The centre opened from the account pages is the shopper's use of the session: each use of its link (the exchange,
// SessionLive) and of the regToken exchanged from it (the centre's reads and saves) slides the session's idle expiry,
// as the account pages' requests do (QA, 2026-11-30: saving in the centre every 10 minutes, the shopper found the
// account logged out after 30). A session that has idled out is not woken by them, and the absolute limit holds.
func TestTheCentresUseOfASessionsLinkKeepsTheSessionAlive(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("lina@example.com")
		_, session := h.login("lina@example.com", goodPassword)
		key := h.p.SessionKey(session)
		bound, ok := h.p.Backend().(interface {
			SessionSubscriberRegToken(ctx context.Context, email identity.Email, sessionKey string) (identity.RegToken, error)
		})
		require.True(t, ok, "the embedded backend binds regTokens to sessions")
		centre, err := bound.SessionSubscriberRegToken(h.ctx, identity.Email("lina@example.com"), key)
		require.NoError(t, err)
		accountPages := func() int {
			info, err := h.p.GetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, "", "profile", "")
			require.NoError(t, err)
			return info.ErrorCode
		}

		// Saves every 10 minutes, and the link exchanged again before the regToken's hour is out: no request of the
		// account pages.
		for minute := 10; minute <= 110; minute += 10 {
			h.advance(10 * time.Minute)
			if minute == 30 || minute == 90 {
				ok, err := h.p.SessionLive(h.ctx, key)
				require.NoError(t, err)
				require.True(t, ok, "minute %d", minute)
				centre, err = bound.SessionSubscriberRegToken(h.ctx, identity.Email("lina@example.com"), key)
				require.NoError(t, err)
				continue
			}
			saved, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: centre.Token,
				Profile: map[string]any{"firstName": []string{"Lina", "Line"}[minute/10%2]}})
			require.NoError(t, err)
			require.Equal(t, contract.CodeOK, saved.ErrorCode, "minute %d: %s", minute, saved.ErrorDetails)
		}
		h.advance(2 * time.Minute)
		require.Equal(t, contract.CodeOK, accountPages(), "the account pages 2 minutes after the centre's last save")

		// Left alone, the session idles out, and with it the centre's regToken: a save 35 minutes after the last use
		// was written while the session was over for the account pages and for the centre's look-up (QA, 2026-11-30).
		h.advance(35 * time.Minute)
		read, err := h.p.GetAccountInfo(h.ctx, embedded.Caller{}, centre.Token, "profile", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, read.ErrorCode, "the regToken ends with the session it is bound to")
		saved, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: centre.Token,
			Profile: map[string]any{"firstName": "Lena"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, saved.ErrorCode, "nothing is written")
		ok, err = h.p.SessionLive(h.ctx, key)
		require.NoError(t, err)
		require.False(t, ok, "nor does its link exchange for a new regToken")
		require.Equal(t, contract.CodeUnauthorized, accountPages(), "idled out")
	})
}
