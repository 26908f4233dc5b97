package cdc_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/cdc"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

const (
	testAPIKey  = "3_test-api-key"
	testUserKey = "AUserKey"
	testSecret  = "s3cret-value-never-logged"
	testEmail   = "eva.muster@example.com"
)

// vendorCall is one request the fake vendor received.
type vendorCall struct {
	Method string
	Form   url.Values
	Header http.Header
}

// fakeVendor plays the vendor's REST API: it records each call and answers with the canned handler of the
// method, or errorCode 400001 ("unknown method") when there is none.
type fakeVendor struct {
	t        *testing.T
	srv      *httptest.Server
	mu       sync.Mutex
	calls    []vendorCall
	handlers map[string]func(w http.ResponseWriter, form url.Values)
}

func newFakeVendor(t *testing.T) *fakeVendor {
	t.Helper()
	f := &fakeVendor{t: t, handlers: map[string]func(http.ResponseWriter, url.Values){}}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		method := strings.TrimPrefix(r.URL.Path, "/")
		f.mu.Lock()
		f.calls = append(f.calls, vendorCall{Method: method, Form: r.PostForm, Header: r.Header.Clone()})
		h := f.handlers[method]
		f.mu.Unlock()
		if h == nil {
			answer(w, `{"errorCode":400001,"statusCode":400,"errorMessage":"Unknown method","callId":"c0"}`)
			return
		}
		h(w, r.PostForm)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// on sets the canned JSON answer of a method.
func (f *fakeVendor) on(method, body string) {
	f.onFunc(method, func(w http.ResponseWriter, _ url.Values) { answer(w, body) })
}

func (f *fakeVendor) onFunc(method string, h func(http.ResponseWriter, url.Values)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.handlers[method] = h
}

func (f *fakeVendor) recorded() []vendorCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]vendorCall(nil), f.calls...)
}

func (f *fakeVendor) methods() []string {
	var out []string
	for _, c := range f.recorded() {
		out = append(out, c.Method)
	}
	return out
}

// vendorRecord is one record of the fake vendor's account storage: its type for accountTypes ("full" or "lite")
// and the account as accounts.search answers it.
type vendorRecord struct {
	Type    string
	Account string
}

// searchPattern is the WHERE clause this client sends: one comparison of profile.email with a string literal.
var searchPattern = regexp.MustCompile(`^SELECT [A-Za-z., ]+ FROM accounts WHERE profile\.email (=|contains) (".*)$`)

// onSearch makes accounts.search answer from records the way the vendor documents it for the encrypted
// profile.email: `=` compares case-sensitively, `contains` compares the whole value regardless of case and
// matches no partial string (developers.gigya.com "Encrypted Fields", accounts.search "Query Syntax
// Specification"); accountTypes picks the record types. A query of another shape answers 400006.
func (f *fakeVendor) onSearch(records ...vendorRecord) {
	f.onFunc("accounts.search", func(w http.ResponseWriter, form url.Values) {
		m := searchPattern.FindStringSubmatch(form.Get("query"))
		value, rest, ok := "", "", m != nil
		if ok {
			value, rest, ok = unquote(m[2])
		}
		if !ok || rest != "" {
			answer(w, `{"errorCode":400006,"statusCode":400,"errorMessage":"Invalid parameter value"}`)
			return
		}
		types := strings.Split(form.Get("accountTypes"), ",")
		var results []string
		for _, rec := range records {
			var acc struct {
				Profile struct {
					Email string `json:"email"`
				} `json:"profile"`
			}
			require.NoError(f.t, json.Unmarshal([]byte(rec.Account), &acc))
			stored := acc.Profile.Email
			match := stored == value
			if m[1] == "contains" {
				match = strings.EqualFold(stored, value)
			}
			if match && slices.Contains(types, rec.Type) {
				results = append(results, rec.Account)
			}
		}
		answer(w, fmt.Sprintf(`{"errorCode":0,"statusCode":200,"results":[%s],"totalCount":%d}`, strings.Join(results, ","), len(results)))
	})
}

func answer(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "application/json;charset=utf-8")
	_, _ = w.Write([]byte(body))
}

func newClient(t *testing.T, f *fakeVendor, timeout time.Duration) (*cdc.Client, *observer.ObservedLogs) {
	t.Helper()
	core, logs := observer.New(zap.DebugLevel)
	c, err := cdc.New(cdc.Config{APIKey: testAPIKey, UserKey: testUserKey, Secret: testSecret, BaseURL: f.srv.URL, Timeout: timeout}, nil, zap.New(core))
	require.NoError(t, err)
	return c, logs
}

// requireNoPersonalDataLogged fails when a log line or field mentions the e-mail, the password or the secret.
func requireNoPersonalDataLogged(t *testing.T, logs *observer.ObservedLogs, secrets ...string) {
	t.Helper()
	for _, e := range logs.All() {
		line := e.Message
		for k, v := range e.ContextMap() {
			line += " " + k + "=" + strings.TrimSpace(toString(v))
		}
		for _, s := range append(secrets, testEmail, testSecret) {
			require.NotContains(t, line, s, "log line leaks data")
		}
	}
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if e, ok := v.(error); ok {
		return e.Error()
	}
	return ""
}

func TestNewNamesMissingSettings(t *testing.T) {
	tests := []struct {
		name    string
		cfg     cdc.Config
		wantErr string
	}{
		{"nothing", cdc.Config{}, "identity.cdc.apiKey, identity.cdc.dataCenter, identity.cdc.secret, identity.cdc.userKey"},
		{"no secret", cdc.Config{APIKey: "k", UserKey: "u", DataCenter: "eu1"}, "set identity.cdc.secret"},
		{"bad data centre", cdc.Config{APIKey: "k", UserKey: "u", Secret: "s", DataCenter: "europe"}, "set identity.cdc.dataCenter"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := cdc.New(tc.cfg, nil, nil)
			require.ErrorIs(t, err, cdc.ErrMisconfigured)
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
	_, err := cdc.New(cdc.Config{APIKey: "k", UserKey: "u", Secret: "s", DataCenter: "eu1"}, nil, nil)
	require.NoError(t, err)
}

// The vendor's China data centre is not under gigya.com (QA round of 2026-11-29).
func TestBaseURL(t *testing.T) {
	for dc, want := range map[string]string{
		"eu1": "https://accounts.eu1.gigya.com",
		"us1": "https://accounts.us1.gigya.com",
		"au1": "https://accounts.au1.gigya.com",
		"cn1": "https://accounts.cn1.gigya-api.cn",
	} {
		require.Equal(t, want, cdc.BaseURL(dc), dc)
	}
}

func TestLogin(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		body     string
		want     identity.LoginResult
		wantErr  error
		wantCode int
	}{
		{"success", 200, `{"errorCode":0,"statusCode":200,"UID":"uid-1","callId":"c1"}`, identity.LoginResult{UID: "uid-1"}, nil, 0},
		{"wrong password", 200, `{"errorCode":403042,"statusCode":403,"errorMessage":"Invalid LoginID","callId":"c2"}`, identity.LoginResult{ErrorCode: 403042}, nil, 0},
		{"locked out", 200, `{"errorCode":403120,"statusCode":403,"callId":"c3"}`, identity.LoginResult{ErrorCode: 403120}, nil, 0},
		{"disabled", 200, `{"errorCode":403041,"statusCode":403,"callId":"c3"}`, identity.LoginResult{ErrorCode: 403041}, nil, 0},
		{"registration incomplete keeps no UID", 200, `{"errorCode":206001,"statusCode":206,"UID":"uid-2","regToken":"rt","callId":"c4"}`, identity.LoginResult{ErrorCode: 206001}, nil, 0},
		{"pending verification", 200, `{"errorCode":206002,"statusCode":206,"callId":"c5"}`, identity.LoginResult{ErrorCode: 206002}, nil, 0},
		{"vendor error", 200, `{"errorCode":500001,"statusCode":500,"callId":"c6"}`, identity.LoginResult{}, identity.ErrUnavailable, 500001},
		{"bad signature is ours, not the user's", 200, `{"errorCode":403003,"statusCode":403,"callId":"c7"}`, identity.LoginResult{}, identity.ErrUnavailable, 403003},
		{"invalid api key", 200, `{"errorCode":400093,"statusCode":400,"callId":"c8"}`, identity.LoginResult{}, identity.ErrUnavailable, 400093},
		// QA round of 2026-11-29: these answered 503 "cannot be reached"; the app shows the code (spec 000 §8).
		{"unknown code is the app's", 200, `{"errorCode":409999,"statusCode":409,"callId":"c9"}`, identity.LoginResult{ErrorCode: 409999}, nil, 0},
		{"CAPTCHA required is the app's", 200, `{"errorCode":401020,"statusCode":401,"callId":"c10"}`, identity.LoginResult{ErrorCode: 401020}, nil, 0},
		{"two-factor interruption is the app's", 200, `{"errorCode":403101,"statusCode":403,"callId":"c11"}`, identity.LoginResult{ErrorCode: 403101}, nil, 0},
		{"rate limit is the vendor's", 200, `{"errorCode":403048,"statusCode":403,"callId":"c12"}`, identity.LoginResult{}, identity.ErrUnavailable, 403048},
		{"service unavailable", 200, `{"errorCode":503001,"statusCode":503,"callId":"c13"}`, identity.LoginResult{}, identity.ErrUnavailable, 503001},
		{"HTTP 502", 502, `<html>bad gateway</html>`, identity.LoginResult{}, identity.ErrUnavailable, 0},
		{"not JSON", 200, `<html>maintenance</html>`, identity.LoginResult{}, identity.ErrUnavailable, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			f.onFunc("accounts.login", func(w http.ResponseWriter, _ url.Values) {
				w.WriteHeader(tc.status)
				_, _ = w.Write([]byte(tc.body))
			})
			c, logs := newClient(t, f, time.Second)
			got, err := c.Login(context.Background(), testEmail, "Geheim!123")
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				var apiErr *cdc.APIError
				if tc.wantCode != 0 {
					require.ErrorAs(t, err, &apiErr)
					require.Equal(t, tc.wantCode, apiErr.ErrorCode)
				}
				require.NotContains(t, err.Error(), testEmail)
				require.NotContains(t, err.Error(), testSecret)
			} else {
				require.NoError(t, err)
				require.Equal(t, tc.want, got)
			}
			calls := f.recorded()
			require.Len(t, calls, 1, "accounts.login is never retried")
			form := calls[0].Form
			require.Equal(t, testAPIKey, form.Get("apiKey"))
			require.Equal(t, testUserKey, form.Get("userKey"))
			require.Equal(t, testSecret, form.Get("secret"))
			require.Equal(t, testEmail, form.Get("loginID"))
			require.Equal(t, "Geheim!123", form.Get("password"))
			require.Equal(t, "json", form.Get("format"))
			require.NotContains(t, form, "clientContext", "no client address, no context")
			require.Equal(t, "application/x-www-form-urlencoded", calls[0].Header.Get("Content-Type"))
			requireNoPersonalDataLogged(t, logs, "Geheim!123")
		})
	}
}

// The vendor's risk-based authentication gets the shopper's address, not the service's (QA round of 2026-11-29).
func TestLoginPassesTheClientAddressAsClientContext(t *testing.T) {
	f := newFakeVendor(t)
	f.on("accounts.login", `{"errorCode":0,"UID":"uid-1"}`)
	c, _ := newClient(t, f, time.Second)
	_, err := c.Login(clientaddr.With(context.Background(), "203.0.113.7"), testEmail, "pw")
	require.NoError(t, err)
	require.JSONEq(t, `{"clientIP":"203.0.113.7"}`, f.recorded()[0].Form.Get("clientContext"))
}

// Wrong passwords from one client address slow that address down as the embedded provider's do (the contract:
// "failures are also limited per client address"; QA round of 2026-11-29: 41 guesses went through at once).
func TestLoginSlowsDownAnAddressWithManyFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFakeVendor(t)
		f.onFunc("accounts.login", func(w http.ResponseWriter, form url.Values) {
			if form.Get("password") == "Right-Passw0rd" {
				answer(w, `{"errorCode":0,"UID":"uid-1"}`)
				return
			}
			answer(w, `{"errorCode":403042,"statusCode":403,"errorMessage":"Invalid LoginID"}`)
		})
		c, _ := newClient(t, f, time.Second)
		var waits []time.Duration
		c.LimitAddresses(cdc.AddressLimit{
			Throttle: throttle.New(db, nil),
			Slowdown: throttle.Slowdown{FreeFailures: 3, DoublingEvery: 2, BaseDelay: time.Second, MaxDelay: 4 * time.Second},
			Window:   15 * time.Minute,
			Sleep:    func(_ context.Context, d time.Duration) { waits = append(waits, d) },
		})
		from := clientaddr.With(context.Background(), "203.0.113.7")
		for i := range 10 {
			// Ten login IDs: the vendor locks none of them, only the address collects failures.
			r, err := c.Login(from, fmt.Sprintf("guess%d@example.com", i), "Wrong-Passw0rd")
			require.NoError(t, err)
			require.Equal(t, 403042, r.ErrorCode)
		}
		require.Equal(t, []time.Duration{time.Second, time.Second, 2 * time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second, 4 * time.Second}, waits,
			"3 free failures, then 1 s doubling every 2 failures up to 4 s")
		waits = nil
		r, err := c.Login(from, testEmail, "Right-Passw0rd")
		require.NoError(t, err)
		require.Equal(t, identity.LoginResult{UID: "uid-1"}, r, "a correct password from the address is answered")
		require.Empty(t, waits, "and not delayed")
		_, err = c.Login(clientaddr.With(context.Background(), "198.51.100.7"), testEmail, "Wrong-Passw0rd")
		require.NoError(t, err)
		require.Empty(t, waits, "other addresses are not slowed down")
		require.Len(t, f.recorded(), 12, "the address never locks: every try reaches the vendor")

		// An IPv6 client counts by its /64, whichever of its addresses it takes (QA security round of 2026-11-29).
		waits = nil
		for i := range 5 {
			_, err := c.Login(clientaddr.With(context.Background(), fmt.Sprintf("2001:db8:1:2::%x", i+1)), fmt.Sprintf("guess%d@example.com", i), "Wrong-Passw0rd")
			require.NoError(t, err)
		}
		require.Equal(t, []time.Duration{time.Second, time.Second}, waits, "five failures of one /64: three free, then 1 s")
	})
}

func TestSlowVendorTimesOut(t *testing.T) {
	f := newFakeVendor(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.onFunc("accounts.login", func(w http.ResponseWriter, _ url.Values) {
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
		answer(w, `{"errorCode":0,"UID":"late"}`)
	})
	c, _ := newClient(t, f, 100*time.Millisecond)
	start := time.Now()
	_, err := c.Login(context.Background(), testEmail, "pw")
	require.ErrorIs(t, err, identity.ErrUnavailable)
	require.Less(t, time.Since(start), 2*time.Second)
}

func TestCallerCancellationStopsTheCall(t *testing.T) {
	f := newFakeVendor(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.onFunc("accounts.search", func(w http.ResponseWriter, _ url.Values) {
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
	})
	c, _ := newClient(t, f, 5*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := c.SubscriberRegToken(ctx, testEmail)
	require.ErrorIs(t, err, identity.ErrUnavailable)
	require.Equal(t, []string{"accounts.search"}, f.methods(), "a cancelled search is not retried")
}

func TestUnreachableVendorIsUnavailable(t *testing.T) {
	f := newFakeVendor(t)
	c, _ := newClient(t, f, time.Second)
	f.srv.Close()
	_, err := c.Login(context.Background(), testEmail, "pw")
	require.ErrorIs(t, err, identity.ErrUnavailable)
	err = c.ResendVerificationEmail(context.Background(), testEmail, "de")
	require.ErrorIs(t, err, identity.ErrUnavailable)
}

// fullAccount is a registered account of the fake vendor as accounts.search answers it.
func fullAccount(uid, email string, verified bool) vendorRecord {
	return vendorRecord{Type: "full", Account: fmt.Sprintf(`{"UID":%q,"profile":{"email":%q},"isRegistered":true,"isVerified":%t}`, uid, email, verified)}
}

func TestResendVerificationEmail(t *testing.T) {
	tests := []struct {
		name        string
		records     []vendorRecord
		search      string // a canned answer instead of records
		resend      string
		wantErr     error
		wantMethods []string
	}{
		{"unverified account gets a mail", []vendorRecord{fullAccount("uid-1", testEmail, false)}, "", `{"errorCode":0}`, nil,
			[]string{"accounts.search", "accounts.resendVerificationCode"}},
		// QA round of 2026-11-29: the Web SDK keeps the case the shopper typed, the service lower-cases.
		{"an address registered in other case is found", []vendorRecord{fullAccount("uid-1", "Eva.Muster@Example.COM", false)}, "", `{"errorCode":0}`, nil,
			[]string{"accounts.search", "accounts.resendVerificationCode"}},
		{"no account", nil, "", "", identity.ErrAccountNotFound, []string{"accounts.search"}},
		{"a longer address is another account", []vendorRecord{fullAccount("uid-2", "x"+testEmail, false), fullAccount("uid-3", testEmail+".au", false)}, "", "",
			identity.ErrAccountNotFound, []string{"accounts.search"}},
		{"a record of another address in the answer is ignored", nil, `{"errorCode":0,"results":[{"UID":"uid-2","profile":{"email":"x` + testEmail + `"},"isVerified":false}]}`, "",
			identity.ErrAccountNotFound, []string{"accounts.search"}},
		{"verified account", []vendorRecord{fullAccount("uid-1", testEmail, true)}, "", "", identity.ErrAlreadyVerified, []string{"accounts.search"}},
		{"verified meanwhile (400006)", []vendorRecord{fullAccount("uid-1", testEmail, false)}, "", `{"errorCode":400006,"statusCode":400}`, identity.ErrAlreadyVerified,
			[]string{"accounts.search", "accounts.resendVerificationCode"}},
		{"deleted meanwhile", []vendorRecord{fullAccount("uid-1", testEmail, false)}, "", `{"errorCode":403047,"statusCode":403}`, identity.ErrAccountNotFound,
			[]string{"accounts.search", "accounts.resendVerificationCode"}},
		{"resend fails at the vendor", []vendorRecord{fullAccount("uid-1", testEmail, false)}, "", `{"errorCode":500001,"statusCode":500}`, identity.ErrUnavailable,
			[]string{"accounts.search", "accounts.resendVerificationCode"}},
		{"search refused", nil, `{"errorCode":403007,"statusCode":403}`, "", identity.ErrUnavailable, []string{"accounts.search"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			if tc.search != "" {
				f.on("accounts.search", tc.search)
			} else {
				f.onSearch(tc.records...)
			}
			if tc.resend != "" {
				f.on("accounts.resendVerificationCode", tc.resend)
			}
			c, logs := newClient(t, f, time.Second)
			err := c.ResendVerificationEmail(context.Background(), testEmail, "de")
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			} else {
				require.NoError(t, err)
			}
			require.Equal(t, tc.wantMethods, f.methods())
			calls := f.recorded()
			require.Equal(t, `SELECT UID, profile.email, isVerified FROM accounts WHERE profile.email contains "`+testEmail+`"`, calls[0].Form.Get("query"))
			require.Equal(t, "full", calls[0].Form.Get("accountTypes"))
			if len(calls) > 1 {
				require.Equal(t, "uid-1", calls[1].Form.Get("UID"))
				require.Equal(t, testEmail, calls[1].Form.Get("email"))
				require.NotContains(t, calls[1].Form, "lang", "the vendor documents no lang for accounts.resendVerificationCode")
			}
			requireNoPersonalDataLogged(t, logs)
		})
	}
}

func TestSubscriberRegToken(t *testing.T) {
	tests := []struct {
		name        string
		search      string
		init        string
		set         string
		wantErr     error
		wantMethods []string
	}{
		{"new subscriber gets a lite account", `{"errorCode":0,"results":[],"totalCount":0}`, `{"errorCode":0,"regToken":"rt-new"}`, `{"errorCode":0}`, nil,
			[]string{"accounts.search", "accounts.initRegistration", "accounts.setAccountInfo"}},
		{"known subscriber", `{"errorCode":0,"results":[{"UID":"uid-lite","profile":{"email":"` + testEmail + `"}}],"totalCount":1}`, `{"errorCode":0,"regToken":"rt-new"}`, `{"errorCode":0}`, nil,
			[]string{"accounts.search", "accounts.initRegistration", "accounts.setAccountInfo"}},
		{"initRegistration without token", `{"errorCode":0,"results":[]}`, `{"errorCode":0}`, "", identity.ErrUnavailable,
			[]string{"accounts.search", "accounts.initRegistration"}},
		{"setAccountInfo refused", `{"errorCode":0,"results":[]}`, `{"errorCode":0,"regToken":"rt-new"}`, `{"errorCode":400009,"statusCode":400}`, identity.ErrUnavailable,
			[]string{"accounts.search", "accounts.initRegistration", "accounts.setAccountInfo"}},
		{"initRegistration fails at the vendor", `{"errorCode":0,"results":[]}`, `{"errorCode":503001,"statusCode":503}`, "", identity.ErrUnavailable,
			[]string{"accounts.search", "accounts.initRegistration"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			f.on("accounts.search", tc.search)
			f.on("accounts.initRegistration", tc.init)
			if tc.set != "" {
				f.on("accounts.setAccountInfo", tc.set)
			}
			c, logs := newClient(t, f, time.Second)
			before := time.Now()
			got, err := c.SubscriberRegToken(context.Background(), testEmail)
			require.Equal(t, tc.wantMethods, f.methods(), "no call is retried")
			requireNoPersonalDataLogged(t, logs, "rt-new")
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, "rt-new", got.Token)
			require.WithinDuration(t, before, got.CreatedAt, time.Second)
			require.Equal(t, time.Hour, got.ExpiresAt.Sub(got.CreatedAt))
			calls := f.recorded()
			require.Equal(t, `SELECT UID, profile.email FROM accounts WHERE profile.email contains "`+testEmail+`"`, calls[0].Form.Get("query"))
			require.Equal(t, "full,lite", calls[0].Form.Get("accountTypes"))
			require.Equal(t, "true", calls[1].Form.Get("isLite"))
			require.Equal(t, "rt-new", calls[2].Form.Get("regToken"))
			require.JSONEq(t, `{"email":"`+testEmail+`"}`, calls[2].Form.Get("profile"))
		})
	}
}

func TestSearchRetriesOneDroppedConnection(t *testing.T) {
	f := newFakeVendor(t)
	n := 0
	f.onFunc("accounts.search", func(w http.ResponseWriter, _ url.Values) {
		n++
		if n == 1 {
			hj, ok := w.(http.Hijacker)
			require.True(t, ok)
			conn, _, err := hj.Hijack()
			require.NoError(t, err)
			_ = conn.Close()
			return
		}
		answer(w, `{"errorCode":0,"results":[]}`)
	})
	c, _ := newClient(t, f, time.Second)
	err := c.ResendVerificationEmail(context.Background(), testEmail, "de")
	require.ErrorIs(t, err, identity.ErrAccountNotFound)
	require.Equal(t, []string{"accounts.search", "accounts.search"}, f.methods())
}

func TestInitRegistrationIsNotRetried(t *testing.T) {
	f := newFakeVendor(t)
	f.on("accounts.search", `{"errorCode":0,"results":[]}`)
	f.onFunc("accounts.initRegistration", func(w http.ResponseWriter, _ url.Values) {
		conn, _, err := w.(http.Hijacker).Hijack()
		require.NoError(t, err)
		_ = conn.Close()
	})
	c, _ := newClient(t, f, time.Second)
	_, err := c.SubscriberRegToken(context.Background(), testEmail)
	require.ErrorIs(t, err, identity.ErrUnavailable)
	require.True(t, errors.Is(err, identity.ErrUnavailable))
	require.Equal(t, []string{"accounts.search", "accounts.initRegistration"}, f.methods())
}
