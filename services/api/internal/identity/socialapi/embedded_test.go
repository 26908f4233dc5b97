package socialapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/social"
	"github.com/grocer-portal/portal/services/api/internal/identity/socialapi"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

const testSessionCookie = "test_session"

// realProvider is the embedded identity provider on a migrated SQLite file, wired to the social login the way
// the service wires it.
func realProvider(t *testing.T, configure ...func(*embedded.Config)) (*embedded.Provider, *env) {
	t.Helper()
	return realProviderWith(t, embedded.Deps{Store: embedded.NewSQLStore(dbtest.SQLite(t)), Mail: &mail.Recorder{}}, configure...)
}

// realProviderWith is realProvider with the dependencies given.
func realProviderWith(t *testing.T, deps embedded.Deps, configure ...func(*embedded.Config)) (*embedded.Provider, *env) {
	t.Helper()
	cfg := embedded.DefaultConfig()
	for _, fn := range configure {
		fn(&cfg)
	}
	p, err := embedded.New(cfg, deps)
	require.NoError(t, err)
	e := newEnvWith(t, socialapi.EmbeddedAccounts{Provider: p, CookieName: testSessionCookie})
	p.SetSocialLogins(social.EmbeddedStarter{Service: e.service})
	return p, e
}

// nothingRequired lets a new social user log in at once: no required field, no mandatory consent.
func nothingRequired(c *embedded.Config) {
	c.Consents = nil
	for i := range c.Fields {
		c.Fields[i].Required = false
	}
}

func TestWithTheEmbeddedProvider(t *testing.T) {
	t.Run("default schema", func(t *testing.T) { testWithTheEmbeddedProvider(t, "206001") })
	t.Run("nothing required", func(t *testing.T) { testWithTheEmbeddedProvider(t, "0", nothingRequired) })
}

func testWithTheEmbeddedProvider(t *testing.T, wantNewUser string, configure ...func(*embedded.Config)) {
	p, e := realProvider(t, configure...)
	ctx := context.Background()

	// accounts.socialLogin answers where the browser goes.
	res, err := p.SocialLogin(ctx, embedded.Caller{}, embedded.SocialLoginParams{Provider: "googleplus", RedirectURL: "/login"})
	require.NoError(t, err)
	require.Equal(t, 0, res.ErrorCode)
	require.Equal(t, "/identity/social/googleplus/start?redirectURL=%2Flogin", res.Fields["redirectURL"])
	// A name that is none of the contract's providers is bad input, not a provider's failure (QA security round).
	res, err = p.SocialLogin(ctx, embedded.Caller{}, embedded.SocialLoginParams{Provider: "myspace"})
	require.NoError(t, err)
	require.Equal(t, 400006, res.ErrorCode)
	require.Equal(t, "provider", res.ErrorDetails)
	res, err = p.SocialLogin(ctx, embedded.Caller{}, embedded.SocialLoginParams{Provider: "apple", RedirectURL: "//evil.example/"})
	require.NoError(t, err)
	require.Equal(t, 400006, res.ErrorCode)

	// A new Apple user: an account is created; with the default schema fields and consent are missing (206001).
	eva := tester{email: "eva@example.com", firstName: "Eva", lastName: "Muster", verified: true}
	loginAs := func(provider string, who tester) (code, regToken string, session *http.Cookie) {
		c := browser(t)
		cb := e.authorize(t, c, provider, "/login", who)
		r, back := e.callback(t, c, cb)
		for _, ck := range r.Cookies() {
			if ck.Name == testSessionCookie {
				session = ck
			}
		}
		return back.Query().Get("errorCode"), back.Query().Get("regToken"), session
	}
	login := func(provider string) (code, regToken string, session *http.Cookie) { return loginAs(provider, eva) }
	code, regToken, session := login("apple")
	require.Equal(t, wantNewUser, code)
	if code == "0" {
		require.NotNil(t, session)
		require.True(t, session.HttpOnly)
		uid, ok := p.SessionUID(ctx, session.Value)
		require.True(t, ok)
		require.NotEmpty(t, uid)
	} else {
		require.NotEmpty(t, regToken)
		require.Nil(t, session)
	}
	// The same Apple identity comes back to the same account, with the same outcome.
	again, _, _ := login("apple")
	require.Equal(t, code, again)

	// Google with the same e-mail: the address belongs to a registered account, so the app must link (403043).
	code, regToken, session = login("googleplus")
	require.Equal(t, "403043", code)
	require.NotEmpty(t, regToken)
	require.Nil(t, session)
	conflict, err := p.GetConflictingAccount(ctx, regToken)
	require.NoError(t, err)
	require.Equal(t, 0, conflict.ErrorCode)
	require.Equal(t, "eva@example.com", conflict.Fields["conflictingAccount"].(map[string]any)["loginID"])
	require.Contains(t, conflict.Fields["conflictingAccount"].(map[string]any)["loginProviders"], "apple")

	// Facebook with Eva's address but unconfirmed by Facebook (pre-account hijacking): no link page, no token,
	// no session, and the very answer an address without an account gets.
	mallory := tester{email: "eva@example.com", firstName: "Mallory", verified: false}
	code, regToken, session = loginAs("facebook", mallory)
	require.Equal(t, "206002", code)
	require.Empty(t, regToken)
	require.Nil(t, session)
	freshCode, freshToken, freshSession := loginAs("facebook", tester{email: "nobody@example.com", verified: false})
	require.Equal(t, []any{code, regToken, session}, []any{freshCode, freshToken, freshSession})
	_, linkToken, _ := login("googleplus")
	conflict, err = p.GetConflictingAccount(ctx, linkToken)
	require.NoError(t, err)
	require.Equal(t, []string{"apple"}, conflict.Fields["conflictingAccount"].(map[string]any)["loginProviders"], "Facebook was not linked")
}

// The mails of a social login speak the language the app started it in, and the notice to an account's owner
// about a login with an unconfirmed address counts against the mail limits like any mail to an account (a QA
// loop of such logins sent eight notices in seconds).
func TestSocialLoginMailsSpeakTheAppsLanguageWithinTheMailLimits(t *testing.T) {
	db := dbtest.SQLite(t)
	mails := &mail.Recorder{}
	_, e := realProviderWith(t, embedded.Deps{Store: embedded.NewSQLStore(db), Mail: mails, Throttle: throttle.New(db, time.Now)})
	loginAs := func(who tester, lang string) string {
		c := browser(t)
		cb := e.authorizeWith(t, c, "facebook", "/identity/social/facebook/start?redirectURL=%2Flogin&lang="+lang, who)
		_, back := e.callback(t, c, cb)
		return back.Query().Get("errorCode")
	}

	// A new address the provider did not confirm: its verification mail in the app's language.
	require.Equal(t, "206002", loginAs(tester{email: "lea@example.com", firstName: "Léa"}, "fr"))
	verification, ok := mails.Last("lea@example.com")
	require.True(t, ok)
	require.Equal(t, "fr", verification.Language)

	// A registered account's address, unconfirmed by the provider: its owner is told in the account's language
	// (the one its registration spoke, not the one of whoever tries), and no more often than the limit allows;
	// the answer stays the bare 206002 beyond it.
	c := browser(t)
	cb := e.authorizeWith(t, c, "apple", "/identity/social/apple/start?redirectURL=%2Flogin&lang=pl", tester{email: "eva@example.com", firstName: "Eva", verified: true})
	_, _ = e.callback(t, c, cb)
	notices := func() (n int, languages []string) {
		for _, m := range mails.Messages {
			if m.To == "eva@example.com" && m.Kind == embedded.MailSocialLoginUnconfirmed {
				n++
				languages = append(languages, m.Language)
			}
		}
		return n, languages
	}
	limit := embedded.DefaultMailLimits().PerAccount
	for range limit + 3 {
		require.Equal(t, "206002", loginAs(tester{email: "eva@example.com", firstName: "Mallory"}, "fr"))
	}
	n, languages := notices()
	require.Equal(t, limit, n)
	require.Equal(t, "pl", languages[0], "the account's language")
}
