package subscribers_test

import (
	"context"
	"errors"
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
			rt, err := subscribers.NewService(subscribers.Settings{Links: subscribers.NewLinks(tokens, nil, nil), Accounts: backend}).Exchange(context.Background(), tc.token)
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

func (f *fakeSessions) SessionEmail(_ context.Context, token string) (identity.Email, error) {
	if token != "s1" {
		return "", identity.ErrAccountNotFound
	}
	return "anna@example.com", nil
}

// A link a login session asked for ends with that session; where sessions cannot be checked it opens nothing.
func TestSessionLinksEndWithTheirSession(t *testing.T) {
	tokens := newTokens(t)
	sessions := &fakeSessions{ended: map[string]bool{}}
	links := subscribers.NewLinks(tokens, nil, sessions)
	service := subscribers.NewService(subscribers.Settings{Links: links, Accounts: &fakeBackend{}, Eraser: sessions})

	link, _, err := service.LinkForSession(context.Background(), "s1")
	require.NoError(t, err)
	_, err = service.Exchange(context.Background(), link)
	require.NoError(t, err)
	mailed, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)

	_, err = subscribers.NewLinks(tokens, nil, nil).Verify(context.Background(), link)
	require.ErrorIs(t, err, subscribers.ErrSessionEnded, "a bound link where no session can be checked")

	sessions.ended["key-s1"] = true
	_, err = service.Exchange(context.Background(), link)
	require.ErrorIs(t, err, subscribers.ErrInvalidToken)
	require.ErrorIs(t, err, subscribers.ErrSessionEnded)
	_, err = service.Exchange(context.Background(), mailed)
	require.NoError(t, err, "a mailed link is bound to no session")
}
