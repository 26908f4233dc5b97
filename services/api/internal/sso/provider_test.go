package sso_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	jose "github.com/go-jose/go-jose/v4"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/ssoapi"
)

// The relying party of these tests is coreos/go-oidc with golang.org/x/oauth2: a standard client, not code of
// this repository, run against the whole service over HTTP.

const (
	rpRedirect   = "http://rp.test/callback"
	rpLogout     = "http://rp.test/bye"
	rpSecret     = "rp-secret-0123456789abcdefghijklmnop"
	shopperEmail = "erika@example.com"
	shopperPass  = "Geheim12!x"
)

type env struct {
	t      *testing.T
	base   string
	issuer string
	svc    *apitest.Service
	// browser carries the shopper's cookies and stops at the partner's redirect address.
	browser *http.Client
}

func newEnv(t *testing.T, opts ...apitest.Option) *env {
	return newEnvNamed(t, "127.0.0.1", opts...)
}

// newEnvNamed is newEnv with a public URL on host (the service still listens on 127.0.0.1): make run's is localhost.
func newEnvNamed(t *testing.T, host string, opts ...apitest.Option) *env {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	base := "http://" + net.JoinHostPort(host, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	svc := apitest.New(t, append([]apitest.Option{apitest.WithConfig(func(c *config.Config) {
		c.HTTP.PublicURL = base
		c.Dev.Clock.Enabled = true
		c.SSO.Clients = []config.SSOClient{
			{ID: "rp", Name: "Test partner", Secret: rpSecret, RedirectURIs: []string{rpRedirect}, PostLogoutRedirectURIs: []string{rpLogout}, FirstParty: true, RefreshTokens: true},
			{ID: "public-rp", Name: "Public partner", Public: true, RedirectURIs: []string{rpRedirect}, FirstParty: true},
			{ID: "third", Name: "Drittanbieter", Secret: rpSecret, RedirectURIs: []string{rpRedirect}},
		}
	})}, opts...)...)
	srv := httptest.NewUnstartedServer(svc.Echo)
	_ = srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return &env{t: t, base: base, issuer: base + "/oidc", svc: svc, browser: newBrowser(base)}
}

// newBrowser is a browser of its own cookies that stops at the partner's redirect address.
func newBrowser(base string) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(r *http.Request, _ []*http.Request) error {
		if r.URL.Host == "rp.test" || !strings.HasPrefix(r.URL.String(), base) {
			return http.ErrUseLastResponse
		}
		return nil
	}}
}

// identity calls the embedded provider's API as the account portal does.
func (v *env) identity(method string, params url.Values) map[string]any {
	v.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, v.base+"/identity/accounts."+method, strings.NewReader(params.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", v.base)
	res, err := v.browser.Do(req)
	require.NoError(v.t, err)
	defer res.Body.Close()
	var out map[string]any
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&out))
	return out
}

// registerAndLogIn creates a verified account and logs the browser in.
func (v *env) registerAndLogIn() {
	v.t.Helper()
	v.register(shopperEmail)
	v.logIn()
}

// register creates a verified account with the address.
func (v *env) register(email string) {
	v.t.Helper()
	init := v.identity("initRegistration", nil)
	consent := `{"terms":{"customeraccount":{"isConsentGranted":true}}}`
	v.identity("register", url.Values{"email": {email}, "password": {shopperPass}, "regToken": {init["regToken"].(string)},
		"profile": {`{"firstName":"Erika","lastName":"Muster"}`}, "preferences": {consent}})
	res, err := v.browser.Get(v.base + "/dev/outbox?to=" + url.QueryEscape(email))
	require.NoError(v.t, err)
	var mails []mail.Stored
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&mails))
	_ = res.Body.Close()
	require.NotEmpty(v.t, mails)
	require.Equal(v.t, "/double-opt-in-done?errorCode=0", v.svc.OpenMailLink(mails[0].Links[0]))
}

func (v *env) logIn() {
	v.t.Helper()
	v.logInAs(shopperEmail)
}

// logInAs logs the browser in with the account of the address; the login replaces the session it had.
func (v *env) logInAs(email string) {
	v.t.Helper()
	out := v.identity("login", url.Values{"loginID": {email}, "password": {shopperPass}})
	require.EqualValues(v.t, 0, out["errorCode"], out)
}

type rp struct {
	provider *oidc.Provider
	config   *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

func (v *env) relyingParty(clientID, secret string, scopes ...string) rp {
	v.t.Helper()
	p, err := oidc.NewProvider(context.Background(), v.issuer)
	require.NoError(v.t, err)
	return rp{provider: p, verifier: p.Verifier(&oidc.Config{ClientID: clientID}), config: &oauth2.Config{
		ClientID: clientID, ClientSecret: secret, Endpoint: p.Endpoint(), RedirectURL: rpRedirect,
		Scopes: append([]string{oidc.ScopeOpenID, "profile", "email"}, scopes...),
	}}
}

// follow runs the browser from an address until the service sends it to the partner (or anywhere off the
// service) and answers that address; a page of the portal (the login) ends it too.
func (v *env) follow(start string) (*url.URL, *http.Response) {
	v.t.Helper()
	res, err := v.browser.Get(start)
	require.NoError(v.t, err)
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	require.Less(v.t, res.StatusCode, 500, "never a 5xx")
	if res.StatusCode == http.StatusFound || res.StatusCode == http.StatusSeeOther {
		loc, err := res.Location()
		require.NoError(v.t, err)
		return loc, res
	}
	return res.Request.URL, res
}

// authorize starts a sign-in and answers where the browser ends: the partner's callback with code or error.
func (v *env) authorize(party rp, verifier string, extra ...oauth2.AuthCodeOption) *url.URL {
	v.t.Helper()
	opts := append([]oauth2.AuthCodeOption{oidc.Nonce("nonce-1"), oauth2.S256ChallengeOption(verifier)}, extra...)
	loc, _ := v.follow(party.config.AuthCodeURL("state-1", opts...))
	return loc
}

// decideConsent posts the shopper's answer on the consent page for the waiting request id, for the account the page
// is shown to, and answers where the service sends the browser: the partner's callback with a code, or with
// access_denied, or a page of the portal.
func (v *env) decideConsent(id, decision string) *url.URL {
	v.t.Helper()
	return v.decideFor(id, v.shownAccount(id), decision)
}

func (v *env) advanceClock(d time.Duration) {
	v.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, v.base+"/dev/clock", strings.NewReader(`{"advance":"`+d.String()+`"}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(v.t, err)
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Equal(v.t, http.StatusOK, res.StatusCode, string(body))
}

// oauthError asserts a standard OAuth error answer (never a 5xx) and answers its error code.
func oauthError(t *testing.T, err error) string {
	t.Helper()
	var re *oauth2.RetrieveError
	require.True(t, errors.As(err, &re), "want an OAuth error, got %v", err)
	require.GreaterOrEqual(t, re.Response.StatusCode, 400)
	require.Less(t, re.Response.StatusCode, 500, "never a 5xx: %s", re.Body)
	return re.ErrorCode
}

// The discovery document, read by go-oidc, names only what the provider serves: every endpoint it advertises
// answers (never 404), and what it does not do (device authorization, the implicit flow, JWT-bearer grants) is
// not advertised.
func TestDiscoveryAdvertisesOnlyWhatIsServed(t *testing.T) {
	v := newEnv(t)
	p, err := oidc.NewProvider(context.Background(), v.issuer)
	require.NoError(t, err)
	var meta map[string]any
	require.NoError(t, p.Claims(&meta))
	require.NotContains(t, meta, "device_authorization_endpoint")
	require.Equal(t, []any{"code"}, meta["response_types_supported"])
	require.ElementsMatch(t, []any{"authorization_code", "refresh_token"}, meta["grant_types_supported"])
	for key, value := range meta {
		endpoint, ok := value.(string)
		if !strings.HasSuffix(key, "_endpoint") && key != "jwks_uri" || !ok {
			continue
		}
		require.True(t, strings.HasPrefix(endpoint, v.issuer+"/"), key)
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			req, err := http.NewRequest(method, endpoint, nil)
			require.NoError(t, err)
			res, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			_ = res.Body.Close()
			if res.StatusCode != http.StatusMethodNotAllowed {
				require.NotEqual(t, http.StatusNotFound, res.StatusCode, "%s %s (%s)", method, endpoint, key)
				require.Less(t, res.StatusCode, 500, "%s %s", method, endpoint)
			}
		}
	}
	res, err := http.Post(v.issuer+"/device_authorization", "application/x-www-form-urlencoded", strings.NewReader("client_id=rp"))
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, http.StatusNotFound, res.StatusCode, "not offered, not routed")
}

func TestWholeFlowWithAStandardRelyingParty(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)

	// Discovery names what the provider does: code flow, S256 only, RS256.
	var meta struct {
		Methods       []string `json:"code_challenge_methods_supported"`
		ResponseTypes []string `json:"response_types_supported"`
		Algs          []string `json:"id_token_signing_alg_values_supported"`
		EndSession    string   `json:"end_session_endpoint"`
	}
	require.NoError(t, party.provider.Claims(&meta))
	require.Equal(t, []string{"S256"}, meta.Methods)
	require.Contains(t, meta.ResponseTypes, "code")
	require.Equal(t, []string{"RS256"}, meta.Algs)
	require.Equal(t, v.issuer+"/end_session", meta.EndSession)

	verifier := oauth2.GenerateVerifier()
	loc := v.authorize(party, verifier)
	require.Equal(t, "rp.test", loc.Host, loc.String())
	require.Equal(t, "state-1", loc.Query().Get("state"))
	code := loc.Query().Get("code")
	require.NotEmpty(t, code, loc.String())

	tok, err := party.config.Exchange(context.Background(), code, oauth2.VerifierOption(verifier))
	require.NoError(t, err)
	require.Empty(t, tok.RefreshToken, "no refresh token without offline_access")
	raw, _ := tok.Extra("id_token").(string)
	idToken, err := party.verifier.Verify(context.Background(), raw) // signature (JWKS), iss, aud, exp
	require.NoError(t, err)
	require.Equal(t, "nonce-1", idToken.Nonce)
	var claims struct {
		Name     string `json:"name"`
		Email    string `json:"email"`
		AuthTime int64  `json:"auth_time"`
	}
	require.NoError(t, idToken.Claims(&claims))
	require.Equal(t, "Erika Muster", claims.Name)
	require.Equal(t, shopperEmail, claims.Email)
	require.NotZero(t, claims.AuthTime)
	require.NoError(t, idToken.VerifyAccessToken(tok.AccessToken))

	info, err := party.provider.UserInfo(context.Background(), oauth2.StaticTokenSource(tok))
	require.NoError(t, err)
	require.Equal(t, idToken.Subject, info.Subject)
	require.Equal(t, shopperEmail, info.Email)
	require.True(t, info.EmailVerified)

	// The code works once; its second use is invalid_grant and revokes what the first one gave.
	_, err = party.config.Exchange(context.Background(), code, oauth2.VerifierOption(verifier))
	require.Equal(t, "invalid_grant", oauthError(t, err))
	_, err = party.provider.UserInfo(context.Background(), oauth2.StaticTokenSource(tok))
	require.Error(t, err, "the access token of a reused code is revoked")

	// RP-initiated logout with the registered address ends the portal session and goes back to the partner, through
	// the portal's logout page (which tells the portal's other tabs).
	tok2 := v.signIn(party)
	raw2, _ := tok2.Extra("id_token").(string)
	loc, _ = v.follow(meta.EndSession + "?" + url.Values{"id_token_hint": {raw2}, "post_logout_redirect_uri": {rpLogout}, "state": {"s2"}}.Encode())
	requireOnToPartner(t, loc, rpLogout+"?state=s2")
	_, err = party.provider.UserInfo(context.Background(), oauth2.StaticTokenSource(tok2))
	require.Error(t, err, "logout revokes the partner's tokens")
	// Logged out: the next sign-in goes to the portal's login page.
	loc = v.authorize(party, oauth2.GenerateVerifier())
	require.Equal(t, "/login", loc.Path)
	require.NotEmpty(t, loc.Query().Get("oidcRequest"))
}

// signIn runs a complete sign-in for a logged-in browser.
func (v *env) signIn(party rp, extra ...oauth2.AuthCodeOption) *oauth2.Token {
	v.t.Helper()
	verifier := oauth2.GenerateVerifier()
	loc := v.authorize(party, verifier, extra...)
	require.NotEmpty(v.t, loc.Query().Get("code"), loc.String())
	tok, err := party.config.Exchange(context.Background(), loc.Query().Get("code"), oauth2.VerifierOption(verifier))
	require.NoError(v.t, err)
	return tok
}

func TestRefusalsAreStandardOAuthErrors(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	ctx := context.Background()

	// Requests nothing can be answered to never go back anywhere: the portal's error page says so.
	t.Run("unregistered redirect URI: the portal's error page, no redirect to it", func(t *testing.T) {
		cfg := *party.config
		cfg.RedirectURL = "http://rp.test/elsewhere"
		loc, _ := v.follow(cfg.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		require.Equal(t, ssoapi.InvalidSignInPage, loc.Path)
		require.NotEqual(t, "rp.test", loc.Host)
	})
	t.Run("unknown or missing client: the portal's error page", func(t *testing.T) {
		cfg := *party.config
		cfg.ClientID = "nobody"
		loc, _ := v.follow(cfg.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		require.Equal(t, ssoapi.InvalidSignInPage, loc.Path)
		loc, _ = v.follow(v.issuer + "/authorize?response_type=code&scope=openid")
		require.Equal(t, ssoapi.InvalidSignInPage, loc.Path)
	})
	t.Run("a client or redirect_uri given twice: the portal's error page", func(t *testing.T) {
		// The library reads the last of repeated parameters and answered client_id=rp&client_id=other with its
		// plain-text 400 "unable to retrieve client by id" (QA); RFC 6749 §3.1 allows each parameter once.
		start := party.config.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()))
		for name, extra := range map[string]string{"unknown second client": "&client_id=other", "same client again": "&client_id=rp",
			"unregistered second address": "&redirect_uri=" + url.QueryEscape("http://rp.test/elsewhere"), "same address again": "&redirect_uri=" + url.QueryEscape(rpRedirect)} {
			loc, _ := v.follow(start + extra)
			require.Equal(t, ssoapi.InvalidSignInPage, loc.Path, name)
			require.NotEqual(t, "rp.test", loc.Host, name)
		}
	})
	t.Run("a parameter of the wrong type: invalid_request at the partner, with its state", func(t *testing.T) {
		// The library answered a plain-text 400 for what RFC 6749 §4.1.2.1 sends back to a known partner.
		for _, maxAge := range []string{"abc", "-1", "1.5"} {
			loc, _ := v.follow(party.config.AuthCodeURL("s7", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("max_age", maxAge)))
			require.Equal(t, "rp.test", loc.Host, maxAge)
			require.Equal(t, "invalid_request", loc.Query().Get("error"), maxAge)
			require.Contains(t, loc.Query().Get("error_description"), "max_age", maxAge)
			require.Equal(t, "s7", loc.Query().Get("state"), maxAge)
		}
	})
	t.Run("no PKCE: invalid_request at the partner", func(t *testing.T) {
		loc, _ := v.follow(party.config.AuthCodeURL("s"))
		require.Equal(t, "rp.test", loc.Host)
		require.Equal(t, "invalid_request", loc.Query().Get("error"))
	})
	t.Run("PKCE plain is refused", func(t *testing.T) {
		loc, _ := v.follow(party.config.AuthCodeURL("s", oauth2.SetAuthURLParam("code_challenge", "abcdefghijklmnopqrstuvwxyz0123456789abcdefg"),
			oauth2.SetAuthURLParam("code_challenge_method", "plain")))
		require.Equal(t, "invalid_request", loc.Query().Get("error"))
	})
	t.Run("missing verifier", func(t *testing.T) {
		loc := v.authorize(party, oauth2.GenerateVerifier())
		_, err := party.config.Exchange(ctx, loc.Query().Get("code"))
		require.Equal(t, "invalid_request", oauthError(t, err))
	})
	t.Run("wrong verifier", func(t *testing.T) {
		loc := v.authorize(party, oauth2.GenerateVerifier())
		_, err := party.config.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(oauth2.GenerateVerifier()))
		require.Equal(t, "invalid_grant", oauthError(t, err))
	})
	t.Run("wrong client secret", func(t *testing.T) {
		verifier := oauth2.GenerateVerifier()
		loc := v.authorize(party, verifier)
		cfg := *party.config
		cfg.ClientSecret = "wrong"
		_, err := cfg.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(verifier))
		require.Equal(t, "invalid_client", oauthError(t, err))
	})
	t.Run("made-up code", func(t *testing.T) {
		_, err := party.config.Exchange(ctx, "made-up", oauth2.VerifierOption(oauth2.GenerateVerifier()))
		require.Equal(t, "invalid_grant", oauthError(t, err))
	})
	t.Run("expired code (development clock)", func(t *testing.T) {
		verifier := oauth2.GenerateVerifier()
		loc := v.authorize(party, verifier)
		v.advanceClock(2 * time.Minute)
		_, err := party.config.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(verifier))
		require.Equal(t, "invalid_grant", oauthError(t, err))
		v.logIn() // the session may have idled meanwhile
	})
	t.Run("refresh tokens only with offline_access for a client allowed them", func(t *testing.T) {
		tok := v.signIn(party, oauth2.SetAuthURLParam("scope", "openid offline_access"))
		require.NotEmpty(t, tok.RefreshToken)
		fresh, err := party.config.TokenSource(ctx, &oauth2.Token{RefreshToken: tok.RefreshToken}).Token()
		require.NoError(t, err)
		require.NotEqual(t, tok.RefreshToken, fresh.RefreshToken, "rotated")
		_, err = party.config.TokenSource(ctx, &oauth2.Token{RefreshToken: tok.RefreshToken}).Token()
		require.Equal(t, "invalid_grant", oauthError(t, err), "a used refresh token is spent")

		pub := v.relyingParty("public-rp", "")
		ptok := v.signIn(pub, oauth2.SetAuthURLParam("scope", "openid offline_access"))
		require.Empty(t, ptok.RefreshToken, "this client is not allowed refresh tokens")
	})
	t.Run("alg none and a foreign key are refused as id_token_hint", func(t *testing.T) {
		tok := v.signIn(party)
		raw, _ := tok.Extra("id_token").(string)
		payload := strings.Split(raw, ".")[1]
		none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + payload + "."
		foreign := signWithForeignKey(t, payload)
		for name, hint := range map[string]string{"alg none": none, "foreign key": foreign} {
			loc, _ := v.follow(v.issuer + "/end_session?" + url.Values{"id_token_hint": {hint}, "post_logout_redirect_uri": {rpLogout}}.Encode())
			require.Equal(t, ssoapi.InvalidLogoutPage, loc.Path, name)
			loc, _ = v.follow(party.config.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("id_token_hint", hint)))
			require.Equal(t, "login_required", loc.Query().Get("error"), name)
		}
		// A forged bearer token gets no userinfo: 401 with the RFC 6750 error.
		_, err := party.provider.UserInfo(ctx, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: foreign, TokenType: "Bearer"}))
		require.Error(t, err)
		req, _ := http.NewRequest(http.MethodGet, v.issuer+"/userinfo", nil)
		req.Header.Set("Authorization", "Bearer "+foreign)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = res.Body.Close()
		require.Equal(t, http.StatusUnauthorized, res.StatusCode)
		require.Equal(t, `Bearer error="invalid_token"`, res.Header.Get("WWW-Authenticate"))
	})
	t.Run("unregistered post-logout address is refused", func(t *testing.T) {
		tok := v.signIn(party)
		raw, _ := tok.Extra("id_token").(string)
		// The browser lands on the portal's error page, not on the provider's JSON (QA).
		for _, params := range []url.Values{{"id_token_hint": {raw}}, {"client_id": {"rp"}}} {
			params.Set("post_logout_redirect_uri", "https://evil.example/")
			loc, _ := v.follow(v.issuer + "/end_session?" + params.Encode())
			require.Equal(t, ssoapi.InvalidLogoutPage, loc.Path)
		}
		// Still logged in.
		v.signIn(party)
		// Without an id_token_hint nothing proves whose logout it is: the browser goes to the portal's logout page,
		// which asks the shopper (ConfirmLogoutParam) and then goes on to the partner's registered address (with the
		// partner's state).
		loc, _ := v.follow(v.issuer + "/end_session?" + url.Values{"client_id": {"rp"}, "post_logout_redirect_uri": {rpLogout}, "state": {"s3"}}.Encode())
		require.Equal(t, sso.PortalLogout, loc.Path)
		require.Equal(t, "rp", loc.Query().Get(sso.ConfirmLogoutParam))
		require.Equal(t, rpLogout+"?state=s3", loc.Query().Get("redirect"))
		v.signIn(party)
	})
	t.Run("malformed parameters", func(t *testing.T) {
		for _, target := range []string{"/authorize?%zz", "/end_session?%zz", "/end_session?ui_locales=!!!", "/oauth/token", "/userinfo",
			"/continue?id=nope", "/continue", "/consent?id=x", "/authorize/callback?id=zzz", "/authorize?max_age=abc&client_id=rp", "/keys"} {
			res, err := http.Get(v.issuer + target)
			require.NoError(t, err)
			_ = res.Body.Close()
			require.Less(t, res.StatusCode, 500, target)
		}
		for _, form := range []string{"grant_type=authorization_code&code=x", "grant_type=refresh_token&refresh_token=x&client_id=rp",
			"grant_type=client_credentials", "grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=x", "grant_type=password",
			"grant_type=urn:ietf:params:oauth:grant-type:token-exchange&subject_token=x", "%zz",
			"client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer&client_assertion=abc&grant_type=authorization_code&code=x"} {
			for _, path := range []string{"/oauth/token", "/revoke", "/oauth/introspect", "/device_authorization", "/consent"} {
				res, err := http.Post(v.issuer+path, "application/x-www-form-urlencoded", strings.NewReader(form))
				require.NoError(t, err)
				_ = res.Body.Close()
				require.Less(t, res.StatusCode, 500, path+" "+form)
			}
		}
	})
}

func signWithForeignKey(t *testing.T, payload string) string {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: key}, nil)
	require.NoError(t, err)
	body, err := base64.RawURLEncoding.DecodeString(payload)
	require.NoError(t, err)
	jws, err := signer.Sign(body)
	require.NoError(t, err)
	out, err := jws.CompactSerialize()
	require.NoError(t, err)
	return out
}

// The portal's login and consent pages are told which registered partner a request is for: once the request has
// expired, its id tells nothing, and the page of the expired sign-in offers the way back to that partner (QA journeys
// round, 2026-11-30: a logged-in shopper was offered only the login).
func TestPortalPagesNameThePartner(t *testing.T) {
	v := newEnv(t)
	loc := v.authorize(v.relyingParty("rp", rpSecret), oauth2.GenerateVerifier())
	require.Equal(t, "/login", loc.Path)
	require.Equal(t, "rp", loc.Query().Get(sso.PartnerParam))
	v.registerAndLogIn()
	loc = v.authorize(v.relyingParty("third", rpSecret), oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path)
	require.Equal(t, "third", loc.Query().Get(sso.PartnerParam))
}

func TestPromptMaxAgeAndConsent(t *testing.T) {
	v := newEnv(t)
	party := v.relyingParty("rp", rpSecret)

	// Not logged in: prompt=none answers login_required; otherwise the portal's login page.
	loc := v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.Equal(t, "login_required", loc.Query().Get("error"))
	require.Equal(t, "state-1", loc.Query().Get("state"))
	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("ui_locales", "fr"))
	require.Equal(t, "/login", loc.Path)
	require.Equal(t, "fr", loc.Query().Get("lang"))
	requestID := loc.Query().Get("oidcRequest")

	// After the login the portal sends the browser to /oidc/continue: straight on to the partner.
	v.registerAndLogIn()
	loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(requestID))
	require.NotEmpty(t, loc.Query().Get("code"), loc.String())
	// The request is answered: it cannot be continued twice; the browser lands on the portal's error page.
	loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(requestID))
	require.Equal(t, ssoapi.ExpiredSignInPage, loc.Path)

	// Logged in: prompt=none goes straight through; prompt=login asks for a new login on the portal's page, which
	// shows its form although a session is there (prompt=login in its query); the session lives on until that
	// login replaces it (a link from any site could otherwise log the shopper out).
	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.NotEmpty(t, loc.Query().Get("code"))
	v.advanceClock(2 * time.Second)
	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("max_age", "3600"))
	require.NotEmpty(t, loc.Query().Get("code"))
	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("max_age", "1"))
	require.Equal(t, "/login", loc.Path, "a login older than max_age")
	v.logIn()
	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "login"))
	require.Equal(t, "/login", loc.Path)
	require.Equal(t, "login", loc.Query().Get(sso.LoginAgainParam))
	waiting := loc.Query().Get(sso.RequestParam)
	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.NotEmpty(t, loc.Query().Get("code"), "prompt=login left the session as it was")
	loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(waiting))
	require.Equal(t, "/login", loc.Path, "the old login does not answer a prompt=login")
	v.advanceClock(time.Second)
	v.logIn()
	loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(waiting))
	require.NotEmpty(t, loc.Query().Get("code"), "the new login does")

	// A partner that is not first-party asks for consent on the portal's page, once.
	third := v.relyingParty("third", rpSecret)
	third.config.Scopes = []string{oidc.ScopeOpenID, "profile"}
	loc = v.authorize(third, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.Equal(t, "consent_required", loc.Query().Get("error"))
	loc = v.authorize(third, oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path)
	id := loc.Query().Get("oidcRequest")
	res, err := v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
	require.NoError(t, err)
	var ask struct {
		Partner struct{ Name string } `json:"partner"`
		Scopes  []string              `json:"scopes"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&ask))
	_ = res.Body.Close()
	require.Equal(t, "Drittanbieter", ask.Partner.Name)
	require.Equal(t, []string{"profile"}, ask.Scopes)
	loc = v.decideConsent(id, "allow")
	require.NotEmpty(t, loc.Query().Get("code"), loc.String())
	loc = v.authorize(third, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.NotEmpty(t, loc.Query().Get("code"), "consent is remembered")

	// A later consent adds to the earlier one; scopes the provider does not answer, or not to this partner (offline
	// access without refresh tokens: TestAScopeThePartnerMayNotHaveIsNotGranted), are neither asked nor kept.
	more := rp{provider: third.provider, verifier: third.verifier, config: &oauth2.Config{}}
	*more.config = *third.config
	more.config.Scopes = []string{oidc.ScopeOpenID, "email", "offline_access", "phone"}
	loc = v.authorize(more, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "consent"))
	require.Equal(t, "/login/consent", loc.Path)
	id = loc.Query().Get("oidcRequest")
	res, err = v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(res.Body).Decode(&ask))
	_ = res.Body.Close()
	require.Equal(t, []string{"email"}, ask.Scopes)
	require.NotEmpty(t, v.decideConsent(id, "allow").Query().Get("code"))
	loc = v.authorize(third, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.NotEmpty(t, loc.Query().Get("code"), "profile is still allowed")
	loc = v.authorize(more, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.NotEmpty(t, loc.Query().Get("code"), "and so is the e-mail; phone and offline access are not asked for")

	// Denying answers access_denied.
	loc = v.authorize(third, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "consent"))
	require.Equal(t, "/login/consent", loc.Path)
	denied := v.decideConsent(loc.Query().Get("oidcRequest"), "deny")
	require.Equal(t, "access_denied", denied.Query().Get("error"))
}

// A scope the partner may not be granted is not granted: offline_access of a partner not allowed refresh tokens is
// neither promised on the consent page nor named in the token answer's scope (QA round: the page said "Zugriff
// auch dann, wenn Sie gerade nicht angemeldet sind" and the answer "openid offline_access", with no refresh
// token). A partner allowed refresh tokens is granted it.
func TestAScopeThePartnerMayNotHaveIsNotGranted(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	ctx := context.Background()
	offline := oauth2.SetAuthURLParam("scope", "openid offline_access")
	exchange := func(party rp, verifier string, loc *url.URL) *oauth2.Token {
		t.Helper()
		require.NotEmpty(t, loc.Query().Get("code"), loc.String())
		tok, err := party.config.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(verifier))
		require.NoError(t, err)
		return tok
	}

	third := v.relyingParty("third", rpSecret)
	verifier := oauth2.GenerateVerifier()
	loc := v.authorize(third, verifier, offline)
	require.Equal(t, "/login/consent", loc.Path, loc.String())
	id := loc.Query().Get("oidcRequest")
	res, err := v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
	require.NoError(t, err)
	var ask struct {
		Scopes []string `json:"scopes"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&ask))
	_ = res.Body.Close()
	require.Equal(t, []string{}, ask.Scopes, "nothing but the sign-in itself")
	tok := exchange(third, verifier, v.decideConsent(id, "allow"))
	require.Empty(t, tok.RefreshToken)
	require.Equal(t, "openid", tok.Extra("scope"))

	public := v.relyingParty("public-rp", "")
	require.Equal(t, "openid", v.signIn(public, offline).Extra("scope"))

	allowed := v.signIn(v.relyingParty("rp", rpSecret), offline)
	require.NotEmpty(t, allowed.RefreshToken)
	require.Equal(t, "openid offline_access", allowed.Extra("scope"))
}

func TestKeyRotationOldKeysVerifyUntilTheyExpire(t *testing.T) {
	v := newEnv(t, apitest.WithConfig(func(c *config.Config) { c.SSO.KeyRotation = 2 * time.Hour; c.SSO.IDTokenLifetime = time.Hour }))
	v.registerAndLogIn()
	keys := func() []string {
		res, err := http.Get(v.issuer + "/keys")
		require.NoError(t, err)
		defer res.Body.Close()
		var set jose.JSONWebKeySet
		require.NoError(t, json.NewDecoder(res.Body).Decode(&set))
		var ids []string
		for _, k := range set.Keys {
			ids = append(ids, k.KeyID)
		}
		return ids
	}
	party := v.relyingParty("rp", rpSecret)
	first := v.signIn(party)
	old := keys()
	require.Len(t, old, 1)
	v.advanceClock(2*time.Hour + time.Minute) // the first key stops signing
	v.logIn()
	second := v.signIn(party)
	both := keys()
	require.Len(t, both, 2, "the old key is still published")
	require.Contains(t, both, old[0])
	kid := func(tok *oauth2.Token) string {
		raw, _ := tok.Extra("id_token").(string)
		jws, err := jose.ParseSigned(raw, []jose.SignatureAlgorithm{jose.RS256})
		require.NoError(t, err)
		return jws.Signatures[0].Header.KeyID
	}
	require.Equal(t, old[0], kid(first))
	require.NotEqual(t, old[0], kid(second))
	v.advanceClock(time.Hour) // past the old key's verification period
	require.NotContains(t, keys(), old[0])
}

func TestPartnersRegistry(t *testing.T) {
	v := newEnv(t)
	res, err := http.Get(v.issuer + "/partners")
	require.NoError(t, err)
	defer res.Body.Close()
	var partners []struct {
		ID                     string   `json:"id"`
		Name                   string   `json:"name"`
		HomeURL                string   `json:"homeUrl"`
		PostLogoutRedirectURIs []string `json:"postLogoutRedirectUris"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&partners))
	byID := map[string]int{}
	for i, p := range partners {
		byID[p.ID] = i
	}
	require.Contains(t, byID, "rp")
	require.Equal(t, []string{rpLogout}, partners[byID["rp"]].PostLogoutRedirectURIs)
	require.Contains(t, byID, "fotoservice", "the demonstration partner outside production")
	require.Contains(t, partners[byID["fotoservice"]].PostLogoutRedirectURIs, v.base+"/partner/fotoservice/")
}

func TestDemoPartnerSignsTheShopperIn(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	res, err := v.browser.Get(v.base + "/partner/fotoservice/login")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "/partner/fotoservice/", res.Request.URL.Path)
	require.Contains(t, string(body), "Hallo, Erika Muster!")

	// Its logout ends the portal session and comes back to the partner, through the portal's logout page, whose
	// script (which this client does not run) goes on to the partner's address.
	res, err = v.browser.PostForm(v.base+"/partner/fotoservice/logout", nil)
	require.NoError(t, err)
	_ = res.Body.Close()
	requireOnToPartner(t, res.Request.URL, v.base+"/partner/fotoservice/")
	res, err = v.browser.Get(res.Request.URL.Query().Get("redirect"))
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Contains(t, string(body), "Mit Ihrem Kundenkonto anmelden")
	loc, _ := v.follow(v.base + "/partner/fotoservice/login")
	require.Equal(t, "/login", loc.Path, "logged out at the portal too")
}

// requireOnToPartner checks that a partner's logout of the browser's own shopper, which ended the session, sends
// the browser on to the partner's address `partner` through the portal's logout page, without its question: the
// page tells the portal's other tabs that the shopper logs out.
func requireOnToPartner(t *testing.T, loc *url.URL, partner string) {
	t.Helper()
	require.Equal(t, sso.PortalLogout, loc.Path, loc.String())
	require.False(t, loc.Query().Has(sso.ConfirmLogoutParam), loc.String())
	require.Equal(t, partner, loc.Query().Get("redirect"))
}

// make run listens on 127.0.0.1 and prints localhost: a shopper who opens the partner at 127.0.0.1 is signed in
// there all the same (QA round of 2026-11-30: the binding cookie was set on 127.0.0.1, the login page moved to
// localhost, and the continuation there found none: "Diese Anmeldung ist abgelaufen.").
func TestDemoPartnerSignsInWhenOpenedAtTheLoopbackAddress(t *testing.T) {
	v := newEnvNamed(t, "localhost")
	jar, _ := cookiejar.New(nil)
	v.browser = &http.Client{Jar: jar} // follows every redirect, between both names of the machine too
	v.register(shopperEmail)
	loopback := strings.Replace(v.base, "localhost", "127.0.0.1", 1)

	// The partner's start page, then its button; without a portal session the journey stops at the login page.
	res, err := v.browser.Get(loopback + "/partner/fotoservice/")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Contains(t, string(body), `href="/partner/fotoservice/login"`)
	res, err = v.browser.Get(res.Request.URL.ResolveReference(&url.URL{Path: "/partner/fotoservice/login"}).String())
	require.NoError(t, err)
	_ = res.Body.Close()
	login := res.Request.URL
	require.Equal(t, "/login", login.Path)
	require.Equal(t, v.base, "http://"+login.Host, "the portal's pages open on localhost")
	id := login.Query().Get("oidcRequest")
	require.NotEmpty(t, id)

	// The login page logs the shopper in and continues the sign-in on its own origin.
	v.logIn()
	res, err = v.browser.Get(v.base + "/oidc/continue?id=" + url.QueryEscape(id))
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Equal(t, "/partner/fotoservice/", res.Request.URL.Path, "not "+ssoapi.ExpiredSignInPage)
	require.Contains(t, string(body), "Hallo, Erika Muster!")
}

// The partner hands the visitor's whole choice to the portal's login: ui_locales may carry a region, and a Belgian's
// French is fr-BE there, not the portal's first French (QA: the partner cut it to fr, and the login showed fr-FR).
func TestDemoPartnerHandsOnTheChosenRegion(t *testing.T) {
	v := newEnv(t)
	for chosen, lang := range map[string]string{"fr_BE": "fr-BE", "nl-be": "nl-BE", "fr": "fr", "FR": "fr", "de-DE-x-y": "de"} {
		loc, _ := v.follow(v.base + "/partner/fotoservice/login?lang=" + url.QueryEscape(chosen))
		require.Equal(t, "/login", loc.Path, chosen)
		require.Equal(t, lang, loc.Query().Get("lang"), chosen)
	}
}

// A partner app in the browser (a public client on its own origin) exchanges its code and reads userinfo from
// that origin; other sites' pages may neither call these endpoints with CORS nor read any answer.
func TestPartnerPagesAndOnlyTheirsReadTheProvider(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	const partnerOrigin, foreignOrigin = "http://rp.test", "https://evil.example"

	browserPost := func(path, origin string, form url.Values) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, v.issuer+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", origin)
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		t.Cleanup(func() { _ = res.Body.Close() })
		return res
	}
	preflight := func(path, origin string) *http.Response {
		req, _ := http.NewRequest(http.MethodOptions, v.issuer+path, nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", http.MethodPost)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = res.Body.Close()
		return res
	}

	for _, path := range []string{"/oauth/token", "/userinfo", "/revoke", "/consent", "/end_session"} {
		require.Empty(t, preflight(path, foreignOrigin).Header.Get("Access-Control-Allow-Origin"), path)
	}
	// Its OpenID Connect library reads the discovery document and the keys from the page too.
	for _, path := range []string{"/.well-known/openid-configuration", "/keys"} {
		for origin, readable := range map[string]bool{partnerOrigin: true, foreignOrigin: false} {
			req, _ := http.NewRequest(http.MethodGet, v.issuer+path, nil)
			req.Header.Set("Origin", origin)
			res, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			_ = res.Body.Close()
			require.Equal(t, http.StatusOK, res.StatusCode, path)
			require.Equal(t, readable, res.Header.Get("Access-Control-Allow-Origin") == origin, "%s from %s", path, origin)
		}
	}
	res := preflight("/oauth/token", partnerOrigin)
	require.Equal(t, partnerOrigin, res.Header.Get("Access-Control-Allow-Origin"))
	require.Empty(t, res.Header.Get("Access-Control-Allow-Credentials"), "no cookie is needed, so none is offered")

	// The public partner's code exchange, posted from its page as a browser does.
	pub := v.relyingParty("public-rp", "")
	verifier := oauth2.GenerateVerifier()
	code := v.authorize(pub, verifier).Query().Get("code")
	require.NotEmpty(t, code)
	res = browserPost("/oauth/token", partnerOrigin, url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"code_verifier": {verifier}, "client_id": {"public-rp"}, "redirect_uri": {rpRedirect}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, partnerOrigin, res.Header.Get("Access-Control-Allow-Origin"))
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&tok))
	require.NotEmpty(t, tok.AccessToken)

	// Its access token reads userinfo from its page; another site's page may not read the answer.
	for origin, readable := range map[string]bool{partnerOrigin: true, foreignOrigin: false} {
		req, _ := http.NewRequest(http.MethodGet, v.issuer+"/userinfo", nil)
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		req.Header.Set("Origin", origin)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		require.Equal(t, readable, res.Header.Get("Access-Control-Allow-Origin") == origin, origin)
	}

	// The consent answer works on the shopper's session: no other site posts it.
	require.Equal(t, http.StatusForbidden, browserPost("/consent", partnerOrigin, url.Values{"id": {"x"}, "decision": {"allow"}}).StatusCode)

	// A partner may send the authorisation request as a POST from its page (OpenID Connect Core 3.1.2.1): it goes
	// on to the portal's login like a GET.
	form := url.Values{"client_id": {"public-rp"}, "redirect_uri": {rpRedirect}, "response_type": {"code"}, "scope": {"openid"},
		"code_challenge": {oauth2.S256ChallengeFromVerifier(oauth2.GenerateVerifier())}, "code_challenge_method": {"S256"}, "state": {"s"}}
	req, _ := http.NewRequest(http.MethodPost, v.issuer+"/authorize", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", partnerOrigin)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noFollow.Do(req)
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, http.StatusFound, res.StatusCode)
	next, err := res.Location()
	require.NoError(t, err)
	require.Equal(t, sso.Path+sso.ContinuePath, next.Path)
}

// The consent page posts the decision with fetch and goes where the answer names: a form post that redirects to
// the partner's origin is stopped by the pages' CSP (form-action 'self') in Chromium.
func TestConsentDecisionAnsweredAsJSON(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	third := v.relyingParty("third", rpSecret)
	decide := func(decision string) string {
		loc := v.authorize(third, oauth2.GenerateVerifier())
		require.Equal(t, "/login/consent", loc.Path, loc.String())
		id := loc.Query().Get("oidcRequest")
		req, _ := http.NewRequest(http.MethodPost, v.issuer+"/consent", strings.NewReader(url.Values{"id": {id}, "account": {v.shownAccount(id)}, "decision": {decision}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Origin", v.base)
		res, err := v.browser.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		require.Equal(t, "no-store", res.Header.Get("Cache-Control"))
		var answer struct {
			Next string `json:"next"`
		}
		require.NoError(t, json.NewDecoder(res.Body).Decode(&answer))
		return answer.Next
	}
	denied, err := url.Parse(decide("deny"))
	require.NoError(t, err)
	require.Equal(t, "rp.test", denied.Host)
	require.Equal(t, "access_denied", denied.Query().Get("error"))

	next := decide("allow")
	require.True(t, strings.HasPrefix(next, "/oidc/authorize/callback?id="), next)
	loc, _ := v.follow(v.base + next)
	require.Equal(t, "rp.test", loc.Host)
	require.NotEmpty(t, loc.Query().Get("code"))
}

// A path under /oidc that is none of the provider's endpoints is the service's JSON 404, as under the other API
// prefixes; op answered its plain-text "404 page not found" (QA security round).
func TestUnknownPathsOfTheProviderAreTheServicesJSON404(t *testing.T) {
	v := newEnv(t)
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		for _, path := range []string{"/nope", "/", "/authorize/nope", "/oauth", "/healthz"} {
			req, _ := http.NewRequest(method, v.issuer+path, nil)
			res, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			var answer apierror.Body
			require.Contains(t, res.Header.Get("Content-Type"), "application/json", "%s %s", method, path)
			require.NoError(t, json.NewDecoder(res.Body).Decode(&answer), "%s %s", method, path)
			_ = res.Body.Close()
			require.Equal(t, http.StatusNotFound, res.StatusCode, "%s %s", method, path)
			require.Equal(t, "not_found", answer.Error.Code, "%s %s", method, path)
		}
	}
}
