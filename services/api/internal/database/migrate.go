package database

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"time"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migrationLockID keys the PostgreSQL advisory lock that keeps replicas
// starting at the same time from applying a migration twice.
const migrationLockID = 727_001

// Migration is one embedded SQL file; Version is its name without ".sql".
type Migration struct {
	Version string
	SQL     string
}

// Migrations returns the embedded migrations of a dialect in the order they apply.
func Migrations(d Dialect) ([]Migration, error) {
	dir := "migrations/" + string(d)
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, fmt.Errorf("database: migrations for %s: %w", d, err)
	}
	var out []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		b, err := migrationFiles.ReadFile(path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: strings.TrimSuffix(e.Name(), ".sql"), SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// MigrateOptions change what Migrate accepts.
type MigrateOptions struct {
	// AllowNewer migrates a database that has migrations this build does not know, instead of refusing it
	// (database.allowNewer): a rollback the operator chose, knowing that this version may not read or write what
	// the newer one wrote.
	AllowNewer bool
}

// NewerDatabaseError is a database that has migrations this build does not know: a newer version of the service
// migrated it, and this one may not read or write its data right (QA upgrade round of 2026-11-29: a rolled-back
// binary served it and answered 500 on a unique index it did not know, and authorised a single sign-on request the
// newer version had ended).
type NewerDatabaseError struct {
	// Known is the newest migration this build knows; Unknown are the database's that it does not, in order.
	Known   string
	Unknown []string
}

func (e *NewerDatabaseError) Error() string {
	return fmt.Sprintf("database: a newer version of the service migrated this database: its newest migration is %s, this version knows "+
		"migrations up to %s (it does not know %s) and may not read or write its data right; run the newer version, or restore the "+
		"backup taken before the upgrade (or, knowing the risks, set database.allowNewer: --allow-newer-database)",
		e.Unknown[len(e.Unknown)-1], e.Known, strings.Join(e.Unknown, ", "))
}

// Migrate applies every embedded migration not yet recorded in
// schema_migrations, each in its own transaction, and returns the versions it
// applied. Running it again applies nothing. A database with migrations this
// build does not know is refused with a *NewerDatabaseError, nothing applied.
func (db *DB) Migrate(ctx context.Context) ([]string, error) {
	return db.MigrateWith(ctx, MigrateOptions{})
}

// MigrateWith is Migrate with options.
func (db *DB) MigrateWith(ctx context.Context, opts MigrateOptions) ([]string, error) {
	return db.migrate(ctx, opts, "")
}

// migrate applies the migrations up to and including upTo ("" is all of them).
func (db *DB) migrate(ctx context.Context, opts MigrateOptions, upTo string) ([]string, error) {
	migrations, err := Migrations(db.Dialect)
	if err != nil {
		return nil, err
	}
	create := `CREATE TABLE IF NOT EXISTS schema_migrations (
		version TEXT PRIMARY KEY,
		applied_at TEXT NOT NULL
	)`
	if db.Dialect == Postgres {
		create = `CREATE TABLE IF NOT EXISTS schema_migrations (
			version TEXT PRIMARY KEY,
			applied_at TIMESTAMPTZ NOT NULL
		)`
	}
	if db.Dialect == Postgres {
		// CREATE TABLE IF NOT EXISTS can still collide between concurrent
		// sessions in PostgreSQL, so it runs under the lock too.
		if err := db.inTx(ctx, func(tx *sql.Tx) error {
			if err := db.lock(ctx, tx); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, create)
			return err
		}); err != nil {
			return nil, fmt.Errorf("database: create schema_migrations: %w", err)
		}
	} else if _, err := db.ExecContext(ctx, create); err != nil {
		return nil, fmt.Errorf("database: create schema_migrations: %w", err)
	}

	if !opts.AllowNewer {
		if newer, err := db.NewerMigrations(ctx); err != nil {
			return nil, fmt.Errorf("database: read schema_migrations: %w", err)
		} else if len(newer) > 0 {
			return nil, &NewerDatabaseError{Known: migrations[len(migrations)-1].Version, Unknown: newer}
		}
	}

	var applied []string
	for _, m := range migrations {
		if upTo != "" && m.Version > upTo {
			break
		}
		done := false
		err := db.inTx(ctx, func(tx *sql.Tx) error {
			if err := db.lock(ctx, tx); err != nil {
				return err
			}
			// Checked inside the transaction, after the lock, so a concurrent
			// migrator that got there first is seen.
			var n int
			if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			var at any = time.Now().UTC().Format(time.RFC3339Nano)
			if db.Dialect == Postgres {
				at = time.Now().UTC()
			}
			if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`), m.Version, at); err != nil {
				return err
			}
			done = true
			return nil
		})
		if err != nil {
			return applied, fmt.Errorf("database: migration %s (%s): %w", m.Version, db.Dialect, err)
		}
		if done {
			applied = append(applied, m.Version)
		}
	}
	return applied, nil
}

// NewerMigrations lists the versions recorded in schema_migrations that this build does not know: the database
// was migrated by a newer version of the service, whose schema this one may not read or write right (a rollback).
func (db *DB) NewerMigrations(ctx context.Context) ([]string, error) {
	known, err := Migrations(db.Dialect)
	if err != nil {
		return nil, err
	}
	applied, err := db.AppliedMigrations(ctx)
	if err != nil {
		return nil, err
	}
	var newer []string
	for _, v := range applied {
		if !slices.ContainsFunc(known, func(m Migration) bool { return m.Version == v }) {
			newer = append(newer, v)
		}
	}
	return newer, nil
}

// AppliedMigrations lists the versions recorded in schema_migrations, in order.
func (db *DB) AppliedMigrations(ctx context.Context) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (db *DB) lock(ctx context.Context, tx *sql.Tx) error {
	if db.Dialect != Postgres {
		// SQLite transactions begin IMMEDIATE, which already excludes other writers.
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLockID)
	return err
}

func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
