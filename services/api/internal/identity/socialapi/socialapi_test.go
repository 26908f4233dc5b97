package socialapi_test

import (
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/social"
	"github.com/grocer-portal/portal/services/api/internal/identity/social/devissuer"
	"github.com/grocer-portal/portal/services/api/internal/identity/socialapi"
)

// fakeAccounts plays the identity provider: the outcome depends on the e-mail, like the embedded provider's
// (a known social identity logs in, a new one misses required fields, a site account's e-mail conflicts).
type fakeAccounts struct {
	mu    sync.Mutex
	calls []social.Identity
}

func (f *fakeAccounts) CompleteSocialLogin(_ echo.Context, id social.Identity) (social.Outcome, error) {
	f.mu.Lock()
	f.calls = append(f.calls, id)
	f.mu.Unlock()
	switch {
	case strings.HasPrefix(id.Email, "new"):
		return social.Outcome{ErrorCode: contract.CodePendingRegistration, RegToken: "rt-finalize"}, nil
	case strings.HasPrefix(id.Email, "site"):
		return social.Outcome{ErrorCode: contract.CodeSocialConflict, RegToken: "rt-link"}, nil
	}
	return social.Outcome{ErrorCode: 0, Session: &http.Cookie{Name: "portal_session", Value: "session-token", Path: "/", HttpOnly: true}}, nil
}

func (f *fakeAccounts) identities() []social.Identity {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]social.Identity(nil), f.calls...)
}

// env is the service (dev issuer + social login) on a real listener, so the code exchange, a server-to-server
// call to itself, runs as it does on a developer's machine.
type env struct {
	srv      *httptest.Server
	service  *social.Service
	accounts *fakeAccounts
	logs     *observer.ObservedLogs
}

func newEnv(t *testing.T, configure ...func(*config.Config)) *env {
	t.Helper()
	return newEnvWith(t, &fakeAccounts{}, configure...)
}

// newEnvWith is newEnv with another identity provider; env.accounts is set only for a *fakeAccounts.
func newEnvWith(t *testing.T, accounts socialapi.Completer, configure ...func(*config.Config)) *env {
	t.Helper()
	cfg := config.Default()
	for _, fn := range configure {
		fn(&cfg)
	}
	core, logs := observer.New(zap.DebugLevel)
	logger := zap.New(core)
	e := echo.New()
	e.HTTPErrorHandler = apiErrors
	// Wired as the composition root wires it (app.mountEmbeddedIdentity).
	if cfg.DevIssuerEnabled() {
		_, err := devissuer.Mount(e, cfg.HTTP.PublicURL, logger)
		require.NoError(t, err)
	}
	svc, err := social.New(social.Deps{Settings: app.SocialSettings(cfg), Logger: logger})
	require.NoError(t, err)
	require.NoError(t, socialapi.Mount(e, svc, accounts))
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	fake, _ := accounts.(*fakeAccounts)
	return &env{srv: srv, service: svc, accounts: fake, logs: logs}
}

// apiErrors stands in for the service's error handler: apierror.Error keeps its status.
func apiErrors(err error, c echo.Context) {
	if e, ok := apierror.As(err); ok {
		_ = c.JSON(e.Status, e.Body())
		return
	}
	echo.New().DefaultHTTPErrorHandler(err, c)
}

// browser is a cookie-keeping client that does not follow redirects, so each hop can be checked.
func browser(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func get(t *testing.T, c *http.Client, u string) (*http.Response, string) {
	t.Helper()
	res, err := c.Get(u)
	require.NoError(t, err)
	defer func() { _ = res.Body.Close() }()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(b)
}

func postForm(t *testing.T, c *http.Client, u string, form url.Values) (*http.Response, string) {
	t.Helper()
	res, err := c.PostForm(u, form)
	require.NoError(t, err)
	defer func() { _ = res.Body.Close() }()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(b)
}

func location(t *testing.T, res *http.Response) *url.URL {
	t.Helper()
	require.Contains(t, []int{http.StatusFound, http.StatusSeeOther}, res.StatusCode)
	// The raw header: res.Location() would resolve a relative path against the request.
	u, err := url.Parse(res.Header.Get("Location"))
	require.NoError(t, err)
	return u
}

var hiddenField = regexp.MustCompile(`<input type="hidden" name="([a-z_]+)" value="([^"]*)">`)

// tester is what a person types on the dev issuer's page.
type tester struct {
	email, firstName, lastName string
	verified                   bool
	cancel                     bool
}

// authorize starts a login, fills the dev issuer's page like a tester and returns the callback URL it
// redirects to.
func (e *env) authorize(t *testing.T, c *http.Client, provider, redirectURL string, who tester) *url.URL {
	t.Helper()
	return e.authorizeWith(t, c, provider, "/identity/social/"+provider+"/start?redirectURL="+url.QueryEscape(redirectURL), who)
}

// authorizeWith is authorize from a given start path.
func (e *env) authorizeWith(t *testing.T, c *http.Client, provider, startPath string, who tester) *url.URL {
	t.Helper()
	res, _ := get(t, c, e.srv.URL+startPath)
	require.Equal(t, http.StatusFound, res.StatusCode)
	authURL := location(t, res)
	require.Equal(t, "/dev/oidc/"+provider+"/authorize", authURL.Path)
	require.Equal(t, "S256", authURL.Query().Get("code_challenge_method"))

	res, page := get(t, c, authURL.String())
	require.Equal(t, http.StatusOK, res.StatusCode, page)
	form := url.Values{}
	for _, m := range hiddenField.FindAllStringSubmatch(page, -1) {
		form.Set(m[1], html.UnescapeString(m[2]))
	}
	form.Set("email", who.email)
	form.Set("firstName", who.firstName)
	form.Set("lastName", who.lastName)
	if who.verified {
		form.Set("emailVerified", "on")
	}
	form.Set("action", "login")
	if who.cancel {
		form.Set("action", "cancel")
	}
	res, body := postForm(t, c, e.srv.URL+"/dev/oidc/"+provider+"/authorize", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	cb := location(t, res)
	require.Equal(t, "/identity/social/"+provider+"/callback", cb.Path)
	return cb
}

// callback follows the provider's redirect back and returns the service's answer.
func (e *env) callback(t *testing.T, c *http.Client, cb *url.URL) (*http.Response, *url.URL) {
	t.Helper()
	res, body := get(t, c, e.srv.URL+cb.RequestURI())
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	return res, location(t, res)
}

func (e *env) requireNothingPersonalLogged(t *testing.T, secrets ...string) {
	t.Helper()
	for _, entry := range e.logs.All() {
		line := entry.Message
		for k, v := range entry.ContextMap() {
			if s, ok := v.(string); ok {
				line += " " + k + "=" + s
			}
		}
		for _, s := range secrets {
			require.NotContains(t, line, s)
		}
	}
}

func TestSocialLoginEndToEnd(t *testing.T) {
	tests := []struct {
		name         string
		provider     string
		who          tester
		wantCode     string
		wantRegToken string
		wantSession  bool
	}{
		{"returning social user logs in", "googleplus", tester{email: "eva@example.com", firstName: "Eva", lastName: "Muster", verified: true}, "0", "", true},
		{"new social user finishes registration", "apple", tester{email: "new.user@example.com", firstName: "Neu", verified: true}, "206001", "rt-finalize", false},
		{"e-mail of a site account must be linked", "facebook", tester{email: "site.user@example.com", verified: true}, "403043", "rt-link", false},
		{"cancel at the provider", "googleplus", tester{email: "eva@example.com", cancel: true}, "200001", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			c := browser(t)
			cb := e.authorize(t, c, tc.provider, "/login?from=social", tc.who)
			res, back := e.callback(t, c, cb)

			require.Equal(t, "/login", back.Path)
			require.Empty(t, back.Host, "the app's path stays relative")
			require.Equal(t, "social", back.Query().Get("from"))
			require.Equal(t, tc.wantCode, back.Query().Get("errorCode"))
			require.Equal(t, tc.wantRegToken, back.Query().Get("regToken"))

			var session *http.Cookie
			for _, ck := range res.Cookies() {
				if ck.Name == "portal_session" {
					session = ck
				}
				if ck.Name == social.StateCookie {
					require.Negative(t, ck.MaxAge, "the state cookie is cleared at the callback")
				}
			}
			require.Equal(t, tc.wantSession, session != nil)

			if tc.who.cancel {
				require.Empty(t, e.accounts.identities())
				return
			}
			ids := e.accounts.identities()
			require.Len(t, ids, 1)
			require.Equal(t, social.Identity{
				Provider: tc.provider, Subject: devissuer.Subject(tc.provider, tc.who.email), Email: tc.who.email,
				EmailVerified: tc.who.verified, FirstName: tc.who.firstName, LastName: tc.who.lastName,
			}, ids[0])
			e.requireNothingPersonalLogged(t, tc.who.email, cb.Query().Get("code"), "rt-finalize", "rt-link", "session-token")
		})
	}
}

func TestCallbackRefusals(t *testing.T) {
	t.Run("state reuse", func(t *testing.T) {
		e := newEnv(t)
		c := browser(t)
		cb := e.authorize(t, c, "googleplus", "/", tester{email: "eva@example.com", verified: true})
		u, _ := url.Parse(e.srv.URL)
		cookies := c.Jar.Cookies(&url.URL{Scheme: "http", Host: u.Host, Path: social.RoutePrefix})
		_, back := e.callback(t, c, cb)
		require.Equal(t, "0", back.Query().Get("errorCode"))

		// A copied state cookie replayed with the same callback URL: nothing happens, the login starts again.
		c.Jar.SetCookies(&url.URL{Scheme: "http", Host: u.Host, Path: social.RoutePrefix}, cookies)
		_, back = e.callback(t, c, cb)
		require.Equal(t, "200001", back.Query().Get("errorCode"))
		require.Len(t, e.accounts.identities(), 1)
		require.NotEmpty(t, e.logs.FilterField(zap.String("reason", "state reused")).All())
	})

	// QA round: back from the finalize (or link) page to the provider's page, whose form the shopper submitted
	// again; the first callback had cleared the state cookie. It answered 500023, "Es ist ein unerwarteter Fehler
	// aufgetreten"; the login page now says the login was cancelled, where it can be started again.
	t.Run("the provider's page submitted again after the callback", func(t *testing.T) {
		e := newEnv(t)
		c := browser(t)
		cb := e.authorize(t, c, "apple", "/login", tester{email: "new.user@example.com", verified: true})
		_, back := e.callback(t, c, cb)
		require.Equal(t, "206001", back.Query().Get("errorCode"))
		_, back = e.callback(t, c, cb)
		require.Equal(t, "/login", back.Path)
		require.Equal(t, "200001", back.Query().Get("errorCode"))
		require.Len(t, e.accounts.identities(), 1)
	})

	t.Run("no state cookie", func(t *testing.T) {
		e := newEnv(t)
		c := browser(t)
		cb := e.authorize(t, c, "googleplus", "/account", tester{email: "eva@example.com", verified: true})
		_, back := e.callback(t, browser(t), cb)
		require.Equal(t, "/login", back.Path)
		require.Equal(t, "200001", back.Query().Get("errorCode"))
		require.Empty(t, e.accounts.identities())
	})

	// Another login of the same browser started meanwhile (another tab) replaced the state cookie; or the state was
	// forged: either way this login is void and starts again.
	t.Run("state of another login", func(t *testing.T) {
		e := newEnv(t)
		c := browser(t)
		cb := e.authorize(t, c, "googleplus", "/", tester{email: "eva@example.com", verified: true})
		q := cb.Query()
		q.Set("state", "forged")
		cb.RawQuery = q.Encode()
		_, back := e.callback(t, c, cb)
		require.Equal(t, "200001", back.Query().Get("errorCode"))
		require.Empty(t, e.accounts.identities())
	})

	t.Run("code of another browser fails PKCE", func(t *testing.T) {
		e := newEnv(t)
		victim, attacker := browser(t), browser(t)
		// The attacker obtains a code for their own login, then plants it in the victim's flow.
		attackerCB := e.authorize(t, attacker, "googleplus", "/", tester{email: "mallory@example.com", verified: true})
		victimCB := e.authorize(t, victim, "googleplus", "/", tester{email: "eva@example.com", verified: true})
		q := victimCB.Query()
		q.Set("code", attackerCB.Query().Get("code"))
		victimCB.RawQuery = q.Encode()
		_, back := e.callback(t, victim, victimCB)
		require.Equal(t, "500023", back.Query().Get("errorCode"))
		require.Empty(t, e.accounts.identities())
	})

	t.Run("provider error other than cancel", func(t *testing.T) {
		e := newEnv(t)
		c := browser(t)
		cb := e.authorize(t, c, "googleplus", "/", tester{email: "eva@example.com", verified: true})
		q := url.Values{"state": {cb.Query().Get("state")}, "error": {"server_error"}}
		cb.RawQuery = q.Encode()
		_, back := e.callback(t, c, cb)
		require.Equal(t, "500023", back.Query().Get("errorCode"))
	})
}

func TestStartRefusesOpenRedirects(t *testing.T) {
	e := newEnv(t)
	for _, bad := range []string{
		"https://evil.example/", "//evil.example/x", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)",
		"evil.example", "/%0d%0aSet-Cookie:x=y", "/login\r\nX: y", "http:/evil.example", " /login",
		"/" + strings.Repeat("a", 3000),
	} {
		t.Run(bad, func(t *testing.T) {
			res, body := get(t, browser(t), e.srv.URL+"/identity/social/googleplus/start?redirectURL="+url.QueryEscape(bad))
			if bad == "/%0d%0aSet-Cookie:x=y" {
				// Percent-encoded bytes stay encoded in the path the browser is sent to: harmless, accepted.
				require.Equal(t, http.StatusFound, res.StatusCode)
				return
			}
			require.Equal(t, http.StatusBadRequest, res.StatusCode, body)
			require.Empty(t, res.Header.Get("Location"))
		})
	}
}

func TestAbsoluteRedirectOnTheOwnOrigin(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.Apps.AccountPortal.Host = "konto.example.com" })
	tests := []struct {
		name, redirectURL string
		ok                bool
	}{
		{"same origin, as the app's http adapter sends it", e.srv.URL + "/login?x=1", true},
		{"configured account portal host", "http://konto.example.com/login", true},
		{"other port on the same host", strings.Replace(e.srv.URL, "127.0.0.1:", "127.0.0.1:1", 1) + "/login", false},
		{"foreign host", "https://evil.example/login", false},
		{"host look-alike", "http://konto.example.com.evil.example/login", false},
		{"user info trick", "http://konto.example.com@evil.example/login", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := browser(t)
			res, body := get(t, c, e.srv.URL+"/identity/social/googleplus/start?redirectURL="+url.QueryEscape(tc.redirectURL))
			if !tc.ok {
				require.Equal(t, http.StatusBadRequest, res.StatusCode, body)
				return
			}
			require.Equal(t, http.StatusFound, res.StatusCode, body)
		})
	}

	c := browser(t)
	cb := e.authorize(t, c, "googleplus", e.srv.URL+"/login?x=1", tester{email: "eva@example.com", verified: true})
	_, back := e.callback(t, c, cb)
	require.Equal(t, e.srv.URL+"/login?errorCode=0&provider=googleplus&x=1", back.String())
}

func TestLinkModeIsPassedThrough(t *testing.T) {
	e := newEnv(t)
	c := browser(t)
	res, _ := get(t, c, e.srv.URL+"/identity/social/apple/start?redirectURL=/social/link-accounts&loginMode=link&regToken=rt-conflict")
	require.Equal(t, http.StatusFound, res.StatusCode)
	res, _ = get(t, c, e.srv.URL+"/identity/social/apple/start?redirectURL=/login&loginMode=merge")
	require.Equal(t, http.StatusBadRequest, res.StatusCode)

	cb := e.authorizeWith(t, c, "apple", "/identity/social/apple/start?redirectURL=/social/link-accounts&loginMode=link&regToken=rt-conflict",
		tester{email: "eva@example.com", verified: true})
	_, back := e.callback(t, c, cb)
	require.Equal(t, "0", back.Query().Get("errorCode"))
	ids := e.accounts.identities()
	require.Len(t, ids, 1)
	require.Equal(t, "link", ids[0].LoginMode)
	require.Equal(t, "rt-conflict", ids[0].RegToken)
}

// A name that is none of the contract's providers is bad input, not a provider that failed (500023 at the app, "Es
// ist ein unerwarteter Fehler aufgetreten"; QA security round): the app hears 400006 naming provider, as
// accounts.socialLogin answers it, and nothing goes to a provider. A known provider that is not configured still
// answers 500023 (TestProductionMountsNoDevIssuer).
func TestStartOfUnknownProvider(t *testing.T) {
	e := newEnv(t)
	for _, name := range []string{"myspace", "Apple", "nope"} {
		res, _ := get(t, browser(t), e.srv.URL+"/identity/social/"+name+"/start?redirectURL="+url.QueryEscape("/login?errorDetails=x"))
		require.Equal(t, http.StatusSeeOther, res.StatusCode, name)
		require.Equal(t, "/login?errorCode=400006&errorDetails=provider", location(t, res).String(), name)
		require.Empty(t, res.Cookies(), name)
	}
}

func TestProductionMountsNoDevIssuer(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.Env = config.EnvProduction })
	res, _ := get(t, browser(t), e.srv.URL+"/dev/oidc/googleplus/.well-known/openid-configuration")
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	res, _ = get(t, browser(t), e.srv.URL+"/identity/social/googleplus/start?redirectURL=/login")
	require.Equal(t, "/login?errorCode=500023", location(t, res).String())
}
