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

// A newsletter account that a social login with an unconfirmed e-mail made registered: its regToken finishes the
// registration but shows nothing of what the subscriber kept, as for a registration over a newsletter account.
func TestSocialLoginOverANewsletterAccountWithAnUnconfirmedEmail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		be := h.p.Backend()
		rt, err := be.SubscriberRegToken(h.ctx, identity.Email("news@example.com"))
		require.NoError(t, err)
		s, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: rt.Token, Profile: map[string]any{"firstName": "Nina", "lastName": "News"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode)

		r, err := h.p.CompleteSocialLogin(h.ctx, c, embedded.SocialIdentity{Provider: "facebook", Subject: "f-news", Email: "news@example.com"})
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingRegistration, r.ErrorCode)
		require.Nil(t, r.Session)
		info, err := h.p.GetAccountInfo(h.ctx, c, r.RegToken, "profile,data,subscriptions", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, info.ErrorCode)
		require.Equal(t, map[string]any{"email": "news@example.com"}, info.Fields["profile"], "the subscriber's name is not shown")
		require.Equal(t, 1, h.mailCount("news@example.com", embedded.MailVerification))
	})
}
