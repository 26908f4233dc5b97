package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

// TestMailSendingCallsAreThrottled: every call that makes the service send mail counts per account and per
// client address (identity.embedded.mailLimits); past a limit it answers 400125 (429 on the REST endpoint) and
// sends nothing (issue 15).
func TestMailSendingCallsAreThrottled(t *testing.T) {
	t.Run("per account", func(t *testing.T) {
		svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
			c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 3, PerAddress: 100, Window: config.Default().Identity.Embedded.MailLimits.Window}
		}))
		registerUnverified(t, svc, "eva@example.com")
		for i := 0; i < 3; i++ {
			env := identityCall(t, svc, "resendVerificationCode", map[string]any{"email": "eva@example.com"})
			require.EqualValues(t, 0, env["errorCode"], "mail %d", i+1)
		}
		env := identityCall(t, svc, "resendVerificationCode", map[string]any{"email": "eva@example.com"})
		require.EqualValues(t, 400125, env["errorCode"], "the fourth mail within the hour is refused")
		rec := svc.Do(apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email",
			Body: url.Values{"email": {"eva@example.com"}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
		require.Equal(t, http.StatusTooManyRequests, rec.Code, rec.Body.String())
		mails, err := svc.App.Outbox.Latest(t.Context(), "eva@example.com", 10)
		require.NoError(t, err)
		require.Len(t, mails, 4, "the registration mail and three resent ones")
		env = identityCall(t, svc, "resetPassword", map[string]any{"loginID": "eva@example.com"})
		require.EqualValues(t, 400125, env["errorCode"], "a reset request counts against the same account")

		// An address without a registration answers the same way, 201 and then 429, so that the limit does not
		// tell it from a pending one (QA security round).
		statuses := []int{}
		for i := 0; i < 4; i++ {
			rec := svc.Do(apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email",
				Body: url.Values{"email": {"nobody@example.com"}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
			statuses = append(statuses, rec.Code)
		}
		require.Equal(t, []int{http.StatusCreated, http.StatusCreated, http.StatusCreated, http.StatusTooManyRequests}, statuses)
	})
	t.Run("per client address", func(t *testing.T) {
		svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
			c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 100, PerAddress: 2, Window: config.Default().Identity.Embedded.MailLimits.Window}
		}))
		registerUnverified(t, svc, "eva@example.com")
		registerUnverified(t, svc, "max@example.com")
		resend := func(email, from string) float64 {
			rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.resendVerificationCode", RemoteAddr: from,
				Body: `{"email":"` + email + `"}`, Header: map[string]string{"Content-Type": "application/json"}})
			require.Equal(t, http.StatusOK, rec.Code)
			return decode(t, rec.Body.Bytes())["errorCode"].(float64)
		}
		require.EqualValues(t, 0, resend("eva@example.com", "192.0.2.1:1000"))
		require.EqualValues(t, 0, resend("max@example.com", "192.0.2.1:1001"))
		require.EqualValues(t, 400125, resend("eva@example.com", "192.0.2.1:1002"), "a third mail from the same address")
		require.EqualValues(t, 0, resend("eva@example.com", "198.51.100.4:1000"), "another address is not affected")
	})
}

// The machine itself is left out of the per-address limit only outside production, and the service says so
// when it starts; in production a loopback caller counts like any other (issue 15).
func TestTheLoopbackMailExemptionIsForDevelopmentOnly(t *testing.T) {
	for _, tc := range []struct {
		env    string
		exempt bool
	}{{config.EnvDevelopment, true}, {config.EnvProduction, false}} {
		t.Run(tc.env, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
				c.Env = tc.env
				c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 100, PerAddress: 2, Window: time.Hour, ExemptLoopback: true}
			}))
			require.Equal(t, tc.exempt, svc.Config.LoopbackMailExemption())
			warned := svc.Logs.FilterMessageSnippet("exempt from the per-address limit").Len()
			require.Equal(t, tc.exempt, warned == 1, "the start-up warning appears exactly when the exemption is active")
			registerUnverified(t, svc, "eva@example.com")
			codes := []float64{}
			for i := 0; i < 3; i++ {
				rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.resendVerificationCode", RemoteAddr: "127.0.0.1:4000",
					Body: `{"email":"eva@example.com"}`, Header: map[string]string{"Content-Type": "application/json"}})
				require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
				codes = append(codes, decode(t, rec.Body.Bytes())["errorCode"].(float64))
			}
			if tc.exempt {
				require.Equal(t, []float64{0, 0, 0}, codes)
			} else {
				// The registration's verification mail counts too: the second resend is the third mail.
				require.Equal(t, []float64{0, 400125, 400125}, codes, "in production the third mail from 127.0.0.1 is refused")
			}
		})
	}
}

func decode(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(body, &m), string(body))
	return m
}

// identityCallFrom is identityCall from a client address (host:port).
func identityCallFrom(t *testing.T, svc *apitest.Service, from, method string, params map[string]any) map[string]any {
	t.Helper()
	body, err := json.Marshal(params)
	require.NoError(t, err)
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts." + method, RemoteAddr: from, Body: string(body),
		Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com"}})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	return decode(t, rec.Body.Bytes())
}

// registerFrom registers email from a client address with a fresh regToken (or regToken when given), subscribed to
// the newsletters named; it answers the register call's envelope.
func registerFrom(t *testing.T, svc *apitest.Service, from, email, regToken string, newsletters ...string) map[string]any {
	t.Helper()
	if regToken == "" {
		init := identityCallFrom(t, svc, from, "initRegistration", map[string]any{})
		require.EqualValues(t, 0, init["errorCode"], "%v", init)
		regToken = init["regToken"].(string)
	}
	subs := map[string]any{}
	for _, key := range newsletters {
		subs[key] = map[string]any{"email": map[string]any{"isSubscribed": true}}
	}
	return identityCallFrom(t, svc, from, "register", map[string]any{
		"regToken": regToken, "email": email, "password": "Sommer-2026!", "finalizeRegistration": true,
		"profile":       map[string]any{"firstName": "Eva", "lastName": "Muster"},
		"preferences":   map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}},
		"subscriptions": subs,
	})
}

// Registrations sent mail to any address without a limit: 150 from one client in 21 s, and one registration with
// every newsletter 7 mails (QA security round of 2026-11-29). Each mail of a registration now counts against the
// client address's mail limit; one whose mails do not fit answers 400125 before anything is stored, for a new
// address and a newsletter subscriber's alike.
func TestRegistrationsCountTheirMailsPerClientAddress(t *testing.T) {
	svc := apitest.New(t) // 30 mails per client address an hour
	const from = "203.0.113.9:4000"
	every := []string{"NLT_GENERAL", "NLT_OFFERS", "NLT_RECIPES", "NLT_CHRISTMAS", "NLT_EASTER_2025", "SVC_PRODUCT_REMINDER"}
	mailsTo := func(email string) int {
		mails, err := svc.App.Outbox.Latest(t.Context(), email, 20)
		require.NoError(t, err)
		return len(mails)
	}
	for i := range 4 {
		email := fmt.Sprintf("shopper-%d@example.com", i)
		require.EqualValues(t, 206002, registerFrom(t, svc, from, email, "", every...)["errorCode"])
		require.Equal(t, 7, mailsTo(email), "the verification and six confirmations")
	}

	// 28 of 30 spent: seven more do not fit.
	init := identityCallFrom(t, svc, from, "initRegistration", map[string]any{})
	regToken := init["regToken"].(string)
	env := registerFrom(t, svc, from, "late@example.com", regToken, every...)
	require.EqualValues(t, 400125, env["errorCode"], "%v", env)
	require.Zero(t, mailsTo("late@example.com"))
	login := identityCallFrom(t, svc, from, "login", map[string]any{"loginID": "late@example.com", "password": "Sommer-2026!"})
	require.EqualValues(t, 403042, login["errorCode"], "no account was stored")

	// A newsletter subscriber's address is answered as a new one, and its account stays as it was.
	reader, err := svc.App.Identity.Backend().SubscriberRegToken(t.Context(), "reader@example.com")
	require.NoError(t, err)
	env = registerFrom(t, svc, from, "reader@example.com", "", every...)
	require.EqualValues(t, 400125, env["errorCode"], "%v", env)
	info := identityCallFrom(t, svc, from, "getAccountInfo", map[string]any{"regToken": reader.Token})
	require.Equal(t, false, info["isRegistered"], "the subscriber's account is as it was: %v", info)
	require.Zero(t, mailsTo("reader@example.com"))

	// The refused registration's regToken is unused and the address free: with one mail it fits.
	require.EqualValues(t, 206002, registerFrom(t, svc, from, "late@example.com", regToken)["errorCode"])
	require.Equal(t, 1, mailsTo("late@example.com"))
	// Another client address has its own count.
	require.EqualValues(t, 206002, registerFrom(t, svc, "198.51.100.4:4000", "other@example.com", "", every...)["errorCode"])
}

// An IPv6 client is counted by its /64: rotating through one escaped every limit per address (QA security round
// of 2026-11-29).
func TestAnIPv6ClientIsCountedByItsSlash64(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 100, PerAddress: 2, Window: time.Hour}
	}))
	require.EqualValues(t, 206002, registerFrom(t, svc, "[2001:db8:1:2::1]:4000", "a@example.com", "")["errorCode"])
	require.EqualValues(t, 206002, registerFrom(t, svc, "[2001:db8:1:2::2]:4000", "b@example.com", "")["errorCode"])
	require.EqualValues(t, 400125, registerFrom(t, svc, "[2001:db8:1:2:ffff::3]:4000", "c@example.com", "")["errorCode"],
		"a third address of the same /64 is the same client")
	require.EqualValues(t, 206002, registerFrom(t, svc, "[2001:db8:1:3::1]:4000", "c@example.com", "")["errorCode"], "another /64 is another client")
	require.EqualValues(t, 206002, registerFrom(t, svc, "[::ffff:192.0.2.7]:4000", "d@example.com", "")["errorCode"])
	require.EqualValues(t, 206002, registerFrom(t, svc, "192.0.2.7:4000", "e@example.com", "")["errorCode"])
	require.EqualValues(t, 400125, registerFrom(t, svc, "[::ffff:192.0.2.7]:4001", "f@example.com", "")["errorCode"],
		"an IPv4-mapped address is its IPv4 address")
}

// Anonymous calls that store something, a regToken (initRegistration), a passkey challenge (initPasskeyLogin), a
// partner's sign-in request (/oidc/authorize), wrote hundreds of rows a second for one client (QA security round of
// 2026-11-29). Each is limited per client address (identity.embedded.startLimits); beyond it nothing is stored.
func TestAnonymousStartsAreLimitedPerClientAddress(t *testing.T) {
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Identity.Embedded.StartLimits = config.IdentityStartLimits{PerAddress: 3, Window: time.Minute}
		c.Dev.Clock.Enabled = true
		c.SSO.Clients = []config.SSOClient{{ID: "rp", Name: "Partner", Secret: "rp-secret-0123456789abcdefghijklmnop",
			RedirectURIs: []string{"http://rp.test/callback"}, FirstParty: true}}
	}))
	rows := func(t *testing.T, table string) int {
		var n int
		require.NoError(t, svc.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM "+table).Scan(&n))
		return n
	}
	const from, other = "203.0.113.9:4000", "198.51.100.4:4000"
	for _, tc := range []struct{ method, table string }{{"initRegistration", "identity_tokens"}, {"initPasskeyLogin", "identity_passkey_challenges"}} {
		t.Run(tc.method, func(t *testing.T) {
			for i := range 3 {
				require.EqualValues(t, 0, identityCallFrom(t, svc, from, tc.method, map[string]any{})["errorCode"], "call %d", i+1)
			}
			before := rows(t, tc.table)
			env := identityCallFrom(t, svc, from, tc.method, map[string]any{})
			require.EqualValues(t, 400125, env["errorCode"], "the fourth within the minute: %v", env)
			require.Equal(t, before, rows(t, tc.table), "nothing is stored")
			require.EqualValues(t, 0, identityCallFrom(t, svc, other, tc.method, map[string]any{})["errorCode"], "another address is not affected")
		})
	}
	t.Run("a partner's sign-in", func(t *testing.T) {
		authorize := func(from string) *url.URL {
			rec := svc.Do(apitest.Request{Method: http.MethodGet, RemoteAddr: from,
				Target: "/oidc/authorize?client_id=rp&redirect_uri=" + url.QueryEscape("http://rp.test/callback") + "&response_type=code&scope=openid&state=s1" +
					"&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"})
			require.Equal(t, http.StatusFound, rec.Code, rec.Body.String())
			loc, err := url.Parse(rec.Header().Get("Location"))
			require.NoError(t, err)
			return loc
		}
		for range 3 {
			require.NotEqual(t, "rp.test", authorize(from).Host, "on to the portal's login")
		}
		before := rows(t, "sso_auth_requests")
		refused := authorize(from)
		require.Equal(t, "rp.test", refused.Host, "the partner hears of it")
		require.Equal(t, "temporarily_unavailable", refused.Query().Get("error"))
		require.Equal(t, "s1", refused.Query().Get("state"))
		require.Equal(t, before, rows(t, "sso_auth_requests"), "nothing is stored")
		require.NotEqual(t, "rp.test", authorize(other).Host, "another address is not affected")
	})
	// The window passes.
	_, err := svc.App.Clock.Advance(time.Minute)
	require.NoError(t, err)
	require.EqualValues(t, 0, identityCallFrom(t, svc, from, "initRegistration", map[string]any{})["errorCode"])
}
