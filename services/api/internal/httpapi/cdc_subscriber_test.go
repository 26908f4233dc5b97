package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/identity/cdc/cdctest"
)

// cdcVendor answers the vendor calls of the subscriber endpoints for one newsletter-only subscriber, and records
// the methods called.
type cdcVendor struct {
	signer cdctest.Signer
	jwks   string
	mu     sync.Mutex
	calls  []string
	erased bool
	logins []url.Values
}

func (v *cdcVendor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	method := strings.TrimPrefix(r.URL.Path, "/")
	v.mu.Lock()
	defer v.mu.Unlock()
	v.calls = append(v.calls, method)
	body := `{"errorCode":400001,"statusCode":400}`
	switch method {
	case "accounts.search":
		body = `{"errorCode":0,"results":[]}`
		if !v.erased && v.matches(r.PostForm.Get("query")) {
			body = `{"errorCode":0,"results":[{"UID":"uid-lite","profile":{"email":"` + cdcSubscriber + `"},"isRegistered":false,"hasFullAccount":false,` +
				`"subscriptions":{"NLTDE":{"email":{"isSubscribed":true}}}}]}`
		}
	case "accounts.login":
		v.logins = append(v.logins, r.PostForm)
		body = `{"errorCode":403042,"statusCode":403}`
		if r.PostForm.Get("password") == "captcha" {
			body = `{"errorCode":401020,"statusCode":401}`
		}
	case "accounts.deleteAccount":
		v.erased, body = r.PostForm.Get("UID") == "uid-lite", `{"errorCode":0}`
	case "accounts.initRegistration":
		body = `{"errorCode":0,"regToken":"st2.vendor-regtoken"}`
	case "accounts.setAccountInfo":
		body = `{"errorCode":0}`
	case "accounts.getJWTPublicKey":
		body = v.jwks
	case "accounts.getAccountInfo":
		if r.PostForm.Get("UID") == "uid-full" {
			body = `{"errorCode":0,"profile":{"email":"kunde@example.com"}}`
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(body))
}

// cdcSubscriber is the vendor's newsletter-only subscriber, signed up through the Web SDK with the case the
// shopper typed (QA round of 2026-11-29: the service's lower-cased address did not find it).
const cdcSubscriber = "Abo@Example.com"

// searchClause is the client's WHERE clause on the encrypted profile.email.
var searchClause = regexp.MustCompile(`WHERE profile\.email (=|contains) "([^"\\]*)"$`)

// matches compares the query's address with the subscriber's as the vendor documents it for an encrypted field:
// `=` case-sensitively, `contains` the whole value regardless of case (developers.gigya.com "Encrypted Fields").
func (v *cdcVendor) matches(query string) bool {
	m := searchClause.FindStringSubmatch(query)
	switch {
	case m == nil:
		return false
	case m[1] == "contains":
		return strings.EqualFold(m[2], cdcSubscriber)
	}
	return m[2] == cdcSubscriber
}

func (v *cdcVendor) called() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.calls...)
}

func cdcService(t *testing.T, edit ...func(c *config.Config)) (*apitest.Service, *cdcVendor) {
	t.Helper()
	vendor := &cdcVendor{signer: cdctest.NewSigner(t, "3_site", "site-key")}
	vendor.jwks = vendor.signer.JWKSAnswer(t)
	srv := httptest.NewServer(vendor)
	t.Cleanup(srv.Close)
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Metadata.Identity.Provider = "cdc"
		c.Metadata.Identity.CDC = config.MetadataCDC{APIKey: "3_site", DataCenter: "eu1"}
		c.Identity.CDC.UserKey, c.Identity.CDC.Secret, c.Identity.CDC.BaseURL = "server-user", "server-secret", srv.URL
		for _, e := range edit {
			e(c)
		}
	}))
	return svc, vendor
}

// With SAP CDC the retailer's one-click link works as with the embedded provider: the vendor's newsletter-only
// record is deleted and the link opens nothing afterwards.
func TestOneClickUnsubscribeWithCDC(t *testing.T) {
	svc, vendor := cdcService(t)
	jwt := mintLink(t, svc, "abo@example.com")
	res := oneClick(svc, http.MethodPost, jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded")
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, []string{"accounts.search", "accounts.deleteAccount"}, vendor.called())
	f := &subscriberFixture{svc: svc}
	status, _ := f.exchange(t, jwt)
	require.Equal(t, http.StatusGone, status, "the withdrawn link opens nothing")
}

// A shopper logged in through the vendor's Web SDK opens the centre with the SDK's id_token; a cookie of the
// embedded provider or a forged token opens nothing.
func TestSessionLinkTokenWithCDC(t *testing.T) {
	svc, vendor := cdcService(t)
	issue := func(header map[string]string) (int, map[string]any) {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/jwt", Header: header})
		var body map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
		return rec.Code, body
	}
	// The 401 names Authorization, where the vendor's id_token goes, also when an embedded session cookie came.
	status, body := issue(nil)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, map[string]any{"code": "not_logged_in", "message": "Please log in first.", "field": "Authorization"}, body["error"])
	status, body = issue(map[string]string{"Cookie": "portal_session=some-session"})
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "Authorization", body["error"].(map[string]any)["field"])
	status, body = issue(map[string]string{"Authorization": "Bearer " + cdctest.NewSigner(t, "3_site", "site-key").IDToken(t, "uid-full", nil)})
	require.Equal(t, http.StatusUnauthorized, status, "a token of another key")
	require.Equal(t, "Authorization", body["error"].(map[string]any)["field"])

	status, body = issue(map[string]string{"Authorization": "Bearer " + vendor.signer.IDToken(t, "uid-full", nil)})
	require.Equal(t, http.StatusOK, status, body)
	f := &subscriberFixture{svc: svc}
	status, exchanged := f.exchange(t, body["jwt"].(string))
	require.Equal(t, http.StatusOK, status, exchanged)
	require.Equal(t, "st2.vendor-regtoken", exchanged["regToken"])
}

// The custom login with SAP CDC: the vendor hears the shopper's address (clientContext), failures from one
// address slow it down as with the embedded provider, and a vendor code outside the contract reaches the app
// (QA round of 2026-11-29).
func TestCustomLoginWithCDC(t *testing.T) {
	const delay = 150 * time.Millisecond
	svc, vendor := cdcService(t, func(c *config.Config) {
		c.Identity.Embedded.AddressSlowdown = config.IdentityAddressSlowdown{FreeFailures: 2, DoublingEvery: 100, BaseDelay: delay, MaxDelay: delay}
	})
	login := func(password string) (int, map[string]any) {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/account/login", RemoteAddr: "203.0.113.7:50000",
			Body: url.Values{"loginID": {"kunde@example.com"}, "password": {password}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
		var body map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
		return rec.Code, body
	}
	start := time.Now()
	for range 2 {
		_, body := login("wrong")
		require.EqualValues(t, 403042, body["errorCode"])
	}
	require.Less(t, time.Since(start), delay, "the free failures are answered at once")
	start = time.Now()
	for range 2 {
		_, body := login("wrong")
		require.EqualValues(t, 403042, body["errorCode"])
	}
	require.GreaterOrEqual(t, time.Since(start), 2*delay, "then each failure waits")
	vendor.mu.Lock()
	clientContext := vendor.logins[0].Get("clientContext")
	vendor.mu.Unlock()
	require.JSONEq(t, `{"clientIP":"203.0.113.7"}`, clientContext)

	status, body := login("captcha")
	require.Equal(t, http.StatusOK, status, "a CAPTCHA interruption is no outage")
	require.EqualValues(t, 401020, body["errorCode"])
}
