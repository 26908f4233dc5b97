package jobs_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/jobs"
)

// TestSubscriberGuardRunsOneAtATime: work on one address runs alone, across two replicas' leases, while work on
// another address runs beside it; every lease is freed afterwards.
func TestSubscriberGuardRunsOneAtATime(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		replicas := []jobs.SubscriberGuard{{Leases: jobs.New(db, nil)}, {Leases: jobs.New(db, nil)}}
		var inside, most, others atomic.Int32
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Go(func() {
				err := replicas[i%2].Exclusive(ctx, "Anna@Example.com", func(context.Context) error {
					n := inside.Add(1)
					for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
					}
					time.Sleep(5 * time.Millisecond)
					inside.Add(-1)
					return nil
				})
				require.NoError(t, err)
			})
		}
		// Another address is not held up by Anna's.
		require.NoError(t, replicas[0].Exclusive(ctx, identity.Email("ben@example.com"), func(context.Context) error {
			others.Add(1)
			return nil
		}))
		wg.Wait()
		require.EqualValues(t, 1, most.Load(), "never two at once for one address")
		require.EqualValues(t, 1, others.Load())
		var left int
		require.NoError(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM job_leases WHERE name LIKE 'subscriber:%'`).Scan(&left))
		require.Zero(t, left, "each lease is freed")
		var named int
		require.NoError(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM job_leases WHERE name LIKE '%example%'`).Scan(&named))
		require.Zero(t, named, "no address in the lease table")
	})
}
