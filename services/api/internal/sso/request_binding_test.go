package sso_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/ssoapi"
)

// inAnotherBrowser is the same service seen from another browser, with cookies of its own.
func (v *env) inAnotherBrowser() *env {
	other := *v
	other.browser = newBrowser(v.base)
	return &other
}

// step sends one GET of the browser, not following a redirect, and answers where the browser is sent (nil when
// it is not).
func (v *env) step(target string) *url.URL {
	v.t.Helper()
	return v.stepWith(&http.Client{Jar: v.browser.Jar}, target)
}

// poll is a GET without the browser's cookies, only those given, answering where it sends the caller (nil when
// nowhere).
func (v *env) poll(target string, cookies ...*http.Cookie) *url.URL {
	v.t.Helper()
	req, err := http.NewRequest(http.MethodGet, target, nil)
	require.NoError(v.t, err)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return v.send(&http.Client{}, req)
}

func (v *env) stepWith(client *http.Client, target string) *url.URL {
	v.t.Helper()
	req, err := http.NewRequest(http.MethodGet, target, nil)
	require.NoError(v.t, err)
	return v.send(client, req)
}

func (v *env) send(client *http.Client, req *http.Request) *url.URL {
	v.t.Helper()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := client.Do(req)
	require.NoError(v.t, err)
	_ = res.Body.Close()
	require.Less(v.t, res.StatusCode, 500)
	loc, err := res.Location()
	if err != nil {
		return nil
	}
	return loc
}

// bindingCookie is the browser's cookie that binds its sign-in requests to it.
func (v *env) bindingCookie() *http.Cookie {
	v.t.Helper()
	u, _ := url.Parse(v.issuer + "/continue")
	for _, c := range v.browser.Jar.Cookies(u) {
		if c.Name == sso.BrowserCookie {
			return c
		}
	}
	v.t.Fatal("no binding cookie")
	return nil
}

// QA: an attacker started a partner's sign-in in its browser, sent the shopper the login page of it
// (/login?oidcRequest=ID) and polled op's callback with the id; once the logged-in shopper went on with the request
// (a first-party partner asks nothing, another one "Erlauben"), the poll got the shopper's code, and a public
// client exchanged it with the attacker's own PKCE verifier.
func TestAnotherBrowserNeverGetsTheCode(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	attacker := v.inAnotherBrowser()
	callback := func(id string) string { return v.issuer + "/authorize/callback?id=" + url.QueryEscape(id) }

	for _, client := range []string{"public-rp", "third"} {
		party := attacker.relyingParty(client, rpSecret)
		loc := attacker.authorize(party, oauth2.GenerateVerifier())
		require.Equal(t, "/login", loc.Path, loc.String())
		id := loc.Query().Get(sso.RequestParam)
		require.Equal(t, ssoapi.ExpiredSignInPage, v.poll(callback(id)).Path, "a poll before the shopper went on")

		// The shopper's browser does not go on with a request another browser started: no code, no consent page.
		require.Equal(t, ssoapi.ExpiredSignInPage, v.step(v.issuer+"/continue?id="+url.QueryEscape(id)).Path, client)
		res, err := v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
		require.NoError(t, err)
		_ = res.Body.Close()
		require.Equal(t, http.StatusBadRequest, res.StatusCode, client)
		require.Equal(t, ssoapi.ExpiredSignInPage, v.decideConsent(id, "allow").Path, client)

		// Neither a poll nor the attacker's browser gets a code.
		require.Equal(t, ssoapi.ExpiredSignInPage, v.poll(callback(id)).Path, client)
		require.Equal(t, ssoapi.ExpiredSignInPage, attacker.step(callback(id)).Path, client)
	}

	// The shopper's own sign-in: authorised in the shopper's browser, its code is collected only there, by the
	// session the request was authorised for; a poll, even with the browser's binding cookie, gets nothing and
	// leaves the request as it is.
	pub := v.relyingParty("public-rp", "")
	verifier := oauth2.GenerateVerifier()
	next := v.step(pub.config.AuthCodeURL("s", oidc.Nonce("n"), oauth2.S256ChallengeOption(verifier)))
	require.Equal(t, sso.Path+sso.ContinuePath, next.Path)
	next = v.step(next.String())
	require.Equal(t, sso.Path+"/authorize/callback", next.Path, "authorised")
	require.Equal(t, ssoapi.ExpiredSignInPage, v.poll(next.String()).Path)
	require.Equal(t, ssoapi.ExpiredSignInPage, v.poll(next.String(), v.bindingCookie()).Path, "a session is needed besides the binding")
	loc := v.step(next.String())
	require.Equal(t, "rp.test", loc.Host, loc.String())
	tok, err := pub.config.Exchange(context.Background(), loc.Query().Get("code"), oauth2.VerifierOption(verifier))
	require.NoError(t, err)
	require.NotEmpty(t, tok.AccessToken)
}

// A partner's silent sign-in (prompt=none in a hidden frame on its page) gets no cookie of the portal, the
// binding cookie neither: it is answered login_required at the partner, never with the portal's page.
func TestPromptNoneInABrowserWithoutTheBindingIsLoginRequired(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	next := v.poll(party.config.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("prompt", "none")))
	require.Equal(t, sso.Path+sso.ContinuePath, next.Path)
	loc := v.poll(next.String())
	require.Equal(t, "rp.test", loc.Host, loc.String())
	require.Equal(t, "login_required", loc.Query().Get("error"))
	require.Equal(t, "s", loc.Query().Get("state"))
	// Answered, it is over, also for the shopper's browser.
	require.Equal(t, ssoapi.ExpiredSignInPage, v.step(next.String()).Path)
}

// QA: after "Ablehnen" the partner had access_denied, but a consent posted after still authorised the request; a
// request answered with an error at all (prompt=none) stayed live.
func TestARequestAnsweredWithAnErrorEnds(t *testing.T) {
	v := newEnv(t)
	third := v.relyingParty("third", rpSecret)

	// prompt=none without a session: login_required; the request cannot be continued after a login.
	next := v.step(third.config.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("prompt", "none")))
	require.Equal(t, sso.Path+sso.ContinuePath, next.Path)
	require.Equal(t, "login_required", v.step(next.String()).Query().Get("error"))
	v.registerAndLogIn()
	require.Equal(t, ssoapi.ExpiredSignInPage, v.step(next.String()).Path)

	// prompt=none without consent: consent_required; a consent posted after authorises nothing.
	next = v.step(third.config.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("prompt", "none")))
	require.Equal(t, "consent_required", v.step(next.String()).Query().Get("error"))
	require.Equal(t, ssoapi.ExpiredSignInPage, v.decideConsent(next.Query().Get("id"), "allow").Path)

	// Declined: access_denied, and an allow posted after gets no code.
	loc := v.authorize(third, oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path)
	id := loc.Query().Get(sso.RequestParam)
	require.Equal(t, "access_denied", v.decideConsent(id, "deny").Query().Get("error"))
	require.Equal(t, ssoapi.ExpiredSignInPage, v.decideConsent(id, "allow").Path)
	require.Equal(t, ssoapi.ExpiredSignInPage, v.decideConsent(id, "deny").Path, "answered once")
	require.Equal(t, ssoapi.ExpiredSignInPage, v.step(v.issuer+"/continue?id="+url.QueryEscape(id)).Path)
}

// QA: response_mode=form_post was taken, and op's page that posts the code to the partner was stopped by the
// pages' CSP: the code was issued and never delivered.
func TestFormPostIsRefusedAndQueryAndFragmentAreAdvertised(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	var meta struct {
		ResponseModes []string `json:"response_modes_supported"`
	}
	require.NoError(t, party.provider.Claims(&meta))
	require.Equal(t, []string{"query", "fragment"}, meta.ResponseModes)

	loc := v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("response_mode", "form_post"))
	require.Equal(t, "rp.test", loc.Host, loc.String())
	require.Equal(t, "invalid_request", loc.Query().Get("error"))
	require.Contains(t, loc.Query().Get("error_description"), "response_mode")
	require.Equal(t, "state-1", loc.Query().Get("state"))
	require.Empty(t, loc.Query().Get("code"))

	loc = v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("response_mode", "fragment"))
	fragment, err := url.ParseQuery(loc.Fragment)
	require.NoError(t, err)
	require.NotEmpty(t, fragment.Get("code"), loc.String())
}

// QA: a response type the provider does not do (response_type=foo, the implicit flow's token, the hybrid code
// id_token) was answered unauthorized_client, as if another partner might use it; RFC 6749 §4.1.2.1 has
// unsupported_response_type for that. The partner hears it at its redirect URI with its state; nothing is stored.
func TestAnUnsupportedResponseTypeIsSaidSo(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	var err error
	for _, responseType := range []string{"foo", "token", "code id_token", "id_token token", "id_token"} {
		loc := v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("response_type", responseType))
		require.Equal(t, "rp.test", loc.Host, loc.String())
		// In the query, or in the fragment for the types whose answers go there (op's encoding, OAuth 2.0 Multiple
		// Response Type Encoding Practices §2.1).
		answer := loc.Query()
		if loc.Fragment != "" {
			answer, err = url.ParseQuery(loc.Fragment)
			require.NoError(t, err)
		}
		require.Equal(t, "unsupported_response_type", answer.Get("error"), responseType)
		require.Equal(t, "state-1", answer.Get("state"), responseType)
		require.Empty(t, answer.Get("code"), responseType)
	}
	// Without one the request is malformed (RFC 6749 §4.1.2.1, invalid_request), as op answers it.
	start, err := url.Parse(party.config.AuthCodeURL("S2", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
	require.NoError(t, err)
	query := start.Query()
	query.Del("response_type")
	start.RawQuery = query.Encode()
	loc, _ := v.follow(start.String())
	require.Equal(t, "invalid_request", loc.Query().Get("error"), loc.String())
	require.Equal(t, "S2", loc.Query().Get("state"))
	// The one it does still goes through.
	require.NotEmpty(t, v.authorize(party, oauth2.GenerateVerifier()).Query().Get("code"))
}

// QA: with alice logged in, prompt=none with bob's ID token as id_token_hint was answered with a code for alice.
// OpenID Connect Core 3.1.2.1: the hinted shopper or an error.
func TestIDTokenHintOfAnotherShopper(t *testing.T) {
	v := newEnv(t)
	const alice, bob = "alice@example.com", "bob@example.com"
	party := v.relyingParty("rp", rpSecret)
	subjectOf := func(tok *oauth2.Token) (string, string) {
		raw, _ := tok.Extra("id_token").(string)
		idToken, err := party.verifier.Verify(context.Background(), raw)
		require.NoError(t, err)
		return idToken.Subject, raw
	}
	v.register(bob)
	v.logInAs(bob)
	bobSub, bobHint := subjectOf(v.signIn(party))
	v.register(alice)
	v.logInAs(alice)
	aliceSub, aliceHint := subjectOf(v.signIn(party))
	require.NotEqual(t, aliceSub, bobSub)
	hint := func(raw string) oauth2.AuthCodeOption { return oauth2.SetAuthURLParam("id_token_hint", raw) }

	loc := v.authorize(party, oauth2.GenerateVerifier(), hint(bobHint), oauth2.SetAuthURLParam("prompt", "none"))
	require.Equal(t, "login_required", loc.Query().Get("error"), loc.String())
	require.Empty(t, loc.Query().Get("code"))
	require.NotEmpty(t, v.authorize(party, oauth2.GenerateVerifier(), hint(aliceHint), oauth2.SetAuthURLParam("prompt", "none")).Query().Get("code"))

	// Interactive: the login page asks again, although alice is logged in; bob's login answers the request.
	verifier := oauth2.GenerateVerifier()
	loc = v.authorize(party, verifier, hint(bobHint))
	require.Equal(t, "/login", loc.Path, loc.String())
	require.Equal(t, "login", loc.Query().Get(sso.LoginAgainParam))
	id := loc.Query().Get(sso.RequestParam)
	require.Equal(t, "/login", v.decideConsent(id, "allow").Path, "a consent post does not skip it")
	v.advanceClock(time.Second)
	v.logInAs(bob)
	loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(id))
	require.NotEmpty(t, loc.Query().Get("code"), loc.String())
	tok, err := party.config.Exchange(context.Background(), loc.Query().Get("code"), oauth2.VerifierOption(verifier))
	require.NoError(t, err)
	sub, _ := subjectOf(tok)
	require.Equal(t, bobSub, sub)

	// Logged in for the request, but as another than the hint names: the partner hears login_required.
	loc = v.authorize(party, oauth2.GenerateVerifier(), hint(aliceHint))
	require.Equal(t, "/login", loc.Path, loc.String())
	id = loc.Query().Get(sso.RequestParam)
	v.advanceClock(time.Second)
	v.logInAs(bob)
	loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(id))
	require.Equal(t, "login_required", loc.Query().Get("error"), loc.String())
}

// QA: the end-session endpoint refused a partner page's POST (403 cross_origin), though RP-Initiated Logout 1.0 §2
// says it MUST take POST. It still ends only the session of the shopper the id_token_hint names.
func TestLogoutPostedFromAPartnersPage(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	loggedIn := func() bool {
		return v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none")).Query().Get("code") != ""
	}
	post := func(form url.Values, cookies bool) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, v.issuer+"/end_session", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "http://rp.test")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		if cookies {
			req.Header.Set("Sec-Fetch-Site", "same-site")
			client.Jar = v.browser.Jar
		}
		res, err := client.Do(req)
		require.NoError(t, err)
		_ = res.Body.Close()
		return res
	}

	// Another site's post brings no session cookie (SameSite=Lax): the browser is sent on as a navigation, which does.
	raw, _ := v.signIn(party).Extra("id_token").(string)
	res := post(url.Values{"id_token_hint": {raw}, "post_logout_redirect_uri": {rpLogout}, "state": {"s1"}}, false)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	next, err := res.Location()
	require.NoError(t, err)
	require.True(t, loggedIn(), "the post alone ended nothing")
	loc, _ := v.follow(next.String())
	requireOnToPartner(t, loc, rpLogout+"?state=s1")
	require.False(t, loggedIn())

	// A post that brings the cookie (a page of the same site) ends the session at once.
	v.logIn()
	raw, _ = v.signIn(party).Extra("id_token").(string)
	res = post(url.Values{"id_token_hint": {raw}, "post_logout_redirect_uri": {rpLogout}}, true)
	require.Equal(t, http.StatusFound, res.StatusCode)
	next, err = res.Location()
	require.NoError(t, err)
	requireOnToPartner(t, next, rpLogout)
	require.False(t, loggedIn())

	// Another shopper's hint ends nobody's session, posted or not: the browser's shopper is asked on the portal's
	// logout page (RP-Initiated Logout 1.0 §2); a refused logout shows the portal's error page.
	v.register("other@example.com")
	v.logInAs("other@example.com")
	otherHint, _ := v.signIn(party).Extra("id_token").(string)
	v.logIn()
	res = post(url.Values{"id_token_hint": {otherHint}, "post_logout_redirect_uri": {rpLogout}}, false)
	next, err = res.Location()
	require.NoError(t, err)
	loc, _ = v.follow(next.String())
	require.Equal(t, sso.PortalLogout, loc.Path)
	require.Equal(t, "rp", loc.Query().Get(sso.ConfirmLogoutParam))
	require.True(t, loggedIn())
	res = post(url.Values{"id_token_hint": {otherHint}, "post_logout_redirect_uri": {"https://evil.example/"}}, true)
	loc, err = res.Location()
	require.NoError(t, err)
	require.Equal(t, ssoapi.InvalidLogoutPage, loc.Path)
	require.True(t, loggedIn())
}

// QA: a failed client authentication at the introspection endpoint was answered in plain text with the library's
// Go errors; RFC 7662 §2.3 and RFC 6749 §5.2 ask for the JSON error.
func TestIntrospectionRefusesAClientInJSON(t *testing.T) {
	v := newEnv(t)
	for name, auth := range map[string]func(*http.Request){
		"wrong secret":   func(r *http.Request) { r.SetBasicAuth("rp", "wrong") },
		"unknown client": func(r *http.Request) { r.SetBasicAuth("nobody", rpSecret) },
		"no credentials": func(*http.Request) {},
	} {
		req, _ := http.NewRequest(http.MethodPost, v.issuer+"/oauth/introspect", strings.NewReader("token=abc"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		auth(req)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		var body struct {
			Error       string `json:"error"`
			Description string `json:"error_description"`
		}
		require.Equal(t, http.StatusUnauthorized, res.StatusCode, name)
		require.True(t, strings.HasPrefix(res.Header.Get("Content-Type"), "application/json"), name)
		require.NoError(t, json.NewDecoder(res.Body).Decode(&body), name)
		_ = res.Body.Close()
		require.Equal(t, "invalid_client", body.Error, name)
		require.NotContains(t, body.Description, "ErrorType", name)
		if req.Header.Get("Authorization") != "" {
			require.Contains(t, res.Header.Get("WWW-Authenticate"), "Basic", name)
		}
	}
}

// A sign-in request is stored for its 15 minutes for anyone who asks, so what it keeps of the partner's request is
// bounded: the PKCE challenge is what S256 makes, and state and nonce hold at most 2 KB each. Beyond, the partner
// hears invalid_request at its redirect URI with its state (RFC 6749 §4.1.2.1), and nothing is stored (QA security
// round: code_challenge=abc and a 200 KB state were taken and stored).
func TestSignInRequestValuesAreBounded(t *testing.T) {
	v := newEnv(t)
	party := v.relyingParty("rp", rpSecret)
	stored := func() int {
		var n int
		require.NoError(t, v.svc.DB.QueryRow(`SELECT COUNT(*) FROM sso_auth_requests`).Scan(&n))
		return n
	}
	challenge := oauth2.S256ChallengeFromVerifier(oauth2.GenerateVerifier())
	withChallenge := func(c string) []oauth2.AuthCodeOption {
		return []oauth2.AuthCodeOption{oauth2.SetAuthURLParam("code_challenge", c), oauth2.SetAuthURLParam("code_challenge_method", "S256")}
	}
	before := stored()
	for name, tc := range map[string]struct {
		state string
		opts  []oauth2.AuthCodeOption
	}{
		"a challenge of three characters":        {"s1", withChallenge("abc")},
		"a challenge of 42 characters":           {"s2", withChallenge(challenge[:42])},
		"a challenge of 128 characters":          {"s3", withChallenge(strings.Repeat("a", 128))},
		"a challenge padded":                     {"s4", withChallenge(challenge + "=")},
		"a challenge of characters S256 has not": {"s5", withChallenge(strings.Repeat("~", 43))},
		"a nonce over 2 KB":                      {"s6", []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oidc.Nonce(strings.Repeat("n", 2049))}},
		"a state over 2 KB":                      {strings.Repeat("s", 2049), []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(oauth2.GenerateVerifier())}},
	} {
		loc, _ := v.follow(party.config.AuthCodeURL(tc.state, tc.opts...))
		require.Equal(t, "rp.test", loc.Host, name)
		require.Equal(t, "invalid_request", loc.Query().Get("error"), name)
		require.Equal(t, tc.state, loc.Query().Get("state"), name)
	}
	require.Equal(t, before, stored(), "nothing stored")

	// At the bounds the sign-in goes on to the login. Of prompt and ui_locales, lists of any length, the request keeps
	// what it uses: the prompt values the provider knows, once each, and the language the login page gets.
	loc, _ := v.follow(party.config.AuthCodeURL(strings.Repeat("s", 2048), oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oidc.Nonce(strings.Repeat("n", 2048)),
		oauth2.SetAuthURLParam("prompt", strings.Repeat("consent login ", 5000)+"whatever"), oauth2.SetAuthURLParam("ui_locales", "fr "+strings.Repeat("de ", 20000))))
	require.Equal(t, "/login", loc.Path, loc.String())
	require.Equal(t, "fr", loc.Query().Get("lang"))
	require.Equal(t, before+1, stored())
	var request string
	require.NoError(t, v.svc.DB.QueryRow(`SELECT request FROM sso_auth_requests`).Scan(&request))
	require.Less(t, len(request), 5000, "what is stored of the request")
}
