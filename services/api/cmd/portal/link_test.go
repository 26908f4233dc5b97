package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

var linkPattern = regexp.MustCompile(`^(https?://[^/]+)/preferences/token/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\n$`)

// verifyLink checks a printed link against the keys the service would use on dbURL.
func verifyLink(t *testing.T, cfg config.Config, dbURL, token string) string {
	t.Helper()
	ctx := context.Background()
	var db *database.DB
	if dbURL != "" {
		var err error
		db, err = database.Open(ctx, dbURL)
		require.NoError(t, err)
		defer func() { _ = db.Close() }()
	}
	tokens, err := app.SubscriberTokens(ctx, cfg, db, nil)
	require.NoError(t, err)
	email, err := tokens.Verify(ctx, token)
	require.NoError(t, err)
	return email.String()
}

// linkAccount answers the account a printed link names ("" for a link of the address alone).
func linkAccount(t *testing.T, dbURL, token string) string {
	t.Helper()
	db, err := database.Open(context.Background(), dbURL)
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	tokens, err := app.SubscriberTokens(context.Background(), config.Default(), db, nil)
	require.NoError(t, err)
	link, err := tokens.Open(context.Background(), token)
	require.NoError(t, err)
	return link.UID
}

// emptyFile is what a touch leaves: a path that is there, with no database in it.
func emptyFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "empty.db")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	return path
}

func TestLinkCommand(t *testing.T) {
	dbURL, _ := migratedSQLite(t)
	const secret = "cli-test-secret-0123456789abcdef-0123"
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		wantBase string
		wantErr  string
	}{
		{name: "development key, local address", args: []string{"--email", "Demo@Example.com", "--database-url", dbURL, "--http-addr", ":9090"}, wantBase: "http://localhost:9090"},
		{name: "same key on the next run", args: []string{"--email", "demo@example.com", "--database-url", dbURL}, wantBase: "http://localhost:8080"},
		{name: "configured key and public URL", args: []string{"--email", "demo@example.com", "--lifetime", "2h", "--database-url", dbURL},
			env: map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:" + secret, "PORTAL_HTTP_PUBLICURL": "https://portal.example.com/"}, wantBase: "https://portal.example.com"},
		// The embedded provider's accounts are in the database: a link of an address that has one names it.
		{name: "configured key, a database that is not there", args: []string{"--email", "demo@example.com", "--database-url", "sqlite:" + filepath.Join(t.TempDir(), "typo.db")},
			env: map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:" + secret}, wantErr: "there is no database at"},
		{name: "development key of a database that is not there", args: []string{"--email", "demo@example.com", "--database-url", "sqlite:" + filepath.Join(t.TempDir(), "typo.db")},
			wantErr: "there is no database at"},
		{name: "development key of an empty file", args: []string{"--email", "demo@example.com", "--database-url", "sqlite:" + emptyFile(t)},
			wantErr: "there is no database at"},
		{name: "invalid e-mail", args: []string{"--email", "not-an-address", "--database-url", dbURL}, wantErr: "link: --email must be an e-mail address"},
		{name: "missing e-mail", args: []string{"--database-url", dbURL}, wantErr: "link: --email is required"},
		{name: "negative lifetime", args: []string{"--email", "demo@example.com", "--lifetime", "-1h"}, wantErr: "link: --lifetime must be positive"},
		{name: "zero lifetime", args: []string{"--email", "demo@example.com", "--lifetime", "0s"}, wantErr: "link: --lifetime must be positive"},
		{name: "lifetime over a year", args: []string{"--email", "demo@example.com", "--lifetime", "100000h"}, wantErr: "at most 8784h"},
		{name: "production without keys", args: []string{"--email", "demo@example.com", "--env", "production"}, wantErr: "subscribers.jwt.keys"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), append([]string{"link", "--log-level", "error"}, tc.args...), &stdout, &stderr)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				require.Empty(t, stdout.String())
				return
			}
			require.NoError(t, err, stderr.String())
			m := linkPattern.FindStringSubmatch(stdout.String())
			require.NotNil(t, m, stdout.String())
			require.Equal(t, tc.wantBase, m[1])
			require.Contains(t, stderr.String(), "valid until")

			cfg := config.Default()
			verifyDB := dbURL
			if tc.env["PORTAL_SUBSCRIBERS_JWT_KEYS"] != "" {
				cfg.Subscribers.JWT.Keys = []config.SigningKey{{KID: "k1", Secret: secret}}
				verifyDB = ""
			}
			require.Equal(t, "demo@example.com", verifyLink(t, cfg, verifyDB, m[2]))
		})
	}
}

func TestSeedDemoSubscriber(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "portal.db")
	out, err := runCLI(t, "seed", "--database-url", dbURL, "demo-subscriber")
	require.NoError(t, err)
	require.Contains(t, out, "demo-subscriber: demo@example.com with 3 product reminders (3 new), newsletter and reminder subscriptions confirmed\n")
	require.Contains(t, out, "demo-subscriber: preference centre http://localhost:8080/preferences/token/")

	out, err = runCLI(t, "seed", "--database-url", dbURL, "demo-subscriber")
	require.NoError(t, err)
	require.Contains(t, out, "(0 new)", "idempotent")

	// The printed link opens the reminders, and names the demo's account: it was seeded, so it is known.
	token := strings.TrimSpace(out[strings.LastIndex(out, "/preferences/token/")+len("/preferences/token/"):])
	require.Equal(t, "demo@example.com", verifyLink(t, config.Default(), dbURL, token))
	require.NotEmpty(t, linkAccount(t, dbURL, token))

	// Through the real service, the demo shows what seed announces: the reminder service subscribed and
	// confirmed (so the centre lists reminders, spec 001 §4), and its three reminders.
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Database.URL = dbURL }))
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/regToken/jwt",
		Body: url.Values{"jwt": {token}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	var exchanged struct{ RegToken string }
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &exchanged))
	rec = svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.getAccountInfo",
		Body: `{"regToken":"` + exchanged.RegToken + `","include":"data,subscriptions"}`, Header: map[string]string{"Content-Type": "application/json"}})
	var account struct {
		Subscriptions map[string]struct {
			Email struct {
				IsSubscribed bool
				DoubleOptIn  struct{ Status string }
			}
		}
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &account), rec.Body.String())
	for _, key := range []string{"SVC_PRODUCT_REMINDER", "NLT_GENERAL"} {
		require.True(t, account.Subscriptions[key].Email.IsSubscribed, key)
		require.Equal(t, "Confirmed", account.Subscriptions[key].Email.DoubleOptIn.Status, key)
	}
	rec = svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder/search",
		Body: `{"authToken":"` + token + `"}`, Header: map[string]string{"Content-Type": "application/json"}})
	var listed struct{ ProductReminders []struct{ VariantID string } }
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &listed), rec.Body.String())
	require.Len(t, listed.ProductReminders, 3)
}

// accountOf registers and confirms a shopper's account on the service, logs it in and answers the session token.
func accountOf(t *testing.T, svc *apitest.Service, email string) string {
	t.Helper()
	ctx := context.Background()
	p := svc.App.Identity
	init, err := p.InitRegistration(ctx, embedded.Caller{})
	require.NoError(t, err)
	r, err := p.Register(ctx, embedded.Caller{}, embedded.RegisterParams{RegToken: init.RegToken, Email: email, Password: shopperPassword,
		Lang: "de", FinalizeRegistration: true, Profile: map[string]any{"firstName": "Eva", "lastName": "Muster"},
		Preferences: map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}}})
	require.NoError(t, err)
	require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
	confirmNewest(t, svc, email)
	login, err := p.Login(ctx, embedded.Caller{}, embedded.LoginParams{LoginID: email, Password: shopperPassword})
	require.NoError(t, err)
	require.NotNil(t, login.Session, "errorCode %d", login.ErrorCode)
	return login.Session.Token
}

const shopperPassword = "Sommer-2026!"

// confirmNewest follows the newest verification mail to email.
func confirmNewest(t *testing.T, svc *apitest.Service, email string) {
	t.Helper()
	mails, err := svc.App.Outbox.Latest(context.Background(), email, 10)
	require.NoError(t, err)
	for _, m := range mails {
		if m.Kind == embedded.MailVerification {
			svc.OpenMailLink(m.Links[0])
			return
		}
	}
	require.Fail(t, "no verification mail to "+email)
}

// printedLink runs `portal link` for email on dbURL and answers the link's token.
func printedLink(t *testing.T, dbURL, email string) string {
	t.Helper()
	out, err := runCLI(t, "link", "--database-url", dbURL, "--email", email)
	require.NoError(t, err)
	m := linkPattern.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	return m[2]
}

// exchangeLink posts a link token to the preference centre's exchange and answers the status and error code.
func exchangeLink(t *testing.T, svc *apitest.Service, token string) (int, string) {
	t.Helper()
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/regToken/jwt",
		Body: url.Values{"jwt": {token}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	if rec.Code == http.StatusOK {
		return rec.Code, ""
	}
	return rec.Code, apitest.ErrorBody(t, rec).Code
}

// accountCount answers how many accounts the identity provider has for email.
func accountCount(t *testing.T, svc *apitest.Service, email string) int {
	t.Helper()
	var n int
	require.NoError(t, svc.DB.QueryRowContext(context.Background(), svc.DB.Rebind(`SELECT COUNT(*) FROM identity_accounts WHERE email = ?`), email).Scan(&n))
	return n
}

// A link `portal link` prints for an address that has an account is the account's: once the address is no longer
// the account's (its e-mail changed, or it was deleted) the link answers as an expired one does and makes no new
// newsletter-only account of the address left behind (QA: a fresh tab opened an empty centre for it). A link for
// an address without an account makes one, as the retailer's mailing system's links do.
func TestLinkOfAnAccountEndsWhenTheAddressIsNoLongerItsOwn(t *testing.T) {
	dbURL, _ := migratedSQLite(t)
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Database.URL = dbURL }))
	ctx := context.Background()
	p := svc.App.Identity

	nobody := printedLink(t, dbURL, "nobody@example.com")
	require.Empty(t, linkAccount(t, dbURL, nobody), "an address without an account: a link of the address alone")
	session := accountOf(t, svc, "mover@example.com")
	moved := printedLink(t, dbURL, "mover@example.com")
	require.NotEmpty(t, linkAccount(t, dbURL, moved))
	kept := printedLink(t, dbURL, "mover@example.com")
	changed, err := p.SetAccountInfo(ctx, embedded.Caller{SessionToken: session}, embedded.SetAccountInfoParams{Password: shopperPassword,
		Profile: map[string]any{"email": "moved@example.com"}})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, changed.ErrorCode, changed.ErrorDetails)
	status, _ := exchangeLink(t, svc, kept)
	require.Equal(t, http.StatusOK, status, "an e-mail change not yet confirmed leaves the address the account's")
	confirmNewest(t, svc, "moved@example.com")

	status, code := exchangeLink(t, svc, moved)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "preferences.loading", code, "the centre's page for an expired link")
	require.Zero(t, accountCount(t, svc, "mover@example.com"), "no newsletter-only account for the address left behind")
	fresh := printedLink(t, dbURL, "moved@example.com")
	status, _ = exchangeLink(t, svc, fresh)
	require.Equal(t, http.StatusOK, status, "the account's link at its new address")

	// The address given up, taken by someone else: the old link still opens nothing, the new owner's does.
	lite := printedLink(t, dbURL, "mover@example.com")
	status, _ = exchangeLink(t, svc, lite)
	require.Equal(t, http.StatusOK, status, "an address without an account: its newsletter-only account is made, as before")
	require.Equal(t, 1, accountCount(t, svc, "mover@example.com"))
	status, _ = exchangeLink(t, svc, moved)
	require.Equal(t, http.StatusUnauthorized, status, "the address is another account's now")

	leaving := accountOf(t, svc, "leaving@example.com")
	gone := printedLink(t, dbURL, "leaving@example.com")
	deleted, err := p.DeleteAccount(ctx, embedded.Caller{SessionToken: leaving}, embedded.DeleteAccountParams{Password: shopperPassword})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, deleted.ErrorCode, deleted.ErrorDetails)
	status, code = exchangeLink(t, svc, gone)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "preferences.loading", code)
	require.Zero(t, accountCount(t, svc, "leaving@example.com"))
}
