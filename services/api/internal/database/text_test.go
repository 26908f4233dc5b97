package database_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

func TestStorable(t *testing.T) {
	for s, want := range map[string]bool{"": true, "Grüße": true, "a\tb": true, "a\x00b": false, "Gr\xf6": false, "\xff": false} {
		assert.Equal(t, want, database.Storable(s), "%q", s)
	}
	assert.True(t, database.Storable())
	assert.False(t, database.Storable("a", "b\x00"), "every one of the texts")
}

// TestStorableIsWhatPostgreSQLTakes: what Storable refuses is what PostgreSQL refuses as a query's text, and what it
// lets through PostgreSQL takes; SQLite takes either.
func TestStorableIsWhatPostgreSQLTakes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		for _, s := range []string{"", "Grüße", "a\tb", "a\x00b", "Gr\xf6", "\xff", "😀"} {
			var n int
			err := db.QueryRowContext(context.Background(), db.Rebind(`SELECT COUNT(*) FROM sso_clients WHERE id = ?`), s).Scan(&n)
			if db.Dialect == database.Postgres && !database.Storable(s) {
				require.ErrorContains(t, err, "22021", "%q", s)
				continue
			}
			require.NoError(t, err, "%q", s)
			require.Zero(t, n)
		}
	})
}
