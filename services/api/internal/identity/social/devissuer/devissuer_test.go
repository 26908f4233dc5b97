package devissuer

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"
)

const verifier = "a-verifier-of-at-least-forty-three-characters-0123456789"

func challenge(v string) string {
	sum := sha256.Sum256([]byte(v))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

type fixture struct {
	iss *Issuer
	e   *echo.Echo
	now time.Time
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	iss, err := New("https://portal.example.com", nil)
	require.NoError(t, err)
	f := &fixture{iss: iss, e: echo.New(), now: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	iss.now = func() time.Time { return f.now }
	iss.Register(f.e)
	return f
}

func (f *fixture) do(method, target string, form url.Values) *httptest.ResponseRecorder {
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, target, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, target, nil)
	}
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, req)
	return rec
}

const callback = "https://portal.example.com/identity/social/googleplus/callback"

func authorizeParams() url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {ClientID}, "redirect_uri": {callback}, "state": {"st"},
		"nonce": {"nn"}, "code_challenge": {challenge(verifier)}, "code_challenge_method": {"S256"}, "scope": {"openid email"},
	}
}

// code runs the authorize form like a tester and returns the issued code.
func (f *fixture) code(t *testing.T, email string) string {
	t.Helper()
	form := authorizeParams()
	form.Set("email", email)
	form.Set("firstName", "Eva")
	form.Set("lastName", "Muster")
	form.Set("emailVerified", "on")
	form.Set("action", "login")
	rec := f.do(http.MethodPost, "/dev/oidc/googleplus/authorize", form)
	require.Equal(t, http.StatusSeeOther, rec.Code, rec.Body.String())
	u, err := url.Parse(rec.Header().Get("Location"))
	require.NoError(t, err)
	require.Equal(t, "st", u.Query().Get("state"))
	return u.Query().Get("code")
}

func tokenForm(code string) url.Values {
	return url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback},
		"client_id": {ClientID}, "client_secret": {ClientSecret}, "code_verifier": {verifier},
	}
}

func TestAuthorizePageIsAccessibleAndScriptFree(t *testing.T) {
	f := newFixture(t)
	rec := f.do(http.MethodGet, "/dev/oidc/googleplus/authorize?"+authorizeParams().Encode(), nil)
	require.Equal(t, http.StatusOK, rec.Code)
	page := rec.Body.String()
	require.Contains(t, page, `<html lang="de">`)
	for id, label := range map[string]string{"email": "E-Mail", "firstName": "Vorname", "lastName": "Nachname", "emailVerified": "E-Mail bestätigt"} {
		require.Contains(t, page, `<label for="`+id+`">`+label+`</label>`)
		require.Regexp(t, `<input id="`+id+`" name="`+id+`"`, page)
	}
	require.Contains(t, page, `>Anmelden</button>`)
	require.Contains(t, page, `>Abbrechen</button>`)
	require.NotContains(t, page, "<script")
	require.NotContains(t, page, "style=")
	require.NotContains(t, page, "<style")
	require.Regexp(t, regexp.MustCompile(`<link rel="stylesheet" href="/dev/oidc/style.css">`), page)

	css := f.do(http.MethodGet, "/dev/oidc/style.css", nil)
	require.Equal(t, http.StatusOK, css.Code)
	require.Contains(t, css.Header().Get("Content-Type"), "text/css")
}

func TestAuthorizeRefusesBadRequestsWithoutRedirecting(t *testing.T) {
	tests := []struct {
		name   string
		change func(url.Values)
	}{
		{"foreign redirect_uri", func(v url.Values) { v.Set("redirect_uri", "https://evil.example/cb") }},
		{"callback of another provider", func(v url.Values) { v.Set("redirect_uri", "https://portal.example.com/identity/social/apple/callback") }},
		{"unknown client", func(v url.Values) { v.Set("client_id", "other") }},
		{"no PKCE", func(v url.Values) { v.Del("code_challenge") }},
		{"plain PKCE", func(v url.Values) { v.Set("code_challenge_method", "plain") }},
		{"no nonce", func(v url.Values) { v.Del("nonce") }},
		{"implicit flow", func(v url.Values) { v.Set("response_type", "id_token") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			params := authorizeParams()
			tc.change(params)
			rec := f.do(http.MethodGet, "/dev/oidc/googleplus/authorize?"+params.Encode(), nil)
			require.Equal(t, http.StatusBadRequest, rec.Code)
			require.Empty(t, rec.Header().Get("Location"))
			require.Contains(t, rec.Body.String(), `role="alert"`)
		})
	}
}

func TestCancelRedirectsWithAccessDenied(t *testing.T) {
	f := newFixture(t)
	form := authorizeParams()
	form.Set("action", "cancel")
	rec := f.do(http.MethodPost, "/dev/oidc/googleplus/authorize", form)
	require.Equal(t, http.StatusSeeOther, rec.Code)
	u, err := url.Parse(rec.Header().Get("Location"))
	require.NoError(t, err)
	require.Equal(t, "access_denied", u.Query().Get("error"))
	require.Equal(t, "st", u.Query().Get("state"))
	require.Empty(t, u.Query().Get("code"))
}

func TestInvalidEmailRerendersTheForm(t *testing.T) {
	f := newFixture(t)
	form := authorizeParams()
	form.Set("email", "not-an-address")
	form.Set("action", "login")
	rec := f.do(http.MethodPost, "/dev/oidc/googleplus/authorize", form)
	require.Equal(t, http.StatusUnprocessableEntity, rec.Code)
	require.Contains(t, rec.Body.String(), `aria-invalid="true"`)
	require.Contains(t, html.UnescapeString(rec.Body.String()), "gültige E-Mail-Adresse")
}

func TestTokenExchange(t *testing.T) {
	f := newFixture(t)
	code := f.code(t, "Eva@Example.com")
	rec := f.do(http.MethodPost, "/dev/oidc/googleplus/token", tokenForm(code))
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	require.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
	var body struct {
		IDToken string `json:"id_token"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))

	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(body.IDToken, claims, func(*jwt.Token) (any, error) { return &f.iss.key.PublicKey, nil },
		jwt.WithValidMethods([]string{"RS256"}), jwt.WithTimeFunc(func() time.Time { return f.now }))
	require.NoError(t, err)
	require.Equal(t, "https://portal.example.com/dev/oidc/googleplus", claims["iss"])
	require.Equal(t, ClientID, claims["aud"])
	require.Equal(t, "nn", claims["nonce"])
	require.Equal(t, "eva@example.com", claims["email"])
	require.Equal(t, true, claims["email_verified"])
	require.Equal(t, "Eva", claims["given_name"])
	require.Equal(t, Subject("googleplus", "eva@example.com"), claims["sub"])

	// The same address gives the same subject; another provider another one.
	require.Equal(t, Subject("googleplus", "EVA@example.com"), Subject("googleplus", "eva@example.com"))
	require.NotEqual(t, Subject("apple", "eva@example.com"), Subject("googleplus", "eva@example.com"))
}

func TestTokenRefusals(t *testing.T) {
	tests := []struct {
		name       string
		change     func(f *fixture, form url.Values)
		wantStatus int
		wantError  string
	}{
		{"PKCE verifier mismatch", func(_ *fixture, v url.Values) { v.Set("code_verifier", strings.Repeat("x", 50)) }, 400, "invalid_grant"},
		{"no verifier", func(_ *fixture, v url.Values) { v.Del("code_verifier") }, 400, "invalid_grant"},
		{"wrong client secret", func(_ *fixture, v url.Values) { v.Set("client_secret", "guess") }, 401, "invalid_client"},
		{"wrong client id", func(_ *fixture, v url.Values) { v.Set("client_id", "other") }, 401, "invalid_client"},
		{"other redirect_uri", func(_ *fixture, v url.Values) {
			v.Set("redirect_uri", "https://portal.example.com/identity/social/googleplus/callback?x=1")
		}, 400, "invalid_grant"},
		{"code expired after two minutes", func(f *fixture, _ url.Values) { f.now = f.now.Add(CodeLifetime + time.Second) }, 400, "invalid_grant"},
		{"unknown code", func(_ *fixture, v url.Values) { v.Set("code", "made-up") }, 400, "invalid_grant"},
		{"wrong grant type", func(_ *fixture, v url.Values) { v.Set("grant_type", "password") }, 400, "unsupported_grant_type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			form := tokenForm(f.code(t, "eva@example.com"))
			tc.change(f, form)
			rec := f.do(http.MethodPost, "/dev/oidc/googleplus/token", form)
			require.Equal(t, tc.wantStatus, rec.Code, rec.Body.String())
			require.Contains(t, rec.Body.String(), `"error":"`+tc.wantError+`"`)
			require.NotContains(t, rec.Body.String(), "id_token")
		})
	}
}

func TestCodeIsSingleUse(t *testing.T) {
	f := newFixture(t)
	code := f.code(t, "eva@example.com")
	require.Equal(t, http.StatusOK, f.do(http.MethodPost, "/dev/oidc/googleplus/token", tokenForm(code)).Code)
	rec := f.do(http.MethodPost, "/dev/oidc/googleplus/token", tokenForm(code))
	require.Equal(t, http.StatusBadRequest, rec.Code)
	require.Contains(t, rec.Body.String(), "invalid_grant")

	// A failed attempt spends the code too.
	code = f.code(t, "eva@example.com")
	bad := tokenForm(code)
	bad.Set("code_verifier", strings.Repeat("y", 50))
	require.Equal(t, http.StatusBadRequest, f.do(http.MethodPost, "/dev/oidc/googleplus/token", bad).Code)
	require.Equal(t, http.StatusBadRequest, f.do(http.MethodPost, "/dev/oidc/googleplus/token", tokenForm(code)).Code)
}

func TestDiscoveryAndJWKS(t *testing.T) {
	f := newFixture(t)
	rec := f.do(http.MethodGet, "/dev/oidc/apple/.well-known/openid-configuration", nil)
	require.Equal(t, http.StatusOK, rec.Code)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	require.Equal(t, "https://portal.example.com/dev/oidc/apple", doc["issuer"])
	require.Equal(t, "https://portal.example.com/dev/oidc/apple/token", doc["token_endpoint"])
	require.Equal(t, []any{"RS256"}, doc["id_token_signing_alg_values_supported"])

	rec = f.do(http.MethodGet, "/dev/oidc/apple/jwks", nil)
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), `"kty":"RSA"`)
	require.NotContains(t, rec.Body.String(), `"d"`, "only the public key is published")

	require.Equal(t, http.StatusNotFound, f.do(http.MethodGet, "/dev/oidc/myspace/jwks", nil).Code)
}

func TestBaseURLFromRequestHost(t *testing.T) {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Host = "127.0.0.1:41234"
	require.Equal(t, "http://127.0.0.1:41234", BaseURL("", req))
	require.Equal(t, "https://portal.example.com", BaseURL("https://portal.example.com/", req))
}
