package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
)

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// runSSOClients implements `portal sso-clients add|list|remove`: an operator registers a partner service for
// single sign-on; `add` prints the client secret once (only its hash is stored).
func runSSOClients(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("sso-clients", env)
	flags := config.RegisterFlags(fs)
	var r sso.Registration
	var redirects, logouts listFlag
	fs.StringVar(&r.ID, "id", "", "client id (add, remove): ASCII letters, digits, dots, underscores and dashes")
	fs.StringVar(&r.Name, "name", "", "the partner's name as shoppers see it on the consent page, 1 to 100 printable characters (add; default the id)")
	fs.StringVar(&r.HomeURL, "home-url", "", "the partner's start page (add)")
	fs.Var(&redirects, "redirect-uri", "exact redirect URI; repeat for several (add)")
	fs.Var(&logouts, "post-logout-uri", "exact post-logout redirect URI; repeat for several (add)")
	fs.BoolVar(&r.Public, "public", false, "a public client: no secret, PKCE only (add)")
	fs.BoolVar(&r.FirstParty, "first-party", false, "the retailer's own service: no consent screen (add)")
	fs.BoolVar(&r.RefreshTokens, "refresh-tokens", false, "may receive refresh tokens (scope offline_access) (add)")
	fs.BoolVar(&r.Replace, "replace", false, "register an id that exists again: a new secret, and only the addresses given (add)")
	describe(fs, "sso-clients add|list|remove [flags]", "Registers partner services of single sign-on (OpenID Connect clients).")
	if len(args) == 0 || (args[0] != "add" && args[0] != "list" && args[0] != "remove") {
		fs.Usage()
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			return nil
		}
		return subcommandError("sso-clients", args, "add, list or remove")
	}
	action := args[0]
	if err := parseFlags(fs, args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	r.RedirectURIs, r.PostLogoutRedirectURIs = redirects, logouts
	// Said before the database is opened, and as the flag the operator left out (it read `client id ""` before).
	if action != "list" && strings.TrimSpace(r.ID) == "" {
		return fmt.Errorf("sso-clients %s: --id is required", action)
	}
	if action == "add" {
		// The id stands for a name left out; a name given is checked as the flag the operator typed.
		if !flagGiven(fs, "name") {
			r.Name = r.ID
		} else if err := sso.CheckClientName(r.Name); err != nil {
			return fmt.Errorf("sso-clients add: --name: %w", err)
		}
		r.Name = strings.TrimSpace(r.Name)
	}
	return withExistingDatabase(ctx, flags, func(cfg config.Config, logger *zap.Logger, db *database.DB) error {
		svc, err := ssoService(cfg, logger, db)
		if err != nil {
			return err
		}
		switch action {
		case "add":
			c, secret, err := svc.Register(ctx, r)
			if err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "registered client %s (%s)\n", c.ID, kind(c))
			if secret != "" {
				fmt.Fprintf(env.stdout, "client secret (shown only now, store it at the partner): %s\n", secret)
			}
		case "list":
			partners, err := svc.Partners(ctx)
			if err != nil {
				return err
			}
			for _, c := range partners {
				fmt.Fprintf(env.stdout, "%s\t%s\t%s\tredirect: %s\tpost-logout: %s\n", c.ID, c.Name, kind(c),
					strings.Join(c.RedirectURIs, " "), strings.Join(c.PostLogoutRedirectURIs, " "))
			}
		case "remove":
			if err := ssosql.New(db).DeleteClient(ctx, r.ID); errors.Is(err, sso.ErrNotFound) {
				return fmt.Errorf("sso-clients: no client %q in the database", r.ID)
			} else if err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "removed client %s\n", r.ID)
		}
		return nil
	})
}

// ssoService is single sign-on on the database, for the commands that register partners or end what a shopper's
// credentials gave them.
func ssoService(cfg config.Config, logger *zap.Logger, db *database.DB) (*sso.Service, error) {
	return sso.New(app.SSOSettings(cfg), sso.Deps{Store: ssosql.New(db), Logger: logger})
}

func kind(c sso.Client) string {
	k := "confidential"
	if c.Public() {
		k = "public"
	}
	if c.FirstParty {
		k += ", first-party"
	}
	if c.RefreshTokens {
		k += ", refresh tokens"
	}
	return k
}
