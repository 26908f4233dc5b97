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

// One client flooding logins and registrations does not starve another's login: once every slot is taken, the
// next one freed goes to the client holding fewest (hashQueue), so the shopper's hash starts when the first of the
// flood's ends, not after the flood's queue. Sharing one queue, 24 connections of one address made a login from
// another address wait 1.6 to 3.9 s (QA security round of 2026-11-29). The flood rotates through one IPv6 /64, which
// is one client. The hashes are held until the test lets them go, so the order in which they start is the
// hasher's, whatever the machine's load.
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
		// The flood holds both slots (nobody else wants one) and queues the rest.
		require.NotEqual(t, goodPassword, next())
		require.NotEqual(t, goodPassword, next())
		queued := func(n int) func() bool { return func() bool { return h.p.HashesWaiting() == n } }
		require.Eventually(t, queued(8), 30*time.Second, time.Millisecond)

		var shopper embedded.Result
		wg.Go(func() {
			var err error
			shopper, err = h.p.Login(h.ctx, embedded.Caller{ClientAddress: "2001:db8:1:3::1"}, embedded.LoginParams{LoginID: "eva@example.com", Password: goodPassword})
			require.NoError(t, err)
		})
		require.Eventually(t, queued(9), 30*time.Second, time.Millisecond, "the shopper's hash waits behind the flood's")
		ended := 0
		for who := ""; who != goodPassword; who = next() {
			proceed <- struct{}{}
			ended++
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
		require.Equal(t, 1, ended, "the shopper's hash starts when the first of the flood's ends")
		require.Equal(t, contract.CodeOK, shopper.ErrorCode)
	})
}

// A client alone hashes on every slot, whoever it is: the queue leaves no slot idle, so the shoppers behind one
// proxy address or carrier-grade NAT are not held to a share of the machine while nobody else wants it. Until
// 2026-11-30 one address held at most half the slots (here one), loopback outside production excepted.
func TestAClientAloneHashesOnEverySlot(t *testing.T) {
	for _, address := range []string{"192.0.2.7", "2001:db8:1:2::1", "127.0.0.1"} {
		t.Run(address, func(t *testing.T) {
			h := newHarness(t, dbtest.SQLite(t), func(c *embedded.Config) { c.MaxConcurrentHashes = 2 })
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
					_, err := h.p.Login(h.ctx, embedded.Caller{ClientAddress: address}, embedded.LoginParams{LoginID: fmt.Sprintf("nobody-%d@example.com", i), Password: "guess"})
					require.NoError(t, err)
				})
			}
			for range 2 {
				select {
				case <-entered:
				case <-time.After(30 * time.Second):
					require.FailNow(t, "the second login waited while a slot was free")
				}
			}
			close(proceed)
			wg.Wait()
		})
	}
}
