package main

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// TestSeedScale: synthetic accounts log in with the shared password through the real service, the store
// directory grows to the asked size, and seeding again adds nothing.
func TestSeedScale(t *testing.T) {
	url := dbtest.SQLiteURL(t)
	out, err := runCLI(t, "seed-scale", "--database-url", url, "--stores", "5000", "--accounts", "120")
	require.NoError(t, err)
	require.Contains(t, out, "stores: 5000 (5000 new)")
	require.Contains(t, out, "accounts: 120 (120 new)")
	require.Len(t, storesIn(t, url), 5000)

	out, err = runCLI(t, "seed-scale", "--database-url", url, "--accounts", "121")
	require.NoError(t, err)
	require.Contains(t, out, "accounts: 121 (1 new)")

	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Database.URL = url }))
	for _, i := range []int{1, 121} {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login",
			Body:   "loginID=" + ScaleEmail(i) + "&password=" + ScalePassword,
			Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
		require.Contains(t, rec.Body.String(), `"errorCode":0`, rec.Body.String())
		cookie := rec.Header().Get("Set-Cookie")
		require.NotEmpty(t, cookie)
		info := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.getAccountInfo",
			Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Cookie": strings.Split(cookie, ";")[0]}})
		require.Contains(t, info.Body.String(), ScaleEmail(i))
	}

	// Nothing asked, nothing done, and said so; a database with a shopper in it gets no synthetic accounts.
	_, err = runCLI(t, "seed-scale", "--database-url", url)
	require.ErrorContains(t, err, "say what to make")
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.initRegistration"})
	regToken := regexp.MustCompile(`"regToken":"([^"]+)"`).FindStringSubmatch(rec.Body.String())
	require.Len(t, regToken, 2, rec.Body.String())
	rec = svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.register",
		Body:   "email=eva%40shopper.de&password=Sommer-2026%21&regToken=" + regToken[1],
		Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	require.Contains(t, rec.Body.String(), `"errorCode":206001`)
	_, err = runCLI(t, "seed-scale", "--database-url", url, "--accounts", "122")
	require.ErrorContains(t, err, "holds 1 account outside example.com")
}

// TestSeedScaleDropsOnlyBenchDatabases: --fresh and --drop refuse any database not named for measuring, before
// connecting anywhere.
func TestSeedScaleDropsOnlyBenchDatabases(t *testing.T) {
	for _, flag := range []string{"--fresh", "--drop"} {
		_, err := runCLI(t, "seed-scale", flag, "--database-url", "postgres://postgres@127.0.0.1:1/portal?sslmode=disable")
		require.ErrorContains(t, err, "will only create or drop databases named portal_bench_")
	}
	_, err := runCLI(t, "seed-scale", "--drop", "--database-url", dbtest.SQLiteURL(t))
	require.ErrorContains(t, err, "for PostgreSQL URLs")
}
