package embedded

import (
	"context"
	"errors"

	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// Backend returns the provider as the identity.Backend the REST endpoints use.
func (p *Provider) Backend() identity.Backend { return backend{p} }

// backend adapts Provider to identity.Backend (whose Login differs from accounts.login).
type backend struct{ p *Provider }

var _ identity.Backend = backend{}

// Login is the product backend's custom login: the codes of accounts.login, without a session.
func (b backend) Login(ctx context.Context, loginID, password string) (identity.LoginResult, error) {
	p := b.p
	a, code, err := p.checkCredentials(ctx, Caller{ClientAddress: clientaddr.From(ctx)}, loginID, password)
	if err != nil || code != contract.CodeOK {
		return identity.LoginResult{ErrorCode: code}, err
	}
	switch {
	case a.Disabled:
		return identity.LoginResult{ErrorCode: contract.CodeAccountDisabled}, nil
	// Answered as accounts.login answers (pendingResult): an unconfirmed registration over a newsletter subscriber on
	// what it gave itself (regression round of 2026-11-30: 206002 for a subscriber's address, 206001 for an unknown one).
	case len(p.missingForRegistration(Token{Kind: TokenRegistration}, a)) > 0:
		return identity.LoginResult{ErrorCode: contract.CodePendingRegistration, UID: a.UID}, nil
	case !a.IsVerified:
		return identity.LoginResult{ErrorCode: contract.CodePendingVerification, UID: a.UID}, nil
	}
	return identity.LoginResult{ErrorCode: contract.CodeOK, UID: a.UID}, nil
}

// ResendVerificationEmail sends a new verification mail to an unverified registered account (resendVerification).
func (b backend) ResendVerificationEmail(ctx context.Context, email identity.Email, language string) error {
	return b.p.resendVerification(ctx, Caller{ClientAddress: clientaddr.From(ctx), Lang: language}, email)
}

// SubscriberRegToken returns a one-hour subscriber regToken for the account of email, creating a
// newsletter-only (lite) account when there is none; identity.ErrAccountDisabled for a disabled account, which
// hands out nothing personal (QA security round of 2026-11-29: a mail link's exchange gave a disabled account's
// regToken, which read its profile and subscriptions).
func (b backend) SubscriberRegToken(ctx context.Context, email identity.Email) (identity.RegToken, error) {
	return b.subscriberRegToken(ctx, email, nil)
}

// SessionSubscriberRegToken is SubscriberRegToken for a link a login session asked for (subscribers.SessionBinder's
// key names it): the regToken ends with that session, at a logout as at its expiry, a password change or the
// disabling (QA security round of 2026-11-29: a regToken exchanged from the account page's link kept reading and
// writing the profile for its hour after the logout that ended the link).
func (b backend) SessionSubscriberRegToken(ctx context.Context, email identity.Email, sessionKey string) (identity.RegToken, error) {
	if sessionKey == "" {
		return identity.RegToken{}, errors.New("identity: session regToken without a session")
	}
	return b.subscriberRegToken(ctx, email, map[string]string{payloadSession: sessionKey})
}

// AccountEmail answers the address the account uid has now; identity.ErrAccountNotFound for an account that is
// gone (deleted, or swept as an unconfirmed registration).
func (b backend) AccountEmail(ctx context.Context, uid string) (identity.Email, error) {
	a, err := b.p.store.AccountByUID(ctx, uid)
	if errors.Is(err, ErrNotFound) {
		return "", identity.ErrAccountNotFound
	}
	if err != nil {
		return "", err
	}
	return identity.Email(a.Email), nil
}

func (b backend) subscriberRegToken(ctx context.Context, email identity.Email, payload map[string]string) (identity.RegToken, error) {
	p := b.p
	a, err := p.liteAccount(ctx, email)
	if err != nil {
		return identity.RegToken{}, err
	}
	if a.Disabled {
		return identity.RegToken{}, identity.ErrAccountDisabled
	}
	now := p.clock()
	token, err := p.issueToken(ctx, TokenSubscriber, a.UID, payload, p.cfg.RegTokenLifetime)
	if err != nil {
		return identity.RegToken{}, err
	}
	return identity.RegToken{Token: token, CreatedAt: now, ExpiresAt: now.Add(p.cfg.RegTokenLifetime)}, nil
}
