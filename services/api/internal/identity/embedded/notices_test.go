package embedded_test

import (
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// Whoever changes a way into an account, its address hears of it, with the page that undoes the change: a
// password changed, set for the first time or reset, and a passkey added or removed. A refused change sends
// nothing.
func TestChangesToTheWaysInAreToldToTheAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		const email = "nina@example.com"
		h.registerVerified(email)
		_, session := h.login(email, goodPassword)
		caller := embedded.Caller{SessionToken: session, Lang: "en"}

		wrong, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: "Wrong-Passw0rd", NewPassword: "Other-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeInvalidLogin, wrong.ErrorCode)
		require.Zero(t, h.mailCount(email, embedded.MailPasswordChangedNotice), "a refused change is no news")

		_, id := h.addPasskey(caller, "Call +49 30 1234 to keep your account")
		notice := h.lastMail(email, embedded.MailPasskeyAddedNotice)
		require.Equal(t, "en", notice.Language)
		require.Contains(t, notice.Text, "https://portal.example/accessdata")
		require.Contains(t, notice.Text, "Eva")
		require.NotContains(t, notice.Text, "+49", "the name someone typed is not the retailer's words")

		// QA security round of 2026-11-29: a removal, which logs the owner out on the other devices, was not told.
		removed, err := h.p.RemovePasskey(h.ctx, caller, id)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, removed.ErrorCode, removed.ErrorDetails)
		notice = h.lastMail(email, embedded.MailPasskeyRemovedNotice)
		require.Equal(t, "en", notice.Language)
		require.Contains(t, notice.Text, "https://portal.example/accessdata")
		require.Contains(t, notice.Text, "Eva")
		require.NotContains(t, notice.Text, "+49", "nor the name of the passkey removed")

		changed, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Other-Passw0rd"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, changed.ErrorCode, changed.ErrorDetails)
		notice = h.lastMail(email, embedded.MailPasswordChangedNotice)
		require.Equal(t, "en", notice.Language)
		require.Contains(t, notice.Text, "https://portal.example/login/reset-password/start")

		h.resetPassword(email, "Third-Passw0rd")
		require.Equal(t, 2, h.mailCount(email, embedded.MailPasswordChangedNotice), "a reset is told too")
	})
}

// QA journeys round of 2026-11-30: the notice of an e-mail change to the old address told the owner to change the
// password but linked nothing. Until the new address is confirmed the old one is still the login, and a reset from
// it ends the change (TestPendingEmailChangeEndsAtAReset): the notice links the reset, in the mail's language.
func TestTheEmailChangeNoticeLinksTheReset(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		const email = "nina@example.com"
		h.registerVerified(email)
		_, session := h.login(email, goodPassword)
		caller := embedded.Caller{SessionToken: session, Lang: "fr-BE"}

		asked, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "thief@example.net"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, asked.ErrorCode, asked.ErrorDetails)
		notice := h.lastMail(email, embedded.MailEmailChangedNotice)
		require.Equal(t, "fr", notice.Language)
		require.Equal(t, []string{"https://portal.example/login/reset-password/start?lang=fr-BE"}, mail.Links(notice.Text))
		require.Contains(t, notice.Text, "t***@example.net")
	})
}

// QA round of 2026-11-30: the notice to the old address of a change to "Łukasz.Wąsowski+Neu@Bücher.DE" was stored in
// the outbox as "…auf \xc5***@xn--bcher-kva.de angefordert": the masked address kept the first byte of "ł" (invalid
// UTF-8, which PostgreSQL refuses to store at all) and the domain's xn-- form, which its owner never wrote.
func TestTheEmailChangeNoticeShowsTheNewAddressAsItWasWritten(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		const email = "nina@example.com"
		_, caller := h.loggedIn(email)
		caller.Lang = "de"
		outbox := mail.NewOutbox(db, nil).WithClock(func() time.Time { return h.now })
		cfg := embedded.DefaultConfig()
		cfg.PublicURL, cfg.Argon2, cfg.MailRequestMinDuration = "https://portal.example", cheapArgon2, 0
		p, err := embedded.New(cfg, embedded.Deps{Store: h.store, Mail: outbox, Now: func() time.Time { return h.now }})
		require.NoError(t, err)

		asked, err := p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword,
			Profile: map[string]any{"email": "Łukasz.Wąsowski+Neu@Bücher.DE"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, asked.ErrorCode, asked.ErrorDetails)
		stored, err := outbox.Latest(h.ctx, email, 10)
		require.NoError(t, err)
		var notice *mail.Stored
		for i := range stored {
			if stored[i].Kind == embedded.MailEmailChangedNotice {
				notice = &stored[i]
			}
		}
		require.NotNil(t, notice, "no notice stored for the old address")
		require.True(t, utf8.ValidString(notice.Text), "the stored body is not valid UTF-8: %q", notice.Text)
		require.Contains(t, notice.Text, "auf ł***@bücher.de angefordert")
	})
}
