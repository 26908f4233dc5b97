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
// (after mail.MaxAttempts, about a day of failures) get a fresh set of attempts; the running service sends them
// in its next delivery round.
func runMail(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("mail", env)
	flags := config.RegisterFlags(fs)
	describe(fs, "mail requeue-failed [flags]", "Queues the mails whose delivery failed for good again.")
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
		n, err := mail.NewOutbox(db, nil).RequeueFailed(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "%s queued again\n", countOf(int(n), "mail", "mails"))
		return nil
	})
}
