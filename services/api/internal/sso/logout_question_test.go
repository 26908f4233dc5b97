package sso_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/sso"
)

// RP-Initiated Logout 1.0 §2: the provider MUST ask the shopper whether to log out when the logout brings no
// id_token_hint, or one that is not of the browser's session (QA security round, 2026-11-30: a plain link to
// /oidc/end_session from any site logged the shopper out without asking). The browser goes to the portal's logout
// page with the question, which names the partner that asked, and the session lives on until the shopper answers
// there. The session's own hint still ends it at once; a browser without a session has nothing to be asked.
func TestLogoutWithoutTheSessionsHintAsksTheShopper(t *testing.T) {
	v := newEnv(t)
	v.register("other@example.com")
	v.logInAs("other@example.com")
	party := v.relyingParty("rp", rpSecret)
	otherToken := v.signIn(party)
	otherHint, _ := otherToken.Extra("id_token").(string)
	v.registerAndLogIn()
	loggedIn := func(v *env) bool { return v.identity("getAccountInfo", nil)["errorCode"] == float64(0) }
	endSession := func(v *env, params url.Values) *url.URL {
		t.Helper()
		loc := v.step(v.issuer + "/end_session?" + params.Encode())
		require.NotNil(t, loc, "the end-session endpoint sends the browser on")
		return loc
	}

	t.Run("without a hint", func(t *testing.T) {
		loc := endSession(v, url.Values{"client_id": {"rp"}, "post_logout_redirect_uri": {rpLogout}, "state": {"s3"}})
		require.Equal(t, sso.PortalLogout, loc.Path)
		require.Equal(t, "rp", loc.Query().Get(sso.ConfirmLogoutParam), loc.String())
		require.Equal(t, rpLogout+"?state=s3", loc.Query().Get("redirect"), "the partner's address, once the shopper says yes")
		require.True(t, loggedIn(v), "nothing ends before the shopper answers")
	})
	t.Run("without a hint or a partner", func(t *testing.T) {
		loc := endSession(v, url.Values{})
		require.Equal(t, sso.PortalLogout, loc.Path)
		require.True(t, loc.Query().Has(sso.ConfirmLogoutParam), loc.String())
		require.Empty(t, loc.Query().Get(sso.ConfirmLogoutParam), "no partner to name")
		require.Equal(t, sso.PortalLogin, loc.Query().Get("redirect"))
		require.True(t, loggedIn(v))
	})
	t.Run("with another shopper's hint", func(t *testing.T) {
		loc := endSession(v, url.Values{"id_token_hint": {otherHint}, "post_logout_redirect_uri": {rpLogout}})
		require.Equal(t, sso.PortalLogout, loc.Path)
		require.Equal(t, "rp", loc.Query().Get(sso.ConfirmLogoutParam), loc.String())
		require.Equal(t, rpLogout, loc.Query().Get("redirect"))
		require.True(t, loggedIn(v), "the browser's shopper is asked")
		require.False(t, v.introspect(otherToken.AccessToken), "the hinted shopper's tokens of the partner end, as before")
	})
	t.Run("without a session, nothing to ask", func(t *testing.T) {
		away := v.inAnotherBrowser()
		loc := endSession(away, url.Values{"client_id": {"rp"}, "post_logout_redirect_uri": {rpLogout}})
		require.Equal(t, sso.PortalLogout, loc.Path)
		require.False(t, loc.Query().Has(sso.ConfirmLogoutParam), loc.String())
		require.Equal(t, rpLogout, loc.Query().Get("redirect"))
		loc = endSession(away, url.Values{"id_token_hint": {otherHint}, "post_logout_redirect_uri": {rpLogout}})
		require.Equal(t, rpLogout, loc.String())
	})
	t.Run("the session's own hint ends it without a question", func(t *testing.T) {
		hint, _ := v.signIn(party).Extra("id_token").(string)
		loc := endSession(v, url.Values{"id_token_hint": {hint}, "post_logout_redirect_uri": {rpLogout}, "state": {"s4"}})
		// On through the portal's logout page, which tells the portal's other tabs that the shopper logs out (their
		// login said the session had expired, QA 2026-12-01), and goes on to the partner's address.
		require.Equal(t, sso.PortalLogout, loc.Path)
		require.False(t, loc.Query().Has(sso.ConfirmLogoutParam), loc.String())
		require.Equal(t, rpLogout+"?state=s4", loc.Query().Get("redirect"))
		require.False(t, loggedIn(v), "ended here, before the page")
	})
}
