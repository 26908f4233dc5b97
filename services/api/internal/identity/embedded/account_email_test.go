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

// A link the product issued for an account asks the account's address now (subscribers.Links): the new one once an
// e-mail change is confirmed, none once the account is deleted. The session's link names its account.
func TestAccountEmailFollowsTheAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		backend := h.p.Backend()
		uid, caller := h.loggedIn("eva@example.com")

		sessionUID, email, err := h.p.SessionAccount(h.ctx, caller.SessionToken)
		require.NoError(t, err)
		require.Equal(t, uid, sessionUID)
		require.Equal(t, identity.Email("eva@example.com"), email)
		_, _, err = h.p.SessionAccount(h.ctx, "no-such-session")
		require.ErrorIs(t, err, identity.ErrAccountNotFound)

		got, err := backend.AccountEmail(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, identity.Email("eva@example.com"), got)

		w, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "Eva.Neu@Example.com"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, w.ErrorCode, w.ErrorDetails)
		got, err = backend.AccountEmail(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, identity.Email("eva@example.com"), got, "a change not yet confirmed")
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("eva.neu@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		got, err = backend.AccountEmail(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, identity.Email("eva.neu@example.com"), got)

		_, session := h.login("eva.neu@example.com", goodPassword)
		deleted, err := h.p.DeleteAccount(h.ctx, embedded.Caller{SessionToken: session}, embedded.DeleteAccountParams{Password: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, deleted.ErrorCode, deleted.ErrorDetails)
		_, err = backend.AccountEmail(h.ctx, uid)
		require.ErrorIs(t, err, identity.ErrAccountNotFound)
		_, err = backend.AccountEmail(h.ctx, "no-such-uid")
		require.ErrorIs(t, err, identity.ErrAccountNotFound)
	})
}

// TestEmailChangeToASubscribersAddress: a newsletter subscriber's address is taken by an e-mail change as one without
// an account, as registering it is; 400003 told subscribers apart while every other call hides them (QA security
// round of 2026-11-29). Following the link proves the address, the subscriber's as much as the account's: the
// subscriber's account joins the account with its newsletters and marketing data, and is gone. A registered
// address still answers 400003, as registering it does.
func TestEmailChangeToASubscribersAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		on := map[string]any{"email": map[string]any{"isSubscribed": true}}
		centre := h.subscriber("news@example.com", embedded.SetAccountInfoParams{
			Profile:       map[string]any{"firstName": "Nina"},
			Subscriptions: map[string]any{"NLT_GENERAL": on},
			Data:          map[string]any{"sfmc": map[string]any{"dataProcessingConsented": true}, "preference": map[string]any{"ORGANIC": true, "VEGAN": false}},
		})
		confirmed, err := h.p.ConfirmSubscription(h.ctx, h.lastLink("news@example.com", embedded.MailSubscriptionConfirmation))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, confirmed.Code)
		s, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: centre, Subscriptions: map[string]any{"NLT_OFFERS": on}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode, "NLT_OFFERS waits for its link")
		subscriber, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		h.registerVerified("taken@example.com")

		uid, eva := h.loggedIn("eva@example.com")
		own, err := h.p.SetAccountInfo(h.ctx, eva, embedded.SetAccountInfoParams{Data: map[string]any{"preference": map[string]any{"VEGAN": true}}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, own.ErrorCode)
		change := func(to string) embedded.Result {
			t.Helper()
			r, err := h.p.SetAccountInfo(h.ctx, eva, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": to}})
			require.NoError(t, err)
			return r
		}
		require.Equal(t, contract.CodeUniqueIdentifierExists, change("taken@example.com").ErrorCode, "a registered address, as at registration")
		unknown, theirs := change("nobody@example.com"), change("news@example.com")
		require.Equal(t, contract.CodeOK, theirs.ErrorCode, theirs.ErrorDetails)
		require.Equal(t, unknown, theirs, "a subscriber's address answers as one without an account")

		offersMails := h.mailCount("news@example.com", embedded.MailSubscriptionConfirmation)
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("news@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)

		_, err = h.store.AccountByUID(h.ctx, subscriber.UID)
		require.ErrorIs(t, err, embedded.ErrNotFound, "the subscriber's account joined the account")
		gone, err := h.p.GetAccountInfo(h.ctx, embedded.Caller{}, centre, "", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, gone.ErrorCode, "its regToken opens nothing")
		r, session := h.login("news@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		info, err := h.p.GetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, "", "profile,data,subscriptions", "")
		require.NoError(t, err)
		require.Equal(t, uid, info.Fields["UID"])
		require.Equal(t, "Eva", info.Fields["profile"].(map[string]any)["firstName"], "the account's profile stays the account's")
		data := info.Fields["data"].(map[string]any)
		require.Equal(t, map[string]any{"ORGANIC": true, "VEGAN": true}, data["preference"], "the subscriber's tiles fill what the account lacked")
		require.Equal(t, true, data["sfmc"].(map[string]any)["dataProcessingConsented"])
		subs := info.Fields["subscriptions"].(map[string]any)
		general := subs["NLT_GENERAL"].(map[string]any)["email"].(map[string]any)
		require.Equal(t, true, general["isSubscribed"])
		require.Equal(t, "Confirmed", general["doubleOptIn"].(map[string]any)["status"])
		offers := subs["NLT_OFFERS"].(map[string]any)["email"].(map[string]any)
		require.Equal(t, "Pending", offers["doubleOptIn"].(map[string]any)["status"])
		require.Equal(t, offersMails+1, h.mailCount("news@example.com", embedded.MailSubscriptionConfirmation), "its waiting link is mailed again, for the account")
		again, err := h.p.ConfirmSubscription(h.ctx, h.lastLink("news@example.com", embedded.MailSubscriptionConfirmation))
		require.NoError(t, err)
		require.Equal(t, embedded.SubscriptionLinkOutcome{Code: contract.CodeOK, Key: "NLT_OFFERS"}, again)
	})
}

// An e-mail change's link that a newer change ended stays replaced once the newer link changed the address, and
// through the housekeeping for as long as it would have been valid: it was never used (QA round of 2026-12-01: it
// then said "ungültig … bereits verwendet"). A link that changed the address is a used one, whatever change
// waits after it.
func TestReplacedEmailChangeLinkOutlivesTheNewerOnesConfirmation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		_, caller := h.loggedIn("eva@example.com")
		verify := func(link string) int {
			code, err := h.p.VerifyEmail(h.ctx, link)
			require.NoError(t, err)
			return code
		}

		replaced := h.changeEmail(caller, goodPassword, "eva.x@example.com")
		h.advance(time.Minute)
		newer := h.changeEmail(caller, goodPassword, "eva.y@example.com")
		require.Equal(t, embedded.LinkReplaced, h.endedEmailChange(replaced))
		require.Equal(t, contract.CodeOK, verify(newer))
		require.Equal(t, contract.CodeNotFound, verify(replaced), "the replaced link changes nothing")
		require.Equal(t, embedded.LinkReplaced, h.endedEmailChange(replaced), "the newer link's confirmation")
		require.Empty(t, h.endedEmailChange(newer), "the link that changed the address")

		h.advance(embedded.DefaultConfig().VerificationLifetime - time.Hour)
		_, err := h.p.Maintain(h.ctx, h.now)
		require.NoError(t, err)
		require.Equal(t, embedded.LinkReplaced, h.endedEmailChange(replaced), "the housekeeping on the replaced link's last day")

		_, session := h.login("eva.y@example.com", goodPassword)
		h.changeEmail(embedded.Caller{SessionToken: session}, goodPassword, "eva.z@example.com")
		require.Empty(t, h.endedEmailChange(newer), "a used link, though a newer change waits")
	})
}

// A later QA round of 2026-12-01: a password change or reset ends the open e-mail change's link with the account's
// other links (endCredentials). That link, never used, said "ungültig … bereits verwendet", and the older link it
// had replaced said that only the newest link could change the address, which no longer could either. Both say
// now that the change was ended by the password's change (LinkEnded). A link whose time ran out before still says it
// expired; a replaced link whose newer link changed the address, or ran out, still says it was replaced.
func TestEmailChangeLinksEndedByANewPasswordSaySo(t *testing.T) {
	for _, event := range []struct {
		name string
		run  func(h *harness, caller embedded.Caller)
	}{
		{"change", func(h *harness, caller embedded.Caller) {
			w, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Another-Passw0rd"})
			require.NoError(h.t, err)
			require.Equal(h.t, contract.CodeOK, w.ErrorCode, w.ErrorDetails)
		}},
		{"reset", func(h *harness, _ embedded.Caller) { h.resetPassword("eva@example.com", "Another-Passw0rd") }},
	} {
		t.Run(event.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, db *database.DB) {
				h := newHarness(t, db)
				_, caller := h.loggedIn("eva@example.com")

				older := h.changeEmail(caller, goodPassword, "eva.x@example.com")
				h.advance(time.Minute)
				newest := h.changeEmail(caller, goodPassword, "eva.y@example.com")
				require.Equal(t, embedded.LinkReplaced, h.endedEmailChange(older), "the newest link is open")
				h.advance(time.Minute)
				event.run(h, caller)
				code, err := h.p.VerifyEmail(h.ctx, newest)
				require.NoError(t, err)
				require.Equal(t, contract.CodeNotFound, code, "the change ended")
				require.Equal(t, embedded.LinkEnded, h.endedEmailChange(newest), "(a) never used: the password's change ended it")
				require.Equal(t, embedded.LinkEnded, h.endedEmailChange(older), "(b) the link that replaced it can no longer change the address either")

				h.advance(embedded.DefaultConfig().VerificationLifetime - time.Hour)
				_, err = h.p.Maintain(h.ctx, h.now)
				require.NoError(t, err)
				require.Equal(t, embedded.LinkEnded, h.endedEmailChange(newest), "the housekeeping on the link's last day")
				require.Equal(t, embedded.LinkEnded, h.endedEmailChange(older))
			})
		})
	}
}

// A link whose time ran out before a password's change ended it says it expired, as before; a replaced link whose
// newer link ran out first, or had changed the address, says it was replaced.
func TestEmailChangeLinksEndedByANewPasswordAfterTheyLapsedOrWereConfirmed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		_, caller := h.loggedIn("eva@example.com")
		password := goodPassword

		older := h.changeEmail(caller, password, "eva.x@example.com")
		lapsed := h.changeEmail(caller, password, "eva.y@example.com")
		h.advance(embedded.DefaultConfig().VerificationLifetime + time.Minute)
		h.resetPassword("eva@example.com", "Another-Passw0rd")
		require.Equal(t, embedded.LinkExpired, h.endedEmailChange(lapsed), "its time ran out before the reset")
		require.Equal(t, embedded.LinkReplaced, h.endedEmailChange(older), "the newer link ran out before the reset")

		password = "Another-Passw0rd"
		_, session := h.login("eva@example.com", password)
		caller = embedded.Caller{SessionToken: session}
		replaced := h.changeEmail(caller, password, "eva.z@example.com")
		confirmed := h.changeEmail(caller, password, "eva.w@example.com")
		code, err := h.p.VerifyEmail(h.ctx, confirmed)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		_, session = h.login("eva.w@example.com", "Another-Passw0rd")
		w, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, embedded.SetAccountInfoParams{Password: "Another-Passw0rd", NewPassword: "Third-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, w.ErrorCode, w.ErrorDetails)
		require.Empty(t, h.endedEmailChange(confirmed), "the link that changed the address")
		require.Equal(t, embedded.LinkReplaced, h.endedEmailChange(replaced), "the newer link changed the address before the password's change")
	})
}
