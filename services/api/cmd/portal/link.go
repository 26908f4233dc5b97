package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// runLink implements `portal link --email ADDRESS [--lifetime 720h]`: it prints a preference centre link
// for the subscriber, signed with the configured key (in development without one, the key kept in the
// database, so the running service accepts it). With the embedded provider an address that has an account gets
// the account's link (accountLink), so the database is read whenever that provider is configured.
func runLink(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("link", env)
	flags := config.RegisterFlags(fs)
	email := fs.String("email", "", "the subscriber's e-mail address (required)")
	lifetime := fs.Duration("lifetime", 0, "how long the link is valid, e.g. 720h (default subscribers.link.lifetime)")
	describe(fs, "link --email ADDRESS [--lifetime 720h] [flags]", "Prints a link that opens the preference centre for the subscriber.\n"+
		"With the embedded identity provider, the link of an address that has an account names the account and\n"+
		"opens nothing once the address is no longer the account's.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("link: --email is required")
	}
	addr, err := identity.ParseEmail(*email)
	if err != nil {
		return errors.New("link: --email must be an e-mail address")
	}
	if *lifetime < 0 || (flagGiven(fs, "lifetime") && *lifetime == 0) || *lifetime > config.MaxLinkLifetime {
		return errors.New("link: --lifetime must be positive and at most 8784h (one year), as subscribers.link.lifetime")
	}

	cfg, logger, err := setup(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()
	if *lifetime == 0 {
		*lifetime = cfg.Subscribers.Link.Lifetime
	}

	var db *database.DB
	if len(cfg.Subscribers.JWT.Keys) == 0 || accountsInDatabase(cfg) {
		// The development key lives in the database (the running service's, or the link would be signed with a key
		// of a new database that no service knows), and so do the embedded provider's accounts.
		if db, err = openAndMigrate(ctx, cfg, logger, true); err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
	}
	tokens, err := app.SubscriberTokens(ctx, cfg, db, nil)
	if err != nil {
		return err
	}
	token, expires, err := accountLink(ctx, cfg, db, tokens, addr, *lifetime)
	if err != nil {
		return err
	}
	fmt.Fprintln(env.stdout, subscribers.LinkURL(publicBaseURL(cfg), token))
	fmt.Fprintf(env.stderr, "valid until %s\n", expires.Format(time.RFC3339))
	return nil
}

// accountsInDatabase reports whether the accounts are the embedded provider's, in the database; SAP CDC's are the
// vendor's, and QA mode's live in the browser's fake.
func accountsInDatabase(cfg config.Config) bool {
	return cfg.Metadata.Identity.Provider == "embedded"
}

// accountLink signs the preference centre link of email valid for lifetime. The product issues it, so where it
// knows the address's account (the embedded provider's, in db) the link names that account and opens nothing once
// the address is no longer the account's: otherwise a link kept from before an e-mail change made an empty
// newsletter-only account of the address left behind (QA). An address without an account, and any address with
// SAP CDC or QA mode's fake, gets a link of the address alone, as the retailer's mailing system sends.
func accountLink(ctx context.Context, cfg config.Config, db *database.DB, tokens *subscribers.Tokens, email identity.Email,
	lifetime time.Duration) (string, time.Time, error) {
	if db == nil || !accountsInDatabase(cfg) {
		return tokens.Mint(email, lifetime)
	}
	account, err := embedded.NewSQLStore(db).AccountByEmail(ctx, email.String())
	if errors.Is(err, embedded.ErrNotFound) {
		return tokens.Mint(email, lifetime)
	}
	if err != nil {
		return "", time.Time{}, err
	}
	return tokens.MintForAccount(account.UID, email, lifetime)
}

// publicBaseURL is where browsers reach the service: http.publicUrl, or the local listener in development.
func publicBaseURL(cfg config.Config) string {
	if cfg.HTTP.PublicURL != "" {
		return strings.TrimRight(cfg.HTTP.PublicURL, "/")
	}
	_, port, err := net.SplitHostPort(cfg.HTTP.Addr)
	if err != nil || port == "" || port == "0" {
		port = "8080"
	}
	return "http://localhost:" + port
}
