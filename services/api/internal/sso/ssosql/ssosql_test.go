package ssosql_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssotest"
)

func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		first := true
		ssotest.Suite(t, func(t *testing.T) sso.Store {
			// Each case needs an empty database; the first reuses db.
			if first {
				first = false
				return ssosql.New(db)
			}
			if db.Dialect == database.Postgres {
				return ssosql.New(dbtest.Postgres(t))
			}
			return ssosql.New(dbtest.SQLite(t))
		})
	})
}

// An account's erasure takes the sign-in requests it logged in through and those a partner's id_token_hint named it
// in.
func TestEraseAccountTakesItsRequests(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := ssosql.New(db)
		now := time.Now().UTC()
		for id, r := range map[string]sso.AuthRequest{"logged-in": {Subject: "uid-1"}, "hinted": {Hint: "uid-1"}, "other": {Subject: "uid-2", Hint: "uid-3"}} {
			r.ID, r.ClientID, r.Browser, r.CreatedAt, r.ExpiresAt = id, "c", "b", now, now.Add(time.Minute)
			require.NoError(t, s.CreateAuthRequest(ctx, r))
		}
		require.NoError(t, db.InTx(ctx, func(tx database.Tx) error { return ssosql.EraseAccount(ctx, tx, "uid-1") }))
		for id, kept := range map[string]bool{"logged-in": false, "hinted": false, "other": true} {
			_, err := s.AuthRequest(ctx, id)
			if kept {
				require.NoError(t, err, id)
			} else {
				require.ErrorIs(t, err, sso.ErrNotFound, id)
			}
		}
	})
}
