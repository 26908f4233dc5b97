package subscribers_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// fakeBackend is a hand-written identity.Backend: it issues regTokens and records who asked.
type fakeBackend struct {
	err   error
	asked []identity.Email
}

var _ identity.Backend = (*fakeBackend)(nil)

func (f *fakeBackend) Login(context.Context, string, string) (identity.LoginResult, error) {
	return identity.LoginResult{}, errors.New("not used")
}

func (f *fakeBackend) ResendVerificationEmail(context.Context, identity.Email, string) error {
	return errors.New("not used")
}

func (f *fakeBackend) AccountEmail(context.Context, string) (identity.Email, error) {
	return "", errors.New("not used")
}

func (f *fakeBackend) SubscriberRegToken(_ context.Context, email identity.Email) (identity.RegToken, error) {
	f.asked = append(f.asked, email)
	if f.err != nil {
		return identity.RegToken{}, f.err
	}
	return identity.RegToken{Token: "rt-" + email.String(), CreatedAt: testNow, ExpiresAt: testNow.Add(time.Hour)}, nil
}

func TestExchange(t *testing.T) {
	tokens := newTokens(t)
	valid, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)

	tests := []struct {
		name       string
		token      string
		backendErr error
		want       identity.RegToken
		wantErr    error
		wantAsked  int
	}{
		{name: "valid link", token: valid, want: identity.RegToken{Token: "rt-anna@example.com", CreatedAt: testNow, ExpiresAt: testNow.Add(time.Hour)}, wantAsked: 1},
		{name: "invalid link never reaches the provider", token: valid + "x", wantErr: subscribers.ErrInvalidToken},
		{name: "provider unavailable", token: valid, backendErr: identity.ErrUnavailable, wantErr: identity.ErrUnavailable, wantAsked: 1},
		{name: "provider refuses the address", token: valid, backendErr: identity.ErrAccountNotFound, wantErr: subscribers.ErrInvalidToken, wantAsked: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			backend := &fakeBackend{err: tc.backendErr}
			rt, err := subscribers.NewService(subscribers.Settings{Links: subscribers.NewLinks(tokens, nil, nil, nil), Accounts: backend}).Exchange(context.Background(), tc.token)
			require.Len(t, backend.asked, tc.wantAsked)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, rt)
			require.Equal(t, identity.Email("anna@example.com"), backend.asked[0])
		})
	}
}

// fakeSessions is a hand-written login session store: sessions are live until ended.
type fakeSessions struct{ ended map[string]bool }

func (f *fakeSessions) SessionKey(token string) string { return "key-" + token }

func (f *fakeSessions) SessionLive(_ context.Context, key string) (bool, error) {
	return key == "key-s1" && !f.ended[key], nil
}

func (f *fakeSessions) EraseSubscriber(context.Context, identity.Email) (identity.ErasedSubscriber, error) {
	return identity.ErasedSubscriber{}, errors.New("not used")
}

func (f *fakeSessions) SessionAccount(_ context.Context, token string) (string, identity.Email, error) {
	if token != "s1" {
		return "", "", identity.ErrAccountNotFound
	}
	return "uid-anna", "anna@example.com", nil
}

// A link a login session asked for ends with that session; where sessions cannot be checked it opens nothing.
func TestSessionLinksEndWithTheirSession(t *testing.T) {
	tokens := newTokens(t)
	sessions := &fakeSessions{ended: map[string]bool{}}
	accounts := &fakeAccounts{emails: map[string]identity.Email{"uid-anna": "anna@example.com"}}
	links := subscribers.NewLinks(tokens, nil, sessions, accounts)
	service := subscribers.NewService(subscribers.Settings{Links: links, Accounts: accounts, Eraser: sessions})

	link, _, err := service.LinkForSession(context.Background(), "s1")
	require.NoError(t, err)
	_, err = service.Exchange(context.Background(), link)
	require.NoError(t, err)
	mailed, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)

	_, err = subscribers.NewLinks(tokens, nil, nil, accounts).Verify(context.Background(), link)
	require.ErrorIs(t, err, subscribers.ErrSessionEnded, "a bound link where no session can be checked")

	sessions.ended["key-s1"] = true
	_, err = service.Exchange(context.Background(), link)
	require.ErrorIs(t, err, subscribers.ErrInvalidToken)
	require.ErrorIs(t, err, subscribers.ErrSessionEnded)
	_, err = service.Exchange(context.Background(), mailed)
	require.NoError(t, err, "a mailed link is bound to no session")
}

// fakeAccounts is a hand-written identity provider of accounts: it answers an account's address now, and issues a
// subscriber regToken for an address, making a newsletter-only account of an address no account has, as the
// providers do.
type fakeAccounts struct {
	fakeBackend
	// emails is the address of each account now, by UID.
	emails map[string]identity.Email
	// down makes AccountEmail fail as a provider that does not answer.
	down bool
	// created are the addresses a newsletter-only account was made for.
	created []identity.Email
}

func (f *fakeAccounts) AccountEmail(_ context.Context, uid string) (identity.Email, error) {
	if f.down {
		return "", identity.ErrUnavailable
	}
	email, found := f.emails[uid]
	if !found {
		return "", identity.ErrAccountNotFound
	}
	return email, nil
}

func (f *fakeAccounts) SubscriberRegToken(ctx context.Context, email identity.Email) (identity.RegToken, error) {
	owned := false
	for _, e := range f.emails {
		owned = owned || identity.Email(strings.ToLower(e.String())) == email
	}
	if !owned {
		f.created = append(f.created, email)
	}
	return f.fakeBackend.SubscriberRegToken(ctx, email)
}

// A link the product issued for an account (its uid) opens that account's centre only while the link's address is
// still the account's: after an e-mail change, the account's deletion, or with the address now another account's
// it answers as an expired link does and makes no newsletter-only account of the address left behind. A link
// without a uid (the retailer's mailing system's) makes one, as before.
func TestAccountLinksEndWhenTheAddressIsNoLongerTheAccounts(t *testing.T) {
	tokens := newTokens(t)
	link := func(uid string) string {
		token, _, err := tokens.Mint("anna@example.com", time.Hour)
		if uid != "" {
			token, _, err = tokens.MintForAccount(uid, "anna@example.com", time.Hour)
		}
		require.NoError(t, err)
		return token
	}
	tests := []struct {
		name        string
		token       string
		emails      map[string]identity.Email
		down        bool
		wantErr     error
		wantCreated []identity.Email
	}{
		{name: "the account's link", token: link("uid-anna"), emails: map[string]identity.Email{"uid-anna": "anna@example.com"}},
		{name: "the account's address as the provider keeps it (SAP CDC: as typed)", token: link("uid-anna"), emails: map[string]identity.Email{"uid-anna": "Anna@Example.COM"}},
		{name: "the account's e-mail changed", token: link("uid-anna"), emails: map[string]identity.Email{"uid-anna": "anna.neu@example.com"}, wantErr: subscribers.ErrAccountChanged},
		{name: "the account deleted", token: link("uid-anna"), emails: map[string]identity.Email{}, wantErr: subscribers.ErrAccountChanged},
		{name: "the address another account's now", token: link("uid-anna"),
			emails: map[string]identity.Email{"uid-anna": "anna.neu@example.com", "uid-ben": "anna@example.com"}, wantErr: subscribers.ErrAccountChanged},
		{name: "the provider not answering", token: link("uid-anna"), down: true, wantErr: identity.ErrUnavailable},
		{name: "a link without uid makes the address's newsletter-only account", token: link(""), emails: map[string]identity.Email{},
			wantCreated: []identity.Email{"anna@example.com"}},
		{name: "a link without uid of an address whose account moved away", token: link(""), emails: map[string]identity.Email{"uid-anna": "anna.neu@example.com"},
			wantCreated: []identity.Email{"anna@example.com"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			accounts := &fakeAccounts{emails: tc.emails, down: tc.down}
			service := subscribers.NewService(subscribers.Settings{Links: subscribers.NewLinks(tokens, nil, nil, accounts), Accounts: accounts})
			rt, err := service.Exchange(context.Background(), tc.token)
			require.Equal(t, tc.wantCreated, accounts.created)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				if errors.Is(tc.wantErr, subscribers.ErrAccountChanged) {
					require.ErrorIs(t, err, subscribers.ErrInvalidToken, "answered as an expired link")
				}
				require.Empty(t, accounts.asked, "no regToken, no account")
				return
			}
			require.NoError(t, err)
			require.Equal(t, "rt-anna@example.com", rt.Token)
		})
	}
}

// The link of a login session names the session's account: it opens nothing once its address is no longer the
// account's, though the session lives on.
func TestSessionLinksNameTheirAccount(t *testing.T) {
	tokens := newTokens(t)
	sessions := &fakeSessions{ended: map[string]bool{}}
	accounts := &fakeAccounts{emails: map[string]identity.Email{"uid-anna": "anna@example.com"}}
	service := subscribers.NewService(subscribers.Settings{Links: subscribers.NewLinks(tokens, nil, sessions, accounts), Accounts: accounts, Eraser: sessions})

	link, _, err := service.LinkForSession(context.Background(), "s1")
	require.NoError(t, err)
	accounts.emails["uid-anna"] = "anna.neu@example.com"
	_, err = service.Exchange(context.Background(), link)
	require.ErrorIs(t, err, subscribers.ErrInvalidToken)
	require.ErrorIs(t, err, subscribers.ErrAccountChanged)
	require.Empty(t, accounts.created)
	require.Empty(t, accounts.asked)
}

// Every use of an account's link checks its account, not the exchange alone: the reminders and the one-click
// unsubscribe verify through Links too, and must not act on whoever has the address now. Where accounts cannot be
// asked, such a link opens nothing; a link older than a full unsubscribe still says so first.
func TestAccountLinksVerifyAgainstTheAccount(t *testing.T) {
	tokens := newTokens(t)
	ctx := context.Background()
	accounts := &fakeAccounts{emails: map[string]identity.Email{"uid-anna": "anna@example.com"}}
	link, _, err := tokens.MintForAccount("uid-anna", "anna@example.com", time.Hour)
	require.NoError(t, err)

	email, err := subscribers.NewLinks(tokens, nil, nil, accounts).Verify(ctx, link)
	require.NoError(t, err)
	require.Equal(t, identity.Email("anna@example.com"), email)
	_, err = subscribers.NewLinks(tokens, nil, nil, nil).Verify(ctx, link)
	require.ErrorIs(t, err, subscribers.ErrAccountChanged, "no accounts to ask")

	accounts.emails["uid-anna"] = "anna.neu@example.com"
	_, err = subscribers.NewLinks(tokens, nil, nil, accounts).Verify(ctx, link)
	require.ErrorIs(t, err, subscribers.ErrInvalidToken)
	require.ErrorIs(t, err, subscribers.ErrAccountChanged)
	_, err = subscribers.NewLinks(tokens, nil, nil, accounts).Verify(ctx, link[:len(link)-2]+"xx")
	require.NotErrorIs(t, err, subscribers.ErrAccountChanged, "a forged link never reaches the accounts")

	_, err = subscribers.NewService(subscribers.Settings{Links: subscribers.NewLinks(tokens, nil, nil, accounts), Accounts: accounts,
		Eraser: &fakeSessions{}, Data: refusingData{}}).UnsubscribeAll(ctx, link)
	require.ErrorIs(t, err, subscribers.ErrAccountChanged, "the one-click unsubscribe erases nothing of the address's new owner")
}

// refusingData fails any erasure: a test that reaches it has let a link through that must open nothing.
type refusingData struct{}

func (refusingData) EraseSubscriberData(context.Context, identity.Email, identity.ErasedSubscriber, time.Time) (subscribers.Withdrawal, error) {
	return subscribers.Withdrawal{}, errors.New("erased")
}
