package processtest_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"regexp"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/jobs"
	"github.com/grocer-portal/portal/services/api/internal/mail/mailtest"
	"github.com/grocer-portal/portal/services/api/internal/processtest"
)

// TestTwoReplicasOnOnePostgres: two `portal serve` processes on one PostgreSQL database behave as one service: a
// session made on one is valid on the other, lockout counts are shared, every mail is delivered once and the
// sweep runs once per round (issue 15).
func TestTwoReplicasOnOnePostgres(t *testing.T) {
	dbURL := dbtest.PostgresURL(t)
	relay := mailtest.Start(t, mailtest.Options{})
	env := []string{"PORTAL_DATABASE_URL=" + dbURL, "PORTAL_MAIL_SMTP_URL=smtp://" + relay.Addr,
		"PORTAL_JOBS_MAILINTERVAL=200ms", "PORTAL_JOBS_SWEEPINTERVAL=500ms"}
	processtest.Migrate(t, env...)
	// The sweep's runs are counted from A's start (each replica sweeps once as it starts), so the window is too:
	// measured from after both had started, it left out B's start-up, several rounds on a slow machine.
	started := time.Now()
	a, b := processtest.Start(t, env...), processtest.Start(t, env...)

	base := &atomic.Pointer[string]{}
	var serverErrors atomic.Int64
	on := func(p *processtest.Process) { base.Store(&p.URL) }
	shopper := processtest.NewShopper(base, &serverErrors)

	// Registered on A, verified through B, logged in on A: the session works on B, and a logout on B ends it on A.
	on(a)
	emails := []string{}
	register := func(s *processtest.Shopper, email string) {
		code, init, err := s.Call("initRegistration", map[string]any{})
		require.NoError(t, err)
		require.Zero(t, code)
		code, _, err = s.Call("register", map[string]any{
			"regToken": init["regToken"], "email": email, "password": soakPassword, "finalizeRegistration": true,
			"profile":     map[string]any{"firstName": "Eva", "lastName": "Replica"},
			"preferences": map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}},
		})
		require.NoError(t, err)
		require.Equal(t, 206002, code)
		emails = append(emails, email)
	}
	register(shopper, "eva@example.org")
	link := waitForLink(t, relay, "eva@example.org")
	on(b)
	to, err := shopper.Follow(link)
	require.NoError(t, err)
	require.Equal(t, "/double-opt-in-done?errorCode=0", to)
	on(a)
	code, _, err := shopper.Call("login", map[string]any{"loginID": "eva@example.org", "password": soakPassword})
	require.NoError(t, err)
	require.Zero(t, code)
	on(b)
	code, info, err := shopper.Call("getAccountInfo", map[string]any{})
	require.NoError(t, err)
	require.Zero(t, code, "the session made on A is valid on B")
	require.Equal(t, "eva@example.org", info["profile"].(map[string]any)["email"])
	code, _, err = shopper.Call("logout", map[string]any{})
	require.NoError(t, err)
	require.Zero(t, code)

	// Lockout counts are shared: five failures spread over both replicas lock the login ID on both.
	for i := 0; i < 5; i++ {
		on([]*processtest.Process{a, b}[i%2])
		code, _, err := shopper.Call("login", map[string]any{"loginID": "eva@example.org", "password": "Wrong-Passw0rd-1"})
		require.NoError(t, err)
		require.Equal(t, 403042, code)
	}
	for _, p := range []*processtest.Process{a, b} {
		on(p)
		code, _, err := shopper.Call("login", map[string]any{"loginID": "eva@example.org", "password": soakPassword})
		require.NoError(t, err)
		require.Equal(t, 403120, code, "locked on both replicas")
	}

	// Mail delivery: registrations on both replicas, each mail arrives exactly once.
	for i := 0; i < 10; i++ {
		on([]*processtest.Process{a, b}[i%2])
		register(processtest.NewShopper(base, &serverErrors), "replica-"+string(rune('a'+i))+"@example.org")
	}
	require.Eventually(t, func() bool { return len(relay.Received()) >= len(emails) }, 30*time.Second, 100*time.Millisecond)
	time.Sleep(time.Second) // a second delivery would show by now (both replicas deliver every 200 ms)
	count := map[string]int{}
	for _, r := range relay.Received() {
		for _, to := range r.To {
			count[to]++
		}
	}
	for _, e := range emails {
		require.Equal(t, 1, count[e], "the verification mail to %s is delivered exactly once", e)
	}
	require.Len(t, relay.Received(), len(emails))

	// The sweep: one replica per round. Each replica ticks every 500 ms; were both sweeping, the rounds would
	// number about twice the elapsed half-seconds.
	time.Sleep(3 * time.Second)
	db, err := database.Open(context.Background(), dbURL)
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	runs, err := jobs.Runs(context.Background(), db, "sweep")
	require.NoError(t, err)
	rounds := time.Since(started) / (450 * time.Millisecond)
	t.Logf("sweep ran %d times in %s on two replicas", runs, time.Since(started).Round(time.Millisecond))
	require.LessOrEqual(t, runs, int64(rounds)+2, "at most one sweep per round")
	require.GreaterOrEqual(t, runs, int64(3))
	require.Zero(t, serverErrors.Load())
}

var linkInText = regexp.MustCompile(`https?://\S+/identity/verify\?token=\S+`)

// waitForLink waits for the verification mail to the address at the relay and returns its link.
func waitForLink(t *testing.T, relay *mailtest.Server, to string) string {
	t.Helper()
	var link string
	require.Eventually(t, func() bool {
		for _, r := range relay.Received() {
			if len(r.To) == 1 && r.To[0] == to {
				link = linkInText.FindString(textPart(t, r.Data))
				return link != ""
			}
		}
		return false
	}, 30*time.Second, 100*time.Millisecond)
	return link
}

func textPart(t *testing.T, raw []byte) string {
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	require.NoError(t, err)
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	require.NoError(t, err)
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return ""
		}
		require.NoError(t, err)
		if ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); ct == "text/plain" {
			b, _ := io.ReadAll(p)
			return string(b)
		}
	}
}
