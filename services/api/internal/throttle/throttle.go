// Package throttle counts events per key in the database (failed logins per client address, mails per account
// and per address), so every replica sees the same counts, and answers whether a limit is reached. It slows or
// refuses what an attacker repeats; it never decides whether a password is right.
package throttle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// Limit is at most Max events of one scope and key within Window.
type Limit struct {
	// Scope names what is counted, e.g. "login-failure-address" or "mail-account"; it labels the metrics.
	Scope  string
	Max    int
	Window time.Duration
}

// Limiter counts events in the database.
type Limiter struct {
	db  *database.DB
	now func() time.Time
}

// New returns a limiter on a migrated database (table throttle_events, migration 0008); now nil is time.Now.
func New(db *database.DB, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{db: db, now: now}
}

// Key turns what identifies a caller (an address, an account id, an e-mail address) into the stored key: a
// hash, so the table holds no personal data in clear.
func Key(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Allow records one event of key and reports true when it was within the limit; an event over the limit is
// not recorded (a caller who is refused does not push their own window further) and counts in the metrics.
// Counting and recording are one transaction that asks of the same key wait for: counted apart, 30 asks at once
// all saw room and PostgreSQL let 7 to 25 mails through a limit of 5 (QA). SQLite's transactions begin IMMEDIATE
// and so wait already; PostgreSQL takes a transaction lock on the key.
func (l *Limiter) Allow(ctx context.Context, limit Limit, key string) (bool, error) {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("throttle: begin: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if l.db.Dialect == database.Postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, limit.Scope+":"+key); err != nil {
			return false, fmt.Errorf("throttle: lock: %w", err)
		}
	}
	q, now := database.Tx{Querier: tx, Dialect: l.db.Dialect}, l.now()
	n, err := count(ctx, q, limit.Scope, key, now.Add(-limit.Window))
	if err != nil {
		return false, err
	}
	if n >= limit.Max {
		metrics.Throttled.WithLabelValues(limit.Scope).Inc()
		return false, nil
	}
	if err := record(ctx, q, limit.Scope, key, now); err != nil {
		return false, err
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("throttle: commit: %w", err)
	}
	return true, nil
}

// Count is the number of events of key within the window up to now.
func (l *Limiter) Count(ctx context.Context, scope, key string, window time.Duration) (int, error) {
	return count(ctx, database.Tx{Querier: l.db, Dialect: l.db.Dialect}, scope, key, l.now().Add(-window))
}

func record(ctx context.Context, q database.Tx, scope, key string, at time.Time) error {
	_, err := q.ExecContext(ctx, q.Rebind(`INSERT INTO throttle_events (scope, key, at) VALUES (?, ?, ?)`), scope, key, at.UnixMilli())
	if err != nil {
		return fmt.Errorf("throttle: record: %w", err)
	}
	return nil
}

func count(ctx context.Context, q database.Tx, scope, key string, since time.Time) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, q.Rebind(`SELECT COUNT(*) FROM throttle_events WHERE scope = ? AND key = ? AND at >= ?`),
		scope, key, since.UnixMilli()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("throttle: count: %w", err)
	}
	return n, nil
}

// Purge drops events older than before; the sweep calls it with the longest window.
func (l *Limiter) Purge(ctx context.Context, before time.Time) error {
	_, err := l.db.ExecContext(ctx, l.db.Rebind(`DELETE FROM throttle_events WHERE at < ?`), before.UnixMilli())
	return err
}
