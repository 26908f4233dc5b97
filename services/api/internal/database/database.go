// Package database opens the service's store (an SQLite file by default,
// PostgreSQL to scale out) and applies the embedded migrations.
package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/XSAM/otelsql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
	// Registers the pure-Go "sqlite" driver, so CGO_ENABLED=0 builds work.
	_ "modernc.org/sqlite"
)

// Dialect names the SQL flavour behind a DB.
type Dialect string

// Supported dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is a connection pool that knows its dialect, so stores can pick the
// right SQL where the two differ.
type DB struct {
	*sql.DB
	Dialect Dialect
	stmts   *statements
}

// ErrNoFolder: the folder of a SQLite file is not there.
var ErrNoFolder = errors.New("the folder must exist")

// sqlitePragmas are set on every new connection. busy_timeout comes first so
// the switch to WAL waits for other connections instead of failing.
var sqlitePragmas = []string{
	"busy_timeout(5000)",
	"journal_mode(WAL)",
	"foreign_keys(1)",
	"synchronous(NORMAL)",
}

// Open connects to url ("sqlite:PATH" or "postgres://…") and checks that the
// database answers.
func Open(ctx context.Context, url string) (*DB, error) {
	dialect, driver, dsn, err := parseURL(url)
	if err != nil {
		return nil, err
	}
	if dialect == SQLite {
		// The file's folder must be there: SQLite makes the file, nothing here makes folders. A folder that is not
		// there is a mistyped path, and making it (as root, up from /) gave the service a new, empty database
		// (operator round); the commands make the default var/ themselves.
		path := strings.TrimPrefix(url, "sqlite:")
		if dir := filepath.Dir(path); dir != "" {
			if info, err := os.Stat(dir); err != nil || !info.IsDir() {
				return nil, fmt.Errorf("database: there is no folder %s for the SQLite file %s: %w", dir, path, ErrNoFolder)
			}
		}
	}
	var sqlDB *sql.DB
	if dialect == Postgres {
		cfg, err := pgx.ParseConfig(dsn)
		if err != nil {
			return nil, fmt.Errorf("database: open %s: %w", dialect, err)
		}
		sqlDB = otelsql.OpenDB(stdlib.GetConnector(*cfg, stdlib.OptionShouldPing(shouldPing)), traceOptions(dialect)...)
	} else if sqlDB, err = otelsql.Open(driver, dsn, traceOptions(dialect)...); err != nil {
		return nil, fmt.Errorf("database: open %s: %w", dialect, err)
	}
	// One file, one process: a few connections are enough for SQLite and keep writers from queueing on
	// SQLITE_BUSY.
	maxOpen := 8
	if dialect != SQLite {
		maxOpen = 20
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	sqlDB.SetMaxOpenConns(maxOpen)
	// database/sql keeps 2 idle connections unless told otherwise and closes every other one as it is put back:
	// with more than two requests at a time, PostgreSQL then forked a backend (and pgx prepared its statements
	// again) for most queries, 974 new sessions in 10 s of getAccountInfo from 8 clients, p99 75 ms for a 0.9 ms
	// call. The pool keeps what it opened, until ConnMaxIdleTime on PostgreSQL.
	sqlDB.SetMaxIdleConns(maxOpen)
	db := &DB{DB: sqlDB, Dialect: dialect}
	if dialect == SQLite {
		db.stmts = &statements{pool: sqlDB}
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = sqlDB.Close()
		if dialect == SQLite {
			if cause := sqliteUnopenable(strings.TrimPrefix(url, "sqlite:")); cause != "" {
				return nil, fmt.Errorf("database.url: cannot open the SQLite file %s: %s: %w", strings.TrimPrefix(url, "sqlite:"), cause, err)
			}
		}
		return nil, fmt.Errorf("database: connect to %s: %w", dialect, err)
	}
	return db, nil
}

// sqliteUnopenable says why SQLite cannot open the file at path, once it could not: SQLite itself says only
// "unable to open database file (14)", naming neither the file nor the cause (QA operator round: a file of mode 000,
// a folder). SQLite needs to read and write the file, and to make its -wal and -shm files in its folder. "" when
// none of these is the cause.
func sqliteUnopenable(path string) string {
	info, err := os.Stat(path)
	if err == nil && info.IsDir() {
		return "it is a folder, not a file (check --database-url)"
	}
	if err == nil {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return "the service's user may not read and write it: " + pathErrorCause(err) + " (check the file's owner and permissions)"
		}
		_ = f.Close()
	}
	dir := filepath.Dir(path)
	probe, err := os.CreateTemp(dir, ".portal-open-check-*")
	if err != nil {
		return "the service's user may not make files in its folder " + dir + " (SQLite keeps its -wal and -shm files beside it): " + pathErrorCause(err) +
			" (check the folder's owner and permissions)"
	}
	_ = probe.Close()
	_ = os.Remove(probe.Name())
	return ""
}

// pathErrorCause is the operating system's words for err without the path it repeats ("permission denied").
func pathErrorCause(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// shouldPing decides whether a pooled PostgreSQL connection is pinged before its next use: after a second of rest
// (the driver's own rule), or at once when its socket has news. A failover or restart ends every pooled
// connection; the driver's rule alone left those used within the second to fail their next query, one failed
// request per connection. A connection whose ping fails is dropped and the pool takes another.
func shouldPing(_ context.Context, p stdlib.ShouldPingParams) bool {
	return p.IdleDuration > time.Second || socketSpoke(p.Conn.PgConn().Conn())
}

// traceOptions make every query a span of the request's trace (OpenTelemetry; a no-op without an exporter): its
// statement with placeholders, never the arguments, so no personal data reaches a trace. Only queries made
// under a span are traced: the periodic sweeps would otherwise start a trace per query.
func traceOptions(dialect Dialect) []otelsql.Option {
	system := "sqlite"
	if dialect == Postgres {
		system = "postgresql"
	}
	return []otelsql.Option{
		otelsql.WithAttributes(attribute.String("db.system.name", system)),
		otelsql.WithSpanOptions(otelsql.SpanOptions{
			OmitConnResetSession: true, OmitConnPrepare: true, OmitRows: true, DisableErrSkip: true,
			SpanFilter: func(ctx context.Context, _ otelsql.Method, _ string, _ []driver.NamedValue) bool {
				return trace.SpanContextFromContext(ctx).IsValid()
			},
		}),
	}
}

// parseURL maps the configured URL to a driver and its DSN.
func parseURL(url string) (Dialect, string, string, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		path := strings.TrimPrefix(url, "sqlite:")
		if path == "" {
			return "", "", "", errors.New("database: sqlite: needs a file path")
		}
		q := make([]string, 0, len(sqlitePragmas)+1)
		for _, p := range sqlitePragmas {
			q = append(q, "_pragma="+p)
		}
		// BEGIN IMMEDIATE takes the write lock up front, so a transaction
		// never fails half-way when it turns from reading to writing.
		q = append(q, "_txlock=immediate")
		return SQLite, "sqlite", "file:" + path + "?" + strings.Join(q, "&"), nil
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		return Postgres, "pgx", url, nil
	default:
		scheme, _, _ := strings.Cut(url, ":")
		return "", "", "", fmt.Errorf("database: unsupported URL scheme %q (use sqlite:PATH or postgres://)", scheme)
	}
}

// Ping reports whether the database answers; used by the readiness probe.
func (db *DB) Ping(ctx context.Context) error {
	return db.PingContext(ctx)
}

// Rebind turns "?" placeholders into the dialect's own ($1, $2, … for
// PostgreSQL), so stores can write one query for both.
func (db *DB) Rebind(query string) string {
	if db.Dialect != Postgres {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Querier runs statements: the pool or a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Tx is a transaction that knows its dialect, for work that spans the tables of several packages and must
// happen all or not at all (erasing an account with everything tied to it).
type Tx struct {
	Querier
	Dialect Dialect
}

// Rebind is DB.Rebind for the transaction's dialect.
func (t Tx) Rebind(query string) string { return (&DB{Dialect: t.Dialect}).Rebind(query) }

// InTx runs fn in a transaction of db, committed when fn returns nil and rolled back otherwise.
func (db *DB) InTx(ctx context.Context, fn func(Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("database: begin: %w", err)
	}
	if err := fn(Tx{Querier: tx, Dialect: db.Dialect}); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("database: commit: %w", err)
	}
	return nil
}
