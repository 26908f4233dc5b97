package embedded_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
)

// QA security round: the registration of a subscriber's address answers a limited regToken, but a login with the
// password (or the passkey) that registration chose answered an unlimited one: the stranger read the subscriber's
// data, renamed them and moved the account to an address of their own. Every regToken of a registration nobody has
// confirmed yet is limited, whichever call handed it out.
func TestLoginOfAnUnconfirmedRegistrationOfASubscriberIsLimitedToo(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina", "birthYear": 1980}})

		// A stranger registers the subscriber's address with a password of their own, then logs in with it.
		reg := h.register(embedded.RegisterParams{Email: "news@example.com", Password: goodPassword,
			Profile: map[string]any{"firstName": "Xaver", "lastName": "X"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, reg.ErrorCode)
		login, _ := h.login("news@example.com", goodPassword)
		require.Equal(t, contract.CodePendingVerification, login.ErrorCode)
		require.NotEmpty(t, login.RegToken)

		info, err := h.p.GetAccountInfo(h.ctx, c, login.RegToken, "profile,data", "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, info.ErrorCode)
		require.Equal(t, map[string]any{"email": "news@example.com", "firstName": "Xaver", "lastName": "X"}, info.Fields["profile"],
			"the subscriber's data stays unread: the registration's own shows")

		moved, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: login.RegToken, Password: goodPassword,
			Profile: map[string]any{"email": "thief@example.net"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeUnauthorized, moved.ErrorCode, "the account does not move to the stranger's address")
		require.Zero(t, h.mailCount("thief@example.net", embedded.MailVerification))
		renamed, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: login.RegToken,
			Profile: map[string]any{"firstName": "Hacked"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, renamed.ErrorCode)
		a, err := h.store.AccountByEmail(h.ctx, "news@example.com")
		require.NoError(t, err)
		require.Equal(t, "Nina", a.Profile["firstName"], "the subscriber is not renamed")

		// Once the address is confirmed, the owner's regToken reads everything again.
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("news@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		info, err = h.p.GetAccountInfo(h.ctx, c, login.RegToken, "profile", "")
		require.NoError(t, err)
		require.Equal(t, "Nina", info.Fields["profile"].(map[string]any)["firstName"])
	})
}

// The same with a passkey: the stranger registers the subscriber's address with one and logs in with it.
func TestPasskeyLoginOfAnUnconfirmedRegistrationOfASubscriberIsLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		c := embedded.Caller{}
		h.subscriber("news@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nina", "birthYear": 1980}})

		auth := passkeytest.New(rpID, origin)
		init, _ := h.p.InitRegistration(h.ctx, embedded.Caller{})
		opts, err := h.p.InitPasskeyRegistration(h.ctx, c, init.RegToken, "news@example.com")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, opts.ErrorCode, opts.ErrorDetails)
		answer, err := auth.Register(opts.Fields["options"])
		require.NoError(t, err)
		reg, err := h.p.Register(h.ctx, c, embedded.RegisterParams{Email: "news@example.com", RegToken: init.RegToken,
			Passkey: answer, Profile: map[string]any{"firstName": "Xaver", "lastName": "X"}, Preferences: consent})
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingVerification, reg.ErrorCode, reg.ErrorDetails)

		login := h.passkeyLogin(auth, "")
		require.Equal(t, contract.CodePendingVerification, login.ErrorCode)
		info, err := h.p.GetAccountInfo(h.ctx, c, login.RegToken, "profile", "")
		require.NoError(t, err)
		require.Equal(t, map[string]any{"email": "news@example.com", "firstName": "Xaver", "lastName": "X"}, info.Fields["profile"],
			"the subscriber's data stays unread: the registration's own shows")
	})
}
