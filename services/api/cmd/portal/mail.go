package main

import (
	"context"
	"fmt"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// runMail implements `portal mail requeue-failed`: once the relay works again, the mails the outbox gave up on
// (after mail.MaxAttempts, about a day of failures) get a fresh set of attempts, and with --refused those the relay
// refused for good; the running service sends them in its next delivery round. It says what it left and why.
func runMail(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("mail", env)
	flags := config.RegisterFlags(fs)
	refused := fs.Bool("refused", false, "also the mails the relay refused for good (5xx: unknown recipient, refused content), once the cause is fixed")
	describe(fs, "mail requeue-failed [--refused] [flags]", "Queues the mails whose delivery failed for good again, except those whose link has expired.")
	if len(args) == 0 || args[0] != "requeue-failed" {
		fs.Usage()
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			return nil
		}
		return subcommandError("mail", args, "requeue-failed")
	}
	if err := parseFlags(fs, args[1:]); err != nil {
		return err
	}
	return withExistingDatabase(ctx, flags, func(_ config.Config, _ *zap.Logger, db *database.DB) error {
		r, err := mail.NewOutbox(db, nil).RequeueFailed(ctx, *refused)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "%s queued again\n", countOf(int(r.Queued), "mail", "mails"))
		if r.Expired > 0 {
			fmt.Fprintf(env.stdout, "%s left failed, the link expired (the shopper asks for a new one)\n", countOf(int(r.Expired), "mail", "mails"))
		}
		if r.Refused > 0 {
			fmt.Fprintf(env.stdout, "%s left refused, refused by the relay for good (once the cause is fixed: portal mail requeue-failed --refused)\n", countOf(int(r.Refused), "mail", "mails"))
		}
		return nil
	})
}
