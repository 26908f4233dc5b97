package qamode

import (
	"context"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// RegTokenLifetime is how long a QA subscriber regToken is said to last, as the embedded provider's do.
const RegTokenLifetime = time.Hour

// Backend is the identity.Backend of QA mode. The accounts live in the browser (the fake), so the service
// answers from the shipped scenarios what it can know, and says plainly what it cannot:
//   - SubscriberRegToken answers SubscriberToken(email), which the fake adopts as the subscriber's regToken
//     (finding or creating the lite account there, as the embedded provider does here).
//   - ResendVerificationEmail answers from the scenarios' seeded accounts: an unverified one "sent" (no mail is
//     sent: the fake's mails stay in the browser), a verified one "already verified", any other address (one
//     registered in the browser meanwhile) "not found".
//   - Login (the custom login of sso.customLogin) cannot check a password the browser holds: unavailable.
//   - AccountEmail knows no account: the UIDs a link can name are the service's own accounts' (`portal link` names
//     none in QA mode), never the browser's, so such a link opens nothing here.
type Backend struct {
	lib *Library
	now func() time.Time
}

var _ identity.Backend = (*Backend)(nil)

// NewBackend answers from lib; now nil is wall-clock time.
func NewBackend(lib *Library, now func() time.Time) *Backend {
	if now == nil {
		now = time.Now
	}
	return &Backend{lib: lib, now: now}
}

// Login is not available in QA mode: the passwords are in the browser.
func (b *Backend) Login(context.Context, string, string) (identity.LoginResult, error) {
	return identity.LoginResult{}, identity.ErrUnavailable
}

// ResendVerificationEmail answers from the scenarios' seeded accounts.
func (b *Backend) ResendVerificationEmail(_ context.Context, email identity.Email, _ string) error {
	a, found := b.lib.account(email)
	switch {
	case !found || a.Lite:
		return identity.ErrAccountNotFound
	case !a.Unverified:
		return identity.ErrAlreadyVerified
	}
	return nil
}

// SubscriberRegToken answers the QA subscriber token of email, valid one hour.
func (b *Backend) SubscriberRegToken(_ context.Context, email identity.Email) (identity.RegToken, error) {
	now := b.now().UTC()
	return identity.RegToken{Token: SubscriberToken(email), CreatedAt: now, ExpiresAt: now.Add(RegTokenLifetime)}, nil
}

// AccountEmail answers that there is no such account: QA mode's accounts are the browser's.
func (b *Backend) AccountEmail(context.Context, string) (identity.Email, error) {
	return "", identity.ErrAccountNotFound
}
