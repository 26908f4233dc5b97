package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// runLink implements `portal link --email ADDRESS [--lifetime 720h]`: it prints a preference centre link
// for the subscriber, signed with the configured key (in development without one, the key kept in the
// database, so the running service accepts it).
func runLink(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("link", env)
	flags := config.RegisterFlags(fs)
	email := fs.String("email", "", "the subscriber's e-mail address (required)")
	lifetime := fs.Duration("lifetime", 0, "how long the link is valid, e.g. 720h (default subscribers.link.lifetime)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: portal link --email ADDRESS [--lifetime 720h] [flags]\n\nPrints a link that opens the preference centre for the subscriber.\n\nFlags:")
		fs.PrintDefaults()
	}
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
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "lifetime" })
	if *lifetime < 0 || (given && *lifetime == 0) || *lifetime > config.MaxLinkLifetime {
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
	if len(cfg.Subscribers.JWT.Keys) == 0 {
		// Only the development key lives in the database: the running service's, or the link would be signed with
		// a key of a new database that no service knows.
		if db, err = openAndMigrate(ctx, cfg, logger, true); err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
	}
	tokens, err := app.SubscriberTokens(ctx, cfg, db, nil)
	if err != nil {
		return err
	}
	token, expires, err := tokens.Mint(addr, *lifetime)
	if err != nil {
		return err
	}
	fmt.Fprintln(env.stdout, subscribers.LinkURL(publicBaseURL(cfg), token))
	fmt.Fprintf(env.stderr, "valid until %s\n", expires.Format(time.RFC3339))
	return nil
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
