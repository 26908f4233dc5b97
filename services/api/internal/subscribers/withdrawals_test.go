package subscribers_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// TestWithdrawalStore runs on SQLite and (with PORTAL_TEST_POSTGRES_URL) PostgreSQL.
func TestWithdrawalStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := subscribers.NewSQLWithdrawals(db)
		anna := subscribers.HashEmail("anna@example.com")
		require.Equal(t, anna, subscribers.HashEmail(identity.Email("Anna@Example.com")), "the hash ignores case")

		_, found, err := s.LastWithdrawal(ctx, anna)
		require.NoError(t, err)
		require.False(t, found)

		t0 := time.Date(2030, 3, 1, 9, 0, 0, 500_000_000, time.UTC)
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: anna, Subscriptions: []string{"NLT_GENERAL", "SVC_PRODUCT_REMINDER"}, Reminders: 3, At: t0}))
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: anna, At: t0.Add(48 * time.Hour)}))
		require.NoError(t, s.Record(ctx, subscribers.Withdrawal{EmailHash: subscribers.HashEmail("ben@example.com"), At: t0.Add(72 * time.Hour)}))

		at, found, err := s.LastWithdrawal(ctx, anna)
		require.NoError(t, err)
		require.True(t, found)
		require.True(t, at.Equal(t0.Add(48*time.Hour)), at)

		list, err := s.Withdrawals(ctx, anna)
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, []string{"NLT_GENERAL", "SVC_PRODUCT_REMINDER"}, list[0].Subscriptions)
		require.Equal(t, 3, list[0].Reminders)
		require.True(t, list[0].At.Equal(t0))
		require.Empty(t, list[1].Subscriptions)
	})
}

func TestLinksOlderThanAWithdrawalAreRefused(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	now := time.Date(2030, 3, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	key := subscribers.Key{ID: "k1", Secret: []byte("0123456789abcdef0123456789abcdef")}
	tokens, err := subscribers.NewTokens(subscribers.TokenSettings{Issuer: "i", Audience: "a", Keys: []subscribers.Key{key}, Now: clock})
	require.NoError(t, err)
	withdrawals := subscribers.NewSQLWithdrawals(db)
	links := subscribers.NewLinks(tokens, withdrawals, nil, nil)

	old, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	other, _, err := tokens.Mint("ben@example.com", time.Hour)
	require.NoError(t, err)
	require.NoError(t, withdrawals.Record(ctx, subscribers.Withdrawal{EmailHash: subscribers.HashEmail("anna@example.com"), At: now.Add(300 * time.Millisecond)}))

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
}
