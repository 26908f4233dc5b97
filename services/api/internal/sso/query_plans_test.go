package sso_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// Every statement of a partner's sign-in finds its rows through an index: authorization requests, codes, tokens,
// refresh tokens and consents grow with every sign-in of every shopper at every partner, so a statement that read
// one of those tables whole would make each sign-in slower as the partners are used. The statements are the ones
// the requests of a standard relying party (go-oidc) and of the shopper's browser really run, on both databases;
// each one's plan is asked of the database (dbtest.Statements.RequireIndexed).
func TestEveryQueryOfAPartnerSignInFindsItsRowsThroughIndexes(t *testing.T) {
	statements := dbtest.RecordStatements(t)
	apitest.ForEachDatabase(t, func(t *testing.T, database apitest.Option) {
		v := newEnv(t, database, apitest.WithRequestTracing())
		ctx := context.Background()
		party := v.relyingParty("rp", rpSecret)
		statements.Take() // what building the service ran

		// Not logged in: the partner's request waits for the login page, then continues.
		loc := v.authorize(party, oauth2.GenerateVerifier())
		require.Equal(t, "/login", loc.Path, loc.String())
		v.registerAndLogIn()
		loc, _ = v.follow(v.issuer + "/continue?id=" + url.QueryEscape(loc.Query().Get("oidcRequest")))
		require.NotEmpty(t, loc.Query().Get("code"), loc.String())

		// Logged in: code, tokens, user info, a refresh, a reused code (which revokes what it gave).
		verifier := oauth2.GenerateVerifier()
		loc = v.authorize(party, verifier, oauth2.SetAuthURLParam("scope", "openid profile email offline_access"))
		code := loc.Query().Get("code")
		tok, err := party.config.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		require.NoError(t, err)
		_, err = party.provider.UserInfo(ctx, oauth2.StaticTokenSource(tok))
		require.NoError(t, err)
		fresh, err := party.config.TokenSource(ctx, &oauth2.Token{RefreshToken: tok.RefreshToken}).Token()
		require.NoError(t, err)
		_, err = party.config.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		require.Equal(t, "invalid_grant", oauthError(t, err))

		// A partner that asks for consent: asked, given, remembered.
		third := v.relyingParty("third", rpSecret)
		loc = v.authorize(third, oauth2.GenerateVerifier())
		require.Equal(t, "/login/consent", loc.Path, loc.String())
		id := loc.Query().Get("oidcRequest")
		res, err := v.browser.Get(v.issuer + "/consent?id=" + url.QueryEscape(id))
		require.NoError(t, err)
		_ = res.Body.Close()
		require.NotEmpty(t, v.decideConsent(id, "allow").Query().Get("code"))
		loc = v.authorize(third, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "none"))
		require.NotEmpty(t, loc.Query().Get("code"), loc.String())

		// The partner logs the shopper out with its ID token.
		raw, _ := fresh.Extra("id_token").(string)
		loc, _ = v.follow(v.issuer + "/end_session?" + url.Values{"id_token_hint": {raw}, "post_logout_redirect_uri": {rpLogout}}.Encode())
		requireOnToPartner(t, loc, rpLogout)
		_, err = party.provider.UserInfo(ctx, oauth2.StaticTokenSource(fresh))
		require.Error(t, err, "logout revokes the partner's tokens")

		t.Logf("%d statements, each through an index", statements.RequireIndexed(t, v.svc.DB, map[string]string{
			"sso_signing_keys": "the current signing key and the few still verifying tokens (the sweep deletes the rest)",
		}))
	})
}
