package subscribers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// RegTokenIssuer is the part of identity.Backend the exchange needs.
type RegTokenIssuer interface {
	SubscriberRegToken(ctx context.Context, email identity.Email) (identity.RegToken, error)
}

// SessionRegTokenIssuer issues a regToken that ends with a login session (the embedded provider's backend): the
// exchange of a link a session asked for hands out one of those, so that logging out ends the preference centre
// the link opened too (QA security round of 2026-11-29: its regToken read and changed the profile for its full hour
// after the logout). SAP CDC binds no link to a session (no SessionBinder), QA mode's regTokens are the fake's.
type SessionRegTokenIssuer interface {
	// SessionSubscriberRegToken is SubscriberRegToken for the session that SessionBinder.SessionKey named.
	SessionSubscriberRegToken(ctx context.Context, email identity.Email, sessionKey string) (identity.RegToken, error)
}

// AccountEraser is what a full unsubscribe and the session entry need from the identity provider; the
// embedded provider and the SAP CDC client implement it.
type AccountEraser interface {
	EraseSubscriber(ctx context.Context, email identity.Email) (identity.ErasedSubscriber, error)
	// SessionAccount names the account of a login session, its UID and address: the embedded provider's session
	// token, or the vendor's id_token with SAP CDC; identity.ErrAccountNotFound without a live one.
	SessionAccount(ctx context.Context, sessionToken string) (uid string, email identity.Email, err error)
}

// AccountAddresses answers the address an account has now (identity.Backend's AccountEmail, also
// identity.ErrAccountNotFound when it is gone), so that a link issued for the account opens nothing once that
// address is no longer the account's.
type AccountAddresses interface {
	AccountEmail(ctx context.Context, uid string) (identity.Email, error)
}

// SessionBinder ties the links a login session asks for to that session (the embedded provider; SAP CDC's sessions
// are the vendor's): such a link opens nothing once the session ended, at a logout, a password change or reset or
// the account's disabling. Otherwise a session cookie copied once gave a link that read and changed the profile
// for an hour after the owner's reset (QA security round).
type SessionBinder interface {
	// SessionKey is what a link carries to name the session of sessionToken; never the token itself.
	SessionKey(sessionToken string) string
	// SessionLive reports whether the session a key names has not ended, idled out included. The link's use is a
	// use of the session, which keeps it alive for the account pages too (the embedded provider): work in the
	// preference centre is no idle time, and a session that idled out was not used there either.
	SessionLive(ctx context.Context, key string) (bool, error)
}

// DataEraser erases what the service keeps of a subscriber beyond the identity provider, in one transaction with
// the Withdrawal record it keeps and answers: the address's product reminders and its mails in the outbox (all of
// them when the account went with the unsubscribe, else those of the subscriptions; QA round of 2026-11-29: they
// stayed a month, and a queued one was still delivered). An account's deletion erases through the same path
// (app.eraseWithAccount).
type DataEraser interface {
	EraseSubscriberData(ctx context.Context, email identity.Email, erased identity.ErasedSubscriber, at time.Time) (Withdrawal, error)
}

// Errors of the subscriber operations besides ErrInvalidToken.
var (
	// ErrWithdrawn: the link was issued before its subscriber unsubscribed from everything; it opens nothing
	// any more. It is always wrapped together with ErrInvalidToken.
	ErrWithdrawn = errors.New("subscribers: the subscriber has unsubscribed since this link was issued")
	// ErrNotLoggedIn: no live login session.
	ErrNotLoggedIn = errors.New("subscribers: no login session")
	// ErrSessionEnded: the link was issued for a login session that has ended since; it is always wrapped
	// together with ErrInvalidToken.
	ErrSessionEnded = errors.New("subscribers: the login session this link was issued for has ended")
	// ErrAccountChanged: the link was issued for an account whose address it no longer is (the e-mail changed, the
	// account was deleted, or the address is another account's now); it is always wrapped together with
	// ErrInvalidToken, so the preference centre shows the page of an expired link.
	ErrAccountChanged = errors.New("subscribers: the link's address is no longer its account's")
	// ErrUnsupported: the configured identity provider cannot do this (SAP CDC: erasure and sessions are the
	// vendor's).
	ErrUnsupported = errors.New("subscribers: not available with this identity provider")
)

// SessionLinkLifetime is how long a link token issued for a login session is valid.
const SessionLinkLifetime = time.Hour

// Links verifies and issues link tokens, refusing those issued before their subscriber unsubscribed from
// everything. The exchange, the reminder endpoints and the one-click unsubscribe all verify through it.
type Links struct {
	tokens *Tokens
	// withdrawals is nil when nothing can have been withdrawn (tests of the tokens alone).
	withdrawals WithdrawalStore
	// sessions is nil where login sessions cannot be checked; a link bound to a session then opens nothing.
	sessions SessionBinder
	// accounts is nil where accounts cannot be asked; a link issued for an account then opens nothing.
	accounts AccountAddresses
}

// NewLinks returns the link checker on tokens, the withdrawal records, the login sessions (nil: none to bind) and
// the identity provider's accounts (nil: none to ask).
func NewLinks(tokens *Tokens, withdrawals WithdrawalStore, sessions SessionBinder, accounts AccountAddresses) *Links {
	return &Links{tokens: tokens, withdrawals: withdrawals, sessions: sessions, accounts: accounts}
}

// Verify checks a link token and names its subscriber; a link issued before the subscriber withdrew is
// refused with ErrInvalidToken and ErrWithdrawn, one issued for a login session that has ended with
// ErrInvalidToken and ErrSessionEnded, one issued for an account whose address it no longer is with
// ErrInvalidToken and ErrAccountChanged.
func (l *Links) Verify(ctx context.Context, token string) (identity.Email, error) {
	link, err := l.verify(ctx, token)
	return link.Email, err
}

// verify is Verify with the whole link (the session it is bound to).
func (l *Links) verify(ctx context.Context, token string) (Link, error) {
	link, withdrawn, err := l.open(ctx, token)
	if err != nil {
		return Link{}, err
	}
	if withdrawn {
		return Link{}, fmt.Errorf("%w: %w", ErrInvalidToken, ErrWithdrawn)
	}
	return link, nil
}

// mintForSession issues a link token for the account uid, bound to the login session of sessionToken where
// sessions can be checked.
func (l *Links) mintForSession(uid string, email identity.Email, lifetime time.Duration, sessionToken string) (string, time.Time, error) {
	key := ""
	if l.sessions != nil {
		key = l.sessions.SessionKey(sessionToken)
	}
	return l.tokens.mint(email, lifetime, key, uid)
}

// Mint issues a link token for email, valid for lifetime.
func (l *Links) Mint(email identity.Email, lifetime time.Duration) (string, time.Time, error) {
	return l.tokens.Mint(email, lifetime)
}

// open checks the token and tells whether its subscriber unsubscribed from everything at or after its issue. A
// link older than a withdrawal is reported so before its account is asked: a repeated one-click POST stays
// harmless, and the centre says "unsubscribed" rather than "expired".
func (l *Links) open(ctx context.Context, token string) (Link, bool, error) {
	link, err := l.tokens.Open(ctx, token)
	if err != nil {
		return link, false, err
	}
	if link.Session != "" {
		live := false
		if l.sessions != nil {
			if live, err = l.sessions.SessionLive(ctx, link.Session); err != nil {
				return link, false, err
			}
		}
		if !live {
			return link, false, fmt.Errorf("%w: %w", ErrInvalidToken, ErrSessionEnded)
		}
	}
	if l.withdrawals != nil {
		at, found, err := l.withdrawals.LastWithdrawal(ctx, link.Email)
		if err != nil {
			return link, false, err
		}
		// iat has whole seconds: a link from the second of the withdrawal counts as older.
		if found && !link.IssuedAt.After(at.Truncate(time.Second)) {
			return link, true, nil
		}
	}
	if link.UID != "" {
		if err := l.stillTheAccountsAddress(ctx, link); err != nil {
			return link, false, err
		}
	}
	return link, false, nil
}

// stillTheAccountsAddress refuses a link issued for an account whose address the link's no longer is: the exchange
// would otherwise make a new, empty newsletter-only account of an address the shopper left behind, and the reminders
// and the one-click unsubscribe would act on whoever has that address now (QA: a fresh tab opened such a centre).
func (l *Links) stillTheAccountsAddress(ctx context.Context, link Link) error {
	if l.accounts == nil {
		return fmt.Errorf("%w: %w", ErrInvalidToken, ErrAccountChanged)
	}
	current, err := l.accounts.AccountEmail(ctx, link.UID)
	if errors.Is(err, identity.ErrAccountNotFound) {
		return fmt.Errorf("%w: %w", ErrInvalidToken, ErrAccountChanged)
	}
	if err != nil {
		return fmt.Errorf("subscribers: the link's account: %w", err)
	}
	// SAP CDC keeps an address as it was typed; the link's is in the one form ParseEmail gives.
	if now, err := identity.ParseEmail(current.String()); err != nil || now != link.Email {
		return fmt.Errorf("%w: %w", ErrInvalidToken, ErrAccountChanged)
	}
	return nil
}

// Settings are what a Service is built from.
type Settings struct {
	Links    *Links
	Accounts RegTokenIssuer
	// Eraser is nil only in tests that need no full unsubscribe (ErrUnsupported then).
	Eraser AccountEraser
	// Data erases the rest and keeps the withdrawal record (the store the Links read); nil only in tests that need
	// no full unsubscribe.
	Data DataEraser
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Lock keeps an unsubscribe from everything apart from a reminder's confirmation for the same address; nil in
	// tests of one request at a time.
	Lock identity.SubscriberLock
}

// Service is the subscriber side of the preference centre: links, their exchange, full unsubscribes.
type Service struct {
	s Settings
}

// NewService returns the service.
func NewService(s Settings) *Service {
	if s.Now == nil {
		s.Now = time.Now
	}
	return &Service{s: s}
}

// Exchange verifies a link token and returns a registration token (valid one hour) for the subscriber's
// account, which the provider creates as a lite account when there is none. A link a login session asked for
// gives a regToken that ends with that session where the provider can bind one (SessionRegTokenIssuer). Errors:
// ErrInvalidToken (with ErrWithdrawn for a link older than a full unsubscribe, with ErrAccountChanged for a link of
// an account whose address it no longer is, which creates nothing, with identity.ErrAccountDisabled for an account
// an operator disabled); identity.ErrUnavailable (wrapped) when the provider cannot answer.
func (s *Service) Exchange(ctx context.Context, token string) (identity.RegToken, error) {
	link, err := s.s.Links.verify(ctx, token)
	if err != nil {
		return identity.RegToken{}, err
	}
	var rt identity.RegToken
	if bound, ok := s.s.Accounts.(SessionRegTokenIssuer); ok && link.Session != "" {
		rt, err = bound.SessionSubscriberRegToken(ctx, link.Email, link.Session)
	} else {
		rt, err = s.s.Accounts.SubscriberRegToken(ctx, link.Email)
	}
	switch {
	case errors.Is(err, identity.ErrAccountNotFound):
		// Lite accounts are created on demand, so this means the provider refused the address.
		return identity.RegToken{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	case errors.Is(err, identity.ErrAccountDisabled):
		// The link opens nothing, as one whose session ended: the preference centre shows preferences.loading
		// (spec 001 §8), never the disabled account's data (QA security round of 2026-11-29).
		return identity.RegToken{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	case err != nil:
		return identity.RegToken{}, fmt.Errorf("subscribers: registration token: %w", err)
	}
	return rt, nil
}

// LinkForSession issues a link token (SessionLinkLifetime) for the account of a login session, so that a
// logged-in shopper uses the preference centre exactly as a link's holder does; where sessions can be checked
// (SessionBinder) the link ends with the session, and it names the account (its uid), so it opens nothing once
// its address is no longer the account's. ErrNotLoggedIn without a live session.
func (s *Service) LinkForSession(ctx context.Context, sessionToken string) (string, time.Time, error) {
	if s.s.Eraser == nil {
		return "", time.Time{}, ErrUnsupported
	}
	if sessionToken == "" {
		return "", time.Time{}, ErrNotLoggedIn
	}
	uid, email, err := s.s.Eraser.SessionAccount(ctx, sessionToken)
	if errors.Is(err, identity.ErrAccountNotFound) {
		return "", time.Time{}, ErrNotLoggedIn
	}
	if err != nil {
		return "", time.Time{}, err
	}
	return s.s.Links.mintForSession(uid, email, SessionLinkLifetime, sessionToken)
}

// UnsubscribeAll is the full unsubscribe of the link's subscriber (spec 001 §4, RFC 8058 one-click): every
// subscription ends, every product reminder and the address's mails are deleted (DataEraser), the subscriber's
// personal data is erased from the identity provider (EraseSubscriber says what that means for each kind of
// account), and only the Withdrawal record stays. The link and every older link of the address open nothing afterwards. A link already older
// than a withdrawal does nothing and succeeds, so a repeated one-click POST is harmless.
func (s *Service) UnsubscribeAll(ctx context.Context, token string) (Withdrawal, error) {
	if s.s.Eraser == nil || s.s.Data == nil {
		return Withdrawal{}, ErrUnsupported
	}
	link, withdrawn, err := s.s.Links.open(ctx, token)
	if err != nil || withdrawn {
		return Withdrawal{}, err
	}
	var w Withdrawal
	err = identity.Alone(ctx, s.s.Lock, link.Email, func(ctx context.Context) error {
		erased, err := s.s.Eraser.EraseSubscriber(ctx, link.Email)
		if err != nil {
			return fmt.Errorf("subscribers: erase account: %w", err)
		}
		if w, err = s.s.Data.EraseSubscriberData(ctx, link.Email, erased, s.s.Now().UTC()); err != nil {
			return fmt.Errorf("subscribers: erase data: %w", err)
		}
		return nil
	})
	if err != nil {
		return Withdrawal{}, err
	}
	return w, nil
}
