// Package jobs lets periodic work run once among replicas: a job's round belongs to the replica that takes its
// lease in the database (table job_leases, migration 0008); the others skip that round. Leases work the same on
// SQLite and PostgreSQL, and a replica that dies mid-round only holds its lease until the lease ends.
package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
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
	now := l.now().UnixMilli()
	res, err := l.db.ExecContext(ctx, l.db.Rebind(`INSERT INTO job_leases (name, holder, until, runs) VALUES (?, ?, ?, 1)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until, runs = job_leases.runs + 1
		WHERE job_leases.until <= ?`), job, l.holder, now+d.Milliseconds(), now)
	if err != nil {
		return false, fmt.Errorf("jobs: take %s: %w", job, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
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

// Runs reports how often the job's lease was taken by any replica (for tests and operators).
func Runs(ctx context.Context, db *database.DB, job string) (int64, error) {
	var n int64
	err := db.QueryRowContext(ctx, db.Rebind(`SELECT runs FROM job_leases WHERE name = ?`), job).Scan(&n)
	return n, err
}
