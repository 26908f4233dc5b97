package database_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

// eachAt runs fn against a database of every dialect migrated up to version (the release an upgrade starts from).
func eachAt(t *testing.T, version string, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	for _, tc := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return dbtest.SQLiteURL(t) }},
		{"postgres", func(t *testing.T) string { return dbtest.PostgresURL(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db, err := database.Open(ctx, tc.url(t))
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			_, err = db.MigrateUpTo(ctx, version)
			require.NoError(t, err)
			fn(t, db)
		})
	}
}

// oldRows writes the rows of an older release in the columns it had.
type oldRows struct {
	t  *testing.T
	db *database.DB
	t0 time.Time
}

// at is a time as a column of mail_outbox or product_reminders holds it (fixed-width text in SQLite).
func (o oldRows) at(ms int) any {
	t := o.t0.Add(time.Duration(ms) * time.Millisecond).UTC()
	if o.db.Dialect == database.Postgres {
		return t
	}
	return t.Format("2006-01-02T15:04:05.000000000Z")
}

func (o oldRows) exec(q string, args ...any) {
	o.t.Helper()
	_, err := o.db.ExecContext(context.Background(), o.db.Rebind(q), args...)
	require.NoError(o.t, err)
}

func (o oldRows) account(uid, email string) {
	o.exec(`INSERT INTO identity_accounts (uid, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, uid, email, o.t0.UnixMilli(), o.t0.UnixMilli())
}

func (o oldRows) event(ms int, event, uid, email string) {
	o.exec(`INSERT INTO audit_events (at, event, uid, email) VALUES (?, ?, ?, ?)`, o.t0.UnixMilli()+int64(ms), event, uid, email)
}

func (o oldRows) mail(ms int, to, kind, status string) {
	o.exec(`INSERT INTO mail_outbox (recipient, kind, language, subject, body_text, status, created_at) VALUES (?, ?, 'de', ?, 'body', ?, ?)`,
		to, kind, fmt.Sprintf("%s at %dms", kind, ms), status, o.at(ms))
}

func (o oldRows) reminder(id string, ms int, email, variant, status string) {
	var confirmed any
	if status == "active" {
		confirmed = o.at(ms + 1)
	}
	o.exec(`INSERT INTO product_reminders (id, email, variant_id, variant_name, language, status, created_at, confirmed_at)
		VALUES (?, ?, ?, '{}', 'de', ?, ?, ?)`, id, email, variant, status, o.at(ms), confirmed)
}

// TestUpgradeGivesFormerAddressesTheirAccount: an e-mail change confirmed under a release before 0015 neither gave
// the former address's mails the account's uid nor moved its reminders, so the account's deletion after the upgrade
// left them (QA upgrade round of 2026-11-29: a password reset waiting for the relay was delivered after the
// deletion); a deletion under the old release left them too. 0018 does for each change the audit log names what a
// change confirmed today does.
func TestUpgradeGivesFormerAddressesTheirAccount(t *testing.T) {
	eachAt(t, "0014_reminder_one_pending", func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := oldRows{t: t, db: db, t0: time.Now().Add(-24 * time.Hour).Truncate(time.Millisecond)}

		// Anna changed anna@ to anna.neu@; her reset to the former address still waits for the relay.
		o.account("u-anna", "anna.neu@example.com")
		o.event(1, "account.registered", "u-anna", "anna@example.com")
		o.event(10, "email.change.requested", "u-anna", "anna@example.com")
		o.event(20, "email.changed", "u-anna", "anna.neu@example.com")
		o.event(30, "login.succeeded", "u-anna", "anna.neu@example.com")
		o.mail(5, "anna@example.com", "password-reset", "pending")
		o.mail(6, "anna@example.com", "email-changed-notice", "sent")
		o.mail(25, "anna@example.com", "product-reminder", "sent") // after she left it: the address's, not hers
		o.reminder("r-kept", 2, "anna@example.com", "V-1", "active")
		o.reminder("r-pending", 3, "anna@example.com", "V-2", "pending")
		o.reminder("r-there", 2, "anna@example.com", "V-3", "active")
		o.reminder("r-there-new", 2, "anna.neu@example.com", "V-3", "active")
		o.reminder("r-replaces", 2, "anna@example.com", "V-4", "active")
		o.reminder("r-replaced", 2, "anna.neu@example.com", "V-4", "pending")
		o.reminder("r-later", 26, "anna@example.com", "V-5", "active")

		// Ben left ben@, which Clara registered later: what ben@ got before Ben left it is his, after it Clara's.
		o.account("u-ben", "ben.neu@example.com")
		o.account("u-clara", "ben@example.com")
		o.event(1, "account.registered", "u-ben", "ben@example.com")
		o.event(40, "email.changed", "u-ben", "ben.neu@example.com")
		o.event(50, "account.registered", "u-clara", "ben@example.com")
		o.mail(35, "ben@example.com", "verification", "sent")
		o.mail(60, "ben@example.com", "verification", "sent")

		// Dora changed her address and deleted the account, both under the old release.
		o.event(1, "account.registered", "u-dora", "dora@example.com")
		o.event(20, "email.changed", "u-dora", "dora.neu@example.com")
		o.event(70, "account.deleted", "u-dora", "dora.neu@example.com")
		o.mail(5, "dora@example.com", "password-reset", "pending")
		o.reminder("r-dora", 3, "dora@example.com", "V-1", "active")

		_, err := db.Migrate(ctx)
		require.NoError(t, err)

		owners := map[string]string{}
		rows, err := db.QueryContext(ctx, `SELECT subject, account_uid FROM mail_outbox`)
		require.NoError(t, err)
		for rows.Next() {
			var subject, uid string
			require.NoError(t, rows.Scan(&subject, &uid))
			owners[subject] = uid
		}
		require.NoError(t, rows.Err())
		require.Equal(t, map[string]string{
			"password-reset at 5ms": "u-anna", "email-changed-notice at 6ms": "u-anna", "product-reminder at 25ms": "",
			"verification at 35ms": "u-ben", "verification at 60ms": "",
		}, owners, "the former addresses' mails name their account; the deleted account's are gone")

		moved := map[string]string{}
		rows, err = db.QueryContext(ctx, `SELECT id, email FROM product_reminders`)
		require.NoError(t, err)
		for rows.Next() {
			var id, email string
			require.NoError(t, rows.Scan(&id, &email))
			moved[id] = email
		}
		require.NoError(t, rows.Err())
		require.Equal(t, map[string]string{
			"r-kept": "anna.neu@example.com", "r-there-new": "anna.neu@example.com", "r-replaces": "anna.neu@example.com",
			"r-later": "anna@example.com",
		}, moved, "the account's reminders moved to its address as a change moves them today; the deleted account's are gone")

		// Anna's deletion erases what eraseWithAccount (internal/app) erases: her address's reminders and mails, and
		// every mail sent for her account.
		require.NoError(t, db.InTx(ctx, func(tx database.Tx) error {
			if _, err := reminders.EraseAllOf(ctx, tx, "anna.neu@example.com"); err != nil {
				return err
			}
			if _, err := mail.EraseRecipient(ctx, tx, "anna.neu@example.com"); err != nil {
				return err
			}
			_, err := mail.EraseAccount(ctx, tx, "u-anna")
			return err
		}))
		var left int
		require.NoError(t, db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM mail_outbox WHERE recipient = ? AND kind <> 'product-reminder'`),
			"anna@example.com").Scan(&left))
		require.Zero(t, left, "no mail of Anna's account is left at her former address")
		require.NoError(t, db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM product_reminders WHERE email = ? AND id <> 'r-later'`),
			"anna@example.com").Scan(&left))
		require.Zero(t, left, "no reminder of Anna's account is left at her former address")
	})
}

// TestUpgradeTellsRefusalsApart: the mails the relay refused for good before 0020 were marked failed like those
// given up after a day of attempts; 0020 marks them refused, by the relay's answer, so that `portal mail
// requeue-failed` sends only the others again (a refusal is sent again with --refused, once its cause is fixed).
func TestUpgradeTellsRefusalsApart(t *testing.T) {
	eachAt(t, "0019_passkey_user_handle", func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := oldRows{t: t, db: db, t0: time.Now().Add(-24 * time.Hour)}
		o.mail(1, "gone@example.com", "verification", "failed")
		o.mail(2, "late@example.com", "verification", "failed")
		o.exec(`UPDATE mail_outbox SET last_error = ? WHERE recipient = ?`, "smtp: refused by the relay: 550 5.1.1 <gone@example.com>: unknown user", "gone@example.com")
		o.exec(`UPDATE mail_outbox SET last_error = ? WHERE recipient = ?`, "smtp: dial failed: connection refused", "late@example.com")

		_, err := db.Migrate(ctx)
		require.NoError(t, err)
		statuses := map[string]string{}
		rows, err := db.QueryContext(ctx, `SELECT recipient, status FROM mail_outbox`)
		require.NoError(t, err)
		for rows.Next() {
			var to, status string
			require.NoError(t, rows.Scan(&to, &status))
			statuses[to] = status
		}
		require.NoError(t, rows.Err())
		require.Equal(t, map[string]string{"gone@example.com": mail.StatusRefused, "late@example.com": mail.StatusFailed}, statuses)
	})
}

// TestUpgradeTellsReplacedLinksApart: before 0022 an e-mail change's link that a newer change ended was marked used
// as one that changed the address, and said it was replaced only while the newer change waited. 0022 marks it
// replaced, by the newer change's link made as it was ended; a link that changed the address stays a used one,
// whatever change came after it.
func TestUpgradeTellsReplacedLinksApart(t *testing.T) {
	eachAt(t, "0021_registrant_view", func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := oldRows{t: t, db: db, t0: time.Now().Add(-24 * time.Hour).Truncate(time.Millisecond)}
		link := func(hash, uid, payload string, createdMS int, usedMS any) {
			var used any
			if ms, ok := usedMS.(int); ok {
				used = o.t0.UnixMilli() + int64(ms)
			}
			created := o.t0.UnixMilli() + int64(createdMS)
			o.exec(`INSERT INTO identity_tokens (token_hash, kind, uid, payload, created_at, expires_at, used_at) VALUES (?, 'verification', ?, ?, ?, ?, ?)`,
				hash, uid, payload, created, created+14*24*3600*1000, used)
		}
		// Eva asked for eva.x@, then for eva.y@, whose link she followed; Max followed his link to max.x@ and later
		// asked for max.y@.
		link("eva-x", "u-eva", `{"email":"eva.x@example.com","from":"eva@example.com"}`, 0, 60_000)
		link("eva-y", "u-eva", `{"email":"eva.y@example.com","from":"eva@example.com"}`, 60_001, 90_000)
		link("max-x", "u-max", `{"email":"max.x@example.com","from":"max@example.com"}`, 0, 60_000)
		link("max-y", "u-max", `{"email":"max.y@example.com","from":"max.x@example.com"}`, 600_000, nil)

		_, err := db.Migrate(ctx)
		require.NoError(t, err)
		replaced := map[string]bool{}
		rows, err := db.QueryContext(ctx, `SELECT token_hash, replaced FROM identity_tokens`)
		require.NoError(t, err)
		for rows.Next() {
			var hash string
			var r bool
			require.NoError(t, rows.Scan(&hash, &r))
			replaced[hash] = r
		}
		require.NoError(t, rows.Err())
		require.Equal(t, map[string]bool{"eva-x": true, "eva-y": false, "max-x": false, "max-y": false}, replaced)
	})
}

// TestUpgradeTellsEndedLinksApart: before 0023 an e-mail change's link that a new password ended was marked used as
// one that changed the address, and an older link it had replaced did not name it. 0023 names the newer link of each
// replaced one (the account's next change's link, made as it was ended, as 0022 found it), and marks ended by the
// password the change links the account's password change or reset ended: the audit log has the change or reset
// within a minute after the link ended, with no confirmed change of address in between.
func TestUpgradeTellsEndedLinksApart(t *testing.T) {
	eachAt(t, "0022_replaced_links", func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := oldRows{t: t, db: db, t0: time.Now().Add(-24 * time.Hour).Truncate(time.Millisecond)}
		link := func(hash, uid, payload string, createdMS int, usedMS any, replaced bool) {
			var used any
			if ms, ok := usedMS.(int); ok {
				used = o.t0.UnixMilli() + int64(ms)
			}
			created := o.t0.UnixMilli() + int64(createdMS)
			o.exec(`INSERT INTO identity_tokens (token_hash, kind, uid, payload, created_at, expires_at, used_at, replaced) VALUES (?, 'verification', ?, ?, ?, ?, ?, ?)`,
				hash, uid, payload, created, created+14*24*3600*1000, used, replaced)
		}
		// Eva asked for eva.x@, then for eva.y@, and changed her password before she followed the link; Ida asked for
		// ida.x@ and reset her password. Max followed his link to max.x@ and changed his password half a minute later;
		// Tom's link was ended ten minutes before his password change; Udo's registration link ended with a reset.
		link("eva-x", "u-eva", `{"email":"eva.x@example.com","from":"eva@example.com"}`, 0, 60_000, true)
		link("eva-y", "u-eva", `{"email":"eva.y@example.com","from":"eva@example.com"}`, 60_001, 120_000, false)
		o.event(120_300, "password.changed", "u-eva", "eva@example.com")
		link("ida-x", "u-ida", `{"email":"ida.x@example.com","from":"ida@example.com"}`, 0, 60_000, false)
		o.event(60_005, "password.reset.completed", "u-ida", "ida@example.com")
		link("max-x", "u-max", `{"email":"max.x@example.com","from":"max@example.com"}`, 0, 60_000, false)
		o.event(60_010, "email.changed", "u-max", "max.x@example.com")
		o.event(90_000, "password.changed", "u-max", "max.x@example.com")
		link("tom-x", "u-tom", `{"email":"tom.x@example.com","from":"tom@example.com"}`, 0, 60_000, false)
		o.event(660_000, "password.changed", "u-tom", "tom@example.com")
		link("udo-reg", "u-udo", `{}`, 0, 60_000, false)
		o.event(60_005, "password.reset.completed", "u-udo", "udo@example.com")

		_, err := db.Migrate(ctx)
		require.NoError(t, err)
		type ended struct{ ReplacedBy, EndedBy string }
		got := map[string]ended{}
		rows, err := db.QueryContext(ctx, `SELECT token_hash, replaced_by, ended_by FROM identity_tokens`)
		require.NoError(t, err)
		for rows.Next() {
			var hash string
			var e ended
			require.NoError(t, rows.Scan(&hash, &e.ReplacedBy, &e.EndedBy))
			got[hash] = e
		}
		require.NoError(t, rows.Err())
		require.Equal(t, map[string]ended{
			"eva-x": {ReplacedBy: "eva-y"}, "eva-y": {EndedBy: "password"}, "ida-x": {EndedBy: "password"},
			"max-x": {}, "tom-x": {}, "udo-reg": {},
		}, got)
	})
}

// TestANewerDatabaseIsRefused: a database with migrations this build does not know was migrated by a newer version,
// whose data this one may not read or write right (QA upgrade round of 2026-11-29: a rolled-back binary served it).
// Migrate refuses it before applying anything, naming the newest migration of each; AllowNewer migrates it.
func TestANewerDatabaseIsRefused(t *testing.T) {
	eachAt(t, "0016_sso_request_binding", func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		_, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`), "9999_future",
			oldRows{db: db, t0: time.Now()}.at(0))
		require.NoError(t, err)
		known, err := database.Migrations(db.Dialect)
		require.NoError(t, err)

		applied, err := db.Migrate(ctx)
		var newer *database.NewerDatabaseError
		require.ErrorAs(t, err, &newer)
		require.Equal(t, &database.NewerDatabaseError{Known: known[len(known)-1].Version, Unknown: []string{"9999_future"}}, newer)
		require.ErrorContains(t, err, "its newest migration is 9999_future, this version knows migrations up to "+known[len(known)-1].Version)
		require.Empty(t, applied)
		recorded, err := db.AppliedMigrations(ctx)
		require.NoError(t, err)
		require.NotContains(t, recorded, "0017_mail_message_id", "nothing applied")

		applied, err = db.MigrateWith(ctx, database.MigrateOptions{AllowNewer: true})
		require.NoError(t, err)
		require.Contains(t, applied, "0017_mail_message_id")
	})
}
