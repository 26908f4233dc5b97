package ssoapi

import (
	"errors"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/identityapi"
	"github.com/grocer-portal/portal/services/api/internal/sso"
)

// EmbeddedSessions knows the shopper through the embedded identity provider's session cookie, exactly as the
// identity API does.
type EmbeddedSessions struct {
	Provider *embedded.Provider
	// CookieName is the session cookie; empty means identityapi.DefaultCookieName.
	CookieName string
}

var _ Sessions = EmbeddedSessions{}

func (a EmbeddedSessions) cookie() string {
	if a.CookieName == "" {
		return identityapi.DefaultCookieName
	}
	return a.CookieName
}

// Shopper implements Sessions.
func (a EmbeddedSessions) Shopper(c echo.Context) (sso.Shopper, bool, error) {
	ck, err := c.Cookie(a.cookie())
	if err != nil || ck.Value == "" {
		return sso.Shopper{}, false, nil
	}
	acc, at, err := a.Provider.SessionLogin(c.Request().Context(), ck.Value)
	if errors.Is(err, embedded.ErrNotFound) {
		return sso.Shopper{}, false, nil
	}
	if err != nil {
		return sso.Shopper{}, false, err
	}
	s := sso.ShopperOf(acc)
	s.AuthTime = at
	return s, true, nil
}

// AllowSignIn implements Sessions with the provider's limit of anonymous starts (embedded.StartSignIn).
func (a EmbeddedSessions) AllowSignIn(c echo.Context) (bool, error) {
	return a.Provider.AllowStart(c.Request().Context(), embedded.Caller{ClientAddress: c.RealIP()}, embedded.StartSignIn)
}

// EndSession implements Sessions with the provider's logout.
func (a EmbeddedSessions) EndSession(c echo.Context) error {
	caller := embedded.Caller{}
	if ck, err := c.Cookie(a.cookie()); err == nil {
		caller.SessionToken = ck.Value
	}
	res, err := a.Provider.Logout(c.Request().Context(), caller)
	if err != nil {
		return err
	}
	identityapi.ApplySession(c, res, a.cookie())
	return nil
}
