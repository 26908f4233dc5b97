// Package jobs lets periodic work run once among replicas: a job's round belongs to the replica that takes its
// lease in the database (table job_leases, migration 0008); the others skip that round. Leases work the same on
// SQLite and PostgreSQL, and a replica that dies mid-round only holds its lease until the lease ends. The same
// leases let work on one subscriber's data run alone among requests and replicas (SubscriberGuard).
package jobs

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// Leases takes and releases job leases for one process.
type Leases struct {
	db     *database.DB
	now    func() time.Time
	holder string
}

// New returns the leases of this process (a random holder id); now nil is time.Now.
func New(db *database.DB, now func() time.Time) *Leases {
	if now == nil {
		now = time.Now
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return &Leases{db: db, now: now, holder: hex.EncodeToString(b)}
}

// Holder is this process's id in the lease table.
func (l *Leases) Holder() string { return l.holder }

// Take claims the job's lease for d when it is free or expired, and reports whether this process got it. The
// claim is one conditional statement, so two replicas never both get the same round.
func (l *Leases) Take(ctx context.Context, job string, d time.Duration) (bool, error) {
	return l.take(ctx, job, l.now().Add(d).UnixMilli())
}

// RunOnce runs fn when this process takes the job's lease for d, and reports whether it ran.
func (l *Leases) RunOnce(ctx context.Context, job string, d time.Duration, fn func(ctx context.Context)) (bool, error) {
	ok, err := l.Take(ctx, job, d)
	if err != nil || !ok {
		return false, err
	}
	fn(ctx)
	return true, nil
}

// ErrBusy means a lease stayed taken for longer than Exclusive waits.
var ErrBusy = errors.New("jobs: lease stays taken")

// How long Exclusive holds a lease at most (a holder that dies frees it after this), and waits for one.
const (
	exclusiveHold = 30 * time.Second
	exclusiveWait = 10 * time.Second
)

// Exclusive runs fn holding the lease name, waiting for another holder to finish (ErrBusy after exclusiveWait),
// and frees the lease when fn returns.
func (l *Leases) Exclusive(ctx context.Context, name string, fn func(context.Context) error) error {
	deadline := time.Now().Add(exclusiveWait)
	pause := 5 * time.Millisecond
	for {
		until := l.now().Add(exclusiveHold).UnixMilli()
		taken, err := l.take(ctx, name, until)
		if err != nil {
			return err
		}
		if taken {
			defer l.free(name, until)
			return fn(ctx)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: %s", ErrBusy, name)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, 100*time.Millisecond)
	}
}

// take is Take with the lease's end given; the end tells this take apart from a later one of the same holder.
func (l *Leases) take(ctx context.Context, name string, until int64) (bool, error) {
	res, err := l.db.ExecContext(ctx, l.db.Rebind(`INSERT INTO job_leases (name, holder, until, runs) VALUES (?, ?, ?, 1)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until, runs = job_leases.runs + 1
		WHERE job_leases.until <= ?`), name, l.holder, until, l.now().UnixMilli())
	if err != nil {
		return false, fmt.Errorf("jobs: take %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// free deletes the lease this take holds (a lease that ended and was taken again is not this take's), also when
// the request that held it was cancelled.
func (l *Leases) free(name string, until int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = l.db.ExecContext(ctx, l.db.Rebind(`DELETE FROM job_leases WHERE name = ? AND holder = ? AND until = ?`), name, l.holder, until)
}

// SubscriberGuard runs work on one subscriber's data alone among requests and replicas. An unsubscribe from
// everything and a reminder's confirmation each touch the identity provider and the product's own tables, which no
// one database transaction covers: run side by side, a confirmation could subscribe the address again between the
// unsubscribe's erasure and its record (QA found 11 of 38 racing pairs leaving a subscribed account behind).
type SubscriberGuard struct{ Leases *Leases }

// Exclusive runs fn alone for the address (ErrBusy when another holds it for longer than a few seconds). The
// lease's name is a digest of the address, so no address is written to the lease table.
func (g SubscriberGuard) Exclusive(ctx context.Context, email identity.Email, fn func(context.Context) error) error {
	sum := sha256.Sum256([]byte(strings.ToLower(email.String())))
	return g.Leases.Exclusive(ctx, "subscriber:"+hex.EncodeToString(sum[:16]), fn)
}

// Runs reports how often the job's lease was taken by any replica (for tests and operators).
func Runs(ctx context.Context, db *database.DB, job string) (int64, error) {
	var n int64
	err := db.QueryRowContext(ctx, db.Rebind(`SELECT runs FROM job_leases WHERE name = ?`), job).Scan(&n)
	return n, err
}
