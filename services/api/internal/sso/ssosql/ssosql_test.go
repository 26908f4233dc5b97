package ssosql_test

import (
	"testing"

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
