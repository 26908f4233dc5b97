package database_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

func TestMigrateAppliesAllAndIsIdempotent(t *testing.T) {
	tests := []struct {
		name    string
		dialect database.Dialect
		url     func(t *testing.T) string
	}{
		{"sqlite", database.SQLite, func(t *testing.T) string { return dbtest.SQLiteURL(t) }},
		{"postgres", database.Postgres, func(t *testing.T) string { return dbtest.PostgresURL(t) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db, err := database.Open(ctx, tc.url(t))
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			require.Equal(t, tc.dialect, db.Dialect)

			all, err := database.Migrations(tc.dialect)
			require.NoError(t, err)
			require.NotEmpty(t, all)
			var want []string
			for _, m := range all {
				want = append(want, m.Version)
			}

			applied, err := db.Migrate(ctx)
			require.NoError(t, err)
			require.Equal(t, want, applied)

			again, err := db.Migrate(ctx)
			require.NoError(t, err)
			require.Empty(t, again, "a second run applies nothing")

			recorded, err := db.AppliedMigrations(ctx)
			require.NoError(t, err)
			require.Equal(t, want, recorded)

			var value string
			require.NoError(t, db.QueryRowContext(ctx, db.Rebind(`SELECT value FROM app_info WHERE key = ?`), "schema").Scan(&value))
			require.Equal(t, "portal", value)
			require.NoError(t, db.Ping(ctx))
		})
	}
}

func TestDialectsHaveTheSameMigrations(t *testing.T) {
	sqlite, err := database.Migrations(database.SQLite)
	require.NoError(t, err)
	pg, err := database.Migrations(database.Postgres)
	require.NoError(t, err)
	require.Equal(t, len(sqlite), len(pg))
	for i := range sqlite {
		require.Equal(t, sqlite[i].Version, pg[i].Version, "every migration exists for both dialects")
	}
}

// TestOpenSQLiteMakesNoFolder: a folder that is not there is a mistyped path, not one to make (operator round: a
// typo's folders were made, as root up from /, and the service ran on a new, empty database in them).
func TestOpenSQLiteMakesNoFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "typo-dir")
	_, err := database.Open(context.Background(), "sqlite:"+filepath.Join(dir, "portal.db"))
	require.ErrorIs(t, err, database.ErrNoFolder)
	require.ErrorContains(t, err, "database: there is no folder "+dir+" for the SQLite file")
	require.NoDirExists(t, dir)
}

// TestOpenSQLiteSaysWhyNot: a SQLite file the service cannot open was "database: connect to sqlite: unable to open
// database file (14)", naming neither the setting nor the path nor the cause (QA operator round); the error says
// all three, as a missing folder's does.
func TestOpenSQLiteSaysWhyNot(t *testing.T) {
	for _, tc := range []struct {
		name     string
		prepare  func(t *testing.T, dir, path string)
		cause    string
		needUser bool // permissions bind every user but root
	}{
		{name: "a folder", prepare: func(t *testing.T, _, path string) { require.NoError(t, os.Mkdir(path, 0o750)) }, cause: "it is a folder, not a file (check --database-url)"},
		{name: "a file the service may not read", needUser: true, prepare: func(t *testing.T, _, path string) {
			require.NoError(t, os.WriteFile(path, nil, 0o000))
		}, cause: "the service's user may not read and write it: permission denied (check the file's owner and permissions)"},
		{name: "a folder the service may not write", needUser: true, prepare: func(t *testing.T, dir, _ string) {
			require.NoError(t, os.Chmod(dir, 0o500))
			t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
		}, cause: "the service's user may not make files in its folder DIR (SQLite keeps its -wal and -shm files beside it): permission denied (check the folder's owner and permissions)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needUser && os.Geteuid() == 0 {
				t.Skip("root may read and write any file")
			}
			dir := filepath.Join(t.TempDir(), "data")
			require.NoError(t, os.Mkdir(dir, 0o700))
			path := filepath.Join(dir, "portal.db")
			tc.prepare(t, dir, path)
			_, err := database.Open(context.Background(), "sqlite:"+path)
			cause := strings.NewReplacer("PATH", path, "DIR", dir).Replace(tc.cause)
			require.ErrorContains(t, err, "database.url: cannot open the SQLite file "+path+": "+cause)
		})
	}
}

func TestOpenSQLite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	db, err := database.Open(ctx, "sqlite:"+path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.FileExists(t, path)

	pragmas := []struct {
		name string
		want string
	}{
		{"journal_mode", "wal"},
		{"foreign_keys", "1"},
		{"busy_timeout", "5000"},
		{"synchronous", "1"}, // NORMAL
	}
	for _, p := range pragmas {
		t.Run(p.name, func(t *testing.T) {
			var got string
			require.NoError(t, db.QueryRowContext(ctx, "PRAGMA "+p.name).Scan(&got))
			require.Equal(t, p.want, got)
		})
	}
}

func TestOpenRejectsUnknownScheme(t *testing.T) {
	tests := []struct {
		name string
		url  string
	}{
		{"mysql", "mysql://localhost/portal"},
		{"empty sqlite path", "sqlite:"},
		{"bare path", "var/portal.db"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := database.Open(context.Background(), tc.url)
			require.Error(t, err)
		})
	}
}

func TestRebind(t *testing.T) {
	tests := []struct {
		name    string
		dialect database.Dialect
		in      string
		want    string
	}{
		{"sqlite unchanged", database.SQLite, "SELECT ? , ?", "SELECT ? , ?"},
		{"postgres numbered", database.Postgres, "SELECT ? , ?", "SELECT $1 , $2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			db := &database.DB{Dialect: tc.dialect}
			require.Equal(t, tc.want, db.Rebind(tc.in))
		})
	}
}

func TestEachRunsAgainstEveryDialect(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		var n int
		require.NoError(t, db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM app_info`).Scan(&n))
		require.Equal(t, 1, n)
	})
}

// Replicas start together; the migrator must apply each file exactly once.
func TestMigrateConcurrently(t *testing.T) {
	tests := []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return dbtest.SQLiteURL(t) }},
		{"postgres", func(t *testing.T) string { return dbtest.PostgresURL(t) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			url := tc.url(t)
			const replicas = 3
			results := make(chan []string, replicas)
			errs := make(chan error, replicas)
			for range replicas {
				db, err := database.Open(ctx, url)
				require.NoError(t, err)
				t.Cleanup(func() { _ = db.Close() })
				go func() {
					applied, err := db.Migrate(ctx)
					results <- applied
					errs <- err
				}()
			}
			total := 0
			for range replicas {
				require.NoError(t, <-errs)
				total += len(<-results)
			}
			all, err := database.Migrations(database.SQLite)
			require.NoError(t, err)
			require.Equal(t, len(all), total)
		})
	}
}

// The pool keeps the connections it opened: requests at once beyond database/sql's default of two idle
// connections must not each open (on PostgreSQL: fork a backend and prepare every statement again) and close one.
func TestThePoolKeepsItsConnectionsUnderConcurrentQueries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		for range 20 {
			var wg sync.WaitGroup
			for range 8 {
				wg.Go(func() {
					var n int
					assert.NoError(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM app_info`).Scan(&n))
				})
			}
			wg.Wait()
		}
		stats := db.Stats()
		require.Zero(t, stats.MaxIdleClosed, "connections closed as idle beyond the pool's limit: %+v", stats)
		require.LessOrEqual(t, stats.OpenConnections, 8, "%+v", stats)
	})
}

// TestPooledConnectionsEndedByTheServerCostNoQuery: a PostgreSQL failover or restart ends every connection in the
// pool. The driver pings a connection only after a second of rest, so each one used within the second failed the
// next query on it: one failed request per pooled connection. A connection the server ended is now told from its
// socket before it is used, and the pool takes another.
func TestPooledConnectionsEndedByTheServerCostNoQuery(t *testing.T) {
	url := dbtest.PostgresURL(t)
	ctx := context.Background()
	db, err := database.Open(ctx, url)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })

	const pooled = 6
	var wg sync.WaitGroup
	for range pooled { // six connections at once, so the pool keeps six
		wg.Go(func() { _, err := db.ExecContext(ctx, `SELECT pg_sleep(0.05)`); assert.NoError(t, err) })
	}
	wg.Wait()
	require.Equal(t, pooled, db.Stats().Idle)

	var name string
	require.NoError(t, db.QueryRowContext(ctx, `SELECT current_database()`).Scan(&name))
	admin, err := database.Open(ctx, os.Getenv(dbtest.PostgresURLEnv))
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close() })
	rows, err := admin.QueryContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, name)
	require.NoError(t, err)
	ended := 0
	for rows.Next() {
		ended++
	}
	require.NoError(t, rows.Err())
	require.Equal(t, pooled, ended)
	time.Sleep(50 * time.Millisecond) // the server's goodbye reaches the sockets

	for i := range 2 * pooled {
		var one int
		require.NoError(t, db.QueryRowContext(ctx, `SELECT 1`).Scan(&one), "query %d after the server ended the pool's connections", i)
	}
}
