package embedded_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// A mail speaks the language of the page that caused it, and its link keeps that page's country: content is per
// country (spec 001 §1), and links that named only the language opened a Belgian or Luxembourg shopper's page on
// the French, Dutch or German site (QA). The account itself keeps the language.
func TestMailLinksKeepTheShoppersCountry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		// mailed checks the newest mail of kind to the address: its text in language, its link with lang=tag.
		mailed := func(to, kind, language, tag string) {
			t.Helper()
			m := h.lastMail(to, kind)
			require.Equal(t, language, m.Language, "%s: the text is the language's", kind)
			links := mail.Links(m.Text)
			require.NotEmpty(t, links, "%s has a link", kind)
			u, err := url.Parse(links[0])
			require.NoError(t, err)
			require.Equal(t, tag, u.Query().Get("lang"), "%s: the link keeps the country", kind)
		}

		const email = "lotte@example.com"
		r := h.register(embedded.RegisterParams{
			Email: email, Password: goodPassword, Lang: "nl-BE",
			Profile: map[string]any{"firstName": "Lotte", "lastName": "Peeters"}, Preferences: consent,
		})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
		mailed(email, embedded.MailVerification, "nl", "nl-BE")
		require.Contains(t, h.lastMail(email, embedded.MailVerification).Text, "Hallo Lotte")
		a, err := h.store.AccountByEmail(h.ctx, email)
		require.NoError(t, err)
		require.Equal(t, "nl", a.Lang, "the account keeps the language")

		resent, err := h.p.ResendVerificationCode(h.ctx, embedded.Caller{Lang: "fr-LU"}, "", email)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, resent.ErrorCode, resent.ErrorDetails)
		mailed(email, embedded.MailVerification, "fr", "fr-LU")
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink(email, embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)

		reset, err := h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: email, Lang: "fr-BE"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, reset.ErrorCode, reset.ErrorDetails)
		mailed(email, embedded.MailPasswordReset, "fr", "fr-BE")
		reset, err = h.p.ResetPassword(h.ctx, embedded.Caller{Lang: "nl-BE"}, embedded.ResetPasswordParams{
			PasswordResetToken: h.lastLink(email, embedded.MailPasswordReset), NewPassword: "Other-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, reset.ErrorCode, reset.ErrorDetails)
		mailed(email, embedded.MailPasswordChangedNotice, "nl", "nl-BE")

		_, session := h.login(email, "Other-Passw0rd")
		caller := embedded.Caller{SessionToken: session, Lang: "de-LU"}
		changed, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: "Other-Passw0rd", NewPassword: "Third-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, changed.ErrorCode, changed.ErrorDetails)
		mailed(email, embedded.MailPasswordChangedNotice, "de", "de-LU")

		_, session = h.login(email, "Third-Passw0rd")
		caller = embedded.Caller{SessionToken: session, Lang: "nl-BE"}
		moved, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{
			Profile: map[string]any{"email": "lotte.peeters@example.com"}, Password: "Third-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, moved.ErrorCode, moved.ErrorDetails)
		mailed("lotte.peeters@example.com", embedded.MailVerification, "nl", "nl-BE")
	})
}
