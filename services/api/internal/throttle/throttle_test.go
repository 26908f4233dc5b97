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

func TestFailureRecordsEveryFailureAndCountsTheWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
		limiter := throttle.New(db, func() time.Time { return now })
		key := throttle.Key("203.0.113.7")
		for want := 1; want <= 3; want++ {
			n, err := limiter.Failure(ctx, "login-failure-address", key, 15*time.Minute)
			require.NoError(t, err)
			require.Equal(t, want, n)
		}
		now = now.Add(16 * time.Minute)
		n, err := limiter.Failure(ctx, "login-failure-address", key, 15*time.Minute)
		require.NoError(t, err)
		require.Equal(t, 1, n, "failures older than the window do not count")
		n, err = limiter.Failure(ctx, "login-failure-address", throttle.Key("198.51.100.1"), 15*time.Minute)
		require.NoError(t, err)
		require.Equal(t, 1, n, "another address has its own count")
	})
}

func TestSlowdownDelay(t *testing.T) {
	s := throttle.DefaultSlowdown()
	for n, want := range map[int]time.Duration{
		1: 0, 10: 0, 11: 250 * time.Millisecond, 20: 250 * time.Millisecond, 21: 500 * time.Millisecond,
		31: time.Second, 41: 2 * time.Second, 71: 10 * time.Second, 1000: 10 * time.Second,
	} {
		require.Equal(t, want, s.Delay(n), "failure %d", n)
	}
	require.Zero(t, throttle.Slowdown{}.Delay(100), "no base delay, no slowdown")
}

func TestAllowNCountsEveryEventOrNone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		limiter := throttle.New(db, nil)
		limit := throttle.Limit{Scope: "mail-address", Max: 30, Window: time.Hour}
		key := throttle.Key("203.0.113.7")
		for range 4 {
			ok, err := limiter.AllowN(ctx, limit, key, 7)
			require.NoError(t, err)
			require.True(t, ok)
		}
		ok, err := limiter.AllowN(ctx, limit, key, 7)
		require.NoError(t, err)
		require.False(t, ok, "28 of 30 spent: 7 more do not fit")
		n, err := limiter.Count(ctx, limit.Scope, key, limit.Window)
		require.NoError(t, err)
		require.Equal(t, 28, n, "a refused ask records none of its events")
		ok, err = limiter.AllowN(ctx, limit, key, 2)
		require.NoError(t, err)
		require.True(t, ok, "2 still fit")
	})
}

// Every limit per client address counts an IPv6 client by its /64: rotating through one escaped them all (QA
// security round of 2026-11-29).
func TestClientNetwork(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":                   "203.0.113.7",
		"::ffff:203.0.113.7":            "203.0.113.7",
		"2001:db8:1:2::1":               "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff:ffff:1": "2001:db8:1:2::/64",
		"2001:DB8:1:2::abcd":            "2001:db8:1:2::/64",
		"fe80::1%eth0":                  "fe80::/64",
		"::1":                           "::/64",
		"":                              "",
		"not an address":                "not an address",
	} {
		require.Equal(t, want, throttle.ClientNetwork(in), in)
	}
	require.NotEqual(t, throttle.ClientNetwork("2001:db8:1:2::1"), throttle.ClientNetwork("2001:db8:1:3::1"), "another /64 is another client")
	require.NotEqual(t, throttle.ClientNetwork("203.0.113.7"), throttle.ClientNetwork("203.0.113.8"), "IPv4 stays per address")
}
