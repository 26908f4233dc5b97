package subscribers_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

func TestDevelopmentKeyIsCreatedOnceAndKept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		first, err := subscribers.DevelopmentKey(ctx, db)
		require.NoError(t, err)
		require.Len(t, first.Secret, 32)
		require.NotEmpty(t, first.ID)

		again, err := subscribers.DevelopmentKey(ctx, db)
		require.NoError(t, err)
		require.Equal(t, first, again, "a restart must find the same key, or sent links stop working")

		var n int
		require.NoError(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM signing_keys`).Scan(&n))
		require.Equal(t, 1, n)
	})
}

// development are the settings of a development configuration without keys (app.LinkSettings).
var development = subscribers.LinkSettings{Issuer: "portal", Audience: "preference-centre", DevelopmentKey: true}

func TestKeys(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	configured := development
	configured.Keys = []subscribers.Key{{ID: "k1", Secret: secretNew}, {ID: "k0", Secret: secretOld}}
	production := development
	production.DevelopmentKey = false

	tests := []struct {
		name    string
		cfg     subscribers.LinkSettings
		db      *database.DB
		wantIDs []string
		wantErr error
	}{
		{name: "configured keys in order", cfg: configured, db: db, wantIDs: []string{"k1", "k0"}},
		{name: "configured keys need no database", cfg: configured, wantIDs: []string{"k1", "k0"}},
		{name: "development without keys uses the stored key", cfg: development, db: db, wantIDs: []string{"development"}},
		{name: "production without keys", cfg: production, db: db, wantErr: subscribers.ErrNoSigningKey},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			keys, err := subscribers.Keys(ctx, tc.cfg, tc.db)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			ids := make([]string, 0, len(keys))
			for _, k := range keys {
				ids = append(ids, k.ID)
			}
			require.Equal(t, tc.wantIDs, ids)
		})
	}
}

func TestOpenTokensSurviveRestart(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	before, err := subscribers.OpenTokens(ctx, development, db)
	require.NoError(t, err)
	token, _, err := before.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)

	after, err := subscribers.OpenTokens(ctx, development, db)
	require.NoError(t, err)
	email, err := after.Verify(ctx, token)
	require.NoError(t, err)
	require.Equal(t, "anna@example.com", email.String())
}
