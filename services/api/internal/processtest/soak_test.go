package processtest_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/processtest"
)

// The soak's length and load: PORTAL_SOAK_DURATION (default 12s, the short form inside `make test`; `make soak`
// runs a minute) and PORTAL_SOAK_SHOPPERS (default 8).
func soakSettings() (time.Duration, int) {
	d, shoppers := 12*time.Second, 8
	if v, err := time.ParseDuration(os.Getenv("PORTAL_SOAK_DURATION")); err == nil && v > 0 {
		d = v
	}
	if _, err := fmt.Sscan(os.Getenv("PORTAL_SOAK_SHOPPERS"), &shoppers); err != nil || shoppers < 1 {
		shoppers = 8
	}
	return d, shoppers
}

// account is what the service acknowledged for one shopper, and the write whose answer never came.
type account struct {
	email      string
	verified   bool
	name       string // the last acknowledged first name
	pendingFor string // a first name sent without an answer (the kill came first): either value may be stored
}

// TestSoakSQLite: concurrent shopper journeys (register, verify, log in, change the profile, log out) against
// the real binary on SQLite; a kill -9 at a random moment; a restart on the same file; every acknowledged write
// must be there (issue 15).
func TestSoakSQLite(t *testing.T) {
	soak(t, "sqlite:"+filepath.Join(t.TempDir(), "soak.db"))
}

// TestSoakPostgres is the same on PostgreSQL when PORTAL_TEST_POSTGRES_URL is set.
func TestSoakPostgres(t *testing.T) {
	soak(t, dbtest.PostgresURL(t))
}

func soak(t *testing.T, dbURL string) {
	duration, shoppers := soakSettings()
	env := []string{"PORTAL_DATABASE_URL=" + dbURL}
	processtest.Migrate(t, env...)
	first := processtest.Start(t, env...)
	base := &atomic.Pointer[string]{}
	base.Store(&first.URL)

	var serverErrors, journeys, acknowledged atomic.Int64
	var mu sync.Mutex
	var accounts []*account
	deadline := time.Now().Add(duration)
	killAt := time.Duration(float64(duration) * (0.3 + 0.4*rand.Float64()))
	var wg sync.WaitGroup
	for w := 0; w < shoppers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for n := 0; time.Now().Before(deadline); n++ {
				a := &account{email: fmt.Sprintf("soak-%d-%d-%d@example.org", w, n, time.Now().UnixNano())}
				acks, done := journey(processtest.NewShopper(base, &serverErrors), a)
				acknowledged.Add(acks)
				if acks > 0 {
					mu.Lock()
					accounts = append(accounts, a)
					mu.Unlock()
				}
				if done {
					journeys.Add(1)
				} else {
					time.Sleep(100 * time.Millisecond) // the service is restarting
				}
			}
		}(w)
	}
	time.Sleep(killAt)
	first.Kill() // kill -9: no shutdown, in-flight requests lost
	second := processtest.Start(t, env...)
	base.Store(&second.URL)
	wg.Wait()
	second.Stop()

	failures.Range(func(k, v any) bool {
		t.Logf("journeys cut short at %s: %d", k, v.(*atomic.Int64).Load())
		failures.Delete(k)
		return true
	})
	lost, mismatched := check(t, dbURL, accounts)
	elapsed := duration.Seconds()
	t.Logf("soak (%s, %d shoppers, %s, kill -9 after %s): acknowledged %d, lost %d, mismatched %d, 5xx %d, journeys %.1f/s",
		map[bool]string{true: "postgres", false: "sqlite"}[dbURL[:6] != "sqlite"], shoppers, duration, killAt.Round(time.Millisecond),
		acknowledged.Load(), lost, mismatched, serverErrors.Load(), float64(journeys.Load())/elapsed)
	if lost > 0 || mismatched > 0 || serverErrors.Load() > 0 {
		t.Fatalf("durability: %d lost, %d mismatched, %d server errors", lost, mismatched, serverErrors.Load())
	}
	if acknowledged.Load() == 0 {
		t.Fatal("no write was acknowledged")
	}
}

const soakPassword = "Soak-Passw0rd-2026!"

// failures counts why journeys stopped early (a restart, a refusal), for the log.
var failures sync.Map

func stopped(step string, code int, err error) {
	key := fmt.Sprintf("%s: %d", step, code)
	if err != nil {
		key = step + ": " + err.Error()
		if len(key) > 80 {
			key = key[:80]
		}
	}
	n, _ := failures.LoadOrStore(key, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
}

// journey runs one shopper's visit; it answers the writes acknowledged and whether it ran to the end.
func journey(s *processtest.Shopper, a *account) (int64, bool) {
	var acks int64
	code, init, err := s.Call("initRegistration", map[string]any{})
	if err != nil || code != 0 {
		stopped("initRegistration", code, err)
		return acks, false
	}
	code, _, err = s.Call("register", map[string]any{
		"regToken": init["regToken"], "email": a.email, "password": soakPassword, "finalizeRegistration": true, "lang": "de",
		"profile":     map[string]any{"firstName": "Eva", "lastName": "Soak"},
		"preferences": map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}},
	})
	if err != nil || code != 206002 {
		stopped("register", code, err)
		return acks, false
	}
	a.name = "Eva"
	acks++
	link, err := s.VerificationLink(a.email)
	if err != nil {
		stopped("outbox", 0, err)
		return acks, false
	}
	to, err := s.Follow(link)
	if err != nil || to != "/double-opt-in-done?errorCode=0" {
		stopped("verify "+to, 0, err)
		return acks, false
	}
	a.verified = true
	acks++
	if code, _, err = s.Call("login", map[string]any{"loginID": a.email, "password": soakPassword}); err != nil || code != 0 {
		stopped("login", code, err)
		return acks, false
	}
	for _, name := range []string{"Anna", "Berta", "Clara"} {
		a.pendingFor = name
		code, _, err = s.Call("setAccountInfo", map[string]any{"profile": map[string]any{"firstName": name}})
		if err != nil || code != 0 {
			stopped("setAccountInfo", code, err)
			return acks, false
		}
		a.name, a.pendingFor = name, ""
		acks++
	}
	if code, _, err = s.Call("logout", map[string]any{}); err != nil || code != 0 {
		stopped("logout", code, err)
		return acks, false
	}
	return acks, true
}

// check reads every account from the database: an acknowledged registration must exist, an acknowledged
// verification be there, and the first name be the last acknowledged one (or the one whose answer was lost).
func check(t *testing.T, dbURL string, accounts []*account) (lost, mismatched int) {
	ctx := context.Background()
	db, err := database.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	for _, a := range accounts {
		var profile string
		var verified bool
		err := db.QueryRowContext(ctx, db.Rebind(`SELECT profile, is_verified FROM identity_accounts WHERE email = ?`), a.email).Scan(&profile, &verified)
		if err == sql.ErrNoRows {
			lost++
			t.Errorf("lost: the registration of %s", a.email)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		_ = json.Unmarshal([]byte(profile), &p)
		if a.verified && !verified {
			lost++
			t.Errorf("lost: the verification of %s", a.email)
		}
		if got := p["firstName"]; got != a.name && (a.pendingFor == "" || got != a.pendingFor) {
			mismatched++
			t.Errorf("mismatched: %s has first name %v, acknowledged %q", a.email, got, a.name)
		}
	}
	return lost, mismatched
}
