package socialapi

import (
	"errors"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/identityapi"
	"github.com/grocer-portal/portal/services/api/internal/identity/social"
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
var ErrNotWired = errors.New("socialapi: EmbeddedAccounts.Provider is nil")

// CompleteSocialLogin implements Completer with embedded.Provider.CompleteSocialLogin. The provider's first and
// last name go into the profile as firstName and lastName (the embedded provider drops what its schema refuses).
//
// loginMode "link" hands the regToken on: a login with an identity the conflicting account already has links the
// waiting one (the link-accounts page offers it when that account has no password); otherwise linking is
// accounts.login with loginMode "link" and the account's password.
func (a EmbeddedAccounts) CompleteSocialLogin(c echo.Context, id social.Identity) (social.Outcome, error) {
	if a.Provider == nil {
		return social.Outcome{}, ErrNotWired
	}
	cookieName := a.CookieName
	if cookieName == "" {
		cookieName = identityapi.DefaultCookieName
	}
	// The same caller the identity API builds: the current session (rotated at login), the client address and
	// the app's language.
	caller := embedded.Caller{ClientAddress: c.RealIP(), Lang: id.Lang}
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
		LinkToken: linkToken(id),
	})
	if err != nil {
		return social.Outcome{}, err
	}
	identityapi.ApplySession(c, res, cookieName)
	return social.Outcome{ErrorCode: res.ErrorCode, RegToken: res.RegToken}, nil
}

// linkToken is the regToken to link with: only when the app asked for linking.
func linkToken(id social.Identity) string {
	if id.LoginMode != "link" {
		return ""
	}
	return id.RegToken
}
