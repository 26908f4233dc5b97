package embedded_test

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// Each mail whose link ends says when (mail.Message.LinkExpiresAt), so that the outbox sends none past it; a notice's
// link, to a page, does not end.
func TestMailsSayWhenTheirLinksEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		_, caller := h.loggedIn("eva@example.com")
		r, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, Profile: map[string]any{"email": "eva.new@example.com"},
			Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode, r.ErrorDetails)
		h.resetPassword("eva@example.com", "Other-Passw0rd!x")

		days := h.now.Add(contract.VerificationLinkLifetime)
		require.Equal(t, days, h.lastMail("eva@example.com", embedded.MailVerification).LinkExpiresAt)
		require.Equal(t, days, h.lastMail("eva.new@example.com", embedded.MailVerification).LinkExpiresAt, "an e-mail change's")
		require.Equal(t, days, h.lastMail("eva@example.com", embedded.MailSubscriptionConfirmation).LinkExpiresAt)
		require.Equal(t, h.now.Add(contract.ResetLinkLifetime), h.lastMail("eva@example.com", embedded.MailPasswordReset).LinkExpiresAt)
		require.True(t, h.lastMail("eva@example.com", embedded.MailPasswordChangedNotice).LinkExpiresAt.IsZero())
		require.True(t, h.lastMail("eva@example.com", embedded.MailEmailChangedNotice).LinkExpiresAt.IsZero())
	})
}

// outageRelay is a relay that is down while down is set.
type outageRelay struct {
	down bool
	got  []string
}

func (r *outageRelay) Deliver(_ context.Context, m mail.Message) error {
	if r.down {
		return net.ErrClosed
	}
	r.got = append(r.got, m.Kind)
	return nil
}

func (*outageRelay) NewMessageID() string { return "1@test.example" }

// A reset mail the relay could not take within its link's hour is not sent after it: the link would answer 403025
// (QA operator round of 2026-11-30: delivered after the outage, its link was dead). A verification mail, whose link
// lives two weeks, goes out once the relay is back.
func TestAResetMailOutlivesNoOutage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com") // through the harness's recorder, as the outbox is down
		relay := &outageRelay{down: true}
		clock := func() time.Time { return h.now }
		outbox := mail.NewOutbox(db, relay).WithClock(clock)
		cfg := embedded.DefaultConfig()
		cfg.PublicURL, cfg.Argon2, cfg.MailRequestMinDuration = "https://portal.example", cheapArgon2, 0
		p, err := embedded.New(cfg, embedded.Deps{Store: h.store, Mail: outbox, Now: clock})
		require.NoError(t, err)
		h.p = p
		r := h.register(embedded.RegisterParams{Email: "new@example.com", Password: goodPassword, Lang: "de",
			Profile: map[string]any{"firstName": "Nia", "lastName": "Neu"}, Preferences: consent})
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
		reset, err := h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, reset.ErrorCode)

		for end := h.now.Add(2 * time.Hour); h.now.Before(end); h.advance(10 * time.Minute) {
			_, err := outbox.DeliverPending(h.ctx, 10)
			require.NoError(t, err)
		}
		relay.down = false
		h.advance(time.Hour) // past every retry's wait
		_, err = outbox.DeliverPending(h.ctx, 10)
		require.NoError(t, err)
		require.Equal(t, []string{embedded.MailVerification}, relay.got, "the verification goes out, the dead reset link does not")
	})
}
