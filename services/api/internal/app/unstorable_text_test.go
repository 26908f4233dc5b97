package app_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap/zapcore"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/ssoapi"
)

// answer checks a response beyond "no 5xx".
type answer func(t *testing.T, rec *httptest.ResponseRecorder)

// page is a browser's redirect to one of the portal's pages.
func page(path string) answer {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		t.Helper()
		require.Equal(t, http.StatusFound, rec.Code, rec.Body.String())
		require.Equal(t, path, rec.Header().Get("Location"))
	}
}

// oauthAnswer is a standard OAuth error body (RFC 6749 §5.2).
func oauthAnswer(status int, code string) answer {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		t.Helper()
		require.Equal(t, status, rec.Code, rec.Body.String())
		var body struct{ Error string }
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
		require.Equal(t, code, body.Error)
	}
}

// fieldError is the service's JSON error naming the field.
func fieldError(status int, code, field string) answer {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		t.Helper()
		require.Equal(t, status, rec.Code, rec.Body.String())
		e := apitest.ErrorBody(t, rec)
		require.Equal(t, code, e.Code)
		require.Equal(t, field, e.Field)
	}
}

// anyAnswer asks nothing beyond what every case asks: no 5xx and no error line in the log.
func anyAnswer(*testing.T, *httptest.ResponseRecorder) {}

// TestTextPostgreSQLCannotTakeIsAnsweredAsUnknown: a NUL or bytes that are not UTF-8 in what a caller sends (an id,
// a client_id, a token, a login ID, a search) get the answer an unknown value gets, on both databases. PostgreSQL
// refuses such text in a query with an error (SQLSTATE 22021), which answered 500 and wrote an error line to the
// log, on endpoints that mostly need no login (QA round of 2026-11-29); SQLite found nothing. The first cases are
// QA's, with the answers SQLite gave; the others sweep the service's other look-ups of a caller's text.
func TestTextPostgreSQLCannotTakeIsAnsweredAsUnknown(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		const redirect, logout = "http://127.0.0.1:19999/cb", "http://127.0.0.1:19999/bye"
		_, secret, err := s.App.SSO.Register(ctx, sso.Registration{ID: "qa-client", Name: "QA", RedirectURIs: []string{redirect},
			PostLogoutRedirectURIs: []string{logout}, RefreshTokens: true})
		require.NoError(t, err)
		tokens, err := app.SubscriberTokens(ctx, s.Config, s.DB, nil)
		require.NoError(t, err)
		link, _, err := tokens.Mint(identity.Email("shopper@example.com"), time.Hour)
		require.NoError(t, err)
		registered(t, s, "eva@example.com")
		session := loggedIn(t, s, "eva@example.com").SessionToken

		form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
		jsonBody := map[string]string{"Content-Type": "application/json", "Origin": "http://example.com"}
		basic := func(id, secret string) map[string]string {
			return map[string]string{"Content-Type": "application/x-www-form-urlencoded",
				"Authorization": "Basic " + base64.StdEncoding.EncodeToString([]byte(id+":"+secret))}
		}
		loggedIn := func(h map[string]string) map[string]string {
			out := map[string]string{"Cookie": "portal_session=" + session}
			for k, v := range h {
				out[k] = v
			}
			return out
		}
		signIn := "/oidc/authorize?" + url.Values{"client_id": {"qa-client"}, "redirect_uri": {redirect}, "response_type": {"code"}, "scope": {"openid"},
			"code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"}, "code_challenge_method": {"S256"}}.Encode()

		for _, bad := range []string{"\x00", "\xff"} {
			q := url.QueryEscape(bad)
			inJSON := map[string]string{"\x00": `\u0000`, "\xff": "\xff"}[bad]
			cases := []struct {
				name string
				req  apitest.Request
				want answer
			}{
				{"reminder delete", apitest.Request{Method: http.MethodDelete, Target: "/rest/v1/productreminder",
					Body: `{"authToken":"` + link + `","productReminderIds":["a` + inJSON + `"]}`, Header: jsonBody},
					fieldError(http.StatusBadRequest, "invalid_parameter", "productReminderIds")},
				{"token: client_id", apitest.Request{Method: http.MethodPost, Target: "/oidc/oauth/token",
					Body: "grant_type=refresh_token&refresh_token=x&client_id=a" + q + "&client_secret=x", Header: form},
					oauthAnswer(http.StatusUnauthorized, "invalid_client")},
				{"token: Basic client", apitest.Request{Method: http.MethodPost, Target: "/oidc/oauth/token",
					Body: "grant_type=refresh_token&refresh_token=x", Header: basic("qa"+bad, "x")},
					oauthAnswer(http.StatusUnauthorized, "invalid_client")},
				{"revoke: client_id", apitest.Request{Method: http.MethodPost, Target: "/oidc/revoke",
					Body: "token=x&client_id=a" + q + "&client_secret=x", Header: form},
					oauthAnswer(http.StatusUnauthorized, "invalid_client")},
				{"authorize: client_id", apitest.Request{Target: "/oidc/authorize?client_id=qa" + q + "&redirect_uri=" + url.QueryEscape(redirect) +
					"&response_type=code&scope=openid"}, page(ssoapi.InvalidSignInPage)},
				{"authorize posted: client_id", apitest.Request{Method: http.MethodPost, Target: "/oidc/authorize",
					Body: "client_id=a" + q + "&response_type=code&scope=openid&redirect_uri=http://x/", Header: form}, page(ssoapi.InvalidSignInPage)},
				{"end_session: client_id", apitest.Request{Target: "/oidc/end_session?client_id=" + q}, page(ssoapi.InvalidLogoutPage)},
				{"continue", apitest.Request{Target: "/oidc/continue?id=" + q}, page(ssoapi.ExpiredSignInPage)},
				{"consent asked", apitest.Request{Target: "/oidc/consent?id=" + q}, oauthAnswer(http.StatusBadRequest, "invalid_request")},
				{"callback", apitest.Request{Target: "/oidc/authorize/callback?id=" + q}, page(ssoapi.ExpiredSignInPage)},
				// The decision is a form under the service's one rule of forms (formbody), which names such a value.
				{"consent posted", apitest.Request{Method: http.MethodPost, Target: "/oidc/consent", Body: "id=" + q + "&decision=allow", Header: form},
					fieldError(http.StatusBadRequest, "invalid_parameter", "id")},

				// The same with the shopper's session, which takes the steps further.
				{"continue, logged in", apitest.Request{Target: "/oidc/continue?id=" + q, Header: loggedIn(nil)}, page(ssoapi.ExpiredSignInPage)},
				{"consent asked, logged in", apitest.Request{Target: "/oidc/consent?id=" + q, Header: loggedIn(nil)},
					oauthAnswer(http.StatusBadRequest, "invalid_request")},
				{"callback, logged in", apitest.Request{Target: "/oidc/authorize/callback?id=" + q, Header: loggedIn(nil)}, page(ssoapi.ExpiredSignInPage)},
				{"consent allowed, logged in", apitest.Request{Method: http.MethodPost, Target: "/oidc/consent", Body: "id=" + q + "&decision=allow",
					Header: loggedIn(form)}, fieldError(http.StatusBadRequest, "invalid_parameter", "id")},
				{"consent declined, logged in", apitest.Request{Method: http.MethodPost, Target: "/oidc/consent", Body: "id=" + q + "&decision=deny",
					Header: loggedIn(form)}, fieldError(http.StatusBadRequest, "invalid_parameter", "id")},

				// The provider's other endpoints, with the partner's own credentials.
				{"token: refresh token", apitest.Request{Method: http.MethodPost, Target: "/oidc/oauth/token",
					Body: "grant_type=refresh_token&refresh_token=x" + q, Header: basic("qa-client", secret)}, oauthAnswer(http.StatusBadRequest, "invalid_grant")},
				{"token: code", apitest.Request{Method: http.MethodPost, Target: "/oidc/oauth/token",
					Body:   "grant_type=authorization_code&code=x" + q + "&code_verifier=" + strings.Repeat("v", 43) + "&redirect_uri=" + url.QueryEscape(redirect),
					Header: basic("qa-client", secret)}, oauthAnswer(http.StatusBadRequest, "invalid_grant")},
				{"revoke: token", apitest.Request{Method: http.MethodPost, Target: "/oidc/revoke", Body: "token=x" + q, Header: basic("qa-client", secret)}, anyAnswer},
				{"introspect: client_id", apitest.Request{Method: http.MethodPost, Target: "/oidc/oauth/introspect",
					Body: "token=x&client_id=a" + q + "&client_secret=x", Header: form}, anyAnswer},
				{"introspect: token", apitest.Request{Method: http.MethodPost, Target: "/oidc/oauth/introspect", Body: "token=x" + q,
					Header: basic("qa-client", secret)}, anyAnswer},
				{"userinfo: bearer", apitest.Request{Target: "/oidc/userinfo", Header: map[string]string{"Authorization": "Bearer x" + bad}}, anyAnswer},
				{"authorize: state, nonce, hints, locales", apitest.Request{Target: signIn + "&state=s" + q + "&nonce=n" + q + "&login_hint=h" + q +
					"&ui_locales=de" + q}, anyAnswer},
				{"authorize: id_token_hint", apitest.Request{Target: signIn + "&id_token_hint=h" + q, Header: loggedIn(nil)}, anyAnswer},
				{"authorize: binding cookie", apitest.Request{Target: signIn, Header: map[string]string{"Cookie": sso.BrowserCookie + "=a" + bad}}, anyAnswer},
				{"end_session: hint and address", apitest.Request{Target: "/oidc/end_session?client_id=qa-client&id_token_hint=x" + q +
					"&post_logout_redirect_uri=" + url.QueryEscape(logout) + q + "&state=" + q}, anyAnswer},

				// The REST API and the identity API (login IDs, tokens, sessions, API keys, the store search).
				{"reminder search: link token", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder/search",
					Body: `{"authToken":"a` + inJSON + `"}`, Header: jsonBody}, anyAnswer},
				{"reminder create: every field", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder",
					Body:   `{"email":"a` + inJSON + `@example.com","variantId":"v` + inJSON + `","variantName":{"de":"M` + inJSON + `"},"language":"de` + inJSON + `"}`,
					Header: map[string]string{"Content-Type": "application/json", "X-Api-Key": "dev-shop-key"}}, anyAnswer},
				{"reminder create: API key", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder", Body: `{}`,
					Header: map[string]string{"Content-Type": "application/json", "X-Api-Key": "dev-shop-key" + bad}}, anyAnswer},
				{"reminder confirm: link", apitest.Request{Target: "/rest/v1/productreminder/confirm?token=a" + q}, anyAnswer},
				{"reminder confirm: posted", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder/confirm", Body: "token=a" + q, Header: form}, anyAnswer},
				{"subscriber link: session cookie", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/jwt",
					Header: map[string]string{"Cookie": "portal_session=a" + bad}}, anyAnswer},
				{"regToken exchange", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/regToken/jwt", Body: "jwt=a" + q, Header: form}, anyAnswer},
				{"unsubscribe page", apitest.Request{Target: "/rest/v1/subscriber/unsubscribe/a" + q}, anyAnswer},
				{"one-click unsubscribe", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/unsubscribe/a" + q,
					Body: "List-Unsubscribe=One-Click", Header: form}, anyAnswer},
				{"store search", apitest.Request{Target: "/rest/v1/retailstores/search?q=ham" + q}, anyAnswer},
				{"store by id", apitest.Request{Target: "/rest/v1/retailstores/a" + q}, anyAnswer},
				{"region", apitest.Request{Target: "/rest/v1/region?postcode=1234" + q}, anyAnswer},
				{"REST login", apitest.Request{Method: http.MethodPost, Target: "/rest/v1/account/login", Body: "loginID=eva" + q + "%40example.com&password=x",
					Header: form}, anyAnswer},
				{"REST verification mail", apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email",
					Body: "email=eva" + q + "%40example.com", Header: form}, anyAnswer},
				{"identity login", apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login",
					Body: `{"loginID":"eva` + inJSON + `@example.com","password":"x"}`, Header: jsonBody}, anyAnswer},
				{"identity regToken", apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.getAccountInfo",
					Body: `{"regToken":"a` + inJSON + `"}`, Header: jsonBody}, anyAnswer},
				{"identity session cookie", apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.getAccountInfo", Body: `{}`,
					Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com", "Cookie": "portal_session=a" + bad}}, anyAnswer},
				{"identity passkey id", apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.removePasskey",
					Body: `{"id":"a` + inJSON + `"}`, Header: loggedIn(jsonBody)}, anyAnswer},
				{"verification link", apitest.Request{Target: "/identity/verify?token=a" + q}, anyAnswer},
				{"verification posted", apitest.Request{Method: http.MethodPost, Target: "/identity/verify", Body: "token=a" + q, Header: form}, anyAnswer},
				{"subscription link", apitest.Request{Target: "/identity/confirm-subscription?token=a" + q}, anyAnswer},
				{"subscription posted", apitest.Request{Method: http.MethodPost, Target: "/identity/confirm-subscription", Body: "token=a" + q, Header: form}, anyAnswer},
				{"social login start", apitest.Request{Target: "/identity/social/a" + q + "/start"}, anyAnswer},
				{"social login callback", apitest.Request{Target: "/identity/social/googleplus/callback?state=a" + q + "&code=b" + q}, anyAnswer},
				{"development outbox", apitest.Request{Target: "/dev/outbox?to=a" + q}, fieldError(http.StatusBadRequest, "invalid_parameter", "to")},
			}
			for _, tc := range cases {
				t.Run(fmt.Sprintf("%s %q", tc.name, bad), func(t *testing.T) {
					before := s.Logs.FilterLevelExact(zapcore.ErrorLevel).Len()
					rec := s.Do(tc.req)
					require.Less(t, rec.Code, http.StatusInternalServerError, rec.Body.String())
					for _, line := range s.Logs.FilterLevelExact(zapcore.ErrorLevel).All()[before:] {
						t.Errorf("error line in the log: %s %v", line.Message, line.ContextMap())
					}
					tc.want(t, rec)
				})
			}
		}
	})
}
