package sso_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"
)

// A request that asked for a new login (prompt=login, max_age) is not answered by a consent posted before it (code
// review round: Decide did not look at the login's age).
func TestConsentPostWaitsForTheLoginPromptLoginAsks(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	loc := v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("prompt", "login"))
	require.Equal(t, "/login", loc.Path)
	id := loc.Query().Get("oidcRequest")
	require.Equal(t, "/login", v.consentLandsOn(id).Path, "prompt=login is not answered without a new login")
}

func TestConsentPostWaitsForTheLoginMaxAgeAsks(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	v.advanceClock(120e9)
	loc := v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("max_age", "60"))
	require.Equal(t, "/login", loc.Path)
	require.Equal(t, "/login", v.consentLandsOn(loc.Query().Get("oidcRequest")).Path, "a login older than max_age is asked again")
}

// consentLandsOn posts the shopper's consent and answers where the browser ends: a partner's address (not
// followed) or a page of the portal.
func (v *env) consentLandsOn(id string) *url.URL {
	v.t.Helper()
	res, err := v.browser.PostForm(v.issuer+"/consent", url.Values{"id": {id}, "decision": {"allow"}})
	require.NoError(v.t, err)
	_ = res.Body.Close()
	if loc, err := res.Location(); err == nil {
		return loc
	}
	return res.Request.URL
}
