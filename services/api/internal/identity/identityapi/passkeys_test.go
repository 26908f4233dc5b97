package identityapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
)

// TestPasskeyLoginOverHTTP: the ceremony through the real handlers as JSON (what @simplewebauthn/browser sends):
// a passkey registered on the signed-in account logs in and sets a new session cookie; an answer signed for
// another origin is refused with its detail code, as is garbage, and nothing answers a 5xx.
func TestPasskeyLoginOverHTTP(t *testing.T) {
	v := newEnv(t)
	v.registerVerified("hanna@example.com")
	_, loginRec := v.call("login", map[string]any{"loginID": "hanna@example.com", "password": password}, req{})
	cookie := sessionCookie(loginRec)
	require.NotNil(t, cookie)

	opts, rec := v.call("initPasskeyRegistration", map[string]any{}, req{json: true, cookie: cookie})
	require.Equal(t, http.StatusOK, rec.Code)
	require.EqualValues(t, 0, opts["errorCode"], opts)
	auth := passkeytest.New("localhost", "http://localhost:8080")
	answer, err := auth.Register(opts["options"])
	require.NoError(t, err)
	added, _ := v.call("registerPasskey", map[string]any{"passkey": json.RawMessage(answer), "name": "Phone"}, req{json: true, cookie: cookie})
	require.EqualValues(t, 0, added["errorCode"], added)

	login := func(a *passkeytest.Authenticator) (map[string]any, *http.Cookie) {
		opts, _ := v.call("initPasskeyLogin", map[string]any{}, req{json: true})
		answer, err := a.Login(opts["options"])
		require.NoError(t, err)
		r, rec := v.call("passkeyLogin", map[string]any{"passkey": json.RawMessage(answer)}, req{json: true})
		require.Equal(t, http.StatusOK, rec.Code)
		for _, c := range rec.Result().Cookies() {
			if c.Name == "portal_session" && c.Value != "" {
				return r, c
			}
		}
		return r, nil
	}
	r, session := login(auth)
	require.EqualValues(t, 0, r["errorCode"], r)
	require.NotNil(t, session)
	require.NotEqual(t, cookie.Value, session.Value)

	auth.Origin = "http://localhost:8081"
	r, session = login(auth)
	require.EqualValues(t, contract.CodeInvalidLogin, r["errorCode"])
	require.Equal(t, contract.DetailsPasskeyOrigin, r["errorDetails"])
	require.Nil(t, session)

	for _, garbage := range []any{"not json", map[string]any{"id": 1}, map[string]any{"response": map[string]any{"clientDataJSON": "!!"}}, []any{1, 2}} {
		for _, method := range []string{"passkeyLogin", "registerPasskey"} {
			r, rec := v.call(method, map[string]any{"passkey": garbage}, req{json: true, cookie: cookie})
			require.Equal(t, http.StatusOK, rec.Code, "%s %v", method, garbage)
			code := int(r["errorCode"].(float64))
			require.Contains(t, []int{contract.CodeInvalidParameter, contract.CodeInvalidLogin, contract.CodeUnauthorized}, code, "%s %v: %v", method, garbage, r)
		}
	}
}
