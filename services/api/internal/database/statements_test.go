package database_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

func TestSQLiteRunsEachQueryTextAsOnePreparedStatement(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	before := database.CachedStatements(db)
	const query = `SELECT value FROM app_info WHERE key = ?`
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 25 {
				var value string
				assert.NoError(t, db.QueryRowContext(ctx, query, "schema").Scan(&value))
				assert.Equal(t, "portal", value)
			}
		})
	}
	wg.Wait()
	require.Equal(t, before+1, database.CachedStatements(db), "200 runs from 8 goroutines, one statement")

	rows, err := db.QueryContext(ctx, query, "no such key")
	require.NoError(t, err)
	require.False(t, rows.Next())
	require.NoError(t, rows.Close())
	require.Equal(t, before+1, database.CachedStatements(db))
}

func TestCachedStatementsFollowSchemaChanges(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	_, err := db.ExecContext(ctx, `CREATE TABLE shelf (item TEXT)`)
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `INSERT INTO shelf (item) VALUES (?)`, "milk")
	require.NoError(t, err)
	columns := func() []string {
		rows, err := db.QueryContext(ctx, `SELECT * FROM shelf`)
		require.NoError(t, err)
		defer func() { _ = rows.Close() }()
		cols, err := rows.Columns()
		require.NoError(t, err)
		return cols
	}
	require.Equal(t, []string{"item"}, columns())
	_, err = db.ExecContext(ctx, `ALTER TABLE shelf ADD COLUMN price INTEGER`)
	require.NoError(t, err)
	require.Equal(t, []string{"item", "price"}, columns(), "the kept statement is prepared again for the new table")
}

func TestQueriesTheCacheDoesNotKeepStillRun(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	before := database.CachedStatements(db)

	_, err := db.ExecContext(ctx, `SELECT item FROM nowhere`)
	require.ErrorContains(t, err, "nowhere", "a statement that does not prepare fails as it would unprepared")
	var n int
	require.ErrorContains(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM nowhere`).Scan(&n), "nowhere")

	_, err = db.ExecContext(ctx, `CREATE TABLE basket (item TEXT); INSERT INTO basket (item) VALUES ('bread')`)
	require.NoError(t, err, "several statements in one text run unprepared")
	require.NoError(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM basket`).Scan(&n))
	require.Equal(t, 1, n)

	require.Equal(t, before+1, database.CachedStatements(db), "only the COUNT over basket was kept")
}

func TestPostgresLeavesStatementsToItsDriver(t *testing.T) {
	db := dbtest.Postgres(t)
	var value string
	require.NoError(t, db.QueryRowContext(context.Background(), db.Rebind(`SELECT value FROM app_info WHERE key = ?`), "schema").Scan(&value))
	require.Equal(t, -1, database.CachedStatements(db), "pgx caches prepared statements per connection itself")
}

// A kept statement must be reset after each use: one left mid-read would hold its connection's snapshot, and the
// write-ahead log could then never be checkpointed back into the database file and would grow without end.
func TestCachedStatementsLeaveNoReadOpen(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	for i := range 50 {
		_, err := db.ExecContext(ctx, `INSERT INTO app_info (key, value) VALUES (?, ?)`, fmt.Sprintf("k%d", i), "v")
		require.NoError(t, err)
		var value string
		require.NoError(t, db.QueryRowContext(ctx, `SELECT value FROM app_info WHERE key = ?`, fmt.Sprintf("k%d", i)).Scan(&value))
		rows, err := db.QueryContext(ctx, `SELECT key FROM app_info ORDER BY key`)
		require.NoError(t, err)
		require.True(t, rows.Next(), "read one row of many, then close")
		require.NoError(t, rows.Close())
	}
	var busy, logFrames, checkpointed int
	require.NoError(t, db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logFrames, &checkpointed))
	require.Zero(t, busy, "a reader still holds the log")
	require.Zero(t, logFrames, "the log was truncated")
}
