package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// TestIdentityBodyOverTheLimitAnswersTheEnvelope: a call of the identity API with a body over its 64 KB answered
// the REST API's HTTP 413 {"error":{"code":"request_too_large"}} (QA bad-input round of 2026-11-29), where every
// refusal of a call is the vendor's envelope with HTTP 200 (403000 alone has another status): now 400006. A body
// just under the limit is read as ever.
func TestIdentityBodyOverTheLimitAnswersTheEnvelope(t *testing.T) {
	svc := apitest.New(t)
	post := func(contentType, body string) map[string]any {
		t.Helper()
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login", Body: body,
			Header: map[string]string{"Content-Type": contentType, "Origin": "http://example.com"}})
		require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
		var env map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env), rec.Body.String())
		return env
	}
	over := strings.Repeat("x", contract.APIMaxBodyBytes+1)
	for name, env := range map[string]map[string]any{
		"JSON": post("application/json", `{"loginID":"bob@example.com","password":"`+over+`"}`),
		"form": post("application/x-www-form-urlencoded", url.Values{"loginID": {"bob@example.com"}, "password": {over}}.Encode()),
		"type": post("text/plain", over),
	} {
		require.EqualValues(t, contract.CodeInvalidParameter, env["errorCode"], name)
		require.EqualValues(t, 400, env["statusCode"], name)
		require.Contains(t, env["errorDetails"], "64 KB", name)
	}
	under := strings.Repeat("x", 60_000)
	env := post("application/x-www-form-urlencoded", url.Values{"loginID": {"bob@example.com"}, "password": {under}}.Encode())
	require.EqualValues(t, contract.CodeInvalidLogin, env["errorCode"], "read and answered as a login: %v", env)
}

// TestCustomLoginNamesTheFieldThatIsTooLong: a password of 60,000 characters was refused naming loginID (QA bad-input
// round of 2026-11-29).
func TestCustomLoginNamesTheFieldThatIsTooLong(t *testing.T) {
	svc := apitest.New(t)
	for field, form := range map[string]url.Values{
		"password": {"loginID": {"bob@example.com"}, "password": {strings.Repeat("p", 60_000)}},
		"loginID":  {"loginID": {strings.Repeat("b", 250) + "@example.com"}, "password": {"Sommer-2026!"}},
	} {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/account/login", Body: form.Encode(),
			Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
		require.Equal(t, http.StatusBadRequest, rec.Code, field)
		require.Equal(t, field, apitest.ErrorBody(t, rec).Field)
	}
}

// TestMailLinkPostsRefuseWhatNoPageSends: the POST of a mail link's page (maillink) carries one token in a form.
// The identity API's two link POSTs answered anything else, a JSON body, the token twice, a NUL, no body at all,
// with 200 and the unknown link's page (QA bad-input round of 2026-11-29), and the reminders' answered a missing
// token so: each is now the REST API's refusal naming what is wrong, while a well-formed unknown token still gets
// its page.
func TestMailLinkPostsRefuseWhatNoPageSends(t *testing.T) {
	svc := apitest.New(t)
	const form = "application/x-www-form-urlencoded"
	for _, link := range []struct{ path, unknownPage string }{
		{"/identity/verify", "/double-opt-in-done?errorCode=404000"},
		{"/identity/confirm-subscription", "/preferences/error/doi-404000"},
		{"/rest/v1/productreminder/confirm", "/preferences/error/reminder-404000"},
	} {
		post := func(contentType, body string) (int, string) {
			header := map[string]string{"Origin": "http://example.com"}
			if contentType != "" {
				header["Content-Type"] = contentType
			}
			rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: link.path, Body: body, Header: header})
			if rec.Code != http.StatusOK {
				return rec.Code, apitest.ErrorBody(t, rec).Field
			}
			var out struct{ Next string }
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out), rec.Body.String())
			return rec.Code, out.Next
		}
		for _, bad := range []struct {
			name, contentType, body string
			status                  int
			field                   string
		}{
			{"a JSON body", "application/json", `{"token":"abc"}`, http.StatusUnsupportedMediaType, "Content-Type"},
			{"text", "text/plain", "token=abc", http.StatusUnsupportedMediaType, "Content-Type"},
			{"the token twice", form, "token=a&token=b", http.StatusBadRequest, "token"},
			{"a NUL", form, "token=%00", http.StatusBadRequest, "token"},
			{"not UTF-8", form, "token=%ff", http.StatusBadRequest, "token"},
			{"an empty token", form, "token=", http.StatusBadRequest, "token"},
			{"no token", form, "other=1", http.StatusBadRequest, "token"},
			{"no body", "", "", http.StatusBadRequest, "token"},
		} {
			status, field := post(bad.contentType, bad.body)
			require.Equal(t, bad.status, status, "%s: %s", link.path, bad.name)
			require.Equal(t, bad.field, field, "%s: %s", link.path, bad.name)
		}
		status, next := post(form, "token=no-such-token")
		require.Equal(t, http.StatusOK, status, link.path)
		require.Equal(t, link.unknownPage, next, link.path)
	}
}
