// Package dbtest gives tests a freshly migrated database of each dialect, so
// one store suite can run against SQLite always and PostgreSQL when available.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

// PostgresURLEnv names the variable holding an admin URL of a PostgreSQL
// server the tests may create and drop databases on.
const PostgresURLEnv = "PORTAL_TEST_POSTGRES_URL"

// SQLite returns a migrated database in a new file under t.TempDir().
func SQLite(t testing.TB) *database.DB {
	t.Helper()
	return openMigrated(t, "sqlite:"+filepath.Join(t.TempDir(), "portal.db"))
}

// SQLiteURL returns the URL of a not-yet-created SQLite file in t.TempDir().
func SQLiteURL(t testing.TB) string {
	t.Helper()
	return "sqlite:" + filepath.Join(t.TempDir(), "portal.db")
}

// PostgresURL creates a uniquely named database on the server named by
// PORTAL_TEST_POSTGRES_URL, drops it when the test ends, and returns its URL.
// Without the variable the test is skipped with a message saying so.
func PostgresURL(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(PostgresURLEnv)
	if admin == "" {
		t.Skipf("SKIPPING PostgreSQL test: set %s (e.g. postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable) to run it", PostgresURLEnv)
	}
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("dbtest: %s: %v", PostgresURLEnv, err)
	}
	name := "portal_test_" + randomSuffix(t)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	adminDB, err := database.Open(ctx, admin)
	if err != nil {
		t.Fatalf("dbtest: connect to %s: %v", PostgresURLEnv, err)
	}
	// The name is generated from hex digits only, so quoting is enough.
	if _, err := adminDB.ExecContext(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
		_ = adminDB.Close()
		t.Fatalf("dbtest: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		defer func() { _ = adminDB.Close() }()
		if _, err := adminDB.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name)); err != nil {
			t.Errorf("dbtest: drop database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// Postgres returns a migrated database created by PostgresURL.
func Postgres(t testing.TB) *database.DB {
	t.Helper()
	return openMigrated(t, PostgresURL(t))
}

// Each runs fn as a subtest against a fresh migrated database of every
// dialect ("sqlite", and "postgres" when PORTAL_TEST_POSTGRES_URL is set).
func Each(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	t.Run(string(database.SQLite), func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run(string(database.Postgres), func(t *testing.T) { fn(t, Postgres(t)) })
}

func openMigrated(t testing.TB, url string) *database.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := database.Open(ctx, url)
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	// Registered before any drop-database cleanup runs (cleanups run last-in
	// first-out), so connections are closed first.
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("dbtest: migrate: %v", err)
	}
	return db
}

func randomSuffix(t testing.TB) string {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatalf("dbtest: random: %v", err)
	}
	return hex.EncodeToString(b)
}
