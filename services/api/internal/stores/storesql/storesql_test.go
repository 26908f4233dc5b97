package storesql_test

import (
	"testing"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/storesql"
	"github.com/grocer-portal/portal/services/api/internal/stores/storetest"
)

func TestRepository(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		first := true
		storetest.Suite(t, func(t *testing.T) stores.Repository {
			// Each case needs an empty directory; the first reuses db.
			if first {
				first = false
				return storesql.New(db)
			}
			if db.Dialect == database.Postgres {
				return storesql.New(dbtest.Postgres(t))
			}
			return storesql.New(dbtest.SQLite(t))
		})
	})
}
