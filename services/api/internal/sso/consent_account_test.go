package sso_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
)

// QA of 2026-11-30: the consent page stayed while its shopper logged out and another logged in in another tab of the
// browser, and its "Erlauben" granted the partner the other shopper, who had never seen the page. A decision counts
// only from the account the page was shown to: the page names it, and the service asks the session's account again.
func TestConsentDecisionOfAnotherAccountIsRefused(t *testing.T) {
	v := newEnv(t)
	const other = "max@example.com"
	v.register(other)
	v.registerAndLogIn()
	third := v.relyingParty("third", rpSecret)
	verifier := oauth2.GenerateVerifier()
	loc := v.authorize(third, verifier)
	require.Equal(t, "/login/consent", loc.Path, loc.String())
	id := loc.Query().Get("oidcRequest")
	shown := v.shownAccount(id)
	require.NotEmpty(t, shown, "the page learns whom it asks")

	// Another tab: a logout, then another account's login.
	v.logInAs(other)
	for _, decision := range []string{"allow", "deny"} {
		status, answer := v.decideAsThePage(id, shown, decision)
		require.Equal(t, http.StatusConflict, status, decision)
		require.Equal(t, "account_changed", answer["error"], decision)
	}
	// A form post of the old page's decision goes to the consent page again.
	require.Equal(t, "/login/consent", v.decideFor(id, shown, "allow").Path)

	// The page asks the session's account, whose own decision counts.
	now := v.shownAccount(id)
	require.NotEmpty(t, now)
	require.NotEqual(t, shown, now)
	status, answer := v.decideAsThePage(id, now, "allow")
	require.Equal(t, http.StatusOK, status, answer)
	loc, _ = v.follow(v.base + answer["next"])
	require.NotEmpty(t, loc.Query().Get("code"), loc.String())
	tok, err := third.config.Exchange(context.Background(), loc.Query().Get("code"), oauth2.VerifierOption(verifier))
	require.NoError(t, err)
	raw, _ := tok.Extra("id_token").(string)
	idToken, err := third.verifier.Verify(context.Background(), raw)
	require.NoError(t, err)
	require.Equal(t, now, idToken.Subject, "the partner receives the account that allowed it")
}

// The other tab only logs out: the page hears that the session ended (it was sent to the login without a word).
func TestConsentDecisionWithoutSessionAsksForTheLogin(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	loc := v.authorize(v.relyingParty("third", rpSecret), oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path, loc.String())
	id := loc.Query().Get("oidcRequest")
	shown := v.shownAccount(id)
	v.identity("logout", nil)
	status, answer := v.decideAsThePage(id, shown, "allow")
	require.Equal(t, http.StatusUnauthorized, status, answer)
	require.Equal(t, "login_required", answer["error"])
	require.Equal(t, "/login", v.decideFor(id, shown, "allow").Path, "a form post goes to the login")
}

// QA: the consent page said "… möchte Sie mit Ihrem Kundenkonto anmelden" without naming the account, so a shopper
// whose browser had meanwhile logged in as another account (another tab) could not see whose identity "Erlauben"
// hands over. The answer names the session's account by its address too, which the page shows, and follows the session.
func TestConsentRequestNamesTheAccountsAddress(t *testing.T) {
	v := newEnv(t)
	const other = "max@example.com"
	v.register(other)
	v.registerAndLogIn()
	loc := v.authorize(v.relyingParty("third", rpSecret), oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path, loc.String())
	id := loc.Query().Get("oidcRequest")
	require.Equal(t, shopperEmail, v.askedOf(id)["email"])
	v.logInAs(other)
	require.Equal(t, other, v.askedOf(id)["email"], "the account logged in now")
}

// askedOf is the service's answer to the consent page's question for the request.
func (v *env) askedOf(id string) map[string]any {
	v.t.Helper()
	res, err := v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
	require.NoError(v.t, err)
	defer res.Body.Close()
	require.Equal(v.t, http.StatusOK, res.StatusCode)
	answer := map[string]any{}
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&answer))
	return answer
}

// shownAccount is the account the consent page is shown to for the request (empty when the service answers none).
func (v *env) shownAccount(id string) string {
	v.t.Helper()
	res, err := v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
	require.NoError(v.t, err)
	defer res.Body.Close()
	var ask struct {
		Account string `json:"account"`
	}
	if res.StatusCode == http.StatusOK {
		require.NoError(v.t, json.NewDecoder(res.Body).Decode(&ask))
	}
	return ask.Account
}

// decideAsThePage posts a decision as the consent page does (fetch, JSON answer) for the account it was shown to.
func (v *env) decideAsThePage(id, account, decision string) (int, map[string]string) {
	v.t.Helper()
	body := url.Values{"id": {id}, "account": {account}, "decision": {decision}}.Encode()
	req, _ := http.NewRequest(http.MethodPost, v.issuer+"/consent", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Origin", v.base)
	res, err := v.browser.Do(req)
	require.NoError(v.t, err)
	defer res.Body.Close()
	answer := map[string]string{}
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&answer))
	return res.StatusCode, answer
}

// decideFor posts a decision as a form for the account it names and answers where the service sends the browser.
func (v *env) decideFor(id, account, decision string) *url.URL {
	v.t.Helper()
	res, err := v.browser.PostForm(v.issuer+"/consent", url.Values{"id": {id}, "account": {account}, "decision": {decision}})
	require.NoError(v.t, err)
	_ = res.Body.Close()
	if loc, err := res.Location(); err == nil {
		return loc
	}
	return res.Request.URL
}

// The consent decision is a form, as the consent page sends it: another body is refused as the service's other form
// endpoints refuse it (formbody: 415 naming Content-Type; a parameter twice, 400 naming it), and leaves the request
// waiting. QA security round: a JSON body was answered "decision must be allow or deny".
func TestConsentDecisionIsAForm(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	loc := v.authorize(v.relyingParty("third", rpSecret), oauth2.GenerateVerifier())
	require.Equal(t, "/login/consent", loc.Path, loc.String())
	id := loc.Query().Get("oidcRequest")
	account := v.shownAccount(id)

	post := func(contentType, body string) (int, apierror.BodyError) {
		req, _ := http.NewRequest(http.MethodPost, v.issuer+"/consent", strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Origin", v.base)
		res, err := v.browser.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var answer apierror.Body
		require.NoError(t, json.NewDecoder(res.Body).Decode(&answer))
		return res.StatusCode, answer.Error
	}
	asJSON, _ := json.Marshal(map[string]string{"id": id, "account": account, "decision": "allow"})
	status, refusal := post("application/json", string(asJSON))
	require.Equal(t, http.StatusUnsupportedMediaType, status)
	require.Equal(t, "Content-Type", refusal.Field)
	status, refusal = post("application/x-www-form-urlencoded", url.Values{"id": {id}, "account": {account}, "decision": {"allow", "deny"}}.Encode())
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, "decision", refusal.Field)

	status, answer := v.decideAsThePage(id, account, "allow")
	require.Equal(t, http.StatusOK, status, answer)
	require.Contains(t, answer["next"], "/authorize/callback")
}
