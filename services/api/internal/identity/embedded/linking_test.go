package embedded_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// A social identity joins an existing account only after that account's owner proved it: with the account's
// password (login with loginMode link) or with a login the account already has. A matching e-mail address,
// even one the social provider vouches for, links nothing (OWASP ASVS 6.8.1).
func TestLinkingNeedsTheOwnersProof(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		eva := h.registerVerified("eva@example.com")
		otto := h.registerVerified("otto@example.com")
		social := func(id embedded.SocialIdentity) embedded.Result {
			t.Helper()
			r, err := h.p.CompleteSocialLogin(h.ctx, c, id)
			require.NoError(t, err)
			return r
		}
		linkLogin := func(email, password, token string) embedded.Result {
			t.Helper()
			r, err := h.p.Login(h.ctx, c, embedded.LoginParams{LoginID: email, Password: password, LoginMode: "link", RegToken: token})
			require.NoError(t, err)
			return r
		}
		linkedTo := func(provider, subject string) string {
			t.Helper()
			uid, err := h.store.SocialUID(h.ctx, provider, subject)
			if err != nil {
				require.ErrorIs(t, err, embedded.ErrNotFound)
				return ""
			}
			return uid
		}

		google := embedded.SocialIdentity{Provider: "googleplus", Subject: "g-eva", Email: "EVA@example.com", EmailVerified: true}
		conflict := social(google)
		require.Equal(t, contract.CodeSocialConflict, conflict.ErrorCode, "a verified e-mail of a registered account is no proof")
		require.Nil(t, conflict.Session)
		require.Empty(t, linkedTo("googleplus", "g-eva"))

		// The link token reads nothing and writes nothing: it is no registration token.
		info, err := h.p.GetAccountInfo(h.ctx, c, conflict.RegToken, "", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, info.ErrorCode)
		set, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: conflict.RegToken, Profile: map[string]any{"firstName": "Mallory"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, set.ErrorCode)
		fin, err := h.p.FinalizeRegistration(h.ctx, c, conflict.RegToken, "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeInvalidParameter, fin.ErrorCode)

		// A wrong password links nothing.
		wrong := linkLogin("eva@example.com", "Wrong-Passw0rd", conflict.RegToken)
		require.Equal(t, contract.CodeInvalidLogin, wrong.ErrorCode)
		require.Nil(t, wrong.Session)
		require.Empty(t, linkedTo("googleplus", "g-eva"))

		// Another account's password with this token: refused, no session, linked to neither.
		other := linkLogin("otto@example.com", goodPassword, conflict.RegToken)
		require.Equal(t, contract.CodeInvalidParameter, other.ErrorCode)
		require.Nil(t, other.Session)
		require.Empty(t, linkedTo("googleplus", "g-eva"))

		// The token expires with the regToken lifetime.
		late := social(google)
		require.Equal(t, contract.CodeSocialConflict, late.ErrorCode)
		h.advance(contract.RegTokenLifetime + time.Second)
		expired := linkLogin("eva@example.com", goodPassword, late.RegToken)
		require.Equal(t, contract.CodeInvalidParameter, expired.ErrorCode)
		require.Nil(t, expired.Session)
		require.Empty(t, linkedTo("googleplus", "g-eva"))

		// The owner's password links it, once.
		fresh := social(google)
		linked := linkLogin("eva@example.com", goodPassword, fresh.RegToken)
		require.Equal(t, contract.CodeOK, linked.ErrorCode)
		require.NotNil(t, linked.Session)
		require.Equal(t, eva, linkedTo("googleplus", "g-eva"))
		require.Equal(t, contract.CodeOK, social(google).ErrorCode, "the next social login goes straight in")
		require.Equal(t, contract.CodeInvalidParameter, linkLogin("eva@example.com", goodPassword, fresh.RegToken).ErrorCode, "a used token is spent")
		require.NotEqual(t, otto, linkedTo("googleplus", "g-eva"))
	})
}

// A social-only account has no password to prove it with; a login with the provider it already has links the
// identity waiting in the token, and only for that account.
func TestLinkingASocialOnlyAccountThroughItsOwnProvider(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		social := func(id embedded.SocialIdentity) embedded.Result {
			t.Helper()
			r, err := h.p.CompleteSocialLogin(h.ctx, c, id)
			require.NoError(t, err)
			return r
		}
		apple := embedded.SocialIdentity{Provider: "apple", Subject: "a-sol", Email: "sol@example.com", EmailVerified: true,
			Profile: map[string]any{"firstName": "Sol", "lastName": "Sozial"}}
		first := social(apple)
		require.Equal(t, contract.CodePendingRegistration, first.ErrorCode)
		s, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: first.RegToken, Preferences: consent})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode)
		require.Equal(t, contract.CodeOK, social(apple).ErrorCode)
		sol, err := h.store.SocialUID(h.ctx, "apple", "a-sol")
		require.NoError(t, err)

		google := embedded.SocialIdentity{Provider: "googleplus", Subject: "g-sol", Email: "sol@example.com", EmailVerified: true}
		conflict := social(google)
		require.Equal(t, contract.CodeSocialConflict, conflict.ErrorCode)
		ca, err := h.p.GetConflictingAccount(h.ctx, conflict.RegToken)
		require.NoError(t, err)
		require.Equal(t, map[string]any{"loginID": "sol@example.com", "loginProviders": []string{"apple"}}, ca.Fields["conflictingAccount"],
			"no 'site': the page offers the login with Apple instead of a password")
		l, err := h.p.Login(h.ctx, c, embedded.LoginParams{LoginID: "sol@example.com", Password: goodPassword, LoginMode: "link", RegToken: conflict.RegToken})
		require.NoError(t, err)
		require.Equal(t, contract.CodeInvalidLogin, l.ErrorCode)

		// Another account's own login with this token logs that account in and links nothing.
		h.registerVerified("eva@example.com")
		evaApple := embedded.SocialIdentity{Provider: "apple", Subject: "a-eva", Email: "eva@example.com", EmailVerified: true}
		evaConflict := social(evaApple)
		require.Equal(t, contract.CodeSocialConflict, evaConflict.ErrorCode)
		linked, err := h.p.Login(h.ctx, c, embedded.LoginParams{LoginID: "eva@example.com", Password: goodPassword, LoginMode: "link", RegToken: evaConflict.RegToken})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, linked.ErrorCode)
		evaWithSolsToken := evaApple
		evaWithSolsToken.LinkToken = conflict.RegToken
		r := social(evaWithSolsToken)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		_, err = h.store.SocialUID(h.ctx, "googleplus", "g-sol")
		require.ErrorIs(t, err, embedded.ErrNotFound)

		// An identity nobody has yet proves nothing: it is refused, and neither becomes an account nor goes on to a
		// registration of its own (QA: it went on to finalize for its address), and Google stays unlinked.
		stranger := embedded.SocialIdentity{Provider: "apple", Subject: "a-stranger", Email: "stranger@example.com", EmailVerified: true, LinkToken: conflict.RegToken}
		r = social(stranger)
		require.Equal(t, contract.CodeInvalidLogin, r.ErrorCode)
		require.Equal(t, embedded.SocialNotTheAccountsDetails, r.ErrorDetails)
		require.Empty(t, r.RegToken)
		require.Nil(t, r.Session)
		_, err = h.store.SocialUID(h.ctx, "apple", "a-stranger")
		require.ErrorIs(t, err, embedded.ErrNotFound)
		_, err = h.store.AccountByEmail(h.ctx, "stranger@example.com")
		require.ErrorIs(t, err, embedded.ErrNotFound)

		// Sol's own Apple login with the token links Google to Sol's account.
		withToken := apple
		withToken.LinkToken = conflict.RegToken
		r = social(withToken)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		require.NotNil(t, r.Session)
		uid, err := h.store.SocialUID(h.ctx, "googleplus", "g-sol")
		require.NoError(t, err)
		require.Equal(t, sol, uid)
		require.Equal(t, contract.CodeOK, social(google).ErrorCode)
	})
}

// Pre-account hijacking: an attacker signs up at a provider with a victim's address, which the provider does not
// confirm. Whatever account has that address, registered or newsletter, the login neither joins it nor logs into
// it nor hands out a token for it, and the answer is the one a fresh address gets: nothing tells the two apart.
func TestSocialLoginWithAnUnconfirmedAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		social := func(id embedded.SocialIdentity) embedded.Result {
			t.Helper()
			r, err := h.p.CompleteSocialLogin(h.ctx, c, id)
			require.NoError(t, err)
			return r
		}
		requireBareWait := func(r embedded.Result, what string) {
			t.Helper()
			require.Equal(t, contract.CodePendingVerification, r.ErrorCode, what)
			require.Empty(t, r.RegToken, what)
			require.Empty(t, r.Fields, what+": no UID or account flags")
			require.Nil(t, r.Session, what)
		}

		eva := h.registerVerified("eva@example.com")
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina", "lastName": "News"}})

		fresh := social(embedded.SocialIdentity{Provider: "facebook", Subject: "f-fresh", Email: "fresh@example.com"})
		requireBareWait(fresh, "a fresh address")
		for _, victim := range []string{"eva@example.com", "news@example.com"} {
			verificationMails := h.mailCount(victim, embedded.MailVerification)
			for attempt := 1; attempt <= 2; attempt++ {
				r := social(embedded.SocialIdentity{Provider: "facebook", Subject: "f-attacker", Email: strings.ToUpper(victim),
					Profile: map[string]any{"firstName": "Mallory"}})
				requireBareWait(r, victim)
				require.Equal(t, fresh, r, "the same answer as for an address without account")
			}
			_, err := h.store.SocialUID(h.ctx, "facebook", "f-attacker")
			require.ErrorIs(t, err, embedded.ErrNotFound, "nothing linked to %s", victim)
			require.Equal(t, 2, h.mailCount(victim, embedded.MailSocialLoginUnconfirmed), "the owner hears of it")
			require.Equal(t, verificationMails, h.mailCount(victim, embedded.MailVerification), "no link that would confirm the attacker's account")
		}
		news, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		require.False(t, news.IsRegistered, "the newsletter account stays a newsletter account")
		require.Equal(t, "Nina", news.Profile["firstName"])
		a, err := h.store.AccountByUID(h.ctx, eva)
		require.NoError(t, err)
		require.Equal(t, "Eva", a.Profile["firstName"])

		// The fresh address's own identity waits for its mail too (a second try would otherwise differ from the
		// victims' answers); once the mailbox's owner followed the link it finishes the registration.
		requireBareWait(social(embedded.SocialIdentity{Provider: "facebook", Subject: "f-fresh", Email: "fresh@example.com"}), "fresh, again")
		require.Equal(t, 1, h.mailCount("fresh@example.com", embedded.MailVerification))
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("fresh@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		r := social(embedded.SocialIdentity{Provider: "facebook", Subject: "f-fresh", Email: "fresh@example.com"})
		require.Equal(t, contract.CodePendingRegistration, r.ErrorCode, "the mandatory consent is missing")
		require.NotEmpty(t, r.RegToken)

		// With the address confirmed by the provider, the registered account takes the linking path (403043).
		linked := social(embedded.SocialIdentity{Provider: "facebook", Subject: "f-eva", Email: "eva@example.com", EmailVerified: true})
		require.Equal(t, contract.CodeSocialConflict, linked.ErrorCode)
		require.NotEmpty(t, linked.RegToken)
		require.Nil(t, linked.Session)
		_, err = h.store.SocialUID(h.ctx, "facebook", "f-eva")
		require.ErrorIs(t, err, embedded.ErrNotFound, "linked only once the password proves the owner")
	})
}

// An account registered with a passkey has neither password nor social login: its passkey proves it (passkeyLogin
// in link mode), where its owner once met a password form it could not fill (QA).
func TestLinkingAPasskeyAccountThroughItsPasskey(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		auth, r := h.registerWithPasskey("pia@example.com", map[string]any{"firstName": "Pia", "lastName": "Passkey"})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
		pia := r.Fields["UID"].(string)
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("pia@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)

		google := embedded.SocialIdentity{Provider: "googleplus", Subject: "g-pia", Email: "pia@example.com", EmailVerified: true}
		conflict, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, google)
		require.NoError(t, err)
		require.Equal(t, contract.CodeSocialConflict, conflict.ErrorCode)
		ca, err := h.p.GetConflictingAccount(h.ctx, conflict.RegToken)
		require.NoError(t, err)
		require.Equal(t, map[string]any{"loginID": "pia@example.com", "loginProviders": []string{"passkey"}}, ca.Fields["conflictingAccount"],
			"no 'site', no social login: the page offers the passkey")

		// Another account's link token links nothing and opens no session.
		h.registerVerified("eva@example.com")
		evaConflict, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, embedded.SocialIdentity{Provider: "apple", Subject: "a-eva", Email: "eva@example.com", EmailVerified: true})
		require.NoError(t, err)
		require.Equal(t, contract.CodeSocialConflict, evaConflict.ErrorCode)
		other := h.passkeyLinkLogin(auth, evaConflict.RegToken)
		require.Equal(t, contract.CodeInvalidParameter, other.ErrorCode)
		require.Nil(t, other.Session)
		_, err = h.store.SocialUID(h.ctx, "apple", "a-eva")
		require.ErrorIs(t, err, embedded.ErrNotFound)

		linked := h.passkeyLinkLogin(auth, conflict.RegToken)
		require.Equal(t, contract.CodeOK, linked.ErrorCode, linked.ErrorDetails)
		require.NotNil(t, linked.Session)
		uid, err := h.store.SocialUID(h.ctx, "googleplus", "g-pia")
		require.NoError(t, err)
		require.Equal(t, pia, uid)
		again, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, google)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, again.ErrorCode, "Google now logs Pia in")
		stale := h.passkeyLinkLogin(auth, conflict.RegToken)
		require.Equal(t, contract.CodeInvalidParameter, stale.ErrorCode, "the token is spent: no session, as with a password")
		require.Nil(t, stale.Session)
	})
}

// An account that must accept changed terms again (206001) links the waiting identity all the same: its password,
// passkey or own social login proved the owner before the pending answer, and the finalize page that follows
// knows nothing of the link. Before, 206001 came first and the identity was never linked: after the terms the next
// Google login met the link page again (QA round).
func TestLinkingAnAccountThatOwesChangedTerms(t *testing.T) {
	const email = "eva@example.com"
	apple := embedded.SocialIdentity{Provider: "apple", Subject: "a-eva", Email: email, EmailVerified: true,
		Profile: map[string]any{"firstName": "Eva", "lastName": "Muster"}}
	// Each way an account proves its owner: the account it makes, and the proof in link mode with the token.
	for name, create := range map[string]func(h *harness) (prove func(linkToken string) embedded.Result){
		"password": func(h *harness) func(string) embedded.Result {
			h.registerVerified(email)
			return func(linkToken string) embedded.Result {
				r, err := h.p.Login(h.ctx, embedded.Caller{}, embedded.LoginParams{LoginID: email, Password: goodPassword, LoginMode: "link", RegToken: linkToken})
				require.NoError(h.t, err)
				return r
			}
		},
		"passkey": func(h *harness) func(string) embedded.Result {
			auth, r := h.registerWithPasskey(email, map[string]any{"firstName": "Eva", "lastName": "Muster"})
			require.Equal(h.t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
			code, err := h.p.VerifyEmail(h.ctx, h.lastLink(email, embedded.MailVerification))
			require.NoError(h.t, err)
			require.Equal(h.t, contract.CodeOK, code)
			return func(linkToken string) embedded.Result { return h.passkeyLinkLogin(auth, linkToken) }
		},
		"its own social login": func(h *harness) func(string) embedded.Result {
			first, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, apple)
			require.NoError(h.t, err)
			s, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: first.RegToken, Preferences: consent})
			require.NoError(h.t, err)
			require.Equal(h.t, contract.CodeOK, s.ErrorCode)
			return func(linkToken string) embedded.Result {
				withToken := apple
				withToken.LinkToken = linkToken
				r, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, withToken)
				require.NoError(h.t, err)
				return r
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, db *database.DB) {
				h := newHarness(t, db)
				prove := create(h)
				google := embedded.SocialIdentity{Provider: "googleplus", Subject: "g-eva", Email: email, EmailVerified: true}
				conflict, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, google)
				require.NoError(t, err)
				require.Equal(t, contract.CodeSocialConflict, conflict.ErrorCode)

				// The retailer publishes terms version 2 and requires it.
				h.p = h.provider(func(c *embedded.Config) {
					c.Consents[0].LegalStatements["de"] = embedded.LegalStatement{CurrentDocVersion: 2, MinDocVersion: 2, DocumentURL: "/terms-v2"}
				})
				pending := prove(conflict.RegToken)
				require.Equal(t, contract.CodePendingRegistration, pending.ErrorCode, pending.ErrorDetails)
				require.Nil(t, pending.Session)
				account, err := h.store.AccountByEmail(h.ctx, email)
				require.NoError(t, err)
				uid, err := h.store.SocialUID(h.ctx, "googleplus", "g-eva")
				require.NoError(t, err, "linked before the pending answer")
				require.Equal(t, account.UID, uid)

				// Finalize: the terms accepted, the next Google login goes straight in.
				s, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: pending.RegToken, Preferences: consent})
				require.NoError(t, err)
				require.Equal(t, contract.CodeOK, s.ErrorCode)
				f, err := h.p.FinalizeRegistration(h.ctx, embedded.Caller{}, pending.RegToken, "")
				require.NoError(t, err)
				require.Equal(t, contract.CodeOK, f.ErrorCode)
				again, err := h.p.CompleteSocialLogin(h.ctx, embedded.Caller{}, google)
				require.NoError(t, err)
				require.Equal(t, contract.CodeOK, again.ErrorCode)
				require.NotNil(t, again.Session)
			})
		})
	}
}
