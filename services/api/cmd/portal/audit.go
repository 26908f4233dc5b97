package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// runAudit implements `portal audit --email ADDRESS`: the newest security events of an account (logins and
// their failures, lockouts, password and e-mail changes, resets, links, passkeys, deletions), newest first.
func runAudit(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("audit", env)
	flags := config.RegisterFlags(fs)
	email := fs.String("email", "", "the account's e-mail address (required)")
	limit := fs.Int("limit", 100, "at most this many events")
	asJSON := fs.Bool("json", false, "one JSON object per line instead of a table")
	describe(fs, "audit --email ADDRESS [--limit 100] [--json] [flags]", "Prints the security events of the account of ADDRESS, newest first: registrations, logins and their\n"+
		"failures, lockouts, password and e-mail changes, resets, links, passkeys, deletions. No passwords or tokens.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	addr, err := identity.ParseEmail(*email)
	if err != nil {
		return errors.New("audit: --email must be an e-mail address")
	}
	if *limit < 1 || *limit > 10000 {
		return errors.New("audit: --limit must be 1..10000")
	}
	return withExistingDatabase(ctx, flags, func(_ config.Config, _ *zap.Logger, db *database.DB) error {
		events, err := audit.New(db, nil).ByEmail(ctx, addr.String(), *limit)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(env.stdout)
			for _, e := range events {
				if err := enc.Encode(e); err != nil {
					return err
				}
			}
			return nil
		}
		if len(events) == 0 {
			fmt.Fprintf(env.stdout, "no events for %s\n", addr)
			return nil
		}
		w := tabwriter.NewWriter(env.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "TIME (UTC)\tEVENT\tCLIENT ADDRESS\tDETAIL")
		for _, e := range events {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", e.At.UTC().Format(time.DateTime), e.Type, e.ClientAddress, e.Detail)
		}
		return w.Flush()
	})
}
