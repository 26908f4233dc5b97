package sso

import (
	"context"
	"errors"

	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// Accounts is what the provider needs from the identity provider: the claims of an account.
type Accounts interface {
	// Profile returns an account's claims by uid; ErrNotFound when it no longer exists (or is disabled).
	Profile(ctx context.Context, uid string) (Shopper, error)
}

// EmbeddedAccounts reads accounts of the embedded identity provider.
type EmbeddedAccounts struct {
	Provider *embedded.Provider
}

var _ Accounts = EmbeddedAccounts{}

// ShopperOf is what a partner may learn of an embedded account.
func ShopperOf(acc embedded.Account) Shopper {
	s := Shopper{UID: acc.UID, Email: acc.Email, EmailVerified: acc.IsVerified, Locale: acc.Lang}
	s.GivenName, _ = acc.Profile["firstName"].(string)
	s.FamilyName, _ = acc.Profile["lastName"].(string)
	return s
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
	return ShopperOf(acc), nil
}
