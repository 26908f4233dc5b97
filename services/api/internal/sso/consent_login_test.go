package sso_test

import (
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
	require.Equal(t, "/login", v.decideConsent(id, "allow").Path, "prompt=login is not answered without a new login")
}

func TestConsentPostWaitsForTheLoginMaxAgeAsks(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret)
	v.advanceClock(120e9)
	loc := v.authorize(party, oauth2.GenerateVerifier(), oauth2.SetAuthURLParam("max_age", "60"))
	require.Equal(t, "/login", loc.Path)
	require.Equal(t, "/login", v.decideConsent(loc.Query().Get("oidcRequest"), "allow").Path, "a login older than max_age is asked again")
}
