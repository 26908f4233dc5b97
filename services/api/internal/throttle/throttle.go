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
func (l *Limiter) Allow(ctx context.Context, limit Limit, key string) (bool, error) {
	n, err := l.Count(ctx, limit.Scope, key, limit.Window)
	if err != nil {
		return false, err
	}
	if n >= limit.Max {
		metrics.Throttled.WithLabelValues(limit.Scope).Inc()
		return false, nil
	}
	return true, l.Record(ctx, limit.Scope, key)
}

// Record notes one event of key.
func (l *Limiter) Record(ctx context.Context, scope, key string) error {
	_, err := l.db.ExecContext(ctx, l.db.Rebind(`INSERT INTO throttle_events (scope, key, at) VALUES (?, ?, ?)`),
		scope, key, l.now().UnixMilli())
	if err != nil {
		return fmt.Errorf("throttle: record: %w", err)
	}
	return nil
}

// Count is the number of events of key within the window up to now.
func (l *Limiter) Count(ctx context.Context, scope, key string, window time.Duration) (int, error) {
	var n int
	err := l.db.QueryRowContext(ctx, l.db.Rebind(`SELECT COUNT(*) FROM throttle_events WHERE scope = ? AND key = ? AND at >= ?`),
		scope, key, l.now().Add(-window).UnixMilli()).Scan(&n)
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
