package sso

import (
	"context"
	"errors"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/identityapi"
)

// EmbeddedAccounts lets the embedded identity provider be single sign-on's: the shopper is whoever the
// session cookie names, exactly as for the identity API.
type EmbeddedAccounts struct {
	Provider *embedded.Provider
	// CookieName is the session cookie; empty means identityapi.DefaultCookieName.
	CookieName string
}

var _ Accounts = EmbeddedAccounts{}

func (a EmbeddedAccounts) cookie() string {
	if a.CookieName == "" {
		return identityapi.DefaultCookieName
	}
	return a.CookieName
}

func shopperOf(acc embedded.Account) Shopper {
	s := Shopper{UID: acc.UID, Email: acc.Email, EmailVerified: acc.IsVerified, Locale: acc.Lang}
	s.GivenName, _ = acc.Profile["firstName"].(string)
	s.FamilyName, _ = acc.Profile["lastName"].(string)
	return s
}

// Shopper implements Accounts.
func (a EmbeddedAccounts) Shopper(c echo.Context) (Shopper, bool, error) {
	ck, err := c.Cookie(a.cookie())
	if err != nil || ck.Value == "" {
		return Shopper{}, false, nil
	}
	acc, at, err := a.Provider.SessionLogin(c.Request().Context(), ck.Value)
	if errors.Is(err, embedded.ErrNotFound) {
		return Shopper{}, false, nil
	}
	if err != nil {
		return Shopper{}, false, err
	}
	s := shopperOf(acc)
	s.AuthTime = at
	return s, true, nil
}

// Profile implements Accounts.
func (a EmbeddedAccounts) Profile(ctx context.Context, uid string) (Shopper, error) {
	acc, err := a.Provider.Account(ctx, uid)
	if errors.Is(err, embedded.ErrNotFound) || (err == nil && acc.Disabled) {
		return Shopper{}, ErrNotFound
	}
	if err != nil {
		return Shopper{}, err
	}
	return shopperOf(acc), nil
}

// EndSession implements Accounts with the provider's logout.
func (a EmbeddedAccounts) EndSession(c echo.Context) error {
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
