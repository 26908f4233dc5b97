package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/audit"
)

// TestAuditLogOfAJourney: logins, a failure, a password change and the verification are in the audit log with
// the client address; no password, session token or link is.
func TestAuditLogOfAJourney(t *testing.T) {
	svc := apitest.New(t)
	registerUnverified(t, svc, "eva@example.com")
	mails, err := svc.App.Outbox.Latest(context.Background(), "eva@example.com", 1)
	require.NoError(t, err)
	u, err := url.Parse(mails[0].Links[0])
	require.NoError(t, err)
	require.Equal(t, "/double-opt-in-done?errorCode=0", svc.OpenMailLink(mails[0].Links[0]))

	post := func(method, body, cookie string) *httptest.ResponseRecorder {
		h := map[string]string{"Content-Type": "application/json", "Origin": "http://example.com"}
		if cookie != "" {
			h["Cookie"] = cookie
		}
		return svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts." + method, Body: body, Header: h, RemoteAddr: "198.51.100.23:5000"})
	}
	post("login", `{"loginID":"eva@example.com","password":"Wrong-Passw0rd!"}`, "")
	rec := post("login", `{"loginID":"eva@example.com","password":"Sommer-2026!"}`, "")
	cookie := rec.Header().Get("Set-Cookie")
	require.Contains(t, cookie, "portal_session=")
	session := strings.SplitN(cookie, ";", 2)[0]
	rec = post("setAccountInfo", `{"password":"Sommer-2026!","newPassword":"Winter-2027?x"}`, session)
	require.Contains(t, rec.Body.String(), `"errorCode":0`)

	events, err := svc.App.Audit.ByEmail(context.Background(), "eva@example.com", 50)
	require.NoError(t, err)
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	require.Equal(t, []string{audit.PasswordChanged, audit.LoginSucceeded, audit.LoginFailed, audit.EmailVerified, audit.Registered}, types)
	require.Equal(t, "198.51.100.23", events[0].ClientAddress)
	dump, err := json.Marshal(events)
	require.NoError(t, err)
	for _, secret := range []string{"Sommer-2026!", "Winter-2027?x", "Wrong-Passw0rd!", strings.TrimPrefix(session, "portal_session="), u.Query().Get("token")} {
		require.NotContains(t, string(dump), secret)
	}

	// The right password for a disabled account is in the log too (QA operations round).
	require.NoError(t, svc.App.Identity.SetDisabled(context.Background(), "eva@example.com", true))
	require.Contains(t, post("login", `{"loginID":"eva@example.com","password":"Winter-2027?x"}`, "").Body.String(), `"errorCode":403041`)
	events, err = svc.App.Audit.ByEmail(context.Background(), "eva@example.com", 1)
	require.NoError(t, err)
	require.Equal(t, audit.LoginFailed, events[0].Type)
	require.Equal(t, "account disabled", events[0].Detail)
}

// TestMetricsOnTheAdminListenerOnly: /metrics answers on the admin handler with the request, login and pool
// figures, and the public listener never serves them.
func TestMetricsOnTheAdminListenerOnly(t *testing.T) {
	svc := apitest.New(t)
	require.Equal(t, http.StatusOK, svc.Get("/rest/v1/region?zip=20095").Code)
	identityCall(t, svc, "login", map[string]any{"loginID": "nobody@example.com", "password": "Wrong-Passw0rd!"})
	// A method a caller made up is counted as OTHER, not as a series of its own (QA operations round).
	svc.Do(apitest.Request{Method: "MADEUP" + strings.Repeat("X", 100), Target: "/rest/v1/region?zip=20095"})

	admin := httptest.NewServer(app.AdminHandler(svc.DB, false))
	defer admin.Close()
	res, err := http.Get(admin.URL + "/metrics")
	require.NoError(t, err)
	defer func() { _ = res.Body.Close() }()
	var body strings.Builder
	_, _ = io.Copy(&body, res.Body)
	for _, want := range []string{
		`portal_http_requests_total{method="GET",route="/rest/v1/region",status="200"}`,
		`portal_http_request_duration_seconds_bucket{route="/rest/v1/region"`,
		`portal_identity_logins_total{outcome="invalid"}`,
		"portal_password_hash_queue_wait_seconds_count",
		"portal_db_pool_open_connections",
		"portal_mail_outbox_backlog 0",
		"go_goroutines",
		`portal_http_requests_total{method="OTHER",route="/rest/v1/region",status="405"}`,
	} {
		require.Contains(t, body.String(), want)
	}
	require.NotContains(t, body.String(), "MADEUP")
	require.Zero(t, svc.Logs.FilterField(zap.String("method", "MADEUP"+strings.Repeat("X", 100))).Len())
	public := svc.Get("/metrics")
	require.NotContains(t, public.Body.String(), "portal_http_requests_total")

	// The profiler too lives on the admin listener only.
	prof, err := http.Get(admin.URL + "/debug/pprof/")
	require.NoError(t, err)
	_ = prof.Body.Close()
	require.Equal(t, http.StatusOK, prof.StatusCode)
	require.NotContains(t, svc.Get("/debug/pprof/").Body.String(), "goroutine")
}
