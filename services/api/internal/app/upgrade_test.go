package app_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// columnTime is a time as mail_outbox and product_reminders hold it (fixed-width text in SQLite).
func columnTime(s *apitest.Service, t time.Time) any {
	if s.DB.Dialect == database.Postgres {
		return t.UTC()
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000000Z")
}

// oldReminder writes an active reminder as a release before 2026-11-28 left it: confirmed, the subscription not on.
func oldReminder(t *testing.T, s *apitest.Service, id, email string, confirmed time.Time) {
	t.Helper()
	_, err := s.DB.Exec(s.DB.Rebind(`INSERT INTO product_reminders (id, email, variant_id, variant_name, language, status, created_at, confirmed_at)
		VALUES (?, ?, 'V-1', '{"de":"Bio-Milch"}', 'de', 'active', ?, ?)`), id, email, columnTime(s, confirmed.Add(-time.Minute)), columnTime(s, confirmed))
	require.NoError(t, err)
}

// reminderSubscription is the stored SVC_PRODUCT_REMINDER of the account of email (nil without either).
func reminderSubscription(t *testing.T, s *apitest.Service, email string) map[string]any {
	t.Helper()
	var raw string
	err := s.DB.QueryRow(s.DB.Rebind(`SELECT subscriptions FROM identity_accounts WHERE email = ?`), email).Scan(&raw)
	if err != nil {
		return nil
	}
	var subs map[string]map[string]map[string]any
	require.NoError(t, json.Unmarshal([]byte(raw), &subs))
	return subs[reminders.SubscriptionKey]["email"]
}

// TestUpgradeTurnsOnTheSubscriptionOfEarlierReminders: before 2026-11-28 (a1f166e) confirming a reminder did not
// turn SVC_PRODUCT_REMINDER on, and the centre lists reminders only with it on and confirmed (spec 001 §4), so
// after an upgrade (QA upgrade round of 2026-11-29) the reminders confirmed before it were invisible. The upgrade
// turns it on as their confirmation would today: for an account and for an address without one (a newsletter-only
// account), dated at the confirmation; not where the shopper set the subscription since, nor for a disabled account.
func TestUpgradeTurnsOnTheSubscriptionOfEarlierReminders(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		confirmed := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
		registered(t, s, "anna@example.com")
		oldReminder(t, s, "r-anna", "anna@example.com", confirmed)
		oldReminder(t, s, "r-anna-2", "anna@example.com", confirmed.Add(-time.Hour))
		oldReminder(t, s, "r-ben", "ben@example.com", confirmed)
		// Clara switched the subscription off after confirming her reminder.
		registered(t, s, "clara@example.com")
		oldReminder(t, s, "r-clara", "clara@example.com", confirmed)
		for _, on := range []bool{true, false} {
			set, err := s.App.Identity.SetAccountInfo(ctx, loggedIn(t, s, "clara@example.com"), embedded.SetAccountInfoParams{
				Subscriptions: map[string]any{reminders.SubscriptionKey: map[string]any{"email": map[string]any{"isSubscribed": on}}}})
			require.NoError(t, err)
			require.Zero(t, set.ErrorCode, set.ErrorDetails)
		}
		registered(t, s, "dora@example.com")
		oldReminder(t, s, "r-dora", "dora@example.com", confirmed)
		require.NoError(t, s.App.Identity.SetDisabled(ctx, "dora@example.com", true))

		require.NoError(t, s.App.UpgradeData(ctx))
		// The log counts the addresses whose subscription it turned on, and says nothing of a step that changed
		// nothing (QA operator round: a new database's first start logged "count":1 for the seeded subscriber it
		// had only looked at, and "count":0 for the mails).
		require.Equal(t, []map[string]any{{"step": "reminder-subscriptions", "count": int64(2)}}, upgradeLogs(s))

		for _, email := range []string{"anna@example.com", "ben@example.com"} {
			require.Equal(t, map[string]any{"isSubscribed": true, "lastUpdatedSubscriptionState": "2026-11-20T09:30:00.000Z",
				"doubleOptIn": map[string]any{"status": "Confirmed", "emailSentTime": "2026-11-20T09:30:00.000Z", "confirmTime": "2026-11-20T09:30:00.000Z"}},
				reminderSubscription(t, s, email), email)
		}
		require.Equal(t, false, reminderSubscription(t, s, "clara@example.com")["isSubscribed"], "her later choice stands")
		require.Nil(t, reminderSubscription(t, s, "dora@example.com"), "a disabled account takes no consent")

		// Done once: a reminder written afterwards is a confirmation of today's, which turns the subscription on itself.
		oldReminder(t, s, "r-eva", "eva@example.com", confirmed)
		require.NoError(t, s.App.UpgradeData(ctx))
		require.Nil(t, reminderSubscription(t, s, "eva@example.com"))
	})
}

// upgradeLogs are the fields of the lines UpgradeData logged.
func upgradeLogs(s *apitest.Service) []map[string]any {
	var out []map[string]any
	for _, e := range s.Logs.FilterMessage("upgraded the data of an older release").All() {
		out = append(out, e.ContextMap())
	}
	return out
}

// TestUpgradeOfANewDatabaseSaysNothing: a database of this release has no data of an older one to change, and its
// first start said it had upgraded some (QA operator round: after migrate and seed, "reminder-subscriptions",
// "count":1).
func TestUpgradeOfANewDatabaseSaysNothing(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		// As `portal seed` leaves the demo subscriber: the reminder confirmed, the subscription on.
		email, err := identity.ParseEmail("demo@example.com")
		require.NoError(t, err)
		require.NoError(t, s.App.Identity.SubscribeConfirmed(ctx, email, reminders.SubscriptionKey))
		oldReminder(t, s, "r-demo", "demo@example.com", time.Now())
		require.NoError(t, s.App.UpgradeData(ctx))
		require.Empty(t, upgradeLogs(s))
	})
}

// TestUpgradeErasesTheMailsOfAnEarlierUnsubscribe: a full unsubscribe under a release before 2026-11-29 left the
// subscriber's mails in the outbox until mail.retention, and a waiting one was still delivered. The upgrade erases
// the subscriptions' mails written before the withdrawal (its record holds the address's plain SHA-256 then), as an
// unsubscribe does today; later ones (a new subscription) and the account's own stay.
func TestUpgradeErasesTheMailsOfAnEarlierUnsubscribe(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		withdrawn := time.Now().Add(-time.Hour)
		for _, m := range []struct {
			kind string
			at   time.Time
		}{
			{reminders.MailKind, withdrawn.Add(-time.Hour)},
			{embedded.MailSubscriptionConfirmation, withdrawn.Add(-time.Minute)},
			{embedded.MailPasswordReset, withdrawn.Add(-time.Minute)},
			{reminders.MailKind, withdrawn.Add(time.Minute)},
		} {
			_, err := s.DB.Exec(s.DB.Rebind(`INSERT INTO mail_outbox (recipient, kind, language, subject, body_text, status, created_at)
				VALUES ('sub@example.com', ?, 'de', 'Betreff', 'Text', 'pending', ?)`), m.kind, columnTime(s, m.at))
			require.NoError(t, err)
		}
		require.NoError(t, s.DB.InTx(ctx, func(tx database.Tx) error {
			return subscribers.RecordWithdrawal(ctx, tx, subscribers.Withdrawal{EmailHash: subscribers.LegacyEmailHash("sub@example.com"),
				Subscriptions: []string{"NLT_GENERAL"}, Reminders: 1, At: withdrawn})
		}))

		require.NoError(t, s.App.UpgradeData(ctx))

		rows, err := s.DB.Query(`SELECT kind FROM mail_outbox ORDER BY id`)
		require.NoError(t, err)
		var kept []string
		for rows.Next() {
			var kind string
			require.NoError(t, rows.Scan(&kind))
			kept = append(kept, kind)
		}
		require.NoError(t, rows.Err())
		require.Equal(t, []string{embedded.MailPasswordReset, reminders.MailKind}, kept)
	})
}
