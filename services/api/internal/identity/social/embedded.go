package social

import (
	"context"
	"errors"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/identityapi"
)

// EmbeddedAccounts lets the embedded provider complete social logins (it implements Completer). The session
// cookie is set exactly as the identity API sets it at login (identityapi.ApplySession).
type EmbeddedAccounts struct {
	Provider *embedded.Provider
	// CookieName is the session cookie; empty means identityapi.DefaultCookieName. It must match
	// identityapi.Options.CookieName.
	CookieName string
}

// ErrNotWired is returned when EmbeddedAccounts has no provider.
var ErrNotWired = errors.New("social: EmbeddedAccounts.Provider is nil")

// CompleteSocialLogin implements Completer with embedded.Provider.CompleteSocialLogin. The provider's first and
// last name go into the profile as firstName and lastName (the embedded provider drops what its schema refuses).
//
// loginMode "link" with a regToken is not handed on: the embedded provider links a conflicting social identity
// through accounts.login with loginMode "link" (password check), which is the flow of the link-accounts page.
func (a EmbeddedAccounts) CompleteSocialLogin(c echo.Context, id Identity) (Outcome, error) {
	if a.Provider == nil {
		return Outcome{}, ErrNotWired
	}
	cookieName := a.CookieName
	if cookieName == "" {
		cookieName = identityapi.DefaultCookieName
	}
	// The same caller the identity API builds: the current session (rotated at login) and the client address.
	caller := embedded.Caller{ClientAddress: c.RealIP()}
	if ck, err := c.Cookie(cookieName); err == nil {
		caller.SessionToken = ck.Value
	}
	profile := map[string]any{}
	if id.FirstName != "" {
		profile["firstName"] = id.FirstName
	}
	if id.LastName != "" {
		profile["lastName"] = id.LastName
	}
	res, err := a.Provider.CompleteSocialLogin(c.Request().Context(), caller, embedded.SocialIdentity{
		Provider: id.Provider, Subject: id.Subject, Email: id.Email, EmailVerified: id.EmailVerified, Profile: profile,
	})
	if err != nil {
		return Outcome{}, err
	}
	identityapi.ApplySession(c, res, cookieName)
	return Outcome{ErrorCode: res.ErrorCode, RegToken: res.RegToken}, nil
}

// EmbeddedStarter answers the embedded provider's accounts.socialLogin (it implements embedded.SocialLogins):
// 0 with "redirectURL", the start URL the browser goes to; 500023 for a provider that is not configured; 400006
// for a redirectURL off this site or an unknown loginMode.
type EmbeddedStarter struct{ Service *Service }

// Start implements embedded.SocialLogins.
func (st EmbeddedStarter) Start(_ context.Context, _ embedded.Caller, in embedded.SocialLoginParams) (embedded.Result, error) {
	u, err := st.Service.StartURL(in.Provider, in.RedirectURL, in.LoginMode, in.RegToken)
	switch {
	case errors.Is(err, ErrUnknownProvider):
		return embedded.Result{ErrorCode: contract.CodeProviderError, ErrorDetails: "Social login provider is not configured: " + safeName(in.Provider)}, nil
	case errors.Is(err, ErrRedirectURL):
		return embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: "redirectURL"}, nil
	case errors.Is(err, ErrLoginMode):
		return embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: "loginMode"}, nil
	case err != nil:
		return embedded.Result{}, err
	}
	return embedded.Result{ErrorCode: contract.CodeOK, Fields: map[string]any{"redirectURL": u, "provider": in.Provider}}, nil
}
