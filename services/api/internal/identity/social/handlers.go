package social

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// StateCookie carries the encrypted login state from start to callback.
const StateCookie = "portal_social_state"

// fallbackRedirect is where a callback without a readable state sends the browser.
const fallbackRedirect = "/login"

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

// start: GET /identity/social/:provider/start?redirectURL=/path
func (s *Service) start(c echo.Context) error {
	name := c.Param("provider")
	base := s.base(c.Request())
	redirectURL, err := s.checkRedirect(c.QueryParam("redirectURL"), base)
	if err != nil {
		return apierror.InvalidParameter("redirectURL", "redirectURL must be a page of this site, such as /login.")
	}
	loginMode := c.QueryParam("loginMode")
	if loginMode != "" && loginMode != "standard" && loginMode != "link" {
		return apierror.InvalidParameter("loginMode", "loginMode must be standard or link.")
	}
	p, ok := s.providers[name]
	if !ok {
		s.log.Info("social login refused", zap.String("provider", safeName(name)), zap.String("reason", "provider not configured"))
		return c.Redirect(http.StatusSeeOther, withOutcome(redirectURL, contract.CodeProviderError, "", ""))
	}
	st := loginState{
		State: randomString(32), CodeVerifier: randomString(48), Nonce: randomString(32),
		Provider: name, RedirectURL: redirectURL, RedirectURI: base + RoutePrefix + name + "/callback",
		Base: base, Expires: s.now().Add(StateLifetime), LoginMode: loginMode, RegToken: c.QueryParam("regToken"),
	}
	sealed, err := s.states.seal(st)
	if err != nil {
		return apierror.Internal(err)
	}
	// Behind a TLS-terminating proxy without http.publicUrl the request looks like plain http; production is not.
	secure := strings.HasPrefix(base, "https://") || s.production
	http.SetCookie(c.Response(), s.stateCookie(sealed, int(StateLifetime/time.Second), secure, p.ResponseMode == "form_post"))

	auth, err := url.Parse(resolve(base, p.AuthorizationURL))
	if err != nil {
		return apierror.Internal(err)
	}
	q := auth.Query()
	q.Set("response_type", "code")
	q.Set("client_id", p.ClientID)
	q.Set("redirect_uri", st.RedirectURI)
	q.Set("scope", strings.Join(p.Scopes, " "))
	q.Set("state", st.State)
	q.Set("nonce", st.Nonce)
	q.Set("code_challenge", codeChallenge(st.CodeVerifier))
	q.Set("code_challenge_method", "S256")
	if p.ResponseMode != "" {
		q.Set("response_mode", p.ResponseMode)
	}
	auth.RawQuery = q.Encode()
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusFound, auth.String())
}

// callback: GET or POST /identity/social/:provider/callback?code&state (or error=access_denied)
func (s *Service) callback(c echo.Context) error {
	name := c.Param("provider")
	r := c.Request()
	param := func(k string) string {
		if r.Method == http.MethodPost {
			return c.FormValue(k)
		}
		return c.QueryParam(k)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	// The state cookie is spent whatever happens next.
	secure := strings.HasPrefix(s.base(r), "https://") || s.production
	http.SetCookie(c.Response(), s.stateCookie("", -1, secure, false))

	refuse := func(redirectURL string, code int, reason string, err error) error {
		fields := []zap.Field{zap.String("provider", safeName(name)), zap.String("reason", reason), zap.Int("error_code", code)}
		if err != nil {
			fields = append(fields, zap.Error(err))
		}
		s.log.Warn("social login refused", fields...)
		return c.Redirect(http.StatusSeeOther, withOutcome(redirectURL, code, "", safeName(name)))
	}

	ck, err := r.Cookie(StateCookie)
	if err != nil {
		return refuse(fallbackRedirect, contract.CodeProviderError, "no login state cookie", nil)
	}
	st, err := s.states.open(ck.Value)
	if err != nil {
		return refuse(fallbackRedirect, contract.CodeProviderError, "login state cookie unreadable", nil)
	}
	now := s.now()
	switch {
	case st.Provider != name:
		return refuse(st.RedirectURL, contract.CodeProviderError, "state of another provider", ErrStateInvalid)
	case param("state") == "" || param("state") != st.State:
		return refuse(st.RedirectURL, contract.CodeProviderError, "state mismatch", ErrStateInvalid)
	case now.After(st.Expires):
		return refuse(st.RedirectURL, contract.CodeProviderError, "state expired", ErrStateExpired)
	case !s.spent.spend(st.State, st.Expires, now):
		return refuse(st.RedirectURL, contract.CodeProviderError, "state reused", ErrStateUsed)
	}
	p, ok := s.providers[name]
	if !ok {
		return refuse(st.RedirectURL, contract.CodeProviderError, "provider not configured", nil)
	}
	if e := param("error"); e != "" {
		if e == "access_denied" {
			s.log.Info("social login cancelled at the provider", zap.String("provider", name))
			return c.Redirect(http.StatusSeeOther, withOutcome(st.RedirectURL, contract.CodeCancelled, "", name))
		}
		return refuse(st.RedirectURL, contract.CodeProviderError, "provider answered error "+safeOAuthError(e), nil)
	}
	code := param("code")
	if code == "" {
		return refuse(st.RedirectURL, contract.CodeProviderError, "no code", nil)
	}

	ctx := r.Context()
	rawIDToken, err := exchange(ctx, s.hc, resolve(st.Base, p.TokenURL), p, code, st.CodeVerifier, st.RedirectURI)
	if err != nil {
		return refuse(st.RedirectURL, contract.CodeProviderError, "code exchange failed", err)
	}
	claims, err := verifyIDToken(ctx, s.keys, resolve(st.Base, p.JWKSURL), rawIDToken, resolve(st.Base, p.Issuer), p.ClientID, st.Nonce, s.now())
	if err != nil {
		return refuse(st.RedirectURL, contract.CodeProviderError, "ID token refused", err)
	}

	out, err := s.accounts.CompleteSocialLogin(c, Identity{
		Provider: name, Subject: claims.Subject, Email: claims.Email, EmailVerified: claims.EmailVerified,
		FirstName: claims.GivenName, LastName: claims.FamilyName, LoginMode: st.LoginMode, RegToken: st.RegToken,
	})
	if err != nil {
		if errors.Is(err, ctx.Err()) && ctx.Err() != nil {
			return err
		}
		return refuse(st.RedirectURL, contract.CodeGeneralServerError, "identity provider failed", err)
	}
	if out.ErrorCode == contract.CodeOK && out.Session != nil {
		http.SetCookie(c.Response(), out.Session)
	}
	s.log.Info("social login", zap.String("provider", name), zap.Int("error_code", out.ErrorCode))
	return c.Redirect(http.StatusSeeOther, withOutcome(st.RedirectURL, out.ErrorCode, out.RegToken, name))
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
