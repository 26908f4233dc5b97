package embedded_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// Code review round: the limited regToken a registration of a subscriber's address answers may not read the subscriber's data
// (keepHeld / payloadLimited) -- but it may write it: setAccountInfo ignores access.limited.
func TestUnconfirmedRegistrationRenamesAndUnsubscribesNoSubscriber(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina"},
			Subscriptions: map[string]any{"NLT_OFFERS": map[string]any{"email": map[string]any{"isSubscribed": true}}}})

		// A stranger registers the subscriber's address: 206002 with a "limited" regToken.
		reg := h.register(embedded.RegisterParams{Email: "news@example.com", Password: goodPassword,
			Profile: map[string]any{"firstName": "Xaver", "lastName": "X"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, reg.ErrorCode)

		// ...and with it renames and unsubscribes the subscriber, which Register itself refuses to do.
		w, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: reg.RegToken,
			Profile:       map[string]any{"firstName": "Hacked"},
			Subscriptions: map[string]any{"NLT_OFFERS": map[string]any{"email": map[string]any{"isSubscribed": false}}}})
		require.NoError(t, err)
		a, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		t.Logf("setAccountInfo with limited regToken: errorCode=%d firstName=%v NLT_OFFERS=%v", w.ErrorCode, a.Profile["firstName"], a.Subscriptions["NLT_OFFERS"])
		require.Equal(t, "Nina", a.Profile["firstName"], "an unproven registration must not rename the subscriber")
		on, _ := a.Subscriptions["NLT_OFFERS"].(map[string]any)["email"].(map[string]any)["isSubscribed"].(bool)
		require.True(t, on, "an unproven registration must not unsubscribe the subscriber")
	})
}

// Code review round: the same limited regToken moves the subscriber's account (and its data) to the stranger's address.
func TestUnconfirmedRegistrationMovesNoSubscriberToAnotherAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina", "birthYear": 1980}})

		reg := h.register(embedded.RegisterParams{Email: "news@example.com", Password: goodPassword,
			Profile: map[string]any{"firstName": "Xaver", "lastName": "X"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, reg.ErrorCode)
		w, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: reg.RegToken, Password: goodPassword,
			Profile: map[string]any{"email": "thief@example.net"}})
		require.NoError(t, err)
		t.Logf("e-mail change with limited regToken: errorCode=%d", w.ErrorCode)
		if w.ErrorCode == contract.CodeOK {
			code, err := h.p.VerifyEmail(h.ctx, h.lastLink("thief@example.net", embedded.MailVerification))
			require.NoError(t, err)
			l, tok := h.login("thief@example.net", goodPassword)
			t.Logf("verify=%d login=%d", code, l.ErrorCode)
			if tok != "" {
				info, _ := h.p.GetAccountInfo(h.ctx, embedded.Caller{SessionToken: tok}, "", "profile", "")
				t.Logf("thief reads: %v", info.Fields["profile"])
			}
		}
		require.NotEqual(t, contract.CodeOK, w.ErrorCode, "an unproven registration must not move the subscriber's account to another address")
	})
}

// Code review round: a regToken handed out at a login before a password reset finalizes into a session after the reset.
func TestRegTokenOfTheOldPasswordEndsAtAReset(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		r := h.register(embedded.RegisterParams{Email: "eva@example.com", Password: goodPassword,
			Profile: map[string]any{"firstName": "Eva", "lastName": "M"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)
		// Someone who knows the (old) password logs in: 206002 and a regToken.
		l, _ := h.login("eva@example.com", goodPassword)
		require.Equal(t, contract.CodePendingVerification, l.ErrorCode)
		stale := l.RegToken

		// The owner resets the password (which verifies the address and ends everything of the old password).
		h.resetPassword("eva@example.com", "Owners-New-Passw0rd!")

		f, err := h.p.FinalizeRegistration(h.ctx, c, stale, "")
		require.NoError(t, err)
		t.Logf("finalize with pre-reset regToken: errorCode=%d session=%v", f.ErrorCode, f.Session != nil)
		if f.Session != nil {
			_, live := h.p.SessionUID(h.ctx, f.Session.Token)
			t.Logf("session live: %v", live)
		}
		require.Nil(t, f.Session, "a regToken of the old password must not open a session after the reset")
	})
}

// Code review round: an e-mail change asked before a password reset (or change) is still confirmed after it.
func TestPendingEmailChangeEndsAtAReset(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		uid := h.registerVerified("eva@example.com")
		_, tok := h.login("eva@example.com", goodPassword) // a thief's session with the stolen password
		w, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: tok}, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "thief@example.net"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, w.ErrorCode)
		link := h.lastLink("thief@example.net", embedded.MailVerification)

		// The owner gets the notice and resets the password.
		h.resetPassword("eva@example.com", "Owners-New-Passw0rd!")

		code, err := h.p.VerifyEmail(h.ctx, link)
		require.NoError(t, err)
		a, _ := h.store.AccountByUID(h.ctx, uid)
		t.Logf("thief's change link after reset: code=%d, account e-mail now %s", code, a.Email)
		require.Equal(t, "eva@example.com", a.Email, "a reset must end the e-mail changes asked with the old password")
	})
}

func TestPendingEmailChangeEndsAtAPasswordChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		uid := h.registerVerified("eva@example.com")
		_, tok := h.login("eva@example.com", goodPassword)
		w, _ := h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: tok}, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "thief@example.net"}})
		require.Equal(t, contract.CodeOK, w.ErrorCode)
		link := h.lastLink("thief@example.net", embedded.MailVerification)
		_, own := h.login("eva@example.com", goodPassword)
		w, _ = h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: own}, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Owners-New-Passw0rd!"})
		require.Equal(t, contract.CodeOK, w.ErrorCode)
		code, _ := h.p.VerifyEmail(h.ctx, link)
		a, _ := h.store.AccountByUID(h.ctx, uid)
		t.Logf("change link after password change: code=%d e-mail=%s", code, a.Email)
		require.Equal(t, "eva@example.com", a.Email)
	})
}

// Code review round: a reset link mailed to the old address still works after the e-mail change was confirmed.
func TestResetLinkToTheOldAddressEndsWithTheEmailChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com")
		c := embedded.Caller{}
		rr, _ := h.p.ResetPassword(h.ctx, c, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
		require.Equal(t, contract.CodeOK, rr.ErrorCode)
		oldLink := h.lastLink("eva@example.com", embedded.MailPasswordReset)
		_, tok := h.login("eva@example.com", goodPassword)
		w, _ := h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: tok}, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "eva.neu@example.com"}})
		require.Equal(t, contract.CodeOK, w.ErrorCode)
		code, _ := h.p.VerifyEmail(h.ctx, h.lastLink("eva.neu@example.com", embedded.MailVerification))
		require.Equal(t, contract.CodeOK, code)
		rr, _ = h.p.ResetPassword(h.ctx, c, embedded.ResetPasswordParams{PasswordResetToken: oldLink, NewPassword: "Other-Passw0rd!"})
		t.Logf("reset link of the old address after the change: %d", rr.ErrorCode)
		require.Equal(t, contract.CodePasswordTokenInvalid, rr.ErrorCode)
	})
}

// Code review round: a verification link resent on day 13 ("valid 14 days") is dead on day 15: the sweep counts from registration.
func TestResentVerificationLinkLivesItsFourteenDays(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		r := h.register(embedded.RegisterParams{Email: "late@example.com", Password: goodPassword,
			Profile: map[string]any{"firstName": "L", "lastName": "L"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)
		h.advance(13 * 24 * time.Hour)
		res, _ := h.p.ResendVerificationCode(h.ctx, c, "", "late@example.com")
		require.Equal(t, contract.CodeOK, res.ErrorCode)
		link := h.lastLink("late@example.com", embedded.MailVerification)
		h.advance(2 * 24 * time.Hour)
		_, err := h.p.Maintain(h.ctx, h.now)
		require.NoError(t, err)
		code, err := h.p.VerifyEmail(h.ctx, link)
		require.NoError(t, err)
		t.Logf("link resent 2 days ago: %d", code)
		require.Equal(t, contract.CodeOK, code, "a link is valid 14 days from its mail")
	})
}

// A registration of a subscriber's address waits for the mail even when the subscriber's account counts as
// verified (code review round: it logged in at once and read the subscriber's data).
func TestRegistrationOverAVerifiedSubscriberWaitsForTheMail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		rt, _ := h.p.Backend().SubscriberRegToken(h.ctx, identity.Email("news@example.com"))
		_, _ = h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: rt.Token, Profile: map[string]any{"firstName": "Nina"}})
		a, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		a.IsVerified, a.VerifiedAt = true, h.now
		_, err = h.store.UpdateAccount(h.ctx, a)
		require.NoError(t, err)

		r := h.register(embedded.RegisterParams{Email: "news@example.com", Password: "Strangers-Passw0rd!",
			Profile: map[string]any{"firstName": "Sven", "lastName": "S"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)
		l, tok := h.login("news@example.com", "Strangers-Passw0rd!")
		require.Equal(t, contract.CodePendingVerification, l.ErrorCode)
		require.Empty(t, tok)
	})
}

// QA, 2026-11-29: finalize asked a subscriber who registered to accept the terms a second time, as the limited
// regToken of the registration read no consent at all. It reads back the consents that registration gave, and still
// none the subscriber gave before.
func TestUnconfirmedRegistrationReadsBackItsOwnConsentOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina"}})
		a, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		a.Preferences = map[string]any{"privacy": map[string]any{"aec": map[string]any{"isConsentGranted": true, "lastConsentModified": "2025-03-01T10:00:00.000Z"}}}
		_, err = h.store.UpdateAccount(h.ctx, a)
		require.NoError(t, err)
		h.now = h.now.Add(time.Minute)

		reg := h.register(embedded.RegisterParams{Email: "news@example.com", Password: goodPassword, Preferences: consent})
		require.Equal(t, contract.CodePendingRegistration, reg.ErrorCode, reg.ErrorDetails)
		r, err := h.p.GetAccountInfo(h.ctx, embedded.Caller{}, reg.RegToken, "profile,preferences", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		prefs := r.Fields["preferences"].(map[string]any)
		terms, _ := prefs["terms"].(map[string]any)["customeraccount"].(map[string]any)
		require.Equal(t, true, terms["isConsentGranted"], "the consent this registration gave")
		require.NotContains(t, prefs, "privacy", "the subscriber's own earlier consent stays unread")
		require.Equal(t, map[string]any{"email": "news@example.com"}, r.Fields["profile"])
	})
}
