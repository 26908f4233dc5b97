package sso_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
)

func (v *env) lastLinkTo(to string) string {
	v.t.Helper()
	res, err := v.browser.Get(v.base + "/dev/outbox?to=" + url.QueryEscape(to))
	require.NoError(v.t, err)
	defer res.Body.Close()
	var mails []mail.Stored
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&mails))
	require.NotEmpty(v.t, mails)
	return mails[0].Links[0]
}

// A password reset ends the partners' tokens of the old password too (code review round: a refresh token and an
// access token outlived it).
func TestPartnerTokensEndAtAPasswordReset(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret, "offline_access")
	tok := v.signIn(party)
	require.NotEmpty(t, tok.RefreshToken)

	out := v.identity("resetPassword", url.Values{"loginID": {shopperEmail}})
	require.EqualValues(t, 0, out["errorCode"], out)
	link, err := url.Parse(v.lastLinkTo(shopperEmail))
	require.NoError(t, err)
	out = v.identity("resetPassword", url.Values{"passwordResetToken": {link.Query().Get("pwrt")}, "newPassword": {"Ganz-Neu-12!x"}})
	require.EqualValues(t, 0, out["errorCode"], out)

	_, uerr := party.provider.UserInfo(context.Background(), oauth2.StaticTokenSource(tok))
	expired := *tok
	expired.AccessToken, expired.Expiry = "", expired.Expiry.Add(-24*3600e9)
	fresh, rerr := party.config.TokenSource(context.Background(), &expired).Token()
	require.Error(t, uerr, "the access token ended")
	require.Error(t, rerr, "the refresh token ended")
	require.Nil(t, fresh)
}

// A removed passkey ends the partners' tokens as a password change does: its device was lost, and a partner's
// sign-in made there read userinfo and refreshed after "Passkey entfernen" had ended the device's session (QA
// round). Sign-ins do not record how their session was opened, so every partner token of the account ends.
func TestPartnerTokensEndWithARemovedPasskey(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	opts := v.identity("initPasskeyRegistration", nil)
	require.EqualValues(t, 0, opts["errorCode"], opts)
	// The service on 127.0.0.1 offers passkeys on localhost, the same machine's name.
	u, _ := url.Parse(v.base)
	phone := passkeytest.New("localhost", "http://localhost:"+u.Port())
	answer, err := phone.Register(opts["options"])
	require.NoError(t, err)
	added := v.identity("registerPasskey", url.Values{"passkey": {string(answer)}, "name": {"Telefon"}})
	require.EqualValues(t, 0, added["errorCode"], added)
	keys := v.identity("getPasskeys", nil)["passkeys"].([]any)
	require.Len(t, keys, 1)

	onPhone := v.inAnotherBrowser()
	opts = onPhone.identity("initPasskeyLogin", nil)
	answer, err = phone.Login(opts["options"])
	require.NoError(t, err)
	out := onPhone.identity("passkeyLogin", url.Values{"passkey": {string(answer)}})
	require.EqualValues(t, 0, out["errorCode"], out)
	party := v.relyingParty("rp", rpSecret, "offline_access")
	tok := onPhone.signIn(party)
	require.NotEmpty(t, tok.RefreshToken)
	require.True(t, v.introspect(tok.AccessToken))

	out = v.identity("removePasskey", url.Values{"id": {keys[0].(map[string]any)["id"].(string)}})
	require.EqualValues(t, 0, out["errorCode"], out)
	status, _ := v.userinfo(tok.AccessToken)
	require.Equal(t, http.StatusUnauthorized, status, "the phone's access token ended")
	_, err = party.refresh(tok.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err), "the phone's refresh token ended")
}

// introspect asks the introspection endpoint, as the partner "rp", whether an access token is active.
func (v *env) introspect(accessToken string) bool {
	v.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, v.issuer+"/oauth/introspect", strings.NewReader(url.Values{"token": {accessToken}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("rp", rpSecret)
	res, err := http.DefaultClient.Do(req)
	require.NoError(v.t, err)
	defer res.Body.Close()
	require.Equal(v.t, http.StatusOK, res.StatusCode)
	var out struct {
		Active bool `json:"active"`
	}
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&out))
	return out.Active
}

// userinfo asks the userinfo endpoint with a bearer token and answers the status and the WWW-Authenticate header.
func (v *env) userinfo(accessToken string) (int, string) {
	v.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, v.issuer+"/userinfo", nil)
	req.Header.Set("Authorization", "Bearer "+accessToken)
	res, err := http.DefaultClient.Do(req)
	require.NoError(v.t, err)
	_ = res.Body.Close()
	return res.StatusCode, res.Header.Get("WWW-Authenticate")
}

// refresh redeems a refresh token as the partner does once its access token expired.
func (p rp) refresh(refreshToken string) (*oauth2.Token, error) {
	return p.config.TokenSource(context.Background(), &oauth2.Token{RefreshToken: refreshToken}).Token()
}

// idClaims are the claims of a partner's ID token these tests look at.
type idClaims struct {
	Subject  string `json:"sub"`
	IssuedAt int64  `json:"iat"`
	AuthTime int64  `json:"auth_time"`
}

func (p rp) idClaims(t *testing.T, tok *oauth2.Token) idClaims {
	t.Helper()
	raw, _ := tok.Extra("id_token").(string)
	idToken, err := p.verifier.Verify(context.Background(), raw)
	require.NoError(t, err)
	var c idClaims
	require.NoError(t, idToken.Claims(&c))
	return c
}

// An account disabled without single sign-on hearing of it (by another process: before the QA round `portal
// accounts disable` told nobody, and a revocation may fail) leaves its partners no live token: introspection
// answered active, and the refresh token still worked. Seen dead, the tokens stay so when the account is enabled
// again. An account deleted without its tokens (the sweep of unverified registrations) is the same.
func TestPartnerTokensDieWithTheAccount(t *testing.T) {
	ctx := context.Background()
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret, "offline_access")
	tok := v.signIn(party)
	require.True(t, v.introspect(tok.AccessToken))

	elsewhere, err := embedded.New(app.EmbeddedSettings(v.svc.Config), embedded.Deps{Store: embedded.NewSQLStore(v.svc.DB)})
	require.NoError(t, err)
	require.NoError(t, elsewhere.SetDisabled(ctx, shopperEmail, true))
	require.False(t, v.introspect(tok.AccessToken))
	status, _ := v.userinfo(tok.AccessToken)
	require.Equal(t, http.StatusUnauthorized, status)
	_, err = party.refresh(tok.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err))

	require.NoError(t, elsewhere.SetDisabled(ctx, shopperEmail, false))
	require.False(t, v.introspect(tok.AccessToken), "enabling the account again does not bring the tokens back")
	_, err = party.refresh(tok.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err))

	v.logIn()
	tok = v.signIn(party)
	require.True(t, v.introspect(tok.AccessToken))
	require.NoError(t, embedded.NewSQLStore(v.svc.DB).DeleteAccount(ctx, party.idClaims(t, tok).Subject))
	require.False(t, v.introspect(tok.AccessToken))
	_, err = party.refresh(tok.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err))
}

// A removed partner's tokens and the shoppers' consents go with it: the old access token read userinfo, and a
// registration of the same id again brought back the old refresh token and the consents given to the former
// registrant (QA round). A token of a partner no longer registered is dead however it was removed.
func TestPartnerTokensAndConsentsEndWithItsRemoval(t *testing.T) {
	ctx := context.Background()
	v := newEnv(t)
	v.registerAndLogIn()
	register := func() rp {
		_, secret, err := v.svc.App.SSO.Register(ctx, sso.Registration{ID: "reisen", Name: "Reiseservice", RedirectURIs: []string{rpRedirect},
			RefreshTokens: true, Replace: true})
		require.NoError(t, err)
		return v.relyingParty("reisen", secret, "offline_access")
	}
	party := register()
	loc := v.authorize(party, oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path, loc.String())
	require.NotEmpty(t, v.decideConsent(loc.Query().Get("oidcRequest"), "allow").Query().Get("code"))
	tok := v.signIn(party)
	require.NotEmpty(t, tok.RefreshToken)

	// `portal sso-clients remove` removes it through the store.
	store := ssosql.New(v.svc.DB)
	require.NoError(t, store.DeleteClient(ctx, "reisen"))
	status, _ := v.userinfo(tok.AccessToken)
	require.Equal(t, http.StatusUnauthorized, status)

	again := register()
	_, err := again.refresh(tok.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err), "the former registrant's refresh token")
	loc = v.authorize(again, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
	require.Equal(t, "consent_required", loc.Query().Get("error"), "the former registrant's consent")

	// A partner gone without its tokens (one dropped from sso.clients is never in the database): its row alone.
	loc = v.authorize(again, oauth2.GenerateVerifier())
	require.NotEmpty(t, v.decideConsent(loc.Query().Get("oidcRequest"), "allow").Query().Get("code"))
	tok = v.signIn(again)
	status, _ = v.userinfo(tok.AccessToken)
	require.Equal(t, http.StatusOK, status)
	_, err = v.svc.DB.ExecContext(ctx, `DELETE FROM sso_clients WHERE id = 'reisen'`)
	require.NoError(t, err)
	status, _ = v.userinfo(tok.AccessToken)
	require.Equal(t, http.StatusUnauthorized, status)
}

// A dead access token (revoked, expired) is refused at userinfo as RFC 6750 §3.1 asks, 401 with the error in
// WWW-Authenticate, on which partners refresh; it was 403 invalid_request (QA round).
func TestUserinfoRefusesADeadTokenWith401(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	for name, kill := range map[string]func(tok *oauth2.Token){
		"revoked": func(tok *oauth2.Token) {
			req, _ := http.NewRequest(http.MethodPost, v.issuer+"/revoke",
				strings.NewReader(url.Values{"token": {tok.AccessToken}, "token_type_hint": {"access_token"}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.SetBasicAuth("rp", rpSecret)
			res, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			_ = res.Body.Close()
			require.Equal(t, http.StatusOK, res.StatusCode)
		},
		"expired": func(*oauth2.Token) { v.advanceClock(16 * time.Minute) },
	} {
		v.logIn()
		tok := v.signIn(party)
		status, _ := v.userinfo(tok.AccessToken)
		require.Equal(t, http.StatusOK, status, name)
		kill(tok)
		status, challenge := v.userinfo(tok.AccessToken)
		require.Equal(t, http.StatusUnauthorized, status, name)
		require.Equal(t, `Bearer error="invalid_token"`, challenge, name)
	}
}

// A refresh token presented again after it was rotated out ends the whole grant (RFC 9700 §4.14.2): the partner
// and a thief hold it, and which of them is which cannot be told. Before, only the replay was refused and the
// current refresh token kept working (QA round). Another sign-in's tokens live on.
func TestRefreshTokenReuseEndsTheGrant(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret, "offline_access")
	other := v.signIn(party)
	tok := v.signIn(party)
	second, err := party.refresh(tok.RefreshToken)
	require.NoError(t, err)
	require.True(t, v.introspect(second.AccessToken))

	_, err = party.refresh(tok.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err))
	require.False(t, v.introspect(second.AccessToken))
	_, err = party.refresh(second.RefreshToken)
	require.Equal(t, "invalid_grant", oauthError(t, err), "the current refresh token ended too")

	require.True(t, v.introspect(other.AccessToken))
	_, err = party.refresh(other.RefreshToken)
	require.NoError(t, err)
}

// The ID token's auth_time is never after its iat: op stamps iat and exp with the wall clock, the login followed
// the development clock, and after POST /dev/clock moved it 23 minutes ahead auth_time lay 23 minutes after iat
// (QA round).
func TestIDTokenAuthTimeIsNotAfterIssuedAtWithTheDevelopmentClock(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret, "offline_access")
	v.advanceClock(23 * time.Minute)
	v.logIn()
	tok := v.signIn(party)
	c := party.idClaims(t, tok)
	require.LessOrEqual(t, c.AuthTime, c.IssuedAt)
	fresh, err := party.refresh(tok.RefreshToken)
	require.NoError(t, err)
	c = party.idClaims(t, fresh)
	require.LessOrEqual(t, c.AuthTime, c.IssuedAt)
}

// tokenRequest sends a request to the token endpoint as the partner "rp" and answers the status, the Allow header
// and the OAuth error.
func (v *env) tokenRequest(method, query string, form url.Values) (status int, allow string, answer oauthErrorBody) {
	v.t.Helper()
	req, _ := http.NewRequest(method, v.issuer+"/oauth/token"+query, strings.NewReader(form.Encode()))
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.SetBasicAuth("rp", rpSecret)
	res, err := http.DefaultClient.Do(req)
	require.NoError(v.t, err)
	defer res.Body.Close()
	require.Contains(v.t, res.Header.Get("Content-Type"), "application/json")
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&answer))
	return res.StatusCode, res.Header.Get("Allow"), answer
}

type oauthErrorBody struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// The token endpoint takes each parameter once (RFC 6749 §3.2) and POST only (§3.2: the client MUST use POST): a
// repeated parameter is invalid_request, naming it, and leaves the code unused; a GET is 405 with Allow: POST and
// the protocol's JSON error. QA security round: grant_type=authorization_code&grant_type=refresh_token was processed,
// and a GET answered "grant_type missing".
func TestTokenEndpointTakesEachParameterOnceAndOnlyPOST(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	verifier := oauth2.GenerateVerifier()
	code := v.authorize(party, verifier).Query().Get("code")
	exchange := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {rpRedirect}, "code_verifier": {verifier}}

	for name, tc := range map[string]struct {
		query string
		form  url.Values
		named string
	}{
		"grant_type twice":                   {"", url.Values{"grant_type": {"authorization_code", "refresh_token"}, "code": {code}, "redirect_uri": {rpRedirect}, "code_verifier": {verifier}}, "grant_type"},
		"the code twice":                     {"", url.Values{"grant_type": {"authorization_code"}, "code": {code, code}, "redirect_uri": {rpRedirect}, "code_verifier": {verifier}}, "code"},
		"the code in the query and the body": {"?code=" + url.QueryEscape(code), exchange, "code"},
	} {
		status, _, answer := v.tokenRequest(http.MethodPost, tc.query, tc.form)
		require.Equal(t, http.StatusBadRequest, status, name)
		require.Equal(t, "invalid_request", answer.Error, name)
		require.Contains(t, answer.Description, tc.named, name)
	}
	status, allow, answer := v.tokenRequest(http.MethodGet, "?"+exchange.Encode(), nil)
	require.Equal(t, http.StatusMethodNotAllowed, status)
	require.Equal(t, http.MethodPost, allow)
	require.Equal(t, "invalid_request", answer.Error)

	// None of these used the code.
	tok, err := party.config.Exchange(context.Background(), code, oauth2.VerifierOption(verifier))
	require.NoError(t, err)
	require.NotEmpty(t, tok.AccessToken)
}
