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
		{name: "configured key and public URL", args: []string{"--email", "demo@example.com", "--lifetime", "2h", "--database-url", "sqlite:" + filepath.Join(t.TempDir(), "unused", "x.db")},
			env: map[string]string{"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:" + secret, "PORTAL_HTTP_PUBLICURL": "https://portal.example.com/"}, wantBase: "https://portal.example.com"},
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

	// The printed link opens the reminders.
	token := strings.TrimSpace(out[strings.LastIndex(out, "/preferences/token/")+len("/preferences/token/"):])
	require.Equal(t, "demo@example.com", verifyLink(t, config.Default(), dbURL, token))

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
