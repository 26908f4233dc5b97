package embedded_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
)

const (
	rpID   = "portal.example"
	origin = "https://portal.example"
)

// registerWithPasskey registers email with a passkey instead of a password; profile nil leaves out the required
// names (206001).
func (h *harness) registerWithPasskey(email string, profile map[string]any) (*passkeytest.Authenticator, embedded.Result) {
	h.t.Helper()
	init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
	require.NoError(h.t, err)
	opts, err := h.p.InitPasskeyRegistration(h.ctx, embedded.Caller{}, init.RegToken, email)
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, opts.ErrorCode, opts.ErrorDetails)
	auth := passkeytest.New(rpID, origin)
	auth.BackupEligible, auth.BackupState = true, true
	answer, err := auth.Register(opts.Fields["options"])
	require.NoError(h.t, err)
	r, err := h.p.Register(h.ctx, embedded.Caller{}, embedded.RegisterParams{
		Email: email, RegToken: init.RegToken, Lang: "de", Profile: profile, Preferences: consent, Passkey: answer,
	})
	require.NoError(h.t, err)
	return auth, r
}

// addPasskey adds a passkey named name to the account of caller's session (a login within contract.RecentLogin) and
// returns its authenticator and its id.
func (h *harness) addPasskey(caller embedded.Caller, name string) (*passkeytest.Authenticator, string) {
	h.t.Helper()
	opts, err := h.p.InitPasskeyRegistration(h.ctx, caller, "", "")
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, opts.ErrorCode, opts.ErrorDetails)
	auth := passkeytest.New(rpID, origin)
	answer, err := auth.Register(opts.Fields["options"])
	require.NoError(h.t, err)
	added, err := h.p.RegisterPasskey(h.ctx, caller, answer, name)
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, added.ErrorCode, added.ErrorDetails)
	return auth, added.Fields["passkey"].(map[string]any)["id"].(string)
}

// passkeyLogin runs one login ceremony with the authenticator.
func (h *harness) passkeyLogin(auth *passkeytest.Authenticator, session string) embedded.Result {
	h.t.Helper()
	return h.passkeyLoginLinking(auth, session, "")
}

// passkeyLinkLogin runs one login ceremony in link mode with the regToken of a 403043.
func (h *harness) passkeyLinkLogin(auth *passkeytest.Authenticator, linkToken string) embedded.Result {
	h.t.Helper()
	return h.passkeyLoginLinking(auth, "", linkToken)
}

func (h *harness) passkeyLoginLinking(auth *passkeytest.Authenticator, session, linkToken string) embedded.Result {
	h.t.Helper()
	opts, err := h.p.InitPasskeyLogin(h.ctx, embedded.Caller{})
	require.NoError(h.t, err)
	answer, err := auth.Login(opts.Fields["options"])
	require.NoError(h.t, err)
	r, err := h.p.PasskeyLogin(h.ctx, embedded.Caller{ClientAddress: "192.0.2.1", SessionToken: session}, answer, "", linkToken)
	require.NoError(h.t, err)
	return r
}

func requireRefused(t *testing.T, r embedded.Result, details string) {
	t.Helper()
	require.Equal(t, contract.CodeInvalidLogin, r.ErrorCode)
	require.Equal(t, details, r.ErrorDetails)
	require.Nil(t, r.Session)
}

func TestPasskeyRegistrationVerificationAndLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		auth, r := h.registerWithPasskey("Pia@Example.com", map[string]any{"firstName": "Pia", "lastName": "Passkey"})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
		uid := r.Fields["UID"].(string)
		require.Equal(t, uid, string(auth.UserHandle), "the user handle is the UID")

		// Not verified yet: the passkey is right, the account is pending (206002), no session.
		pending := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodePendingVerification, pending.ErrorCode)
		require.Nil(t, pending.Session)

		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("pia@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)

		_, oldSession := h.login("nobody@example.com", "x") // no session: a login of an unknown address
		require.Empty(t, oldSession)
		first := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodeOK, first.ErrorCode, first.ErrorDetails)
		require.NotNil(t, first.Session)
		require.Equal(t, "passkey", first.Fields["provider"])

		// A second login rotates the session: the first one ends.
		second := h.passkeyLogin(auth, first.Session.Token)
		require.Equal(t, contract.CodeOK, second.ErrorCode)
		_, ok := h.p.SessionUID(h.ctx, first.Session.Token)
		require.False(t, ok, "the previous session was rotated away")
		got, ok := h.p.SessionUID(h.ctx, second.Session.Token)
		require.True(t, ok)
		require.Equal(t, uid, got)

		// The counter and the backup flags are stored, and the list shows name, creation and last use.
		keys, err := h.store.Passkeys(h.ctx, uid)
		require.NoError(t, err)
		require.Len(t, keys, 1)
		require.Equal(t, auth.Counter, keys[0].SignCount)
		require.True(t, keys[0].BackupEligible)
		require.True(t, keys[0].BackupState)
		list, err := h.p.GetPasskeys(h.ctx, embedded.Caller{SessionToken: second.Session.Token})
		require.NoError(t, err)
		require.Equal(t, false, list.Fields["hasPassword"])
		item := list.Fields["passkeys"].([]map[string]any)[0]
		require.NotEmpty(t, item["name"])
		require.NotEmpty(t, item["created"])
		require.NotEmpty(t, item["lastUsed"])
	})
}

func TestPasskeyLoginRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		auth, r := h.registerWithPasskey("rita@example.com", map[string]any{"firstName": "Rita", "lastName": "Refused"})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)
		_, err := h.p.VerifyEmail(h.ctx, h.lastLink("rita@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, h.passkeyLogin(auth, "").ErrorCode)

		t.Run("wrong origin", func(t *testing.T) {
			auth.Origin = "https://portal.example.evil"
			defer func() { auth.Origin = origin }()
			requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeyOrigin)
		})
		t.Run("wrong relying-party id", func(t *testing.T) {
			auth.RPID = "evil.example"
			defer func() { auth.RPID = rpID }()
			requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeyRpID)
		})
		t.Run("replayed challenge", func(t *testing.T) {
			opts, err := h.p.InitPasskeyLogin(h.ctx, embedded.Caller{})
			require.NoError(t, err)
			answer, err := auth.Login(opts.Fields["options"])
			require.NoError(t, err)
			r, err := h.p.PasskeyLogin(h.ctx, embedded.Caller{}, answer, "", "")
			require.NoError(t, err)
			require.Equal(t, contract.CodeOK, r.ErrorCode)
			again, err := h.p.PasskeyLogin(h.ctx, embedded.Caller{}, answer, "", "")
			require.NoError(t, err)
			requireRefused(t, again, contract.DetailsPasskeyChallenge)
		})
		t.Run("expired challenge", func(t *testing.T) {
			opts, err := h.p.InitPasskeyLogin(h.ctx, embedded.Caller{})
			require.NoError(t, err)
			answer, err := auth.Login(opts.Fields["options"])
			require.NoError(t, err)
			h.advance(contract.PasskeyChallengeLifetime + time.Second)
			r, err := h.p.PasskeyLogin(h.ctx, embedded.Caller{}, answer, "", "")
			require.NoError(t, err)
			requireRefused(t, r, contract.DetailsPasskeyChallenge)
		})
		t.Run("unknown credential", func(t *testing.T) {
			stranger := passkeytest.New(rpID, origin)
			stranger.UserHandle = auth.UserHandle
			requireRefused(t, h.passkeyLogin(stranger, ""), contract.DetailsPasskeyUnknown)
		})
		t.Run("tampered signature", func(t *testing.T) {
			auth.TamperSignature = true
			defer func() { auth.TamperSignature = false }()
			requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeySignature)
		})
		t.Run("counter going backwards", func(t *testing.T) {
			saved := auth.Counter
			auth.Counter = 0
			defer func() { auth.Counter = saved + 1 }()
			requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeyCounter)
		})
		t.Run("user not verified", func(t *testing.T) {
			auth.UserVerified = false
			defer func() { auth.UserVerified = true }()
			requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeyUserVerification)
		})
		t.Run("malformed answer", func(t *testing.T) {
			r, err := h.p.PasskeyLogin(h.ctx, embedded.Caller{}, json.RawMessage(`{"id":"x","type":"public-key"}`), "", "")
			require.NoError(t, err)
			requireRefused(t, r, contract.DetailsPasskeyInvalid)
		})
		// After all that the passkey still logs in (counter restored beyond the stored one).
		require.Equal(t, contract.CodeOK, h.passkeyLogin(auth, "").ErrorCode)
	})
}

func TestPasskeyRefusalsCountTowardsLockout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		auth, _ := h.registerWithPasskey("lou@example.com", map[string]any{"firstName": "Lou", "lastName": "Locked"})
		_, err := h.p.VerifyEmail(h.ctx, h.lastLink("lou@example.com", embedded.MailVerification))
		require.NoError(t, err)
		auth.TamperSignature = true
		for range 5 {
			requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeySignature)
		}
		auth.TamperSignature = false
		locked := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodeLockedOut, locked.ErrorCode, "a locked account is refused whatever the passkey says")
		h.advance(embedded.DefaultConfig().LockoutDuration + time.Second)
		require.Equal(t, contract.CodeOK, h.passkeyLogin(auth, "").ErrorCode)
	})
}

func TestPasskeyLoginOfIncompleteAccountAnswers206001(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		auth, r := h.registerWithPasskey("ines@example.com", nil)
		require.Equal(t, contract.CodePendingRegistration, r.ErrorCode)
		login := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodePendingRegistration, login.ErrorCode)
		require.NotEmpty(t, login.RegToken, "finalize (origin ownIdLogin) continues with this regToken")
		require.Nil(t, login.Session)
	})
}

func TestPasskeyAddListRemoveOnPasswordAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		uid := h.registerVerified("paula@example.com")
		_, session := h.login("paula@example.com", goodPassword)
		require.NotEmpty(t, session)
		caller := embedded.Caller{SessionToken: session}

		noSession, err := h.p.InitPasskeyRegistration(h.ctx, embedded.Caller{}, "", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, noSession.ErrorCode)

		opts, err := h.p.InitPasskeyRegistration(h.ctx, caller, "", "")
		require.NoError(t, err)
		auth := passkeytest.New(rpID, origin)
		answer, err := auth.Register(opts.Fields["options"])
		require.NoError(t, err)
		// A name longer than 100 bytes is cut between two characters (cut inside the ü, PostgreSQL refused it).
		added, err := h.p.RegisterPasskey(h.ctx, caller, answer, "A"+strings.Repeat("ü", 60))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, added.ErrorCode, added.ErrorDetails)
		id := added.Fields["passkey"].(map[string]any)["id"].(string)

		// The same answer again: its challenge is spent.
		again, err := h.p.RegisterPasskey(h.ctx, caller, answer, "Laptop")
		require.NoError(t, err)
		require.Equal(t, contract.CodeInvalidParameter, again.ErrorCode)
		require.Equal(t, contract.DetailsPasskeyChallenge, again.ErrorDetails)

		list, err := h.p.GetPasskeys(h.ctx, caller)
		require.NoError(t, err)
		require.Equal(t, true, list.Fields["hasPassword"])
		require.Len(t, list.Fields["passkeys"], 1)
		require.Equal(t, "A"+strings.Repeat("ü", 49), list.Fields["passkeys"].([]map[string]any)[0]["name"])

		login := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodeOK, login.ErrorCode)
		require.Equal(t, uid, login.Fields["UID"])

		removed, err := h.p.RemovePasskey(h.ctx, caller, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, removed.ErrorCode)
		requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeyUnknown)
		gone, err := h.p.RemovePasskey(h.ctx, caller, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeNotFound, gone.ErrorCode)
	})
}

// A session cookie copied from the shopper's browser must not add a passkey (a way in that outlives the owner's
// password reset): adding one needs a login made within contract.RecentLogin, and a new login renews it.
func TestAddingAPasskeyNeedsARecentLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("rita@example.com")
		_, session := h.login("rita@example.com", goodPassword)
		require.NotEmpty(t, session)

		// Still in use (the idle limit is 30 minutes), but its login is older than RecentLogin.
		h.advance(contract.RecentLogin / 2)
		_, err := h.p.GetPasskeys(h.ctx, embedded.Caller{SessionToken: session})
		require.NoError(t, err)
		h.advance(contract.RecentLogin/2 + time.Second)
		stale, err := h.p.InitPasskeyRegistration(h.ctx, embedded.Caller{SessionToken: session}, "", "")
		require.NoError(t, err)
		requireRefused(t, stale, contract.DetailsRecentLoginRequired)
		require.Nil(t, stale.Fields["options"])
		list, err := h.p.GetPasskeys(h.ctx, embedded.Caller{SessionToken: session})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, list.ErrorCode, "the session itself goes on")

		_, fresh := h.login("rita@example.com", goodPassword)
		h.addPasskey(embedded.Caller{SessionToken: fresh}, "Phone")
	})
}

// QA security round of 2026-11-29: a copied session cookie removed the owner's passkey, which logged the owner out
// on every other device while the copy stayed in. Removing one needs a login made within contract.RecentLogin, as
// adding one does; the session and the passkey go on, and a new login removes it.
func TestRemovingAPasskeyNeedsARecentLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.withAudit(db)
		h.registerVerified("rosa@example.com")
		_, owner := h.login("rosa@example.com", goodPassword)
		me := embedded.Caller{SessionToken: owner}
		auth, id := h.addPasskey(me, "Phone")
		_, device := h.login("rosa@example.com", goodPassword) // the owner's second device

		// A copy of the first session's cookie, used after its login has grown old (still within the idle limit).
		h.advance(contract.RecentLogin + time.Second)
		copied := embedded.Caller{SessionToken: owner}
		stale, err := h.p.RemovePasskey(h.ctx, copied, id)
		require.NoError(t, err)
		requireRefused(t, stale, contract.DetailsRecentLoginRequired)
		list, err := h.p.GetPasskeys(h.ctx, copied)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, list.ErrorCode, "the session itself goes on")
		require.Len(t, list.Fields["passkeys"], 1, "the passkey stays")
		_, live := h.p.SessionUID(h.ctx, device)
		require.True(t, live, "the owner's other device stays logged in")
		require.Zero(t, h.mailCount("rosa@example.com", embedded.MailPasskeyRemovedNotice), "nothing was removed")
		var refusals []string
		for _, e := range h.auditOf("rosa@example.com") {
			if e.Type == audit.PasskeyFailed {
				refusals = append(refusals, e.Detail)
			}
		}
		require.Equal(t, []string{"remove: " + contract.DetailsRecentLoginRequired}, refusals)

		_, fresh := h.login("rosa@example.com", goodPassword)
		removed, err := h.p.RemovePasskey(h.ctx, embedded.Caller{SessionToken: fresh}, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, removed.ErrorCode, removed.ErrorDetails)
		requireRefused(t, h.passkeyLogin(auth, ""), contract.DetailsPasskeyUnknown)
	})
}

func TestPasswordlessAccountKeepsItsLastPasskeyAndSetsAPassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		auth, _ := h.registerWithPasskey("nora@example.com", map[string]any{"firstName": "Nora", "lastName": "Nopass"})
		_, err := h.p.VerifyEmail(h.ctx, h.lastLink("nora@example.com", embedded.MailVerification))
		require.NoError(t, err)
		login := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodeOK, login.ErrorCode)
		caller := embedded.Caller{SessionToken: login.Session.Token}
		id := base64URL(auth.CredentialID)

		last, err := h.p.RemovePasskey(h.ctx, caller, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeInvalidParameter, last.ErrorCode)
		require.Equal(t, contract.DetailsLastPasskey, last.ErrorDetails)

		// The first password, like a passkey, is a new way in: only within RecentLogin of the session's login.
		h.advance(contract.RecentLogin + time.Second)
		stale, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{NewPassword: goodPassword})
		require.NoError(t, err)
		requireRefused(t, stale, contract.DetailsRecentLoginRequired)
		refused, _ := h.login("nora@example.com", goodPassword)
		require.Equal(t, contract.CodeInvalidLogin, refused.ErrorCode, "no password was set")

		login = h.passkeyLogin(auth, login.Session.Token)
		require.Equal(t, contract.CodeOK, login.ErrorCode)
		caller = embedded.Caller{SessionToken: login.Session.Token}
		set, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{NewPassword: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, set.ErrorCode, set.ErrorDetails)
		r, session := h.login("nora@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		removed, err := h.p.RemovePasskey(h.ctx, embedded.Caller{SessionToken: session}, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, removed.ErrorCode)
	})
}

func TestPasskeyRegistrationRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		register := func(mod func(a *passkeytest.Authenticator), email string) embedded.Result {
			init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
			require.NoError(t, err)
			opts, err := h.p.InitPasskeyRegistration(h.ctx, embedded.Caller{}, init.RegToken, "ok@example.com")
			require.NoError(t, err)
			auth := passkeytest.New(rpID, origin)
			mod(auth)
			answer, err := auth.Register(opts.Fields["options"])
			require.NoError(t, err)
			r, err := h.p.Register(h.ctx, embedded.Caller{}, embedded.RegisterParams{Email: email, RegToken: init.RegToken,
				Profile: map[string]any{"firstName": "O", "lastName": "K"}, Preferences: consent, Passkey: answer})
			require.NoError(t, err)
			return r
		}
		for _, tc := range []struct {
			name, email, details string
			mod                  func(a *passkeytest.Authenticator)
		}{
			{"wrong origin", "ok@example.com", contract.DetailsPasskeyOrigin, func(a *passkeytest.Authenticator) { a.Origin = "http://portal.example" }},
			{"wrong relying-party id", "ok@example.com", contract.DetailsPasskeyRpID, func(a *passkeytest.Authenticator) { a.RPID = "example" }},
			{"user not verified", "ok@example.com", contract.DetailsPasskeyUserVerification, func(a *passkeytest.Authenticator) { a.UserVerified = false }},
			{"options of another address", "other@example.com", contract.DetailsPasskeyChallenge, func(*passkeytest.Authenticator) {}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := register(tc.mod, tc.email)
				require.Equal(t, contract.CodeInvalidParameter, r.ErrorCode)
				require.Equal(t, tc.details, r.ErrorDetails)
			})
		}
		_, err := h.store.AccountByEmail(h.ctx, "ok@example.com")
		require.ErrorIs(t, err, embedded.ErrNotFound, "no refused registration left an account")
	})
}

func base64URL(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// TestPasskeysOnAnAddressListener: a service reached by its IP address (the development listener) offers passkeys
// on localhost, since a relying-party id must be a domain; it starts instead of failing.
func TestPasskeysOnAnAddressListener(t *testing.T) {
	h := newHarness(t, dbtest.SQLite(t))
	p := h.provider(func(c *embedded.Config) { c.PublicURL = "http://127.0.0.1:8080" })
	r, err := p.InitPasskeyLogin(h.ctx, embedded.Caller{})
	require.NoError(t, err)
	b, err := json.Marshal(r.Fields["options"])
	require.NoError(t, err)
	require.Contains(t, string(b), `"rpId":"localhost"`)
}

// TestResetByTheAddressOwnerEndsPasskeysBoundBeforeIt: someone registers a shopper's address with a passkey; the
// shopper, finding the address taken, resets the password. The reset proves the mailbox, and the passkey bound
// before that proof no longer logs in (QA security round: it did, pre-account hijacking). A verified account's
// passkeys stay through a reset: its owner bound them.
func TestResetByTheAddressOwnerEndsPasskeysBoundBeforeIt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		reset := func(email string) { h.resetPassword(email, "Owners-Passw0rd!") }

		intruder, r := h.registerWithPasskey("victim@example.com", map[string]any{"firstName": "Vic", "lastName": "Tim"})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)
		reset("victim@example.com")
		l, owner := h.login("victim@example.com", "Owners-Passw0rd!")
		require.Equal(t, contract.CodeOK, l.ErrorCode)
		refused := h.passkeyLogin(intruder, "")
		require.NotEqual(t, contract.CodeOK, refused.ErrorCode)
		require.Nil(t, refused.Session)
		keys, err := h.p.GetPasskeys(h.ctx, embedded.Caller{SessionToken: owner})
		require.NoError(t, err)
		require.Empty(t, keys.Fields["passkeys"])

		// The owner's own passkey, registered and verified, outlives a later reset.
		own, r := h.registerWithPasskey("pia@example.com", map[string]any{"firstName": "Pia", "lastName": "Passkey"})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode)
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("pia@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		reset("pia@example.com")
		require.Equal(t, contract.CodeOK, h.passkeyLogin(own, "").ErrorCode)
	})
}

// TestPasskeyRegistrationOptionsTellNoSubscriber: the options of a passkey registration are the same for a
// newsletter subscriber's address as for an unknown one, a new user handle each time, never the subscriber account's
// UID: twice the same options.user.id told a subscriber's address apart and gave its UID away (QA security round of
// 2026-11-29). The passkey still logs in to the subscriber's account once it registered with it, which keeps its UID;
// a registered address is refused as register refuses it (400009 with 400003 on email, spec 000 §8).
func TestPasskeyRegistrationOptionsTellNoSubscriber(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina"}})
		lite, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		options := func(email string) (regToken string, opts embedded.Result) {
			t.Helper()
			init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
			require.NoError(t, err)
			opts, err = h.p.InitPasskeyRegistration(h.ctx, embedded.Caller{}, init.RegToken, email)
			require.NoError(t, err)
			return init.RegToken, opts
		}
		userID := func(opts embedded.Result) string {
			t.Helper()
			require.Equal(t, contract.CodeOK, opts.ErrorCode, opts.ErrorDetails)
			raw, err := json.Marshal(opts.Fields["options"])
			require.NoError(t, err)
			var o struct {
				User struct {
					ID string `json:"id"`
				} `json:"user"`
			}
			require.NoError(t, json.Unmarshal(raw, &o))
			id, err := base64.RawURLEncoding.DecodeString(o.User.ID)
			require.NoError(t, err)
			return string(id)
		}

		seen := map[string]bool{}
		for _, email := range []string{"news@example.com", "news@example.com", "nobody@example.com", "nobody@example.com"} {
			_, opts := options(email)
			id := userID(opts)
			require.NotEqual(t, lite.UID, id, "the subscriber account's UID is not given away")
			require.False(t, seen[id], "a new user handle for every ceremony (%s)", email)
			seen[id] = true
		}

		// The subscriber registers with a passkey: the account keeps its UID, the passkey logs in to it.
		regToken, opts := options("news@example.com")
		auth := passkeytest.New(rpID, origin)
		answer, err := auth.Register(opts.Fields["options"])
		require.NoError(t, err)
		reg, err := h.p.Register(h.ctx, embedded.Caller{}, embedded.RegisterParams{Email: "news@example.com", RegToken: regToken, Lang: "de",
			Passkey: answer, Profile: map[string]any{"firstName": "Nina", "lastName": "Neu"}, Preferences: consent})
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingVerification, reg.ErrorCode, reg.ErrorDetails)
		require.Equal(t, lite.UID, reg.Fields["UID"])
		require.NotEqual(t, lite.UID, string(auth.UserHandle))
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("news@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		login := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodeOK, login.ErrorCode, login.ErrorDetails)
		got, ok := h.p.SessionUID(h.ctx, login.Session.Token)
		require.True(t, ok)
		require.Equal(t, lite.UID, got)
		// A passkey added later is made with the account's UID, and logs in beside the first.
		second, _ := h.addPasskey(embedded.Caller{SessionToken: login.Session.Token}, "Laptop")
		require.Equal(t, lite.UID, string(second.UserHandle))
		require.Equal(t, contract.CodeOK, h.passkeyLogin(second, "").ErrorCode)
		require.Equal(t, contract.CodeOK, h.passkeyLogin(auth, "").ErrorCode)

		// Now registered: refused as a registration with a password is.
		_, refused := options("news@example.com")
		withPassword := h.register(embedded.RegisterParams{Email: "news@example.com", Password: goodPassword, Lang: "de",
			Profile: map[string]any{"firstName": "Nina", "lastName": "Neu"}, Preferences: consent})
		require.Equal(t, contract.CodeValidation, refused.ErrorCode)
		require.Equal(t, withPassword.ErrorCode, refused.ErrorCode)
		require.Equal(t, withPassword.ValidationErrors, refused.ValidationErrors)
	})
}
