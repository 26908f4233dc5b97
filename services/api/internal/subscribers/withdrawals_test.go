package subscribers_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

var withdrawalKey = []byte("withdrawal-key-0123456789abcdef!")

// TestWithdrawalStore runs on SQLite and (with PORTAL_TEST_POSTGRES_URL) PostgreSQL.
func TestWithdrawalStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := subscribers.NewSQLWithdrawals(db, withdrawalKey)
		anna := s.HashEmail("anna@example.com")
		require.Equal(t, anna, s.HashEmail(identity.Email("Anna@Example.com")), "the hash ignores case")

		_, found, err := s.LastWithdrawal(ctx, "anna@example.com")
		require.NoError(t, err)
		require.False(t, found)

		t0 := time.Date(2030, 3, 1, 9, 0, 0, 500_000_000, time.UTC)
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: anna, Subscriptions: []string{"NLT_GENERAL", "SVC_PRODUCT_REMINDER"}, Reminders: 3, At: t0}))
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: anna, At: t0.Add(48 * time.Hour)}))
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: s.HashEmail("ben@example.com"), At: t0.Add(72 * time.Hour)}))

		at, found, err := s.LastWithdrawal(ctx, "anna@example.com")
		require.NoError(t, err)
		require.True(t, found)
		require.True(t, at.Equal(t0.Add(48*time.Hour)), at)

		list, err := s.Withdrawals(ctx, "anna@example.com")
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, []string{"NLT_GENERAL", "SVC_PRODUCT_REMINDER"}, list[0].Subscriptions)
		require.Equal(t, 3, list[0].Reminders)
		require.True(t, list[0].At.Equal(t0))
		require.Empty(t, list[1].Subscriptions)
	})
}

// TestWithdrawalHashIsKeyed: the record names its address by an HMAC with the service's key, not by a SHA-256
// anyone with a list of addresses can compute (QA privacy round of 2026-11-29); rows kept under the plain SHA-256
// before still answer, as they cannot be re-keyed (their addresses are gone). On SQLite and PostgreSQL.
func TestWithdrawalHashIsKeyed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := subscribers.NewSQLWithdrawals(db, withdrawalKey)
		t0 := time.Date(2030, 3, 1, 9, 0, 0, 0, time.UTC)
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: s.HashEmail("anna@example.com"), At: t0}))
		var stored string
		require.NoError(t, db.QueryRowContext(ctx, `SELECT email_hash FROM subscriber_withdrawals`).Scan(&stored))
		plain := sha256.Sum256([]byte("anna@example.com"))
		require.NotEqual(t, hex.EncodeToString(plain[:]), stored, "not a plain SHA-256 of the address")
		require.Equal(t, subscribers.LegacyEmailHash("anna@example.com"), hex.EncodeToString(plain[:]))
		_, found, err := subscribers.NewSQLWithdrawals(db, []byte("another-key-0123456789abcdef!!!!")).LastWithdrawal(ctx, "anna@example.com")
		require.NoError(t, err)
		require.False(t, found, "without the key the address does not find its record")

		// A row from before the key, under the plain SHA-256, is found, beside the keyed ones.
		_, err = db.ExecContext(ctx, db.Rebind(`INSERT INTO subscriber_withdrawals (email_hash, subscriptions, reminders, withdrawn_at)
			VALUES (?, ?, ?, ?)`), subscribers.LegacyEmailHash("Ben@Example.com"), "NLT_GENERAL", 0, withdrawnAt(db, t0))
		require.NoError(t, err)
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: s.HashEmail("ben@example.com"), At: t0.Add(time.Hour)}))
		at, found, err := s.LastWithdrawal(ctx, "ben@example.com")
		require.NoError(t, err)
		require.True(t, found)
		require.True(t, at.Equal(t0.Add(time.Hour)), at)
		list, err := s.Withdrawals(ctx, "ben@example.com")
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, []string{"NLT_GENERAL"}, list[0].Subscriptions)
		require.Equal(t, subscribers.LegacyEmailHash("ben@example.com"), list[0].EmailHash)
		require.Equal(t, s.HashEmail("ben@example.com"), list[1].EmailHash)
	})
}

// withdrawnAt is t as the store writes it.
func withdrawnAt(db *database.DB, t time.Time) any {
	if db.Dialect == database.Postgres {
		return t
	}
	return t.Format("2006-01-02T15:04:05.000000000Z")
}

func TestLinksOlderThanAWithdrawalAreRefused(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	now := time.Date(2030, 3, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	key := subscribers.Key{ID: "k1", Secret: []byte("0123456789abcdef0123456789abcdef")}
	tokens, err := subscribers.NewTokens(subscribers.TokenSettings{Issuer: "i", Audience: "a", Keys: []subscribers.Key{key}, Now: clock})
	require.NoError(t, err)
	withdrawals := subscribers.NewSQLWithdrawals(db, withdrawalKey)
	links := subscribers.NewLinks(tokens, withdrawals, nil, nil)

	old, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	other, _, err := tokens.Mint("ben@example.com", time.Hour)
	require.NoError(t, err)
	require.NoError(t, withdrawals.Record(ctx, subscribers.Withdrawal{EmailHash: withdrawals.HashEmail("anna@example.com"), At: now.Add(300 * time.Millisecond)}))

	_, err = links.Verify(ctx, old)
	require.ErrorIs(t, err, subscribers.ErrInvalidToken)
	require.ErrorIs(t, err, subscribers.ErrWithdrawn)
	email, err := links.Verify(ctx, other)
	require.NoError(t, err)
	require.Equal(t, identity.Email("ben@example.com"), email)

	now = now.Add(time.Second)
	fresh, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	email, err = links.Verify(ctx, fresh)
	require.NoError(t, err, "a link issued after the withdrawal opens again")
	require.Equal(t, identity.Email("anna@example.com"), email)

	// A withdrawal recorded before the hash was keyed (a plain SHA-256) still refuses the older links.
	_, err = db.ExecContext(ctx, `INSERT INTO subscriber_withdrawals (email_hash, subscriptions, reminders, withdrawn_at)
		VALUES (?, '', 0, ?)`, subscribers.LegacyEmailHash("ben@example.com"), withdrawnAt(db, now.Add(300*time.Millisecond)))
	require.NoError(t, err)
	_, err = links.Verify(ctx, other)
	require.ErrorIs(t, err, subscribers.ErrWithdrawn, "a legacy record refuses an older link")
}
