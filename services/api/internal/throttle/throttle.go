// Package throttle counts events per key in the database (failed logins per client address, mails per account
// and per address), so every replica sees the same counts, and answers whether a limit is reached. It slows or
// refuses what an attacker repeats; it never decides whether a password is right.
package throttle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"
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

// Slowdown is how failed logins from one client address slow that address down, for the embedded provider and
// the SAP CDC custom login alike (the contract: "failures are also limited per client address"). Behind a proxy, a
// carrier's NAT or an office network many shoppers share an address, so failures never lock an address (that
// would let anyone lock everybody out); each wrong-password answer to an address with more than FreeFailures
// failures within the lockout window waits BaseDelay, doubled every DoublingEvery further failures, at most
// MaxDelay. A correct password is answered at once.
type Slowdown struct {
	FreeFailures  int
	DoublingEvery int
	BaseDelay     time.Duration
	MaxDelay      time.Duration
}

// DefaultSlowdown: 10 free failures, then 250 ms doubling every 10 failures up to 10 s.
func DefaultSlowdown() Slowdown {
	return Slowdown{FreeFailures: 10, DoublingEvery: 10, BaseDelay: 250 * time.Millisecond, MaxDelay: 10 * time.Second}
}

// Delay is the wait before a wrong-password answer to an address with n failures in the window (this one
// included); 0 while BaseDelay is 0 or n is within the free failures.
func (s Slowdown) Delay(n int) time.Duration {
	if s.BaseDelay <= 0 || n <= s.FreeFailures {
		return 0
	}
	every := max(s.DoublingEvery, 1)
	d := s.BaseDelay
	for steps := (n - s.FreeFailures - 1) / every; steps > 0 && d < s.MaxDelay; steps-- {
		d *= 2
	}
	return min(d, s.MaxDelay)
}

// Wait waits d, or until ctx ends (the client gave up): the wait Slowdown.Delay asks for.
func Wait(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
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

// ClientNetwork is what every limit per client address counts a client address as: an IPv4 address on its own
// (an IPv6 form of one, ::ffff:203.0.113.7, as that address), an IPv6 address by its /64, the network a
// provider hands one subscriber or one LAN (RFC 6177): a client that rotated through the 2^64 addresses of its /64
// escaped every limit and slowdown per address (QA security round of 2026-11-29). What is no address is kept as
// it is.
func ClientNetwork(address string) string {
	a, err := netip.ParseAddr(strings.TrimSpace(address))
	if err != nil {
		return address
	}
	a = a.WithZone("").Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// Allow records one event of key and reports true when it was within the limit: AllowN of one event.
func (l *Limiter) Allow(ctx context.Context, limit Limit, key string) (bool, error) {
	return l.AllowN(ctx, limit, key, 1)
}

// AllowN records n events of key and reports true when all of them are within the limit (one call that sends
// several mails counts each); events over the limit are not recorded, none of the n (a caller who is refused
// does not push their own window further), and a refusal counts in the metrics.
// Counting and recording are one transaction that asks of the same key wait for: counted apart, 30 asks at once
// all saw room and PostgreSQL let 7 to 25 mails through a limit of 5 (QA). SQLite's transactions begin IMMEDIATE
// and so wait already; PostgreSQL takes a transaction lock on the key.
func (l *Limiter) AllowN(ctx context.Context, limit Limit, key string, n int) (bool, error) {
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
	held, err := count(ctx, q, limit.Scope, key, now.Add(-limit.Window))
	if err != nil {
		return false, err
	}
	if held+n > limit.Max {
		metrics.Throttled.WithLabelValues(limit.Scope).Inc()
		return false, nil
	}
	for range n {
		if err := record(ctx, q, limit.Scope, key, now); err != nil {
			return false, err
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("throttle: commit: %w", err)
	}
	return true, nil
}

// Failure records one event of key, whatever the count (a failure happened; nothing is refused), and answers the
// events of key within the window up to now, this one included: what Slowdown.Delay asks for.
func (l *Limiter) Failure(ctx context.Context, scope, key string, window time.Duration) (int, error) {
	q := database.Tx{Querier: l.db, Dialect: l.db.Dialect}
	now := l.now()
	if err := record(ctx, q, scope, key, now); err != nil {
		return 0, err
	}
	return count(ctx, q, scope, key, now.Add(-window))
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
