package social

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"go.uber.org/zap"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// StateCookie carries the encrypted login state from start to callback.
const StateCookie = "portal_social_state"

// fallbackRedirect is where a callback without a readable state sends the browser.
const fallbackRedirect = "/login"

// Redirect is where a step sends the browser next, and the cookies it gets on the way (set in this order).
type Redirect struct {
	Location string
	// ToProvider is true when the browser leaves for the provider's authorisation page; otherwise it returns to
	// the app with the outcome in the query.
	ToProvider bool
	Cookies    []*http.Cookie
}

// Answer is what the provider sends back to the callback: state and code, or error (access_denied: cancelled).
type Answer struct {
	State string
	Code  string
	Error string
}

func (s *Service) stateCookie(value string, maxAge int, secure, crossSitePost bool) *http.Cookie {
	c := &http.Cookie{
		Name: StateCookie, Value: value, Path: RoutePrefix, MaxAge: maxAge,
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	}
	// A form_post callback is a cross-site POST, which does not carry a Lax cookie; None needs Secure.
	if crossSitePost && secure {
		c.SameSite = http.SameSiteNoneMode
	}
	return c
}

// SpentStateCookie clears the state cookie; the callback sets it first, whatever happens next. base is the
// service's public URL for this request.
func (s *Service) SpentStateCookie(base string) *http.Cookie {
	secure := strings.HasPrefix(base, "https://") || s.production
	return s.stateCookie("", -1, secure, false)
}

// Begin is the start of a login (GET /identity/social/:provider/start?redirectURL=/path&lang=fr): it sends the
// browser to the provider with the sealed login state in a cookie. base is the service's public URL for this
// request; lang, the app's language, goes with the state to the mails the login sends.
// ErrRedirectURL and ErrLoginMode refuse the request; the app hears of the rest as accounts.socialLogin's answer
// (query parameters of redirectURL): a name that is none of the contract's providers is 400006 naming provider,
// and one that is not configured 500023.
func (s *Service) Begin(base, name, redirectURL, loginMode, regToken, lang string) (Redirect, error) {
	redirectURL, err := s.checkRedirect(redirectURL, base)
	if err != nil {
		return Redirect{}, ErrRedirectURL
	}
	if loginMode != "" && loginMode != "standard" && loginMode != "link" {
		return Redirect{}, ErrLoginMode
	}
	if !slices.Contains(ProviderNames, name) {
		// No page links there, so the address was made by hand: bad input, not a provider that failed (it answered
		// 500023, "Es ist ein unerwarteter Fehler aufgetreten": QA security round).
		return Redirect{Location: withOutcome(redirectURL, contract.CodeInvalidParameter, "provider", "", "")}, nil
	}
	p, ok := s.providers[name]
	if !ok {
		s.log.Info("social login refused", zap.String("provider", safeName(name)), zap.String("reason", "provider not configured"))
		return Redirect{Location: withOutcome(redirectURL, contract.CodeProviderError, "", "", "")}, nil
	}
	st := loginState{
		State: randomString(32), CodeVerifier: oauth2.GenerateVerifier(), Nonce: randomString(32),
		Provider: name, RedirectURL: redirectURL, RedirectURI: base + RoutePrefix + name + "/callback",
		Base: base, Expires: s.now().Add(StateLifetime), LoginMode: loginMode, RegToken: regToken, Lang: languageTag(lang),
	}
	sealed, err := s.states.seal(st)
	if err != nil {
		return Redirect{}, err
	}
	// Behind a TLS-terminating proxy without http.publicUrl the request looks like plain http; production is not.
	secure := strings.HasPrefix(base, "https://") || s.production
	cookie := s.stateCookie(sealed, int(StateLifetime/time.Second), secure, p.ResponseMode == "form_post")

	return Redirect{Location: authCodeURL(p, base, st), ToProvider: true, Cookies: []*http.Cookie{cookie}}, nil
}

// Finish is the provider's answer (GET or POST /identity/social/:provider/callback): it checks the login state
// the browser carried (nil: no cookie), exchanges the code, verifies the ID token, lets complete finish the login
// in the identity provider and sends the browser back to the app with the outcome. Every refusal is such a
// redirect too; the error is only the request's own end (its context done while completing).
func (s *Service) Finish(ctx context.Context, name string, stateCookie *http.Cookie, answer Answer, complete Complete) (Redirect, error) {
	refuse := func(redirectURL string, code int, reason string, err error) (Redirect, error) {
		fields := []zap.Field{zap.String("provider", safeName(name)), zap.String("reason", reason), zap.Int("error_code", code)}
		if err != nil {
			fields = append(fields, zap.Error(err))
		}
		s.log.Warn("social login refused", fields...)
		return Redirect{Location: withOutcome(redirectURL, code, "", "", safeName(name))}, nil
	}

	// A callback without a live login state of this browser is no provider's failure: the provider's page was
	// submitted again after the callback had spent the state (back from the finalize or link page), the login
	// took too long, another login of the browser replaced it, or the state was forged. Nothing happens, and the
	// app says the login was cancelled (200001) where it can be started again; it said 500023, "Es ist ein
	// unerwarteter Fehler aufgetreten" (QA round).
	const restart = contract.CodeCancelled
	if stateCookie == nil {
		return refuse(fallbackRedirect, restart, "no login state cookie", nil)
	}
	st, err := s.states.open(stateCookie.Value)
	if err != nil {
		return refuse(fallbackRedirect, restart, "login state cookie unreadable", nil)
	}
	now := s.now()
	switch {
	case st.Provider != name:
		return refuse(st.RedirectURL, restart, "state of another provider", ErrStateInvalid)
	case answer.State == "" || answer.State != st.State:
		return refuse(st.RedirectURL, restart, "state mismatch", ErrStateInvalid)
	case now.After(st.Expires):
		return refuse(st.RedirectURL, restart, "state expired", ErrStateExpired)
	case !s.spent.spend(st.State, st.Expires, now):
		return refuse(st.RedirectURL, restart, "state reused", ErrStateUsed)
	}
	p, ok := s.providers[name]
	if !ok {
		return refuse(st.RedirectURL, contract.CodeProviderError, "provider not configured", nil)
	}
	if e := answer.Error; e != "" {
		if e == "access_denied" {
			s.log.Info("social login cancelled at the provider", zap.String("provider", name))
			return Redirect{Location: withOutcome(st.RedirectURL, contract.CodeCancelled, "", "", name)}, nil
		}
		return refuse(st.RedirectURL, contract.CodeProviderError, "provider answered error "+safeOAuthError(e), nil)
	}
	code := answer.Code
	if code == "" {
		return refuse(st.RedirectURL, contract.CodeProviderError, "no code", nil)
	}

	rawIDToken, err := exchange(ctx, s.hc, p, st.Base, code, st.CodeVerifier, st.RedirectURI)
	if err != nil {
		return refuse(st.RedirectURL, contract.CodeProviderError, "code exchange failed", err)
	}
	claims, err := verifyIDToken(ctx, s.keys, resolve(st.Base, p.JWKSURL), rawIDToken, resolve(st.Base, p.Issuer), p.ClientID, st.Nonce, s.now)
	if err != nil {
		return refuse(st.RedirectURL, contract.CodeProviderError, "ID token refused", err)
	}

	out, err := complete(ctx, Identity{
		Provider: name, Subject: claims.Subject, Email: claims.Email, EmailVerified: claims.EmailVerified,
		FirstName: claims.GivenName, LastName: claims.FamilyName, LoginMode: st.LoginMode, RegToken: st.RegToken, Lang: st.Lang,
	})
	if err != nil {
		if errors.Is(err, ctx.Err()) && ctx.Err() != nil {
			return Redirect{}, err
		}
		return refuse(st.RedirectURL, contract.CodeGeneralServerError, "identity provider failed", err)
	}
	var cookies []*http.Cookie
	if out.ErrorCode == contract.CodeOK && out.Session != nil {
		cookies = append(cookies, out.Session)
	}
	s.log.Info("social login", zap.String("provider", name), zap.Int("error_code", out.ErrorCode))
	return Redirect{Location: withOutcome(st.RedirectURL, out.ErrorCode, "", out.RegToken, name), Cookies: cookies}, nil
}

// safeName keeps a provider name for the log only when it is one of ours.
func safeName(name string) string {
	for _, n := range ProviderNames {
		if n == name {
			return n
		}
	}
	return "(other)"
}
