package embedded

import (
	"context"
	"time"
)

// SessionLogin returns the account of a live session and when that session began: the shopper's last login
// (login rotates the session), which single sign-on reports as auth_time. ErrNotFound without a live session.
func (p *Provider) SessionLogin(ctx context.Context, token string) (Account, time.Time, error) {
	a, err := p.sessionAccount(ctx, token)
	if err != nil {
		return Account{}, time.Time{}, err
	}
	s, err := p.store.SessionByHash(ctx, hashToken(token))
	if err != nil {
		return Account{}, time.Time{}, err
	}
	return a, s.CreatedAt, nil
}

// Account returns an account by uid (single sign-on's userinfo); ErrNotFound when there is none.
func (p *Provider) Account(ctx context.Context, uid string) (Account, error) {
	return p.store.AccountByUID(ctx, uid)
}
