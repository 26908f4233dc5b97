package embedded_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/argon2"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// One client flooding logins and registrations does not starve another's login: it holds at most its share of the
// hashing slots, and its further hashes wait for its own turn, not in front of everyone else's. Sharing one queue,
// 24 connections of one address made a login from another address wait 1.6 to 3.9 s (QA security round of
// 2026-11-29). The flood rotates through one IPv6 /64, which is one client. The hashes are held until the test lets
// them go, so the order in which they start is the hasher's, whatever the machine's load.
func TestAFloodingClientDoesNotStarveAnotherClientsLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db, func(c *embedded.Config) { c.MaxConcurrentHashes = 2 })
		h.registerVerified("eva@example.com")
		inits := make([]string, 5)
		for i := range inits {
			init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
			require.NoError(t, err)
			inits[i] = init.RegToken
		}

		entered := make(chan string)
		proceed := make(chan struct{})
		h.p.SetHashCompute(func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
			entered <- string(password)
			<-proceed
			return argon2.IDKey(password, salt, time, memory, threads, keyLen)
		})
		var wg sync.WaitGroup
		for i := range 10 {
			flooder := embedded.Caller{ClientAddress: fmt.Sprintf("2001:db8:1:2::%x", i+1)}
			wg.Go(func() {
				if i%2 == 0 {
					_, err := h.p.Login(h.ctx, flooder, embedded.LoginParams{LoginID: fmt.Sprintf("guess-%d@example.com", i), Password: "flood"})
					require.NoError(t, err)
					return
				}
				_, err := h.p.Register(h.ctx, flooder, embedded.RegisterParams{Email: fmt.Sprintf("bulk-%d@example.com", i), Password: "flood-Passw0rd",
					RegToken: inits[i/2], Profile: map[string]any{"firstName": "Bulk", "lastName": "Muster"}, Preferences: consent})
				require.NoError(t, err)
			})
		}
		next := func() string {
			select {
			case who := <-entered:
				return who
			case <-time.After(30 * time.Second):
				require.FailNow(t, "no hash started within 30 s")
				return ""
			}
		}
		// The flood is hashing; the rest of it has a moment to queue (without its turns it queued in front).
		require.NotEqual(t, goodPassword, next())
		time.Sleep(200 * time.Millisecond)

		var shopper embedded.Result
		wg.Go(func() {
			var err error
			shopper, err = h.p.Login(h.ctx, embedded.Caller{ClientAddress: "2001:db8:1:3::1"}, embedded.LoginParams{LoginID: "eva@example.com", Password: goodPassword})
			require.NoError(t, err)
		})
		started := 1
		for who := next(); who != goodPassword; who = next() {
			started++
			proceed <- struct{}{}
		}
		// The rest hashes at once.
		close(proceed)
		drained := make(chan struct{})
		go func() {
			for {
				select {
				case <-entered:
				case <-drained:
					return
				}
			}
		}()
		wg.Wait()
		close(drained)
		require.Equal(t, 1, started, "the shopper's hash starts before any further hash of the flood")
		require.Equal(t, contract.CodeOK, shopper.ErrorCode)
	})
}

// Outside production the machine itself is nobody's client in the hash turns, as in every other per-client limit
// (MailLimits.ExemptLoopback): two logins from 127.0.0.1 hash side by side, while two from one other address take
// turns. The turns once counted loopback alone, so the browser tests' service hashed one password at a time.
func TestHashTurnsExemptTheMachineAsEveryPerClientLimit(t *testing.T) {
	for _, tc := range []struct {
		address  string
		together int
	}{{"127.0.0.1", 2}, {"::1", 2}, {"192.0.2.7", 1}} {
		t.Run(tc.address, func(t *testing.T) {
			h := newHarness(t, dbtest.SQLite(t), func(c *embedded.Config) {
				c.MaxConcurrentHashes = 2 // one hash per client at a time
				c.MailLimits.ExemptLoopback = true
			})
			entered := make(chan struct{}, 2)
			proceed := make(chan struct{})
			h.p.SetHashCompute(func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
				entered <- struct{}{}
				<-proceed
				return argon2.IDKey(password, salt, time, memory, threads, keyLen)
			})
			var wg sync.WaitGroup
			for i := range 2 {
				wg.Go(func() {
					_, err := h.p.Login(h.ctx, embedded.Caller{ClientAddress: tc.address}, embedded.LoginParams{LoginID: fmt.Sprintf("nobody-%d@example.com", i), Password: "guess"})
					require.NoError(t, err)
				})
			}
			<-entered
			// The second hash has a moment to start beside the first, if its turn lets it.
			select {
			case <-entered:
				require.Equal(t, 2, tc.together, "the second login hashed beside the first")
			case <-time.After(300 * time.Millisecond):
				require.Equal(t, 1, tc.together, "the second login waited for the first's turn")
			}
			close(proceed)
			wg.Wait()
		})
	}
}
