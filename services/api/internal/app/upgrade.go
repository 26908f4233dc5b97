package app

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// upgradeStep is a change an upgrade makes to the data of an older release that a SQL migration cannot make: it
// takes the identity provider's rules or a keyed hash (QA upgrade round of 2026-11-29). Each is done once per
// database (recorded in app_info as "upgrade:" and its name), and doing it again changes nothing, so a replica that
// stopped half-way leaves it to the next start.
type upgradeStep struct {
	name string
	// run answers how many rows it changed.
	run func(ctx context.Context) (int, error)
}

func (a *App) upgradeSteps() []upgradeStep {
	steps := []upgradeStep{{"withdrawn-subscriber-mails", a.eraseWithdrawnMails}}
	if a.Identity != nil && !QAModeEnabled(a.Config) {
		// The embedded provider keeps the subscriptions; SAP CDC runs the reminder subscription's double opt-in itself,
		// and in QA mode the accounts are the browser's fake's: the step made newsletter accounts in the embedded
		// provider's tables there, so `portal link` named an account the QA backend does not know and every link of
		// a scenario's reminder subscriber opened as expired.
		steps = append(steps, upgradeStep{"reminder-subscriptions", a.Reminders.SubscribeEarlierConfirmations})
	}
	return steps
}

// UpgradeData makes the upgrade steps not yet made on this database. Run makes them once it starts, beside the
// service's work: the addresses of the reminders and of the outbox are read through, which takes a while on a large
// database.
func (a *App) UpgradeData(ctx context.Context) error {
	for _, step := range a.upgradeSteps() {
		key := "upgrade:" + step.name
		var n int
		if err := a.db.QueryRowContext(ctx, a.db.Rebind(`SELECT COUNT(*) FROM app_info WHERE key = ?`), key).Scan(&n); err != nil {
			return fmt.Errorf("app: upgrade %s: %w", step.name, err)
		}
		if n > 0 {
			continue
		}
		changed, err := step.run(ctx)
		if err != nil {
			return fmt.Errorf("app: upgrade %s: %w", step.name, err)
		}
		if _, err := a.db.ExecContext(ctx, a.db.Rebind(`INSERT INTO app_info (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`),
			key, time.Now().UTC().Format(time.RFC3339)); err != nil {
			return fmt.Errorf("app: upgrade %s: %w", step.name, err)
		}
		// Only a step that changed something is news; a new database has nothing of an older release to change.
		if changed > 0 {
			a.logger.Info("upgraded the data of an older release", zap.String("step", step.name), zap.Int("count", changed))
		}
	}
	return nil
}

// upgradeJob names the lease under which one replica makes the upgrade steps; it lasts past the longest run.
const upgradeJob = "upgrade-data"

func (a *App) upgradeOnce(ctx context.Context) {
	if _, err := a.jobs.RunOnce(ctx, upgradeJob, time.Hour, func(ctx context.Context) {
		if err := a.UpgradeData(ctx); err != nil && ctx.Err() == nil {
			a.logger.Error("upgrade the data of an older release (done again at the next start)", zap.Error(err))
		}
	}); err != nil && ctx.Err() == nil {
		a.logger.Warn("upgrade lease", zap.Error(err))
	}
}

// eraseWithdrawnMails erases the mails a full unsubscribe under a release before 2026-11-29 left in the outbox
// (until mail.retention; a waiting one was still delivered): for each address of the outbox that has a withdrawal
// record, the mails of the subscriptions (subscriptionMails) written before its latest withdrawal, as an
// unsubscribe erases them today. The record names the address by a hash only, so the outbox's addresses are hashed
// to find it. An account's own mails stay: whether it went with the unsubscribe is no longer known (a
// newsletter-only account gets no other mails). It answers how many mails it erased.
func (a *App) eraseWithdrawnMails(ctx context.Context) (int, error) {
	erased := 0
	after := ""
	for {
		recipients, err := mail.Recipients(ctx, a.db, after, 500)
		if err != nil || len(recipients) == 0 {
			return erased, err
		}
		for _, r := range recipients {
			at, withdrawn, err := a.withdrawals.LastWithdrawal(ctx, identity.Email(r))
			if err != nil {
				return erased, err
			}
			if !withdrawn {
				continue
			}
			n, err := mail.EraseRecipientBefore(ctx, database.Tx{Querier: a.db, Dialect: a.db.Dialect}, r, at, subscriptionMails...)
			if err != nil {
				return erased, err
			}
			erased += int(n)
		}
		after = recipients[len(recipients)-1]
	}
}
