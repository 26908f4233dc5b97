package embedded_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// Code review round: pre-account hijacking through a social identity with an unconfirmed address: the reset that first proves the
// address drops passkeys bound before it, but not the social identity that made the account.
func TestResetByTheAddressOwnerUnlinksSocialIdentitiesBoundBeforeIt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		attacker := embedded.SocialIdentity{Provider: "facebook", Subject: "f-mallory", Email: "victim@example.com", EmailVerified: false,
			Profile: map[string]any{"firstName": "Vic", "lastName": "Tim"}}
		r, err := h.p.CompleteSocialLogin(h.ctx, c, attacker)
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)

		// The owner of the mailbox finds the address taken and resets the password: the first proof of the address.
		h.resetPassword("victim@example.com", "Victims-Own-Passw0rd!")
		// The owner accepts the terms and uses the account.
		l, _ := h.login("victim@example.com", "Victims-Own-Passw0rd!")
		if l.ErrorCode == contract.CodePendingRegistration {
			s, _ := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: l.RegToken, Preferences: consent})
			require.Equal(t, contract.CodeOK, s.ErrorCode)
		}

		// The attacker's identity, still with the unconfirmed address, logs in.
		r, err = h.p.CompleteSocialLogin(h.ctx, c, attacker)
		require.NoError(t, err)
		t.Logf("attacker's social login after the owner's reset: errorCode=%d session=%v", r.ErrorCode, r.Session != nil)
		require.Nil(t, r.Session, "an identity bound before the address was proven must not log into the owner's account")
	})
}

// Code review round: removing a passkey leaves the sessions opened with it alive (sessions are bound to password hash and e-mail only).
func TestRemovingAPasskeyEndsTheOtherSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("paula@example.com")
		_, own := h.login("paula@example.com", goodPassword)
		me := embedded.Caller{SessionToken: own}
		auth, id := h.addPasskey(me, "Phone")

		stolen := h.passkeyLogin(auth, "") // the lost phone's session
		require.Equal(t, contract.CodeOK, stolen.ErrorCode)
		removed, err := h.p.RemovePasskey(h.ctx, me, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, removed.ErrorCode)
		_, live := h.p.SessionUID(h.ctx, stolen.Session.Token)
		t.Logf("session opened with the removed passkey still live: %v", live)
		require.False(t, live, "a session opened with a passkey must end when that passkey is removed")
	})
}

// A disabled account changes nothing through a regToken it had: 403041 (code review round: the password and the
// address changed), and reads nothing through it either, nor is it given a new one (a newsletter link's exchange;
// QA security round of 2026-11-29: the centre showed its profile and subscriptions).
func TestDisabledAccountActsThroughNoRegToken(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com")
		before, err := h.p.Backend().SubscriberRegToken(h.ctx, identity.Email("eva@example.com"))
		require.NoError(t, err)
		require.NoError(t, h.p.SetDisabled(h.ctx, "eva@example.com", true))
		c := embedded.Caller{}
		w, _ := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: before.Token, Password: goodPassword, NewPassword: "Other-Passw0rd!x"})
		require.Equal(t, contract.CodeAccountDisabled, w.ErrorCode)
		e, _ := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: before.Token, Password: goodPassword, Profile: map[string]any{"email": "new@example.net"}})
		require.Equal(t, contract.CodeAccountDisabled, e.ErrorCode)
		r, err := h.p.GetAccountInfo(h.ctx, c, before.Token, "profile,data,preferences,subscriptions", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeAccountDisabled, r.ErrorCode)
		require.NotContains(t, r.Fields, "profile")
		_, err = h.p.Backend().SubscriberRegToken(h.ctx, identity.Email("eva@example.com"))
		require.ErrorIs(t, err, identity.ErrAccountDisabled)

		require.NoError(t, h.p.SetDisabled(h.ctx, "eva@example.com", false))
		r, err = h.p.GetAccountInfo(h.ctx, c, before.Token, "profile", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode, "enabled again")
	})
}

// Code review round: two callbacks of one new social identity at once (a double click): one answers a Go error (500001).
func TestParallelSocialSignUpIsNoServerError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		p := h.providerOn(stallSocial{Store: h.store, barrier: newBarrier(2)})
		var wg sync.WaitGroup
		var failures atomic.Int32
		for range 2 {
			wg.Go(func() {
				r, err := p.CompleteSocialLogin(h.ctx, embedded.Caller{}, embedded.SocialIdentity{Provider: "googleplus", Subject: "g-1",
					Email: "gina@example.com", EmailVerified: true, Profile: map[string]any{"firstName": "G", "lastName": "H"}})
				t.Logf("callback: code=%d err=%v", r.ErrorCode, err)
				if err != nil {
					failures.Add(1)
					t.Logf("error: %v", err)
				}
			})
		}
		wg.Wait()
		require.Zero(t, failures.Load(), "a repeated callback is no server error")
	})
}

// barrier holds each caller of wait until n have come (or two seconds passed): store wrappers use it so that
// requests sent at once all read before any of them writes.
type barrier struct {
	n   int32
	in  *atomic.Int32
	all chan struct{}
}

func newBarrier(n int32) barrier { return barrier{n: n, in: &atomic.Int32{}, all: make(chan struct{})} }

func (b barrier) wait() {
	if b.in.Add(1) == b.n {
		close(b.all)
	}
	select {
	case <-b.all:
	case <-time.After(2 * time.Second):
	}
}

// stallTokens holds every TokenByHash until n callers have read, so their checks all see the token unused.
type stallTokens struct {
	embedded.Store
	barrier
}

func (s stallTokens) TokenByHash(ctx context.Context, hash string) (embedded.Token, error) {
	t, err := s.Store.TokenByHash(ctx, hash)
	s.wait()
	return t, err
}

// Code review round: finalizeRegistration ignores UseToken's answer: two calls that read the token before either
// used it both open a session.
func TestFinalizeTwiceAtOnceOpensOneSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		r := h.register(embedded.RegisterParams{Email: "fin@example.com", Password: goodPassword,
			Profile: map[string]any{"firstName": "F", "lastName": "F"}, Preferences: consent})
		code, _ := h.p.VerifyEmail(h.ctx, h.lastLink("fin@example.com", embedded.MailVerification))
		require.Equal(t, contract.CodeOK, code)
		p := h.providerOn(stallTokens{Store: h.store, barrier: newBarrier(2)})
		var wg sync.WaitGroup
		var sessions atomic.Int32
		for range 2 {
			wg.Go(func() {
				f, err := p.FinalizeRegistration(h.ctx, c, r.RegToken, "")
				require.NoError(t, err)
				if f.Session != nil {
					sessions.Add(1)
				}
			})
		}
		wg.Wait()
		t.Logf("sessions from one single-use regToken: %d", sessions.Load())
		require.EqualValues(t, 1, sessions.Load())
	})
}

// stallSocial holds AccountByEmail until n callers have looked the address up (both callbacks find it new).
type stallSocial struct {
	embedded.Store
	barrier
}

func (s stallSocial) AccountByEmail(ctx context.Context, email string) (embedded.Account, error) {
	a, err := s.Store.AccountByEmail(ctx, email)
	s.wait()
	return a, err
}
