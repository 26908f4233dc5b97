package embedded_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// count is the number of rows of a table.
func count(t *testing.T, db *database.DB, table string) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRow(`SELECT COUNT(*) FROM `+table).Scan(&n))
	return n
}

// QA round of 2026-11-29: failure records, locks and passkey challenges were kept 30 days, although only the
// lockout window (15 minutes), the lock and the 5-minute challenge are ever read. They go an hour after that.
func TestMaintainPurgesLockoutRecordsAndChallengesSoonAfterTheyEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com")
		c := embedded.Caller{ClientAddress: "203.0.113.9"}
		for range contract.LockoutMaxFailures {
			r, err := h.p.Login(h.ctx, c, embedded.LoginParams{LoginID: "eva@example.com", Password: "Wrong-Passw0rd"})
			require.NoError(t, err)
			require.NotEqual(t, contract.CodeOK, r.ErrorCode)
		}
		require.NoError(t, h.store.CreatePasskeyChallenge(h.ctx, embedded.PasskeyChallenge{Hash: "c1", Kind: "login",
			Session: []byte(`{}`), CreatedAt: h.now, ExpiresAt: h.now.Add(5 * time.Minute)}))
		require.NotZero(t, count(t, db, "identity_login_failures"), "the client address's failures")
		require.Equal(t, 1, count(t, db, "identity_login_locks"))

		// Within the window and the lock, everything stays: it still counts.
		h.advance(10 * time.Minute)
		_, err := h.p.Maintain(h.ctx, h.now)
		require.NoError(t, err)
		require.NotZero(t, count(t, db, "identity_login_failures"))
		require.Equal(t, 1, count(t, db, "identity_login_locks"))

		h.advance(2 * time.Hour)
		m, err := h.p.Maintain(h.ctx, h.now)
		require.NoError(t, err)
		require.NotZero(t, m.Throttling)
		for _, table := range []string{"identity_login_failures", "identity_login_locks", "identity_passkey_challenges"} {
			require.Zero(t, count(t, db, table), table)
		}
	})
}

// QA round of 2026-11-29: the lockout's records named a client address and a login ID by a plain SHA-256, which
// trying every IPv4 address (or a list of addresses) reverses. With the service's key they are keyed hashes.
func TestLockoutRecordsAreKeyedHashes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.throttleKey = []byte("0123456789abcdef0123456789abcdef")
		h.p = h.provider()
		_, c := h.loggedIn("eva@example.com")
		r, err := h.p.Login(h.ctx, embedded.Caller{ClientAddress: "203.0.113.9"}, embedded.LoginParams{LoginID: "eva@example.com", Password: "Wrong-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeInvalidLogin, r.ErrorCode)
		plain := func(s string) string { sum := sha256.Sum256([]byte(s)); return hex.EncodeToString(sum[:]) }
		rows, err := db.Query(`SELECT key FROM identity_login_failures`)
		require.NoError(t, err)
		defer func() { _ = rows.Close() }()
		var keys []string
		for rows.Next() {
			var k string
			require.NoError(t, rows.Scan(&k))
			keys = append(keys, k)
		}
		require.NoError(t, rows.Err())
		require.Len(t, keys, 2, "the login ID's and the client address's")
		require.NotContains(t, keys, "login:"+plain("eva@example.com"))
		require.NotContains(t, keys, "addr:"+plain("203.0.113.9"))

		// The account's deletion still finds its login ID's records.
		d, err := h.p.DeleteAccount(h.ctx, c, embedded.DeleteAccountParams{Password: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, d.ErrorCode)
		var left int
		require.NoError(t, db.QueryRow(db.Rebind(`SELECT COUNT(*) FROM identity_login_failures WHERE key LIKE 'login:%'`)).Scan(&left))
		require.Zero(t, left)
	})
}

// QA round of 2026-11-29: a passkey ceremony's challenge (kind add, the account's uid and address, a session with
// its user id) outlived the account's deletion by 30 days.
func TestDeletingAnAccountErasesItsPasskeyChallenges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		uid, c := h.loggedIn("eva@example.com")
		require.NoError(t, h.store.CreatePasskeyChallenge(h.ctx, embedded.PasskeyChallenge{Hash: "c-add", Kind: "add", UID: uid,
			Email: "eva@example.com", Session: []byte(`{"user_id":"x"}`), CreatedAt: h.now, ExpiresAt: h.now.Add(5 * time.Minute)}))
		d, err := h.p.DeleteAccount(h.ctx, c, embedded.DeleteAccountParams{Password: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, d.ErrorCode)
		require.Zero(t, count(t, db, "identity_passkey_challenges"))
	})
}
