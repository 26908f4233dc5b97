package throttle_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

func TestAllowHoldsTheLimitUnderConcurrentAsks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		limiter := throttle.New(db, nil)
		limit := throttle.Limit{Scope: "mail-account", Max: 5, Window: time.Hour}
		key := throttle.Key("account-1")

		var allowed atomic.Int32
		var wg sync.WaitGroup
		errs := make(chan error, 30)
		for range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := limiter.Allow(ctx, limit, key)
				if err != nil {
					errs <- err
					return
				}
				if ok {
					allowed.Add(1)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
		require.EqualValues(t, 5, allowed.Load(), "30 asks at once, a limit of 5")
		n, err := limiter.Count(ctx, limit.Scope, key, limit.Window)
		require.NoError(t, err)
		require.Equal(t, 5, n, "refused asks are not recorded")

		// Another key has its own count.
		ok, err := limiter.Allow(ctx, limit, throttle.Key("account-2"))
		require.NoError(t, err)
		require.True(t, ok)
	})
}
