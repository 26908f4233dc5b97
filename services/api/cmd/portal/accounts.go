package main

import (
	"context"
	"errors"
	"fmt"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// runAccounts implements `portal accounts disable|enable EMAIL`: an operator blocks an account of the embedded
// identity provider (login answers 403041, its sessions and partners' tokens end) or lifts the block.
func runAccounts(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("accounts", env)
	flags := config.RegisterFlags(fs)
	describe(fs, "accounts disable|enable EMAIL [flags]", "Disables or re-enables the account of EMAIL in the embedded identity provider.")
	if len(args) == 0 || (args[0] != "disable" && args[0] != "enable") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fs.Usage()
			return nil
		}
		fs.Usage()
		return subcommandError("accounts", args, "disable or enable")
	}
	action := args[0]
	rest, err := parseArgs(fs, args[1:])
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return errors.New("accounts: the e-mail address is missing")
	}
	if len(rest) > 1 {
		return fmt.Errorf("accounts: unexpected argument %q", rest[1])
	}
	email, err := identity.ParseEmail(rest[0])
	if err != nil {
		return errors.New("accounts: not an e-mail address")
	}

	return withExistingDatabase(ctx, flags, func(cfg config.Config, logger *zap.Logger, db *database.DB) error {
		// A disabling ends the partners' tokens of the account, as it does in the service (app.New wires the same).
		partners, err := ssoService(cfg, logger, db)
		if err != nil {
			return err
		}
		p, err := embedded.New(app.EmbeddedSettings(cfg), embedded.Deps{Store: embedded.NewSQLStore(db), Logger: logger, Audit: audit.New(db, nil),
			CredentialsEnded: partners.EndTokensOf})
		if err != nil {
			return err
		}
		if err := p.SetDisabled(ctx, email.String(), action == "disable"); errors.Is(err, embedded.ErrUnknownAccount) {
			return fmt.Errorf("accounts: there is no account for %s", email)
		} else if errors.Is(err, embedded.ErrAlreadySo) {
			fmt.Fprintf(env.stdout, "account already %sd\n", action)
			return nil
		} else if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "account %sd\n", action)
		return nil
	})
}
